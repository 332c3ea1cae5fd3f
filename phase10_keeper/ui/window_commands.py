"""What the window's menu actions do besides switching pages: the dialogs they open (a
new game, the seating, help, about), the files they write and read (game files, score
sheets) and the open game's scoreboard and result card.

Each dialog's module is imported the first time it is opened.
"""

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QSettings
from PySide6.QtWidgets import QMainWindow, QWidget

from phase10_keeper.ui.text.translate import app_words, error_said, problem_where, tr
from phase10_keeper.ui.window_focus import open_dialog, show_window

if TYPE_CHECKING:
    from PySide6.QtCore import QUrl

    from phase10_keeper.rules import Game
    from phase10_keeper.ui.dialogs.help_pages import HelpDialog
    from phase10_keeper.ui.dialogs.sheet_dialogs import SheetPrinter
    from phase10_keeper.ui.game.scoreboard import Scoreboard
    from phase10_keeper.ui.new_game.new_game_dialog import NewGameDialog
    from phase10_keeper.ui.prompts import Prompts
    from phase10_keeper.ui.window_navigation import WindowNavigation
    from phase10_keeper.ui.window_pages import WindowPages


class WindowCommands(QObject):
    """The commands of `window`'s menus on what `pages` hold, showing pages through
    `navigation`; `say` puts a line in the status bar, `open_url` opens written PDFs."""

    def __init__(
        self,
        window: QMainWindow,
        navigation: "WindowNavigation",
        pages: "WindowPages",
        prompts: Callable[[], "Prompts"],
        say: Callable[[str], None],
        open_url: "Callable[[QUrl], bool] | None" = None,
    ) -> None:
        super().__init__(window)
        self._window = window
        self._navigation = navigation
        self._pages = pages
        self._prompts = prompts
        self._say = say
        self.open_url = open_url
        """Opens written PDFs (QDesktopServices.openUrl unless given)."""
        self._printer: SheetPrinter | None = None

    # -- a new game and game files -------------------------------------------------------

    def new_game(self) -> "NewGameDialog | None":
        """Opens the new-game dialog (not modal to the app: the window waits behind it);
        the game starts when it is accepted."""
        from PySide6.QtCore import Qt

        from phase10_keeper.ui.new_game.new_game_dialog import NewGameDialog

        library = self._pages.library
        if library is None:
            return None
        dialog = NewGameDialog(self._window, roster=library.roster(), taken=library.game_titles())
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.gameCreated.connect(self._game_created)
        open_dialog(dialog, self._navigation.take_keys)
        return dialog

    def _game_created(self, game: "Game") -> None:
        from phase10_keeper.storage.library import LibraryError
        from phase10_keeper.ui.game.session import GameSession

        library = self._pages.library
        assert library is not None
        try:
            game_id = library.add_game(game)
        except LibraryError as error:
            # Nothing was stored: the game is not shown as if it were being kept.
            self._prompts().warn(self._window, tr("window.cannot_start_game"), error_said(error))
            return
        self._navigation.open_session(GameSession(game, library, game_id))

    def import_game_file(self, path: Path | None = None) -> int | None:
        """Adds a game file to the library and shows it there; its id, or None."""
        if self._pages.library is None:
            return None
        game_id = self._pages.games_page().import_file(path)
        if game_id is not None:
            self._navigation.show_library()
            self._pages.games_page().select_game(game_id)
        return game_id

    def export_game_file(self, path: Path | None = None) -> Path | None:
        """Writes the open game, or on the library page the selected one, to a game file."""
        from phase10_keeper.ui.library.game_files import export_game

        games = self._pages.games_view
        if games is not None and self._navigation.shown_page is games:
            return games.export_selected(path)
        session = self._pages.session
        if session is None:
            return None
        path = export_game(self._window, self._prompts(), session.game, path)
        if path is None:
            return None
        self._say(tr("window.exported", name=path.name))
        return path

    # -- score sheets --------------------------------------------------------------------

    def printer(self) -> "SheetPrinter":
        if self._printer is None:
            from phase10_keeper.ui.dialogs.sheet_dialogs import SheetPrinter

            self._printer = SheetPrinter(
                self._window, QSettings(), self._prompts(), open_url=self.open_url
            )
            self._printer.written.connect(
                lambda path: self._say(tr("window.sheet_written", path=path))
            )
            self._printer.printed.connect(lambda: self._say(tr("window.sheet_printed")))
        return self._printer

    def print_score_sheet(self) -> None:
        """The open game's sheet on the printer, after a preview."""
        if self._pages.session is not None:
            self.printer().print_game(self._pages.session.game)

    def export_score_sheet(self) -> Path | None:
        if self._pages.session is None:
            return None
        return self.printer().print_game(self._pages.session.game, printing=False)

    def print_blank_sheets(self) -> Path | None:
        """Blank sheets, with the names of the players at the open game's table now and
        its phases, if a game is open."""
        if self._pages.session is None:
            return self.printer().print_blank()
        state = self._pages.session.state
        seated = tuple(player.name for player in state.players if player.seated)
        return self.printer().print_blank(names=seated, rules=state.rules)

    # -- the open game -------------------------------------------------------------------

    def player_leaves(self) -> QWidget | None:
        """Asks who leaves before the next hand, and records it (undoably)."""
        from phase10_keeper.ui.game.seating_dialogs import PlayerLeavesDialog

        if self._pages.session is None:
            return None
        dialog = PlayerLeavesDialog(self._pages.session.state, self._window)
        dialog.leaving.connect(self.change_seating)
        open_dialog(dialog, self._navigation.take_keys)
        return dialog

    def player_joins(self) -> QWidget | None:
        """Asks who sits down before the next hand, and records it (undoably)."""
        from phase10_keeper.ui.game.seating_dialogs import PlayerJoinsDialog

        session, library = self._pages.session, self._pages.library
        if session is None:
            return None
        roster = library.roster() if library is not None else []
        dialog = PlayerJoinsDialog(session.state, session.game.players, roster, self._window)
        dialog.joining.connect(self.change_seating)
        open_dialog(dialog, self._navigation.take_keys)
        return dialog

    def change_seating(self, change: object) -> None:
        """Records a player's leaving or joining the open game; a refusal is said."""
        from phase10_keeper.rules import GameError, Join, Leave

        assert isinstance(change, Join | Leave)
        assert self._pages.session is not None
        try:
            self._pages.session.change_seating(change)
        except GameError as error:
            reason = problem_where(error.problems[0])
            self._prompts().warn(self._window, tr("window.cannot_change_table"), reason)

    def share_result(self) -> bool:
        """The open game's results card, with the records it set across the library's
        game nights, to copy or save."""
        session, library, view = self._pages.session, self._pages.library, self._pages.game_view
        if view is None or session is None:
            return False
        records: list[str] = []
        if library is not None and session.game_id is not None:
            from phase10_keeper.ui.game.result_card import records_set_lines

            records = records_set_lines(library, session.game_id, app_words())
        return view.share_result(records)

    def show_scoreboard(self) -> "Scoreboard | None":
        """The standings full screen, for the table to read; on a second screen if any."""
        if self._pages.session is None:
            return None
        if self._pages.scoreboard is None:
            from phase10_keeper.ui.game.scoreboard import Scoreboard

            self._pages.scoreboard = Scoreboard(self._pages.session, self._window)
        self._pages.scoreboard.open(beside=self._window)
        return self._pages.scoreboard

    def toggle_phones(self) -> None:
        """View → Phones at the Table: the open game's page shares the game with the
        phones, or shows their codes again while it does."""
        self._pages.toggle_phones(self._navigation.take_keys)

    # -- help ----------------------------------------------------------------------------

    def how_to_keep_score(self) -> QWidget:
        from phase10_keeper.ui.dialogs.help_pages import HelpDialog

        return self._open_help(HelpDialog.how_to_keep_score(self._window))

    def keyboard_help(self) -> QWidget:
        from phase10_keeper.ui.dialogs.help_pages import HelpDialog

        return self._open_help(HelpDialog.keyboard_shortcuts(self._window))

    def _open_help(self, dialog: "HelpDialog") -> QWidget:
        from PySide6.QtCore import Qt

        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        show_window(dialog, self._navigation.take_keys)
        return dialog

    def about(self) -> QWidget:
        from phase10_keeper.ui.dialogs.about_dialog import AboutDialog

        dialog = AboutDialog(self._window)
        open_dialog(dialog, self._navigation.take_keys)
        return dialog
