"""How long making a six-player, twelve-hand score sheet takes. Not a test: run it.

    python tests/benchmarks/bench_sheet.py [--runs N]

Prints the median of N runs for three cases: a fresh process whose timing includes
importing reportlab (what the command line pays), a fresh process with reportlab
already imported (the sheet itself, fonts loaded included), and a sheet made again in
a process that has made one (what the app pays for a second sheet).
"""

import argparse
import io
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.sheet.samples import sample_game  # noqa: E402

_FRESH = """
import io, sys, time
sys.path.insert(0, {root!r})
from tests.sheet.samples import sample_game
from phase10_keeper.sheet import write_score_sheet
game = sample_game(12)
if {preload}:
    import phase10_keeper.sheet.render
assert ("reportlab" in sys.modules) == {preload}
start = time.perf_counter()
write_score_sheet(io.BytesIO(), game=game)
print(time.perf_counter() - start)
"""


def fresh_process(*, preload: bool) -> float:
    script = _FRESH.format(root=str(ROOT), preload=preload)
    done = subprocess.run(
        [sys.executable, "-c", script], check=True, capture_output=True, text=True
    )
    return float(done.stdout)


def same_process(runs: int) -> list[float]:
    from phase10_keeper.sheet import write_score_sheet

    game = sample_game(12)
    write_score_sheet(io.BytesIO(), game=game)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        write_score_sheet(io.BytesIO(), game=game)
        times.append(time.perf_counter() - start)
    return times


def report(label: str, times: list[float]) -> None:
    print(
        f"{label:<44} median {statistics.median(times) * 1000:6.1f} ms"
        f"  (min {min(times) * 1000:.1f}, max {max(times) * 1000:.1f}, {len(times)} runs)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="runs of each case (default 15)")
    runs = parser.parse_args().runs
    report(
        "new process, importing reportlab included",
        [fresh_process(preload=False) for _ in range(runs)],
    )
    report(
        "new process, importing reportlab excluded",
        [fresh_process(preload=True) for _ in range(runs)],
    )
    report("again in the same process", same_process(runs))


if __name__ == "__main__":
    main()
