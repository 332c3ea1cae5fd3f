"""Charts drawn with QPainter: lines over the hands of a game or the games of a player,
and bars for phase difficulty.

They take their colours from the palette (light or dark), tell lines apart by dash and
marker as well as colour, scale with the widget, show a point's numbers on hover or
keyboard focus, and come with a table of the same numbers and export to PNG or SVG.
"""

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

from PySide6.QtCore import (
    QByteArray,
    QEvent,
    QLocale,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QPointF,
    QRectF,
    QSize,
    Qt,
)
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFocusEvent,
    QFontMetrics,
    QImage,
    QImageWriter,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPalette,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QStackedWidget,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from phase10_keeper.stats.scale import round_step
from phase10_keeper.ui.text.translate import tr
from phase10_keeper.ui.text.wording import number_text
from phase10_keeper.ui.widgets.text_table import TextTableModel
from phase10_keeper.ui.widgets.worded import WordedWhenAsked

_Index = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()

HUES = (210, 25, 130, 280, 0, 55)
"""Blue, orange, green, purple, red, yellow: apart from each other on the colour wheel."""
DASHES = (
    Qt.PenStyle.SolidLine,
    Qt.PenStyle.DashLine,
    Qt.PenStyle.DotLine,
    Qt.PenStyle.DashDotLine,
    Qt.PenStyle.DashDotDotLine,
    Qt.PenStyle.SolidLine,
)
MARKERS = ("circle", "square", "triangle", "diamond", "cross", "star")
MARKER_SIZE = 4.0
PAD = 10.0
LEGEND_KEY = 28
"""The width of a legend entry's sample of line and marker, with the gap after it."""


def percent_text(share: float) -> str:
    """A share from 0 to 1 as a whole percentage, the way the language and locale write
    one: "40%", "40 %"."""
    return tr("charts.percent", percent=QLocale().toString(round(share * 100)))


def is_dark(palette: QPalette) -> bool:
    return palette.color(QPalette.ColorRole.Base).lightnessF() < 0.5


def series_colour(index: int, palette: QPalette) -> QColor:
    """The colour of the line or bar at `index`, readable on the palette's base colour."""
    hue = HUES[index % len(HUES)]
    if is_dark(palette):
        return QColor.fromHsv(hue, 150, 245)
    return QColor.fromHsv(hue, 230, 185)


