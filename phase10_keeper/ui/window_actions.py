"""The main window's menus and actions, described as data: each action's words (a
catalogue key), the method it calls, its keys, its menu and what it waits for
to be enabled. The window builds its menu bar from these rows, so a test can hold every
key unique and every word in the catalogues.

Built with the empty window, before its first paint: this module imports nothing but
what the window's menus need already.
"""

from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from operator import attrgetter
from typing import NamedTuple

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow

from phase10_keeper.ui.text.reword import keep_actions_worded

StandardKey = QKeySequence.StandardKey


class When(Enum):
    """What the window's state must be for an action to be enabled, or a menu shown."""

    LIBRARY = "a library is open"
    GAME_OPEN = "a game is open, whichever page is shown"
    GAME_SHOWN = "the open game's page is shown"
    PLAYING = "the open game's page is shown and the game goes on"
    PLAYED = "the open game's page is shown and a hand of it is recorded"
    EXPORTS_GAME = "the page shown has a game to export"
    PRINTS_SHEET = "the page shown has a game whose sheet can be printed"
    HEADED_PAGE = "the page shown has a heading, beside which Back goes back"
    PAGE_SHOWN = "a page is shown"


class WindowMenu(NamedTuple):
    """A menu of the menu bar, in the order the bar shows them."""

    words: str
    """The catalogue key of its title."""
    name: str
    """The window's attribute that holds it."""
    shown: When | None = None
    """When it is shown; None: always."""


class WindowAction(NamedTuple):
    """An action of the window."""

    words: str
    """The catalogue key of its text."""
    name: str
    """The window's attribute that holds it."""
    slot: str
    """The method it calls when triggered: the window's own (`close`), or one of the
    window's parts (`navigation.show_library`: the method of the window's
    `navigation`)."""
    menu: str | None
    """The name of the menu it is in (`WindowMenu.name`); None: the window's own (Back,
    shown on the pages' Back buttons)."""
    shortcut: StandardKey | str | None = None
    """Its key: one of the platform's standard keys (the first the platform binds to it),
    or a key sequence written out."""
    every_binding: bool = False
    """Every key the platform binds to the standard key, not only the first."""
    shortcut_elsewhere: str | None = None
    """The key on a platform that binds none to the standard key."""
    enabled: When | None = None
    """When it is enabled; None: the window leaves that to the action (Undo and Redo
    follow the undo stack) or it always is."""
    shown: When | None = None
    """When it is shown; None: always."""
    checkable: bool = False
    separated: bool = False
    """A separator comes before it in its menu."""
    role: QAction.MenuRole | None = None
    """Where macOS moves it (its application menu), if anywhere."""


WINDOW_MENUS = (
    WindowMenu("window.menu_file", "file_menu"),
    WindowMenu("window.menu_edit", "edit_menu"),
    WindowMenu("window.menu_view", "view_menu"),
    WindowMenu("window.menu_game", "game_menu", shown=When.GAME_SHOWN),
    # Filled by the window: Language, Appearance and Shared Folder.
    WindowMenu("settings.menu", "settings_menu"),
    WindowMenu("window.menu_help", "help_menu"),
)

