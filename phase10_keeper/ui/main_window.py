"""The one window of the app: the start page, the saved games and the game being kept,
one page at a time under one set of menus.

The window is a composition of its parts, each a module of its own: `pages` makes and
holds the pages and the open game (`ui.window_pages`), `navigation` shows one of them
(`ui.window_navigation`), `menus` builds the menu bar from the rows of
`ui.window_actions` and enables it as the window's state asks (`ui.window_menus`),
`commands` does what the menus' actions do besides switching pages
(`ui.window_commands`) and `status` is the status bar (`ui.window_status`).

Only the empty window and its menus are built when it opens; the status bar comes with
the library. Each page and each dialog is imported and built the first time it is
needed, so the window appears at once: nothing before its first paint touches Qt's enum
namespace (`Qt`), whose enums take longer to build than the rest of the window.
Questions to the user go through one `Prompts`, so tests answer them without modal
dialogs.
"""

import linecache
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QSettings, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QPaintEvent, QUndoGroup
from PySide6.QtWidgets import QMainWindow, QMenu, QWidget

from phase10_keeper.ui.library.outside_changes import watch_library
from phase10_keeper.ui.library.shared_folder import share_library
from phase10_keeper.ui.text.translate import app_words, tr
from phase10_keeper.ui.widgets.damage_bar import restore_newest_backup
from phase10_keeper.ui.window_commands import WindowCommands
from phase10_keeper.ui.window_focus import KeysOnShow
from phase10_keeper.ui.window_menus import WindowMenus
from phase10_keeper.ui.window_navigation import WindowNavigation
from phase10_keeper.ui.window_pages import PageRequests, WindowPages
from phase10_keeper.ui.window_settings import save_window_state
from phase10_keeper.ui.window_status import WindowStatus

if TYPE_CHECKING:
    from PySide6.QtCore import QUrl

    from phase10_keeper.storage.library import Library
    from phase10_keeper.ui.prompts import Prompts

CHECKPOINT_MS = 15_000
"""How often the library's WAL is folded into its file, when something was written."""

SYNC_AT_LATEST_MS = 1_000
"""How long a change may wait to be synced to disk where the window draws nothing of it."""


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
        self._prompts = prompts
        self._after_paint: list[Callable[[], object]] = []
        self.undo_group = QUndoGroup(self)
        self.status = WindowStatus(self, self.undo_group)
        self.pages = WindowPages(
            self,
            self.undo_group,
            self.status,
            lambda: self.prompts,
            PageRequests(
                open_game=lambda game_id: self.navigation.open_game(game_id),
                show_library=lambda: self.navigation.show_library(),
                show_players=lambda: self.navigation.show_players(),
                new_game=lambda: self.commands.new_game(),
                import_game_file=lambda: self.commands.import_game_file(),
                print_blank_sheets=lambda: self.commands.print_blank_sheets(),
                share_result=lambda: self.commands.share_result(),
                restore_backup=lambda: restore_newest_backup(self),
            ),
        )
        self.navigation = WindowNavigation(self, self.pages, self.undo_group, lambda: self.prompts)
        self.commands = WindowCommands(
            self, self.navigation, self.pages, lambda: self.prompts, self.say, open_url
        )
        # Written changes move from the WAL into the library file within seconds, so a
        # damaged or deleted -wal file has little to take with it.
        self._checkpoint_timer = QTimer(self, interval=CHECKPOINT_MS)
        self._checkpoint_timer.timeout.connect(self._checkpoint)
        self._language = app_words().code
        """The language the pages were last worded in."""
        self.menus = WindowMenus(
            self, self.navigation, self.pages, self.undo_group, lambda: self.prompts, self.say
        )
        KeysOnShow(self, self.navigation.take_keys)
        self.setWindowTitle(tr("window.title"))
        self.resize(1360, 840)
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

    @property
    def library(self) -> "Library | None":
        """The library the window keeps games in; None until `set_library`."""
        return self.pages.library

    @library.setter
    def library(self, library: "Library | None") -> None:
        self.pages.library = library

    def set_library(self, library: "Library") -> None:
        """Uses this library, and reopens the game left unfinished at the last quit."""
        self.pages.library = library
        library.sync_later(self._sync_after_drawing)
        watch_library(self)
        share_library(self)
        self.status.bar()
        self._checkpoint_timer.start()
        game_id = library.last_open_game()
        if game_id is None or not self.navigation.open_game(game_id):
            self.navigation.show_start()

    def _sync_after_drawing(self, sync: Callable[[], None]) -> None:
        """Where the library syncs a change to disk: once the window has drawn it, or
        where nothing of it is drawn, a moment later."""
        # Not before the first paint: the library opens after it.
        from phase10_keeper.ui.widgets.after_drawing import after_drawing

        after_drawing(self, sync)
        QTimer.singleShot(SYNC_AT_LATEST_MS, self, sync)

    def _checkpoint(self) -> None:
        if self.library is not None:
            self.library.checkpoint()

    def say(self, text: str, offer_undo: bool = False) -> None:
        """One line in the status bar; with `offer_undo`, an Undo button beside it."""
        self.status.say(text, offer_undo)

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

    def changeEvent(self, event: QEvent) -> None:
        """Settings → Language changed: the menus were worded again by now; the window's
        title, the status bar and the pages follow. Each page words itself again, except
        the start page, built again: it holds nothing to lose."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            # Light to dark or back (Settings → Appearance, or the desktop's): the style
            # follows once every widget has the new palette.
            QTimer.singleShot(0, self, _style_follows_palette)
        if event.type() != QEvent.Type.LanguageChange or app_words().code == self._language:
            return
        self._language = app_words().code
        if self.library is not None:
            self.status.undo_button.setText(tr("window.undo"))
        self.navigation.reword()
        self.menus.update_undo_actions()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.pages.keep_typing()
        session = self.pages.session
        if self.library is not None and session is not None:
            from phase10_keeper.rules import Status

            finished = session.state.status is Status.FINISHED
            self.pages.remember_open_game(None if finished else session.game_id)
        self.pages.stop_phones(wait=True)
        save_window_state(self, QSettings())
        super().closeEvent(event)


def _style_follows_palette() -> None:
    from PySide6.QtWidgets import QApplication

    # Not loaded yet, the app has not chosen its style: there is nothing to follow (and
    # loading it would load the style's classes, which wait for the first paint).
    contrast = sys.modules.get("phase10_keeper.ui.widgets.contrast_style")
    app = QApplication.instance()
    if contrast is not None and isinstance(app, QApplication):
        contrast.follow_palette(app)
