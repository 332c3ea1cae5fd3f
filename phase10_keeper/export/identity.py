"""Who a game is and when it was played, as the exports name it."""

import uuid

from phase10_keeper.rules import Game
from phase10_keeper.storage.gamefile import dumps_game
from phase10_keeper.storage.library import Library

_CONTENT_NAMESPACE = uuid.UUID("5f0a3c1e-6b1d-4c7a-9a51-3f0c2d1b8e47")
"""The namespace of the uids derived from a game's content."""


def game_uid(game: Game) -> str:
    """The game's identity across libraries, as the exports carry it (the one place
    they ask for it): the uid the game keeps where it has one, else the UUID version 5
    of its content, as the game file contract gives a game without one."""
    own: str | None = getattr(game, "uid", None)
    if own:
        return own.lower()
    return str(uuid.uuid5(_CONTENT_NAMESPACE, dumps_game(game)))


def played_at(library: Library, game_id: int, game: Game) -> str:
    """When the game began (ISO 8601): its start, else when it entered the library (a
    game file without a start)."""
    if game.started:
        return game.started
    for deleted in (False, True):
        for summary in library.list_games(deleted=deleted):
            if summary.id == game_id:
                return summary.created
    raise KeyError(game_id)
