"""Records across game nights (CONTRACTS.md section 3, `records`): worked out by hand,
and against a reference written from the contract on random libraries."""

import contextlib
import io
import json
import sqlite3
import tempfile
from collections import Counter
from collections.abc import Callable
from contextlib import closing
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from phase10_keeper.cli import main
from phase10_keeper.language import words
from phase10_keeper.rules import Game, Hand, Leave, replay
from phase10_keeper.stats import (
    RecordKind,
    Records,
    RecordSet,
    game_record,
    library_stats,
    player_key,
    record_set_line,
    records_set_by,
    stats_of_records,
)
from phase10_keeper.storage.gamefile import standings_to_json
from phase10_keeper.storage.library import Library

from ..rules.test_properties import games
from ..storage.samples import FakeClock
from .games import TO_PHASE_1, made, missed, race_to_phase_2, tie_break


def won_by(winner: str, *others: str, left: int = 0) -> Game:
    """A game to phase 1 that `winner` wins by going out in hand 1 while the `others`
    miss it holding ten low cards (50); the last `left` of the others leave before hand
    1, on a total of 0."""
    players = (winner, *others)
    seating = tuple(Leave(1, name) for name in others[len(others) - left :])
    seated = players[: len(players) - left]
    results = {name: made() if name == winner else missed() for name in seated}
    return Game(players, TO_PHASE_1, hands=(Hand(winner, results),), seating=seating)


def records_of(*games_played: Game) -> dict[str, Records]:
    return {player.name: player.records for player in library_stats(games_played).players}


def test_a_player_who_never_finished_a_game_has_no_records() -> None:
    unfinished = Game(("Ana", "Ben"), hands=(Hand("Ana", {"Ana": made(), "Ben": missed()}),))
    assert records_of(unfinished)["Ben"] == Records(None, None, 0, 0, None)


def test_the_best_total_is_the_lowest_final_total_of_a_game_seated_at_its_end() -> None:
    # Ana leaves before playing a hand, with a total of 0: it is no record of hers.
    records = records_of(won_by("Ben", "Cleo", "Ana", left=1), race_to_phase_2("Ana", "Ben"))
    assert records["Ana"].best_total == 50
    assert records["Ben"].best_total == 0
    assert records["Cleo"].best_total == 50


def test_the_fastest_win_counts_the_hands_of_the_game_tie_break_included() -> None:
    records = records_of(tie_break("Ana", "Ben"), won_by("Ben", "Ana"), tie_break("Ana", "Ben"))
    assert records["Ben"].fastest_win == 1
    assert records["Ana"].fastest_win is None


def test_streaks_run_over_the_finished_games_a_player_sat_in() -> None:
    played = (
        won_by("Ana", "Ben"),
        won_by("Ana", "Ben"),
        won_by("Ben", "Cleo"),  # Ana did not sit in it: her streak goes on
        won_by("Ana", "Cleo"),
        won_by("Cleo", "Ana"),
        won_by("Ana", "Ben"),
    )
    records = records_of(*played)
    assert (records["Ana"].best_streak, records["Ana"].current_streak) == (3, 1)
    assert (records["Ben"].best_streak, records["Ben"].current_streak) == (1, 0)
    assert (records["Cleo"].best_streak, records["Cleo"].current_streak) == (1, 1)


def test_a_player_who_left_lost_that_game() -> None:
    records = records_of(won_by("Ana", "Ben"), won_by("Cleo", "Dev", "Ana", left=1))
    assert (records["Ana"].best_streak, records["Ana"].current_streak) == (1, 0)
    assert records["Ana"].nemesis == "Cleo"


def test_the_nemesis_won_most_of_the_games_lost_ties_by_case_folded_name() -> None:
    played = (won_by("bo", "Ana"), won_by("Al", "Ana"), won_by("Cy", "Ana"), won_by("Cy", "Ana"))
    assert records_of(*played)["Ana"].nemesis == "Cy"
    # One game each: "Al" and "bo" tie, and "al" comes before "bo".
    assert records_of(*played[:2])["Ana"].nemesis == "Al"
    assert records_of(won_by("Ana", "Bo"))["Ana"].nemesis is None


