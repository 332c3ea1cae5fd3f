"""The standings as a Qt model: everyone, best placed first, with the phase they are on.
Its rows and columns are `stats.standings`'; the words are the window's."""

from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QPoint,
    QRect,
    Qt,
)
from PySide6.QtGui import QFont, QFontMetrics, QPainter, QPixmap
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem

from phase10_keeper.rules import GameState, Phase
from phase10_keeper.stats.standings import (
    STANDINGS_COLUMNS,
    CellKind,
    Next,
    StandingsColumn,
    StandingsRow,
    standings_rows,
)
from phase10_keeper.ui.game.entry_fields import SMALLER_NAME, WORD_WRAP
from phase10_keeper.ui.game.grid_model import runs
from phase10_keeper.ui.text.escape import plain_tooltip
from phase10_keeper.ui.text.translate import app_words, tr, tr_count
from phase10_keeper.ui.text.wording import number_text, phase_title

_Index = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()

NAME_ROLE = Qt.ItemDataRole.UserRole + 1
"""The player's plain name in every column (the scoreboard draws the names itself)."""

_NUMBERS = {column: number for number, column in enumerate(STANDINGS_COLUMNS)}

_EMPHASISED = tuple(column.spec.emphasised for column in STANDINGS_COLUMNS)
_WORDED_BY_COMPACTNESS = tuple(column.spec.kind is CellKind.PHASE for column in STANDINGS_COLUMNS)
"""Which columns read differently in the compact wording: the phase's alone."""
"""Whether each column, by number, is in bold type in every row."""

_ANSWERED_ROLES = frozenset(
    int(role)
    for role in (
        NAME_ROLE,
        Qt.ItemDataRole.DisplayRole,
        Qt.ItemDataRole.AccessibleTextRole,
        Qt.ItemDataRole.ToolTipRole,
        Qt.ItemDataRole.TextAlignmentRole,
        Qt.ItemDataRole.FontRole,
    )
)
"""The roles `data()` has an answer for. Painting a cell asks seven, most of them for
nothing (its icon, check state, colours): those are answered at once."""


def column_number(column: StandingsColumn) -> int:
    """Where the model has the column."""
    return _NUMBERS[column]


STRETCHED = StandingsColumn.PLAYER
"""The column that takes the room the others leave; each other is as wide as it needs."""

_ALIGNMENTS = {
    column: int(
        (Qt.AlignmentFlag.AlignLeft if column.left_aligned else Qt.AlignmentFlag.AlignRight)
        | Qt.AlignmentFlag.AlignVCenter
    )
    for column in STANDINGS_COLUMNS
}


def _header(column: StandingsColumn) -> str:
    return tr(column.spec.words.window)


def _header_tip(column: StandingsColumn) -> str:
    return tr(column.spec.words.window_tip)


SMALLEST_WRAPPED = 0.7
"""How far a name on two lines in the standings may shrink before it is cut instead."""

REMEMBERED_PHASES = 512
"""How many phase texts the standings keep worded before they word them anew."""


DRAWN_CELLS = 256
"""How many cells the standings keep drawn: a few hands' worth of six players' rows."""


