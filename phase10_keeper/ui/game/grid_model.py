"""The score grid as a Qt model: a row per player, a column per hand, then the total."""

from collections.abc import Sequence
from typing import Any, NamedTuple

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)

from phase10_keeper.language.wording import card_label
from phase10_keeper.rules import GameState, Status
from phase10_keeper.ui.text.escape import plain_tooltip
from phase10_keeper.ui.text.translate import app_words, tr
from phase10_keeper.ui.text.wording import number_text

MARKS_ROLE = Qt.ItemDataRole.UserRole + 3
"""A player's row header: the short marks (deals, plays first, winner, left) beside the
name."""

_Index = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()
_VERTICAL = Qt.Orientation.Vertical
_HAND_HEADER_ROLES = frozenset(
    (Qt.ItemDataRole.DisplayRole.value, Qt.ItemDataRole.ToolTipRole.value)
)
"""The roles a hand's header answers: Qt's header asks six for each hand it draws, at
every hand recorded, and naming Qt's enums runs Python for each."""


class _MarkLabels:
    """The marks as last worded, and the language they were worded in."""

    words: object = None
    labels: tuple[str, str, str, str] = ("", "", "", "")


def mark_labels() -> tuple[str, str, str, str]:
    """The row header's marks: winner, dealer, first to play, left the table."""
    # Asked for each name drawn and several times at every hand: worded once a language.
    if _MarkLabels.words is not app_words():
        _MarkLabels.labels = (
            tr("grid.mark_won"),
            tr("grid.mark_deals"),
            tr("grid.mark_first"),
            tr("grid.mark_left"),
        )
        _MarkLabels.words = app_words()
    return _MarkLabels.labels


WON, DEALS, FIRST, LEFT = range(4)
"""The marks, as places in `mark_labels()`."""
_MARK_WORDS = ("grid.winner", "grid.deals_this_hand", "grid.plays_first", "grid.left_the_table")
"""What each mark says in full, in the tooltips and to screen readers."""


class Cell(NamedTuple):
    """What a score cell shows: one player's result in one hand."""

    phase: int | None
    made: bool
    points: int
    went_out: bool
    replay: bool


