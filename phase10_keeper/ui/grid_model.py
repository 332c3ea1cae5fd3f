"""The score grid as a Qt model: a row per player, a column per hand, then the total."""

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)

from phase10_keeper.rules import GameState, Status
from phase10_keeper.ui.user_text import plain_tooltip

MARKS_ROLE = Qt.ItemDataRole.UserRole + 3
"""A player's row header: the short marks (deals, plays first, winner, left) beside the
name."""

_Index = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()


def _tr(text: str) -> str:
    return QCoreApplication.translate("ScoreGridModel", text)


def mark_labels() -> tuple[str, str, str, str]:
    """The row header's marks: winner, dealer, first to play, left the table."""
    return _tr("★ won"), _tr("deals"), _tr("1st"), _tr("left")


@dataclass(frozen=True)
class Cell:
    phase: int | None
    made: bool
    points: int
    went_out: bool
    replay: bool


class ScoreGridModel(QAbstractTableModel):
    def __init__(self, state: GameState, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._state = state

    @property
    def hand_count(self) -> int:
        return len(self._state.hands)

    @property
    def total_column(self) -> int:
        return self.hand_count

    def set_state(self, state: GameState) -> None:
        """Shows `state`; only column count changes are structural, the rest is new data
        (another number of players is another table)."""
        old, new = len(self._state.hands), len(state.hands)
        if len(state.players) != len(self._state.players):
            self.beginResetModel()
            self._state = state
            self.endResetModel()
        elif new > old:
            self.beginInsertColumns(QModelIndex(), old, new - 1)
            self._state = state
            self.endInsertColumns()
        elif new < old:
            self.beginRemoveColumns(QModelIndex(), new, old - 1)
            self._state = state
            self.endRemoveColumns()
        else:
            self._state = state
        rows, columns = self.rowCount(), self.columnCount()
        if rows and columns:
            self.dataChanged.emit(self.index(0, 0), self.index(rows - 1, columns - 1))
        self.headerDataChanged.emit(Qt.Orientation.Vertical, 0, rows - 1)
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, columns - 1)

    def rowCount(self, parent: _Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(self._state.players)

    def columnCount(self, parent: _Index = _ROOT) -> int:
        return 0 if parent.isValid() else self.hand_count + 1

    def total(self, row: int) -> int:
        return self._state.players[row].total

    def cell(self, row: int, column: int) -> Cell | None:
        record = self._state.hands[column]
        name = self._state.players[row].name
        entry = record.entries.get(name)
        if entry is None:
            return None
        return Cell(
            phase=entry.phase,
            made=entry.made,
            points=entry.points,
            went_out=record.went_out == name,
            replay=record.replay,
        )

    def absence(self, row: int, column: int) -> str | None:
        """Why a player has no cell in a hand they were not at the table for: "joins
        later" or "left"; None where they were seated (and perhaps sat out a replay)."""
        player = self._state.players[row]
        number = column + 1
        if player.seated_for(number):
            return None
        if player.left_before is not None and number >= player.left_before:
            return _tr("left")
        return _tr("not seated")

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row, column = index.row(), index.column()
        player = self._state.players[row]
        if column == self.total_column:
            if role == Qt.ItemDataRole.DisplayRole:
                return str(player.total)
            if role == Qt.ItemDataRole.AccessibleTextRole:
                return _tr("{name}: total {total}").format(name=player.name, total=player.total)
            if role == Qt.ItemDataRole.TextAlignmentRole:
                return int(Qt.AlignmentFlag.AlignCenter)
            return None
        cell = self.cell(row, column)
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return self.absence(row, column) or self._describe(cell)
        if role == Qt.ItemDataRole.ToolTipRole:
            return plain_tooltip(self._tooltip(row, column, cell))
        return None

    def _describe(self, cell: Cell | None) -> str:
        if cell is None:
            return _tr("sat out")
        if cell.went_out:
            status = _tr("went out")
        elif cell.made:
            status = _tr("made")
        else:
            status = _tr("missed")
        if cell.phase is None:
            return _tr("{status}, {points}").format(status=status, points=cell.points)
        return _tr("phase {phase} {status}, {points}").format(
            phase=cell.phase, status=status, points=cell.points
        )

    def _tooltip(self, row: int, column: int, cell: Cell | None) -> str:
        record = self._state.hands[column]
        name = self._state.players[row].name
        entry = record.entries.get(name)
        lines = [
            _tr("Hand {number}, {dealer} dealt").format(number=column + 1, dealer=record.dealer)
        ]
        lines.append(f"{name}: {self._describe(cell)}")
        if entry is not None and not entry.cards.is_empty:
            held = ", ".join(
                f"{kind.label}: {count}" for kind, count in entry.cards.items() if count
            )
            lines.append(_tr("Held {cards}").format(cards=held))
        if entry is not None:
            lines.append(_tr("Total after this hand: {total}").format(total=entry.total))
        return "\n".join(lines)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Vertical:
            return self._player_header(section, role)
        if role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return None
        if section == self.total_column:
            return _tr("Total")
        if not 0 <= section < self.hand_count:
            return None
        record = self._state.hands[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            return plain_tooltip(
                _tr("Hand {number}: {dealer} dealt, {player} went out").format(
                    number=record.number, dealer=record.dealer, player=record.went_out
                )
            )
        if record.replay:
            return _tr("{number} tie").format(number=record.number)
        return str(record.number)

    def _player_header(self, section: int, role: int) -> Any:
        if not 0 <= section < len(self._state.players):
            return None
        name = self._state.players[section].name
        if role == Qt.ItemDataRole.DisplayRole:
            return name
        if role == MARKS_ROLE:
            return [short for short, _long in self._marks(name)]
        if role in (Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.AccessibleTextRole):
            described = ", ".join([name, *(long for _short, long in self._marks(name))])
            if role == Qt.ItemDataRole.ToolTipRole:
                return plain_tooltip(described)
            return described
        return None

    def _marks(self, name: str) -> list[tuple[str, str]]:
        """(short label, words) for what the row header marks about `name`."""
        state = self._state
        won, deals, first, left = mark_labels()
        # A leaver's row stays marked after the end too: a leave may be what ended it.
        if not state.player(name).seated:
            return [(left, _tr("left the table"))]
        if state.status is Status.FINISHED:
            return [(won, _tr("winner"))] if name == state.winner else []
        marks = []
        if name == state.dealer:
            marks.append((deals, _tr("deals this hand")))
        if name == state.first_player:
            marks.append((first, _tr("plays first")))
        return marks