class DrawnCellDelegate(QStyledItemDelegate):
    """Draws a cell once for what it says and how, and after that from the image kept:
    the standings are drawn again at every hand recorded, most of their cells reading as
    before, and laying out each one's text again was most of drawing the table."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._drawn: dict[tuple[object, ...], QPixmap] = {}

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: _Index) -> None:
        model = index.model()
        assert isinstance(model, StandingsModel)
        how = self.drawing(painter, option)
        self.paint_kept(painter, option, model, index.row(), index.column(), how)

    @staticmethod
    def drawing(painter: QPainter, option: QStyleOptionViewItem) -> tuple[object, ...]:
        """How cells in `option`'s state are drawn with `painter`: the same for every cell
        of a table drawn in one state, so found once for all of them where it is."""
        return (
            option.state.value,
            option.direction.value,
            option.palette.cacheKey(),
            option.font.key(),
            painter.device().devicePixelRatioF(),
        )

    def paint_kept(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        model: "StandingsModel",
        row: int,
        column: int,
        how: tuple[object, ...],
    ) -> None:
        """Draws the cell at `row`, `column` in `option.rect`, drawn as `how` says
        (`drawing`), from the image kept of it if there is one."""
        rect = option.rect
        # The row's shading is the view's, drawn before; the cell draws its text alone.
        text, bold = model.cells(row)[column]
        key = (
            column,
            text,
            bold,
            rect.width(),
            rect.height(),
            how,
        )
        drawn = self._drawn.get(key)
        if drawn is None:
            if len(self._drawn) >= DRAWN_CELLS:
                self._drawn.clear()
            ratio = painter.device().devicePixelRatioF()
            drawn = QPixmap(rect.size() * ratio)
            drawn.setDevicePixelRatio(ratio)
            drawn.fill(Qt.GlobalColor.transparent)
            alone = QStyleOptionViewItem(option)
            alone.rect = QRect(QPoint(0, 0), rect.size())
            drawing = QPainter(drawn)
            super().paint(drawing, alone, model.index(row, column))
            drawing.end()
            self._drawn[key] = drawn
        painter.drawPixmap(rect.topLeft(), drawn)


class PlayerCellDelegate(DrawnCellDelegate):
    """Draws the player column: a name too long for it goes on two lines of a smaller
    type where the row has the height, else is cut at its end, so its first words stay
    whole and readable, and the marks after it (deals, winner) stay in view. Cut in its
    middle, as Qt would, a long name read as "A…n"."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._fitted: dict[tuple[str, str, int, int], QFont | None] = {}
        """The type each name fits in two lines in, by its cell: the standings repaint
        at every hand recorded."""
        self._fitted_names: dict[tuple[str, str, str, int, int], tuple[QFont | None, str]] = {}
        """How each cell's name is shown, by its text, name, type and room."""

    def _wrapped_font(self, text: str, font: QFont, width: int, height: int) -> QFont | None:
        """The largest smaller type, down to SMALLEST_WRAPPED times `font`, that `text`
        fits two lines of `width` and `height` in; None where none does."""
        key = (text, font.key(), width, height)
        if key not in self._fitted:
            if len(self._fitted) > 256:
                self._fitted.clear()
            self._fitted[key] = None
            scale = SMALLER_NAME
            while scale >= SMALLEST_WRAPPED - 1e-9:
                smaller = QFont(font)
                smaller.setPointSizeF(font.pointSizeF() * scale)
                wrapped = QFontMetrics(smaller).boundingRect(
                    QRect(0, 0, width, 10 * height), WORD_WRAP, text
                )
                if wrapped.width() <= width and wrapped.height() <= height:
                    self._fitted[key] = smaller
                    break
                scale -= 0.05
        return self._fitted[key]

    def initStyleOption(self, option: QStyleOptionViewItem, index: _Index) -> None:
        super().initStyleOption(option, index)
        name = index.data(NAME_ROLE)
        text = option.text
        if not isinstance(name, str) or not text.startswith(name):
            return
        widget = option.widget
        style = widget.style() if widget is not None else None
        margin = (
            style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, widget) + 1
            if style is not None
            else 1
        )
        room = option.rect.width() - 2 * margin
        # Fitted once a name, marks, type and cell: the rows that change are drawn again
        # at every hand recorded, and fitting a long name measures it again and again.
        key = (text, name, option.font.key(), room, option.rect.height())
        fitted = self._fitted_names.get(key)
        if fitted is None:
            if len(self._fitted_names) > 256:
                self._fitted_names.clear()
            fitted = self._fitted_names[key] = self._fit_name(option, name, room)
        smaller, shown = fitted
        if smaller is not None:
            option.font = smaller
            option.fontMetrics = QFontMetrics(smaller)
            option.features |= QStyleOptionViewItem.ViewItemFeature.WrapText
        option.text = shown

    def _fit_name(
        self, option: QStyleOptionViewItem, name: str, room: int
    ) -> tuple[QFont | None, str]:
        """How the cell shows its text, a `name` and its marks, in `room`: whole, on two
        lines of a smaller type (given), or with the name cut short."""
        text = option.text
        metrics = option.fontMetrics
        if metrics.horizontalAdvance(text) <= room:
            return None, text
        smaller = self._wrapped_font(text, option.font, room, option.rect.height())
        if smaller is not None:
            return smaller, text
        marks = text[len(name) :]
        name_room = room - metrics.horizontalAdvance(marks)
        shown = metrics.elidedText(name, Qt.TextElideMode.ElideRight, name_room) + marks
        # The two parts measured apart can come to a pixel less than together.
        while name_room > 0 and metrics.horizontalAdvance(shown) > room:
            name_room -= 1
            shown = metrics.elidedText(name, Qt.TextElideMode.ElideRight, name_room) + marks
        return None, shown


