"""A game's identity across libraries (its uid) and the hash of one version of it.

A game made in the app gets a random uid. A game without one (from a file written before
uids, or a library before them) gets the UUID version 5 of its content: the game file's
JSON of the game without uid, with sorted keys and no spaces, so the same old game
imported on two computers is one game. A version's hash is the hash of that same text
with what tells versions apart besides the game itself (deleted, conflict_of).
"""

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from phase10_keeper.rules import Game

# hashlib, json and uuid are imported where a uid or hash is made: listing the library
# checks uids, and needs none of them.
CONTENT_NAMESPACE = "6f1c3f0e-5b8e-4d43-9a56-1f0d6c2b7a10"
"""The namespace of the UUIDs made from a game's content (fixed for ever)."""

UID_PATTERN = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
"""A uid as it is written: lower case, 8-4-4-4-12."""


def parse_uid(value: object) -> str | None:
    """The uid `value` writes (read in any case), in lower case; None if it is none."""
    if not isinstance(value, str) or len(value) != 36:
        return None
    lowered = value.lower()
    return lowered if UID_PATTERN.fullmatch(lowered) else None


def is_uid(value: object) -> bool:
    """Whether `value` is a uid exactly as the app writes it (lower case)."""
    return isinstance(value, str) and UID_PATTERN.fullmatch(value) is not None


def canonical(document: dict[str, Any]) -> str:
    import json

    return json.dumps(document, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def content_uid(game: "Game") -> str:
    """The uid of a game that has none: the UUID version 5 of its content."""
    from phase10_keeper.storage.gamefile import game_to_json

    return derived_uid(CONTENT_NAMESPACE, canonical(game_to_json(game)))


def derived_uid(namespace: str, name: str) -> str:
    import uuid

    return str(uuid.uuid5(uuid.UUID(namespace), name))


def new_uid() -> str:
    import uuid

    return str(uuid.uuid4())


def version_hash(game: "Game", *, deleted: bool = False, conflict_of: str | None = None) -> str:
    """The hash of one version of a game: equal on every computer for equal versions."""
    import hashlib

    from phase10_keeper.storage.gamefile import game_to_json

    document = game_to_json(game)
    if deleted:
        document["deleted"] = True
    if conflict_of is not None:
        document["conflict_of"] = conflict_of
    return hashlib.sha256(canonical(document).encode("utf-8")).hexdigest()


def conflict_uid(uid: str, version: str) -> str:
    """The uid of the second game that keeps version `version` (a hash) of game `uid`."""
    return derived_uid(uid, version)


def first_clock_of_conflict(uid: str) -> dict[str, int]:
    """The version clock of the second game `uid` that keeps a conflict, as a sync makes
    it: one count of a device named after that game, which no computer is. Every library
    that keeps the same conflict makes the same version, whichever versions it met; and
    any change made to the second game since (edited, kept, deleted) counts past it, so
    the conflict met again never overrides what was done with it."""
    import uuid

    return {uuid.UUID(uid).hex: 1}


def file_uid(path: Path) -> str | ValueError | None:
    """The uid a game file carries (in lower case), None if it carries none, or a
    ValueError holding what it carries instead of a uid. The file was read as a game
    already: what cannot be read here again carries none."""
    from phase10_keeper.storage.gamefile import GameFileError, loads_json

    try:
        document = loads_json(path.read_bytes().decode("utf-8-sig"))
    except (OSError, UnicodeDecodeError, GameFileError):
        return None
    if not isinstance(document, dict) or document.get("uid") is None:
        return None
    uid = parse_uid(document["uid"])
    return ValueError(str(document["uid"])[:80]) if uid is None else uid


def dumps_with_uid(game: "Game", uid: str | None) -> str:
    """The game file of `game` carrying its uid, as `games export` writes it."""
    import json

    from phase10_keeper.storage.gamefile import game_to_json

    document = game_to_json(game)
    if uid is not None:
        document["uid"] = uid
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"
