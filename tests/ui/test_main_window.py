"""The main window driven like a person at the table would: mostly from the keyboard."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLineEdit

from phase10_keeper.rules import CardKind, Game, Preset, Status, build_rules
from phase10_keeper.ui.game.grid_model import MARKS_ROLE
from phase10_keeper.ui.game.session import GameSession
from phase10_keeper.ui.main_window import MainWindow
from phase10_keeper.ui.text.escape import isolate

from .answers import Answers
from .games import FOUR, SIX, game_with_hands

# The offscreen platform cannot pass a top-level window's size hints on and says so
# whenever the window's minimum size changes; real platforms do not.
pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


class Keyboard:
    """Sends keys to whatever has focus and counts every key press."""

    def __init__(self, qtbot) -> None:
        self.qtbot = qtbot
        self.presses = 0

    def press(self, key: Qt.Key, times: int = 1, modifier=Qt.KeyboardModifier.NoModifier) -> None:
        for _ in range(times):
            self.qtbot.keyClick(QApplication.focusWidget(), key, modifier)
            self.presses += 1

    def type(self, text: str) -> None:
        for character in text:
            self.qtbot.keyClicks(QApplication.focusWidget(), character)
            self.presses += 1


@pytest.fixture
def answers() -> Answers:
    return Answers()


@pytest.fixture
def open_window(qtbot, library, answers):
    def make(game: Game) -> MainWindow:
        session = GameSession(game, library, library.add_game(game))
        window = MainWindow(prompts=answers)
        qtbot.addWidget(window)
        window.navigation.open_session(session)
        window.show()
        qtbot.waitExposed(window)
        window.activateWindow()
        qtbot.waitUntil(window.isActiveWindow)
        assert window.pages.game_view is not None
        window.pages.game_view.form.focus_first()
        assert QApplication.focusWidget() is not None
        return window

    return make


@pytest.fixture
def keys(qtbot) -> Keyboard:
    return Keyboard(qtbot)


def totals(window: MainWindow) -> list[int]:
    assert window.pages.session is not None
    return [player.total for player in window.pages.session.state.players]


def test_six_player_hand_from_the_keyboard_within_thirty_keys(open_window, keys) -> None:
    window = open_window(Game(players=SIX))
    keys.type("o")  # Maximilian went out
    keys.type(" 2")  # Zoë made it, holds two 1-9 cards
    keys.press(Qt.Key.Key_Down)
    keys.press(Qt.Key.Key_Right)
    keys.type("2")  # Łukasz missed: two 10-12 cards ...
    keys.press(Qt.Key.Key_Right)
    keys.type("1")  # ... and a skip; the 1-9 count works itself out as 7
    keys.press(Qt.Key.Key_Down)
    keys.type(" ")  # Priya made it ...
    keys.press(Qt.Key.Key_Left)
    keys.type("1")  # ... and holds one 10-12 card
    keys.press(Qt.Key.Key_Down)
    keys.type("1")  # Marcus missed: one 10-12 ...
    keys.press(Qt.Key.Key_Right, 2)
    keys.type("1")  # ... and a wild; Kwame missed with ten 1-9 cards
    keys.press(Qt.Key.Key_Return)
    assert keys.presses <= 30
    assert window.pages.session.state.hands_played == 1
    assert totals(window) == [0, 10, 35 + 20 + 15, 10, 40 + 10 + 25, 50]
    completed = [len(player.completed) for player in window.pages.session.state.players]
    assert completed == [1, 1, 0, 1, 0, 0]


def test_tab_order_follows_the_table(open_window, keys) -> None:
    window = open_window(Game(players=FOUR))
    row = window.pages.game_view.form._rows[0]
    assert QApplication.focusWidget() is row.counts[CardKind.LOW]
    keys.press(Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is row.counts[CardKind.HIGH]
    keys.press(Qt.Key.Key_Tab, 3)
    assert QApplication.focusWidget() is window.pages.game_view.form._rows[1].went_out


def test_a_whole_game_to_a_win(open_window, keys) -> None:
    window = open_window(Game(players=FOUR, rules=build_rules(target=3)))
    for _ in range(3):
        keys.type("o")  # Priya goes out every hand
        keys.type(" 1")  # Marcus makes his phase holding one card
        keys.press(Qt.Key.Key_Return)
    state = window.pages.session.state
    assert state.status is Status.FINISHED
    assert state.winner == "Priya"
    assert window.pages.game_view.banner.headline.text() == f"{isolate('Priya')} wins"
    assert window.pages.game_view.banner.detail.text() == (
        f"{isolate('Priya')}: the lowest total, 0, of those who completed phase 3."
    )
    assert window.pages.game_view.banner.ranking.isVisibleTo(window)
    assert window.pages.game_view.banner.ranking.text().startswith(
        f"Final ranking: 1. {isolate('Priya')} 0 · 2. {isolate('Marcus')} 15"
    )
    assert window.pages.game_view.form.isHidden()
    assert window.pages.game_view.grid_model.headerData(0, Qt.Orientation.Vertical, MARKS_ROLE) == [
        "★ won"
    ]


def test_tie_break_replay_hand_for_the_tied_players_only(open_window, keys, answers) -> None:
    window = open_window(Game(players=FOUR, rules=build_rules(target=1)))
    keys.type("o")  # Priya went out ...
    keys.type(" ")  # ... and Marcus made phase 1 with no cards left: both on 0
    keys.press(Qt.Key.Key_Return)
    # Only the player who went out can really end empty-handed, so the table is asked.
    assert len(answers.asked) == 1
    assert answers.asked[0] == "This hand looks unusual. Record it as typed?"
    state = window.pages.session.state
    assert state.status is Status.TIEBREAK
    assert window.pages.game_view.banner.headline.text() == "Tie at 0 points"
    assert window.pages.game_view.banner.detail.text() == (
        f"Tie at 0 between {isolate('Priya')} and {isolate('Marcus')}: they replay phase 1,"
        f" and whoever goes out first wins. {isolate('Marcus')} deals."
        f" {isolate('Priya')} plays first."
    )
    assert [row.name for row in window.pages.game_view.form._rows] == ["Priya", "Marcus"]
    assert window.pages.game_view.form.title.text() == "Tie-break: hand 2"
    keys.press(Qt.Key.Key_Down)
    keys.type("o")  # Marcus goes out in the replay hand
    keys.press(Qt.Key.Key_Return)
    assert window.pages.game_view.form.problems_label.text() == ""
    state = window.pages.session.state
    assert state.winner == "Marcus"
    detail = window.pages.game_view.banner.detail.text()
    assert "went out first in the tie-break replay hand" in detail
    assert window.pages.game_view.grid_model.headerData(1, Qt.Orientation.Horizontal) == "2 tie"


def test_undo_and_redo_from_the_edit_menu_and_keyboard(open_window, keys) -> None:
    window = open_window(game_with_hands(FOUR, 2))
    keys.type("o")
    keys.press(Qt.Key.Key_Return)
    assert window.undo_action is not None
    assert window.redo_action is not None
    assert window.undo_action.text() == "Undo record hand 3"
    keys.press(Qt.Key.Key_Z, modifier=Qt.KeyboardModifier.ControlModifier)
    assert window.pages.session.state.hands_played == 2
    assert window.redo_action.text() == "Redo record hand 3"
    window.redo_action.trigger()
    assert window.pages.session.state.hands_played == 3
    assert window.status.save_label.text() == "Saved: record hand 3"


def test_correcting_a_past_hand_changes_later_totals(open_window, keys, library) -> None:
    window = open_window(game_with_hands(FOUR, 3))
    assert totals(window) == [100, 100, 100, 150]
    window.pages.game_view.correct_hand(0)
    assert window.pages.game_view.form.title.text() == "Correct hand 1"
    assert window.pages.game_view.form.draft is not None
    assert window.pages.game_view.form.draft.went_out == "Priya"
    dana = window.pages.game_view.form._rows[3]
    dana.counts[CardKind.HIGH].setFocus(Qt.FocusReason.TabFocusReason)
    keys.type("4")
    keys.press(Qt.Key.Key_Return)
    assert totals(window) == [100, 100, 100, 170]
    assert window.pages.session.state.hands[2].entries["Dana"].total == 170
    assert window.undo_action is not None
    assert window.undo_action.text() == "Undo edit hand 1"
    assert library.games[window.pages.session.game_id] == window.pages.session.game
    assert window.pages.game_view.form.title.text() == "Hand 4"


def test_a_finished_game_can_be_corrected_and_reopens(open_window, keys) -> None:
    window = open_window(game_with_hands(FOUR, 1, build_rules(target=1)))
    assert window.pages.session.state.status is Status.FINISHED
    assert window.pages.game_view.form.isHidden()
    window.pages.game_view.delete_hand(0)
    assert window.pages.session.state.status is Status.IN_PROGRESS
    assert not window.pages.game_view.form.isHidden()
    assert window.pages.game_view.form.title.text() == "Hand 1"


def test_an_error_stops_recording_at_the_field_and_keeps_what_was_typed(open_window, keys) -> None:
    window = open_window(Game(players=FOUR))
    keys.press(Qt.Key.Key_Right)
    keys.type("3")  # Priya: three 10-12 cards, but nobody went out yet
    keys.press(Qt.Key.Key_Return)
    form = window.pages.game_view.form
    assert window.pages.session.state.hands_played == 0
    assert "nobody went out" in form.problems_label.text()
    assert all(row.went_out.property("problem") == "error" for row in form._rows)
    assert form._rows[0].counts[CardKind.HIGH].text() == "3"
    assert form._rows[0].counts[CardKind.LOW].text() == "7"

    form._rows[1].went_out.click()
    form._rows[1].made.setFocus()
    form._rows[2].made.click()
    field = form._rows[2].counts[CardKind.LOW]
    field.setFocus(Qt.FocusReason.TabFocusReason)
    keys.type("9")  # Kwame made phase 1 (six cards), so cannot hold nine
    keys.press(Qt.Key.Key_Return)
    assert window.pages.session.state.hands_played == 0
    assert field.property("problem") == "error"
    assert "holds at most 4 cards" in form.problems_label.text()
    assert isinstance(QApplication.focusWidget(), QLineEdit)


def test_a_warning_is_asked_once_and_then_recorded(open_window, keys, answers) -> None:
    window = open_window(Game(players=FOUR))
    asked = answers.details
    answers.confirm_answer = False
    keys.type("o")
    keys.press(Qt.Key.Key_Down, 2)
    keys.type("9")  # Dana missed but holds only nine cards: unusual, not impossible
    keys.press(Qt.Key.Key_Return)
    assert len(asked) == 1
    assert "holds 9 cards" in asked[0]
    assert window.pages.session.state.hands_played == 0
    assert (
        window.pages.game_view.form._rows[3].counts[CardKind.LOW].property("problem") == "warning"
    )
    assert window.pages.game_view.form._rows[3].counts[CardKind.LOW].text() == "9"
    answers.confirm_answer = True
    keys.press(Qt.Key.Key_Return)
    assert len(asked) == 2
    assert window.pages.session.state.hands_played == 1
    assert totals(window) == [0, 50, 50, 45]


def test_a_failed_save_is_shown_in_the_window(open_window, keys, library) -> None:
    window = open_window(Game(players=FOUR))
    library.fail_with = OSError("the disk is full")
    keys.type("o")
    keys.press(Qt.Key.Key_Return)
    assert window.pages.session.state.hands_played == 1
    assert "the disk is full" in window.status.save_label.text()
    # Said where the user looks: right above the form they just typed into.
    assert window.pages.game_view.save_problem.isVisibleTo(window)
    assert "the disk is full" in window.pages.game_view.save_problem.text()
    library.fail_with = None
    keys.type("o")
    keys.press(Qt.Key.Key_Return)
    assert not window.pages.game_view.save_problem.isVisibleTo(window)


def test_masters_players_pick_their_phase_from_the_keyboard(open_window, keys) -> None:
    window = open_window(Game(players=FOUR, rules=build_rules(Preset.MASTERS)))
    form = window.pages.game_view.form
    assert QApplication.focusWidget() is form._rows[0].phase
    # Every box starts at the lowest phase not made: 1 for all, on the first hand.
    assert [row.phase.currentData() for row in form._rows if row.phase] == [1, 1, 1, 1]
    keys.type("5")  # Priya attempted phase 5 ...
    keys.type("o")  # ... and went out: on to Marcus's phase
    assert QApplication.focusWidget() is form._rows[1].phase
    keys.type("7")
    keys.press(Qt.Key.Key_Down)
    keys.type("2")
    keys.press(Qt.Key.Key_Down)
    keys.type("3")
    keys.press(Qt.Key.Key_Return)
    state = window.pages.session.state
    assert state.hands_played == 1
    assert [state.hands[0].entries[name].phase for name in FOUR] == [5, 7, 2, 3]
    assert state.player("Priya").completed == (5,)


def test_a_title_that_looks_like_a_placeholder_is_shown_as_typed(open_window) -> None:
    title = "{title} %1 {0}"
    window = open_window(Game(players=FOUR, title=title))
    assert window.windowTitle() == f"{isolate(title)} — Phase 10 Keeper"
