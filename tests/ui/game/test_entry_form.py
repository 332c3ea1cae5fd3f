"""The entry form as it looks: problem marks drawn when set, gone when cleared, never
clipped; names lined up whatever their script."""

import pytest
from PySide6.QtCore import QEvent, QObject, QPoint, QRect, Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QLabel, QWidget

from phase10_keeper.language import words
from phase10_keeper.language.wording import card_label
from phase10_keeper.rules import CardKind, Game
from phase10_keeper.ui.game.session import GameSession
from phase10_keeper.ui.main_window import MainWindow
from phase10_keeper.ui.widgets.colours import ERROR_COLOUR

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
    image = form.grab(area).toImage()
    red = QColor(colour)
    return sum(
        1
        for x in range(image.width())
        for y in range(image.height())
        if abs(image.pixelColor(x, y).red() - red.red()) < 30
        and abs(image.pixelColor(x, y).green() - red.green()) < 30
        and abs(image.pixelColor(x, y).blue() - red.blue()) < 30
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
