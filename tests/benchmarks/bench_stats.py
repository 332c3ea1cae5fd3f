"""How long the statistics of a large library take: 1,000 games of 25 hands.

Run `python tests/benchmarks/bench_stats.py` from the repository. It times the statistics
from games already in memory (replaying each and adding up), which is what the app and
the `stats` command do once the games are read.
"""

import random
import statistics
import time

from phase10_keeper.rules import Cards, Game, Hand, PlayerResult
from phase10_keeper.stats import library_stats

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


def main() -> None:
    games = library()
    times = []
    for _ in range(REPEATS):
        started = time.perf_counter()
        stats = library_stats(games)
        times.append(time.perf_counter() - started)
    assert stats.games == GAMES
    assert sum(player.hands for player in stats.players) == GAMES * HANDS * 4
    print(
        f"statistics of {GAMES} games of {HANDS} hands: "
        f"median {statistics.median(times):.3f} s, max {max(times):.3f} s"
    )


if __name__ == "__main__":
    main()
