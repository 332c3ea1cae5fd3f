"""The window's pages: the start page, the saved games, the players and the page of the
game open, each made the first time it is needed, and the open game itself (its session,
the keeper of its typing, its scoreboard and its phones). Which page is shown is
`ui.window_navigation`'s.

Each page module is imported when its page is first made, so the window appears at once.
"""

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from PySide6.QtCore import QObject, QSettings, Signal
from PySide6.QtGui import QUndoGroup
from PySide6.QtWidgets import QMainWindow, QWidget

from phase10_keeper.ui.appearance import type_scale
from phase10_keeper.ui.window_focus import show_window

if TYPE_CHECKING:
    from phase10_keeper.storage.library import Library
    from phase10_keeper.ui.game.game_view import GameView
    from phase10_keeper.ui.game.kept_typing import UnrecordedKeeper
    from phase10_keeper.ui.game.phones import PhonesAtTable, PhonesDialog
    from phase10_keeper.ui.game.scoreboard import Scoreboard
    from phase10_keeper.ui.game.session import GameSession
    from phase10_keeper.ui.library.games_view import GamesView
    from phase10_keeper.ui.library.start_view import StartView
    from phase10_keeper.ui.library_change import LibraryChanged, LibraryChanges
    from phase10_keeper.ui.players.players_view import PlayersView
    from phase10_keeper.ui.prompts import Prompts
    from phase10_keeper.ui.window_status import WindowStatus


class PageRequests(NamedTuple):
    """Where the pages' buttons and links lead: what the window does for them."""

    open_game: Callable[[int], object]
    show_library: Callable[[], object]
    show_players: Callable[[], object]
    new_game: Callable[[], object]
    import_game_file: Callable[[], object]
    print_blank_sheets: Callable[[], object]
    share_result: Callable[[], object]
    restore_backup: Callable[[], object]


