"""The score grid of the game page, a page of the paper sheet: the hands of one sheet
page and the total, with the names always in view. Its rows and type grow with the room
the page gives it, as long as the twelve hands of a page still fit across.
"""

import math
from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QRect, QSize, Qt
from PySide6.QtGui import QFont, QFontMetrics, QPainter, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QSizePolicy,
    QStyleOptionViewItem,
    QTableView,
)

from phase10_keeper.rules import MAX_PLAYERS, GameState
from phase10_keeper.sheet import HANDS_PER_PAGE
from phase10_keeper.ui.game.delegates import CELL_SIZE, TOTAL_SIZE, PlayerHeader, ScoreCellDelegate
from phase10_keeper.ui.game.grid_model import ScoreGridModel, mark_labels
from phase10_keeper.ui.widgets.drawn_table import DrawnTableView

LARGEST_SCALE = 2.2
"""How much the grid's rows and type may grow on a big screen."""
NAME_CHARACTERS = 12
"""The row header is this many average characters wide, besides the marks."""


def scaled(font: QFont, factor: float, bold: bool = False) -> QFont:
    """`font`, `factor` times its size, bold if `bold`."""
    larger = QFont(font)
    larger.setPointSizeF(font.pointSizeF() * factor)
    larger.setBold(bold)
    return larger


class HandHeader(QHeaderView):
    """The hand numbers over the grid, in the page's base type, and one line of the
    grid's (scaled) type high.

    QHeaderView would find its height by asking the model about every hand's header, in
    four roles, whenever the font or style changes: thousands of calls into Python in a
    long game.
    """

    def __init__(self, grid: QTableView) -> None:
        super().__init__(Qt.Orientation.Horizontal, grid)
        self._grid = grid
        self.setSectionsClickable(True)
        self.setHighlightSections(True)

    def sizeHint(self) -> QSize:
        return QSize(self.length(), self._grid.fontMetrics().height() + 10)