WINDOW_ACTIONS = (
    WindowAction(
        "window.new_game",
        "new_action",
        "commands.new_game",
        "file_menu",
        StandardKey.New,
        enabled=When.LIBRARY,
    ),
    WindowAction(
        "window.open_library",
        "library_action",
        "navigation.show_library",
        "file_menu",
        StandardKey.Open,
        enabled=When.LIBRARY,
    ),
    WindowAction(
        "window.import_game",
        "import_action",
        "commands.import_game_file",
        "file_menu",
        enabled=When.LIBRARY,
        separated=True,
    ),
    WindowAction(
        "window.export_game",
        "export_game_action",
        "commands.export_game_file",
        "file_menu",
        enabled=When.EXPORTS_GAME,
    ),
    WindowAction(
        "window.print",
        "print_action",
        "commands.print_score_sheet",
        "file_menu",
        StandardKey.Print,
        enabled=When.PRINTS_SHEET,
        separated=True,
    ),
    WindowAction(
        "window.export_sheet",
        "export_sheet_action",
        "commands.export_score_sheet",
        "file_menu",
        enabled=When.PRINTS_SHEET,
    ),
    WindowAction(
        "window.blank_sheets",
        "blank_sheets_action",
        "commands.print_blank_sheets",
        "file_menu",
        "Ctrl+Shift+P",
        enabled=When.LIBRARY,
    ),
    WindowAction(
        "window.close_game",
        "close_action",
        "navigation.close_game",
        "file_menu",
        # Every key the platform has for Close (Ctrl+W and Ctrl+F4), not only its first.
        StandardKey.Close,
        every_binding=True,
        enabled=When.GAME_OPEN,
        separated=True,
    ),
    WindowAction(
        "window.quit",
        "quit_action",
        "close",
        "file_menu",
        StandardKey.Quit,
        every_binding=True,
        # Windows has no standard key for Quit; Ctrl+Q is what most programs' menus there show.
        shortcut_elsewhere="Ctrl+Q",
        separated=True,
        role=QAction.MenuRole.QuitRole,
    ),
    WindowAction(
        "window.undo",
        "undo_action",
        "menus.undo",
        "edit_menu",
        StandardKey.Undo,
        every_binding=True,
        shown=When.PAGE_SHOWN,
    ),
    WindowAction(
        "window.redo",
        "redo_action",
        "menus.redo",
        "edit_menu",
        StandardKey.Redo,
        every_binding=True,
        shown=When.PAGE_SHOWN,
    ),
    WindowAction(
        "window.scoreboard",
        "scoreboard_action",
        "commands.show_scoreboard",
        "view_menu",
        "F11",
        enabled=When.GAME_OPEN,
    ),
    WindowAction(
        "phones.window_action",
        "phones_action",
        "commands.toggle_phones",
        "view_menu",
        enabled=When.GAME_OPEN,
        checkable=True,
    ),
    WindowAction(
        "window.players",
        "players_action",
        "navigation.show_players",
        "view_menu",
        "Ctrl+Shift+L",
        enabled=When.LIBRARY,
    ),
    WindowAction(
        "window.player_leaves",
        "leave_action",
        "commands.player_leaves",
        "game_menu",
        enabled=When.PLAYING,
    ),
    WindowAction(
        "window.player_joins",
        "join_action",
        "commands.player_joins",
        "game_menu",
        enabled=When.PLAYING,
    ),
    WindowAction(
        "window.share_result",
        "share_action",
        "commands.share_result",
        "game_menu",
        enabled=When.PLAYED,
        separated=True,
    ),
    WindowAction(
        "window.how_to",
        "how_to_action",
        "commands.how_to_keep_score",
        "help_menu",
        StandardKey.HelpContents,
    ),
    WindowAction("window.shortcuts", "shortcuts_action", "commands.keyboard_help", "help_menu"),
    WindowAction(
        "window.about",
        "about_action",
        "commands.about",
        "help_menu",
        separated=True,
        role=QAction.MenuRole.AboutRole,
    ),
    WindowAction(
        "window.back",
        "back_action",
        "navigation.leave_library",
        None,
        StandardKey.Back,
        enabled=When.HEADED_PAGE,
    ),
)


def shortcuts(row: WindowAction) -> list[QKeySequence]:
    """The keys of the action a row describes, on this platform."""
    shortcut = row.shortcut
    if shortcut is None:
        return []
    if isinstance(shortcut, str):
        return [QKeySequence(shortcut)]
    if row.every_binding:
        bound = QKeySequence.keyBindings(shortcut)
        if not bound and row.shortcut_elsewhere is not None:
            return [QKeySequence(row.shortcut_elsewhere)]
        return bound
    # What setShortcut does, without it: PySide6 matches setShortcut's argument against
    # Qt's key enums, and builds every enum of `Qt` to do so.
    first = QKeySequence(shortcut)
    return [] if first.isEmpty() else [first]


class WindowActions:
    """The menus and actions the rows describe, built in `window`'s menu bar, each set
    as the window's attribute its row names and worded again when the language changes.
    """

    def __init__(
        self,
        window: QMainWindow,
        menus: Sequence[WindowMenu] = WINDOW_MENUS,
        actions: Sequence[WindowAction] = WINDOW_ACTIONS,
    ) -> None:
        self._menus = {menu.name: (menu, window.menuBar().addMenu("")) for menu in menus}
        self._actions = [(action, self._action(window, action)) for action in actions]
        worded = [(built.menuAction(), menu.words) for menu, built in self._menus.values()]
        worded += [(built, action.words) for action, built in self._actions]
        keep_actions_worded(window, worded)
        for menu, built_menu in self._menus.values():
            setattr(window, menu.name, built_menu)
        for action, built in self._actions:
            setattr(window, action.name, built)

    def _action(self, window: QMainWindow, row: WindowAction) -> QAction:
        action = QAction(window)
        keys = shortcuts(row)
        if keys:
            action.setShortcuts(keys)
        action.setCheckable(row.checkable)
        if row.role is not None:
            action.setMenuRole(row.role)
        # Found when triggered: the window's parts are made beside its menus.
        slot: Callable[[QMainWindow], Callable[[], object]] = attrgetter(row.slot)
        action.triggered.connect(lambda: slot(window)())
        if row.menu is None:
            window.addAction(action)
        else:
            menu = self._menus[row.menu][1]
            if row.separated:
                menu.addSeparator()
            menu.addAction(action)
        return action

    def action(self, name: str) -> QAction:
        """The action of the row that names it `name`."""
        return next(built for action, built in self._actions if action.name == name)

    def follow(self, states: Mapping[When, bool]) -> None:
        """Enables and shows the actions and menus that wait for one of `states`."""
        for action, built in self._actions:
            enabled, shown = _told(states, action.enabled), _told(states, action.shown)
            if enabled is not None:
                built.setEnabled(enabled)
            if shown is not None:
                built.setVisible(shown)
        for menu, built_menu in self._menus.values():
            shown = _told(states, menu.shown)
            if shown is not None:
                built_menu.menuAction().setVisible(shown)


def _told(states: Mapping[When, bool], when: When | None) -> bool | None:
    """What `states` says of `when`; None if nothing, or `when` is no condition at all."""
    return None if when is None else states.get(when)
