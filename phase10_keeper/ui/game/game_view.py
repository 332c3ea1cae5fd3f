"""The game page: the score grid like the paper sheet, the hand entry panel under it,
and beside the panel the standings (a tab widget, so more views of the game fit in).

It lays out widgets and forwards requests to the `GameSession`; what the game looks
like after a change comes back through `session.changed`. The main window around it
holds the menus and the status bar.

The grid fits the window rather than the other way round: it shows the twelve hands of
one sheet page, with the names and totals always in view, and its rows and type grow
with the room the entry panel leaves, so a 1280 by 720 laptop and a 1920 by 1080 screen are
both filled.
"""

from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QModelIndex, QObject, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QFont,
    QKeyEvent,
    QKeySequence,
    QResizeEvent,
    QShowEvent,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QHBoxLayout,
    QSizePolicy,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from phase10_keeper.rules import GameError, Hand, Problem, Status
from phase10_keeper.ui.game.banner import Banner
from phase10_keeper.ui.game.entry_fields import focus_field, in_placeholder_grey
from phase10_keeper.ui.game.entry_form import HandEntryForm
from phase10_keeper.ui.game.game_charts import GameCharts
from phase10_keeper.ui.game.grid_model import ScoreGridModel
from phase10_keeper.ui.game.kept_typing import KeptNote
from phase10_keeper.ui.game.phones_controller import PhonesController
from phase10_keeper.ui.game.save_note import SaveNote
from phase10_keeper.ui.game.session import GameSession
from phase10_keeper.ui.game.sheet_grid import SheetGrid, scaled, sheet_pages
from phase10_keeper.ui.game.standings_model import StandingsModel
from phase10_keeper.ui.game.standings_table import StandingsTable
from phase10_keeper.ui.prompts import Prompts, ask_output_path
from phase10_keeper.ui.text.escape import isolate
from phase10_keeper.ui.text.reword import reword_model
from phase10_keeper.ui.text.translate import app_words, problem_where, tr
from phase10_keeper.ui.widgets.announcement import announce_after_paint
from phase10_keeper.ui.window_focus import take_keys_back

if TYPE_CHECKING:
    from phase10_keeper.ui.game.rename_player_dialog import RenamePlayerDialog

MARGIN = 10
SPACING = 8
BASE_TYPE = 1.15
"""The game page's type, against the window's."""
SIDE_PANEL_HEIGHT = 210
"""What the standings, the charts and the summary keep when the entry panel is hidden
(the game is over): room for a chart to read."""


