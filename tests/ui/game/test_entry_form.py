"""The entry form as it looks: problem marks drawn when set, gone when cleared, never
clipped; names lined up whatever their script."""

import pytest
from PySide6.QtCore import QEvent, QObject, QPoint, QRect, Qt
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLabel, QWidget

from phase10_keeper.language import words
from phase10_keeper.language.wording import card_label
from phase10_keeper.rules import CardKind, Game
from phase10_keeper.ui.game.session import GameSession
from phase10_keeper.ui.main_window import MainWindow
from phase10_keeper.ui.widgets.colours import ERROR_COLOUR

from ..answers import Answers
from ..games import SIX

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


class PaintCounter(QObject):
    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget)
        self.paints = 0
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.paints += 1
        return False


@pytest.fixture
def form(qtbot):
    window = MainWindow()
    qtbot.addWidget(window)
    window.navigation.open_session(GameSession(Game(players=SIX)))
    window.resize(1280, 630)
    window.show()
    qtbot.waitExposed(window)
    assert window.pages.game_view is not None
    return window.pages.game_view.form


def _marked_pixels(form, widget: QWidget, outset: int, colour: str = ERROR_COLOUR) -> int:
    """Pixels of `colour` (the error colour) within `outset` pixels around `widget`
    (negative: only inside it), as the form is drawn now."""
    corner = widget.mapTo(form, QPoint(0, 0))
    area = QRect(corner, widget.size()).adjusted(-outset, -outset, outset, outset)
    return _pixels_of(form.grab(area).toImage(), colour)


def _pixels_of(image: QImage, colour: str) -> int:
    """How many pixels of `image` are near `colour`."""
    wanted = QColor(colour)
    return sum(
        1
        for x in range(image.width())
        for y in range(image.height())
        if abs(image.pixelColor(x, y).red() - wanted.red()) < 30
        and abs(image.pixelColor(x, y).green() - wanted.green()) < 30
        and abs(image.pixelColor(x, y).blue() - wanted.blue()) < 30
    )


def test_every_field_marked_or_unmarked_is_drawn_again(form, qtbot) -> None:
    buttons = [row.went_out for row in form._rows]
    marks = PaintCounter(form._marks)
    form.submit()  # nobody went out: every went-out button is marked
    qtbot.waitUntil(lambda: marks.paints > 0)
    assert all(_marked_pixels(form, button, 4) > 20 for button in buttons)
    marks.paints = 0
    form._rows[2].went_out.click()
    qtbot.waitUntil(lambda: marks.paints > 0)
    assert all(button.property("problem") == "" for button in buttons)
    assert all(_marked_pixels(form, button, 4) == 0 for button in buttons)


def test_a_mark_frames_a_button_without_covering_it(form) -> None:
    button = form._rows[0].went_out
    form.submit()
    assert button.property("problem") == "error"
    assert _marked_pixels(form, button, 4) > 20
    assert _marked_pixels(form, button, 0) == 0


def test_a_mark_is_drawn_over_a_count_fields_frame(form) -> None:
    row = form._rows[1]
    field = row.counts[CardKind.LOW]
    form.draft.set_went_out(form._rows[0].name)
    form.draft.set_count(row.name, CardKind.LOW, 12)
    form.refresh(force=True)
    form.submit()
    assert field.property("problem") == "error"
    assert _marked_pixels(form, field, 0) > 20


@pytest.mark.parametrize("dark", [False, True])
def test_the_field_with_the_keys_is_ringed_whatever_its_kind(form, dark: bool) -> None:
    """Drawn by the form round the window's focus, in light and dark, told to the field
    or not (a window not active is never told)."""
    if dark:
        palette = form.palette()
        palette.setColor(QPalette.ColorRole.Window, QColor("#202124"))
        palette.setColor(QPalette.ColorRole.Highlight, QColor("#8ab4f8"))
        form.setPalette(palette)
    ring = form._marks.palette().color(QPalette.ColorRole.Highlight).name()
    row, next_row = form._rows[1], form._rows[2]
    for field in (row.went_out, row.made, row.counts[CardKind.LOW], next_row.went_out):
        field.setFocus(Qt.FocusReason.TabFocusReason)
        assert form.window().focusWidget() is field
        assert _marked_pixels(form, field, 6, ring) > 20, field
        assert _marked_pixels(form, row.counts[CardKind.HIGH], 6, ring) == 0


