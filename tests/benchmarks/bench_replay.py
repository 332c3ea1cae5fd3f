"""How replaying grows with the length of a game. Not a test: run it.

    python tests/benchmarks/bench_replay.py [--runs N]

Games of 1,000 and 10,000 hands, six players; where the rules cap the hands of a game
(1,000), the longest game within the cap and a tenth of it.

1. `phase10-keeper standings` on the short and the long game file, each a fresh
   process: wall time and peak memory, medians of N runs. The baseline is
   the same process printing `--version`: the ratio of the two games' times less that
   start is how reading and replaying grow with the hands (linear: 10x).
2. In one process: replaying the short and the long game, and the memory one replay of
   the long game holds while it is kept (as the app keeps it).
"""

import argparse
import gc
import tempfile
import tracemalloc
from pathlib import Path

from measure import (
    hands_allowed,
    long_game,
    median_ms,
    python_child_environment,
    row,
    run_module,
)

LONG = hands_allowed(10_000)
SHORT = LONG // 10


def standings_processes(runs: int, folder: Path) -> None:
    from phase10_keeper.storage.gamefile import write_game

    environment = python_child_environment()
    files = {}
    for hands in (SHORT, LONG):
        files[hands] = folder / f"{hands}.phase10.json"
        write_game(files[hands], long_game(hands))
    run_module("phase10_keeper", ["--version"], environment)
    figures: dict[str, list[tuple[float, float]]] = {"start": [], str(SHORT): [], str(LONG): []}
    for _ in range(runs):
        figures["start"].append(run_module("phase10_keeper", ["--version"], environment)[:2])
        for hands, path in files.items():
            figures[str(hands)].append(
                run_module("phase10_keeper", ["standings", str(path), "--json"], environment)[:2]
            )

    def median(kind: str, which: int) -> float:
        values = sorted(figure[which] for figure in figures[kind])
        return values[len(values) // 2]

    start = median("start", 0)
    print(f"standings in a fresh process, median of {runs} runs:")
    row("process start (--version)", f"{start:.0f} ms")
    short, long = str(SHORT), str(LONG)
    row(f"standings, {SHORT:,} hands", f"{median(short, 0):.0f} ms")
    row(f"standings, {LONG:,} hands", f"{median(long, 0):.0f} ms")
    row(f"{LONG:,} vs {SHORT:,} hands", "", median(long, 0) / median(short, 0), "goal <= 10x")
    row(
        "the same, process start taken off",
        "",
        (median(long, 0) - start) / (median(short, 0) - start),
        "linear: 10x",
    )
    row("peak memory, --version", f"{median('start', 1):.0f} MiB")
    row(
        f"peak memory, standings, {LONG:,} hands",
        f"{median(long, 1):.0f} MiB",
        None,
        "goal <= 150 MiB",
    )


def in_process(runs: int) -> None:
    from phase10_keeper.rules import replay

    short, long = long_game(SHORT), long_game(LONG)
    short_ms = median_ms(lambda: replay(short), runs)
    long_ms = median_ms(lambda: replay(long), max(1, runs // 2))
    print(f"replay in one process, median of {runs} runs:")
    row(f"replay {SHORT:,} hands", f"{short_ms:.1f} ms")
    row(f"replay {LONG:,} hands", f"{long_ms:.1f} ms", long_ms / short_ms, "linear: 10x")
    game = long
    gc.collect()
    tracemalloc.start()
    kept = replay(game)
    held = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    row(f"one replay of {LONG:,} hands, held", f"{held / 2**20:.1f} MiB")
    del kept


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs of each case (default 3)")
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as folder:
        standings_processes(runs, Path(folder))
    in_process(runs)


if __name__ == "__main__":
    main()
