"""The game page: where everyone stands, the score grid, and the hand entry panel.

It lays out widgets and forwards requests to the `GameSession`; what the game looks
like after a change comes back through `session.changed`. The main window around it
holds the menus and the status bar.
"""

from typing import TYPE_CHECKING

from PySide6.QtCore import QModelIndex, QSize, Qt, Signal
from PySide6.QtGui import QAction, QFont, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from phase10_keeper.rules import GameError, Hand, Problem, Status
from phase10_keeper.ui import wording
from phase10_keeper.ui.delegates import CELL_SIZE, TOTAL_SIZE, ScoreCellDelegate
from phase10_keeper.ui.entry_form import HandEntryForm
from phase10_keeper.ui.game_charts import GameCharts
from phase10_keeper.ui.grid_model import ScoreGridModel
from phase10_keeper.ui.prompts import Prompts
from phase10_keeper.ui.session import GameSession
from phase10_keeper.ui.standings_model import Column, StandingsModel
from phase10_keeper.ui.user_text import plain

if TYPE_CHECKING:
    from phase10_keeper.ui.rename_player_dialog import RenamePlayerDialog

ERROR_COLOUR = "#d8483e"
WARNING_COLOUR = "#c98400"

STYLE = f"""
QFrame#banner {{
    background: palette(alternate-base);
    border: 1px solid palette(mid);
    border-radius: 8px;
}}
QFrame#banner[finished="true"] {{ border: 2px solid palette(highlight); }}
QFrame#handEntryForm {{
    border: 1px solid palette(mid);
    border-radius: 8px;
}}
QLabel#columnHeader, QLabel#hint, QLabel#rules {{ color: palette(placeholder-text); }}
QLineEdit[problem="error"], QComboBox[problem="error"] {{
    border: 2px solid {ERROR_COLOUR}; border-radius: 3px;
}}
QLineEdit[problem="warning"], QComboBox[problem="warning"] {{
    border: 2px solid {WARNING_COLOUR}; border-radius: 3px;
}}
QCheckBox[problem="error"], QRadioButton[problem="error"] {{
    border: 2px solid {ERROR_COLOUR}; border-radius: 3px; padding: 1px;
}}
QLabel#problems, QLabel#saveProblem {{ color: {ERROR_COLOUR}; font-weight: bold; }}
QLineEdit[typed="false"] {{ color: palette(placeholder-text); }}
QPushButton {{ padding: 6px 18px; }}
"""


class HandHeader(QHeaderView):
    """The hand numbers over the grid, one line of text high.

    QHeaderView would find its height by asking the model about every hand's header, in
    four roles, whenever the font or style changes: thousands of calls into Python in a
    long game.
    """

    def __init__(self, parent: QWidget) -> None:
        super().__init__(Qt.Orientation.Horizontal, parent)
        self.setSectionsClickable(True)
        self.setHighlightSections(True)

    def sizeHint(self) -> QSize:
        return QSize(self.length(), self.fontMetrics().height() + 12)


def _scaled(font: QFont, factor: float, bold: bool = False) -> QFont:
    scaled = QFont(font)
    scaled.setPointSizeF(font.pointSizeF() * factor)
    scaled.setBold(bold)
    return scaled


