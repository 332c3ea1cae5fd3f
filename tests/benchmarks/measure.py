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


def hands_allowed(wanted: int, spare: int = 100) -> int:
    """`wanted`, or fewer where the rules cap a fixed number of hands (at 1,000 since
    that cap came in): the longest game `long_game` can make within the cap."""
    from phase10_keeper.rules import ruleset

    most: int | None = getattr(ruleset, "MAX_HANDS", None)
    if most is None or wanted + spare <= most:
        return wanted
    return (most - spare) // 100 * 100


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


def run_module(
    module: str, arguments: Sequence[str], environment: dict[str, str]
) -> tuple[float, float, str]:
    """Runs `python -m module arguments` to its end: wall time in ms, peak resident memory
    in MiB and its stdout.

    The peak is the process's own high-water mark (VmHWM), read as it exits: the rusage
    of a child also counts the memory of the parent it was forked from.
    """
    code = _PEAK_AT_EXIT.replace("MODULE", repr(module))
    elapsed, done = _run([sys.executable, "-c", code, *arguments], environment)
    peak = int(done.stderr.rsplit("peak-kib ", 1)[1].split()[0])
    return elapsed, peak / 1024, done.stdout


def run_script(code: str, arguments: Sequence[str], environment: dict[str, str]) -> float:
    """Runs `python -c code arguments` to its end: wall time in ms."""
    return _run([sys.executable, "-c", code, *arguments], environment)[0]


def _run(
    command: list[str], environment: dict[str, str]
) -> tuple[float, "subprocess.CompletedProcess[str]"]:
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, env=environment, check=False)
    elapsed = (time.perf_counter() - started) * 1000
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)}: {done.stderr}")
    return elapsed, done


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


def varied_games(count: int, *, finished: bool = False) -> "list[Game]":
    """`count` short games with different titles, tables, dates and lengths; with
    `finished`, every other one played to its last hand (a winner, or a tie to break)."""
    from phase10_keeper.rules import Game

    names = ("Priya", "Marcus", "Kwame", "Dana", "Zoë", "Łukasz", "Ana", "Bartholomew")
    games = []
    for number in range(count):
        players = tuple(names[(number + seat) % len(names)] for seat in range(2 + number % 5))
        hands = number % 23
        played = long_game(hands, players, spare=0 if finished and number % 2 and hands else 10)
        games.append(
            Game(
                players=played.players,
                rules=played.rules,
                hands=played.hands,
                title="" if number % 7 == 0 else f"Game night {number}",
                started=f"20{10 + number % 16}-{1 + number % 12:02}-{1 + number % 28:02}"
                "T19:30:00+00:00",
            )
        )
    return games


def forget_records(data_dir: Path) -> None:
    """Drops every game's kept statistics record, as in a library an earlier version
    kept: the next statistics replay every game once."""
    import sqlite3

    from phase10_keeper.storage.library import LIBRARY_FILE

    connection = sqlite3.connect(data_dir / LIBRARY_FILE)
    with connection:
        connection.execute("DELETE FROM game_records")
    connection.close()


def library_of(games: int, data_dir: Path, *, finished: bool = False) -> None:
    """Fills a new library in `data_dir` with `games` games: some added through the
    library, the rest copies of their rows with new ids (adding 20,000 games one
    committed transaction at a time would take minutes)."""
    import sqlite3

    from phase10_keeper.storage.library import LIBRARY_FILE, Library

    originals = min(games, 50)
    with Library.open(data_dir) as library:
        for game in varied_games(originals, finished=finished):
            library.add_game(game)
    connection = sqlite3.connect(data_dir / LIBRARY_FILE)
    with connection:
        tables = (
            ("games", "id"),
            ("game_players", "game_id"),
            ("hands", "game_id"),
            # Last: copying a game's other rows drops its record (the library's triggers).
            ("game_records", "game_id"),
        )
        for table, key in tables:
            columns = [row[1] for row in connection.execute(f"PRAGMA table_info({table})")]
            listed = ", ".join(columns)
            # Each copy gets a uid of its own (uids are unique): its id in the last part.
            copied = {
                key: f"{key} + :shift",
                "uid": "substr(uid, 1, 24) || printf('%012x', id + :shift)",
            }
            shifted = ", ".join(copied.get(name, name) for name in columns)
            for copy in range(1, (games - 1) // originals + 1):
                connection.execute(
                    f"INSERT INTO {table} ({listed}) SELECT {shifted} FROM {table} "
                    f"WHERE {key} <= :originals AND {key} + :shift <= :games",
                    {"shift": copy * originals, "originals": originals, "games": games},
                )
    connection.close()
    # As the app leaves it: the last to write it was the app.
    Library.open(data_dir).close()
