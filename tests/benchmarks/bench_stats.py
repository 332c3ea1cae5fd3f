"""How long the statistics of a large library take. Not a test: run it.

    python tests/benchmarks/bench_stats.py [--games N] [--runs N]

On a library of N games (10,000 unless told; varied tables and lengths, one in eight
finished, others ended in a tie to break or still going), it times what
`phase10-keeper stats` does, in this process:
- with each game's record kept in the library as the game was saved, as the app leaves
  it: reading the records; its baseline is a minimal script reading the same rows with
  sqlite3, decoding each as JSON and adding up every player's points;
- once, in a library an earlier version kept (no record kept yet): replaying every game
  and keeping its record; its baseline is replaying the same games already in memory;
- the records the library's last finished game set (what its result card says: a best
  total, a fastest win, a longest streak), read from the same kept records; against the
  same baseline;
- both again as the user runs them: `phase10-keeper stats` in a process of its own,
  from its start to its end (its imports and its printing included).
Medians of the runs; the ratios are to the baselines measured in the same run.
"""

import argparse
import json
import os
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from measure import forget_records, library_of, python_child_environment, row, run_module

from phase10_keeper.stats import library_stats, records_set_by, stats_of_records
from phase10_keeper.storage.kept_records import game_records
from phase10_keeper.storage.library import LIBRARY_FILE, Library


def median_s(action: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        action()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def stats_command(data_dir: Path, games: int) -> None:
    with Library.open(data_dir) as opened:
        records, _ = game_records(opened)
    stats = stats_of_records([record for _, record in records])
    assert stats.games == games


def records_of_the_last_game(data_dir: Path) -> None:
    """What the result card of the library's last finished game reads: its records."""
    with Library.open(data_dir) as opened:
        records, _ = game_records(opened)
    in_order = [record for _, record in records]
    last = max(index for index, record in enumerate(in_order) if record.finished)
    records_set_by(in_order, last)


def replaying_in_memory(data_dir: Path, runs: int) -> float:
    """The median time to replay the library's games read beforehand. They are let go
    after: ten thousand games held in memory slow every later run's garbage collection."""
    with Library.open(data_dir) as opened:
        games = [opened.load_game(game_id) for game_id, _ in opened.live_revisions()]
    return median_s(lambda: library_stats(games), runs)


def summing_the_rows(data_dir: Path) -> int:
    """The baseline: the same rows read and their points added up, and nothing more."""
    connection = sqlite3.connect(data_dir / LIBRARY_FILE)
    try:
        rows = connection.execute("SELECT record FROM game_records").fetchall()
    finally:
        connection.close()
    return sum(player[2] for (text,) in rows for player in json.loads(text)[4])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="games (default 10,000)")
    parser.add_argument("--runs", type=int, default=3, help="runs of each case (default 3)")
    options = parser.parse_args()
    games, runs = options.games, options.runs
    with tempfile.TemporaryDirectory() as folder:
        data_dir = Path(folder)
        library_of(games, data_dir, finished=True)

        def upgraded_once() -> None:
            forget_records(data_dir)
            stats_command(data_dir, games)

        print(
            f"statistics of {games:,} games, median of {runs} runs (load {os.getloadavg()[0]:.2f}):"
        )
        reading = median_s(lambda: summing_the_rows(data_dir), runs)
        row("reading the records and adding up points", f"{reading:.2f} s")
        kept = median_s(lambda: stats_command(data_dir, games), runs)
        row(
            "`stats`, records kept as games were saved",
            f"{kept:.2f} s",
            kept / reading,
            "goal <= 0.3 s",
        )
        records = median_s(lambda: records_of_the_last_game(data_dir), runs)
        row(
            "records the last finished game set",
            f"{records:.2f} s",
            records / reading,
            "goal <= 0.3 s",
        )
        replays = replaying_in_memory(data_dir, runs)
        row("replaying the games in memory", f"{replays:.2f} s")
        once = median_s(upgraded_once, runs)
        row("`stats` once after an upgrade, no records", f"{once:.2f} s", once / replays)

        environment = python_child_environment()
        command = ["--data-dir", str(data_dir), "stats"]

        def command_s(*, records_kept: bool) -> float:
            if not records_kept:
                forget_records(data_dir)
            elapsed_ms, _, printed = run_module("phase10_keeper", command, environment)
            assert f"{games:,}" in printed or str(games) in printed
            return elapsed_ms / 1000

        kept = statistics.median(command_s(records_kept=True) for _ in range(runs))
        row(
            "phase10-keeper stats, its own process",
            f"{kept:.2f} s",
            None,
            "goal <= 1 s the first time, 0.3 s after",
        )
        once = statistics.median(command_s(records_kept=False) for _ in range(runs))
        row("phase10-keeper stats, its own process, after an upgrade", f"{once:.2f} s")


if __name__ == "__main__":
    main()
