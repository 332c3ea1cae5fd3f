"""Words that change often in a widget whose size seldom does.

A label or button given new words asks its parent's layout to lay out again, and that
layout asks its parent's, up to the window (`QLayout::activate` asks whatever came of
it); each asks the widget its size, and a label measures its words three times to say.
At every hand recorded the form's title, points and Record button, the banner's headline
and rules and the status bar's save line take new words, most often as wide as the old
("Hand 201", "Hand 202"): measuring them and laying the window out again took a tenth of
the time a hand takes.

A steady widget is fixed at the size its words need. New words as wide as the old (one
measure of their advance) ask nothing of any layout; words of another width, or another
type or style, fix it at its new size, which lays its parent out as any widget's does.
"""

import math
import re
from collections.abc import Callable

from PySide6.QtCore import QEvent, QSize
from PySide6.QtGui import QFontMetricsF, QResizeEvent, QShowEvent
from PySide6.QtWidgets import QAbstractButton, QLabel, QWidget

_REFIT_EVENTS = (QEvent.Type.FontChange, QEvent.Type.StyleChange)
"""The changes after which a steady widget's words may need another size."""
_LAYOUT_REQUEST = QEvent.Type.LayoutRequest
_BREAKS = re.compile(r"[^\S\u00a0\u2007\u202f]+")
"""Where a line of words may break: any white space but the no-break spaces (French
puts one before a colon)."""


Worded = QLabel | QAbstractButton
"""A widget whose words are its `text()`."""


class Steadiness:
    """Keeps `widget` fixed at the size its words ask for, and at least as wide as
    `least` in its type; fitted from the start. The widget hands it its new words
    (`set_words`) and its change events (`changed`)."""

    def __init__(self, widget: Worded, least: str = "") -> None:
        self._widget = widget
        self._least = least
        self._least_width = 0.0
        self._fitted_to: tuple[float, int] = (-1.0, 0)
        """The width of the widest line and the line breaks of the words the size was
        fixed for."""
        self.fit()

    def _measure(self, text: str) -> tuple[float, int]:
        # In fractions of a pixel, as the widget lays its words out: measured in whole
        # ones, words a fraction wider could pass for as wide, and lose their last pixel.
        metrics = QFontMetricsF(self._widget.font())
        lines = text.split("\n")
        widest = max(map(metrics.horizontalAdvance, lines))
        return max(widest, self._least_width), len(lines)

    def set_words(self, set_text: Callable[[str], None], text: str) -> None:
        """Gives the widget the words `text` with `set_text` (its Qt class's own), and
        fixes it at a new size if they need one."""
        if text == self._widget.text():
            return
        set_text(text)
        if self._measure(text) != self._fitted_to:
            self.fit()

    def changed(self, event: QEvent) -> None:
        """The widget changed as `event` says: fitted again to a new type or style."""
        if event.type() in _REFIT_EVENTS:
            self.fit()

    def fit(self) -> None:
        """Fixes the widget at the size its words need."""
        widget = self._widget
        self._least_width = QFontMetricsF(widget.font()).horizontalAdvance(self._least)
        self._fitted_to = self._measure(widget.text())
        # A label's size hint is never less than its least size: the size fixed for
        # longer words would stay.
        widget.setMinimumSize(0, 0)
        size = widget.sizeHint()
        size.setWidth(max(size.width(), math.ceil(self._least_width)))
        widget.setFixedSize(size)


class SteadyLabel(QLabel):
    """A label fixed at the size its words need, at least as wide as `least` in its
    type: new words as wide as the old lay nothing out again."""

    def __init__(self, least: str = "") -> None:
        super().__init__()
        self._steadiness = Steadiness(self, least)

    def setText(self, text: str) -> None:
        self._steadiness.set_words(super().setText, text)

    def clear(self) -> None:
        # Qt's own clearing would leave the label at the width of the words it held.
        self.setText("")

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        self._steadiness.changed(event)


class SteadyLines(QWidget):
    """Holds a label whose words wrap and change often, and that takes the room its
    line leaves (the banner's who deals and plays first): its parent is laid out again
    only when the label's height at its width changes, or its longest word grows past
    the longest its parent was told of.

    A label whose width follows its parent's cannot be fixed at its words' size. The
    holder has no layout, so the label's new words ask the holder alone; to its parent's
    layout it is the label: the same size hints, policy and height for a width. A
    shorter longest word leaves the parent's least width as it was: the window may then
    not narrow quite as far as it could, until the next change that is told.
    """

    def __init__(self, label: QLabel) -> None:
        super().__init__()
        self._label = label
        label.setParent(self)
        self.setSizePolicy(label.sizePolicy())
        self._height = -1
        """The label's height at the holder's width, as last told."""
        self._longest = 0
        """The width of the longest word the label held, as last told."""
        self._untold = False
        """Whether the label's words changed since its parent last laid it out: its
        layout keeps the label's heights at a few widths, the old words' until told."""
        self._told_again()

    def _told_again(self) -> bool:
        """Whether the label's height at the holder's width, or its longest word, is
        news to the holder's parent; remembered as told."""
        label = self._label
        height = label.heightForWidth(self.width())
        metrics = label.fontMetrics()
        words = _BREAKS.split(label.text())
        longest = max(map(metrics.horizontalAdvance, words), default=0)
        if height == self._height and longest <= self._longest:
            self._untold = True
            return False
        self._height = height
        self._longest = max(longest, self._longest)
        self._untold = False
        return True

    def sizeHint(self) -> QSize:
        return self._label.sizeHint()

    def minimumSizeHint(self) -> QSize:
        return self._label.minimumSizeHint()

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._label.heightForWidth(width)

    def event(self, event: QEvent) -> bool:
        if event.type() == _LAYOUT_REQUEST:
            if self._told_again():
                self.updateGeometry()
            return True
        return super().event(event)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        # Hidden, the holder is not asked when the label's words change.
        if self._told_again():
            self.updateGeometry()

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._label.setGeometry(self.rect())
        if self._untold:
            # At another width the parent's layout could take the old words' height
            # from what it keeps: it forgets it and lays out again.
            self._untold = False
            self.updateGeometry()
        self._height = self._label.heightForWidth(self.width())
