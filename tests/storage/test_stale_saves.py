"""Every save says what it replaces: a copy saved elsewhere since it was read is refused."""

from collections.abc import Callable
from dataclasses import replace

import pytest

from phase10_keeper.rules import Hand
from phase10_keeper.storage.library import GameChanged, Library, LibraryError

from .samples import PLAYERS, long_game, table_hand


def _hand(number: int = 2) -> Hand:
    return table_hand(PLAYERS, number)


def test_two_windows_on_two_connections_cannot_overwrite_each_other(
    library: Library, reopen: Callable[[], Library]
) -> None:
    game_id = library.add_game(long_game(1))
    window_a, window_b = library, reopen()
    seen_by_a = window_a.load_game(game_id)
    seen_by_b = window_b.load_game(game_id)
    a_recorded = seen_by_a.with_hand_appended(_hand(1))
    window_a.save_game(game_id, a_recorded)
    with pytest.raises(GameChanged) as refused:
        window_b.save_game(game_id, seen_by_b.with_hand_appended(_hand(2)))
    assert refused.value.game_id == game_id
    assert refused.value.revision == window_a.known_revision(game_id)
    assert isinstance(refused.value, LibraryError)
    assert "was not saved over it" in str(refused.value)
    # Nothing of B's save was applied: both read A's game.
    assert window_b.load_game(game_id) == a_recorded
    assert reopen().load_game(game_id) == a_recorded
    # B, reloaded, saves on top of A's hand; now A's copy is the stale one.
    b_recorded = window_b.load_game(game_id).with_hand_appended(_hand(2))
    window_b.save_game(game_id, b_recorded)
    with pytest.raises(GameChanged):
        window_a.save_game(game_id, a_recorded.with_hand_removed(1))
    assert len(reopen().load_game(game_id).hands) == len(b_recorded.hands)


def test_a_revision_passed_is_the_one_checked(
    library: Library, reopen: Callable[[], Library]
) -> None:
    game_id = library.add_game(long_game(2))
    read_at = library.known_revision(game_id)
    assert read_at is not None
    game = library.load_game(game_id)
    library.save_game(game_id, game.with_hand_removed(0), revision=read_at)
    # A second copy read at the old revision, in the same connection, is stale too.
    with pytest.raises(GameChanged):
        library.save_game(game_id, game.with_hand_appended(_hand()), revision=read_at)
    assert len(reopen().load_game(game_id).hands) == 1


def test_a_game_never_read_cannot_be_saved_over(
    library: Library, reopen: Callable[[], Library]
) -> None:
    game_id = library.add_game(long_game(2))
    stranger = reopen()
    with pytest.raises(GameChanged):
        stranger.save_game(game_id, long_game(5))
    assert len(stranger.load_game(game_id).hands) == 2


def test_a_rename_elsewhere_makes_a_copy_stale_and_is_not_undone_by_it(
    library: Library, reopen: Callable[[], Library]
) -> None:
    game_id = library.add_game(long_game(2))
    other = reopen()
    game = other.load_game(game_id)
    library.rename_game(game_id, "Friday night")
    with pytest.raises(GameChanged):
        other.save_game(game_id, game.with_hand_appended(_hand()))
    assert other.load_game(game_id).title == "Friday night"


def test_a_rename_here_keeps_this_copy_current(library: Library) -> None:
    game_id = library.add_game(long_game(2))
    game = library.load_game(game_id)
    library.rename_game(game_id, "Saturday")
    renamed = replace(game, title="Saturday").with_hand_appended(_hand())
    library.save_game(game_id, renamed)
    assert library.load_game(game_id) == renamed


def test_a_rename_from_a_stale_connection_does_not_make_its_copy_current(
    library: Library, reopen: Callable[[], Library]
) -> None:
    game_id = library.add_game(long_game(2))
    stale = reopen()
    old = stale.load_game(game_id)
    current = library.load_game(game_id).with_hand_appended(_hand())
    library.save_game(game_id, current)
    stale.rename_game(game_id, "Renamed")
    with pytest.raises(GameChanged):
        stale.save_game(game_id, replace(old, title="Renamed"))
    assert library.load_game(game_id) == replace(current, title="Renamed")


def test_a_rename_across_games_is_one_transaction(
    library: Library, reopen: Callable[[], Library]
) -> None:
    from phase10_keeper.rules import Game, GameError

    first = library.add_game(Game(players=("Ana", "Bo")))
    second = library.add_game(Game(players=("Ana", "Cy", "Bea")))
    with pytest.raises(GameError):
        # "Bea" is taken in the second game: neither game is renamed.
        library.rename_player([(first, "Ana", "Bea"), (second, "Ana", "Bea")])
    other = reopen()
    assert other.load_game(first).players == ("Ana", "Bo")
    library.rename_player([(first, "Ana", "Ann"), (second, "Ana", "Ann")])
    assert [other.load_game(game).players[0] for game in (first, second)] == ["Ann", "Ann"]
    assert library.known_revision(first) == other.known_revision(first)
