"""Properties of the statistics of any library of valid games."""

from hypothesis import given, settings
from hypothesis import strategies as st

from phase10_keeper.rules import Game, Status, replay
from phase10_keeper.stats import game_series, library_stats, player_key

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
        totals = [
            final.players[index].total
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
        assert sum(points or 0 for points in line.points) == player.total
    if series.biggest_hand is not None:
        assert series.biggest_hand.points == max(
            points for line in series.players for points in line.points if points is not None
        )
