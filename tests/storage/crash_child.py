"""The crash test's child process: records changes into a library until it is killed.

Change n (counted from 1 in an empty library) is always the same one: every
GAME_LENGTH + 1 changes a new game, otherwise the next hand of the newest game. The
child prints "begin n" before each change and "done n" once the call that commits it
has returned, flushing each line, so the parent knows exactly what was acknowledged.
"""

import sys
from pathlib import Path

from phase10_keeper.rules import Cards, Game, Hand, PlayerResult
from phase10_keeper.storage.library import Library
from phase10_keeper.storage.summary import GameSummary

PLAYERS = ("Ann", "Bob", "Cy", "Dee")
GAME_LENGTH = 20
"""Hands per game: short of anyone finishing, so every hand can be recorded."""


def hand(index: int) -> Hand:
    went_out = PLAYERS[index % len(PLAYERS)]
    return Hand(
        went_out=went_out,
        results={
            name: PlayerResult(made=True)
            if name == went_out
            else PlayerResult(made=False, cards=Cards(low=8, high=1, wild=1))
            for name in PLAYERS
        },
    )


def new_game(number: int) -> Game:
    return Game(players=PLAYERS, title=f"Game {number}", started="2026-11-29T19:30:00+00:00")


def expected_games(changes: int) -> list[Game]:
    """The games after the first `changes` changes, oldest first."""
    games: list[Game] = []
    for index in range(changes):
        if index % (GAME_LENGTH + 1) == 0:
            games.append(new_game(len(games) + 1))
        else:
            games[-1] = games[-1].with_hand_appended(hand(len(games[-1].hands)))
    return games


def changes_made(games: list[GameSummary]) -> int:
    return len(games) + sum(game.hands for game in games)


def main(data_dir: Path) -> None:
    with Library.open(data_dir) as library:
        summaries = library.list_games()
        done = changes_made(summaries)
        game_id = max((summary.id for summary in summaries), default=0)
        game = library.load_game(game_id) if game_id else new_game(0)
        print(f"ready {done}", flush=True)
        while True:
            change = done + 1
            print(f"begin {change}", flush=True)
            if done % (GAME_LENGTH + 1) == 0:
                game = new_game(done // (GAME_LENGTH + 1) + 1)
                game_id = library.add_game(game)
            else:
                game = game.with_hand_appended(hand(len(game.hands)))
                library.save_game(game_id, game)
            print(f"done {change}", flush=True)
            done = change


if __name__ == "__main__":
    main(Path(sys.argv[1]))
