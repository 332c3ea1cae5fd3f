"""The window's menus: built from the rows of `ui.window_actions`, enabled and shown as
the window's state asks, Edit's Undo and Redo named after what they take back, and the
Edit menu's actions of the page shown below them.

Built with the empty window, before its first paint.
"""

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QUndoGroup
from PySide6.QtWidgets import QMainWindow, QMenu

from phase10_keeper.ui.appearance import appearance_menu
from phase10_keeper.ui.library.shared_folder import shared_folder_action
from phase10_keeper.ui.text.language_menu import language_menu
from phase10_keeper.ui.text.translate import tr
from phase10_keeper.ui.window_actions import When, WindowActions
from phase10_keeper.ui.window_undo import name_undo_actions, redo_typing_first, undo_typing_first

if TYPE_CHECKING:
    from phase10_keeper.ui.game.entry_form import HandEntryForm
    from phase10_keeper.ui.prompts import Prompts
    from phase10_keeper.ui.window_navigation import WindowNavigation
    from phase10_keeper.ui.window_pages import WindowPages


class WindowMenus(QObject):
    """The menu bar of `window`, following what `navigation` shows and what `pages` hold;
    Undo and Redo work on `undo_group`'s active stack. `say` puts a line in the status
    bar (the Language menu's word on a new language)."""

    def __init__(
        self,
        window: QMainWindow,
        navigation: "WindowNavigation",
        pages: "WindowPages",
        undo_group: QUndoGroup,
        prompts: Callable[[], "Prompts"],
        say: Callable[[str], None],
    ) -> None:
        super().__init__(window)
        self._window = window
        self._navigation = navigation
        self._pages = pages
        self._undo_group = undo_group
        self._prompts = prompts
        self._actions = WindowActions(window)
        self._page_separator = QAction(window)
        self._page_separator.setSeparator(True)
        self._page_edit_actions: list[QAction] = []
        """What the Edit menu shows of the page shown: a separator and its actions."""
        for signal in (
            undo_group.activeStackChanged,
            undo_group.indexChanged,
            undo_group.cleanChanged,
        ):
            signal.connect(self.update_undo_actions)
        settings_menu = self._menu("settings_menu")
        settings_menu.addMenu(language_menu(window, say))
        settings_menu.addMenu(appearance_menu(window, self._pages.large_type_changed))
        settings_menu.addAction(shared_folder_action(window))
        navigation.back_action = self._actions.action("back_action")
        navigation.pageShown.connect(self._page_shown)
        self._pages.gameDropped.connect(lambda _: self.update())
        self._pages.gameChanged.connect(self._update_seating_actions)
        self._pages.typingChanged.connect(self.update_undo_actions)
        self._pages.sharingChanged.connect(self._actions.action("phones_action").setChecked)
        self.update()

    def _menu(self, name: str) -> "QMenu":
        menu = getattr(self._window, name)
        assert isinstance(menu, QMenu)
        return menu

    def _page_shown(self) -> None:
        self._fill_edit_menu()
        self.update()
        self.update_undo_actions()

    def update(self) -> None:
        """Enables and shows the actions as the window's state now asks."""
        page = self._navigation.shown_page
        self._actions.follow(
            {
                When.LIBRARY: self._pages.library is not None,
                When.EXPORTS_GAME: page is not None and page.exports_game,
                When.PRINTS_SHEET: page is not None and page.prints_sheet,
                When.GAME_OPEN: self._pages.session is not None,
                When.HEADED_PAGE: page is not None and page.page_heading() is not None,
                When.PAGE_SHOWN: page is not None,
            }
        )
        self._update_seating_actions()

    def _update_seating_actions(self) -> None:
        """Players join or leave only between the hands of a game in progress; a game has a
        result to share once a hand is recorded."""
        session = self._pages.session
        on_game = session is not None and self._navigation.shown_page is self._pages.game_view
        playing = played = False
        if on_game and session is not None:
            # Only here, with a game open: the empty window's start must not import the rules.
            from phase10_keeper.rules import Status

            playing = session.state.status is Status.IN_PROGRESS
            played = bool(session.game.hands)
        self._actions.follow({When.GAME_SHOWN: on_game, When.PLAYING: playing, When.PLAYED: played})

    def _fill_edit_menu(self) -> None:
        """Undo and Redo, then the actions of the page shown, if it has any."""
        # Not QMenu.clear(): PySide hands the actions it removes over to Python, which
        # then destroys them on its own, the window's Undo and Redo among them.
        edit_menu = self._menu("edit_menu")
        for action in self._page_edit_actions:
            edit_menu.removeAction(action)
        page = self._navigation.shown_page
        actions = [] if page is None else list(page.edit_actions())
        self._page_edit_actions = [self._page_separator, *actions] if actions else []
        edit_menu.addActions(self._page_edit_actions)

    # -- undo ----------------------------------------------------------------------------

    def _typing_form(self) -> "HandEntryForm | None":
        """The entry form, when its page is the one shown."""
        view = self._pages.game_view
        if view is not None and self._navigation.shown_page is view:
            return view.form
        return None

    def undo(self) -> None:
        """Takes back typing in the entry form first, then the last change of the page."""
        undo_typing_first(self._typing_form(), self._undo_group.activeStack())

    def redo(self) -> None:
        """Brings typing back first; redoing a change drops typing only when asked."""
        session = self._pages.session
        state = None if session is None else session.state
        redo_typing_first(
            self._typing_form(), self._undo_group.activeStack(), state, self._drop_typing_to_redo
        )

    def _drop_typing_to_redo(self, change: str) -> bool:
        return self._prompts().confirm(
            self._window,
            tr("window.redo"),
            tr("window.redo_question", action=change),
            accept=tr("window.redo"),
            reject=tr("window.keep_typing"),
        )

    def update_undo_actions(self) -> None:
        name_undo_actions(
            self._typing_form(),
            self._undo_group.activeStack(),
            self._actions.action("undo_action"),
            self._actions.action("redo_action"),
        )
