"""How long the game library takes to save a long game, and to list many games.

Run `python tests/benchmarks/bench_library.py [FOLDER]` from the repository.

Each save is a committed transaction (WAL, synchronous=FULL), so the timings include
the disk's flush. Give a folder to measure on a particular disk; by default a temporary
folder is used.

Listing: `phase10-keeper games list` on a library of 2,000 games, a fresh process each
time, against a minimal Python script that prints the same table with one sqlite3
query. Medians of interleaved runs.
"""

import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from measure import library_of, python_child_environment, row, run_module, run_script

from phase10_keeper.rules import Cards, Game, Hand, PlayerResult, Preset, build_rules
from phase10_keeper.storage.library import LIBRARY_FILE, Library

PLAYERS = ("Priya", "Marcus", "Kwame", "Dana", "Zoë", "Ana")
HANDS = 200
REPEATS = 30


def hand(index: int) -> Hand:
    went_out = PLAYERS[index % len(PLAYERS)]
    return Hand(
        went_out=went_out,
        results={
            name: PlayerResult(made=True)
            if name == went_out
            else PlayerResult(made=False, cards=Cards(low=7, high=2, wild=1))
            for name in PLAYERS
        },
    )


def long_game(hands: int) -> Game:
    return Game(
        players=PLAYERS,
        rules=build_rules(Preset.FIXED_HANDS, hands=hands + REPEATS + 10),
        hands=tuple(hand(index) for index in range(hands)),
        title="A long evening",
    )


def timed(action: Callable[[], object], repeats: int = REPEATS) -> str:
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        action()
        times.append((time.perf_counter() - started) * 1000)
    return f"median {statistics.median(times):6.2f} ms, max {max(times):6.2f} ms"


def run(data_dir: Path) -> None:
    with Library.open(data_dir) as library:
        game = long_game(HANDS)
        started = time.perf_counter()
        game_id = library.add_game(game)
        print(
            f"add a {HANDS}-hand game:            {(time.perf_counter() - started) * 1000:6.2f} ms"
        )

        state = {"game": game}

        def append() -> None:
            state["game"] = state["game"].with_hand_appended(hand(len(state["game"].hands)))
            library.save_game(game_id, state["game"])

        print(f"record one more hand:            {timed(append)}")

        def edit(index: int) -> Callable[[], None]:
            def change() -> None:
                current = state["game"]
                state["game"] = current.with_hand_replaced(index, hand(index + 1))
                library.save_game(game_id, state["game"])
                state["game"] = current
                library.save_game(game_id, current)

            return change

        print(f"edit hand {HANDS - 10}, then undo (2 saves): {timed(edit(HANDS - 10), 10)}")
        print(f"edit hand 1, then undo (2 saves):   {timed(edit(0), 10)}")
        print(f"load the game:                   {timed(lambda: library.load_game(game_id))}")

    with Library.open(data_dir) as library:
        loaded = library.load_game(game_id)
        started = time.perf_counter()
        library.save_game(game_id, loaded.with_hand_appended(hand(len(loaded.hands))))
        print(
            "first save after reopening:      "
            f"{(time.perf_counter() - started) * 1000:6.2f} ms (replays the whole game once)"
        )


_MINIMAL_LISTING = """
import sqlite3, sys
connection = sqlite3.connect(sys.argv[1])
rows = connection.execute(
    "SELECT id, substr(coalesce(started, created), 1, 10), title, "
    "(SELECT group_concat(name, ', ') FROM game_players WHERE game_id = games.id), "
    "(SELECT COUNT(*) FROM hands WHERE game_id = games.id), status, winner "
    "FROM games WHERE deleted_at IS NULL ORDER BY coalesce(started, created) DESC, id DESC"
).fetchall()
for game_id, date, title, players, hands, status, winner in rows:
    print(f"{game_id:>5}  {date}  {title or '-':<20}  {players:<40}  {hands:>5}  {status}")
"""

LISTED_GAMES = 2_000


def listing(data_dir: Path, runs: int = 9) -> None:
    library_of(LISTED_GAMES, data_dir)
    environment = python_child_environment()
    command = ["--data-dir", str(data_dir), "games", "list"]
    minimal = [str(data_dir / LIBRARY_FILE)]
    run_module("phase10_keeper", command, environment)
    ours, plain = [], []
    for _ in range(runs):
        ours.append(run_module("phase10_keeper", command, environment)[0])
        plain.append(run_script(_MINIMAL_LISTING, minimal, environment))
    print(f"listing {LISTED_GAMES:,} games in a fresh process, median of {runs} runs:")
    baseline = statistics.median(plain)
    row("minimal sqlite3 listing", f"{baseline:.0f} ms")
    listed = statistics.median(ours)
    row("phase10-keeper games list", f"{listed:.0f} ms", listed / baseline, "goal <= 2x")


def main() -> None:
    if len(sys.argv) > 1:
        run(Path(sys.argv[1]))
        with tempfile.TemporaryDirectory(dir=sys.argv[1]) as folder:
            listing(Path(folder))
        return
    with tempfile.TemporaryDirectory() as folder:
        run(Path(folder))
    with tempfile.TemporaryDirectory() as folder:
        listing(Path(folder))


if __name__ == "__main__":
    main()
