"""Players who leave or join mid-game, in the app: the dialogs, undo, the grid and form."""

import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel

from phase10_keeper.rules import Game, Hand, Join, Leave, Preset, Status, build_rules, replay
from phase10_keeper.ui.game.grid_model import MARKS_ROLE, ScoreGridModel
from phase10_keeper.ui.game.rename_player_dialog import RenamePlayerDialog
from phase10_keeper.ui.game.seating_dialogs import (
    PlayerJoinsDialog,
    PlayerLeavesDialog,
    average_total,
    highest_total,
)
from phase10_keeper.ui.game.session import GameSession
from phase10_keeper.ui.game.standings_model import StandingsModel, phase_text
from phase10_keeper.ui.main_window import MainWindow
from phase10_keeper.ui.text.escape import isolate

from ..answers import Answers
from ..conftest import result
from ..games import FOUR, game_with_hands, went_out

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


def open_window(qtbot, library, hands: int = 2, answers: Answers | None = None) -> MainWindow:
    game = game_with_hands(FOUR, hands)
    window = MainWindow(prompts=answers or Answers())
    qtbot.addWidget(window)
    window.navigation.open_session(GameSession(game, library, library.add_game(game)))
    return window


def shown(kind: type) -> object:
    return next(
        widget
        for widget in QApplication.topLevelWidgets()
        if isinstance(widget, kind) and widget.isVisible()
    )


def test_totals_offered_to_a_joiner(library) -> None:
    state = GameSession(game_with_hands(FOUR, 2)).state
    assert [p.total for p in state.players] == [50, 50, 100, 100]
    assert (highest_total(state), average_total(state)) == (100, 75)
    state = GameSession(game_with_hands(FOUR, 1)).state
    assert [p.total for p in state.players] == [0, 50, 50, 50]
    assert average_total(state) == 40  # 37.5, rounded up to a multiple of five


def test_player_leaves_from_the_game_menu_and_undo_brings_them_back(qtbot, library) -> None:
    window = open_window(qtbot, library)
    session = window.pages.session
    assert session is not None
    assert window.leave_action in window.game_menu.actions()
    assert window.leave_action.isEnabled()
    window.leave_action.trigger()
    dialog = shown(PlayerLeavesDialog)
    assert isinstance(dialog, PlayerLeavesDialog)
    dialog.player_combo.setCurrentText("Marcus")
    assert f"{isolate('Marcus')} leaves before hand 3" in dialog.explanation.text()
    dialog.accept()
    assert session.game.seating == (Leave(3, "Marcus"),)
    assert session.state.participants() == ("Priya", "Kwame", "Dana")
    assert window.undo_action.text() == f"Undo {isolate('Marcus')} leaves"
    view = window.pages.game_view
    assert view is not None
    assert view.form.draft is not None
    assert view.form.draft.participants == ("Priya", "Kwame", "Dana")
    assert view.grid_model.headerData(1, Qt.Orientation.Vertical, MARKS_ROLE) == ["left"]
    window.undo_action.trigger()
    assert session.game.seating == ()
    assert view.form.draft is not None
    assert view.form.draft.participants == FOUR
    window.redo_action.trigger()
    assert session.game.seating == (Leave(3, "Marcus"),)
    assert library.games[session.game_id].seating == (Leave(3, "Marcus"),)


def test_player_joins_with_a_seat_a_total_and_a_phase(qtbot, library) -> None:
    window = open_window(qtbot, library)
    session = window.pages.session
    assert session is not None
    window.join_action.trigger()
    dialog = shown(PlayerJoinsDialog)
    assert isinstance(dialog, PlayerJoinsDialog)
    assert not dialog.join_button.isEnabled()
    dialog.name_combo.setEditText("priya")
    assert not dialog.join_button.isEnabled()
    assert "names must differ" in dialog.problem_label.text()
    dialog.name_combo.setEditText(" Eve ")
    assert dialog.join_button.isEnabled()
    dialog.seat_combo.setCurrentIndex(dialog.seat_combo.findData("Kwame"))
    dialog.highest_radio.setChecked(True)
    dialog.phase_combo.setCurrentIndex(dialog.phase_combo.findData(2))
    dialog.accept()
    assert session.game.seating == (Join(3, "Eve", after="Kwame", total=100, phase=2),)
    state = session.state
    assert state.player("Eve").total == 100
    assert state.next_phase("Eve") is not None
    view = window.pages.game_view
    assert view is not None
    assert view.grid_model.rowCount() == 5
    assert view.grid_model.absence(4, 0) == "not seated"
    assert view.grid_model.data(view.grid_model.index(4, 1)) == "not seated"
    assert view.standings_model.rowCount() == 5
    assert view.form.draft is not None
    assert "Eve" in view.form.draft.participants
    window.undo_action.trigger()
    assert view.grid_model.rowCount() == 4
    assert session.game.players == FOUR