class StandingsModel(QAbstractTableModel):
    def __init__(self, state: GameState, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._state = state
        self._rows = standings_rows(state)
        self._bold: QFont | None = None
        self._cells: dict[tuple[int, bool], tuple[tuple[str, bool], ...]] = {}
        """What each row's cells show, by row and compactness, in the words of
        `_texts_in`: fitting the columns and painting ask each several times a hand."""
        self._texts_in: object = None
        self._phase_texts: dict[tuple[object, ...], str] = {}
        """What the phase column says, by what `phase_text` words and the compactness,
        in the words of `_texts_in`."""
        self.compact = False
        """The phase column says only the phase's number (the tooltip says all): set
        where the whole descriptions would leave the names no room."""

    def set_compact(self, compact: bool) -> None:
        if compact != self.compact:
            self.compact = compact
            if self._rows:
                column = column_number(StandingsColumn.PHASE)
                self.dataChanged.emit(
                    self.index(0, column), self.index(self.rowCount() - 1, column)
                )

    def set_state(self, state: GameState) -> None:
        """Shows `state`. The same number of players, perhaps in a new order, is only new
        data; another number of players (one joined, or a join undone) is another table."""
        rows = standings_rows(state)
        if len(rows) != len(self._rows):
            self.beginResetModel()
            self._state = state
            self._rows = rows
            self._cells.clear()
            self.endResetModel()
            return
        before = [self.cells(row) for row in range(len(rows))]
        self._state = state
        self._rows = rows
        self._cells.clear()
        # Only the cells that read differently are drawn again: a hand recorded changes
        # the totals and a few phases, and the whole table took a millisecond to draw.
        # Told run by run: told from a row's first change to its last, the view drew the
        # name and the phase between a new rank and a new total again too.
        for row, shown in enumerate(before):
            changed = [column for column, now in enumerate(self.cells(row)) if now != shown[column]]
            for first, last in runs(changed):
                self.dataChanged.emit(self.index(row, first), self.index(row, last))

    def row(self, row: int) -> StandingsRow:
        return self._rows[row]

    def rowCount(self, parent: _Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(STANDINGS_COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(STANDINGS_COLUMNS):
            return None
        column = STANDINGS_COLUMNS[section]
        if role == Qt.ItemDataRole.DisplayRole:
            return _header(column)
        if role == Qt.ItemDataRole.ToolTipRole:
            return _header_tip(column)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return _ALIGNMENTS[column]
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role not in _ANSWERED_ROLES or not index.isValid():
            return None
        row = self._rows[index.row()]
        # Indexing the tuple is quicker than a lookup, and `data()` is called for every
        # role of every cell each time the standings change.
        column = STANDINGS_COLUMNS[index.column()]
        if role == NAME_ROLE:
            return row.name
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return self.text(index.row(), index.column())
        if role == Qt.ItemDataRole.ToolTipRole:
            tooltip = self._tooltip(row, column)
            return None if tooltip is None else plain_tooltip(tooltip)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return _ALIGNMENTS[column]
        if role == Qt.ItemDataRole.FontRole and self.is_bold(index.row(), index.column()):
            return self.bold_font()
        return None

    def cells(self, row: int) -> tuple[tuple[str, bool], ...]:
        """What each cell of `row` shows, column by column: its text, and whether in bold
        type (totals, and the winner's row)."""
        words = app_words()
        if words is not self._texts_in:
            # Another language (and with it the numbers' locale): every text anew.
            self._cells.clear()
            self._phase_texts.clear()
            self._texts_in = words
        key = (row, self.compact)
        found = self._cells.get(key)
        if found is None:
            standing = self._rows[row]
            # The standings' fit reads each row in both wordings at every hand: what
            # reads the same in both is worded once.
            other = self._cells.get((row, not self.compact))
            found = self._cells[key] = tuple(
                other[index]
                if other is not None and not compactness
                else (self._text(standing, column), emphasised or standing.winner)
                for index, (column, emphasised, compactness) in enumerate(
                    zip(STANDINGS_COLUMNS, _EMPHASISED, _WORDED_BY_COMPACTNESS, strict=True)
                )
            )
        return found

    def text(self, row: int, column: int) -> str:
        """What the cell shows."""
        return self.cells(row)[column][0]

    def is_bold(self, row: int, column: int) -> bool:
        """Whether the cell is in bold type."""
        return self.cells(row)[column][1]

    def bold_font(self) -> QFont:
        if self._bold is None:
            self._bold = QFont()
            self._bold.setBold(True)
        return self._bold

    def _text(self, row: StandingsRow, column: StandingsColumn) -> str:
        spec = column.spec
        match spec.kind:
            case CellKind.NAME:
                marks = []
                if row.winner:
                    marks.append(tr("standings.winner"))
                # Who replays a tie-break, the phase column says ("Replays phase 10").
                if row.dealer:
                    marks.append(tr("standings.deals"))
                return tr("standings.marks_separator").join([row.name, *marks])
            case CellKind.PHASE:
                # Worded once a phase and wording: most players' stay from hand to hand.
                key = (row.next, row.phase, row.phases_left, row.left_before, self.compact)
                found = self._phase_texts.get(key)
                if found is None:
                    if len(self._phase_texts) > REMEMBERED_PHASES:
                        self._phase_texts.clear()
                    found = self._phase_texts[key] = phase_text(row, compact=self.compact)
                return found
            case CellKind.NUMBER:
                return number_text(spec.number(row))

    def _tooltip(self, row: StandingsRow, column: StandingsColumn) -> str | None:
        if column is StandingsColumn.DONE:
            if not row.completed:
                return tr("standings.none_completed")
            labels = tr("standings.labels_separator").join(str(label) for label in row.completed)
            return tr_count("standings.completed", len(row.completed), labels=labels)
        if column is StandingsColumn.PHASE:
            return phase_text(row)
        return None


def phase_text(row: StandingsRow, *, compact: bool = False) -> str:
    """What the phase column says of the player; `compact`, in few words: the phase's
    number alone."""

    def title(phase: Phase) -> str:
        return tr("standings.phase_short", phase=phase.label) if compact else phase_title(phase)

    match row.next:
        case Next.LEFT:
            if compact:
                return tr("standings.left_short")
            return tr("standings.left_before", number=row.left_before)
        case Next.SITS_OUT:
            return tr("standings.sits_out_short" if compact else "standings.sits_out")
        case Next.REPLAYS:
            if row.phase is None:
                return tr("standings.replay_hand")
            return tr("standings.replays_phase", phase=title(row.phase))
        case Next.CHOOSES:
            key = "standings.phases_left_short" if compact else "standings.phases_left"
            return tr_count(key, row.phases_left)
        case Next.ATTEMPTS if row.phase is not None:
            return title(row.phase)
    return "—"