class GameView(QWidget):
    """One game's page, for as long as that game is open: a game opened later gets a
    page of its own, so nothing of one game (a selection, typing, a connection) can
    reach another.

    Signal: `message(str, bool)`, a line for the status bar and whether to offer Undo.
    """

    exports_game = True
    prints_sheet = True

    message = Signal(str, bool)
    shareRequested = Signal()
    """The banner's Share Result button was pressed: the window, which knows the
    library's records, calls `share_result`."""

    def __init__(
        self,
        session: GameSession,
        prompts: Prompts,
        type_scale: float = 1.0,
        parent: QWidget | None = None,
    ) -> None:
        """`type_scale`: how much larger the game's table is drawn (Settings → Appearance)."""
        super().__init__(parent)
        self.session = session
        self.prompts = prompts
        self._recording = False
        base = self._base_font = scaled(self.font(), BASE_TYPE * type_scale)
        self.sheet_page = 0
        """The page of the paper sheet the grid shows (0-based)."""
        self._hands_shown = -1

        self.banner = Banner(self, base)
        """The line over the grid: the hand, who deals and plays first (or who won), the
        rules, Share Result and the sheet's pages."""
        self.banner.previous_sheet_button.clicked.connect(
            lambda: self.show_sheet_page(self.sheet_page - 1)
        )
        self.banner.next_sheet_button.clicked.connect(
            lambda: self.show_sheet_page(self.sheet_page + 1)
        )
        self.banner.share_button.clicked.connect(self.shareRequested)
        self._build_side_tabs(base, prompts)
        self._build_grid(base)
        self._build_entry(base, prompts)
        self._lay_out()
        self._build_grid_actions()
        self._follow_session()
        self._language = app_words().code
        """The language the page is worded in."""
        self._word_page()
        self.refresh()

    def _build_side_tabs(self, base: QFont, prompts: Prompts) -> None:
        """The standings and the game's charts, as tabs beside the entry panel."""
        self.standings_model = StandingsModel(self.session.state, self)
        self.standings = StandingsTable(self.standings_model, base, scaled(self.font(), 1.0))
        self.side_tabs = QTabWidget()
        """Views of the game beside the entry panel; more can be added as tabs."""
        self.side_tabs.setDocumentMode(True)
        self.side_tabs.addTab(self.standings, "")
        self.charts = GameCharts(
            ask_path=partial(ask_output_path, prompts),
            warn=prompts.warn,
        )
        self.side_tabs.addTab(self.charts, "")
        self.charts.gameFinished.connect(lambda: self.side_tabs.setCurrentWidget(self.charts))
        self.side_tabs.setMinimumWidth(260)
        # The tabs take what the grid and the entry panel leave, however tall they'd like
        # to be; _fit_grid keeps SIDE_PANEL_HEIGHT for them once the panel is hidden.
        self.side_tabs.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Ignored)

    def _build_grid(self, base: QFont) -> None:
        """The score grid, a page of the paper sheet."""
        self.grid_model = ScoreGridModel(self.session.state, self)
        self.grid = SheetGrid(self.grid_model, base)
        self.grid.doubleClicked.connect(self._grid_double_clicked)
        self.grid.installEventFilter(self)

    def _build_entry(self, base: QFont, prompts: Prompts) -> None:
        """The entry form, the phones that fill it, and the notes over it."""
        self.form = HandEntryForm()
        self.phones = PhonesController(self.session, self.form, prompts, self)
        """Shares the game with the phones at the table, while asked to."""
        self.form.setFont(base)
        self.form.accept_warnings = self.ask_to_accept_warnings
        self.form.submitted.connect(self._hand_submitted)
        self.form.cancelled.connect(self._cancel_correction)
        self.save_problem = SaveNote()
        self.save_problem.roomChanged.connect(self._fit_grid)
        self.kept_note = KeptNote()
        self.kept_note.visibilityChanged.connect(self._fit_grid)

    def _lay_out(self) -> None:
        entry = QVBoxLayout()
        entry.setSpacing(SPACING)
        entry.addWidget(self.save_problem)
        entry.addWidget(self.kept_note)
        entry.addWidget(self.form, 0, Qt.AlignmentFlag.AlignTop)
        entry.addStretch(1)
        bottom = QHBoxLayout()
        bottom.setSpacing(SPACING)
        bottom.addLayout(entry)
        bottom.addWidget(self.side_tabs, 1)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(MARGIN, MARGIN, MARGIN, MARGIN)
        layout.setSpacing(SPACING)
        layout.addWidget(self.banner)
        # The grid takes the room up to the height its rows want (see _fit_grid); what
        # is left goes to the entry panel and the standings.
        layout.addWidget(self.grid, 1)
        layout.addLayout(bottom)

    def _build_grid_actions(self) -> None:
        # Their keys work in the grid only: nothing typed in the entry form may change
        # or delete a recorded hand.
        self.correct_action = QAction(self)
        self.correct_action.setShortcut(QKeySequence(Qt.Key.Key_F2))
        self.correct_action.triggered.connect(self.correct_selected_hand)
        self.delete_action = QAction(self)
        self.delete_action.setShortcut(QKeySequence(Qt.Modifier.CTRL | Qt.Key.Key_Delete))
        self.delete_action.triggered.connect(self.delete_selected_hand)
        self.rename_player_action = QAction(self)
        self.rename_player_action.triggered.connect(self.rename_player)
        for action in (self.correct_action, self.delete_action):
            action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
            self.grid.addAction(action)
        # F2 in the form (where it did nothing and said nothing) says how to correct.
        grid_only = QAction(self.form)
        grid_only.setShortcut(QKeySequence(Qt.Key.Key_F2))
        grid_only.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        grid_only.triggered.connect(lambda: self.message.emit(tr("game.correct_in_grid"), False))
        self.form.addAction(grid_only)

    def _follow_session(self) -> None:
        """The page follows the game: each change, undo, save and rename."""
        self.grid.selectionModel().selectionChanged.connect(self._update_actions)
        self.session.changed.connect(self.refresh)
        self.session.recordUndone.connect(self._record_undone)
        self.session.saved.connect(self.save_problem.saved)
        self.session.save_failed.connect(self.save_problem.failed)
        self.session.save_refused.connect(self.save_problem.refused)
        self.session.renamed.connect(self._player_renamed)

    def set_type_scale(self, type_scale: float) -> None:
        """Draws the table (grid, entry form, standings) `type_scale` times the usual type."""
        base = self._base_font = scaled(self.font(), BASE_TYPE * type_scale)
        self.banner.set_base_font(base)
        self.standings.set_base_font(base)
        self.form.setFont(base)
        self.grid.set_base_font(base)
        self.standings.fit()
        self._fit_grid()

    # -- the page ----------------------------------------------------------------------

    @property
    def undo_stack(self) -> QUndoStack:
        return self.session.undo_stack

    def page_title(self) -> str:
        title = self.session.game.title or tr("window.untitled_game")
        return tr("window.game_title", title=isolate(title))

    def page_heading(self) -> None:
        return None

    def edit_actions(self) -> Sequence[QAction]:
        return (self.correct_action, self.delete_action, self.rename_player_action)

    # -- the page's words --------------------------------------------------------------

    def _word_page(self) -> None:
        """The page's own words, in the language spoken; `refresh` words the rest."""
        self.banner.word()
        self.standings.setAccessibleName(tr("game.standings"))
        self.side_tabs.setTabText(self.side_tabs.indexOf(self.standings), tr("game.standings"))
        self.side_tabs.setTabText(self.side_tabs.indexOf(self.charts), tr("game.charts"))
        self.grid.setAccessibleName(tr("game.score_grid"))
        self.correct_action.setText(tr("game.correct_selected"))
        self.delete_action.setText(tr("game.delete_selected"))
        self.rename_player_action.setText(tr("game.rename_player"))

    def _reword_page(self) -> None:
        """Settings → Language changed: the page words itself again as it is, the typing,
        the hand being corrected, the selected hand and the focus all kept (`refresh`
        would start the form again)."""
        self._word_page()
        self.banner.show_words(self.session.state, self.session.game.rules)
        reword_model(self.standings_model)
        reword_model(self.grid_model)
        self.standings.fit()
        self.show_sheet_page(self.sheet_page)
        self.charts.reword()
        self.form.retranslate()

    # -- showing the game --------------------------------------------------------------

    def refresh(self) -> None:
        state = self.session.state
        game = self.session.game
        self.banner.show_words(state, game.rules)
        self.banner.show_finished(state.status is Status.FINISHED)
        played = len(state.hands)
        self.standings.show_state(state)
        self.grid.show_state(state)
        self.charts.set_game(game, self.session.replay)
        if played != self._hands_shown:
            # A hand recorded, removed or undone: show the sheet page it is on.
            self._hands_shown = played
            self.sheet_page = sheet_pages(played) - 1
        self._update_actions()
        self._show_next_hand(keep_typing=not self._recording)

    def _update_actions(self) -> None:
        self.correct_action.setEnabled(bool(self.session.game.hands))
        self.delete_action.setEnabled(self.selected_hand() is not None)
        # The sheet page, fitted to the room the entry panel leaves now. `refresh` shows or
        # hides the panel only after this; the grid's viewport then changes size, and
        # the grid's `fit_cells` shares out the room it has.
        self.show_sheet_page(self.sheet_page)

    # -- fitting the window ------------------------------------------------------------

    def show_sheet_page(self, page: int) -> None:
        """Shows the hands of one page of the paper sheet, twelve at most, and the total."""
        hands = self.grid_model.hand_count
        pages = sheet_pages(hands)
        self.sheet_page = page = max(0, min(page, pages - 1))
        self.grid.show_page(page)
        self.banner.show_pages(page, pages)
        self._fit_grid()
        # In a window too narrow for the page, the total and the latest hands show. Qt's
        # table draws the cell it scrolls to again, even where it is in view already.
        total = self.grid_model.index(0, self.grid_model.total_column)
        if not self.grid.viewport().rect().contains(self.grid.visualRect(total)):
            self.grid.scrollTo(total)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_grid()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange and app_words().code != self._language:
            self._language = app_words().code
            self._reword_page()
        # The window's palette changed (light to dark): the grey follows it.
        if event.type() == QEvent.Type.PaletteChange:
            in_placeholder_grey(self.banner.rules_label, self.palette())

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._fit_grid()

    def _grid_room(self) -> int:
        """The height the grid may take: what the banner and the entry panel leave."""
        banner = self.banner.heightForWidth(self.width() - 2 * MARGIN)
        if banner < 0:
            banner = self.banner.sizeHint().height()
        below = self.form.sizeHint().height() if not self.form.isHidden() else SIDE_PANEL_HEIGHT
        for note in (self.save_problem, self.kept_note):
            if not note.isHidden():
                below += note.sizeHint().height() + SPACING
        return self.height() - 2 * MARGIN - banner - below - 2 * SPACING

    def _fit_grid(self) -> None:
        """Sizes the grid's type and height so the sheet page fills the room the banner
        and the entry panel leave it."""
        if not self.isVisible():
            # Sized when shown (a resize event comes then): the room is not known before.
            return
        self.grid.fit(self._grid_room)

    def _show_next_hand(self, *, keep_typing: bool = False) -> None:
        """The form for the next hand, still holding what was typed if `keep_typing` and
        the next hand has the same players."""
        state = self.session.state
        self.grid.clearSelection()
        if state.status is Status.FINISHED:
            self.form.stop()
            self.form.hide()
            # The room the panel leaves is not what it took: a tie-break's was smaller.
            self._fit_grid()
            return
        self.form.show()
        if not (keep_typing and self.form.keep_typing(state)):
            self.form.start(state)

    def _cancel_correction(self) -> None:
        self._show_next_hand()
        self._fit_grid()

    def _record_undone(self, hand: object) -> None:
        """The hand just taken back goes back in the form, so a typo costs one fix."""
        assert isinstance(hand, Hand)
        if self.session.state.status is not Status.FINISHED:
            self.form.show()
            self.form.start(self.session.state, hand=hand, typed=True)
            self._fit_grid()

    def _player_renamed(self, old: str, new: str) -> None:
        """What is typed for a player renamed across the library follows the new name."""
        self.form.rename_typed(self.session.state, old, new)

    def take_keys(self) -> None:
        """Gives the window the keys, where they were, or at the
        form's first field if that is gone: when a dialog closes, an X server without a
        window manager gives the keys to no window at all, and keys typed went nowhere
        or, later, to a field nobody looked at."""
        window = self.window()
        take_keys_back(window)
        focused = window.focusWidget()
        if (focused is None or not focused.isVisible()) and self.form.isVisible():
            self.form.focus_first()
        elif focused is not None:
            focus_field(focused)

    # -- changing the game -------------------------------------------------------------

    def ask_to_accept_warnings(self, problems: list[Problem]) -> bool:
        """Asks once whether to record a hand the checks find unusual; Enter goes back."""
        answer = self.prompts.confirm(
            self,
            tr("game.unusual_title"),
            tr("game.unusual_question"),
            details="\n".join(f"• {problem_where(problem)}" for problem in problems),
            accept=tr("game.record_anyway"),
            reject=tr("game.go_back"),
        )
        self.take_keys()
        return answer

    def _hand_submitted(self, hand: object) -> None:
        assert isinstance(hand, Hand)
        editing = self.form.editing
        self._recording = True
        try:
            if editing is None:
                self.session.record_hand(hand)
            else:
                self.session.replace_hand(editing, hand)
        except GameError as error:
            self.form.show_problems(error.problems)
            return
        finally:
            self._recording = False
        if editing is None:
            self._announce_recorded(hand)

    def _announce_recorded(self, hand: Hand) -> None:
        """Tells a screen reader who went out and who deals next, or who won: what the
        banner now shows, where the reader's focus is not. Said once the page is drawn."""
        state = self.session.state
        number = len(state.hands)
        if state.status is Status.FINISHED:
            text = tr(
                "game.announce_won", number=number, went_out=hand.went_out, winner=state.winner
            )
        else:
            text = tr(
                "game.announce_next", number=number, went_out=hand.went_out, dealer=state.dealer
            )
        announce_after_paint(self, text)

    def selected_hand(self) -> int | None:
        """The 0-based index of the hand whose column is selected, if one is."""
        columns = [index.column() for index in self.grid.selectionModel().selectedIndexes()]
        if not columns or columns[0] >= self.grid_model.hand_count:
            return None
        return columns[0]

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # Enter on a hand of the grid corrects it, as a double click does.
        if (
            watched is self.grid
            and event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
            and self.selected_hand() is not None
        ):
            self.correct_selected_hand()
            return True
        return super().eventFilter(watched, event)

    def _grid_double_clicked(self, index: QModelIndex) -> None:
        if index.column() < self.grid_model.hand_count:
            self.correct_hand(index.column())

    def correct_selected_hand(self) -> None:
        index = self.selected_hand()
        if index is None:
            index = len(self.session.game.hands) - 1
        if index >= 0:
            self.correct_hand(index)

    def correct_hand(self, index: int) -> None:
        """Opens the hand at `index` in the entry panel, filled in as recorded; asks first
        if that would throw away typing."""
        if self.form.has_typing():
            correct = self.prompts.confirm(
                self,
                tr("game.correct_title"),
                tr("game.correct_question", number=index + 1),
                accept=tr("game.correct_hand", number=index + 1),
                reject=tr("game.keep_typing"),
            )
            self.take_keys()
            if not correct:
                return
        self.form.show()
        self.form.start(
            self.session.state_before(index), editing=index, hand=self.session.game.hands[index]
        )
        # After the end of the game the panel was hidden: the grid makes room again.
        self._fit_grid()

    def share_result(self, records: Sequence[str] = ()) -> bool:
        """Shows the results card, with the lines about the `records` the game set, to
        copy or save; whether the game had one to show."""
        from phase10_keeper.ui.game.share_dialog import ShareDialog

        if not self.session.game.hands:
            return False
        game, replayed = self.session.game, self.session.replay
        store, game_id = self.session.store, self.session.game_id
        uid = None if store is None or game_id is None else store.game_uid(game_id)
        dialog = ShareDialog(game, replayed, self.prompts, records, self, uid=uid)
        try:
            self.prompts.run_dialog(dialog)
        finally:
            dialog.deleteLater()
        self.take_keys()
        return True

    def rename_player(self) -> "RenamePlayerDialog":
        """Opens the rename dialog on the player of the cell selected in the grid; with
        nothing selected, on nobody (the grid's last current cell is no choice of now)."""
        from phase10_keeper.ui.game.rename_player_dialog import RenamePlayerDialog

        players = self.session.game.players
        row = self.grid.currentIndex().row()
        chosen = self.grid.selectionModel().hasSelection() and 0 <= row < len(players)
        current = players[row] if chosen else None
        dialog = RenamePlayerDialog(players, current, self)
        dialog.renamed.connect(self.session.rename_player)
        dialog.finished.connect(dialog.deleteLater)
        dialog.finished.connect(self.take_keys)
        dialog.open()
        return dialog

    def delete_selected_hand(self) -> None:
        """Deletes the hand selected in the grid, after asking; with none, nothing."""
        index = self.selected_hand()
        if index is None:
            return
        number = index + 1
        delete = self.prompts.confirm(
            self,
            tr("game.delete_title"),
            tr("game.delete_question", number=number),
            accept=tr("game.delete_hand", number=number),
            reject=tr("game.keep_hand"),
        )
        self.take_keys()
        if delete:
            self.delete_hand(index)

    def delete_hand(self, index: int) -> None:
        number = index + 1
        try:
            self.session.remove_hand(index)
        except GameError as error:
            self.prompts.warn(
                self,
                tr("game.cannot_delete_title", number=number),
                tr("game.cannot_delete_reason", problem=problem_where(error.problems[0])),
            )
            self.take_keys()
            return
        self.message.emit(tr("game.deleted", number=number), True)
