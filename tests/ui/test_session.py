"""The session: every change goes through the hand log, can be undone, and is saved."""

import pytest

from phase10_keeper.rules import GameError, build_rules
from phase10_keeper.ui.session import GameSession
from phase10_keeper.ui.user_text import isolate

from .games import FOUR, game_with_hands, went_out


def test_recording_undo_and_redo(library, qtbot) -> None:
    game = game_with_hands(FOUR, 1)
    game_id = library.add_game(game)
    session = GameSession(game, library, game_id)
    with qtbot.waitSignal(session.changed):
        session.record_hand(went_out(FOUR, "Marcus"))
    assert session.state.hands_played == 2
    assert session.undo_stack.undoText() == "record hand 2"
    assert library.games[game_id] == session.game
    session.undo_stack.undo()
    assert session.state.hands_played == 1
    assert library.games[game_id].hands == game.hands
    session.undo_stack.redo()
    assert session.state.player("Marcus").total == 50
    assert library.saves == 3


def test_editing_a_past_hand_replays_everything_after_it(library) -> None:
    game = game_with_hands(FOUR, 4)
    session = GameSession(game, library, library.add_game(game))
    assert session.state.player("Dana").total == 150
    session.replace_hand(0, went_out(FOUR, "Priya", Dana=2))
    assert session.state.player("Dana").total == 110
    assert session.state.player("Dana").completed == (1, 2)
    assert session.undo_stack.undoText() == "edit hand 1"
    session.undo_stack.undo()
    assert session.state.player("Dana").total == 150


def test_an_edit_that_breaks_a_later_hand_changes_nothing(library) -> None:
    game = game_with_hands(FOUR, 3, build_rules(target=2))
    session = GameSession(game, library, library.add_game(game))
    with pytest.raises(GameError) as raised:
        # Priya going out twice ends the game at hand 2, so hand 3 could not follow.
        session.replace_hand(1, went_out(FOUR, "Priya"))
    assert raised.value.problems[0].hand_number == 3
    assert session.game == game
    assert session.undo_stack.count() == 0
    assert library.saves == 0


def test_deleting_a_hand(library) -> None:
    game = game_with_hands(FOUR, 3)
    session = GameSession(game, library, library.add_game(game))
    session.remove_hand(0)
    assert session.state.hands_played == 2
    assert session.state.player("Priya").total == 100
    assert session.undo_stack.undoText() == "delete hand 1"


def test_a_failed_save_is_reported_and_the_hand_kept(library, qtbot) -> None:
    game = game_with_hands(FOUR, 1)
    session = GameSession(game, library, library.add_game(game))
    library.fail_with = OSError("disk full")
    with qtbot.waitSignal(session.save_failed) as failed:
        session.record_hand(went_out(FOUR, "Kwame"))
    assert "disk full" in failed.args[0]
    assert session.state.hands_played == 2


def test_renaming_a_player_reaches_every_hand_and_can_be_undone(library) -> None:
    game = game_with_hands(FOUR, 3)
    game_id = library.add_game(game)
    session = GameSession(game, library, game_id)
    before = session.state.player("Dana")
    session.rename_player("Dana", "  Danielle ")
    assert session.game.players == ("Priya", "Marcus", "Kwame", "Danielle")
    assert all("Danielle" in hand.results for hand in session.game.hands)
    after = session.state.player("Danielle")
    assert (after.total, after.completed, after.seat) == (
        before.total,
        before.completed,
        before.seat,
    )
    assert session.undo_stack.undoText() == f"rename {isolate('Dana')} to {isolate('Danielle')}"
    assert library.games[game_id] == session.game
    session.undo_stack.undo()
    assert session.game == game
    assert library.games[game_id] == game


def test_a_rename_to_another_players_name_changes_nothing(library) -> None:
    game = game_with_hands(FOUR, 1)
    session = GameSession(game, library, library.add_game(game))
    with pytest.raises(GameError, match="names must differ"):
        session.rename_player("Dana", "priya")
    assert session.game == game
    assert session.undo_stack.count() == 0
