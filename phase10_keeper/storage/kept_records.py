"""Every game's statistics record, kept in the library beside the game.

Replaying ten thousand games takes seconds; reading their records back takes a fraction
of one. A record is written with its game, in the same transaction, from the replay the
save made anyway, so the library's statistics never wait for a replay of what the app
wrote itself. Triggers drop a game's record whenever any of its rows changes, whoever
changes them (storage.migrations, version 7), so a kept record always stands for the
game's rows as they were when it was made and checked. Games without a record (kept by an
earlier version, changed by another program, or whose record cannot be read back) are
replayed once, and their records kept for the next time.
"""

import json
from collections.abc import Sequence
from contextlib import suppress
from typing import TYPE_CHECKING, Protocol

from phase10_keeper.collector import cycle_collector_paused
from phase10_keeper.stats import GameRecord, game_record, record_from_json, record_to_json
from phase10_keeper.storage.messages import GameDamaged, LibraryError
from phase10_keeper.storage.rows import compact

# The rules load only where a game is replayed: reading kept records needs none of them.
if TYPE_CHECKING:
    from phase10_keeper.rules import Game, Problem


class RecordSource(Protocol):
    """The parts of the game library the records come from."""

    def live_revisions(self) -> list[tuple[int, int]]: ...
    def load_game(self, game_id: int) -> "Game": ...
    def kept_records(self) -> dict[int, tuple[int, str]]: ...
    def keep_records(self, rows: Sequence[tuple[int, int, str]]) -> None: ...


def game_records(
    library: RecordSource, live: Sequence[tuple[int, int]] | None = None
) -> "tuple[list[tuple[int, GameRecord]], list[tuple[int, Problem]]]":
    """The record of every game not deleted, with its id, oldest first; and the id of
    each game left out because it cannot be replayed, with the first problem found.
    Only the games without a kept record of their current revision are replayed, and
    their records kept. `live` is the games' ids and revisions (`live_revisions`) where
    the caller has read them already.

    The collector is paused: the records are many small objects that live on and hold
    no cycles, which it would search again and again as they are made."""
    with cycle_collector_paused():
        return _game_records(library, library.live_revisions() if live is None else live)


def _game_records(
    library: RecordSource, live: Sequence[tuple[int, int]]
) -> "tuple[list[tuple[int, GameRecord]], list[tuple[int, Problem]]]":
    kept = library.kept_records()
    records = []
    warnings = []
    made: list[tuple[int, int, str]] = []
    for game_id, revision in live:
        entry = kept.get(game_id)
        record = _record_of(entry[1]) if entry is not None and entry[0] == revision else None
        if record is None:
            record, problem = _replayed(library, game_id)
            if problem is not None:
                warnings.append((game_id, problem))
            if record is None:
                continue
            made.append((game_id, revision, compact(record_to_json(record))))
        records.append((game_id, record))
    # Without them kept, the next run replays these games again; nothing is lost.
    with suppress(LibraryError):
        library.keep_records(made)
    return records, warnings


def _replayed(library: RecordSource, game_id: int) -> "tuple[GameRecord | None, Problem | None]":
    """The record of a game made by replaying it, or else the first problem that stops
    its replay; neither for a damaged game (the library names it among its damaged
    games)."""
    from phase10_keeper.rules import GameError, replay

    try:
        return game_record(replay(library.load_game(game_id)).final), None
    except GameError as error:
        return None, error.problems[0]
    except GameDamaged:
        return None, None


_read_json = json.JSONDecoder().raw_decode
"""Reads the JSON value a text starts with, and says where it ended."""


def _record_of(text: str) -> GameRecord | None:
    """The record a kept text holds, if the whole text is one JSON value (nothing around
    it: `compact` writes none) that reads as one. Ten thousand texts decoded one by one
    take no longer than joined into one."""
    try:
        row, end = _read_json(text)
        return record_from_json(row) if end == len(text) else None
    except (ValueError, RecursionError):
        return None
