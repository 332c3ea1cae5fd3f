"""A table view that draws its cells in one pass of Python where it can.

Qt's table calls into Python twice for every cell it paints, once for the style's row
panel (the app's style is a Python proxy) and once for the delegate. For the tables
drawn again at every hand recorded, those calls were most of drawing them. Where every
cell is in the view's own state (none selected, focused or under the mouse), the view
draws each cell's panel and grid as Qt's table does and has the delegate draw the rest
from Python; anywhere else Qt's table draws it all.
"""

from collections.abc import Callable

from PySide6.QtCore import QLineF, QRect, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QHeaderView, QStyle, QStyleOptionViewItem, QTableView, QWidget

_ROW_PANEL = QStyle.PrimitiveElement.PE_PanelItemViewRow
_ALTERNATE = QStyleOptionViewItem.ViewItemFeature.Alternate
_NORMAL = QPalette.ColorGroup.Normal
_SAMPLE = 16
"""The side of the square a style's row panel is drawn into to learn what it draws."""
_KEPT_STYLES = 8
"""How many styles and palettes the view remembers the row panels of."""


class DrawnTableView(QTableView):
    """A QTableView whose cells, while none is in a state of its own, are drawn by
    `plain_cells`, with the row panels and grid lines Qt's table would draw."""

    def __init__(self) -> None:
        super().__init__()
        # A viewport made here, set up as Qt sets up its own, and not Qt's own: to hand
        # that to Python, as drawing on it does, PySide6 first sets up every widget class
        # of Qt to learn which one it is, milliseconds that a page's first paint does
        # not need.
        viewport = QWidget()
        viewport.setObjectName("qt_scrollarea_viewport")
        viewport.setBackgroundRole(QPalette.ColorRole.Base)
        viewport.setAutoFillBackground(True)
        self.setViewport(viewport)
        self._panels_known: dict[tuple[int, int, bool], bool] = {}
        """Whether the style's row panels are as this view draws them (nothing, or the
        alternate rows' shade), by the style, the palette and the shading."""

    def plain_cells(
        self, painter: QPainter, option: QStyleOptionViewItem
    ) -> Callable[[QRect, int, int], None]:
        """What draws a cell, given its rectangle, row and column, over its panel, with
        `painter` and `option` (in the view's state), in one pass over the cells: by
        default its delegate, as Qt's table would; a view may draw its cells more
        directly."""
        model = self.model()

        def draw(cell: QRect, row: int, column: int) -> None:
            option.rect = cell
            index = model.index(row, column)
            self.itemDelegateForIndex(index).paint(painter, option, index)

        return draw

    def paintEvent(self, event: QPaintEvent) -> None:
        option = QStyleOptionViewItem()
        self.initViewItemOption(option)
        if not self.cells_plain(option):
            super().paintEvent(event)
            return
        across, down = self.horizontalHeader(), self.verticalHeader()
        area = event.rect()
        # Nothing is drawn past the last row and column, as in Qt's table.
        area.setRight(min(area.right(), across.length() - across.offset() - 1))
        area.setBottom(min(area.bottom(), down.length() - down.offset() - 1))
        if not area.isValid() or not across.count() or not down.count():
            return
        grid = 1 if self.showGrid() else 0
        rows = [
            (visual, row, self.rowViewportPosition(row), self.rowHeight(row) - grid)
            for visual, row in _shown_sections(down, area.top(), area.bottom())
        ]
        columns = [
            (column, self.columnViewportPosition(column), self.columnWidth(column) - grid)
            for _visual, column in _shown_sections(across, area.left(), area.right())
        ]
        # Each cell in the palette's normal colours, as Qt's table draws an enabled one.
        palette = option.palette
        palette.setCurrentColorGroup(_NORMAL)
        option.palette = palette
        shade = palette.brush(_NORMAL, QPalette.ColorRole.AlternateBase)
        alternate = self.alternatingRowColors()
        plain_features = option.features & ~_ALTERNATE
        shaded_features = plain_features | _ALTERNATE
        # Only the cells in the region drawn again, as in Qt's table: a few cells changed
        # in rows far apart make a region of several rectangles, whose bounds hold many
        # more cells.
        region = event.region()
        apart = region.rectCount() > 1
        painter = QPainter(self.viewport())
        draw = self.plain_cells(painter, option)
        for visual, row, y, height in rows:
            shaded = alternate and bool(visual & 1)
            if alternate:
                option.features = shaded_features if shaded else plain_features
            for column, x, width in columns:
                cell = QRect(x, y, width, height)
                if apart and not region.intersects(cell):
                    continue
                if shaded:
                    painter.fillRect(cell, shade)
                draw(cell, row, column)
        if grid:
            hint = self.style().styleHint(QStyle.StyleHint.SH_Table_GridLineColor, option, self)
            painter.setPen(QPen(QColor.fromRgba(hint & 0xFFFFFFFF), 1, self.gridStyle()))
            # Each line half a pixel in, as Qt's table draws it, so it takes the same pixels.
            for _visual, _row, y, height in rows:
                line = QLineF(area.left(), y + height, area.right(), y + height)
                painter.drawLine(line.translated(0.5, 0.5))
            for _column, x, width in columns:
                line = QLineF(x + width, area.top(), x + width, area.bottom())
                painter.drawLine(line.translated(0.5, 0.5))
        painter.end()

    def cells_plain(self, option: QStyleOptionViewItem) -> bool:
        """Whether every cell is drawn in the view's own state `option`, left to right,
        and the style's row panels are nothing, or the alternate rows' shade: then this
        view draws them."""
        viewport = self.viewport()
        down = self.verticalHeader()
        if (
            not self.isEnabled()
            or not self.isLeftToRight()
            or (self.showGrid() and (self.horizontalHeader().isHidden() or down.isHidden()))
            or (self.alternatingRowColors() and down.sectionsHidden())
            or self.selectionModel().hasSelection()
            or ((self.hasFocus() or viewport.hasFocus()) and self.currentIndex().isValid())
            or (viewport.testAttribute(Qt.WidgetAttribute.WA_Hover) and viewport.underMouse())
        ):
            return False
        alternate = self.alternatingRowColors()
        key = (id(self.style()), option.palette.cacheKey(), alternate)
        known = self._panels_known.get(key)
        if known is None:
            if len(self._panels_known) >= _KEPT_STYLES:
                self._panels_known.clear()
            known = self._panels_known[key] = self._panels_as_drawn(option, alternate)
        return known

    def _panels_as_drawn(self, option: QStyleOptionViewItem, alternate: bool) -> bool:
        """Whether the style draws nothing under a plain cell and, where rows alternate,
        the alternate base under a shaded one: drawn into images to compare."""
        plain = QStyleOptionViewItem(option)
        plain.rect = QRect(0, 0, _SAMPLE, _SAMPLE)
        palette = plain.palette
        palette.setCurrentColorGroup(_NORMAL)
        plain.palette = palette
        plain.features &= ~_ALTERNATE
        clear = _sample()
        if self._row_panel(plain) != clear:
            return False
        if not alternate:
            return True
        plain.features |= _ALTERNATE
        shaded = _sample()
        painter = QPainter(shaded)
        painter.fillRect(plain.rect, plain.palette.brush(_NORMAL, QPalette.ColorRole.AlternateBase))
        painter.end()
        return self._row_panel(plain) == shaded

    def _row_panel(self, option: QStyleOptionViewItem) -> QImage:
        drawn = _sample()
        painter = QPainter(drawn)
        self.style().drawPrimitive(_ROW_PANEL, option, painter, self)
        painter.end()
        return drawn


def _sample() -> QImage:
    image = QImage(_SAMPLE, _SAMPLE, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    return image


def _shown_sections(header: QHeaderView, start: int, end: int) -> list[tuple[int, int]]:
    """The sections of `header` shown between the positions `start` and `end` (in the
    viewport), in the order shown: each one's place in that order, and its number."""
    first, last = header.visualIndexAt(start), header.visualIndexAt(end)
    if first == -1:
        first = 0
    if last == -1:
        last = header.count() - 1
    sections = ((visual, header.logicalIndex(visual)) for visual in range(first, last + 1))
    return [
        (visual, section) for visual, section in sections if not header.isSectionHidden(section)
    ]
