"""Settings → Appearance: follow the system's colours, or light, or dark; and a larger
type for the game's table. Both are remembered in the settings.

The colours are set as the application's palette, so they hold on every platform, a
desktop without a theme and the offscreen one included; where Qt can tell the platform
(6.8 and newer), it is told the scheme too, for the title bar and native dialogs. Every
widget, the scoreboard and the charts among them, draws from that palette.
"""

from collections.abc import Callable
from enum import Enum
from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction, QActionGroup, QGuiApplication
from PySide6.QtWidgets import QApplication, QMenu, QWidget

from phase10_keeper.ui.settings import COLOURS, LARGE_TYPE, read_setting, write_setting
from phase10_keeper.ui.text.reword import keep_actions_worded

# Imported where a palette is made: the system's colours, at start, need neither class,
# and PySide takes longer to set them up than the window's first paint would wait.
if TYPE_CHECKING:
    from PySide6.QtGui import QPalette

LARGE_TYPE_SCALE = 1.25
"""How much larger the game's table is in large type."""


class Scheme(Enum):
    SYSTEM = "system"
    LIGHT = "light"
    DARK = "dark"


_system_palette: "QPalette | None" = None
"""The palette the app started with: the system's, to go back to."""


def chosen_scheme(settings: QSettings) -> Scheme:
    value = read_setting(COLOURS, settings)
    try:
        return Scheme(value)
    except ValueError:
        return Scheme.SYSTEM


def large_type(settings: QSettings) -> bool:
    return read_setting(LARGE_TYPE, settings)


def type_scale(settings: QSettings) -> float:
    """The factor the game's table is drawn larger by: 1, or `LARGE_TYPE_SCALE`."""
    return LARGE_TYPE_SCALE if large_type(settings) else 1.0


def dark_palette() -> "QPalette":
    """A dark palette with the roles Qt's styles draw from, text clear on every ground."""
    from PySide6.QtGui import QColor, QPalette

    palette = QPalette()
    window, base, text = QColor(45, 45, 48), QColor(30, 30, 32), QColor(232, 232, 232)
    disabled = QColor(128, 128, 128)
    roles = {
        QPalette.ColorRole.Window: window,
        QPalette.ColorRole.WindowText: text,
        QPalette.ColorRole.Base: base,
        QPalette.ColorRole.AlternateBase: QColor(40, 40, 43),
        QPalette.ColorRole.ToolTipBase: QColor(60, 60, 64),
        QPalette.ColorRole.ToolTipText: text,
        QPalette.ColorRole.PlaceholderText: QColor(160, 160, 160),
        QPalette.ColorRole.Text: text,
        QPalette.ColorRole.Button: QColor(55, 55, 59),
        QPalette.ColorRole.ButtonText: text,
        QPalette.ColorRole.BrightText: QColor(255, 120, 120),
        QPalette.ColorRole.Light: QColor(75, 75, 80),
        QPalette.ColorRole.Midlight: QColor(62, 62, 66),
        QPalette.ColorRole.Mid: QColor(90, 90, 96),
        QPalette.ColorRole.Dark: QColor(25, 25, 27),
        QPalette.ColorRole.Shadow: QColor(10, 10, 10),
        QPalette.ColorRole.Highlight: QColor(42, 130, 218),
        QPalette.ColorRole.HighlightedText: QColor(255, 255, 255),
        QPalette.ColorRole.Link: QColor(110, 170, 255),
        QPalette.ColorRole.LinkVisited: QColor(180, 140, 255),
    }
    for role, colour in roles.items():
        palette.setColor(role, colour)
    for role in (
        QPalette.ColorRole.WindowText,
        QPalette.ColorRole.Text,
        QPalette.ColorRole.ButtonText,
    ):
        palette.setColor(QPalette.ColorGroup.Disabled, role, disabled)
    return palette


def apply_scheme(app: QApplication, scheme: Scheme) -> None:
    """Gives the app the palette of `scheme`; the system's is the one it started with."""
    from PySide6.QtGui import QPalette

    global _system_palette
    if _system_palette is None:
        _system_palette = QPalette(app.palette())
    # Qt's enums are built when first used, which the window's first paint must not wait
    # for: the system's colours, at start, need none.
    from PySide6.QtCore import Qt

    hints = QGuiApplication.styleHints()
    wanted = {
        Scheme.LIGHT: Qt.ColorScheme.Light,
        Scheme.DARK: Qt.ColorScheme.Dark,
    }.get(scheme)
    if hasattr(hints, "setColorScheme"):
        if wanted is None:
            hints.unsetColorScheme()
        else:
            hints.setColorScheme(wanted)
    if scheme is Scheme.DARK:
        app.setPalette(dark_palette())
    elif scheme is Scheme.LIGHT:
        app.setPalette(app.style().standardPalette())
    else:
        app.setPalette(_system_palette)


def appearance_menu(parent: QWidget, large_type_changed: Callable[[bool], None]) -> QMenu:
    """The menu of colour schemes, the choice checked, and the large type switch;
    `large_type_changed` is told when the type is switched."""
    menu = QMenu(parent)
    group = QActionGroup(menu)
    settings = QSettings()
    chosen = chosen_scheme(settings)
    keyed = [(menu.menuAction(), "settings.appearance_menu")]
    for scheme, key in (
        (Scheme.SYSTEM, "settings.appearance_system"),
        (Scheme.LIGHT, "settings.appearance_light"),
        (Scheme.DARK, "settings.appearance_dark"),
    ):
        action = QAction(menu, checkable=True, checked=scheme is chosen)
        keyed.append((action, key))
        action.setData(scheme.value)
        action.triggered.connect(lambda _=False, scheme=scheme: choose_scheme(scheme))
        group.addAction(action)
        menu.addAction(action)
    menu.addSeparator()
    large = QAction(menu, checkable=True, checked=large_type(settings))
    keyed.append((large, "settings.appearance_large_type"))
    large.toggled.connect(lambda on: _choose_large_type(on, large_type_changed))
    menu.addAction(large)
    keep_actions_worded(menu, keyed)
    return menu


def choose_scheme(scheme: Scheme) -> None:
    write_setting(COLOURS, scheme.value)
    app = QApplication.instance()
    if isinstance(app, QApplication):
        apply_scheme(app, scheme)


def _choose_large_type(on: bool, changed: Callable[[bool], None]) -> None:
    write_setting(LARGE_TYPE, on)
    changed(on)
