"""The entry form's parts: the count field, the Masters phase box, the panel's button
and painting, and the marks drawn on the fields a problem is about."""

from PySide6.QtCore import QEvent, QPoint, QRect, QRectF, QSize, Qt, QTimer
from PySide6.QtGui import (
    QColor,
    QFocusEvent,
    QFont,
    QFontMetrics,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QRegion,
)
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QGridLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QStyle,
    QStyleOptionComboBox,
    QWidget,
)

from phase10_keeper.rules import CardKind
from phase10_keeper.ui.text.escape import isolate, plain_tooltip
from phase10_keeper.ui.widgets.colours import ERROR_COLOUR, WARNING_COLOUR
from phase10_keeper.ui.widgets.steady import Steadiness

KEY_EVENTS = (QEvent.Type.KeyPress, QEvent.Type.ShortcutOverride)

ARROWS = {
    Qt.Key.Key_Up: (-1, 0),
    Qt.Key.Key_Down: (1, 0),
    Qt.Key.Key_Left: (0, -1),
    Qt.Key.Key_Right: (0, 1),
}


WORD_WRAP = int(Qt.TextFlag.TextWordWrap)
SMALLER_NAME = 0.85
"""The type of a name that takes two lines, beside the others' on one."""


def show_name(label: QLabel, name: str, width: int) -> None:
    """Shows `name` in `label`, at most `width` wide: whole on one line where it fits,
    else wrapped between its words onto two lines in a slightly smaller type; only a
    word too long for even that is cut at its end, with the whole name in the tooltip.
    Isolated, a right-to-left name lines up at the start of the column like the others."""
    font = label.font()
    one_line = QFontMetrics(font).horizontalAdvance(name)
    if one_line <= width:
        label.setText(isolate(name))
        label.setMinimumWidth(one_line + 4)
        return
    smaller = QFont(font)
    smaller.setPointSizeF(font.pointSizeF() * SMALLER_NAME)
    metrics = QFontMetrics(smaller)
    wrapped = metrics.boundingRect(QRect(0, 0, width, 10 * metrics.lineSpacing()), WORD_WRAP, name)
    if wrapped.width() <= width and wrapped.height() <= 2 * metrics.lineSpacing():
        label.setFont(smaller)
        label.setWordWrap(True)
        # Aligned rather than isolated: the isolates' fallback font would make each of
        # the two lines taller, and the form with them.
        label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        label.setText(name)
        label.setMinimumWidth(wrapped.width() + 4)
        # Both lines whole: a row's height otherwise follows its fields, one line high.
        label.setMinimumHeight(label.heightForWidth(wrapped.width() + 4))
        return
    label.setText(isolate(QFontMetrics(font).elidedText(name, Qt.TextElideMode.ElideRight, width)))
    label.setToolTip(plain_tooltip(name))
    label.setMinimumWidth(width + 4)


def focus_field(widget: QWidget) -> None:
    """Gives a field of the form the keys, its count selected so the digits typed next
    replace it: a field the window focuses while it is not the active window is told so
    only later, or never (an X server without a window manager), and its own selecting
    on focus then comes too late ("50" then "70" gave "507")."""
    widget.setFocus(Qt.FocusReason.TabFocusReason)
    if isinstance(widget, QLineEdit):
        widget.selectAll()


def set_tool_tip(widget: QWidget, text: str) -> None:
    """Sets a tool tip that changes. Setting one sends the widget an event, which the
    form's event filter sees: each record of a hand would send over a hundred for
    nothing."""
    if widget.toolTip() != text:
        widget.setToolTip(text)


PlayerTyping = tuple[bool, bool, tuple[tuple[CardKind, int], ...], int | None, bool, int | None]
"""What is typed for one player: went out, made it, the counts typed, the phase, by
points, the points total typed."""


def empty_grid(grid: QGridLayout) -> None:
    """Takes every widget out of `grid`, to be deleted."""
    while grid.count():
        item = grid.takeAt(0)
        widget = item.widget() if item is not None else None
        if widget is not None:
            widget.deleteLater()