class ScoreGridModel(QAbstractTableModel):
    marksChanged = Signal(int, int)
    """The row headers' marks (who deals, plays first, won or left) read otherwise in
    rows `first` to `last`; told once for each run of rows next to one another, so the
    deal going round from the last row to the first draws no rows between."""

    def __init__(self, state: GameState, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._state = state
        self._marked: tuple[GameState, str | None, str | None] | None = None
        """The dealer and the first to play in the state shown: every row header asks for
        them at each paint, and finding them walks the table."""
        self._named: tuple[object, tuple[str, ...]] = (None, ())
        """The names of the players' tuple last asked about: the grid's width is fitted
        to them several times a hand."""

    def names(self) -> tuple[str, ...]:
        """The names down the grid, in its rows' order."""
        players = self._state.players
        if players is not self._named[0]:
            self._named = (players, tuple(player.name for player in players))
        return self._named[1]

    @property
    def hand_count(self) -> int:
        return len(self._state.hands)

    @property
    def total_column(self) -> int:
        return self.hand_count

    def set_state(self, state: GameState) -> int:
        """Shows `state`; returns the first column whose cells may read differently.

        Only column count changes are structural, the rest is new data (another number
        of players is another table). Where the names stay, the row headers whose marks
        moved are only said to have new marks (`marksChanged`): told that their data
        changed, Qt's table lays out and draws all of itself again, and a hand recorded
        changes the new hand's column, the totals and who deals and plays first alone."""
        before = self._state
        names = self.names()
        old, new = len(before.hands), len(state.hands)
        if len(state.players) != len(before.players):
            self.beginResetModel()
            self._state = state
            self.endResetModel()
            return 0
        marks = self._row_marks()
        if new > old:
            self.beginInsertColumns(QModelIndex(), old, new - 1)
            self._state = state
            self.endInsertColumns()
        elif new < old:
            self.beginRemoveColumns(QModelIndex(), new, old - 1)
            self._state = state
            self.endRemoveColumns()
        else:
            self._state = state
        renamed = self.names() != names
        first = 0 if renamed else _first_difference(before.hands, state.hands)
        rows, columns = self.rowCount(), self.columnCount()
        if rows and columns:
            self.dataChanged.emit(self.index(0, first), self.index(rows - 1, columns - 1))
        if renamed:
            self.headerDataChanged.emit(Qt.Orientation.Vertical, 0, rows - 1)
        else:
            now = self._row_marks()
            moved = [
                row
                for row, (was, is_now) in enumerate(zip(marks, now, strict=True))
                if was != is_now
            ]
            for first_row, last_row in runs(moved):
                self.marksChanged.emit(first_row, last_row)
        if first < min(old, new):
            self.headerDataChanged.emit(Qt.Orientation.Horizontal, first, min(old, new) - 1)
        return first

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
            return tr("grid.absent_left")
        return tr("grid.absent_not_seated")

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row, column = index.row(), index.column()
        player = self._state.players[row]
        if column == self.total_column:
            if role == Qt.ItemDataRole.DisplayRole:
                return number_text(player.total)
            if role == Qt.ItemDataRole.AccessibleTextRole:
                return tr("grid.total_of", name=player.name, total=number_text(player.total))
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
            return tr("grid.sat_out")
        if cell.phase is None:
            if cell.went_out:
                return tr("grid.went_out", points=cell.points)
            if cell.made:
                return tr("grid.made", points=cell.points)
            return tr("grid.missed", points=cell.points)
        if cell.went_out:
            return tr("grid.phase_went_out", phase=cell.phase, points=cell.points)
        if cell.made:
            return tr("grid.phase_made", phase=cell.phase, points=cell.points)
        return tr("grid.phase_missed", phase=cell.phase, points=cell.points)

    def _tooltip(self, row: int, column: int, cell: Cell | None) -> str:
        record = self._state.hands[column]
        name = self._state.players[row].name
        entry = record.entries.get(name)
        lines = [
            tr("grid.hand_dealt", number=column + 1, dealer=record.dealer),
            tr("grid.player_cell", name=name, cell=self._describe(cell)),
        ]
        if entry is not None and not entry.cards.is_empty:
            held = tr("grid.cards_separator").join(
                tr("grid.cards_of_kind", kind=card_label(app_words(), kind), count=count)
                for kind, count in entry.cards.items()
                if count
            )
            lines.append(tr("grid.held", cards=held))
        elif entry is not None and entry.points:
            # No cards with points: the total was typed, by points.
            lines.append(tr("grid.typed_points"))
        if entry is not None:
            lines.append(tr("grid.total_after", total=number_text(entry.total)))
        return "\n".join(lines)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == _VERTICAL:
            return self._player_header(section, role)
        if role not in _HAND_HEADER_ROLES:
            return None
        if section == self.total_column:
            return tr("grid.total")
        if not 0 <= section < self.hand_count:
            return None
        record = self._state.hands[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            return plain_tooltip(
                tr(
                    "grid.hand_header_tip",
                    number=record.number,
                    dealer=record.dealer,
                    player=record.went_out,
                )
            )
        if record.replay:
            return tr("grid.replay_hand", number=record.number)
        return str(record.number)

    def _player_header(self, section: int, role: int) -> Any:
        if not 0 <= section < len(self._state.players):
            return None
        name = self._state.players[section].name
        if role == Qt.ItemDataRole.DisplayRole:
            return name
        if role == MARKS_ROLE:
            # Asked at every paint of the name: the marks' words are not.
            labels = mark_labels()
            return [labels[mark] for mark in self._mark_places(name)]
        if role in (Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.AccessibleTextRole):
            described = tr("grid.marks_separator").join(
                [name, *(long for _short, long in self._marks(name))]
            )
            if role == Qt.ItemDataRole.ToolTipRole:
                return plain_tooltip(described)
            return described
        return None

    def _marks(self, name: str) -> list[tuple[str, str]]:
        """(short label, words) for what the row header marks about `name`."""
        labels = mark_labels()
        return [(labels[mark], tr(_MARK_WORDS[mark])) for mark in self._mark_places(name)]

    def _row_marks(self) -> list[tuple[int, ...]]:
        """Each row's marks, as places in `mark_labels()`."""
        return [self._mark_places(name) for name in self.names()]

    def _mark_places(self, name: str) -> tuple[int, ...]:
        """What the row header marks about `name`, as places in `mark_labels()`."""
        state = self._state
        # A leaver's row stays marked after the end too: a leave may be what ended it.
        if not state.player(name).seated:
            return (LEFT,)
        if state.status is Status.FINISHED:
            return (WON,) if name == state.winner else ()
        dealer, first_player = self._dealer_and_first()
        if name == dealer:
            return (DEALS, FIRST) if name == first_player else (DEALS,)
        return (FIRST,) if name == first_player else ()

    def _dealer_and_first(self) -> tuple[str | None, str | None]:
        state = self._state
        marked = self._marked
        if marked is None or marked[0] is not state:
            marked = self._marked = (state, state.dealer, state.first_player)
        return marked[1], marked[2]


def _first_difference(before: Sequence[object], after: Sequence[object]) -> int:
    """The index of the first hand that differs between two hand logs (each hand kept
    from the replay before is the same object)."""
    for index, (was, now) in enumerate(zip(before, after, strict=False)):
        if was is not now and was != now:
            return index
    return min(len(before), len(after))


def runs(numbers: list[int]) -> list[tuple[int, int]]:
    """The runs of consecutive numbers in `numbers` (ascending), each as its first and
    last: the rows or columns to tell a view of at once."""
    found: list[tuple[int, int]] = []
    for number in numbers:
        if found and found[-1][1] == number - 1:
            found[-1] = (found[-1][0], number)
        else:
            found.append((number, number))
    return found
