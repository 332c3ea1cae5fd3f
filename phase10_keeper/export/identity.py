"""Who a game is and when it was played, as the exports name it."""

from phase10_keeper.rules import Game
from phase10_keeper.storage.identity import content_uid
from phase10_keeper.storage.library import Library


def shared_uid(uid: str | None, game: Game) -> str:
    """The game's identity across libraries, as the exports carry it: the uid the
    library holds for it (`uid`), else, for a game held nowhere or a uid the library
    found damaged, the uid of its content, as the game file contract gives a game
    without one."""
    return uid or content_uid(game)


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
