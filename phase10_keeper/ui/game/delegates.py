"""Painting for the score grid: each cell reads like a cell of the paper sheet, and each
row header shows the whole name with its marks beside it, as the printed sheet does."""

from collections.abc import Callable
from typing import NamedTuple, TypeVar, cast

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QPoint, QRect, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetrics,
    QPainter,
    QPaintEvent,
    QPalette,
    QPixmap,
    QRegion,
)
from PySide6.QtWidgets import (
    QApplication,
    QHeaderView,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionHeader,
    QStyleOptionViewItem,
    QWidget,
)

from phase10_keeper.ui.game.grid_model import MARKS_ROLE, Cell, ScoreGridModel, mark_labels
from phase10_keeper.ui.text.translate import app_words, tr
from phase10_keeper.ui.text.wording import number_text

MADE_COLOUR = QColor(46, 150, 80)
MISSED_COLOUR = QColor(205, 70, 60)
"""Both read on light and dark backgrounds; the ✓ and ✗ marks carry the meaning too."""

CELL_SIZE = QSize(58, 36)
"""The smallest hand cell that still shows phase, mark, "out" and points."""
TOTAL_SIZE = QSize(72, 36)
PADDING = 5
SMALLEST_NAME = 0.7
"""How far a long name may shrink in its row header before it wraps anywhere."""
REMEMBERED = 256
"""How many measurements the grid keeps; resizing the window makes new ones."""
DRAWN_CELLS = 512
"""How many cells' words the grid keeps drawn: about six pages of six players, some 8 KB
each (four times that on a screen of twice the pixels)."""

DRAWN_NAMES = 48
"""How many row headers' names the grid keeps drawn: each player's with and without each
mark, in a table of eight (some 50 KB each)."""

_T = TypeVar("_T")

# Qt's flags combined once: PySide6's enums are Python's, and `|` on them runs Python.
_CENTRE = int(Qt.AlignmentFlag.AlignCenter)
_TOP_LEFT = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
_BOTTOM_LEFT = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom)
_BOTTOM_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom)
_MIDDLE_LEFT = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
_SELECTED = QStyle.StateFlag.State_Selected.value
_PANELLED = (
    QStyle.StateFlag.State_Selected
    | QStyle.StateFlag.State_HasFocus
    | QStyle.StateFlag.State_MouseOver
).value
"""The states of a cell a style draws a panel for: the model gives cells no background."""
_ALTERNATE = QStyleOptionViewItem.ViewItemFeature.Alternate.value
_TEXT = QPalette.ColorRole.Text
_HIGHLIGHTED_TEXT = QPalette.ColorRole.HighlightedText


def fit_text(text: str, font: QFont, rect: QRect, smallest: float = SMALLEST_NAME) -> QFont:
    """The largest font, down to `smallest` times `font`, that fits `text` word-wrapped
    in `rect`; at the smallest size the text may also break inside a word."""
    fitted = QFont(font)
    flags = int(Qt.TextFlag.TextWordWrap)
    size = font.pointSizeF()
    while size > font.pointSizeF() * smallest:
        fitted.setPointSizeF(size)
        needed = QFontMetrics(fitted).boundingRect(rect, flags, text)
        if needed.width() <= rect.width() and needed.height() <= rect.height():
            return fitted
        size -= 0.5
    fitted.setPointSizeF(font.pointSizeF() * smallest)
    return fitted


SMALLEST_NOTE = 0.75
"""How far a cell's note (not seated, left) may shrink before it wraps anywhere."""


def fitted_layout(
    text: str, font: QFont, rect: QRect, smallest: float
) -> tuple[QFont, Qt.TextFlag]:
    """The font `text` fits `rect` in, and how it wraps there: between words (and at the
    soft hyphens a translation puts in a long word), or, only where nothing else fits,
    anywhere."""
    fitted = fit_text(text, font, rect, smallest)
    wrap = Qt.TextFlag.TextWordWrap
    if QFontMetrics(fitted).boundingRect(rect, int(wrap), text).width() > rect.width():
        wrap = Qt.TextFlag.TextWrapAnywhere
    return fitted, wrap