class CountField(QLineEdit):
    """A count of cards, two digits at most: a click or the focus selects all of it, so
    the digit typed next replaces the count rather than joining it ("1" into "10" gave
    "110", which the field refuses)."""

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        self.selectAll()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        super().mousePressEvent(event)
        if event.button() == Qt.MouseButton.LeftButton:
            self.selectAll()


def in_placeholder_grey(label: QLabel, palette: QPalette) -> None:
    """Shows the label's text in `palette`'s grey for placeholder text: headings, hints,
    what the rules are. Called again when the palette changes."""
    own = label.palette()
    own.setColor(QPalette.ColorRole.WindowText, palette.color(QPalette.ColorRole.PlaceholderText))
    label.setPalette(own)


def paint_panel(
    widget: QWidget, border: QPalette.ColorRole, width: int, fill: QColor | None = None
) -> None:
    """Paints `widget` as a rounded panel: a frame `width` wide in its palette's `border`
    colour, filled with `fill` if given."""
    painter = QPainter(widget)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(widget.palette().color(border), width))
    painter.setBrush(Qt.BrushStyle.NoBrush if fill is None else fill)
    inset = width / 2
    painter.drawRoundedRect(QRectF(widget.rect()).adjusted(inset, inset, -inset, -inset), 8, 8)


class Button(QPushButton):
    """A button with room around its words: 16 pixels each side, 6 above and below."""

    def sizeHint(self) -> QSize:
        words = self.fontMetrics().size(Qt.TextFlag.TextShowMnemonic, self.text())
        return QSize(words.width() + 32, words.height() + 12)

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()


class SteadyButton(Button):
    """A button whose words change often and whose size seldom does (`steady`): the
    form's Record button, which names the hand."""

    def __init__(self) -> None:
        super().__init__()
        self._steadiness = Steadiness(self)

    def setText(self, text: str) -> None:
        self._steadiness.set_words(super().setText, text)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        self._steadiness.changed(event)


class ProblemMarks(QWidget):
    """Drawn over the form: a coloured frame on each field a problem is about, and a ring
    in the highlight colour round the field that takes the keys.

    One widget draws every mark, so the fields keep the window's own style: the style
    sheet that drew them before made every field in the form slower to build and draw.
    The ring is the form's own because a style's focus frame can be faint or missing
    (on a check box, in a dark palette), and a field the window focuses while it is not
    active is never told so: the ring follows the window's focus, not the field's.
    """

    def __init__(self, form: QWidget) -> None:
        super().__init__(form)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.marked: dict[QWidget, str] = {}
        self.fields: set[QWidget] = set()
        """The fields that get the ring when they take the keys."""
        self._inked = QRegion()
        """Where what the marks drew may still be on screen: what they drew, less what
        was drawn again since."""
        self._ring_checked_later = False
        """Whether a `ring_moved` is waiting for the event being handled to end."""

    def mark(self, widget: QWidget, severity: str) -> None:
        """Frames `widget` in the colour of a problem's `severity`, or in none if empty."""
        if widget.property("problem") == severity:
            return
        widget.setProperty("problem", severity)
        if severity:
            self.marked[widget] = severity
        else:
            self.marked.pop(widget, None)
        # A frame that changes colour in place is drawn again there.
        self._draw_again(_drawn_area(_frame(self._form(), widget, 0)))

    def ring_moved(self) -> None:
        """The ring goes where the keys are now."""
        self._draw_again()

    def ring_moved_later(self) -> None:
        """`ring_moved` once the event being handled is done with: a key may move the
        keys after it reaches the form, and in a window that is not active, the field
        they go to is never told."""
        if not self._ring_checked_later:
            self._ring_checked_later = True
            QTimer.singleShot(0, self, self._check_ring)

    def _check_ring(self) -> None:
        self._ring_checked_later = False
        self.ring_moved()

    def _draw_again(self, also: QRect | None = None) -> None:
        """Draws again where the marks and the ring were drawn and where they are to be
        now, if those differ, and `also`: the marks lie over the whole form, and what
        they draw again is drawn again beneath them, so the whole form for one field's
        change took longer than the change."""
        drawn = self._to_draw()
        stale = QRegion() if self._inked.xored(drawn).isEmpty() else self._inked.united(drawn)
        if also is not None:
            stale = stale.united(also)
        if not stale.isEmpty():
            self.update(stale)

    def _to_draw(self) -> QRegion:
        """Where the marks and the ring are to be drawn now, in view."""
        form = self._form()
        areas = QRegion()
        for widget in self.marked:
            if widget.isVisible():
                areas = areas.united(_drawn_area(_frame(form, widget, 0)))
        ringed = self._ringed()
        if ringed is not None:
            areas = areas.united(_drawn_area(_frame(form, ringed, 3)))
        return areas.intersected(self.visibleRegion())

    def _form(self) -> QWidget:
        form = self.parentWidget()
        assert form is not None
        return form

    def _ringed(self) -> QWidget | None:
        focused = self._form().window().focusWidget()
        return focused if focused in self.fields and focused.isVisible() else None

    def paintEvent(self, event: QPaintEvent) -> None:
        drawn, painted = self._to_draw(), event.region()
        self._inked = self._inked.subtracted(painted).united(drawn.intersected(painted))
        if not self._inked.xored(drawn).isEmpty():
            # A field moved with the form's layout, and where its frame was, or where it
            # is now, was not drawn again with it.
            self.update(self._inked.united(drawn))
        form = self._form()
        ringed = self._ringed()
        if not self.marked and ringed is None:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for widget, severity in self.marked.items():
            if not widget.isVisible():
                continue
            colour = ERROR_COLOUR if severity == "error" else WARNING_COLOUR
            painter.setPen(QPen(QColor(colour), 2))
            painter.drawRoundedRect(_frame(form, widget, 0), 3, 3)
        if ringed is not None:
            # Outside a problem's frame, so both show.
            painter.setPen(QPen(self.palette().color(QPalette.ColorRole.Highlight), 2))
            painter.drawRoundedRect(_frame(form, ringed, 3), 4, 4)