class WindowPages(QObject):
    """The pages of `window`, made on demand, and the game open, whose undo stack joins
    `undo_group`.

    Signals: `gameChanged()` (the open game changed: its title, its table, its hands),
    `typingChanged()` (typing in its entry form changed), `sharingChanged(bool)` (its
    phones were shared or stopped), `gameDropped(QWidget)` (its page closed and is to
    leave the window's stack).
    """

    gameChanged = Signal()
    typingChanged = Signal()
    sharingChanged = Signal(bool)
    gameDropped = Signal(QWidget)

    def __init__(
        self,
        window: QMainWindow,
        undo_group: QUndoGroup,
        status: "WindowStatus",
        prompts: Callable[[], "Prompts"],
        requests: PageRequests,
    ) -> None:
        super().__init__(window)
        self._undo_group = undo_group
        self._status = status
        self._prompts = prompts
        self._requests = requests
        self.library: Library | None = None
        self.session: GameSession | None = None
        self.start_view: StartView | None = None
        self.games_view: GamesView | None = None
        self.players_view: PlayersView | None = None
        self.game_view: GameView | None = None
        self.scoreboard: Scoreboard | None = None
        self.keeper: UnrecordedKeeper | None = None
        """Keeps the open game's typing and undo history in the library."""
        self.save_failed = False
        """The open game's last save failed: it holds changes the library does not."""
        self._changes: LibraryChanges | None = None

    # -- the library's pages -------------------------------------------------------------

    def start_page(self) -> "StartView":
        """The start page, made when first asked for (and again after `drop_start`)."""
        if self.start_view is None:
            from phase10_keeper.ui.library.start_view import StartView

            requests = self._requests
            view = self.start_view = StartView()
            view.newGameRequested.connect(requests.new_game)
            view.continueRequested.connect(requests.open_game)
            view.libraryRequested.connect(requests.show_library)
            view.importRequested.connect(requests.import_game_file)
            view.blankSheetsRequested.connect(requests.print_blank_sheets)
            view.playersRequested.connect(requests.show_players)
            view.damage_bar.restoreRequested.connect(requests.restore_backup)
        return self.start_view

    def drop_start(self) -> "StartView | None":
        """Lets the start page go (to be built again in a new language); the one dropped."""
        old, self.start_view = self.start_view, None
        return old

    def games_page(self) -> "GamesView":
        """The saved-games page, made when first asked for."""
        assert self.library is not None
        if self.games_view is None:
            from phase10_keeper.ui.library.games_view import GamesView

            view = self.games_view = GamesView(self.library, self._prompts(), self.changes)
            view.openRequested.connect(self._requests.open_game)
            view.message.connect(self._status.say)
            view.damage_bar.restoreRequested.connect(self._requests.restore_backup)
        return self.games_view

    def players_page(self) -> "PlayersView":
        """The Players page, made when first asked for."""
        assert self.library is not None
        if self.players_view is None:
            from phase10_keeper.ui.players.players_view import PlayersView

            view = self.players_view = PlayersView(self.library, self._prompts(), self.changes)
            view.openRequested.connect(self._requests.open_game)
            view.damage_bar.restoreRequested.connect(self._requests.restore_backup)
        return self.players_view

    @property
    def changes(self) -> "LibraryChanges":
        """The runner the pages change the library through, made with the first page
        that does; the open game reads from it what they changed."""
        if self._changes is None:
            from phase10_keeper.ui.library_change import LibraryChanges

            self._changes = LibraryChanges(self)
            self._changes.changed.connect(self._library_changed)
        return self._changes

    def _library_changed(self, changed: "LibraryChanged", _initiator: QObject) -> None:
        """The open game reads what a page changed in the library: deleted, it closes
        (and nothing reopens it at launch); retitled, or a player renamed in it, its
        session takes it on, its undo history and what is typed in its form kept."""
        session = self.session
        if session is None:
            return
        if session.game_id in changed.deleted:
            if self.keeper is not None:
                self.keeper.stop()
            self.remember_open_game(None)
            self.drop_session()
            return
        for game_id, title in changed.retitled:
            if game_id == session.game_id:
                session.retitle(title)
        for game_id, old, new in changed.renamed:
            if game_id == session.game_id:
                session.take_rename(old, new)

    # -- the open game -------------------------------------------------------------------

    def take_session(self, session: "GameSession") -> "GameView":
        """Makes `session` the open game, on a page of its own, and remembers it as the
        one to reopen; the game open before is closed."""
        from phase10_keeper.ui.game.game_view import GameView

        self.drop_session()
        self.session = session
        self._undo_group.addStack(session.undo_stack)
        session.changed.connect(self.gameChanged)
        session.saved.connect(lambda text: self._saved(text, ok=True))
        session.save_failed.connect(lambda text: self._saved(text, ok=False, unsaved=True))
        session.save_refused.connect(lambda text: self._saved(text, ok=False))
        session.undo_stack.indexChanged.connect(self._status.history_moved)
        view = self.game_view = GameView(session, self._prompts(), type_scale(QSettings()))
        view.message.connect(self._status.say)
        view.shareRequested.connect(self._requests.share_result)
        view.form.typingChanged.connect(self.typingChanged)
        view.phones.sharingChanged.connect(self.sharingChanged)
        if self.library is not None and session.game_id is not None:
            from phase10_keeper.ui.game.kept_typing import UnrecordedKeeper

            self.remember_open_game(session.game_id)
            self.keeper = UnrecordedKeeper(
                session,
                self.library,
                session.game_id,
                form=view.form,
                note=view.kept_note,
                correct_hand=view.correct_hand,
                parent=view,
            )
            self.keeper.bring_back()
        return view

    def _saved(self, text: str, ok: bool, *, unsaved: bool = False) -> None:
        self.save_failed = unsaved
        self._status.saved(text, ok)

    def newer_session(self) -> "GameSession | None":
        """The open game as another connection saved it since (a sync brought one from
        another computer, another window saved it), to open in its place; None when
        there is none or it is to be left as it is: a game whose last save failed (its
        next save meets the newer game and shows it, nothing typed lost), a game shared
        with the phones (their links stay), and a game deleted meanwhile."""
        from phase10_keeper.rules import GameError
        from phase10_keeper.storage.library import LibraryError
        from phase10_keeper.ui.game.session import GameSession

        session, library = self.session, self.library
        if session is None or library is None or session.game_id is None:
            return None
        if self.save_failed or self.phones is not None:
            return None
        game_id = session.game_id
        try:
            if library.stored_revision(game_id) in (None, session.revision):
                return None
            return GameSession(library.load_game(game_id), library, game_id)
        except (LibraryError, GameError):
            # Said when the user next saves or opens it.
            return None

    def remember_open_game(self, game_id: int | None) -> None:
        """Remembers the game to reopen at the next launch (None: none). A convenience:
        a library that cannot be written now (damaged, full, busy) is logged and the game
        opens or closes all the same; what matters is said where the game is saved."""
        from phase10_keeper.storage.log import log_warning
        from phase10_keeper.storage.messages import LibraryError
        from phase10_keeper.ui.text.translate import error_said

        if self.library is None:
            return
        try:
            self.library.set_last_open_game(game_id)
        except LibraryError as error:
            log_warning(f"could not remember the game to reopen: {error_said(error)}")

    def keep_typing(self) -> None:
        """Keeps the open game's typing and undo history in the library now, as they are
        a moment after each change: before the game closes, the app quits or hands over."""
        if self.keeper is not None:
            self.keeper.keep()

    def drop_session(self) -> None:
        """Closes the open game's page: its views, models, connections and undo stack,
        once its typing and undo history are kept."""
        self.keep_typing()
        self.keeper = None
        self.stop_phones()
        session, view = self.session, self.game_view
        self.session = None
        self.game_view = None
        if self.scoreboard is not None:
            self.scoreboard.close()
            self.scoreboard.deleteLater()
            self.scoreboard = None
        if view is not None:
            self.gameDropped.emit(view)
            view.deleteLater()
        if session is not None:
            self._undo_group.removeStack(session.undo_stack)
            session.deleteLater()
        self._status.withdraw_undo()
        self._status.save_label.clear()
        self.save_failed = False

    def large_type_changed(self, on: bool) -> None:
        if self.game_view is not None:
            self.game_view.set_type_scale(type_scale(QSettings()))

    # -- phones at the table -------------------------------------------------------------

    def toggle_phones(self, take_keys: Callable[[], object]) -> None:
        """The open game's page shares the game with the phones, or shows their codes
        again while it does."""
        if self.game_view is not None:
            self.game_view.phones.share(lambda codes: show_window(codes, take_keys))

    def stop_phones(self, *, wait: bool = False) -> None:
        """Ends Phones at the Table; the server tells the phones while the window goes
        on, unless `wait` (the app is closing: the phones are told before it ends)."""
        self.sharingChanged.emit(False)
        if self.game_view is not None:
            self.game_view.phones.stop(wait=wait)

    @property
    def phones(self) -> "PhonesAtTable | None":
        """The phones' server for the open game, while the game is shared."""
        return None if self.game_view is None else self.game_view.phones.shared

    @property
    def phones_dialog(self) -> "PhonesDialog | None":
        """The codes the phones scan, while the open game is shared."""
        return None if self.game_view is None else self.game_view.phones.codes