def _on_screen_pixels(form, widget: QWidget, outset: int, colour: str) -> int:
    """As `_marked_pixels`, in what the window has put on the screen: what it drew again
    after each change, and what it left as it was."""
    window = form.window()
    corner = widget.mapTo(window, QPoint(0, 0))
    area = QRect(corner, widget.size()).adjusted(-outset, -outset, outset, outset)
    return _pixels_of(window.screen().grabWindow(window.winId()).toImage().copy(area), colour)


def _drawn(form) -> None:
    """Lets the window draw what changed."""
    for _ in range(3):
        QApplication.processEvents()


def _counters(form) -> dict[QWidget, PaintCounter]:
    return {
        widget: PaintCounter(widget)
        for widget in form.findChildren(QWidget)
        if widget is not form._marks and widget.isVisible()
    }


def test_the_ring_moving_draws_again_only_where_it_was_and_goes(form) -> None:
    """The keys going from one field to another draw those two places again, not the
    whole form: the ring leaves the one and rings the other on screen."""
    form.window().activateWindow()
    ring = form._marks.palette().color(QPalette.ColorRole.Highlight).name()
    first, other = form._rows[1].counts[CardKind.LOW], form._rows[3].went_out
    first.setFocus(Qt.FocusReason.TabFocusReason)
    _drawn(form)
    assert _on_screen_pixels(form, first, 6, ring) > 20
    counters = _counters(form)
    other.setFocus(Qt.FocusReason.TabFocusReason)
    _drawn(form)
    assert _on_screen_pixels(form, other, 6, ring) > 20
    assert _on_screen_pixels(form, first, 6, ring) == 0
    far = [*form._rows[5].chain(), form._rows[5].label]
    assert [widget for widget in far if counters[widget].paints] == []


@pytest.mark.parametrize("active", [True, False])
def test_keys_that_move_the_keys_move_the_ring_on_screen(form, qtbot, active: bool) -> None:
    """Down in a count goes to the next row's count: the ring follows on screen, whether
    the window is active and the fields are told of it, or not (an X server with no
    window manager leaves a window inactive that still gets its keys)."""
    window = form.window()
    if active:
        window.activateWindow()
    else:
        elsewhere = QWidget()
        qtbot.addWidget(elsewhere)
        elsewhere.show()
        elsewhere.activateWindow()
        qtbot.waitUntil(lambda: not window.isActiveWindow())
    ring = form._marks.palette().color(QPalette.ColorRole.Highlight).name()
    first, two_below = form._rows[1].counts[CardKind.LOW], form._rows[3].counts[CardKind.LOW]
    first.setFocus(Qt.FocusReason.TabFocusReason)
    _drawn(form)
    QTest.keyClick(window.focusWidget(), Qt.Key.Key_Down)
    QTest.keyClick(window.focusWidget(), Qt.Key.Key_Down)
    _drawn(form)
    assert window.focusWidget() is two_below
    assert _on_screen_pixels(form, two_below, 6, ring) > 20
    assert _on_screen_pixels(form, first, 6, ring) == 0


