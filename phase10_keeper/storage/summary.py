"""A game as the library lists it, and the order of the listing."""

import json
from collections.abc import Sequence
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
    uid: str = ""
    """The game's identity across libraries (see storage.identity)."""
    conflict_of: str | None = None
    """The uid of the game this one keeps a concurrent version of (see storage.sync)."""


def first_moment(*candidates: str | None) -> datetime | None:
    """The first of the timestamps that reads as one, or None."""
    for candidate in candidates:
        if candidate:
            try:
                return datetime.fromisoformat(candidate)
            except ValueError:
                continue
    return None


def _sort_moment(*candidates: str | None) -> float:
    """Seconds since the epoch of the first readable timestamp; naive ones are local time."""
    moment = first_moment(*candidates)
    return 0.0 if moment is None else moment.timestamp()


def fixed_moment(started: str | None, created: str | None) -> float | None:
    """The moment `played_order` orders a game by, kept in its row (`played_at`) so that
    SQL can find the newest games; None where that moment is naive, as it then hangs on
    the computer's time zone when it is read."""
    moment = first_moment(started, created)
    if moment is None:
        return 0.0
    return None if moment.tzinfo is None else moment.timestamp()


def listing_order(game: GameSummary) -> tuple[float, int]:
    """Games list in the order they were played (by their start, else when they entered
    the library), then in the order they entered it."""
    return played_order(game.id, game.started, game.created)


def played_order(game_id: int, started: str | None, created: str | None) -> tuple[float, int]:
    """A game's place in `listing_order`, from its row's values."""
    return _sort_moment(started, created), game_id


# What the game file's writer puts in a stored game's rules and seating, as plain data:
# listing checks each value with these instead of importing the rules and the game file's
# reader (tests hold them to the rules' own names). Whether rules that look right can be
# played, and whether the hands follow them, is found when the game is read.
PRESETS = frozenset({"mattel", "masters", "even", "odd", "short", "fixed-hands"})
ORDERS = frozenset({"sequence", "choose"})
GROUP_KINDS = frozenset({"set", "run", "color", "color-run", "even-odd"})
_RULES_KEYS = frozenset(
    {
        "preset",
        "phases",
        "order",
        "target",
        "hands",
        "super_wild",
        "two_strike",
        "card_values",
        "deck",
    }
)
CARD_KINDS = frozenset({"low", "high", "skip", "wild", "super_wild"})
DECK_KINDS = CARD_KINDS - {"super_wild"}
_PHASE_KEYS = frozenset({"label", "groups"})
_GROUP_KEYS = frozenset({"kind", "size"})
_SEATING_KEYS = frozenset({"before_hand", "leave", "join", "after", "total", "phase"})


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_phase(value: object) -> bool:
    if not isinstance(value, dict) or value.keys() != _PHASE_KEYS:
        return False
    groups = value["groups"]
    return (
        _is_int(value["label"])
        and isinstance(groups, list)
        and all(
            isinstance(group, dict)
            and group.keys() == _GROUP_KEYS
            and group["kind"] in GROUP_KINDS
            and _is_int(group["size"])
            for group in groups
        )
    )


def _is_counts(value: object, kinds: frozenset[str]) -> bool:
    """A number per kind of card, as `card_values` and `deck` are written."""
    return (
        isinstance(value, dict)
        and bool(value)
        and value.keys() <= kinds
        and all(map(_is_int, value.values()))
    )


def rules_are_as_written(rules: object) -> bool:
    """Whether decoded stored rules hold only what the game file's writer puts there."""
    if not isinstance(rules, dict) or not rules.keys() <= _RULES_KEYS:
        return False
    phases = rules.get("phases", [])
    return (
        rules.get("preset") in PRESETS
        and isinstance(phases, list)
        and all(map(_is_phase, phases))
        and rules.get("order", "sequence") in ORDERS
        and _is_int(rules.get("target", 0))
        and _is_int(rules.get("hands", 0))
        and rules.get("super_wild", True) is True
        and rules.get("two_strike", True) is True
        and ("card_values" not in rules or _is_counts(rules["card_values"], CARD_KINDS))
        and ("deck" not in rules or _is_counts(rules["deck"], DECK_KINDS))
    )


def _is_change(change: object, players: Sequence[str]) -> bool:
    if not isinstance(change, dict) or not change.keys() <= _SEATING_KEYS:
        return False
    before = change.get("before_hand", 0)
    if not _is_int(before) or before < 1:
        return False
    if "leave" in change:
        return change.keys() == {"before_hand", "leave"} and change["leave"] in players
    return (
        change.get("join") in players
        and change.get("after", players[0]) in players
        and _is_int(change.get("total"))
        and _is_int(change.get("phase", 0))
    )


def seating_is_as_written(seating: object, players: Sequence[str]) -> bool:
    """Whether decoded stored seating changes are what the game file's writer puts there:
    a list of changes, each before a hand, naming the game's players."""
    return (
        isinstance(seating, list)
        and bool(seating)
        and all(_is_change(change, players) for change in seating)
    )


def _decoded(text: object) -> object:
    """The JSON `text` holds (checked as JSON in SQLite); None where a flipped bit made it
    another kind of value, or nests it deeper than Python decodes."""
    if not isinstance(text, str):
        return None
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def stored_values_problem(rules: object, seating: object, players: Sequence[str]) -> str | None:
    """ "rules" or "seating" if that stored JSON is not what the game file's writer puts
    there (for these players); None if both are."""
    if not rules_are_as_written(_decoded(rules)):
        return "rules"
    if seating is not None and not seating_is_as_written(_decoded(seating), players):
        return "seating"
    return None