def test_names_come_from_the_roster_less_those_at_the_table(qtbot) -> None:
    state = GameSession(game_with_hands(FOUR, 2)).state
    dialog = PlayerJoinsDialog(state, FOUR, ["Eve", "Dana", "Zoë"])
    qtbot.addWidget(dialog)
    names = [dialog.name_combo.itemText(i) for i in range(dialog.name_combo.count())]
    assert names == ["Eve", "Zoë"]
    assert dialog.name_combo.currentText() == ""
    assert dialog.phase_combo.itemText(0) == "Phase 1: 2 sets of 3"
    assert dialog.average_radio.text() == "the &average, rounded up to 5: 75"


def test_a_typed_total_is_taken(qtbot, library) -> None:
    state = GameSession(game_with_hands(FOUR, 2)).state
    dialog = PlayerJoinsDialog(state, FOUR)
    qtbot.addWidget(dialog)
    dialog.name_combo.setEditText("Eve")
    dialog.number_spin.setValue(35)
    assert dialog.number_radio.isChecked()
    dialog.average_radio.setChecked(True)
    assert dialog.change().total == 75
    dialog.number_radio.setChecked(True)
    with qtbot.waitSignal(dialog.joining) as joining:
        dialog.accept()
    assert joining.args == [Join(3, "Eve", total=35, phase=1)]


def test_the_grid_shows_a_leavers_row_as_ended(qtbot, qtmodeltester, library) -> None:
    game = game_with_hands(FOUR, 2).with_seating_change(Leave(3, "Dana"))
    game = game.with_hand_appended(went_out(("Priya", "Marcus", "Kwame"), "Kwame"))
    session = GameSession(game)
    model = ScoreGridModel(session.state)
    qtmodeltester.check(model)
    row = FOUR.index("Dana")
    assert model.headerData(row, Qt.Orientation.Vertical, MARKS_ROLE) == ["left"]
    assert model.data(model.index(row, 2)) == "left"
    assert [model.absence(row, column) for column in range(3)] == [None, None, "left"]
    standings = StandingsModel(session.state)
    qtmodeltester.check(standings)
    dana = next(standings.row(place) for place in range(4) if standings.row(place).name == "Dana")
    assert phase_text(dana) == "left before hand 3"


def test_a_leave_that_ends_the_game_names_the_winner(qtbot, library) -> None:
    game = game_with_hands(("Priya", "Marcus"), 2)
    window = MainWindow(prompts=Answers())
    qtbot.addWidget(window)
    session = GameSession(game, library, library.add_game(game))
    window.navigation.open_session(session)
    window.leave_action.trigger()
    dialog = shown(PlayerLeavesDialog)
    assert isinstance(dialog, PlayerLeavesDialog)
    dialog.player_combo.setCurrentText("Priya")
    assert f"the game ends and {isolate('Marcus')} wins" in dialog.explanation.text()
    dialog.accept()
    assert (session.state.status, session.state.winner) == (Status.FINISHED, "Marcus")
    view = window.pages.game_view
    assert view is not None
    assert view.banner.headline.text() == f"{isolate('Marcus')} wins"
    assert "the only player left at the table" in view.banner.detail.text()
    assert not window.leave_action.isEnabled()
    assert not window.join_action.isEnabled()


def test_a_seating_change_during_a_tie_break_is_refused(qtbot, library) -> None:
    rules = build_rules(Preset.FIXED_HANDS, hands=1)
    everyone_made = Hand("Priya", {name: result(True) for name in FOUR})
    game = Game(FOUR, rules, (everyone_made,))
    answers = Answers()
    window = MainWindow(prompts=answers)
    qtbot.addWidget(window)
    session = GameSession(game, library, library.add_game(game))
    window.navigation.open_session(session)
    assert session.state.status is Status.TIEBREAK
    assert not window.leave_action.isEnabled()
    assert not window.join_action.isEnabled()
    window.commands.change_seating(Leave(2, "Dana"))
    assert session.game == game
    assert len(answers.warnings) == 1
    assert "during a tie-break" in answers.warnings[0]


