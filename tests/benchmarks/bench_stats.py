"""How long the statistics of a large library take. Not a test: run it.

    python tests/benchmarks/bench_stats.py [--games N] [--runs N]

On a library of N games (10,000 unless told; varied tables and lengths, one in eight
finished, others ended in a tie to break or still going), it times what
`phase10-keeper stats` does, in this process:
- the first time: reading and replaying every game and keeping each game's record
  beside the library; its baseline is replaying the same games already in memory;
- again, with every record kept: reading only the records; its baseline is decoding
  the file of records as JSON, and nothing more;
- both again as the user runs them: `phase10-keeper stats` in a process of its own,
  from its start to its end (its imports and its printing included).
Medians of the runs; the ratios are to the baselines measured in the same run.
"""

import argparse
import json
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from measure import library_of, python_child_environment, row, run_module

from phase10_keeper.stats import library_stats, stats_of_records
from phase10_keeper.storage.library import Library
from phase10_keeper.storage.paths import CACHE_FILE
from phase10_keeper.storage.stats_cache import game_records


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


def replaying_in_memory(data_dir: Path, runs: int) -> float:
    """The median time to replay the library's games read beforehand. They are let go
    after: ten thousand games held in memory slow every later run's garbage collection."""
    with Library.open(data_dir) as opened:
        games = [opened.load_game(game_id) for game_id, _ in opened.live_revisions()]
    return median_s(lambda: library_stats(games), runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="games (default 10,000)")
    parser.add_argument("--runs", type=int, default=3, help="runs of each case (default 3)")
    options = parser.parse_args()
    games, runs = options.games, options.runs
    with tempfile.TemporaryDirectory() as folder:
        data_dir = Path(folder)
        library_of(games, data_dir, finished=True)
        cache = data_dir / CACHE_FILE

        def first_time() -> None:
            cache.unlink(missing_ok=True)
            stats_command(data_dir, games)

        print(
            f"statistics of {games:,} games, median of {runs} runs (load {os.getloadavg()[0]:.2f}):"
        )
        replays = replaying_in_memory(data_dir, runs)
        row("replaying the games in memory", f"{replays:.2f} s")
        first = median_s(first_time, runs)
        row("`stats`, no records kept", f"{first:.2f} s", first / replays, "goal <= 1 s")
        stats_command(data_dir, games)
        reading = median_s(lambda: json.loads(cache.read_bytes().partition(b"\n")[2]), runs)
        row("decoding the file of records", f"{reading:.2f} s")
        kept = median_s(lambda: stats_command(data_dir, games), runs)
        row("`stats`, every record kept", f"{kept:.2f} s", kept / reading, "goal <= 0.3 s")

        environment = python_child_environment()
        command = ["--data-dir", str(data_dir), "stats"]

        def command_s(*, records_kept: bool) -> float:
            if not records_kept:
                cache.unlink(missing_ok=True)
            elapsed_ms, _, printed = run_module("phase10_keeper", command, environment)
            assert f"{games:,}" in printed or str(games) in printed
            return elapsed_ms / 1000

        first = statistics.median(command_s(records_kept=False) for _ in range(runs))
        row(
            "phase10-keeper stats, its own process, no records",
            f"{first:.2f} s",
            None,
            "goal <= 1 s",
        )
        kept = statistics.median(command_s(records_kept=True) for _ in range(runs))
        row(
            "phase10-keeper stats, its own process, records kept",
            f"{kept:.2f} s",
            None,
            "goal <= 0.3 s",
        )


if __name__ == "__main__":
    main()
