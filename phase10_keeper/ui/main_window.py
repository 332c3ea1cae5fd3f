"""The one window of the app: the start page, the saved games and the game being kept,
one page at a time under one set of menus.

Only the empty window and its menus are built when it opens; the status bar comes with
the library. Each page and each dialog is imported and built the first time it is
needed, so the window appears at once: nothing before its first paint touches Qt's enum
namespace (`Qt`), whose enums take longer to build than the rest of the window.
Every page presents `ui.page.Page`, and the window asks nothing else of one to show it:
its title, its undo stack, its Edit actions, what of the File menu works on it. Every
game opened gets a game page of its own, dropped when the game closes. Questions
to the user go through one `Prompts`, so tests answer them without modal dialogs.
"""

import linecache
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QSettings, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QPaintEvent, QUndoGroup
from PySide6.QtWidgets import (
    QLabel,
    QMainWindow,
    QMenu,
    QPushButton,
    QStackedWidget,
    QWidget,
)

from phase10_keeper.ui.appearance import appearance_menu, type_scale
from phase10_keeper.ui.library.outside_changes import watch_library
from phase10_keeper.ui.library.shared_folder import share_library, shared_folder_action
from phase10_keeper.ui.page import headed_frame
from phase10_keeper.ui.text.escape import plain
from phase10_keeper.ui.text.language_menu import language_menu
from phase10_keeper.ui.text.translate import app_words, error_said, problem_where, tr
from phase10_keeper.ui.widgets.colours import ERROR_COLOUR
from phase10_keeper.ui.widgets.damage_bar import restore_newest_backup
from phase10_keeper.ui.window_actions import When, WindowActions
from phase10_keeper.ui.window_focus import KeysOnShow, open_dialog, show_window
from phase10_keeper.ui.window_language import focus_at, focus_place, window_title
from phase10_keeper.ui.window_settings import save_window_state
from phase10_keeper.ui.window_undo import name_undo_actions, redo_typing_first, undo_typing_first

if TYPE_CHECKING:
    from PySide6.QtCore import QUrl
    from PySide6.QtWidgets import QStatusBar

    from phase10_keeper.rules import Game
    from phase10_keeper.storage.library import Library
    from phase10_keeper.ui.dialogs.help_pages import HelpDialog
    from phase10_keeper.ui.dialogs.sheet_dialogs import SheetPrinter
    from phase10_keeper.ui.game.entry_form import HandEntryForm
    from phase10_keeper.ui.game.game_view import GameView
    from phase10_keeper.ui.game.kept_typing import UnrecordedKeeper
    from phase10_keeper.ui.game.phones import PhonesAtTable, PhonesDialog
    from phase10_keeper.ui.game.scoreboard import Scoreboard
    from phase10_keeper.ui.game.session import GameSession
    from phase10_keeper.ui.library.games_view import GamesView
    from phase10_keeper.ui.library.start_view import StartView
    from phase10_keeper.ui.new_game.new_game_dialog import NewGameDialog
    from phase10_keeper.ui.page import Page
    from phase10_keeper.ui.players.players_view import PlayersView
    from phase10_keeper.ui.prompts import Prompts

MESSAGE_MS = 8000

CHECKPOINT_MS = 15_000
"""How often the library's WAL is folded into its file, when something was written."""


def forget_sources() -> None:
    """Qt's Python bindings read the source of the modules loaded when they start, to see
    whether they use them, and `linecache` keeps it: memory nothing reads again (a
    traceback reads what it needs afresh). Modules loaded later are checked without it
    (`ui.import_check`)."""
    linecache.clearcache()