def _drawn_area(frame: QRectF) -> QRect:
    """The pixels a frame drawn along `frame` can touch: half its pen's width either
    side, and a pixel more for the smoothing of its corners."""
    return frame.toAlignedRect().adjusted(-2, -2, 2, 2)


def _frame(form: QWidget, widget: QWidget, outset: int) -> QRectF:
    """Where a frame round `widget` is drawn on the marks, which cover `form` from its
    corner: a field's frame over its edge, a check box's or radio button's clear of its
    box; `outset` pixels further out."""
    rect = QRectF(QRect(widget.mapTo(form, QPoint(0, 0)), widget.size()))
    inset = -3 if isinstance(widget, QAbstractButton) else 1
    inset -= outset
    return rect.adjusted(inset, inset, -inset, -inset)


PHASE_BOX_LETTERS = 18
"""How many letters of a phase's label the Masters phase box shows at most: its number
and the words of most phases ("5: 1 Achterfolge"); the rest is in its tooltip."""


class PhaseBox(QComboBox):
    """The Masters phase box: as wide as its longest label, up to `PHASE_BOX_LETTERS`
    (the form puts the whole label in its tooltip); its list as wide as the longest
    label. Measured again when its type changes (the form's scale)."""

    def fit(self) -> None:
        """Sizes the box and its list to the labels it holds now."""
        box = self
        labels = [box.itemText(index) for index in range(box.count())]
        metrics = box.fontMetrics()
        # Measured in pixels: a minimum length in letters counts each as wide as the widest.
        widest = max(metrics.horizontalAdvance(label[:PHASE_BOX_LETTERS]) for label in labels)
        # Two letters' worth of room more than the text: the style's own padding.
        option = QStyleOptionComboBox()
        box.initStyleOption(option)
        size = box.style().sizeFromContents(
            QStyle.ContentsType.CT_ComboBox,
            option,
            QSize(widest + 2 * metrics.averageCharWidth(), metrics.height()),
            box,
        )
        box.setMinimumWidth(size.width())
        box.setMinimumContentsLength(4)
        box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        scroll_bar = box.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent, None, box)
        box.view().setMinimumWidth(
            max(map(box.view().fontMetrics().horizontalAdvance, labels))
            + 4 * metrics.averageCharWidth()
            + scroll_bar
        )

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange and self.count():
            self.fit()
