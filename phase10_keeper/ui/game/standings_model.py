"""The standings as a Qt model: everyone, best placed first, with the phase they are on."""

from enum import IntEnum
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QFont

from phase10_keeper.rules import GameState, Order, Status
from phase10_keeper.ui.text.escape import plain_tooltip
from phase10_keeper.ui.text.translate import tr, tr_count
from phase10_keeper.ui.text.wording import number_text, phase_title

_Index = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()

NAME_ROLE = Qt.ItemDataRole.UserRole + 1
"""The player's plain name in every column (the scoreboard draws the names itself)."""


class Column(IntEnum):
    PLACE = 0
    PLAYER = 1
    PHASE = 2
    DONE = 3
    TOTAL = 4


_COLUMNS = tuple(Column)
"""The columns by number: indexing this is quicker than `Column(number)`, and `data()` is
called for every role of every cell each time the standings change."""

_ALIGNMENTS = {
    column: int(
        (
            Qt.AlignmentFlag.AlignLeft
            if column in (Column.PLAYER, Column.PHASE)
            else Qt.AlignmentFlag.AlignRight
        )
        | Qt.AlignmentFlag.AlignVCenter
    )
    for column in Column
}


class StandingsModel(QAbstractTableModel):
    def __init__(self, state: GameState, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._state = state
        self._order = state.ranking()
        self._bold: QFont | None = None

    def set_state(self, state: GameState) -> None:
        """Shows `state`. The same number of players, perhaps in a new order, is only new
        data; another number of players (one joined, or a join undone) is another table."""
        order = state.ranking()
        if len(order) != len(self._order):
            self.beginResetModel()
            self._state = state
            self._order = order
            self.endResetModel()
            return
        self._state = state
        self._order = order
        self.dataChanged.emit(
            self.index(0, 0), self.index(self.rowCount() - 1, self.columnCount() - 1)
        )

    def rowCount(self, parent: _Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(self._order)

    def columnCount(self, parent: _Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(Column)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(Column):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return {
                Column.PLACE: "#",
                Column.PLAYER: tr("standings.player"),
                Column.PHASE: tr("standings.now_on"),
                Column.DONE: tr("standings.done"),
                Column.TOTAL: tr("standings.total"),
            }[Column(section)]
        if role == Qt.ItemDataRole.ToolTipRole:
            return {
                Column.PLACE: tr("standings.place_tip"),
                Column.PLAYER: tr("standings.player"),
                Column.PHASE: tr("standings.now_on_tip"),
                Column.DONE: tr("standings.done_tip"),
                Column.TOTAL: tr("standings.total_tip"),
            }[Column(section)]
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return self._alignment(_COLUMNS[section])
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        name = self._order[index.row()]
        column = _COLUMNS[index.column()]
        if role == NAME_ROLE:
            return name
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return self._text(index.row(), name, column)
        if role == Qt.ItemDataRole.ToolTipRole:
            tooltip = self._tooltip(name, column)
            return None if tooltip is None else plain_tooltip(tooltip)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return self._alignment(column)
        if role == Qt.ItemDataRole.FontRole and self.is_bold(index.row(), column):
            return self.bold_font()
        return None

    def text(self, row: int, column: int) -> str:
        """What the cell shows."""
        return self._text(row, self._order[row], _COLUMNS[column])

    def is_bold(self, row: int, column: int) -> bool:
        """Totals, and the winner's row, are in bold type."""
        return column == Column.TOTAL or self._order[row] == self._state.winner

    def bold_font(self) -> QFont:
        if self._bold is None:
            self._bold = QFont()
            self._bold.setBold(True)
        return self._bold

    @staticmethod
    def _alignment(column: Column) -> int:
        return _ALIGNMENTS[column]

    def _text(self, row: int, name: str, column: Column) -> str:
        state = self._state
        player = state.player(name)
        if column is Column.PLACE:
            return str(row + 1)
        if column is Column.PLAYER:
            marks = []
            if name == state.winner:
                marks.append(tr("standings.winner"))
            if state.status is Status.TIEBREAK and name in state.tiebreak_players:
                marks.append(tr("standings.replays"))
            if name == state.dealer:
                marks.append(tr("standings.deals"))
            return tr("standings.marks_separator").join([name, *marks])
        if column is Column.PHASE:
            return self.phase_text(name)
        if column is Column.DONE:
            return str(len(player.completed))
        return number_text(player.total)

    def phase_text(self, name: str) -> str:
        state = self._state
        player = state.player(name)
        if player.left_before is not None:
            return tr("standings.left_before", number=player.left_before)
        if state.status is Status.FINISHED:
            return "—"
        if state.status is Status.TIEBREAK:
            if name not in state.tiebreak_players:
                return tr("standings.sits_out")
            phase = state.replay_phase()
            return (
                tr("standings.replays_phase", phase=phase_title(phase))
                if phase is not None
                else tr("standings.replay_hand")
            )
        if state.rules.order is Order.CHOOSE:
            return tr_count("standings.phases_left", len(state.phases_left(name)))
        phase = state.next_phase(name)
        return phase_title(phase) if phase is not None else "—"

    def _tooltip(self, name: str, column: Column) -> str | None:
        player = self._state.player(name)
        if column is Column.DONE:
            if not player.completed:
                return tr("standings.none_completed")
            labels = tr("standings.labels_separator").join(str(label) for label in player.completed)
            return tr_count("standings.completed", len(player.completed), labels=labels)
        if column is Column.PHASE:
            return self.phase_text(name)
        return None