class MainWindow(QMainWindow):
    """Constructor: `MainWindow(library=None, *, prompts=None, open_url=None)`.

    Without a library the window is an empty frame until `set_library` is called.
    `open_url` opens written PDFs (QDesktopServices.openUrl unless given).
    """

    # Built from the rows of `ui.window_actions`, each under the name its row gives.
    file_menu: QMenu
    edit_menu: QMenu
    view_menu: QMenu
    game_menu: QMenu
    settings_menu: QMenu
    help_menu: QMenu
    new_action: QAction
    library_action: QAction
    import_action: QAction
    export_game_action: QAction
    print_action: QAction
    export_sheet_action: QAction
    blank_sheets_action: QAction
    close_action: QAction
    quit_action: QAction
    undo_action: QAction
    redo_action: QAction
    scoreboard_action: QAction
    phones_action: QAction
    players_action: QAction
    leave_action: QAction
    join_action: QAction
    share_action: QAction
    how_to_action: QAction
    shortcuts_action: QAction
    about_action: QAction
    back_action: QAction

    def __init__(
        self,
        library: "Library | None" = None,
        *,
        prompts: "Prompts | None" = None,
        open_url: "Callable[[QUrl], bool] | None" = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.library: Library | None = None
        self._prompts = prompts
        self._open_url = open_url
        self.session: GameSession | None = None
        self.start_view: StartView | None = None
        self.games_view: GamesView | None = None
        self.players_view: PlayersView | None = None
        self.game_view: GameView | None = None
        self._keeper: UnrecordedKeeper | None = None
        """Keeps the open game's typing and undo history in the library."""
        self.shown_page: Page | None = None
        """The page shown."""
        self._frames: dict[Page, QWidget] = {}
        """The pages with a heading, each inside the frame that shows it and Back."""
        self._printer: SheetPrinter | None = None
        self.scoreboard: Scoreboard | None = None
        self._after_paint: list[Callable[[], object]] = []
        self.undo_group = QUndoGroup(self)

        self.pages = QStackedWidget()
        self.setCentralWidget(self.pages)
        # Written changes move from the WAL into the library file within seconds, so a
        # damaged or deleted -wal file has little to take with it.
        self._checkpoint_timer = QTimer(self, interval=CHECKPOINT_MS)
        self._checkpoint_timer.timeout.connect(self._checkpoint)
        self._status_widgets: tuple[QLabel, QPushButton] | None = None
        self._undo_offered_for = ""
        self._save_failed = False
        """The open game's last save failed: it holds changes the library does not."""
        self._language = app_words().code
        """The language the pages were last worded in."""
        self._build_menus()
        KeysOnShow(self, self.take_keys)
        self.setWindowTitle(tr("window.title"))
        self.resize(1360, 840)
        self._update_actions()
        if library is not None:
            self.set_library(library)

    @property
    def prompts(self) -> "Prompts":
        """Made when first asked for: its dialogs are never part of the first paint."""
        if self._prompts is None:
            from phase10_keeper.ui.prompts import Prompts

            self._prompts = Prompts()
        return self._prompts

    @prompts.setter
    def prompts(self, prompts: "Prompts") -> None:
        self._prompts = prompts

    def after_next_paint(self, callback: Callable[[], object]) -> None:
        """Runs `callback` once the window has next been drawn on screen.

        A zero timer alone can run before the window's paint, and the user would then
        look at what was there before until the callback is done.
        """
        self._after_paint.append(callback)

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        while self._after_paint:
            QTimer.singleShot(0, self._after_paint.pop(0))

    # -- menus ---------------------------------------------------------------------------

    def _build_menus(self) -> None:
        """The menus and actions `ui.window_actions` describes, then what is not an action
        of the window: Edit's actions of the page shown, and the Settings menu's."""
        self._actions = WindowActions(self)
        for signal in (
            self.undo_group.activeStackChanged,
            self.undo_group.indexChanged,
            self.undo_group.cleanChanged,
        ):
            signal.connect(self._update_undo_actions)
        self._page_separator = QAction(self)
        self._page_separator.setSeparator(True)
        self._page_edit_actions: list[QAction] = []
        """What the Edit menu shows of the page shown: a separator and its actions."""
        self.settings_menu.addMenu(language_menu(self, self.say))
        self.settings_menu.addMenu(appearance_menu(self, self._large_type_changed))
        self.settings_menu.addAction(shared_folder_action(self))

    def _update_actions(self) -> None:
        page = self.shown_page
        game_open = self.session is not None
        self._actions.follow(
            {
                When.LIBRARY: self.library is not None,
                When.EXPORTS_GAME: page is not None and page.exports_game,
                When.PRINTS_SHEET: page is not None and page.prints_sheet,
                When.GAME_OPEN: game_open,
                When.HEADED_PAGE: page is not None and page.page_heading() is not None,
                When.PAGE_SHOWN: page is not None,
            }
        )
        self._update_seating_actions()

    def _fill_edit_menu(self, page: "Page") -> None:
        """Undo and Redo, then the page's own actions, if it has any."""
        # Not QMenu.clear(): PySide hands the actions it removes over to Python, which
        # then destroys them on its own, the window's Undo and Redo among them.
        for action in self._page_edit_actions:
            self.edit_menu.removeAction(action)
        actions = list(page.edit_actions())
        self._page_edit_actions = [self._page_separator, *actions] if actions else []
        self.edit_menu.addActions(self._page_edit_actions)

    def _status_bar(self) -> "QStatusBar":
        """The status bar, with its save label and the Undo button a message may offer;
        made when first needed, or with the library, and not with the empty window: the
        first status bar a process makes (its size grip) costs more than the rest of the
        window's first frame."""
        bar: QStatusBar = self.statusBar()
        if self._status_widgets is None:
            from PySide6.QtCore import Qt

            save_label = QLabel()
            plain(save_label)
            bar.addPermanentWidget(save_label)
            undo = QPushButton(tr("window.undo"))
            undo.setAutoDefault(False)
            undo.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            undo.clicked.connect(self._status_undo_clicked)
            undo.hide()
            bar.addPermanentWidget(undo)
            bar.messageChanged.connect(self._status_message_changed)
            # Added to a window already on screen, the bar would show only on the next
            # turn of the event loop, after the page built now had been laid out in the
            # room the bar takes.
            bar.show()
            self._status_widgets = (save_label, undo)
        return bar

    @property
    def save_label(self) -> QLabel:
        """How far the open game is saved, at the right of the status bar."""
        self._status_bar()
        assert self._status_widgets is not None
        return self._status_widgets[0]

    @property
    def status_undo(self) -> QPushButton:
        """The Undo button beside a message that offers it."""
        self._status_bar()
        assert self._status_widgets is not None
        return self._status_widgets[1]

    def say(self, text: str, offer_undo: bool = False) -> None:
        """One line in the status bar; with `offer_undo`, an Undo button beside it."""
        self._undo_offered_for = text if offer_undo else ""
        self._status_bar().showMessage(text, MESSAGE_MS)
        self.status_undo.setVisible(offer_undo)

    def _status_message_changed(self, text: str) -> None:
        if text != self._undo_offered_for:
            self._withdraw_status_undo()

    def _withdraw_status_undo(self) -> None:
        self._undo_offered_for = ""
        self.status_undo.hide()

    def _status_undo_clicked(self) -> None:
        stack = self.undo_group.activeStack()
        self._withdraw_status_undo()
        self._status_bar().clearMessage()
        if stack is not None and stack.canUndo():
            stack.undo()

    # -- undo ----------------------------------------------------------------------------

    def _typing_form(self) -> "HandEntryForm | None":
        """The entry form, when its page is the one shown."""
        if self.game_view is not None and self.shown_page is self.game_view:
            return self.game_view.form
        return None

    def undo(self) -> None:
        """Takes back typing in the entry form first, then the last change of the page."""
        undo_typing_first(self._typing_form(), self.undo_group.activeStack())

    def redo(self) -> None:
        """Brings typing back first; redoing a change drops typing only when asked."""
        state = None if self.session is None else self.session.state
        redo_typing_first(
            self._typing_form(), self.undo_group.activeStack(), state, self._drop_typing_to_redo
        )

    def _drop_typing_to_redo(self, change: str) -> bool:
        return self.prompts.confirm(
            self,
            tr("window.redo"),
            tr("window.redo_question", action=change),
            accept=tr("window.redo"),
            reject=tr("window.keep_typing"),
        )

    def _update_undo_actions(self) -> None:
        name_undo_actions(
            self._typing_form(), self.undo_group.activeStack(), self.undo_action, self.redo_action
        )

    # -- pages ---------------------------------------------------------------------------

    def set_library(self, library: "Library") -> None:
        """Uses this library, and reopens the game left unfinished at the last quit."""
        self.library = library
        watch_library(self)
        share_library(self)
        self._status_bar()
        self._checkpoint_timer.start()
        game_id = library.last_open_game()
        if game_id is None or not self.open_game(game_id):
            self.show_start()

    def _checkpoint(self) -> None:
        if self.library is not None:
            self.library.checkpoint()

    def _show_page(self, page: "Page") -> None:
        frame = self._frame(page)
        if self.pages.indexOf(frame) < 0:
            self.pages.addWidget(frame)
        self.pages.setCurrentWidget(frame)
        self.shown_page = page
        self.setWindowTitle(page.page_title())
        self.undo_group.addStack(page.undo_stack)
        self.undo_group.setActiveStack(page.undo_stack)
        self._fill_edit_menu(page)
        self._update_actions()
        self._update_undo_actions()

    def show_start(self) -> None:
        assert self.library is not None
        if self.start_view is None:
            from phase10_keeper.ui.library.start_view import StartView

            view = self.start_view = StartView()
            view.newGameRequested.connect(self.new_game)
            view.continueRequested.connect(self.open_game)
            view.libraryRequested.connect(self.show_library)
            view.importRequested.connect(self.import_game_file)
            view.blankSheetsRequested.connect(self.print_blank_sheets)
            view.playersRequested.connect(self.show_players)
            view.damage_bar.restoreRequested.connect(lambda: restore_newest_backup(self))
        self.start_view.set_games(self.library.list_games(), self.library.damaged_games())
        self._show_page(self.start_view)
        self.start_view.focus_first()

    def _games(self) -> "GamesView":
        assert self.library is not None
        if self.games_view is None:
            from phase10_keeper.ui.library.games_view import GamesView

            view = self.games_view = GamesView(self.library, self.prompts)
            view.openRequested.connect(self.open_game)
            view.gameDeleted.connect(self._game_deleted)
            view.gameRenamed.connect(self._game_renamed)
            view.message.connect(self.say)
            view.damage_bar.restoreRequested.connect(lambda: restore_newest_backup(self))
        return self.games_view

    def _frame(self, page: "Page") -> QWidget:
        """What the window's stack shows for the page: the page itself, or with a heading
        the page below it and a Back button."""
        assert isinstance(page, QWidget)
        if page.page_heading() is None:
            return page
        if page not in self._frames:
            self._frames[page] = headed_frame(page, self.back_action)
        return self._frames[page]

    def show_library(self) -> None:
        # A view made just now has read the library already.
        made_before = self.games_view is not None
        view = self._games()
        if made_before:
            view.refresh()
        self._show_page(view)
        if self.session is not None:
            view.select_game(self.session.game_id or 0)
        elif view.selected_id() is None and view.proxy.rowCount() > 0:
            view.table.selectRow(0)
        view.table.setFocus()

    def show_players(self) -> "PlayersView":
        """The Players page: everyone's statistics over the library."""
        assert self.library is not None
        if self.players_view is None:
            from phase10_keeper.ui.players.players_view import PlayersView

            view = self.players_view = PlayersView(self.library, self.prompts)
            view.gamesChanged.connect(self._games_renamed_players)
            view.openRequested.connect(self.open_game)
            view.damage_bar.restoreRequested.connect(lambda: restore_newest_backup(self))
        self.players_view.refresh()
        self._show_page(self.players_view)
        self.players_view.table.setFocus()
        return self.players_view

    def _games_renamed_players(self, changes: list[tuple[int, str, str]]) -> None:
        """After a rename across the library, the open game takes it on through its
        session: its undo history and what is typed in its form stay."""
        session = self.session
        if session is None:
            return
        for game_id, old, new in changes:
            if game_id == session.game_id:
                session.take_rename(old, new)

    def leave_library(self) -> None:
        """Back to the game still open, or to the start page."""
        if self.session is not None and self.game_view is not None:
            self._show_game()
        else:
            self.show_start()

    def open_game(self, game_id: int) -> bool:
        """Opens a saved game; False after telling the user why it could not be."""
        from phase10_keeper.rules import GameError
        from phase10_keeper.storage.library import LibraryError
        from phase10_keeper.ui.game.session import GameSession

        assert self.library is not None
        if self.session is not None and self.session.game_id == game_id:
            self._show_game()
            return True
        try:
            session = GameSession(self.library.load_game(game_id), self.library, game_id)
        except LibraryError as error:
            self.prompts.warn(self, tr("window.cannot_open_game"), error_said(error))
            return False
        except GameError as error:
            self.prompts.warn(self, tr("window.cannot_open_game"), problem_where(error.problems[0]))
            return False
        self.open_session(session)
        return True

    def open_session(self, session: "GameSession") -> None:
        """Shows this game on a page of its own and remembers it as the one to reopen."""
        from phase10_keeper.ui.game.game_view import GameView

        self._drop_session()
        self.session = session
        self.undo_group.addStack(session.undo_stack)
        session.changed.connect(self._game_changed)
        session.saved.connect(lambda text: self._saved(text, ok=True))
        session.save_failed.connect(lambda text: self._saved(text, ok=False, unsaved=True))
        session.save_refused.connect(lambda text: self._saved(text, ok=False))
        session.undo_stack.indexChanged.connect(self._withdraw_status_undo)
        view = self.game_view = GameView(session, self.prompts, type_scale(QSettings()))
        view.message.connect(self.say)
        view.shareRequested.connect(self.share_result)
        view.form.typingChanged.connect(self._update_undo_actions)
        view.phones.sharingChanged.connect(self.phones_action.setChecked)
        if self.library is not None and session.game_id is not None:
            from phase10_keeper.ui.game.kept_typing import UnrecordedKeeper

            self.library.set_last_open_game(session.game_id)
            self._keeper = UnrecordedKeeper(
                session,
                self.library,
                session.game_id,
                form=view.form,
                note=view.kept_note,
                correct_hand=view.correct_hand,
                parent=view,
            )
            self._keeper.bring_back()
        self._show_game()

    def take_newer_open_game(self) -> bool:
        """Opens the open game again when another connection saved a newer version of it
        (a sync brought one from another computer, another window saved it), on the page
        the user is looking at; its typing and undo history are kept and brought back as
        at the next start. Left as it is: a game whose last save failed (its next save
        meets the newer game and shows it, nothing typed lost), a game shared with the
        phones (their links stay), and a game deleted meanwhile. Whether it was reopened."""
        from phase10_keeper.rules import GameError
        from phase10_keeper.storage.library import LibraryError
        from phase10_keeper.ui.game.session import GameSession

        session, library = self.session, self.library
        if session is None or library is None or session.game_id is None:
            return False
        if self._save_failed or self.phones is not None:
            return False
        game_id = session.game_id
        try:
            if library.stored_revision(game_id) in (None, session.revision):
                return False
            newer = GameSession(library.load_game(game_id), library, game_id)
        except (LibraryError, GameError):
            # Said when the user next saves or opens it.
            return False
        shown = self.shown_page
        on_game = shown is self.game_view
        self.open_session(newer)
        if not on_game and shown is not None:
            self._show_page(shown)
        return True

    def _large_type_changed(self, on: bool) -> None:
        if self.game_view is not None:
            self.game_view.set_type_scale(type_scale(QSettings()))

    def _show_game(self) -> None:
        assert self.session is not None
        assert self.game_view is not None
        self._show_page(self.game_view)
        self.game_view.form.focus_first()

    def take_keys(self) -> None:
        """The window takes the keys back, after a dialog or at start: an X server
        without a window manager gives them to no window when a dialog closes."""
        if self.game_view is not None and self.shown_page is self.game_view:
            self.game_view.take_keys()
        else:
            self.activateWindow()

    def _game_changed(self) -> None:
        if self.game_view is not None and self.shown_page is self.game_view:
            self.setWindowTitle(self.game_view.page_title())
        self._update_seating_actions()

    def _update_seating_actions(self) -> None:
        """Players join or leave only between the hands of a game in progress; a game has a
        result to share once a hand is recorded."""
        on_game = self.session is not None and self.shown_page is self.game_view
        playing = played = False
        if on_game and self.session is not None:
            # Only here, with a game open: the empty window's start must not import the rules.
            from phase10_keeper.rules import Status

            playing = self.session.state.status is Status.IN_PROGRESS
            played = bool(self.session.game.hands)
        self._actions.follow({When.GAME_SHOWN: on_game, When.PLAYING: playing, When.PLAYED: played})

    def _saved(self, text: str, ok: bool, *, unsaved: bool = False) -> None:
        self._save_failed = unsaved
        self.save_label.setStyleSheet("" if ok else f"color: {ERROR_COLOUR}; font-weight: bold;")
        self.save_label.setText(text if ok else "✗ " + text)

    def _drop_session(self) -> None:
        """Closes the open game's page: its views, models, connections and undo stack,
        once its typing and undo history are kept."""
        self.keep_typing()
        self._keeper = None
        self.stop_phones()
        session, view = self.session, self.game_view
        self.session = None
        self.game_view = None
        if self.scoreboard is not None:
            self.scoreboard.close()
            self.scoreboard.deleteLater()
            self.scoreboard = None
        if view is not None:
            if self.shown_page is view:
                for action in self._page_edit_actions:
                    self.edit_menu.removeAction(action)
                self._page_edit_actions = []
                self.shown_page = None
            self.pages.removeWidget(view)
            view.deleteLater()
        if session is not None:
            self.undo_group.removeStack(session.undo_stack)
            session.deleteLater()
        self._withdraw_status_undo()
        self.save_label.clear()
        self._save_failed = False

    # -- phones at the table -------------------------------------------------------------

    def toggle_phones(self) -> None:
        """View → Phones at the Table: the open game's page shares the game with the
        phones, or shows their codes again while it does."""
        if self.game_view is not None:
            self.game_view.phones.share(lambda codes: show_window(codes, self.take_keys))

    def stop_phones(self, *, wait: bool = False) -> None:
        """Ends Phones at the Table; the server tells the phones while the window goes
        on, unless `wait` (the app is closing: the phones are told before it ends)."""
        self.phones_action.setChecked(False)
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

    def close_game(self) -> None:
        """Closes the game and goes back to the start page; nothing reopens at launch."""
        if self.library is not None:
            self.library.set_last_open_game(None)
        self._drop_session()
        self.show_start()

    def keep_typing(self) -> None:
        """Keeps the open game's typing and undo history in the library now, as they are
        a moment after each change: before the game closes, the app quits or hands over."""
        if self._keeper is not None:
            self._keeper.keep()

    def _game_deleted(self, game_id: int) -> None:
        if self.session is not None and self.session.game_id == game_id:
            if self._keeper is not None:
                self._keeper.stop()
            if self.library is not None:
                self.library.set_last_open_game(None)
            self._drop_session()
            self._update_actions()

    def _game_renamed(self, game_id: int, title: str) -> None:
        if self.session is not None and self.session.game_id == game_id:
            self.session.retitle(title)

    # -- dialogs -------------------------------------------------------------------------

    def new_game(self) -> "NewGameDialog | None":
        """Opens the new-game dialog (not modal to the app: the window waits behind it);
        the game starts when it is accepted."""
        from PySide6.QtCore import Qt

        from phase10_keeper.ui.new_game.new_game_dialog import NewGameDialog

        if self.library is None:
            return None
        titles = [game.title for game in self.library.list_games()]
        dialog = NewGameDialog(self, roster=self.library.roster(), taken=titles)
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.gameCreated.connect(self._game_created)
        open_dialog(dialog, self.take_keys)
        return dialog

    def _game_created(self, game: "Game") -> None:
        from phase10_keeper.storage.library import LibraryError
        from phase10_keeper.ui.game.session import GameSession

        assert self.library is not None
        try:
            game_id = self.library.add_game(game)
        except LibraryError as error:
            # Nothing was stored: the game is not shown as if it were being kept.
            self.prompts.warn(self, tr("window.cannot_start_game"), error_said(error))
            return
        self.open_session(GameSession(game, self.library, game_id))

    def import_game_file(self, path: Path | None = None) -> int | None:
        """Adds a game file to the library and shows it there; its id, or None."""
        if self.library is None:
            return None
        game_id = self._games().import_file(path)
        if game_id is not None:
            self.show_library()
            self._games().select_game(game_id)
        return game_id

    def export_game_file(self, path: Path | None = None) -> Path | None:
        """Writes the open game, or on the library page the selected one, to a game file."""
        from phase10_keeper.ui.library.game_files import export_game

        if self.games_view is not None and self.shown_page is self.games_view:
            return self.games_view.export_selected(path)
        if self.session is None:
            return None
        path = export_game(self, self.prompts, self.session.game, path)
        if path is None:
            return None
        self.say(tr("window.exported", name=path.name))
        return path

    def printer(self) -> "SheetPrinter":
        if self._printer is None:
            from phase10_keeper.ui.dialogs.sheet_dialogs import SheetPrinter

            self._printer = SheetPrinter(self, QSettings(), self.prompts, open_url=self._open_url)
            self._printer.written.connect(
                lambda path: self.say(tr("window.sheet_written", path=path))
            )
            self._printer.printed.connect(lambda: self.say(tr("window.sheet_printed")))
        return self._printer

    def print_score_sheet(self) -> None:
        """The open game's sheet on the printer, after a preview."""
        if self.session is not None:
            self.printer().print_game(self.session.game)

    def export_score_sheet(self) -> Path | None:
        if self.session is None:
            return None
        return self.printer().print_game(self.session.game, printing=False)

    def print_blank_sheets(self) -> Path | None:
        """Blank sheets, with the names of the players at the open game's table now and
        its phases, if a game is open."""
        if self.session is None:
            return self.printer().print_blank()
        state = self.session.state
        seated = tuple(player.name for player in state.players if player.seated)
        return self.printer().print_blank(names=seated, rules=state.rules)

    def player_leaves(self) -> QWidget | None:
        """Asks who leaves before the next hand, and records it (undoably)."""
        from phase10_keeper.ui.game.seating_dialogs import PlayerLeavesDialog

        if self.session is None:
            return None
        dialog = PlayerLeavesDialog(self.session.state, self)
        dialog.leaving.connect(self._change_seating)
        open_dialog(dialog, self.take_keys)
        return dialog

    def player_joins(self) -> QWidget | None:
        """Asks who sits down before the next hand, and records it (undoably)."""
        from phase10_keeper.ui.game.seating_dialogs import PlayerJoinsDialog

        if self.session is None:
            return None
        roster = self.library.roster() if self.library is not None else []
        dialog = PlayerJoinsDialog(self.session.state, self.session.game.players, roster, self)
        dialog.joining.connect(self._change_seating)
        open_dialog(dialog, self.take_keys)
        return dialog

    def _change_seating(self, change: object) -> None:
        from phase10_keeper.rules import GameError, Join, Leave

        assert isinstance(change, Join | Leave)
        assert self.session is not None
        try:
            self.session.change_seating(change)
        except GameError as error:
            reason = problem_where(error.problems[0])
            self.prompts.warn(self, tr("window.cannot_change_table"), reason)

    def share_result(self) -> bool:
        """The open game's results card, with the records it set across the library's
        game nights, to copy or save."""
        if self.game_view is None or self.session is None:
            return False
        records: list[str] = []
        if self.library is not None and self.session.game_id is not None:
            from phase10_keeper.ui.game.result_card import records_set_lines

            records = records_set_lines(self.library, self.session.game_id, app_words())
        return self.game_view.share_result(records)

    def show_scoreboard(self) -> "Scoreboard | None":
        """The standings full screen, for the table to read; on a second screen if any."""
        if self.session is None:
            return None
        if self.scoreboard is None:
            from phase10_keeper.ui.game.scoreboard import Scoreboard

            self.scoreboard = Scoreboard(self.session, self)
        self.scoreboard.open(beside=self)
        return self.scoreboard

    def how_to_keep_score(self) -> QWidget:
        from phase10_keeper.ui.dialogs.help_pages import HelpDialog

        return self._open_help(HelpDialog.how_to_keep_score(self))

    def keyboard_help(self) -> QWidget:
        from phase10_keeper.ui.dialogs.help_pages import HelpDialog

        return self._open_help(HelpDialog.keyboard_shortcuts(self))

    def _open_help(self, dialog: "HelpDialog") -> QWidget:
        from PySide6.QtCore import Qt

        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        show_window(dialog, self.take_keys)
        return dialog

    def about(self) -> QWidget:
        from phase10_keeper.ui.dialogs.about_dialog import AboutDialog

        dialog = AboutDialog(self)
        open_dialog(dialog, self.take_keys)
        return dialog

    # -- language ------------------------------------------------------------------------

    def changeEvent(self, event: QEvent) -> None:
        """Settings → Language changed: the menus were worded again by now (see
        `_build_menus`); the window's title, the status bar and the pages follow. Each
        page words itself again, except the start page, built again: it holds nothing to
        lose."""
        super().changeEvent(event)
        if event.type() != QEvent.Type.LanguageChange or app_words().code == self._language:
            return
        self._language = app_words().code
        self._reword()
        self._update_undo_actions()

    def _reword(self) -> None:
        """The window's title and the status bar's Undo in the language spoken, and the
        start page built again, the focus where it was on it."""
        page = self.shown_page
        self.setWindowTitle(window_title(page))
        if self.library is not None:
            self.status_undo.setText(tr("window.undo"))
        old = self.start_view
        if old is None:
            return
        place = focus_place(old, self.focusWidget())
        self.start_view = None
        self.pages.removeWidget(old)
        old.deleteLater()
        if page is old:
            self.shown_page = None
        # A window not on screen (closing) builds it again only when it is next shown.
        if page is old and self.isVisible():
            self.show_start()
            assert self.start_view is not None
            focus_at(self.start_view, place)

    # -- closing -------------------------------------------------------------------------

    def closeEvent(self, event: QCloseEvent) -> None:
        self.keep_typing()
        if self.library is not None and self.session is not None:
            from phase10_keeper.rules import Status

            finished = self.session.state.status is Status.FINISHED
            self.library.set_last_open_game(None if finished else self.session.game_id)
        self.stop_phones(wait=True)
        save_window_state(self, QSettings())
        super().closeEvent(event)
