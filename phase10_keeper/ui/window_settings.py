"""Remembering where the user left a window: its size, position and layout.

QSettings is passed in rather than created here, so tests and the app decide where
the settings live.
"""

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMainWindow, QWidget

from phase10_keeper.ui.settings import WINDOW_GEOMETRY, WINDOW_STATE, read_setting, write_setting


def _name(window: QWidget) -> str:
    # Each window gets its own settings so a dialog never overwrites the main window's
    # geometry; the object name wins over the class name so two windows of one class
    # can be told apart.
    return window.objectName() or type(window).__name__


def save_window_state(window: QWidget, settings: QSettings) -> None:
    """Stores the window's geometry and, for a main window, its toolbars and docks."""
    name = _name(window)
    write_setting(WINDOW_GEOMETRY.of_window(name), window.saveGeometry(), settings)
    if isinstance(window, QMainWindow):
        write_setting(WINDOW_STATE.of_window(name), window.saveState(), settings)
    settings.sync()


def restore_window_state(window: QWidget, settings: QSettings) -> bool:
    """Puts the window back as it was saved; False when nothing usable was stored.

    Call it before the window is first shown, so it never jumps on screen.
    """
    name = _name(window)
    geometry = read_setting(WINDOW_GEOMETRY.of_window(name), settings)
    state = read_setting(WINDOW_STATE.of_window(name), settings)
    restored = not geometry.isEmpty() and window.restoreGeometry(geometry)
    if isinstance(window, QMainWindow) and not state.isEmpty():
        restored = window.restoreState(state) and restored
    return bool(restored)