class GameView(QWidget):
    """One game's page, for as long as that game is open: a game opened later gets a
    page of its own, so nothing of one game (a selection, typing, a connection) can
    reach another.

    Signal: `message(str, bool)`, a line for the status bar and whether to offer Undo.
    """

    message = Signal(str, bool)

    def __init__(
        self,
        session: GameSession,
        prompts: Prompts,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.session = session
        self.prompts = prompts
        self._recording = False
        self.setStyleSheet(STYLE)
        base = _scaled(self.font(), 1.15)

        self.headline = QLabel()
        self.headline.setFont(_scaled(base, 1.5, bold=True))
        self.detail = QLabel()
        self.detail.setFont(_scaled(base, 1.05))
        self.detail.setWordWrap(True)
        self.ranking = QLabel()
        self.ranking.setWordWrap(True)
        self.ranking.setFont(base)
        self.rules_label = QLabel()
        plain(self.headline, self.detail, self.ranking)
        self.rules_label.setObjectName("rules")
        self.rules_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
        self.banner = QFrame()
        self.banner.setObjectName("banner")
        banner_text = QVBoxLayout()
        banner_text.setSpacing(4)
        banner_text.addWidget(self.headline)
        banner_text.addWidget(self.detail)
        banner_text.addWidget(self.ranking)
        banner_layout = QHBoxLayout(self.banner)
        banner_layout.setContentsMargins(18, 12, 18, 12)
        banner_layout.addLayout(banner_text, 1)
        banner_layout.addWidget(self.rules_label)

        self.standings_model = StandingsModel(session.state, self)
        self.standings = QTableView()
        self.standings.setAccessibleName(self.tr("Standings"))
        self.standings.setModel(self.standings_model)
        self.standings.setFont(base)
        self.standings.verticalHeader().hide()
        self.standings.horizontalHeader().setFixedHeight(self.standings.fontMetrics().height() + 12)
        self.standings.setShowGrid(False)
        self.standings.setAlternatingRowColors(True)
        self.standings.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.standings.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.standings.setWordWrap(False)
        header = self.standings.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(Column.PLAYER, QHeaderView.ResizeMode.Stretch)
        self.standings.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.standings.verticalHeader().setDefaultSectionSize(
            self.standings.fontMetrics().height() + 16
        )

        self.grid_model = ScoreGridModel(session.state, self)
        self.grid = QTableView()
        self.grid.setAccessibleName(self.tr("Score grid"))
        self.grid.setFont(base)
        self.grid.setHorizontalHeader(HandHeader(self.grid))
        self.grid.setModel(self.grid_model)
        self.grid.setItemDelegate(ScoreCellDelegate(self.grid))
        self.grid.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.grid.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectColumns)
        self.grid.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.grid.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.grid.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.grid.horizontalHeader().setDefaultSectionSize(CELL_SIZE.width())
        self.grid.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.grid.horizontalHeader().setMinimumSectionSize(CELL_SIZE.width())
        self.grid.verticalHeader().setDefaultSectionSize(CELL_SIZE.height())
        self.grid.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.grid.verticalHeader().setFont(_scaled(base, 1.0, bold=True))
        self.grid.verticalHeader().setMaximumWidth(240)
        self.grid.verticalHeader().setTextElideMode(Qt.TextElideMode.ElideRight)
        self.grid.doubleClicked.connect(self._grid_double_clicked)

        self.charts = GameCharts(
            ask_path=prompts.save_path,
            warn=prompts.warn,
        )
        self.side_tabs = QTabWidget()
        self.side_tabs.addTab(self.standings, self.tr("Standings"))
        self.side_tabs.addTab(self.charts, self.tr("Charts"))
        self.charts.gameFinished.connect(lambda: self.side_tabs.setCurrentWidget(self.charts))

        splitter = self.tables = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.side_tabs)
        splitter.addWidget(self.grid)
        # The grid is the paper sheet and grows with every hand; it gets the larger share.
        splitter.setStretchFactor(0, 2)
        splitter.setStretchFactor(1, 3)
        splitter.setChildrenCollapsible(False)

        self.form = HandEntryForm()
        self.form.setFont(base)
        self.form.accept_warnings = self.ask_to_accept_warnings
        self.form.submitted.connect(self._hand_submitted)
        self.form.cancelled.connect(self._cancel_correction)
        self.save_problem = QLabel()
        self.save_problem.setObjectName("saveProblem")
        self.save_problem.setWordWrap(True)
        self.save_problem.setTextFormat(Qt.TextFormat.PlainText)
        self.save_problem.hide()

        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 16, 16, 12)
        layout.setSpacing(12)
        layout.addWidget(self.banner)
        layout.addWidget(splitter)
        layout.addWidget(self.save_problem)
        layout.addWidget(self.form)
        layout.addStretch(1)

        # Their keys work in the grid only: nothing typed in the entry form may change
        # or delete a recorded hand.
        self.correct_action = QAction(self.tr("&Correct Selected Hand…"), self)
        self.correct_action.setShortcut(QKeySequence(Qt.Key.Key_F2))
        self.correct_action.triggered.connect(self.correct_selected_hand)
        self.delete_action = QAction(self.tr("&Delete Selected Hand…"), self)
        self.delete_action.setShortcut(QKeySequence(Qt.Modifier.CTRL | Qt.Key.Key_Delete))
        self.delete_action.triggered.connect(self.delete_selected_hand)
        self.rename_player_action = QAction(self.tr("Re&name Player…"), self)
        self.rename_player_action.triggered.connect(self.rename_player)
        for action in (self.correct_action, self.delete_action):
            action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
            self.grid.addAction(action)
        self.grid.selectionModel().selectionChanged.connect(self._update_actions)
        session.changed.connect(self.refresh)
        session.recordUndone.connect(self._record_undone)
        session.saved.connect(self._saved)
        session.save_failed.connect(self._save_failed)
        self.refresh()

    # -- showing the game --------------------------------------------------------------

    def refresh(self) -> None:
        state = self.session.state
        game = self.session.game
        self.headline.setText(wording.headline(state))
        self.detail.setText(wording.detail(state))
        finished = state.status is Status.FINISHED
        self.ranking.setVisible(finished)
        if finished:
            self.ranking.setText(
                self.tr("Final ranking: %1").replace("%1", wording.ranking_line(state))
            )
        self.banner.setProperty("finished", finished)
        self.banner.style().unpolish(self.banner)
        self.banner.style().polish(self.banner)
        played = len(state.hands)
        self.rules_label.setText(
            f"{game.rules.describe()}\n"
            + (self.tr("1 hand played") if played == 1 else self.tr("%n hands played", "", played))
        )
        self.standings_model.set_state(state)
        self.standings.setColumnHidden(Column.PHASE, finished)
        self.grid_model.set_state(state)
        self.charts.set_game(game, self.session.replay)
        self._fit_tables()
        self.grid.horizontalHeader().resizeSection(self.grid_model.total_column, TOTAL_SIZE.width())
        self._update_actions()
        self._show_next_hand(keep_typing=not self._recording)

    def _update_actions(self) -> None:
        self.correct_action.setEnabled(bool(self.session.game.hands))
        self.delete_action.setEnabled(self.selected_hand() is not None)

    def _fit_tables(self) -> None:
        """Makes the tables as tall as their rows, so the entry panel sits right below."""
        grid = self.grid
        # The header's own size hint would measure all of a long game's hand columns.
        header_height = grid.fontMetrics().height() + 12
        grid_height = (
            header_height
            + grid.verticalHeader().length()
            + grid.horizontalScrollBar().sizeHint().height()
            + 2 * grid.frameWidth()
        )
        standings = self.standings
        standings_height = (
            header_height
            + standings.verticalHeader().length()
            + 2 * standings.frameWidth()
            + self.side_tabs.tabBar().sizeHint().height()
        )
        self.tables.setFixedHeight(max(grid_height, standings_height))

    def _show_next_hand(self, *, keep_typing: bool = False) -> None:
        """The form for the next hand, still holding what was typed if `keep_typing` and
        the next hand has the same players."""
        state = self.session.state
        self.grid.clearSelection()
        if state.status is Status.FINISHED:
            self.form.stop()
            self.form.hide()
            return
        self.form.show()
        if not (keep_typing and self.form.keep_typing(state)):
            self.form.start(state)
        self.grid.scrollTo(self.grid_model.index(0, self.grid_model.total_column))

    def _cancel_correction(self) -> None:
        self._show_next_hand()

    def _record_undone(self, hand: object) -> None:
        """The hand just taken back goes back in the form, so a typo costs one fix."""
        assert isinstance(hand, Hand)
        if self.session.state.status is not Status.FINISHED:
            self.form.show()
            self.form.start(self.session.state, hand=hand, typed=True)

    def _saved(self) -> None:
        self.save_problem.hide()

    def _save_failed(self, text: str) -> None:
        self.save_problem.setText(
            "✗ "
            + text
            + "\n"
            + self.tr("The change is kept in this window; the next change saves everything again.")
        )
        self.save_problem.show()

    # -- changing the game -------------------------------------------------------------

    def ask_to_accept_warnings(self, problems: list[Problem]) -> bool:
        """Asks once whether to record a hand the checks find unusual; Enter goes back."""
        return self.prompts.confirm(
            self,
            self.tr("Unusual hand"),
            self.tr("This hand looks unusual. Record it as typed?"),
            details="\n".join(f"• {problem}" for problem in problems),
            accept=self.tr("Record Anyway"),
            reject=self.tr("Go Back"),
        )

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
        finally:
            self._recording = False

    def selected_hand(self) -> int | None:
        """The 0-based index of the hand whose column is selected, if one is."""
        columns = [index.column() for index in self.grid.selectionModel().selectedIndexes()]
        if not columns or columns[0] >= self.grid_model.hand_count:
            return None
        return columns[0]

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
        if self.form.has_typing() and not self.prompts.confirm(
            self,
            self.tr("Correct Hand"),
            self.tr("Put hand %1 in the form? What you typed there is dropped.").replace(
                "%1", str(index + 1)
            ),
            accept=self.tr("Correct Hand %1").replace("%1", str(index + 1)),
            reject=self.tr("Keep Typing"),
        ):
            return
        self.form.show()
        self.form.start(
            self.session.state_before(index), editing=index, hand=self.session.game.hands[index]
        )

    def rename_player(self) -> "RenamePlayerDialog":
        """Opens the rename dialog on the player whose row is selected in the grid."""
        from phase10_keeper.ui.rename_player_dialog import RenamePlayerDialog

        players = self.session.game.players
        row = self.grid.currentIndex().row()
        current = players[row] if 0 <= row < len(players) else None
        dialog = RenamePlayerDialog(players, current, self)
        dialog.renamed.connect(self.session.rename_player)
        dialog.finished.connect(dialog.deleteLater)
        dialog.open()
        return dialog

    def delete_selected_hand(self) -> None:
        """Deletes the hand selected in the grid, after asking; with none, nothing."""
        index = self.selected_hand()
        if index is None:
            return
        number = str(index + 1)
        if self.prompts.confirm(
            self,
            self.tr("Delete Hand"),
            self.tr("Delete hand %1? Later hands are scored again without it.").replace(
                "%1", number
            ),
            accept=self.tr("Delete Hand %1").replace("%1", number),
            reject=self.tr("Keep It"),
        ):
            self.delete_hand(index)

    def delete_hand(self, index: int) -> None:
        number = str(index + 1)
        try:
            self.session.remove_hand(index)
        except GameError as error:
            self.prompts.warn(
                self,
                self.tr("Cannot delete hand %1").replace("%1", number),
                self.tr("Without it, a later hand is impossible:\n%1").replace(
                    "%1", str(error.problems[0])
                ),
            )
            return
        self.message.emit(self.tr("Deleted hand %1.").replace("%1", number), True)
