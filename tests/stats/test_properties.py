"""Properties of the statistics of any library of valid games."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from phase10_keeper.rules import Game, Status, replay
from phase10_keeper.stats import (
    PhaseTally,
    game_record,
    game_series,
    library_stats,
    player_key,
    record_from_json,
    record_to_json,
)
from phase10_keeper.stats.game import PhaseCounter

from ..rules.test_properties import games

PROPERTY = settings(max_examples=40, deadline=None)
libraries = st.lists(games(), max_size=5)


@PROPERTY
@given(libraries)
def test_wins_add_up_to_the_finished_games_with_a_winner(library: list[Game]) -> None:
    stats = library_stats(library)
    finals = [replay(game).final for game in library]
    won = sum(final.status is Status.FINISHED and final.winner is not None for final in finals)
    assert sum(player.wins for player in stats.players) == won
    assert stats.finished == sum(final.status is Status.FINISHED for final in finals)
    assert stats.games == len(library)


@PROPERTY
@given(libraries)
def test_no_phase_is_made_more_often_than_it_is_tried(library: list[Game]) -> None:
    stats = library_stats(library)
    for player in stats.players:
        assert all(0 <= tally.made <= tally.attempts for tally in player.phases)
    assert all(0 <= tally.made <= tally.attempts for tally in stats.phases)


@PROPERTY
@given(libraries)
def test_points_are_the_sum_of_the_standings_totals(library: list[Game]) -> None:
    stats = library_stats(library)
    for player in stats.players:
        # The points of the hands played: a player who joined late started on a total
        # the table gave them, which no hand scored.
        totals = [
            sum(final.players[index].hand_points)
            for final in (replay(game).final for game in library)
            for index, seated in enumerate(final.players)
            if player_key(seated.name) == player.key
        ]
        assert player.points == sum(totals)
        assert player.games == len(totals)


@PROPERTY
@given(libraries)
def test_the_library_phases_are_the_players_phases_added_up(library: list[Game]) -> None:
    stats = library_stats(library)
    attempts: dict[int, int] = {}
    made: dict[int, int] = {}
    for player in stats.players:
        for tally in player.phases:
            attempts[tally.label] = attempts.get(tally.label, 0) + tally.attempts
            made[tally.label] = made.get(tally.label, 0) + tally.made
    assert {tally.label: tally.attempts for tally in stats.phases} == attempts
    assert {tally.label: tally.made for tally in stats.phases} == made


@PROPERTY
@given(libraries)
def test_players_are_sorted_by_wins_then_name(library: list[Game]) -> None:
    players = library_stats(library).players
    keys = [(-player.wins, player.name.casefold()) for player in players]
    assert keys == sorted(keys)
    assert len({player.key for player in players}) == len(players)


@PROPERTY
@given(games())
def test_a_game_series_ends_at_the_standings(game: Game) -> None:
    final = replay(game).final
    series = game_series(game)
    assert series.hands == len(game.hands)
    for player, line in zip(final.players, series.players, strict=True):
        assert line.totals[-1:] == ((player.total,) if game.hands else ())
        assert line.phases_made[-1:] == ((len(player.completed),) if game.hands else ())
        assert len(line.points) == len(line.totals) == series.hands
        assert sum(points or 0 for points in line.points) == sum(player.hand_points)
    if series.biggest_hand is not None:
        assert series.biggest_hand.points == max(
            points for line in series.players for points in line.points if points is not None
        )


@PROPERTY
@given(games())
def test_a_game_record_reads_back_from_json_as_it_was(game: Game) -> None:
    record = game_record(replay(game).final)
    assert record_from_json(json.loads(json.dumps(record_to_json(record)))) == record


# Each game's tallies as a record keeps them: label, attempts, made, one label at a time.
# Few labels, so that many games try the same phases, as games played in order do.
game_tallies = st.lists(
    st.lists(
        st.tuples(st.integers(1, 4), st.integers(1, 5), st.integers(0, 5)),
        max_size=3,
        unique_by=lambda tally: tally[0],
    ).map(lambda tallies: tuple(value for tally in sorted(tallies) for value in tally)),
    max_size=40,
)


@PROPERTY
@given(game_tallies)
def test_the_tallies_of_many_games_add_up_to_each_games_tallies_added(
    tallies: list[tuple[int, ...]],
) -> None:
    counter = PhaseCounter()
    counter.add_games(tallies)
    attempts: dict[int, int] = {}
    made: dict[int, int] = {}
    for counts in tallies:
        for label, tried, succeeded in zip(counts[::3], counts[1::3], counts[2::3], strict=True):
            attempts[label] = attempts.get(label, 0) + tried
            made[label] = made.get(label, 0) + succeeded
    assert counter.tallies() == tuple(
        PhaseTally(label, attempts[label], made[label]) for label in sorted(attempts)
    )


def test_tallies_not_in_threes_are_refused() -> None:
    with pytest.raises(ValueError, match="threes"):
        PhaseCounter().add_games([(1, 2, 1), (1, 2)])
