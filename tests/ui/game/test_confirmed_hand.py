"""The hand the keeper answers "Record" to is the hand recorded: nothing a phone or the
table changes while the question about an unusual hand is open slips in unseen."""

import pytest

from phase10_keeper.companion.table import Entry
from phase10_keeper.rules import NO_CARDS, CardKind, Game, Hand, Join, PlayerResult
from phase10_keeper.ui.game.session import GameSession
from phase10_keeper.ui.main_window import MainWindow

from ..answers import Answers
from ..games import FOUR

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")

KWAME_OUT = Entry(PlayerResult(made=True, cards=NO_CARDS), went_out=True, sender="Kwame")


@pytest.fixture
def window(qtbot):
    shown = MainWindow(prompts=Answers())
    qtbot.addWidget(shown)
    shown.navigation.open_session(GameSession(Game(players=FOUR)))
    return shown


def _unusual_hand(form) -> None:
    """Priya out, Marcus made holding nothing: the checks find it unusual."""
    form.draft.set_went_out("Priya")
    form.draft.set_made("Marcus", True)
    form.draft.set_count("Marcus", CardKind.LOW, 0)
    form._typed()


def test_a_phone_entry_while_the_question_is_open_records_nothing_and_asks_again(
    window, qtbot
) -> None:
    form = window.pages.game_view.form
    _unusual_hand(form)
    asked: list[str | None] = []

    def answer_record_while_a_phone_sends(problems) -> bool:
        asked.append(form.draft.went_out)
        if len(asked) == 1:
            # The question is open: Kwame's phone says he went out.
            form.take_phone_entries({"Kwame": KWAME_OUT})
        return True

    form.accept_warnings = answer_record_while_a_phone_sends
    recorded: list[Hand] = []
    form.submitted.connect(recorded.append)
    form.submit()
    assert recorded == []
    assert window.pages.session.game.hands == ()
    # The form shows the hand as the phone left it, and says why nothing was recorded.
    assert form.draft.went_out == "Kwame"
    assert form._rows[2].went_out.isChecked()
    assert "phone" in form.problems_label.text().lower()
    # Enter asks again, about the hand as it is now, and records exactly that.
    form.submit()
    assert asked == ["Priya", "Kwame"]
    assert len(recorded) == 1
    assert recorded[0].went_out == "Kwame"
    assert window.pages.session.game.hands[-1].went_out == "Kwame"


def test_a_change_at_the_table_while_the_question_is_open_records_nothing(window, qtbot) -> None:
    """Anything that changes the form meanwhile, not only a phone."""
    form = window.pages.game_view.form

    def answer_record_after_marcus_changed(problems) -> bool:
        form.draft.set_count("Marcus", CardKind.WILD, 1)
        form._typed()
        return True

    _unusual_hand(form)
    form.accept_warnings = answer_record_after_marcus_changed
    recorded: list[Hand] = []
    form.submitted.connect(recorded.append)
    form.submit()
    assert recorded == []
    assert form.problems_label.text()
    assert form.draft.count("Marcus", CardKind.WILD) == 1


def test_the_hand_answered_record_is_recorded_as_it_was_asked_about(window, qtbot) -> None:
    form = window.pages.game_view.form
    _unusual_hand(form)
    form.accept_warnings = lambda problems: True
    with qtbot.waitSignal(form.submitted) as recorded:
        form.submit()
    hand = recorded.args[0]
    assert hand.went_out == "Priya"
    assert hand.results["Marcus"].made
    assert window.pages.session.game.hands[-1] == hand
    # The form is empty again, for the next hand.
    assert form.draft.went_out is None


def test_a_player_joining_while_the_question_is_open_records_nothing(window, qtbot) -> None:
    form = window.pages.game_view.form

    def answer_record_after_eve_joined(problems) -> bool:
        window.commands.change_seating(Join(1, "Eve", after="Dana", total=0))
        return True

    _unusual_hand(form)
    form.accept_warnings = answer_record_after_eve_joined
    form.submit()
    assert window.pages.session.game.hands == ()
    assert "Eve" in form.draft.participants
    assert form.problems_label.text()
