"""How replaying grows with the length of a game. Not a test: run it.

    python tests/benchmarks/bench_replay.py [--runs N]

1. `phase10-keeper standings` on a 1,000-hand and a 10,000-hand game file (six players),
   each a fresh process: wall time and peak memory, medians of N runs. The baseline is
   the same process printing `--version`: the ratio of the two games' times less that
   start is how reading and replaying grow with the hands (linear: 10x).
2. In one process: replaying 1,000 and 10,000 hands, and the memory one replay of
   2,000 hands holds while it is kept (as the app keeps it).
"""

import argparse
import gc
import tempfile
import tracemalloc
from pathlib import Path

from measure import long_game, median_ms, python_child_environment, row, run_python


def standings_processes(runs: int, folder: Path) -> None:
    from phase10_keeper.storage.gamefile import write_game

    environment = python_child_environment()
    files = {}
    for hands in (1_000, 10_000):
        files[hands] = folder / f"{hands}.phase10.json"
        write_game(files[hands], long_game(hands))
    run_python("phase10_keeper", ["--version"], environment)
    figures: dict[str, list[tuple[float, float]]] = {"start": [], "1000": [], "10000": []}
    for _ in range(runs):
        figures["start"].append(run_python("phase10_keeper", ["--version"], environment)[:2])
        for hands, path in files.items():
            figures[str(hands)].append(
                run_python("phase10_keeper", ["standings", str(path), "--json"], environment)[:2]
            )

    def median(kind: str, which: int) -> float:
        values = sorted(figure[which] for figure in figures[kind])
        return values[len(values) // 2]

    start = median("start", 0)
    print(f"standings in a fresh process, median of {runs} runs:")
    row("process start (--version)", f"{start:.0f} ms")
    row("standings, 1,000 hands", f"{median('1000', 0):.0f} ms")
    row("standings, 10,000 hands", f"{median('10000', 0):.0f} ms")
    row("10,000 vs 1,000 hands", "", median("10000", 0) / median("1000", 0), "goal <= 10x")
    row(
        "the same, process start taken off",
        "",
        (median("10000", 0) - start) / (median("1000", 0) - start),
        "linear: 10x",
    )
    row("peak memory, --version", f"{median('start', 1):.0f} MiB")
    row(
        "peak memory, standings, 10,000 hands",
        f"{median('10000', 1):.0f} MiB",
        None,
        "goal <= 150 MiB",
    )


def in_process(runs: int) -> None:
    from phase10_keeper.rules import replay

    short, long = long_game(1_000), long_game(10_000)
    short_ms = median_ms(lambda: replay(short), runs)
    long_ms = median_ms(lambda: replay(long), max(1, runs // 2))
    print(f"replay in one process, median of {runs} runs:")
    row("replay 1,000 hands", f"{short_ms:.1f} ms")
    row("replay 10,000 hands", f"{long_ms:.1f} ms", long_ms / short_ms, "linear: 10x")
    game = long_game(2_000)
    gc.collect()
    tracemalloc.start()
    kept = replay(game)
    held = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    row("one replay of 2,000 hands, held", f"{held / 2**20:.1f} MiB")
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
