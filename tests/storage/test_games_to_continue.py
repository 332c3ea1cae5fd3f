"""The games the start page offers to continue: the newest few not finished, read
without listing the whole library where kept records vouch for every game, and as
strictly as a listing where one does not."""

import sqlite3
from contextlib import closing
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from phase10_keeper.rules import Game, Preset, Status, build_rules
from phase10_keeper.storage.library import Library

from .samples import PLAYERS, friday_game, long_game, table_hand
from .test_damage_checked_once import NOT_JSON_HAND, _CountedChecks, _damage_behind_its_back


def _short_game(hands: int, started: str | None) -> Game:
    """A game of a fixed number of hands: finished once they are played, else going."""
    return Game(
        players=PLAYERS,
        rules=build_rules(Preset.FIXED_HANDS, hands=2),
        hands=tuple(table_hand(PLAYERS, index) for index in range(hands)),
        title=f"{hands} of 2 hands",
        started=started,
    )


def _unfinished_listed(library: Library) -> list[int]:
    return [game.id for game in library.list_games() if game.status is not Status.FINISHED]


STARTS = st.one_of(
    st.none(),
    # Naive: its moment hangs on the time zone, so the library keeps none for it.
    st.integers(1, 28).map(lambda day: f"2026-11-{day:02d}T20:00:00"),
    # With an offset, whose moment the library keeps; some the same moment as another.
    st.tuples(st.integers(1, 28), st.sampled_from(["+00:00", "+05:30", "-08:00", "Z"])).map(
        lambda start: f"2026-11-{start[0]:02d}T20:00:00{start[1]}"
    ),
    st.just("not a moment"),
)

GAMES = st.lists(st.tuples(st.integers(0, 2), STARTS, st.booleans()), max_size=8)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(games=GAMES, count=st.integers(0, 4))
def test_the_games_offered_are_the_newest_unfinished_ones_listed(
    library: Library, games: list[tuple[int, str | None, bool]], count: int
) -> None:
    for game_id, _ in library.live_revisions():
        library.delete_game(game_id)
    for hands, started, deleted in games:
        game_id = library.add_game(_short_game(hands, started))
        if deleted:
            library.delete_game(game_id)
    offered = library.games_to_continue(count)
    assert [game.id for game in offered] == _unfinished_listed(library)[:count]
    assert offered == [game for game in library.list_games() if game.id in {g.id for g in offered}]


def test_finished_games_are_not_offered_and_the_newest_come_first(library: Library) -> None:
    older = library.add_game(_short_game(1, "2026-11-01T20:00:00+00:00"))
    library.add_game(_short_game(2, "2026-11-20T20:00:00+00:00"))
    newer = library.add_game(replace(friday_game(), started="2026-11-10T20:00:00+00:00"))
    assert {game.status for game in library.list_games()} >= {Status.FINISHED}
    assert [game.id for game in library.games_to_continue(3)] == [newer, older]
    assert [game.id for game in library.games_to_continue(1)] == [newer]


def test_where_records_vouch_for_every_game_no_game_is_checked(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    games = [library.add_game(long_game(hands)) for hands in (1, 2, 3, 4)]
    counted = _CountedChecks(monkeypatch)
    offered = library.games_to_continue(2)
    assert len(offered) == 2
    assert counted.checked == []
    assert {game.id for game in offered} <= set(games)


def test_a_start_moved_by_another_program_moves_the_game_among_those_offered(
    library: Library,
) -> None:
    """The moment kept for the order is not what another program changes with the start:
    the change drops the game's record, and every game is listed again."""
    older = library.add_game(_short_game(1, "2026-11-01T20:00:00+00:00"))
    newer = library.add_game(_short_game(1, "2026-11-20T20:00:00+00:00"))
    assert [game.id for game in library.games_to_continue(1)] == [newer]
    with closing(sqlite3.connect(library.path)) as database:
        database.execute(
            "UPDATE games SET started = '2026-11-30T20:00:00+00:00' WHERE id = ?", (older,)
        )
        database.commit()
    assert [game.id for game in library.games_to_continue(1)] == [older]


def test_a_game_damaged_by_another_program_is_left_out_and_named(library: Library) -> None:
    first, second, third = (library.add_game(friday_game(hands)) for hands in (1, 2, 3))
    _damage_behind_its_back(library, third, NOT_JSON_HAND)
    assert {game.id for game in library.games_to_continue(3)} == {first, second}
    (damage,) = library.damaged_games()
    assert damage.game_id == third


def test_a_game_changed_by_another_program_is_offered_as_it_is_now(library: Library) -> None:
    """Its record is dropped with the change: every game is then listed and checked."""
    game_id = library.add_game(friday_game())
    with closing(sqlite3.connect(library.path)) as database:
        database.execute("UPDATE games SET title = 'Saturday' WHERE id = ?", (game_id,))
        database.commit()
    assert [game.title for game in library.games_to_continue(3)] == ["Saturday"]


def test_titles_taken_include_every_game_not_deleted(library: Library) -> None:
    kept = library.add_game(friday_game())
    gone = library.add_game(replace(friday_game(), title="Gone"))
    damaged = library.add_game(replace(friday_game(), title="Broken"))
    library.delete_game(gone)
    _damage_behind_its_back(library, damaged, NOT_JSON_HAND)
    assert library.list_games()[0].id == kept
    assert sorted(library.game_titles()) == ["Broken", "Friday night"]
