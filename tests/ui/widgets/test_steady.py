"""Words that change often in a widget whose size seldom does: new words as wide as the
old lay nothing out again; wider words, another type, or wrapped words that take another
line lay the parent out, and the words show whole."""

import pytest
from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from phase10_keeper.ui.widgets.steady import SteadyLabel, SteadyLines

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


class _LayoutsAsked(QObject):
    def __init__(self, widget: QWidget) -> None:
        super().__init__()
        self.count = 0
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LayoutRequest:
            self.count += 1
        return False


def _in_a_line(qtbot, widget: QWidget, stretch: int = 0) -> tuple[QWidget, _LayoutsAsked]:
    """`widget` in a line of a parent, taking the line's room if `stretch`; the parent,
    and what counts the layouts it is asked for."""
    parent = QWidget()
    qtbot.addWidget(parent)
    column = QVBoxLayout(parent)
    line = QHBoxLayout()
    column.addLayout(line)
    column.addStretch(1)
    line.addWidget(widget, stretch)
    if not stretch:
        line.addStretch(1)
    parent.resize(400, 200)
    parent.show()
    qtbot.waitExposed(parent)
    QApplication.processEvents()
    return parent, _LayoutsAsked(parent)


def test_a_steady_label_given_words_as_wide_asks_no_layout(qtbot) -> None:
    label = SteadyLabel()
    label.setText("Hand 210")
    _parent, asked = _in_a_line(qtbot, label)
    # The same letters in another order: as wide, in any type without kerning of digits.
    label.setText("Hand 201")
    QApplication.processEvents()
    assert asked.count == 0
    assert label.text() == "Hand 201"
    assert label.size() == label.sizeHint()


def test_a_steady_label_given_wider_words_is_laid_out_whole(qtbot) -> None:
    label = SteadyLabel()
    label.setText("Hand 9")
    _parent, asked = _in_a_line(qtbot, label)
    label.setText("Hand 9, the tie-break")
    QApplication.processEvents()
    assert asked.count == 1
    assert label.size() == label.sizeHint()
    assert label.width() >= label.fontMetrics().horizontalAdvance(label.text())


def test_a_steady_label_in_another_type_is_fitted_again(qtbot) -> None:
    label = SteadyLabel()
    label.setText("Saved: hand 12 recorded")
    _parent, _asked = _in_a_line(qtbot, label)
    larger = QFont(label.font())
    larger.setPointSizeF(label.font().pointSizeF() * 2)
    label.setFont(larger)
    QApplication.processEvents()
    assert label.size() == label.sizeHint()
    assert label.width() >= label.fontMetrics().horizontalAdvance(label.text())


def test_a_steady_label_is_at_least_as_wide_as_its_least_words(qtbot) -> None:
    label = SteadyLabel(least="0000")
    label.setText("5")
    _parent, asked = _in_a_line(qtbot, label)
    least = label.fontMetrics().horizontalAdvance("0000")
    assert label.width() >= least
    # Points up to four digits fit the room kept: none asks for a layout.
    for points in ("50", "125", "0"):
        label.setText(points)
    QApplication.processEvents()
    assert asked.count == 0
    label.setText("123456")
    QApplication.processEvents()
    assert asked.count == 1
    assert label.width() >= label.fontMetrics().horizontalAdvance("123456")


def _told(parent: QWidget) -> None:
    """Two passes of the event loop: the holder hears of its label's new words in the
    first and, if they are news, its parent lays out in the second."""
    QApplication.processEvents()
    QApplication.processEvents()


def _wrapped(text: str) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    return label


def test_wrapped_words_of_the_same_height_ask_no_layout(qtbot) -> None:
    label = _wrapped("Zoë deals, Priya plays first.")
    parent, asked = _in_a_line(qtbot, SteadyLines(label), stretch=1)
    height = label.height()
    label.setText("Priya deals, Zoë plays first.")
    _told(parent)
    assert asked.count == 0
    assert label.height() == height
    holder = label.parentWidget()
    assert holder is not None
    assert label.geometry() == holder.rect()


def test_wrapped_words_that_take_another_line_lay_the_parent_out(qtbot) -> None:
    label = _wrapped("Zoë deals.")
    parent, asked = _in_a_line(qtbot, SteadyLines(label), stretch=1)
    one_line = label.height()
    label.setText(" ".join(["Maximilian Alexander Featherstonehaugh deals"] * 4))
    _told(parent)
    assert asked.count == 1
    assert label.height() > one_line
    assert label.height() >= label.heightForWidth(label.width())
    holder = label.parentWidget()
    assert holder is not None
    assert label.geometry() == holder.rect()


def test_a_longer_word_than_any_before_is_told_to_the_parent(qtbot) -> None:
    label = _wrapped("Zoë deals, Priya plays first.")
    parent, asked = _in_a_line(qtbot, SteadyLines(label), stretch=1)
    label.setText("Zoë deals, Featherstonehaugh plays first.")
    _told(parent)
    assert asked.count == 1
    # The parent's least width now keeps the longest word whole.
    assert parent.minimumSizeHint().width() >= label.fontMetrics().horizontalAdvance(
        "Featherstonehaugh"
    )


def test_a_steady_label_given_shorter_words_or_cleared_takes_less_room(qtbot) -> None:
    label = SteadyLabel()
    label.setText("Game over: Maximilian Alexander wins")
    _parent, _asked = _in_a_line(qtbot, label)
    wide = label.width()
    label.setText("Hand 3")
    QApplication.processEvents()
    assert label.width() < wide
    assert label.width() == QLabel("Hand 3").sizeHint().width()
    label.clear()
    QApplication.processEvents()
    assert label.text() == ""
    # No wider than an empty label.
    assert label.width() <= QLabel().sizeHint().width()


def test_a_steady_label_fits_its_widest_line(qtbot) -> None:
    label = SteadyLabel()
    label.setText("abc\ndef")
    _parent, _asked = _in_a_line(qtbot, label)
    # The same letters and line breaks: as wide in all, wider in the widest line.
    label.setText("a\nbcdef")
    QApplication.processEvents()
    assert label.width() >= label.fontMetrics().horizontalAdvance("bcdef")


def test_wrapped_words_changed_while_hidden_show_whole(qtbot) -> None:
    label = _wrapped("Zoë deals.")
    parent, _asked = _in_a_line(qtbot, SteadyLines(label), stretch=1)
    one_line = label.height()
    parent.hide()
    label.setText(" ".join(["Maximilian Alexander Featherstonehaugh deals"] * 4))
    parent.show()
    qtbot.waitExposed(parent)
    _told(parent)
    assert label.height() > one_line
    assert label.height() >= label.heightForWidth(label.width())


def test_wrapped_words_changed_unseen_show_whole_at_another_width(qtbot) -> None:
    # The parent's layout keeps the label's height at the widths it was laid out at:
    # words as high at this width but higher at another must not take the old height.
    label = _wrapped("Zoë deals.")
    parent, _asked = _in_a_line(qtbot, SteadyLines(label), stretch=1)
    longer = "Zoë deals, Priya plays first, Kwame deals next, Marcus plays after."
    advance = label.fontMetrics().horizontalAdvance(longer)
    margins = parent.width() - label.width()

    def at_width(width: int) -> None:
        parent.resize(width + margins, parent.height())
        _told(parent)

    at_width(advance // 3)
    at_width(advance + 40)
    label.setText(longer)
    _told(parent)
    assert label.height() >= label.heightForWidth(label.width())
    at_width(advance // 3)
    assert label.heightForWidth(label.width()) > label.fontMetrics().lineSpacing() * 2
    assert label.height() >= label.heightForWidth(label.width())
