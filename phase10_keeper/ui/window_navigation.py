"""Which of the window's pages is shown: the start page, the saved games, the players or
the open game, switched to from the menus, the pages' own buttons and Back.

Every page presents `ui.page.Page`, and the navigation asks nothing else of one to show
it: its title, its undo stack, its heading (a page with one is shown under it, beside a
Back button).
"""

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction, QUndoGroup
from PySide6.QtWidgets import QMainWindow, QStackedWidget, QWidget

from phase10_keeper.ui.page import headed_frame
from phase10_keeper.ui.text.translate import error_said, problem_where, tr
from phase10_keeper.ui.window_focus import take_keys_back
from phase10_keeper.ui.window_language import focus_at, focus_place, window_title

if TYPE_CHECKING:
    from phase10_keeper.ui.game.session import GameSession
    from phase10_keeper.ui.page import Page
    from phase10_keeper.ui.players.players_view import PlayersView
    from phase10_keeper.ui.prompts import Prompts
    from phase10_keeper.ui.window_pages import WindowPages


class WindowNavigation(QObject):
    """Shows one of `pages` at a time in `window`, whose central widget `stack` becomes;
    the page shown's undo stack is the active one of `undo_group`.

    Signal: `pageShown()` (another page is shown, or the one shown went).
    """

    pageShown = Signal()

    def __init__(
        self,
        window: QMainWindow,
        pages: "WindowPages",
        undo_group: QUndoGroup,
        prompts: Callable[[], "Prompts"],
    ) -> None:
        super().__init__(window)
        self._window = window
        self._pages = pages
        self._undo_group = undo_group
        self._prompts = prompts
        self.stack = QStackedWidget()
        window.setCentralWidget(self.stack)
        self.shown_page: Page | None = None
        """The page shown."""
        self._frames: dict[Page, QWidget] = {}
        """The pages with a heading, each inside the frame that shows it and Back."""
        self.back_action: QAction | None = None
        """What the Back button beside a heading does: the window's Back action."""
        pages.gameDropped.connect(self._game_dropped)
        pages.gameChanged.connect(self._game_changed)

    def show_page(self, page: "Page") -> None:
        frame = self._frame(page)
        if self.stack.indexOf(frame) < 0:
            self.stack.addWidget(frame)
        self.stack.setCurrentWidget(frame)
        self.shown_page = page
        self._window.setWindowTitle(page.page_title())
        self._undo_group.addStack(page.undo_stack)
        self._undo_group.setActiveStack(page.undo_stack)
        self.pageShown.emit()

    def _frame(self, page: "Page") -> QWidget:
        """What the window's stack shows for the page: the page itself, or with a heading
        the page below it and a Back button."""
        assert isinstance(page, QWidget)
        if page.page_heading() is None:
            return page
        if page not in self._frames:
            assert self.back_action is not None
            self._frames[page] = headed_frame(page, self.back_action)
        return self._frames[page]

    def show_start(self) -> None:
        library = self._pages.library
        assert library is not None
        view = self._pages.start_page()
        view.read_games(library)
        self.show_page(view)
        view.focus_first()

    def show_library(self) -> None:
        # A view made just now has read the library already.
        made_before = self._pages.games_view is not None
        view = self._pages.games_page()
        if made_before:
            view.refresh()
        self.show_page(view)
        session = self._pages.session
        if session is not None:
            view.select_game(session.game_id or 0)
        elif view.selected_id() is None and view.proxy.rowCount() > 0:
            view.table.selectRow(0)
        view.table.setFocus()

    def show_players(self) -> "PlayersView":
        """The Players page: everyone's statistics over the library."""
        view = self._pages.players_page()
        view.refresh()
        self.show_page(view)
        view.table.setFocus()
        return view

    def leave_library(self) -> None:
        """Back to the game still open, or to the start page."""
        if self._pages.session is not None and self._pages.game_view is not None:
            self._show_game()
        else:
            self.show_start()

    def _show_game(self) -> None:
        view = self._pages.game_view
        assert self._pages.session is not None
        assert view is not None
        self.show_page(view)
        view.form.focus_first()

    def open_game(self, game_id: int) -> bool:
        """Opens a saved game; False after telling the user why it could not be."""
        from phase10_keeper.rules import GameError
        from phase10_keeper.storage.library import LibraryError
        from phase10_keeper.ui.game.session import GameSession

        library, session = self._pages.library, self._pages.session
        assert library is not None
        if session is not None and session.game_id == game_id:
            self._show_game()
            return True
        try:
            session = GameSession(library.load_game(game_id), library, game_id)
        except LibraryError as error:
            self._prompts().warn(self._window, tr("window.cannot_open_game"), error_said(error))
            return False
        except GameError as error:
            reason = problem_where(error.problems[0])
            self._prompts().warn(self._window, tr("window.cannot_open_game"), reason)
            return False
        self.open_session(session)
        return True

    def open_session(self, session: "GameSession") -> None:
        """Shows this game on a page of its own and remembers it as the one to reopen."""
        self._pages.take_session(session)
        self._show_game()

    def take_newer_open_game(self) -> bool:
        """Opens the open game again when another connection saved a newer version of it,
        on the page the user is looking at; its typing and undo history are kept and
        brought back as at the next start (`WindowPages.newer_session` says when it is
        left as it is). Whether it was reopened."""
        newer = self._pages.newer_session()
        if newer is None:
            return False
        shown = self.shown_page
        on_game = shown is self._pages.game_view
        self.open_session(newer)
        if not on_game and shown is not None:
            self.show_page(shown)
        return True

    def close_game(self) -> None:
        """Closes the game and goes back to the start page; nothing reopens at launch."""
        self._pages.remember_open_game(None)
        self._pages.drop_session()
        self.show_start()

    def take_keys(self) -> None:
        """The window takes the keys back, after a dialog or at start: an X server
        without a window manager gives them to no window when a dialog closes."""
        view = self._pages.game_view
        if view is not None and self.shown_page is view:
            view.take_keys()
        else:
            take_keys_back(self._window)

    def _game_changed(self) -> None:
        view = self._pages.game_view
        if view is not None and self.shown_page is view:
            self._window.setWindowTitle(view.page_title())

    def _game_dropped(self, view: object) -> None:
        """The open game's page closed: it leaves the stack, and if it was shown no page
        is until another is."""
        shown: object = self.shown_page
        if shown is view:
            self.shown_page = None
            self.pageShown.emit()
        assert isinstance(view, QWidget)
        self.stack.removeWidget(view)

    def reword(self) -> None:
        """The window's title in the language spoken, and the start page built again, the
        focus where it was on it: it holds nothing to lose."""
        page = self.shown_page
        self._window.setWindowTitle(window_title(page))
        old = self._pages.drop_start()
        if old is None:
            return
        place = focus_place(old, self._window.focusWidget())
        self.stack.removeWidget(old)
        old.deleteLater()
        if page is old:
            self.shown_page = None
        # A window not on screen (closing) builds it again only when it is next shown.
        if page is old and self._window.isVisible():
            self.show_start()
            assert self._pages.start_view is not None
            focus_at(self._pages.start_view, place)
