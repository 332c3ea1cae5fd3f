"""A game as the library lists it, and the order of the listing."""

from datetime import datetime
from typing import NamedTuple

from phase10_keeper.rules.status import Status


# The records here are named tuples, not dataclasses: listing the library is a command of
# its own, and importing dataclasses would be a sixth of its time.
class GameSummary(NamedTuple):
    id: int
    title: str
    started: str | None
    finished: str | None
    players: tuple[str, ...]
    hands: int
    status: Status
    winner: str | None
    created: str = ""
    """When the game entered the library (UTC, ISO 8601)."""
    deleted: str | None = None
    """When the game was deleted, for games in the bin."""


def _sort_moment(*candidates: str | None) -> float:
    """Seconds since the epoch of the first readable timestamp; naive ones are local time."""
    for candidate in candidates:
        if candidate:
            try:
                return datetime.fromisoformat(candidate).timestamp()
            except ValueError:
                continue
    return 0.0


def listing_order(game: GameSummary) -> tuple[float, int]:
    """Games list in the order they were played (by their start, else when they entered
    the library), then in the order they entered it."""
    return _sort_moment(game.started, game.created), game.id
