"""How long `sync` takes: a library of 2,000 games meeting a folder that holds another
2,000 (written by a second library), then a second sync with nothing new.

Run `python tests/benchmarks/bench_sync.py [FOLDER]` from the repository (by default in a
temporary folder). The baseline, measured in the same run on the same files, is reading
every game file of the folder with json.load alone: what any reader must at least do.
Each figure is the median of RUNS runs, each on new libraries and a new folder.
"""

import json
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from measure import long_game

from phase10_keeper.storage.library import Library
from phase10_keeper.storage.sync import sync
from phase10_keeper.storage.sync_folder import devices_folder

GAMES = 2000
HANDS = 12
RUNS = 3
BEFORE = {"first sync": (10.3, 22.7), "second sync": (0.13, 0.3)}
"""Seconds and ratio to the baseline before the exchange paused the cycle collector, stored
each hand's JSON from the document its hash was made of (not encoded a second time),
encoded results without `Cards.items()`, and published a received game's file as it came
(not encoded again). Measured with the machine's load average near 4 on 2 cores: the
ratio is what compares. Earlier still, before files were flushed in batches: 13.6 s,
27.0 x.

Where the first sync's time goes now (a sampling profile): replaying each game received
to check its hands, about a fifth; reading each local game back from the library as
strictly as a game file, a sixth; reading each received file, a seventh; hashing both
sides, an eighth; writing the files (encoding the local games), about a fifth. Each is
done once per game."""


def fill(library: Library, name: str) -> None:
    game = long_game(HANDS)
    for number in range(GAMES):
        library.add_game(replace(game, title=f"{name} {number}"))


def seconds(action: object) -> float:
    start = time.perf_counter()
    action()  # type: ignore[operator]
    return time.perf_counter() - start


def read_with_json_alone(folder: Path) -> None:
    for path in devices_folder(folder).glob("*/*.json"):
        with path.open("rb") as stream:
            json.load(stream)


def one_run(base: Path) -> tuple[float, float, float]:
    """The first sync, the second, and the baseline, in seconds."""
    shared = base / "shared"
    shared.mkdir()
    with Library.open(base / "other") as other:
        fill(other, "Elsewhere")
        sync(other, shared)
    with Library.open(base / "mine") as mine:
        fill(mine, "Here")
        first = seconds(lambda: print_report("first sync", sync(mine, shared)))
        again = seconds(lambda: print_report("second sync", sync(mine, shared)))
    baseline = min(seconds(lambda: read_with_json_alone(shared)) for _ in range(3))
    return first, again, baseline


def main(base: Path) -> None:
    runs = []
    for number in range(RUNS):
        folder = base / f"run{number}"
        folder.mkdir()
        runs.append(one_run(folder))
    first, again, baseline = (statistics.median(figures) for figures in zip(*runs, strict=True))
    files = len(list(devices_folder(base / "run0" / "shared").glob("*/*.json")))
    print(f"{GAMES} games here, {GAMES} in the folder, {HANDS} hands each; {files} files after")
    print(f"medians of {RUNS} runs             now                       before")
    for what, figure in (("first sync", first), ("second sync", again)):
        was, ratio = BEFORE[what]
        print(
            f"{what + ':':13s} {figure * 1000:8.0f} ms ({figure / baseline:5.1f} x the baseline)"
            f"   {was * 1000:8.0f} ms ({ratio:5.1f} x)"
        )
    print(f"baseline (json.load of the {files} files): {baseline * 1000:8.0f} ms")


def print_report(what: str, report: object) -> None:
    print(f"{what}: {report}")


if __name__ == "__main__":
    if len(sys.argv) > 1:
        main(Path(sys.argv[1]))
    else:
        with tempfile.TemporaryDirectory() as folder:
            main(Path(folder))
