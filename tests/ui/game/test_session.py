"""The session: every change goes through the hand log, can be undone, and is saved."""

import gc
import tracemalloc

import pytest

from phase10_keeper.rules import GameError, build_rules, replay
from phase10_keeper.ui.game.session import GameSession
from phase10_keeper.ui.text.escape import isolate

from ..games import FOUR, SIX, game_with_hands, long_game, went_out


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


def test_a_change_is_saved_before_anything_follows_it(library) -> None:
    """The phones' table follows the game and keeps its sharing in the same library from
    a thread of its own: told of a hand before it was saved, it wrote at the same time,
    and the save waited on SQLite's lock."""
    game = game_with_hands(FOUR, 1)
    game_id = library.add_game(game)
    session = GameSession(game, library, game_id)
    saved_when_told = []
    session.changed.connect(
        lambda: saved_when_told.append(library.games[game_id].hands == session.game.hands)
    )
    session.record_hand(went_out(FOUR, "Marcus"))
    session.undo_stack.undo()
    session.undo_stack.redo()
    assert saved_when_told == [True, True, True]


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


def test_undo_and_redo_show_what_replaying_the_game_shows(library) -> None:
    game = game_with_hands(FOUR, 5)
    session = GameSession(game, library, library.add_game(game))
    session.record_hand(went_out(FOUR, "Kwame", Dana=1))
    session.replace_hand(2, went_out(FOUR, "Priya", Marcus=1))
    session.remove_hand(1)
    session.rename_player("Kwame", "Kofi")
    session.replace_hand(0, went_out(session.game.players, "Dana"))
    games = []
    for _ in range(5):
        games.append(session.game)
        assert session.replay == replay(session.game)
        session.undo_stack.undo()
    assert session.game == game
    assert session.replay == replay(game)
    for expected in reversed(games):
        session.undo_stack.redo()
        assert session.game == expected
        assert session.replay == replay(expected)


def test_the_undo_history_keeps_games_not_their_replays(library) -> None:
    game = long_game(150)
    session = GameSession(game, library, library.add_game(game))
    first = session.game.hands[0]
    other = went_out(SIX, first.went_out, **{SIX[(SIX.index(first.went_out) + 1) % 6]: 2})

    def edit_hand_one(times: int) -> int:
        """Memory held after editing hand 1 `times` more times."""
        for number in range(times):
            session.replace_hand(0, other if number % 2 == 0 else first)
        gc.collect()
        return tracemalloc.get_traced_memory()[0]

    tracemalloc.start()
    try:
        after_a_few = edit_hand_one(2)
        after_many = edit_hand_one(12)
        before = tracemalloc.get_traced_memory()[0]
        one_replay = replay(game)
        replay_size = tracemalloc.get_traced_memory()[0] - before
        del one_replay
    finally:
        tracemalloc.stop()
    assert session.undo_stack.count() == 14
    # Twelve more replays kept would hold twelve times one replay's memory.
    assert after_many - after_a_few < replay_size / 4


def test_the_saved_line_reads_as_one_sentence_after_undo_and_redo(library, qtbot) -> None:
    game = game_with_hands(FOUR, 1)
    session = GameSession(game, library, library.add_game(game))
    session.record_hand(went_out(FOUR, "Marcus"))
    with qtbot.waitSignal(session.saved) as saved:
        session.undo_stack.undo()
    assert saved.args == ["Saved: “record hand 2” taken back"]
    with qtbot.waitSignal(session.saved) as saved:
        session.undo_stack.redo()
    assert saved.args == ["Saved: record hand 2"]


def test_changes_are_named_in_the_language_spoken_now(library) -> None:
    from phase10_keeper.ui.text.translate import use_language

    game = game_with_hands(FOUR, 1)
    session = GameSession(game, library, library.add_game(game))
    session.record_hand(went_out(FOUR, "Marcus"))
    session.rename_player("Dana", "Danielle")
    steps, at = session.kept_history()
    renamed = f"Umbenennung von {isolate('Dana')} in {isolate('Danielle')}"
    use_language("de")
    try:
        # A history kept while English was spoken is named in German when taken back up
        # (as after a restart in another language).
        again = GameSession(steps[-1].after)
        assert again.take_history(steps, at)
        assert again.undo_stack.undoText() == renamed
        assert again.undo_stack.text(0) == "Eintrag von Runde 2"
        # Undone and redone, a change made in English is named in German.
        session.undo_stack.undo()
        session.undo_stack.redo()
        assert session.undo_stack.undoText() == renamed
    finally:
        use_language("en")