class SheetGrid(DrawnTableView):
    """The score grid: `fit` sizes its type and height to the room the page leaves it,
    and the room its viewport then has is shared among the players' rows and a sheet
    page of hands."""

    def __init__(self, model: ScoreGridModel, base: QFont) -> None:
        """`base`: the page's type, which the grid's grows from."""
        super().__init__()
        self.grid_model = model
        self._base_font = base
        self._page = 0
        """The page of the paper sheet shown (0-based)."""
        self.setHorizontalHeader(HandHeader(self))
        self.horizontalHeader().setFont(base)
        self.setVerticalHeader(PlayerHeader(self))
        self.setModel(model)
        self.setItemDelegate(ScoreCellDelegate(self))
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectColumns)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.horizontalHeader().setMinimumSectionSize(CELL_SIZE.width())
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.viewport().installEventFilter(self)
        model.marksChanged.connect(self._marks_changed)
        self._scale = 0.0
        self._apply_scale(1.0)
        self._fitted_for: tuple[object, ...] = ()
        """What the last `fit` fitted the type and height to: the room, the width and
        frame, the names and their marks, the page's type and the hands' header's height."""

    def set_base_font(self, base: QFont) -> None:
        """Grows the grid's type from `base`, the page's type, from now on."""
        self._base_font = base
        self.horizontalHeader().setFont(base)
        # Made again at the new type: the scale kept would count as already applied.
        scale, self._scale = self._scale, 0.0
        self._apply_scale(scale)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.viewport() and event.type() == QEvent.Type.Resize:
            self.fit_cells()
        return super().eventFilter(watched, event)

    def plain_cells(
        self, painter: QPainter, option: QStyleOptionViewItem
    ) -> Callable[[QRect, int, int], None]:
        # Straight to what the delegate draws for a cell in no state of its own, in the
        # view's type and ink, found once for all the cells.
        delegate = self.itemDelegate()
        assert isinstance(delegate, ScoreCellDelegate)
        font = option.font
        ink = option.palette.color(QPalette.ColorRole.Text)
        model = self.grid_model

        def draw(cell: QRect, row: int, column: int) -> None:
            delegate.paint_contents(painter, cell, font, ink, False, model, row, column)

        return draw

    def show_state(self, state: GameState) -> None:
        """Shows `state`, drawing again only the columns from the first whose cells
        changed: for a column added or taken away Qt's table would draw all of itself
        anew, and a hand recorded changes its own column and the totals."""
        model = self.grid_model
        before, after = model.hand_count, len(state.hands)
        if not before or not after or sheet_pages(before) != sheet_pages(after):
            # Another sheet page: the grid is laid out and drawn anew, as Qt's table does
            # when told that its headers changed.
            model.set_state(state)
            self.scheduleDelayedItemsLayout()
            return
        hands = self.horizontalHeader()
        columns = model.columnCount()
        # The hands' header tells the table of a column added or taken away, and the
        # table then lays itself out and draws all of itself again: it does the first here.
        quiet = hands.blockSignals(True)
        try:
            first = model.set_state(state)
        finally:
            hands.blockSignals(quiet)
        if model.columnCount() != columns:
            self.updateGeometries()
            hands.setOffset(self.horizontalScrollBar().value())
        viewport = self.viewport()
        # A column not on the page shown has no place: then the whole page is drawn.
        left = max(0, self.columnViewportPosition(first))
        viewport.update(QRect(left, 0, viewport.width() - left, viewport.height()))

    def _marks_changed(self, first: int, last: int) -> None:
        # Told as the model would tell of their data, those row headers alone draw again.
        self.verticalHeader().headerDataChanged(Qt.Orientation.Vertical, first, last)

    def show_page(self, page: int) -> None:
        """Shows the hands of one page of the paper sheet (0-based), twelve at most."""
        self._page = page
        hands = self.grid_model.hand_count
        shown = range(page * HANDS_PER_PAGE, min((page + 1) * HANDS_PER_PAGE, hands))
        header = self.horizontalHeader()
        # Most often (a hand recorded on the page shown) no column changes: then asking
        # about the page's columns spares asking about all of a long game's.
        if header.hiddenSectionCount() == hands - len(shown) and not any(
            header.isSectionHidden(column) for column in shown
        ):
            return
        for column in range(hands):
            self.setColumnHidden(column, column not in shown)

    def fit(self, room: Callable[[], int]) -> None:
        """Sizes the type and the grid's height so the sheet page fills the `room` (the
        height it may take); `fit_cells` then shares the grid's actual room among rows
        and columns."""
        rows = max(1, self.grid_model.rowCount())
        frame = 2 * self.frameWidth()
        room_now = room()
        # Fitted again for each hand recorded, most often to the same room: then only
        # the cells are shared out again (the new hand's column among them).
        fitted_for = (
            room_now,
            self.width(),
            frame,
            self.grid_model.names(),
            self._base_font.key(),
            mark_labels(),
            self.horizontalHeader().sizeHint().height(),
        )
        if fitted_for == self._fitted_for:
            self.fit_cells()
            return
        height = room_now - frame - self.horizontalHeader().sizeHint().height()
        scale = max(1.0, min(LARGEST_SCALE, height / rows / CELL_SIZE.height()))
        width = self.width() - frame
        self._apply_scale(self.largest_fitting_scale(scale, width))
        scroll = self.horizontalScrollBar().sizeHint().height() if self._overflows(width) else 0
        header_height = self.horizontalHeader().sizeHint().height() + frame + scroll
        height = room() - header_height
        tallest = self._tallest_row()
        row_height = max(CELL_SIZE.height(), min(height // rows, tallest))
        # No more than a full table's rows in the window's least height: past six (one
        # left, another joined) the grid scrolls rather than push the form off the screen.
        self.setMinimumHeight(header_height + CELL_SIZE.height() * min(rows, MAX_PLAYERS))
        self.setMaximumHeight(header_height + row_height * rows)
        self._fitted_for = (*fitted_for[:-1], self.horizontalHeader().sizeHint().height())
        self.fit_cells()

    def fit_cells(self) -> None:
        """Shares the grid's viewport among the players' rows and a sheet page of hands."""
        viewport = self.viewport().size()
        rows = max(1, self.grid_model.rowCount())
        tallest = self._tallest_row()
        row_height = max(CELL_SIZE.height(), min(viewport.height() // rows, tallest))
        if self.verticalHeader().defaultSectionSize() != row_height:
            self.verticalHeader().setDefaultSectionSize(row_height)
        scale = self._scale
        total = round(TOTAL_SIZE.width() * scale)
        column = max(round(CELL_SIZE.width() * scale), (viewport.width() - total) // HANDS_PER_PAGE)
        hands = self.horizontalHeader()
        # Set again, Qt's header would size every column to it, the total's too, and
        # then the total back: the grid's totals and what lies right of them drawn twice.
        if hands.defaultSectionSize() != column:
            hands.setDefaultSectionSize(column)
        # Only the page's hands show; another page's are sized when it is shown.
        first = self._page * HANDS_PER_PAGE
        for section in range(first, min(first + HANDS_PER_PAGE, self.grid_model.hand_count)):
            if hands.sectionSize(section) != column and not self.isColumnHidden(section):
                hands.resizeSection(section, column)
        total = max(total, viewport.width() - column * HANDS_PER_PAGE)
        hands.resizeSection(self.grid_model.total_column, total)

    def _tallest_row(self) -> int:
        """Rows grow with the type, and a little more: never into empty bands."""
        return round(CELL_SIZE.height() * min(LARGEST_SCALE, self._scale * 1.2))

    def _name_width(self, scale: float) -> int:
        """Room for twelve characters, or for the widest word of a name at the least size
        a name shrinks to, if that is more: a long name wraps between its words, never
        inside one ("Featherston / ehaugh")."""
        header = self.verticalHeader()
        assert isinstance(header, PlayerHeader)
        font = scaled(self._base_font, scale, bold=True)
        room = max(
            QFontMetrics(font).averageCharWidth() * NAME_CHARACTERS,
            header.widest_word(self.grid_model.names(), font),
        )
        return room + header.marks_width() + 12

    def largest_fitting_scale(self, most: float, width: int) -> float:
        """The type grows only while twelve wider hands still fit across: the largest of
        `most`, `most` - 0.1, ... down to 1 at which they do. Sought by halving, since
        each size tried is a font to measure and a wider type never needs less room."""
        steps = [most - 0.1 * step for step in range(math.ceil((most - 1.0) / 0.1 - 1e-9))]
        low, high = 0, len(steps)
        while low < high:
            middle = (low + high) // 2
            if self.fits_across(width, steps[middle]):
                high = middle
            else:
                low = middle + 1
        return steps[low] if low < len(steps) else 1.0

    def fits_across(self, width: int, scale: float) -> bool:
        """Whether the names and a sheet page of hands fit `width` at `scale`."""
        needed = self._name_width(scale) + round(
            (CELL_SIZE.width() * HANDS_PER_PAGE + TOTAL_SIZE.width()) * scale
        )
        return needed <= width

    def _overflows(self, width: int) -> bool:
        return not self.fits_across(width, self._scale)

    def _apply_scale(self, scale: float) -> None:
        header = self.verticalHeader()
        if abs(scale - self._scale) >= 0.05:
            self._scale = scale
            font = scaled(self._base_font, scale)
            self.setFont(font)
            header.setFont(scaled(font, 1.0, bold=True))
        # Set again at the same scale too: a player who joins may bring a longer word.
        width = self._name_width(self._scale)
        if header.width() != width:
            header.setFixedWidth(width)


def sheet_pages(hands: int) -> int:
    """How many pages of the paper sheet `hands` hands fill (one, even when empty)."""
    return max(1, -(-hands // HANDS_PER_PAGE))