def line_style(index: int, palette: QPalette) -> tuple[QColor, Qt.PenStyle, str]:
    """The colour, dash and marker of the line at `index`. A game with players who left
    and joined can have more lines than there are colours: each time the colours come
    round again, the markers move on by one, so no two lines look alike."""
    marker = MARKERS[(index + index // len(HUES)) % len(MARKERS)]
    return series_colour(index, palette), DASHES[index % len(DASHES)], marker


def marker_path(shape: str, centre: QPointF, size: float) -> QPainterPath:
    """A marker's outline: lines differ by marker shape, not colour alone."""
    path = QPainterPath()
    x, y = centre.x(), centre.y()
    if shape == "circle":
        path.addEllipse(centre, size, size)
    elif shape == "square":
        path.addRect(QRectF(x - size, y - size, 2 * size, 2 * size))
    elif shape == "triangle":
        path.addPolygon(
            QPolygonF(
                [
                    QPointF(x, y - size * 1.2),
                    QPointF(x + size, y + size),
                    QPointF(x - size, y + size),
                ]
            )
        )
        path.closeSubpath()
    elif shape == "diamond":
        path.addPolygon(
            QPolygonF(
                [
                    QPointF(x, y - size * 1.3),
                    QPointF(x + size * 1.3, y),
                    QPointF(x, y + size * 1.3),
                    QPointF(x - size * 1.3, y),
                ]
            )
        )
        path.closeSubpath()
    elif shape == "cross":
        path.addRect(QRectF(x - size, y - size / 3, 2 * size, 2 * size / 3))
        path.addRect(QRectF(x - size / 3, y - size, 2 * size / 3, 2 * size))
        path.setFillRule(Qt.FillRule.WindingFill)
    else:
        points = []
        for step in range(10):
            radius = size * 1.4 if step % 2 == 0 else size * 0.6
            angle = math.pi / 2 + step * math.pi / 5
            points.append(QPointF(x + radius * math.cos(angle), y - radius * math.sin(angle)))
        path.addPolygon(QPolygonF(points))
        path.closeSubpath()
    return path


def nice_step(largest: float, ticks: int = 5) -> float:
    """A round step (1, 2 or 5 times a power of ten) giving about `ticks` steps to `largest`."""
    return round_step(largest / ticks) if largest > 0 else 1.0


def _cut_at_a_word(metrics: QFontMetrics, name: str, room: int) -> str:
    """`name` in `room`: whole if it fits, else its first words that fit and "…"
    ("Maximilian…" rather than "Maximilian Al…"), else cut where it must."""
    if metrics.horizontalAdvance(name) <= room:
        return name
    words = name.split()
    for count in range(len(words) - 1, 0, -1):
        shown = " ".join(words[:count]) + "…"
        if metrics.horizontalAdvance(shown) <= room:
            return shown
    return metrics.elidedText(name, Qt.TextElideMode.ElideRight, room)


@dataclass(frozen=True)
class ChartLine:
    """One line: a value at each x from the chart's first x on, and words for each point."""

    name: str
    values: tuple[float | None, ...]
    """None where the line has no point: a player not seated for that hand."""
    details: Sequence[str]
    """What hover and keyboard focus show for each point."""

    def shown(self) -> range:
        """The points drawn: from the first value to the last."""
        given = [index for index, value in enumerate(self.values) if value is not None]
        return range(given[0], given[-1] + 1) if given else range(0)


@dataclass(frozen=True)
class LineData:
    title: str
    x_label: str
    lines: tuple[ChartLine, ...] = ()
    first_x: int = 0
    """The x of each line's first value."""
    step: bool = False
    """Draw steps (values that hold until the next point) rather than slopes."""
    highlight: str | None = None
    """The line to mark (the leader), by name."""
    x_marks: tuple[tuple[int, str], ...] = ()
    """Vertical rules at these x values, with a label (a tie-break hand)."""
    integer_y: bool = True
    start_label: str | None = None
    """What the table calls x = 0 when the lines begin before the first hand."""

    @property
    def point_count(self) -> int:
        return max((len(line.values) for line in self.lines), default=0)


@dataclass(frozen=True)
class Bar:
    label: str
    value: float
    """From 0 to 1."""
    detail: str


@dataclass(frozen=True)
class BarData:
    title: str
    x_label: str
    bars: tuple[Bar, ...] = ()
    highlight: str | None = None
    """The bar to mark (the hardest phase), by label."""


@dataclass
class _Focus:
    line: int = 0
    point: int = 0
    shown: bool = False


@dataclass(frozen=True, slots=True)
class _Legend:
    rows: list[list[int]]
    labels: list[str]
    column_width: float | None


class ChartWidget(QWidget):
    """What the charts share: size, export, and a focus point that hover and keys move."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)
        self.setMinimumSize(240, 160)
        self._focus = _Focus()
        self._title_lines = 1
        """How many lines the title took when last drawn."""

    def sizeHint(self) -> QSize:
        return QSize(560, 320)

    def series_count(self) -> int:
        """How many series the chart draws: its lines, or one for a set of bars."""
        raise NotImplementedError

    def focus_text(self) -> str | None:
        """The numbers of the point in focus, as hover or the keyboard chose it."""
        raise NotImplementedError

    def draw(self, painter: QPainter, size: QSize) -> None:
        """Draws the whole chart at `size`: on the widget, an image or an SVG file."""
        raise NotImplementedError

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        self.draw(painter, self.size())
        painter.end()

    def render_image(self, size: QSize | None = None) -> QImage:
        """The chart drawn on an image of `size` (default: the widget's size)."""
        size = size or self.size()
        image = QImage(size, QImage.Format.Format_ARGB32)
        image.fill(self.palette().color(QPalette.ColorRole.Base))
        painter = QPainter(image)
        self.draw(painter, size)
        painter.end()
        return image

    def export(self, path: Path, size: QSize | None = None) -> bool:
        """Writes the chart as SVG (for a .svg path) or PNG; whether it was written."""
        size = size or QSize(max(self.width(), 640), max(self.height(), 400))
        if path.suffix.lower() == ".svg":
            # Qt's SVG module is loaded only for an export: the charts are built with
            # every game page, exports are rare.
            from PySide6.QtSvg import QSvgGenerator

            generator = QSvgGenerator()
            generator.setFileName(str(path))
            generator.setSize(size)
            generator.setViewBox(QRectF(0, 0, size.width(), size.height()))
            generator.setTitle(self.accessibleName())
            painter = QPainter(generator)
            painter.fillRect(
                QRectF(0, 0, size.width(), size.height()),
                self.palette().color(QPalette.ColorRole.Base),
            )
            self.draw(painter, size)
            return painter.end() and path.exists()
        writer = QImageWriter(str(path), QByteArray(b"png"))
        return writer.write(self.render_image(size))

    def focusOutEvent(self, event: QFocusEvent) -> None:
        self._focus.shown = False
        self.update()
        super().focusOutEvent(event)

    def leaveEvent(self, event: QEvent) -> None:
        if not self.hasFocus():
            self._focus.shown = False
            self.update()
        super().leaveEvent(event)

    def _draw_frame(self, painter: QPainter, size: QSize, title: str) -> QFontMetrics:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        painter.fillRect(
            QRectF(0, 0, size.width(), size.height()), palette.color(QPalette.ColorRole.Base)
        )
        font = self.font()
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(palette.color(QPalette.ColorRole.Text))
        metrics = QFontMetrics(font)
        room = max(0, size.width() - round(2 * PAD))
        lines = title_lines(metrics, title, room)
        self._title_lines = len(lines)
        for number, line in enumerate(lines):
            painter.drawText(QPointF(PAD, PAD + metrics.ascent() + number * metrics.height()), line)
        painter.setFont(self.font())
        if self.hasFocus():
            pen = QPen(palette.color(QPalette.ColorRole.Highlight), 2)
            painter.setPen(pen)
            painter.drawRect(QRectF(1, 1, size.width() - 2, size.height() - 2))
        return QFontMetrics(self.font())

    def _draw_focus_text(self, painter: QPainter, size: QSize) -> None:
        text = self.focus_text() if self._focus.shown else None
        if not text:
            return
        palette = self.palette()
        metrics = QFontMetrics(self.font())
        width = metrics.horizontalAdvance(text) + 2 * PAD
        box = QRectF(size.width() - width - PAD, PAD / 2, width, metrics.height() + PAD)
        painter.setPen(QPen(palette.color(QPalette.ColorRole.Mid), 1))
        painter.setBrush(palette.color(QPalette.ColorRole.ToolTipBase))
        painter.drawRoundedRect(box, 4, 4)
        painter.setPen(palette.color(QPalette.ColorRole.ToolTipText))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


class LineChart(ChartWidget):
    """Lines over hands or games, one per player; the leader's line drawn thicker and
    starred in the legend."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.data = LineData("", "")
        self._plot = QRectF()
        self._y_max = 1.0

    def set_data(self, data: LineData) -> None:
        self.data = data
        count = data.point_count
        self._focus.point = min(self._focus.point, max(count - 1, 0))
        self._focus.line = min(self._focus.line, max(len(data.lines) - 1, 0))
        if data.highlight:
            description = tr(
                "charts.line_description_leader", title=data.title, name=data.highlight
            )
        else:
            description = tr("charts.line_description", title=data.title)
        self.setAccessibleDescription(description)
        self.update()

    def series_count(self) -> int:
        return len(self.data.lines)

    def focus_text(self) -> str | None:
        lines = self.data.lines
        if not lines:
            return None
        line = lines[self._focus.line]
        if self._focus.point >= len(line.details) or line.values[self._focus.point] is None:
            return None
        return line.details[self._focus.point]

    def _x_position(self, index: int) -> float:
        count = max(self.data.point_count - 1, 1)
        return self._plot.left() + self._plot.width() * index / count

    def _y_position(self, value: float) -> float:
        return self._plot.bottom() - self._plot.height() * value / self._y_max

    def draw(self, painter: QPainter, size: QSize) -> None:
        data = self.data
        metrics = self._draw_frame(painter, size, data.title)
        palette = self.palette()
        text_colour = palette.color(QPalette.ColorRole.Text)
        faint = palette.color(QPalette.ColorRole.PlaceholderText)
        largest = max(
            (max((v for v in line.values if v is not None), default=0) for line in data.lines),
            default=0,
        )
        legend = self._legend(metrics, size)
        top = PAD + metrics.height() * (self._title_lines + len(legend.rows)) + PAD
        bottom = size.height() - PAD - 2 * metrics.height()
        # As many lines across as there is room for, each number clear of the next.
        ticks = max(1, min(5, int((bottom - top) / (metrics.height() * 1.5))))
        step = nice_step(largest, ticks)
        if data.integer_y:
            # Small counts (phases made) read best one by one, where there is room.
            step = 1.0 if largest <= min(10, ticks * 2) else max(step, 1.0)
        self._y_max = max(step * math.ceil(largest / step), step)
        label_width = metrics.horizontalAdvance(number_text(self._y_max)) + PAD
        self._plot = QRectF(
            PAD + label_width, top, size.width() - 2 * PAD - label_width - PAD, bottom - top
        )
        self._draw_legend(painter, metrics, legend)
        # The grid and the y axis's numbers.
        value = 0.0
        while value <= self._y_max + 1e-9:
            y = self._y_position(value)
            painter.setPen(QPen(faint, 0.5, Qt.PenStyle.DotLine))
            painter.drawLine(QPointF(self._plot.left(), y), QPointF(self._plot.right(), y))
            painter.setPen(text_colour)
            painter.drawText(
                QRectF(PAD, y - metrics.height() / 2, label_width - 4, metrics.height()),
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                number_text(value),
            )
            value += step
        painter.setPen(QPen(text_colour, 1))
        painter.drawLine(self._plot.bottomLeft(), self._plot.bottomRight())
        painter.drawLine(self._plot.bottomLeft(), self._plot.topLeft())
        self._draw_x_axis(painter, metrics)
        for x, label in data.x_marks:
            index = x - data.first_x
            if 0 <= index < data.point_count:
                position = self._x_position(index)
                painter.setPen(QPen(text_colour, 1, Qt.PenStyle.DashLine))
                painter.drawLine(
                    QPointF(position, self._plot.top()), QPointF(position, self._plot.bottom())
                )
                painter.drawText(
                    QPointF(
                        position - metrics.horizontalAdvance(label) - 4,
                        self._plot.top() + metrics.ascent(),
                    ),
                    label,
                )
        for index, line in enumerate(data.lines):
            self._draw_line(painter, index, line)
        self._draw_focus_point(painter)
        self._draw_focus_text(painter, size)

    def _legend(self, metrics: QFontMetrics, size: QSize) -> _Legend:
        """The legend's rows (line indexes), labels and column width (None where the
        labels follow on from each other). Names that would take more than a quarter of
        the chart's height are cut short after a word, in even columns, so the plot
        keeps its room; the table and the tooltips name them whole."""
        star = " ★"
        labels = [
            line.name + (star if line.name == self.data.highlight else "")
            for line in self.data.lines
        ]
        rows = self._legend_rows(metrics, size.width(), labels)
        most_rows = max(1, int(size.height() / 4 / metrics.height()))
        if len(rows) <= most_rows or not labels:
            return _Legend(rows, labels, None)
        columns = math.ceil(len(labels) / most_rows)
        column_width = (size.width() - PAD) / columns
        room = int(column_width - LEGEND_KEY - PAD * 1.5)
        cut = []
        for line in self.data.lines:
            mark = star if line.name == self.data.highlight else ""
            name_room = room - metrics.horizontalAdvance(mark)
            cut.append(_cut_at_a_word(metrics, line.name, name_room) + mark)
        rows = [
            list(range(start, min(start + columns, len(cut))))
            for start in range(0, len(cut), columns)
        ]
        return _Legend(rows, cut, column_width)

    @staticmethod
    def _legend_rows(metrics: QFontMetrics, width: int, labels: list[str]) -> list[list[int]]:
        rows: list[list[int]] = [[]]
        used = PAD
        for index, label in enumerate(labels):
            item = LEGEND_KEY + metrics.horizontalAdvance(label) + PAD * 1.5
            if rows[-1] and used + item > width - PAD:
                rows.append([])
                used = PAD
            rows[-1].append(index)
            used += item
        return rows if rows[0] else []

    def _draw_legend(
        self,
        painter: QPainter,
        metrics: QFontMetrics,
        legend: _Legend,
    ) -> None:
        labels, column_width = legend.labels, legend.column_width
        for row_number, row in enumerate(legend.rows):
            y = PAD + metrics.height() * (self._title_lines + row_number + 0.5)
            x = PAD
            for column, index in enumerate(row):
                if column_width is not None:
                    x = PAD + column * column_width
                self._line_pen(painter, index)
                painter.drawLine(QPointF(x, y), QPointF(x + 22, y))
                self._marker(painter, index, QPointF(x + 11, y))
                painter.setPen(self.palette().color(QPalette.ColorRole.Text))
                painter.drawText(
                    QPointF(x + LEGEND_KEY, y + metrics.ascent() / 2 - 1), labels[index]
                )
                x += LEGEND_KEY + metrics.horizontalAdvance(labels[index]) + PAD * 1.5

    def _draw_x_axis(self, painter: QPainter, metrics: QFontMetrics) -> None:
        count = self.data.point_count
        if count == 0:
            return
        widest = metrics.horizontalAdvance(QLocale().toString(self.data.first_x + count)) + PAD
        room = max(self._plot.width() / max(count - 1, 1), 1.0)
        every = max(1, math.ceil(widest / room))
        painter.setPen(self.palette().color(QPalette.ColorRole.Text))
        for index in range(0, count, every):
            x = self._x_position(index)
            painter.drawText(
                QRectF(x - widest / 2, self._plot.bottom() + 2, widest, metrics.height()),
                Qt.AlignmentFlag.AlignCenter,
                QLocale().toString(self.data.first_x + index),
            )
        _draw_x_label(painter, metrics, self._plot, self.data.x_label)

    def _line_pen(self, painter: QPainter, index: int) -> None:
        line = self.data.lines[index]
        width = 3.0 if line.name == self.data.highlight else 1.8
        colour, dash, _marker = line_style(index, self.palette())
        pen = QPen(colour, width, dash)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)

    def _marker(self, painter: QPainter, index: int, centre: QPointF, grow: float = 1.0) -> None:
        colour, _dash, marker = line_style(index, self.palette())
        painter.setPen(QPen(colour, 1))
        painter.setBrush(colour)
        painter.drawPath(marker_path(marker, centre, MARKER_SIZE * grow))

    def _draw_line(self, painter: QPainter, index: int, line: ChartLine) -> None:
        points = [
            QPointF(self._x_position(i), self._y_position(v))
            for i, v in enumerate(line.values)
            if v is not None
        ]
        if not points:
            return
        path = QPainterPath(points[0])
        for previous, point in pairwise(points):
            if self.data.step:
                path.lineTo(QPointF(point.x(), previous.y()))
            path.lineTo(point)
        self._line_pen(painter, index)
        painter.drawPath(path)
        # Markers on every point while they fit, else only at the ends.
        spacing = self._plot.width() / max(len(points) - 1, 1)
        shown = points if spacing >= 3 * MARKER_SIZE else [points[0], points[-1]]
        for point in shown:
            self._marker(painter, index, point)

    def _draw_focus_point(self, painter: QPainter) -> None:
        if not self._focus.shown or not self.data.lines:
            return
        line = self.data.lines[self._focus.line]
        if self._focus.point >= len(line.values):
            return
        value = line.values[self._focus.point]
        if value is None:
            return
        centre = QPointF(self._x_position(self._focus.point), self._y_position(value))
        painter.setPen(QPen(self.palette().color(QPalette.ColorRole.Text), 1.5))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(centre, MARKER_SIZE * 2.5, MARKER_SIZE * 2.5)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        count = self.data.point_count
        if count == 0 or self._plot.width() <= 0:
            return
        position = event.position()
        fraction = (position.x() - self._plot.left()) / self._plot.width()
        point = min(max(round(fraction * max(count - 1, 1)), 0), count - 1)
        candidates = [
            (abs(self._y_position(value) - position.y()), index)
            for index, line in enumerate(self.data.lines)
            if point < len(line.values) and (value := line.values[point]) is not None
        ]
        if candidates:
            self._focus = _Focus(min(candidates)[1], point, shown=True)
            self.update()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        count = self.data.point_count
        lines = len(self.data.lines)
        key = event.key()
        moves = {
            Qt.Key.Key_Left: (0, -1),
            Qt.Key.Key_Right: (0, 1),
            Qt.Key.Key_Up: (-1, 0),
            Qt.Key.Key_Down: (1, 0),
        }
        if count == 0 or lines == 0:
            super().keyPressEvent(event)
            return
        if key in moves:
            line_step, point_step = moves[Qt.Key(key)]
            if self._focus.shown:
                self._focus.line = (self._focus.line + line_step) % lines
                self._focus.point = min(max(self._focus.point + point_step, 0), count - 1)
            else:
                self._focus = _Focus(0, count - 1)
        elif key == Qt.Key.Key_Home:
            self._focus.point = 0
        elif key == Qt.Key.Key_End:
            self._focus.point = count - 1
        else:
            super().keyPressEvent(event)
            return
        # A line is met only where it has points: a player's, while they were seated.
        shown = self.data.lines[self._focus.line].shown()
        if shown:
            self._focus.point = min(max(self._focus.point, shown.start), shown.stop - 1)
        self._focus.shown = True
        self.setAccessibleDescription(self.focus_text() or "")
        self.update()


def title_lines(metrics: QFontMetrics, title: str, room: int) -> list[str]:
    """A chart's title on one line, or where it is too long on two, broken between
    words; what is still too long is cut short with "…" at its end."""
    if metrics.horizontalAdvance(title) <= room:
        return [title]
    words = title.split(" ")
    first = words[0]
    for count in range(len(words) - 1, 0, -1):
        if metrics.horizontalAdvance(" ".join(words[:count])) <= room:
            first = " ".join(words[:count])
            rest = " ".join(words[count:])
            break
    else:
        return [metrics.elidedText(title, Qt.TextElideMode.ElideRight, room)]
    return [first, metrics.elidedText(rest, Qt.TextElideMode.ElideRight, room)]


def _draw_x_label(painter: QPainter, metrics: QFontMetrics, plot: QRectF, label: str) -> None:
    """The x axis's name, centred under the plot below its numbers or names."""
    painter.drawText(
        QRectF(plot.left(), plot.bottom() + metrics.height() + 2, plot.width(), metrics.height()),
        Qt.AlignmentFlag.AlignCenter,
        label,
    )


def bar_label_rect(metrics: QFontMetrics, text: str, bar: QRectF, width: int) -> QRectF:
    """Where the words over a bar go: as wide as they are ("33 %, am schwersten" was cut
    to a fixed width), centred on the bar and kept inside the chart's `width`."""
    wide = metrics.horizontalAdvance(text) + 2 * PAD
    left = min(max(bar.center().x() - wide / 2, 0.0), max(width - wide, 0.0))
    return QRectF(left, bar.top() - metrics.height() - 2, wide, metrics.height())


class BarChart(ChartWidget):
    """Bars from 0 to 100%, one per phase label; the highlighted bar (the hardest phase)
    hatched as well as coloured."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.data = BarData("", "")
        self._plot = QRectF()

    def set_data(self, data: BarData) -> None:
        self.data = data
        self._focus.point = min(self._focus.point, max(len(data.bars) - 1, 0))
        if data.highlight is not None:
            description = tr(
                "charts.bar_description_hardest", title=data.title, label=data.highlight
            )
        else:
            description = data.title
        self.setAccessibleDescription(description)
        self.update()

    def series_count(self) -> int:
        return 1 if self.data.bars else 0

    def focus_text(self) -> str | None:
        bars = self.data.bars
        return bars[self._focus.point].detail if self._focus.point < len(bars) else None

    def _bar_rect(self, index: int) -> QRectF:
        slot = self._plot.width() / max(len(self.data.bars), 1)
        value = self.data.bars[index].value
        height = self._plot.height() * value
        return QRectF(
            self._plot.left() + slot * index + slot * 0.15,
            self._plot.bottom() - height,
            slot * 0.7,
            height,
        )

    def draw(self, painter: QPainter, size: QSize) -> None:
        data = self.data
        metrics = self._draw_frame(painter, size, data.title)
        palette = self.palette()
        text_colour = palette.color(QPalette.ColorRole.Text)
        label_width = metrics.horizontalAdvance(percent_text(1)) + PAD
        top = PAD + metrics.height() * (self._title_lines + 2)
        bottom = size.height() - PAD - 2 * metrics.height()
        self._plot = QRectF(
            PAD + label_width, top, size.width() - 3 * PAD - label_width, bottom - top
        )
        for percent in range(0, 101, 25):
            y = self._plot.bottom() - self._plot.height() * percent / 100
            painter.setPen(
                QPen(palette.color(QPalette.ColorRole.PlaceholderText), 0.5, Qt.PenStyle.DotLine)
            )
            painter.drawLine(QPointF(self._plot.left(), y), QPointF(self._plot.right(), y))
            painter.setPen(text_colour)
            painter.drawText(
                QRectF(PAD, y - metrics.height() / 2, label_width - 4, metrics.height()),
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                percent_text(percent / 100),
            )
        colour = series_colour(0, palette)
        strong = series_colour(1, palette)
        for index, bar in enumerate(data.bars):
            rect = self._bar_rect(index)
            hardest = bar.label == data.highlight
            painter.setPen(QPen(text_colour if hardest else colour, 1.5 if hardest else 1))
            painter.setBrush(strong if hardest else colour)
            painter.drawRect(rect)
            if hardest:
                painter.setBrush(QBrush(text_colour, Qt.BrushStyle.BDiagPattern))
                painter.drawRect(rect)
            painter.setPen(text_colour)
            share = percent_text(bar.value)
            above = tr("charts.bar_value_hardest", percent=share) if hardest else share
            slot = self._plot.width() / max(len(data.bars), 1)
            lines = [above]
            if metrics.horizontalAdvance(above) > slot and above.startswith(share):
                # "33 %, am schwersten" wider than its bar's room: the words above the
                # share, both centred on the bar, clear of the chart's edge.
                lines = [above[len(share) :].lstrip(", "), share]
            for number, line in enumerate(lines):
                place = bar_label_rect(metrics, line, rect, size.width())
                place.translate(0, -metrics.height() * (len(lines) - 1 - number))
                painter.drawText(place, Qt.AlignmentFlag.AlignCenter, line)
            painter.drawText(
                QRectF(
                    self._plot.left() + slot * index,
                    self._plot.bottom() + 2,
                    slot,
                    metrics.height(),
                ),
                Qt.AlignmentFlag.AlignCenter,
                bar.label,
            )
            if self._focus.shown and index == self._focus.point:
                painter.setPen(QPen(text_colour, 2))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRect(rect.adjusted(-3, -3, 3, 0))
        painter.setPen(QPen(text_colour, 1))
        painter.drawLine(self._plot.bottomLeft(), self._plot.bottomRight())
        _draw_x_label(painter, metrics, self._plot, data.x_label)
        self._draw_focus_text(painter, size)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        bars = self.data.bars
        if not bars or self._plot.width() <= 0:
            return
        slot = self._plot.width() / len(bars)
        index = int((event.position().x() - self._plot.left()) // slot)
        if 0 <= index < len(bars):
            self._focus = _Focus(0, index, shown=True)
            self.update()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        count = len(self.data.bars)
        key = event.key()
        if count and key in (Qt.Key.Key_Left, Qt.Key.Key_Right):
            step = -1 if key == Qt.Key.Key_Left else 1
            point = self._focus.point + step if self._focus.shown else 0
            self._focus = _Focus(0, min(max(point, 0), count - 1), shown=True)
            self.setAccessibleDescription(self.focus_text() or "")
            self.update()
            return
        super().keyPressEvent(event)


class _LineRows(WordedWhenAsked[Sequence[str]]):
    """The numbers of a line chart, a row per point, each worded when first asked for."""

    def __init__(self, data: LineData) -> None:
        super().__init__(data.point_count)
        self._data = data
        self._rows: dict[int, tuple[str, ...]] = {}

    def worded(self, place: int) -> Sequence[str]:
        row = self._rows.get(place)
        if row is None:
            row = self._rows[place] = tuple(
                number_text(value)
                if place < len(line.values) and (value := line.values[place]) is not None
                else ""
                for line in self._data.lines
            )
        return row


class _RowLabels(WordedWhenAsked[str]):
    """The rows' headings of a line chart's table: "Hand 3", or the start's own label."""

    def __init__(self, data: LineData, row_label: Callable[[int], str]) -> None:
        super().__init__(data.point_count)
        self._data = data
        self._row_label = row_label

    def worded(self, place: int) -> str:
        x = self._data.first_x + place
        label = self._data.start_label if x == 0 and self._data.start_label else None
        return label or self._row_label(x)


class ChartTableModel(TextTableModel):
    """The numbers of a chart as a table: a row per hand (or game, or phase), a column
    per line."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(
            parent=parent,
            cell_alignment=Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
        )

    def set_lines(self, data: LineData, row_label: Callable[[int], str]) -> None:
        # A player's form has a row for each of their thousands of games, of which the
        # table shows a screenful when it is shown at all: rows are worded as asked for.
        self.set_rows(
            _LineRows(data), [line.name for line in data.lines], _RowLabels(data, row_label)
        )

    def set_bars(self, data: BarData, share_heading: str) -> None:
        rows = [[bar.detail] for bar in data.bars]
        self.set_rows(rows, [share_heading], [bar.label for bar in data.bars])


class ChartPanel(QWidget):
    """A chart with a switch to a table of the same numbers and an Export button.

    `ask_path(parent, title, file_name, filter)` asks where to export (the window's
    prompt service); `warn(parent, title, text)` says why an export failed.
    """

    def __init__(
        self,
        chart: LineChart | BarChart,
        name: Callable[[], str],
        ask_path: Callable[[QWidget, str, str, str], Path | None] | None = None,
        warn: Callable[[QWidget, str, str], None] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.chart = chart
        self._name = name
        """Words the chart's name in the language spoken, now and after a change."""
        self._ask_path = ask_path
        self._warn = warn
        self.table_model = ChartTableModel(self)
        self.table = QTableView()
        self.table.setModel(self.table_model)
        self.table.setAlternatingRowColors(True)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        # A header clips a long name at both ends, leaving its middle, unless told.
        self.table.horizontalHeader().setTextElideMode(Qt.TextElideMode.ElideRight)
        self.stack = QStackedWidget()
        self.stack.addWidget(chart)
        self.stack.addWidget(self.table)
        self.table_button = QToolButton()
        self.table_button.setCheckable(True)
        self.table_button.toggled.connect(
            lambda table: self.stack.setCurrentWidget(self.table if table else self.chart)
        )
        self.export_button = QToolButton()
        self.export_button.clicked.connect(lambda: self.export())
        self.buttons = QWidget()
        """The Table and Export buttons, under the chart unless placed elsewhere."""
        buttons = QHBoxLayout(self.buttons)
        buttons.setContentsMargins(0, 0, 0, 0)
        buttons.addStretch(1)
        buttons.addWidget(self.table_button)
        buttons.addWidget(self.export_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addWidget(self.stack, 1)
        layout.addWidget(self.buttons)
        # Only now that it is in the panel: a button shown without a parent would be a
        # window of its own for a moment, and take the focus from the one the user is in.
        self.export_button.setVisible(ask_path is not None)
        self._word()

    def _word(self) -> None:
        name = self._name()
        self.chart.setAccessibleName(name)
        self.table.setAccessibleName(tr("charts.table_name", name=name))
        self.table_button.setText(tr("charts.table"))
        self.table_button.setToolTip(tr("charts.table_tip"))
        self.export_button.setText(tr("charts.export"))
        self.export_button.setToolTip(tr("charts.export_tip"))

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange:
            self._word()

    def set_lines(self, data: LineData, row_label: Callable[[int], str]) -> None:
        """Shows lines; `row_label` names the table's row for an x ("Hand 3")."""
        assert isinstance(self.chart, LineChart)
        self.chart.set_data(data)
        self.table_model.set_lines(data, row_label)

    def set_bars(self, data: BarData, heading: str) -> None:
        assert isinstance(self.chart, BarChart)
        self.chart.set_data(data)
        self.table_model.set_bars(data, heading)

    def export(self, path: Path | None = None) -> Path | None:
        """Writes the chart to `path`, or where the user says; the path written or None."""
        if path is None:
            if self._ask_path is None:
                return None
            name = self.chart.accessibleName().lower().replace(" ", "-") + ".png"
            path = self._ask_path(self, tr("charts.export_title"), name, tr("charts.export_filter"))
            if path is None:
                return None
        if not self.chart.export(path):
            if self._warn is not None:
                self._warn(
                    self,
                    tr("charts.cannot_export"),
                    tr("charts.cannot_write", path=path),
                )
            return None
        return path
