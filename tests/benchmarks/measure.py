"""What the benchmark scripts share: long games, medians, and child processes timed
with their peak memory. Not a test module: the scripts import it."""

import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from phase10_keeper.rules import Game

ROOT = Path(__file__).resolve().parents[2]
SIX = ("Priya", "Marcus", "Kwame", "Dana", "Zoë", "Łukasz")


def long_game(hands: int, players: Sequence[str] = SIX, *, spare: int = 100) -> "Game":
    """A game of `hands` hands with a fixed number of hands, `spare` more than played,
    so that it never ends and every hand is valid."""
    from phase10_keeper.rules import Cards, Game, Hand, PlayerResult, Preset, build_rules

    def hand(number: int) -> Hand:
        out = players[number % len(players)]
        return Hand(
            went_out=out,
            results={
                name: PlayerResult(made=True)
                if name == out
                else PlayerResult(made=False, cards=Cards(low=7, high=2, wild=1))
                for name in players
            },
        )

    return Game(
        players=tuple(players),
        rules=build_rules(Preset.FIXED_HANDS, hands=hands + spare),
        hands=tuple(hand(number) for number in range(hands)),
        title=f"{hands} hands",
    )


def median_ms(action: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        action()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


_PEAK_AT_EXIT = """
import atexit, runpy, sys
def report_peak():
    with open("/proc/self/status") as status:
        peak = next(line.split()[1] for line in status if line.startswith("VmHWM:"))
    sys.stderr.write(f"\\npeak-kib {peak}\\n")
atexit.register(report_peak)
runpy.run_module(MODULE, run_name="__main__", alter_sys=True)
"""


def run_python(
    module: str, arguments: Sequence[str], environment: dict[str, str]
) -> tuple[float, float, str]:
    """Runs `python -m module arguments` to its end: wall time in ms, peak resident memory
    in MiB and its stdout.

    The peak is the process's own high-water mark (VmHWM), read as it exits: the rusage
    of a child also counts the memory of the parent it was forked from.
    """
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", _PEAK_AT_EXIT.replace("MODULE", repr(module)), *arguments],
        capture_output=True,
        text=True,
        env=environment,
        check=False,
    )
    elapsed = (time.perf_counter() - started) * 1000
    if done.returncode != 0:
        raise RuntimeError(f"{module} {' '.join(arguments)}: {done.stderr}")
    peak = int(done.stderr.rsplit("peak-kib ", 1)[1].split()[0])
    return elapsed, peak / 1024, done.stdout


def python_child_environment() -> dict[str, str]:
    """The environment for a Python child: this tree first on the path, bytecode cached
    outside the tree (as an installed app has its bytecode compiled)."""
    environment = {
        name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"
    }
    path = environment.get("PYTHONPATH")
    environment["PYTHONPATH"] = path if path else str(ROOT)
    environment.setdefault(
        "PYTHONPYCACHEPREFIX", str(Path(tempfile.gettempdir()) / "phase10-bench-bytecode")
    )
    return environment


def row(label: str, figure: str, ratio: float | None = None, goal: str = "") -> None:
    ratio_text = "" if ratio is None else f"{ratio:6.2f}x"
    print(f"  {label:<52} {figure:>14} {ratio_text:>8}  {goal}".rstrip())
    sys.stdout.flush()