def absence_layout(text: str, font: QFont, rect: QRect) -> tuple[QFont, Qt.TextFlag]:
    """How a cell says why a player was not at the table: in `font` if it fits `rect`,
    else smaller, wrapped between words."""
    return fitted_layout(text, font, rect, SMALLEST_NOTE)


class PlayerHeader(QHeaderView):
    """The players' names down the left of the grid, never cut: a long name wraps and,
    if it must, shrinks; the marks (deals, plays first, won) sit in a column of their own."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(Qt.Orientation.Vertical, parent)
        self.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self._measured: dict[tuple[object, ...], object] = {}
        """Widths and fitted fonts by what they depend on: every hand recorded repaints
        every name, and fitting a long one measures it at several sizes."""
        self._drawn: dict[tuple[object, ...], QPixmap] = {}
        """Each section as drawn, its panel, name and marks, by what they show and how."""
        self._painting: tuple[QRegion, tuple[object, ...]] | None = None
        """While the header paints: the region drawn again, and the sections' look."""

    def sizeHint(self) -> QSize:
        # The grid fixes the header's width (`SheetGrid`'s fit), and the table takes that
        # whatever the hint says. Worked out by QHeaderView, the hint asked the model
        # about every name in four roles each time the marks moved: at every hand.
        return QSize(self.minimumWidth(), self.length())

    def _remembered(self, key: tuple[object, ...], measure: Callable[[], _T]) -> _T:
        if len(self._measured) > REMEMBERED:
            self._measured.clear()
        if key not in self._measured:
            self._measured[key] = measure()
        return cast(_T, self._measured[key])

    def marks_width(self) -> int:
        labels = mark_labels()
        return self._remembered(
            ("marks", self.font().key(), labels),
            lambda: (
                max(QFontMetrics(self._mark_font()).horizontalAdvance(text) for text in labels) + 12
            ),
        )

    def widest_word(self, names: tuple[str, ...], font: QFont) -> int:
        """How wide the widest word of `names` is at the least size a name shrinks to."""

        def measure() -> int:
            smallest = QFont(font)
            smallest.setPointSizeF(font.pointSizeF() * SMALLEST_NAME)
            metrics = QFontMetrics(smallest)
            words = [word for name in names for word in name.split()]
            return max(map(metrics.horizontalAdvance, words), default=0) + PADDING

        return self._remembered(("words", names, font.key()), measure)

    def _fitted_name(self, name: str, rect: QRect) -> tuple[QFont, Qt.TextFlag]:
        """The font `name` fits `rect` in, and how it wraps there."""

        return self._remembered(
            ("name", name, self.font().key(), rect.width(), rect.height()),
            lambda: fitted_layout(name, self.font(), rect, SMALLEST_NAME),
        )

    def _mark_font(self) -> QFont:
        font = QFont(self.font())
        font.setBold(True)
        font.setPointSizeF(self.font().pointSizeF() * 0.8)
        return font

    def paintEvent(self, event: QPaintEvent) -> None:
        # What every section drawn now shares is found once, and only the sections in
        # the region drawn again are drawn: Qt's header draws every section across the
        # region's bounds, all the names when the marks of the first and the last move.
        self._painting = (event.region(), self._look())
        try:
            super().paintEvent(event)
        finally:
            self._painting = None

    def _look(self) -> tuple[object, ...]:
        """What every section's image depends on beside its own name, marks and size."""
        palette = self.palette()
        inks = tuple(
            palette.color(role).rgba()
            for role in (
                QPalette.ColorRole.ButtonText,
                QPalette.ColorRole.Highlight,
                QPalette.ColorRole.HighlightedText,
            )
        )
        return (
            self.font().key(),
            inks,
            palette.cacheKey(),
            self.isEnabled(),
            self.isActiveWindow(),
            self.style().name(),
        )

    def paintSection(self, painter: QPainter, rect: QRect, logical_index: int) -> None:
        model = self.model()
        if model is None or not rect.isValid():
            return
        if self._painting is None:
            look = self._look()
        else:
            region, look = self._painting
            if not region.intersects(rect):
                return
        orientation = Qt.Orientation.Vertical
        name = str(model.headerData(logical_index, orientation) or "")
        marks = tuple(model.headerData(logical_index, orientation, MARKS_ROLE) or ())
        selection = self.selectionModel()
        # Whether a row is selected is asked of each of its cells, a long game's hundreds.
        selected = (
            selection is not None
            and selection.hasSelection()
            and selection.isRowSelected(logical_index)
        )
        ratio = painter.device().devicePixelRatioF()
        # Drawn once for each name, marks, size and look: every hand recorded repaints
        # names, and the style's panel and a wrapped name's layout are most of it.
        key = (logical_index, name, marks, selected, rect.width(), rect.height(), look, ratio)
        drawn = self._drawn.get(key)
        if drawn is None:
            if len(self._drawn) >= DRAWN_NAMES:
                self._drawn.clear()
            drawn = self._draw_section(logical_index, (name, marks, selected), rect, ratio)
            self._drawn[key] = drawn
        painter.drawPixmap(rect.topLeft(), drawn)

    def _draw_section(
        self, section: int, shown: tuple[str, tuple[str, ...], bool], rect: QRect, ratio: float
    ) -> QPixmap:
        """A section as the style draws its panel, with its name and marks on it (`shown`,
        with whether its row is selected)."""
        name, marks, selected = shown
        drawn = QPixmap(rect.size() * ratio)
        drawn.setDevicePixelRatio(ratio)
        option = QStyleOptionHeader()
        self.initStyleOption(option)
        option.rect = QRect(QPoint(0, 0), rect.size())
        option.section = section
        option.text = ""
        if selected:
            option.state |= QStyle.StateFlag.State_On
        painter = QPainter(drawn)
        # On what the header's viewport fills itself with, as the section is drawn there.
        painter.fillRect(option.rect, self.palette().brush(QPalette.ColorRole.Button))
        self.style().drawControl(QStyle.ControlElement.CE_Header, option, painter, self)
        painter.drawPixmap(0, 0, self._draw_words(name, marks, rect.size(), ratio))
        painter.end()
        return drawn

    def _draw_words(self, name: str, marks: tuple[str, ...], size: QSize, ratio: float) -> QPixmap:
        """A section's name and marks, drawn on a transparent pixmap of its `size`."""
        words = QPixmap(size * ratio)
        words.setDevicePixelRatio(ratio)
        words.fill(Qt.GlobalColor.transparent)
        rect = QRect(QPoint(0, 0), size)
        name_rect = self._name_rect(rect, bool(marks))
        font, wrap = self._fitted_name(name, name_rect)
        painter = QPainter(words)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        painter.setFont(font)
        painter.setPen(self.palette().color(QPalette.ColorRole.ButtonText))
        painter.drawText(name_rect, _MIDDLE_LEFT | int(wrap), name)
        self._paint_marks(painter, self._mark_rect(rect), list(marks))
        painter.end()
        return words

    def _mark_rect(self, rect: QRect) -> QRect:
        mark_rect = rect.adjusted(PADDING + 1, 2, -PADDING, -2)
        mark_rect.setLeft(mark_rect.right() - self.marks_width() + 8)
        return mark_rect

    def name_rect(self, rect: QRect, logical_index: int) -> QRect:
        """Where the name of the row `logical_index` is drawn in its section `rect`: beside
        its marks, if it has any."""
        model = self.model()
        marks = model.headerData(logical_index, self.orientation(), MARKS_ROLE) if model else []
        return self._name_rect(rect, bool(marks))

    def _name_rect(self, rect: QRect, marked: bool) -> QRect:
        inner = rect.adjusted(PADDING + 1, 2, -PADDING, -2)
        return inner.adjusted(0, 0, -(self._mark_rect(rect).width() + 4) if marked else 0, 0)

    def _paint_marks(self, painter: QPainter, rect: QRect, marks: list[str]) -> None:
        if not marks:
            return
        painter.setFont(self._mark_font())
        metrics = painter.fontMetrics()
        height = metrics.height() + 2
        top = rect.center().y() - (height * len(marks) + 2 * (len(marks) - 1)) // 2
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        for text in marks:
            badge = QRectF(rect.left(), top, rect.width(), height)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(self.palette().color(QPalette.ColorRole.Highlight))
            painter.drawRoundedRect(badge, 4, 4)
            painter.setPen(self.palette().color(QPalette.ColorRole.HighlightedText))
            painter.drawText(badge, _CENTRE, text)
            top += height + 2