def test_records_follow_a_player_through_every_spelling() -> None:
    records = records_of(won_by("ana", "Ben"), won_by("ANA", "Ben"), won_by("Ben", "Ana"))
    assert records["Ana"].best_streak == 2
    assert records["Ben"].nemesis == "Ana"


def test_the_records_a_game_set() -> None:
    played = [
        game_record(replay(game).final)
        for game in (
            race_to_phase_2("Ana", "Ben"),  # Ben wins in 2 hands; totals Ana 50, Ben 5
            won_by("Ben", "Ana"),  # Ben wins in 1 hand, again (a streak of 2), on 0
            won_by("Ana", "Ben"),  # Ana: 0, her best total; Ben 50
        )
    ]
    assert records_set_by(played, 0) == ()
    assert records_set_by(played, 1) == (
        RecordSet("Ben", RecordKind.BEST_TOTAL, 0, 5),
        RecordSet("Ben", RecordKind.FASTEST_WIN, 1, 2),
        RecordSet("Ben", RecordKind.BEST_STREAK, 2, 1),
    )
    assert records_set_by(played, 2) == (RecordSet("Ana", RecordKind.BEST_TOTAL, 0, 50),)
    english = words("en")
    lines = [record_set_line(english, record) for record in records_set_by(played, 1)]
    assert lines == [
        "Ben's best total ever: 0 (was 5)",
        "Ben's fastest win ever: in 1 hand (was 2)",
        "Ben's longest winning streak: 2 wins in a row (was 1)",
    ]
    assert record_set_line(words("de"), records_set_by(played, 2)[0]) == (
        "Beste Summe aller Zeiten für Ana: 0 (vorher 50)"
    )


def test_an_unfinished_game_sets_no_record() -> None:
    unfinished = Game(("Ana", "Ben"), hands=(Hand("Ana", {"Ana": made(), "Ben": missed()}),))
    played = [game_record(replay(game).final) for game in (won_by("Ben", "Ana"), unfinished)]
    assert records_set_by(played, 1) == ()


def test_the_human_stats_show_the_records(tmp_path: Path) -> None:
    with Library.open(tmp_path / "data") as library:
        library.add_game(replace(won_by("Ana", "Ben"), started="2026-01-01T20:00:00+00:00"))
        library.add_game(replace(won_by("Ben", "Ana"), started="2026-01-02T20:00:00+00:00"))
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["--data-dir", str(tmp_path / "data"), "stats"]) == 0
    text = out.getvalue()
    records = text[text.index("Records across game nights:") :].splitlines()
    assert records[1].split() == [
        "Player",
        "Best",
        "total",
        "Fastest",
        "win",
        "Best",
        "streak",
        "Streak",
        "now",
        "Nemesis",
    ]
    assert records[3].split() == ["Ana", "0", "1", "1", "0", "Ben"]
    assert records[4].split() == ["Ben", "0", "1", "1", "1", "Ana"]


# The reference: the contract's words, read as simply as possible, from the standings of
# each game and the library's own record of when each game was added.


def _moment(text: str) -> float:
    return datetime.fromisoformat(text).timestamp()


