"""What the window's look for changes other programs made to its library costs.

Run `python tests/benchmarks/bench_outside_changes.py` from the repository.

The window asks `Library.data_version` (SQLite's `PRAGMA data_version`) every two
seconds and when it becomes active. Its cost is set against a `stat` of the revision
mark beside the library (what a poll of the file would cost; a file watcher costs
nothing between changes, but see `ui/library/outside_changes.py` for why it was not
chosen) and against reading the saved-games list again (what a page refresh costs),
on a library of 300 games. Medians of interleaved runs.
"""

import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from measure import library_of, row

from phase10_keeper.storage.library import Library
from phase10_keeper.storage.mark import mark_path

GAMES = 300
ROUNDS = 15
LOOKS = 2000
"""Looks timed together in each round: one takes a few microseconds."""
REFRESHES = 5
CHECK_SECONDS = 2.0


def per_call_us(action: Callable[[], object], calls: int) -> float:
    started = time.perf_counter()
    for _ in range(calls):
        action()
    return (time.perf_counter() - started) / calls * 1e6


def median(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[len(ordered) // 2]


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        data_dir = Path(folder)
        library_of(GAMES, data_dir)
        with Library.open(data_dir) as library:
            mark = mark_path(library.path)

            def refresh() -> None:
                library.list_games()
                library.list_games(deleted=True)
                library.damaged_games()

            looks: list[float] = []
            stats: list[float] = []
            refreshes: list[float] = []
            for _ in range(ROUNDS):
                looks.append(per_call_us(library.data_version, LOOKS))
                stats.append(per_call_us(mark.stat, LOOKS))
                refreshes.append(per_call_us(refresh, REFRESHES))
    look, stat, reread = median(looks), median(stats), median(refreshes)
    print(f"A look for outside changes, {GAMES} games, medians of {ROUNDS} rounds:")
    row("stat of the revision mark (baseline)", f"{stat:8.1f} us", 1.0)
    row("Library.data_version", f"{look:8.1f} us", look / stat)
    row("reading the saved-games list again", f"{reread:8.0f} us", reread / stat)
    share = look / (CHECK_SECONDS * 1e6) * 100
    row(f"time spent looking, one look every {CHECK_SECONDS:g} s", f"{share:.5f} %")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