class CellType(NamedTuple):
    """The fonts of a cell of one type size and height."""

    total: QFont
    small: QFont
    phase_made: QFont
    phase_missed: QFont
    mark: QFont
    points: QFont


def cell_type(font: QFont, height: int) -> CellType:
    """The fonts a cell `height` pixels high (less padding) draws with, from `font`."""
    total = QFont(font)
    total.setBold(True)
    total.setPointSizeF(font.pointSizeF() * 1.35)
    small = QFont(font)
    small.setPointSizeF(font.pointSizeF() * 0.82)
    phase_missed = QFont(small)
    phase_missed.setStrikeOut(True)
    phase_made = QFont(small)
    phase_made.setStrikeOut(False)
    mark = QFont(small)
    mark.setBold(True)
    # The points are the biggest type in the cell, but in a short row they must stay
    # below the phase line rather than run into it.
    below_phase = height - QFontMetrics(small).ascent() - 1
    plain = QFontMetrics(font)
    fits = below_phase / max(1, plain.capHeight() + plain.descent())
    points = QFont(font)
    points.setPointSizeF(font.pointSizeF() * max(0.9, min(1.25, fits)))
    return CellType(total, small, phase_made, phase_missed, mark, points)


class ScoreCellDelegate(QStyledItemDelegate):
    """Reads whole cells from the model's Python methods: one call per cell instead of a
    round trip through `index.data()` for every role it paints."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._types: dict[tuple[str, int], CellType] = {}
        """Every cell of a size draws with the same fonts: made once, not per cell."""
        self._last_type: tuple[QFont, int, CellType] | None = None
        """The fonts the last cell drew with, by its font and height: the next cell most
        often has the same, found without building the font's key."""
        self._notes: dict[tuple[str, str, int, int], tuple[QFont, Qt.TextFlag]] = {}
        """The fitted type of each note by its cell's size: a column of them is alike."""
        self._drawn: dict[tuple[object, ...], QPixmap] = {}
        """Each cell's words as drawn, by what they show and how: a hand recorded
        repaints the whole grid, and all but one column of it is drawn already."""
        self._drawn_with: CellType | None = None

    def _note(self, text: str, font: QFont, rect: QRect) -> tuple[QFont, Qt.TextFlag]:
        key = (text, font.key(), rect.width(), rect.height())
        found = self._notes.get(key)
        if found is None:
            if len(self._notes) > REMEMBERED:
                self._notes.clear()
            found = self._notes[key] = absence_layout(text, font, rect)
        return found

    def _type(self, font: QFont, height: int) -> CellType:
        last = self._last_type
        if last is not None and last[1] == height and last[0] == font:
            return last[2]
        key = (font.key(), height)
        found = self._types.get(key)
        if found is None:
            if len(self._types) > REMEMBERED:
                self._types.clear()
            found = self._types[key] = cell_type(font, height)
        self._last_type = (QFont(font), height, found)
        return found

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        # The cell's panel (background, selection, focus) as `initStyleOption` would set
        # it up, without its eight round trips through `data()`: the model gives no font,
        # colours, check state or icon, and the text is painted below.
        model = index.model()
        assert isinstance(model, ScoreGridModel)
        row, column = index.row(), index.column()
        total_column = model.total_column
        state = option.state.value
        # A cell neither selected, focused, hovered nor shaded has an empty panel: most
        # cells of a grid repainted for a hand recorded, each skipping a style's round trip.
        if state & _PANELLED or option.features.value & _ALTERNATE:
            panel = QStyleOptionViewItem(option)
            panel.features |= QStyleOptionViewItem.ViewItemFeature.HasDisplay
            if column == total_column:
                panel.displayAlignment = Qt.AlignmentFlag.AlignCenter
            style = panel.widget.style() if panel.widget is not None else QApplication.style()
            style.drawControl(QStyle.ControlElement.CE_ItemViewItem, panel, painter, panel.widget)

        selected = bool(state & _SELECTED)
        ink = option.palette.color(_HIGHLIGHTED_TEXT if selected else _TEXT)
        self.paint_contents(painter, option.rect, option.font, ink, selected, model, row, column)

    def paint_contents(
        self,
        painter: QPainter,
        cell: QRect,
        font: QFont,
        ink: QColor,
        selected: bool,
        model: ScoreGridModel,
        row: int,
        column: int,
    ) -> None:
        """Draws what the cell at `row`, `column` says into `cell`, over its panel: in
        `font`'s sizes and `ink`, the highlighted ink where `selected`."""
        total_column = model.total_column
        rect = cell.adjusted(PADDING, 3, -PADDING, -3)
        fonts = self._type(font, rect.height())
        if column == total_column:
            shown: object = model.total(row)
        else:
            shown = model.cell(row, column)
            if shown is None:
                shown = model.absence(row, column)
                if shown is not None:
                    # Not at the table: the cell is shaded and says why, in small letters.
                    shade = QColor(ink)
                    shade.setAlphaF(0.08)
                    painter.fillRect(cell, shade)
        if fonts is not self._drawn_with or len(self._drawn) > DRAWN_CELLS:
            self._drawn.clear()
            self._drawn_with = fonts
        ratio = painter.device().devicePixelRatioF()
        key = (shown, rect.width(), rect.height(), ink.rgba(), selected, ratio, app_words().code)
        words = self._drawn.get(key)
        if words is None:
            words = self._draw_words(shown, fonts, rect.size(), ink, ratio, selected)
            self._drawn[key] = words
        painter.drawPixmap(rect.topLeft(), words)

    def _draw_words(
        self,
        shown: object,
        fonts: CellType,
        size: QSize,
        ink: QColor,
        ratio: float,
        selected: bool,
    ) -> QPixmap:
        """The words of a cell showing `shown`: a total, a result, why a player was not at
        the table, or nothing yet."""
        words = QPixmap(size * ratio)
        words.setDevicePixelRatio(ratio)
        words.fill(Qt.GlobalColor.transparent)
        muted = QColor(ink)
        muted.setAlphaF(0.6)
        rect = QRect(QPoint(0, 0), size)
        painter = QPainter(words)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        if isinstance(shown, int):
            painter.setFont(fonts.total)
            painter.setPen(ink)
            painter.drawText(rect, _CENTRE, number_text(shown))
        elif isinstance(shown, str):
            font, wrap = self._note(shown, fonts.small, rect)
            painter.setFont(font)
            painter.setPen(muted)
            painter.drawText(rect, _CENTRE | int(wrap), shown)
        elif isinstance(shown, Cell):
            self._paint_cell(painter, fonts, rect, shown, ink, muted, selected)
        else:
            painter.setPen(muted)
            painter.drawText(rect, _CENTRE, "—")
        painter.end()
        return words

    @staticmethod
    def _paint_cell(
        painter: QPainter,
        fonts: CellType,
        rect: QRect,
        cell: Cell,
        ink: QColor,
        muted: QColor,
        selected: bool,
    ) -> None:
        corner = rect.adjusted(0, 0, 0, -rect.height() // 2)
        if cell.phase is not None:
            painter.setFont(fonts.phase_made if cell.made else fonts.phase_missed)
            painter.setPen(muted)
            label = tr(
                "grid.replay_phase_short" if cell.replay else "grid.phase_short",
                phase=cell.phase,
            )
            painter.drawText(corner, _TOP_LEFT, label)
            offset = painter.fontMetrics().horizontalAdvance(label) + 3
            corner = corner.adjusted(offset, 0, 0, 0)
        painter.setFont(fonts.mark)
        if selected:
            painter.setPen(ink)
        else:
            painter.setPen(MADE_COLOUR if cell.made else MISSED_COLOUR)
        mark = "✓" if cell.made else "✗"
        painter.drawText(corner, _TOP_LEFT, mark)
        if cell.went_out:
            # Bottom left, beside the 0: the top line is full in a narrow cell.
            painter.setFont(fonts.small)
            painter.setPen(muted)
            painter.drawText(rect, _BOTTOM_LEFT, tr("grid.out"))
        painter.setFont(fonts.points)
        painter.setPen(ink)
        painter.drawText(rect, _BOTTOM_RIGHT, str(cell.points))

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        model = index.model()
        if isinstance(model, ScoreGridModel) and index.column() == model.total_column:
            return TOTAL_SIZE
        return CELL_SIZE
