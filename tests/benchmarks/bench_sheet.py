"""How long making a six-player, twelve-hand score sheet takes. Not a test: run it.

    python tests/benchmarks/bench_sheet.py [--runs N]

First the whole process, as a user runs it: `phase10-keeper sheet OUT.pdf --game G`
against a minimal reportlab script that draws the same table (7 rows, 14 columns of
text and lines) in one embedded TrueType font and writes it. Put rl_accel (reportlab's
C accelerator) on PYTHONPATH to measure with it.

Then the median of N runs for three cases: a fresh process whose timing includes
importing reportlab, a fresh process with reportlab already imported (the sheet
itself, fonts loaded included), and a sheet made again in a process that has made one
(what the app pays for a second sheet); and a 900-hand sheet made again.
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

from measure import python_child_environment, row, run_module, run_script  # noqa: E402

from tests.sheet.samples import sample_game  # noqa: E402

_MINIMAL_TABLE = """
import sys
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.lib.pagesizes import A4, landscape
pdfmetrics.registerFont(TTFont("Sheet", sys.argv[2]))
canvas = Canvas(sys.argv[1], pagesize=landscape(A4), pageCompression=1)
canvas.setFont("Sheet", 9)
for row in range(8):
    y = 520 - row * 40
    canvas.line(40, y, 800, y)
    for column in range(14):
        x = 40 + column * 54
        canvas.line(x, 520, x, 240)
        if row < 7:
            canvas.drawString(x + 4, y - 24, f"Row {row} col {column}: 125")
canvas.showPage()
canvas.save()
"""

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


def whole_process(runs: int) -> None:
    import tempfile

    from phase10_keeper.storage.gamefile import write_game

    environment = python_child_environment()
    font = str(ROOT / "resources" / "fonts" / "DejaVuSansCondensed.ttf")
    with tempfile.TemporaryDirectory() as folder:
        game_file = Path(folder) / "twelve.phase10.json"
        write_game(game_file, sample_game(12))
        ours_command = ["sheet", str(Path(folder) / "ours.pdf"), "--game", str(game_file)]
        minimal_arguments = [str(Path(folder) / "minimal.pdf"), font]
        run_module("phase10_keeper", ours_command, environment)
        run_script(_MINIMAL_TABLE, minimal_arguments, environment)
        ours, minimal = [], []
        for _ in range(runs):
            ours.append(run_module("phase10_keeper", ours_command, environment)[0])
            minimal.append(run_script(_MINIMAL_TABLE, minimal_arguments, environment))
    accelerated = "with" if _has_accelerator(environment) else "without"
    print(f"a 12-hand sheet, whole process ({accelerated} rl_accel), median of {runs} runs:")
    baseline = statistics.median(minimal)
    row("minimal reportlab table, one TTF", f"{baseline:.0f} ms")
    sheet = statistics.median(ours)
    row("phase10-keeper sheet --game", f"{sheet:.0f} ms", sheet / baseline, "goal <= 1.3x")


def _has_accelerator(environment: dict[str, str]) -> bool:
    probe = "import importlib.util, sys; sys.exit(importlib.util.find_spec('_rl_accel') is None)"
    found = subprocess.run([sys.executable, "-c", probe], env=environment, check=False)
    return found.returncode == 0


def long_sheet(runs: int) -> list[float]:
    """A sheet of a 900-hand game, made again in the same process: where reportlab's
    accelerator shows."""
    from measure import long_game

    from phase10_keeper.sheet import write_score_sheet

    game = long_game(900)
    write_score_sheet(io.BytesIO(), game=game)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        write_score_sheet(io.BytesIO(), game=game)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="runs of each case (default 15)")
    runs = parser.parse_args().runs
    whole_process(runs)
    report(
        "new process, importing reportlab included",
        [fresh_process(preload=False) for _ in range(runs)],
    )
    report(
        "new process, importing reportlab excluded",
        [fresh_process(preload=True) for _ in range(runs)],
    )
    report("again in the same process", same_process(runs))
    report("a 900-hand sheet, again in the same process", long_sheet(max(3, runs // 3)))


if __name__ == "__main__":
    main()
