"""Remembering where the user left a window: its size, position and layout; and how the
table likes its results typed.

QSettings is passed in rather than created here, so tests and the app decide where
the settings live.
"""

from PySide6.QtCore import QByteArray, QSettings
from PySide6.QtWidgets import QMainWindow, QWidget

GEOMETRY_KEY = "geometry"
STATE_KEY = "state"
POINTS_KEY = "entry/points"
"""Whether a new game's results start as points totals: New Game asks, and remembers."""


def _group(window: QWidget) -> str:
    # Each window gets its own group so a dialog never overwrites the main window's
    # geometry; the object name wins over the class name so two windows of one class
    # can be told apart.
    return f"windows/{window.objectName() or type(window).__name__}"


def save_window_state(window: QWidget, settings: QSettings) -> None:
    """Stores the window's geometry and, for a main window, its toolbars and docks."""
    settings.beginGroup(_group(window))
    try:
        settings.setValue(GEOMETRY_KEY, window.saveGeometry())
        if isinstance(window, QMainWindow):
            settings.setValue(STATE_KEY, window.saveState())
    finally:
        settings.endGroup()
    settings.sync()


def restore_window_state(window: QWidget, settings: QSettings) -> bool:
    """Puts the window back as it was saved; False when nothing usable was stored.

    Call it before the window is first shown, so it never jumps on screen.
    """
    settings.beginGroup(_group(window))
    try:
        geometry = settings.value(GEOMETRY_KEY)
        state = settings.value(STATE_KEY)
    finally:
        settings.endGroup()
    restored = isinstance(geometry, QByteArray | bytes) and window.restoreGeometry(
        QByteArray(geometry)
    )
    if isinstance(window, QMainWindow) and isinstance(state, QByteArray | bytes):
        restored = window.restoreState(QByteArray(state)) and restored
    return bool(restored)


def points_by_default(settings: QSettings) -> bool:
    return str(settings.value(POINTS_KEY, "false")).lower() in ("true", "1")


def set_points_by_default(settings: QSettings, by_points: bool) -> None:
    settings.setValue(POINTS_KEY, by_points)