def reference_records(
    standings: dict[int, dict[str, Any]], started: dict[int, str | None], added: dict[int, str]
) -> dict[str, dict[str, Any]]:
    order = sorted(standings, key=lambda game: (_moment(started[game] or added[game]), game))
    shown: dict[str, str] = {}
    for game_id in order:
        for player in standings[game_id]["players"]:
            shown[player["name"].strip().casefold()] = player["name"]
    finished = [standings[game_id] for game_id in order]
    finished = [game for game in finished if game["status"] == "finished"]
    result = {}
    for key, name in shown.items():
        totals: list[int] = []
        wins: list[int] = []
        outcomes: list[bool] = []
        beaten_by = Counter[str]()
        for game in finished:
            mine = [p for p in game["players"] if p["name"].strip().casefold() == key]
            if not mine:
                continue
            if mine[0].get("seated", True):
                totals.append(mine[0]["total"])
            won = game["winner"].strip().casefold() == key
            outcomes.append(won)
            if won:
                wins.append(game["hands_played"])
            else:
                beaten_by[game["winner"].strip().casefold()] += 1
        best = run = 0
        for won in outcomes:
            run = run + 1 if won else 0
            best = max(best, run)
        most = max(beaten_by.values(), default=0)
        rivals = sorted(shown[other] for other in beaten_by if beaten_by[other] == most)
        nemesis = min(rivals, key=str.casefold) if rivals else None
        result[name] = {
            "best_total": min(totals, default=None),
            "fastest_win": min(wins, default=None),
            "best_streak": best,
            "current_streak": run,
            "nemesis": nemesis,
        }
    return result


SPELLINGS: st.SearchStrategy[Callable[[str], str]] = st.sampled_from(
    [str.lower, str.upper, str.title, str]
)
MOMENTS = st.none() | st.integers(-20, 40).map(
    lambda second: (
        f"2026-11-29T19:30:{second:02d}+00:00"
        if second >= 0
        else f"2026-11-29T19:29:{60 + second:02d}+00:00"
    )
)


@st.composite
def libraries(draw: st.DrawFn) -> list[tuple[Game, bool]]:
    """Random games, each with random spellings of its players and a start (or none), and
    whether it is deleted."""
    played = []
    for game in draw(st.lists(games(), min_size=1, max_size=8)):
        for name in game.players:
            game = game.with_player_renamed(name, draw(SPELLINGS)(name))
        played.append(replace(game, started=draw(MOMENTS)))
    deleted = draw(st.sets(st.integers(0, len(played) - 1), max_size=2))
    return [(game, index in deleted) for index, game in enumerate(played)]


# Each example writes a library to disk: fewer of them than the pure properties draw.
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(libraries())
def test_stats_json_records_match_the_reference_on_random_libraries(
    played: list[tuple[Game, bool]],
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        data_dir = Path(folder) / "data"
        standings, started = {}, {}
        with Library.open(data_dir, clock=FakeClock()) as library:
            for game, deleted in played:
                game_id = library.add_game(game)
                if deleted:
                    library.delete_game(game_id)
                    continue
                standings[game_id] = standings_to_json(replay(game).final)
                started[game_id] = game.started
            path = library.path
        with closing(sqlite3.connect(path)) as database:
            added = dict(database.execute("SELECT id, created FROM games"))
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            assert main(["--data-dir", str(data_dir), "stats", "--json"]) == 0
    printed = {
        player["name"]: player["records"] for player in json.loads(out.getvalue())["players"]
    }
    assert printed == reference_records(standings, started, added)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(games(), min_size=1, max_size=6))
def test_a_game_sets_the_records_it_improves_on(played: list[Game]) -> None:
    records = [game_record(replay(game).final) for game in played]
    for index, game in enumerate(records):
        before = {
            player.key: player.records for player in stats_of_records(records[:index]).players
        }
        after = {
            player.key: player.records for player in stats_of_records(records[: index + 1]).players
        }
        expected = set()
        for player in game.players if game.finished else ():
            old, new = before.get(player_key(player.name)), after[player_key(player.name)]
            if old is None:
                continue
            for kind, was, now in (
                (RecordKind.BEST_TOTAL, old.best_total, new.best_total),
                (RecordKind.FASTEST_WIN, old.fastest_win, new.fastest_win),
                (RecordKind.BEST_STREAK, old.best_streak or None, new.best_streak),
            ):
                if was is not None and now is not None and now != was:
                    expected.add(RecordSet(player.name, kind, now, was))
        assert set(records_set_by(records, index)) == expected
