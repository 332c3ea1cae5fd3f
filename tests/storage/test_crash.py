"""Pulling the plug: a child recording hands is killed with SIGKILL at random moments.

After every kill the library must open, pass PRAGMA integrity_check and hold exactly
the changes whose commit had returned, plus at most the one in flight (the child can
die after its commit returned and before it said so). Set PHASE10_KEEPER_CRASH_KILLS
to run more kills than the default.
"""

import importlib.util
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path
from types import ModuleType

import pytest

from phase10_keeper.storage.library import LIBRARY_FILE, Library

HERE = Path(__file__).resolve().parent
REPOSITORY = HERE.parents[1]
KILLS = int(os.environ.get("PHASE10_KEEPER_CRASH_KILLS", "40"))


def load_child() -> ModuleType:
    spec = importlib.util.spec_from_file_location("crash_child", HERE / "crash_child.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run_and_kill(data_dir: Path, rng: random.Random) -> tuple[list[int], list[int]]:
    """Starts the child, kills it at a random moment; the changes it began and finished."""
    child = subprocess.Popen(
        [sys.executable, str(HERE / "crash_child.py"), str(data_dir)],
        cwd=REPOSITORY,
        env={**os.environ, "PYTHONPATH": str(REPOSITORY)},
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    seen: list[str] = []
    if rng.random() < 0.2:
        # Now and then while it starts up and opens the library (WAL recovery).
        time.sleep(rng.uniform(0.0, 0.3))
    else:
        # Once it has made two changes, so that the kills always leave work to check however
        # slow a busy machine makes the child: the test counts changes, not seconds.
        seen.append(child.stdout.readline())
        while sum(line.startswith("done") for line in seen) < 2 and seen[-1]:
            seen.append(child.stdout.readline())
        time.sleep(rng.uniform(0.0, 0.12))
    child.send_signal(signal.SIGKILL)
    # Read through the same file object as readline() did: it may already hold lines the
    # child wrote after "ready", which communicate() would skip (it reads the pipe itself).
    output = "".join(seen) + child.stdout.read()
    child.stdout.close()
    assert child.wait(timeout=60) == -signal.SIGKILL, output
    begun = [int(line.split()[1]) for line in output.splitlines() if line.startswith("begin")]
    done = [int(line.split()[1]) for line in output.splitlines() if line.startswith("done")]
    return begun, done


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_every_acknowledged_change_survives_being_killed(tmp_path: Path) -> None:
    child = load_child()
    rng = random.Random(int(os.environ.get("PHASE10_KEEPER_CRASH_SEED", "10")))
    data_dir = tmp_path / "data"
    stored = 0
    in_flight_kept = in_flight_lost = 0
    for kill in range(KILLS):
        begun, done = run_and_kill(data_dir, rng)
        acknowledged = max(done, default=stored)
        with Library.open(data_dir) as library:
            with closing(sqlite3.connect(data_dir / LIBRARY_FILE)) as check:
                assert check.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
            summaries = sorted(library.list_games(), key=lambda game: game.id)
            count = child.changes_made(summaries)
            where = f"kill {kill + 1}: {count} changes stored, {acknowledged} acknowledged"
            assert acknowledged <= count <= max(begun, default=stored), where
            expected = child.expected_games(count)
            assert [(game.title, game.hands) for game in summaries] == [
                (game.title, len(game.hands)) for game in expected
            ], where
            for summary, game in list(zip(summaries, expected, strict=True))[-2:]:
                assert library.load_game(summary.id) == game, where
        if begun and max(begun) > acknowledged:
            if count > acknowledged:
                in_flight_kept += 1
            else:
                in_flight_lost += 1
        stored = count
    print(
        f"\n{KILLS} kills survived; {stored} changes stored; killed mid-change {in_flight_kept} "
        f"times after the commit and {in_flight_lost} times before it"
    )
    assert stored > KILLS