def test_the_ring_leaves_no_trace_where_the_form_moved_its_field(qtbot) -> None:
    """Found by hand: Go Back from the question about an unusual hand lists its
    problems under the fields, and the form lays its rows out again as the list changes;
    the ring drawn round a field before it moved left two ticks of itself behind once
    the keys went on."""
    answers = Answers()
    answers.confirm_answer = False
    window = MainWindow(prompts=answers)
    qtbot.addWidget(window)
    window.navigation.open_session(GameSession(Game(players=("Ana", "Bo", "Cyd", "Dee"))))
    window.resize(1360, 840)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    assert window.pages.game_view is not None
    form = window.pages.game_view.form
    ring = form._marks.palette().color(QPalette.ColorRole.Highlight).name()

    def press(key: Qt.Key, text: str = "") -> None:
        if text:
            QTest.keyClicks(window.focusWidget(), text)
        else:
            QTest.keyClick(window.focusWidget(), key)
        _drawn(form)

    form.rows()[0].focus_entry()
    _drawn(form)
    # Ana went out; Bo holds four and two cards and did not make it; Dee made it holding
    # none: two warnings.
    for key, text in [
        (Qt.Key.Key_O, ""),
        (Qt.Key.Key_4, "4"),
        (Qt.Key.Key_Tab, ""),
        (Qt.Key.Key_2, "2"),
        (Qt.Key.Key_Down, ""),
        (Qt.Key.Key_Down, ""),
        (Qt.Key.Key_Space, ""),
        (Qt.Key.Key_Return, ""),
    ]:
        press(key, text)
    bo = form.rows()[1].counts[CardKind.LOW]
    assert window.focusWidget() is bo, "Go Back: the keys on the first problem"
    press(Qt.Key.Key_Space)  # Bo made it after all: two errors now
    press(Qt.Key.Key_Down)
    press(Qt.Key.Key_Down)
    assert window.focusWidget() is form.rows()[3].counts[CardKind.LOW]
    assert _on_screen_pixels(form, bo, 6, ring) == 0


def test_a_hand_recorded_from_the_last_field_leaves_the_form_as_it_was(form) -> None:
    """Enter in the last field records the hand and takes the keys to the first: the
    column titles and the names, which do not change, are not drawn again."""
    form.window().activateWindow()
    draft = form.draft
    draft.set_went_out(form._rows[0].name)
    form.refresh(force=True)
    form._rows[-1].focus_entry()
    _drawn(form)
    unchanged = [
        widget
        for widget in form.findChildren(QLabel)
        if widget.objectName() == "columnHeader" or widget in [row.label for row in form._rows]
    ]
    counters = {widget: PaintCounter(widget) for widget in unchanged}
    form.submit()
    _drawn(form)
    assert form.draft is not draft, "the hand was recorded"
    assert [widget.text() for widget in unchanged if counters[widget].paints] == []


def test_a_mark_cleared_leaves_the_screen(form) -> None:
    buttons = [row.went_out for row in form._rows]
    form.submit()  # nobody went out: every went-out button is marked
    _drawn(form)
    assert all(_on_screen_pixels(form, button, 4, ERROR_COLOUR) > 20 for button in buttons)
    form._rows[2].went_out.click()
    _drawn(form)
    assert all(_on_screen_pixels(form, button, 4, ERROR_COLOUR) == 0 for button in buttons)


def test_clear_takes_the_problems_away_with_the_typing(form) -> None:
    form.submit()
    assert form.problems_label.text()
    form.clear_button.click()
    assert form.problems_label.text() == ""
    assert all(row.went_out.property("problem") == "" for row in form._rows)


def _first_ink(label: QLabel) -> int:
    image = label.grab().toImage()
    text = label.palette().color(label.foregroundRole()).lightness()
    return min(
        x
        for x in range(image.width())
        for y in range(image.height())
        if abs(QColor(image.pixel(x, y)).lightness() - text) < 60
    )


def test_a_right_to_left_name_lines_up_with_the_others(qtbot) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    window.navigation.open_session(
        GameSession(Game(players=("Christopher Montgomery", "מרים", "Zoë")))
    )
    window.show()
    qtbot.waitExposed(window)
    assert window.pages.game_view is not None
    rows = window.pages.game_view.form._rows
    assert abs(_first_ink(rows[1].label) - _first_ink(rows[0].label)) <= 3


@pytest.mark.parametrize("name", ["%2 Bo", "%1 Ana", "{name} Cy"])
def test_a_name_that_looks_like_a_placeholder_is_read_out_as_typed(qtbot, name: str) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    window.navigation.open_session(GameSession(Game(players=(name, "Dee"))))
    assert window.pages.game_view is not None
    row = window.pages.game_view.form._rows[0]
    low = card_label(words("en"), CardKind.LOW)
    assert row.counts[CardKind.LOW].accessibleName() == f"{name}: {low} cards held"
    assert row.went_out.accessibleName() == f"{name} went out"
    assert row.points.accessibleName() == f"{name}: points this hand"