def test_a_player_can_be_renamed_when_more_than_six_have_sat(qtbot) -> None:
    players = ("Ana", "Ben", "Cy", "Dee", "Eun", "Fay", "Gus")
    dialog = RenamePlayerDialog(players, "Gus")
    qtbot.addWidget(dialog)
    dialog.name_edit.setText("Gustav")
    assert dialog.problem() is None
    assert dialog.rename_button.isEnabled()
    dialog.name_edit.setText("ana")
    assert dialog.problem() is not None


def test_blank_sheets_for_the_table_name_those_seated_now(qtbot, library, monkeypatch) -> None:
    window = open_window(qtbot, library)
    window.commands.change_seating(Leave(3, "Dana"))
    asked: dict[str, object] = {}

    class Printer:
        def print_blank(self, names: tuple[str, ...] = (), rules: object = None) -> None:
            asked.update(names=names, rules=rules)

    monkeypatch.setattr(window.commands, "printer", Printer)
    window.commands.print_blank_sheets()
    assert asked["names"] == ("Priya", "Marcus", "Kwame")


def test_hands_after_a_join_record_and_undo_in_order(qtbot, library) -> None:
    window = open_window(qtbot, library)
    session = window.pages.session
    assert session is not None
    window.commands.change_seating(Join(3, "Eve", after="Priya", total=50))
    table = ("Priya", "Marcus", "Kwame", "Dana", "Eve")
    session.record_hand(went_out(table, "Eve"))
    assert session.state.player("Eve").total == 50
    # Eve sits left of Priya, who dealt hand 1: the deal reaches her after Dana.
    assert [session.state.dealer_of(index) for index in range(2, 6)] == [
        "Kwame",
        "Dana",
        "Priya",
        "Eve",
    ]
    assert window.undo_action.text() == "Undo record hand 3"
    window.undo_action.trigger()
    # The undone hand is back in the form to be fixed; Undo takes that back first.
    assert window.undo_action.text() == "Undo typing"
    window.undo_action.trigger()
    assert window.undo_action.text() == f"Undo {isolate('Eve')} joins"
    window.undo_action.trigger()
    assert session.game == game_with_hands(FOUR, 2)
    assert library.games[session.game_id] == session.game


def test_a_leaver_keeps_the_left_mark_once_the_game_is_over(qtbot) -> None:
    game = game_with_hands(("Priya", "Marcus"), 2).with_seating_change(Leave(3, "Priya"))
    state = GameSession(game).state
    assert state.status is Status.FINISHED
    model = ScoreGridModel(state)
    assert model.headerData(0, Qt.Orientation.Vertical, MARKS_ROLE) == ["left"]
    assert model.headerData(1, Qt.Orientation.Vertical, MARKS_ROLE) == ["★ won"]


def test_each_alt_key_of_the_join_dialog_does_one_thing(qtbot) -> None:
    # Two choices on one Alt key only take the focus in turn: neither gets chosen.
    dialog = PlayerJoinsDialog(GameSession(game_with_hands(FOUR, 2)).state, FOUR)
    qtbot.addWidget(dialog)
    texts = [button.text() for button in dialog.findChildren(QAbstractButton)]
    texts += [label.text() for label in dialog.findChildren(QLabel)]
    keys = [
        found.group(1).casefold()
        for text in texts
        if (found := re.search("&([^&])", text.replace("&&", "")))
    ]
    assert keys
    assert len(keys) == len(set(keys)), sorted(keys)


def test_the_leave_explanation_is_shown_whole_in_german_once_a_name_is_chosen(qtbot) -> None:
    from phase10_keeper.ui.text.translate import use_language

    use_language("de")
    try:
        players = ("Maximilian Alexander Featherstonehaugh", "Zoë Wünschmann-Łukasiewicz")
        dialog = PlayerLeavesDialog(replay(game_with_hands((*players, "Ana"), 2)).final)
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        # The explanation is empty as the dialog opens, and grows with the name chosen.
        dialog.player_combo.setCurrentIndex(0)
        QApplication.processEvents()
        label = dialog.explanation
        assert label.height() >= label.heightForWidth(label.width())
        assert label.geometry().bottom() < dialog.buttons.geometry().top()
        assert label.geometry().top() > dialog.player_combo.geometry().bottom()
    finally:
        use_language("en")
