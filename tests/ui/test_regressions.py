"""Each bug found playing at a real table, as the test that would have caught it."""

import sqlite3

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtWidgets import QApplication, QMessageBox, QTableView, QWidget

from phase10_keeper.rules import CardKind, Game, Problem, ProblemKey, Severity, build_rules
from phase10_keeper.storage.library import Library
from phase10_keeper.ui.game.standings_model import StandingsModel
from phase10_keeper.ui.main_window import MainWindow
from phase10_keeper.ui.prompts import Prompts
from phase10_keeper.ui.text.escape import isolate

from .answers import Answers
from .games import FOUR, SIX, game_with_hands

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")

CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def answers() -> Answers:
    return Answers()


@pytest.fixture
def window(qtbot, answers):
    library = Library.open()
    window = MainWindow(library, prompts=answers, open_url=answers.open_url)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    yield window
    library.close()


def press(qtbot, key: Qt.Key, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    qtbot.keyClick(QApplication.focusWidget(), key, modifier)


def type_keys(qtbot, text: str) -> None:
    for character in text:
        qtbot.keyClicks(QApplication.focusWidget(), character)


def hands_saved(window: MainWindow, game_id: int) -> int:
    assert window.library is not None
    return len(window.library.load_game(game_id).hands)


def test_bug1_close_game_then_open_another_records_into_the_new_game(qtbot, window) -> None:
    assert window.library is not None
    first = window.library.add_game(Game(FOUR, title="First"))
    second = window.library.add_game(Game(SIX, title="Second"))
    assert window.navigation.open_game(first)
    window.navigation.close_game()
    # A person takes longer than one turn of the event loop to choose the next game.
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    window.navigation.show_library()
    assert window.pages.games_view is not None
    window.pages.games_view.select_game(second)
    window.pages.games_view.open_action.trigger()
    assert window.pages.session is not None
    assert window.pages.session.game_id == second
    assert window.pages.game_view is not None
    assert window.pages.game_view.grid_model.rowCount() == len(SIX)
    assert window.windowTitle().startswith(isolate("Second"))
    type_keys(qtbot, "o")
    press(qtbot, Qt.Key.Key_Return)
    assert hands_saved(window, second) == 1
    assert window.pages.game_view.grid_model.hand_count == 1


def test_bug2_standings_list_every_player_of_a_bigger_later_game(qtbot, window) -> None:
    assert window.library is not None
    small = window.library.add_game(Game(FOUR, title="Four"))
    big = window.library.add_game(Game(SIX, title="Six"))
    window.navigation.open_game(small)
    window.navigation.open_game(big)
    assert window.pages.game_view is not None
    assert window.pages.game_view.standings_model.rowCount() == len(SIX)
    assert window.pages.game_view.standings.verticalHeader().count() == len(SIX)


def test_bug2_standings_model_grows_and_shrinks_with_the_players(qtmodeltester) -> None:
    from phase10_keeper.rules import replay

    model = StandingsModel(replay(Game(FOUR)).final)
    view = QTableView()
    view.setModel(model)
    qtmodeltester.check(model)
    model.set_state(replay(Game(SIX)).final)
    assert view.verticalHeader().count() == len(SIX)
    qtmodeltester.check(model)
    model.set_state(replay(Game(FOUR[:2])).final)
    assert view.verticalHeader().count() == 2


def test_bug3_space_after_typing_a_count_keeps_the_count(qtbot, window) -> None:
    assert window.library is not None
    window.navigation.open_game(window.library.add_game(Game(FOUR)))
    type_keys(qtbot, "o")  # Priya went out; focus moves on to Marcus
    form = window.pages.game_view.form
    assert QApplication.focusWidget() is form._rows[1].counts[CardKind.LOW]
    type_keys(qtbot, "2 ")  # Marcus holds two 1-9 cards, then: made it
    assert form.draft is not None
    assert form.draft.made("Marcus")
    assert form.draft.count("Marcus", CardKind.LOW) == 2
    assert form._rows[1].counts[CardKind.LOW].text() == "2"


def test_bug4_ctrl_delete_in_the_form_deletes_no_hand(qtbot, window) -> None:
    assert window.library is not None
    game_id = window.library.add_game(game_with_hands(FOUR, 3))
    window.navigation.open_game(game_id)
    view = window.pages.game_view
    # A column left selected by an earlier correction ...
    view.grid.selectColumn(1)
    view.correct_hand(1)
    view.form.cancel()
    # ... and Ctrl+Delete typed in a count field, the habit for "delete word".
    view.form.focus_first()
    press(qtbot, Qt.Key.Key_Delete, CTRL)
    assert hands_saved(window, game_id) == 3
    assert window.pages.session is not None
    assert len(window.pages.session.game.hands) == 3
    assert not window.pages.session.undo_stack.count()


def test_bug4_a_selection_does_not_follow_into_another_game(qtbot, window) -> None:
    assert window.library is not None
    first = window.library.add_game(game_with_hands(FOUR, 3))
    second = window.library.add_game(game_with_hands(FOUR, 3))
    window.navigation.open_game(first)
    window.pages.game_view.grid.selectColumn(1)
    window.navigation.open_game(second)
    assert window.pages.game_view.selected_hand() is None
    assert not window.pages.game_view.delete_action.isEnabled()


def test_bug4_deleting_a_hand_is_confirmed_and_offers_undo(qtbot, window, answers) -> None:
    assert window.library is not None
    game_id = window.library.add_game(game_with_hands(FOUR, 3))
    window.navigation.open_game(game_id)
    view = window.pages.game_view
    view.grid.setFocus()
    view.grid.selectColumn(1)
    answers.confirm_answer = False
    press(qtbot, Qt.Key.Key_Delete, CTRL)
    assert answers.asked == ["Delete hand 2? Later hands are scored again without it."]
    assert answers.defaults == [False]
    assert hands_saved(window, game_id) == 3
    answers.confirm_answer = True
    press(qtbot, Qt.Key.Key_Delete, CTRL)
    assert hands_saved(window, game_id) == 2
    assert window.statusBar().currentMessage() == "Deleted hand 2."
    assert window.status.undo_button.isVisibleTo(window)
    window.status.undo_button.click()
    assert hands_saved(window, game_id) == 3
    assert not window.status.undo_button.isVisibleTo(window)


def test_undoing_a_deletion_with_the_keys_takes_back_its_message(qtbot, window) -> None:
    """Found by hand: after Ctrl+Z the status bar still said "Deleted hand 2." over a
    sheet with hand 2 back on it."""
    assert window.library is not None
    game_id = window.library.add_game(game_with_hands(FOUR, 3))
    window.navigation.open_game(game_id)
    view = window.pages.game_view
    view.grid.selectColumn(1)
    view.delete_hand(1)
    assert window.statusBar().currentMessage() == "Deleted hand 2."
    press(qtbot, Qt.Key.Key_Z, CTRL)
    assert hands_saved(window, game_id) == 3
    assert window.statusBar().currentMessage() == ""
    assert not window.status.undo_button.isVisibleTo(window)
    assert window.status.save_label.text() == "Saved: “delete hand 2” taken back"


def test_a_new_message_stays_when_the_undo_it_follows_is_withdrawn(qtbot, window) -> None:
    assert window.library is not None
    game_id = window.library.add_game(game_with_hands(FOUR, 3))
    window.navigation.open_game(game_id)
    view = window.pages.game_view
    view.delete_hand(2)
    window.say("Something else happened.")
    assert not window.status.undo_button.isVisibleTo(window)
    press(qtbot, Qt.Key.Key_Z, CTRL)
    assert hands_saved(window, game_id) == 3
    assert window.statusBar().currentMessage() == "Something else happened."


def test_bug4_undo_while_typing_undoes_the_typing_not_the_last_hand(qtbot, window) -> None:
    assert window.library is not None
    game_id = window.library.add_game(game_with_hands(FOUR, 2))
    window.navigation.open_game(game_id)
    form = window.pages.game_view.form
    type_keys(qtbot, "o3")  # Priya went out; Marcus holds three 1-9 cards
    assert window.undo_action.text() == "Undo typing"
    press(qtbot, Qt.Key.Key_Z, CTRL)
    assert form.draft is not None
    assert form.draft.went_out == "Priya"
    assert "Marcus" not in [name for name, p in form.draft.players.items() if p.typed]
    press(qtbot, Qt.Key.Key_Z, CTRL)
    assert form.draft.went_out is None
    assert hands_saved(window, game_id) == 2
    # Redo brings the typing back, and a hand still only goes with a further Undo.
    press(qtbot, Qt.Key.Key_Z, CTRL | Qt.KeyboardModifier.ShiftModifier)
    press(qtbot, Qt.Key.Key_Z, CTRL | Qt.KeyboardModifier.ShiftModifier)
    assert form.draft.went_out == "Priya"
    assert form.draft.count("Marcus", CardKind.LOW) == 3
    assert hands_saved(window, game_id) == 2


def test_bug4_undoing_a_recorded_hand_puts_it_back_in_the_form(qtbot, window) -> None:
    assert window.library is not None
    game_id = window.library.add_game(Game(FOUR))
    window.navigation.open_game(game_id)
    form = window.pages.game_view.form
    type_keys(qtbot, "o 2")  # Priya out; Marcus made it with two 1-9 cards
    press(qtbot, Qt.Key.Key_Return)
    assert hands_saved(window, game_id) == 1
    window.undo_action.trigger()
    assert hands_saved(window, game_id) == 0
    assert form.draft is not None
    assert form.draft.went_out == "Priya"
    assert form.draft.made("Marcus")
    assert form.draft.count("Marcus", CardKind.LOW) == 2
    assert form._rows[1].counts[CardKind.LOW].text() == "2"
    # Fix the typo and record again: nothing had to be typed twice.
    form._rows[1].counts[CardKind.LOW].setFocus(Qt.FocusReason.TabFocusReason)
    type_keys(qtbot, "1")
    press(qtbot, Qt.Key.Key_Return)
    assert window.library.load_game(game_id).hands[0].results["Marcus"].cards.low == 1


def test_bug5_a_problem_with_the_cards_held_marks_the_fields_that_hold_them(qtbot, window) -> None:
    assert window.library is not None
    window.navigation.open_game(window.library.add_game(Game(FOUR)))
    form = window.pages.game_view.form
    type_keys(qtbot, "o ")  # Priya out; Marcus made phase 1 (six cards) ...
    press(qtbot, Qt.Key.Key_Right)
    press(qtbot, Qt.Key.Key_Right)
    type_keys(qtbot, "5")  # ... yet holds five skips
    press(qtbot, Qt.Key.Key_Return)
    marcus = form._rows[1]
    assert marcus.counts[CardKind.SKIP].property("problem") == "error"
    assert marcus.counts[CardKind.LOW].property("problem") == ""


def test_bug5_fixing_the_entry_clears_the_old_problem_text(qtbot, window) -> None:
    assert window.library is not None
    window.navigation.open_game(window.library.add_game(Game(FOUR)))
    form = window.pages.game_view.form
    press(qtbot, Qt.Key.Key_Return)
    assert "nobody went out" in form.problems_label.text()
    type_keys(qtbot, "o")
    assert form.problems_label.text() == ""
    assert all(row.went_out.property("problem") == "" for row in form._rows)


def test_bug5_one_card_is_one_card() -> None:
    from phase10_keeper.rules import Cards, Hand, PlayerResult, check_hand, replay

    state = replay(Game(FOUR)).final
    hand = Hand(
        "Priya",
        {
            "Priya": PlayerResult(True),
            "Marcus": PlayerResult(False, Cards(low=1)),
            "Kwame": PlayerResult(True, Cards(low=5)),
            "Dana": PlayerResult(False, Cards(low=10)),
        },
    )
    messages = [problem.message for problem in check_hand(state, hand)]
    assert any("holds 1 card;" in message for message in messages)
    assert not any("1 cards" in message for message in messages)


def test_bug5_went_out_buttons_show_which_is_chosen_while_marked(qtbot, window) -> None:
    assert window.library is not None
    window.navigation.open_game(window.library.add_game(Game(FOUR)))
    form = window.pages.game_view.form
    press(qtbot, Qt.Key.Key_Return)  # "nobody went out" marks every went-out button
    form._rows[0].went_out.setChecked(True)
    form.show_problems(
        [Problem(Severity.ERROR, ProblemKey.NOBODY_WENT_OUT, hand_number=1, field="went_out")]
    )
    chosen = form._rows[0].went_out.grab().toImage()
    other = form._rows[1].went_out.grab().toImage()
    assert form._rows[1].went_out.property("problem") == "error"
    assert chosen != other


def test_bug5_moving_went_out_unticks_made_for_the_first_player(qtbot, window) -> None:
    assert window.library is not None
    window.navigation.open_game(window.library.add_game(Game(FOUR)))
    form = window.pages.game_view.form
    form._rows[0].went_out.click()
    assert form._rows[0].made.isChecked()
    form._rows[1].went_out.click()
    assert not form._rows[0].went_out.isChecked()
    assert not form._rows[0].made.isChecked()
    assert form.draft is not None
    assert not form.draft.made("Priya")


def test_bug5_the_unusual_hand_question_defaults_to_go_back(qtbot, window, answers) -> None:
    assert window.library is not None
    window.navigation.open_game(window.library.add_game(Game(FOUR, rules=build_rules())))
    answers.confirm_answer = False
    type_keys(qtbot, "o")
    press(qtbot, Qt.Key.Key_Down)
    press(qtbot, Qt.Key.Key_Down)
    type_keys(qtbot, "9")  # Dana missed but holds nine cards: unusual
    press(qtbot, Qt.Key.Key_Return)
    assert answers.defaults == [False]
    assert window.pages.session is not None
    assert not window.pages.session.game.hands


def test_bug5_the_real_question_box_defaults_to_the_safe_answer(qtbot, monkeypatch) -> None:
    shown: list[str] = []

    def show(box: QMessageBox) -> int:
        shown.append(box.defaultButton().text())
        return 0

    monkeypatch.setattr(QMessageBox, "exec", show)
    parent = QWidget()
    Prompts().confirm(
        parent, "Unusual hand", "Record it?", accept="Record Anyway", reject="Go Back"
    )
    assert shown == ["Go Back"]


def test_bug6_a_library_that_cannot_be_written_still_opens_and_closes_games(
    qtbot, tmp_path, answers, caplog
) -> None:
    """Found by random bit flips: remembering the game to reopen is a write, and a write
    refused (here another program holds the library's write lock) ended opening and
    closing the game, and closing the window, in an unexpected error."""
    with Library.open(tmp_path) as library:
        first = library.add_game(Game(FOUR, title="First"))
        library.set_last_open_game(first)
        second = library.add_game(Game(SIX, title="Second"))
    library = Library.open(tmp_path, timeout=0.05)
    window = MainWindow(library, prompts=answers)
    qtbot.addWidget(window)
    holder = sqlite3.connect(library.path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        assert window.navigation.open_game(second)
        assert window.navigation.shown_page is window.pages.game_view
        window.navigation.close_game()
        assert window.navigation.open_game(second)
        window.close()
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert answers.errors == []
    assert "could not remember the game to reopen" in caplog.text
    assert library.last_open_game() == first, "nothing half-written"
    library.close()
