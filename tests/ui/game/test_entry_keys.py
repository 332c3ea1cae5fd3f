"""The entry form from the keyboard and the mouse, as a person trips over it: Space,
Tab past the last field, arrows after a digit, a click into a count, many problems."""

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QLineEdit

from phase10_keeper.rules import CardKind, Game, Preset, build_rules
from phase10_keeper.ui.game.session import GameSession
from phase10_keeper.ui.main_window import MainWindow

from ..answers import Answers
from ..games import FOUR

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


@pytest.fixture
def open_form(qtbot):
    def make(game: Game):
        window = MainWindow(prompts=Answers())
        qtbot.addWidget(window)
        window.navigation.open_session(GameSession(game))
        window.show()
        qtbot.waitExposed(window)
        window.activateWindow()
        qtbot.waitUntil(window.isActiveWindow)
        view = window.pages.game_view
        assert view is not None
        view.form.focus_first()
        return view.form

    return make


@pytest.fixture
def form(open_form):
    return open_form(Game(players=FOUR))


def press(qtbot, key: Qt.Key, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    qtbot.keyClick(QApplication.focusWidget(), key, modifier)


def type_text(qtbot, text: str) -> None:
    for character in text:
        qtbot.keyClicks(QApplication.focusWidget(), character)


def test_space_on_went_out_after_the_nobody_out_error_marks_made_not_out(form, qtbot) -> None:
    press(qtbot, Qt.Key.Key_Return)  # nobody went out: the focus goes to the first button
    assert QApplication.focusWidget() is form._rows[0].went_out
    press(qtbot, Qt.Key.Key_Down)
    assert QApplication.focusWidget() is form._rows[1].went_out
    press(qtbot, Qt.Key.Key_Space)
    assert form.draft.went_out is None
    assert form.draft.made("Marcus")
    press(qtbot, Qt.Key.Key_Space)
    assert not form.draft.made("Marcus")


def test_space_on_made_toggles_it_once(form, qtbot) -> None:
    form._rows[2].made.setFocus(Qt.FocusReason.TabFocusReason)
    press(qtbot, Qt.Key.Key_Space)
    assert form.draft.made("Kwame")
    assert form.has_typing()


def test_space_on_the_went_out_players_row_changes_nothing(form, qtbot) -> None:
    form._rows[0].went_out.setFocus(Qt.FocusReason.TabFocusReason)
    type_text(qtbot, "o")
    form._rows[0].went_out.setFocus(Qt.FocusReason.TabFocusReason)
    press(qtbot, Qt.Key.Key_Space)
    assert form.draft.went_out == "Priya"


def test_space_on_a_masters_phase_choice_marks_made(open_form, qtbot) -> None:
    form = open_form(Game(players=FOUR, rules=build_rules(Preset.MASTERS)))
    combo = form._rows[1].phase
    assert combo is not None
    combo.setFocus(Qt.FocusReason.TabFocusReason)
    press(qtbot, Qt.Key.Key_Space)
    assert form.draft.made("Marcus")
    assert not combo.view().isVisible()


def test_tab_past_the_last_field_skips_clear(form, qtbot) -> None:
    last = form._rows[-1].counts[CardKind.WILD]
    last.setFocus(Qt.FocusReason.TabFocusReason)
    press(qtbot, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is form.record_button
    assert form.clear_button.focusPolicy() == Qt.FocusPolicy.NoFocus


def test_clear_by_click_is_one_step_undo_takes_back(form, qtbot) -> None:
    form.draft.set_went_out("Priya")
    form._typed()
    qtbot.mouseClick(form.clear_button, Qt.MouseButton.LeftButton)
    assert form.draft.went_out is None
    form.undo_typing()
    assert form.draft.went_out == "Priya"


def test_left_after_a_digit_moves_to_the_field_before(form, qtbot) -> None:
    row = form._rows[1]
    row.counts[CardKind.HIGH].setFocus(Qt.FocusReason.TabFocusReason)
    type_text(qtbot, "2")
    press(qtbot, Qt.Key.Key_Left)
    assert QApplication.focusWidget() is row.counts[CardKind.LOW]
    type_text(qtbot, "3")
    assert form.draft.count("Marcus", CardKind.LOW) == 3
    assert form.draft.count("Marcus", CardKind.HIGH) == 2
    press(qtbot, Qt.Key.Key_Right)
    assert QApplication.focusWidget() is row.counts[CardKind.HIGH]
    type_text(qtbot, "1")
    press(qtbot, Qt.Key.Key_Right)
    assert QApplication.focusWidget() is row.counts[CardKind.SKIP]
    assert form.draft.count("Marcus", CardKind.HIGH) == 1


def test_home_moves_inside_the_field_and_the_arrows_stay_there(form, qtbot) -> None:
    row = form._rows[1]
    field = row.counts[CardKind.HIGH]
    field.setFocus(Qt.FocusReason.TabFocusReason)
    type_text(qtbot, "2")
    press(qtbot, Qt.Key.Key_Home)
    type_text(qtbot, "1")
    assert field.text() == "12"
    press(qtbot, Qt.Key.Key_Left)
    assert field.hasFocus()
    assert field.cursorPosition() == 0
    press(qtbot, Qt.Key.Key_Left)  # at the edge, the arrow leaves the field
    assert QApplication.focusWidget() is row.counts[CardKind.LOW]
    press(qtbot, Qt.Key.Key_Right)
    assert QApplication.focusWidget() is field
    press(qtbot, Qt.Key.Key_Right)  # a new visit: the arrow moves on again
    assert QApplication.focusWidget() is row.counts[CardKind.SKIP]


def test_a_partial_selection_is_moved_inside_the_field(form, qtbot) -> None:
    field = form._rows[1].counts[CardKind.HIGH]
    field.setFocus(Qt.FocusReason.TabFocusReason)
    type_text(qtbot, "12")
    field.setSelection(1, 1)
    press(qtbot, Qt.Key.Key_Left)
    assert QApplication.focusWidget() is field


@pytest.mark.parametrize("focused_before", [False, True])
def test_a_click_into_a_count_selects_it(form, qtbot, focused_before: bool) -> None:
    field: QLineEdit = form._rows[1].counts[CardKind.LOW]
    if focused_before:
        field.setFocus(Qt.FocusReason.TabFocusReason)
        field.deselect()
    inside = QPoint(field.width() // 2 + 2, field.height() // 2)
    qtbot.mouseClick(field, Qt.MouseButton.LeftButton, pos=inside)
    assert QApplication.focusWidget() is field
    assert field.selectedText() == "10"
    type_text(qtbot, "2")
    assert field.text() == "2"
    assert form.draft.count("Marcus", CardKind.LOW) == 2


def test_every_problem_is_listed_at_once_each_at_its_field(form, qtbot) -> None:
    marcus = form._rows[1]
    marcus.counts[CardKind.LOW].setFocus(Qt.FocusReason.TabFocusReason)
    type_text(qtbot, "32")  # more cards than a hand holds
    marcus.counts[CardKind.WILD].setFocus(Qt.FocusReason.TabFocusReason)
    type_text(qtbot, "9")
    press(qtbot, Qt.Key.Key_Return)  # and nobody went out
    lines = form.problems_label.text().splitlines()
    assert len(lines) >= 3
    assert any("went out" in line.lower() for line in lines)
    assert any("wild" in line.lower() for line in lines)
    assert any("more than 10" in line.lower() or "41" in line for line in lines)
    assert all(row.went_out.property("problem") == "error" for row in form._rows)
    assert marcus.counts[CardKind.WILD].property("problem") == "error"
    assert marcus.counts[CardKind.LOW].property("problem") == "error"
    # A field two problems are about says both when pointed at.
    assert len(marcus.counts[CardKind.WILD].toolTip().splitlines()) >= 2


def test_p_back_and_forth_shows_the_counts_and_the_total_as_they_stand(form, qtbot) -> None:
    # Hidden, the total and the counts take the draft's numbers only as they are shown.
    dana = form._rows[3]
    low, wild = dana.counts[CardKind.LOW], dana.counts[CardKind.WILD]
    wild.setFocus(Qt.FocusReason.TabFocusReason)
    type_text(qtbot, "2")
    type_text(qtbot, "p")
    assert dana.total.isVisibleTo(form)
    assert low.isHidden()
    assert dana.total.text() == str(form.draft.points("Dana"))
    assert dana.total.text() == dana.points.text()
    type_text(qtbot, "p")
    assert low.isVisibleTo(form)
    assert dana.total.isHidden()
    assert (low.text(), wild.text()) == ("8", "2")
    assert dana.points.text() == str(form.draft.points("Dana"))
    # Typed again by points, then back: the counts still read as typed before.
    type_text(qtbot, "p")
    type_text(qtbot, "85")
    assert dana.points.text() == "85"
    type_text(qtbot, "p")
    assert (low.text(), wild.text()) == ("8", "2")


def test_p_switches_a_row_to_a_points_total_typed_and_checked_live(form, qtbot) -> None:
    dana = form._rows[3]
    type_text(qtbot, "o")  # Priya went out
    dana.counts[CardKind.LOW].setFocus(Qt.FocusReason.TabFocusReason)
    type_text(qtbot, "p")
    assert form.draft.by_points("Dana")
    assert dana.by_points.isChecked()
    assert dana.by_points.text() == "by cards"  # what the button switches to
    assert dana.total.hasFocus()
    assert dana.counts[CardKind.LOW].isHidden()
    assert dana.total.text() == "50"
    type_text(qtbot, "85")
    assert dana.points.text() == "85"
    with qtbot.waitSignal(form.submitted) as recorded:
        press(qtbot, Qt.Key.Key_Return)
    hand = recorded.args[0]
    # Marcus and Kwame missed with ten 1-9 cards; Dana's total is recorded as typed.
    assert hand.results["Dana"].points == 85
    assert hand.results["Marcus"].cards.low == 10
    # The next hand starts Dana by points again, the others by cards.
    assert [row.showing_total for row in form._rows] == [False, False, False, True]


def test_a_points_total_over_the_hand_is_marked_at_its_field(form, qtbot) -> None:
    dana = form._rows[3]
    type_text(qtbot, "o")
    dana.counts[CardKind.LOW].setFocus(Qt.FocusReason.TabFocusReason)
    type_text(qtbot, "p")
    type_text(qtbot, "245")
    press(qtbot, Qt.Key.Key_Return)
    assert dana.total.property("problem") == "error"
    assert dana.total.hasFocus()
    assert "245" in form.problems_label.text()
    type_text(qtbot, "55")  # the total was selected: typed over
    assert dana.total.property("problem") == ""


def test_arrows_cross_a_points_total_as_one_field(form, qtbot) -> None:
    marcus, kwame = form._rows[1], form._rows[2]
    kwame.by_points.click()
    marcus.counts[CardKind.WILD].setFocus(Qt.FocusReason.TabFocusReason)
    press(qtbot, Qt.Key.Key_Down)
    assert QApplication.focusWidget() is kwame.total
    press(qtbot, Qt.Key.Key_Left)
    assert QApplication.focusWidget() is kwame.made
    press(qtbot, Qt.Key.Key_Right)
    assert QApplication.focusWidget() is kwame.total
    press(qtbot, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is form._rows[3].went_out
    form.undo_typing()
    assert not kwame.by_points.isChecked()
    assert not kwame.counts[CardKind.LOW].isHidden()


def test_a_row_by_cards_shows_its_counts_and_no_total(form) -> None:
    for row in form._rows:
        assert row.total.isHidden()
        assert not any(edit.isHidden() for edit in row.counts.values())
