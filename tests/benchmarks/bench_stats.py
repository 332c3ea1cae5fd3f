"""How long the statistics of a large library take: 1,000 games of 25 hands.

Run `python tests/benchmarks/bench_stats.py [FOLDER]` from the repository. It times
- the statistics from games already in memory (replaying each game and adding up);
- what `phase10-keeper stats` does on a library: the first time, reading and replaying
  every game and keeping each game's record beside the library; then again, with every
  record kept, reading only the records.
"""

import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from phase10_keeper.rules import Cards, Game, Hand, PlayerResult
from phase10_keeper.stats import library_stats, stats_of_records
from phase10_keeper.storage.library import Library
from phase10_keeper.storage.paths import CACHE_FILE
from phase10_keeper.storage.stats_cache import game_records

NAMES = ("Priya", "Marcus", "Kwame", "Dana", "Zoë", "Ana", "Ben", "Cleo")
GAMES = 1000
HANDS = 25
REPEATS = 5


def hand(number: int, players: tuple[str, ...]) -> Hand:
    """Each player makes their phase every third hand, so nobody reaches phase 10 in 25."""
    makers = [name for seat, name in enumerate(players) if (number + seat) % 3 == 0]
    went_out = makers[0]
    results = {}
    for name in players:
        if name == went_out:
            results[name] = PlayerResult(made=True)
        elif name in makers:
            results[name] = PlayerResult(made=True, cards=Cards(low=1))
        else:
            results[name] = PlayerResult(made=False, cards=Cards(low=8, high=1, skip=1))
    return Hand(went_out, results)


def library(seed: int = 10) -> list[Game]:
    chooser = random.Random(seed)
    games = []
    for _ in range(GAMES):
        players = tuple(chooser.sample(NAMES, 4))
        games.append(Game(players, hands=tuple(hand(number, players) for number in range(HANDS))))
    return games


def timed(action: Callable[[], object], repeats: int = REPEATS) -> str:
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        action()
        times.append(time.perf_counter() - started)
    return f"median {statistics.median(times):.3f} s, max {max(times):.3f} s"


def from_library(data_dir: Path) -> None:
    with Library.open(data_dir) as opened:
        records, _ = game_records(opened)
    stats = stats_of_records([record for _, record in records])
    assert stats.games == GAMES


def main() -> None:
    games = library()
    print(f"{GAMES} games of {HANDS} hands, 4 players each")
    print(f"  from games in memory:        {timed(lambda: library_stats(games))}")
    with tempfile.TemporaryDirectory() as temporary:
        data_dir = Path(sys.argv[1] if len(sys.argv) > 1 else temporary)
        with Library.open(data_dir) as opened:
            for game in games:
                opened.add_game(game)

        def cold() -> None:
            (data_dir / CACHE_FILE).unlink(missing_ok=True)
            from_library(data_dir)

        print(f"  `stats`, no records kept:    {timed(cold, 3)}")
        from_library(data_dir)
        print(f"  `stats`, every record kept:  {timed(lambda: from_library(data_dir))}")


if __name__ == "__main__":
    main()
