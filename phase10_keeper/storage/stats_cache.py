"""Every game's statistics record, kept between runs beside the library.

Replaying a thousand games takes seconds; reading their records back takes milliseconds.
A record is kept with the game's revision and used only while the game still has that
revision. The file is a convenience: when it is missing, damaged (its checksum does not
match), written by another version or cannot be written, the records are made again from
the games.
"""

import json
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

from phase10_keeper.collector import cycle_collector_paused
from phase10_keeper.files import write_atomically
from phase10_keeper.rules import Game, GameError, Problem, replay
from phase10_keeper.stats import GameRecord, game_record, record_from_json, record_to_json
from phase10_keeper.storage.messages import GameDamaged
from phase10_keeper.storage.paths import CACHE_FILE

CACHE_FORMAT = "phase10-keeper/statistics-cache"
CACHE_VERSION = 4
"""Raised whenever what a record holds or means changes, so older files are not read
(3: the records carry a checksum; 4: each record is a compact row, and the checksum is
of the rows' text as written, so reading it back encodes nothing)."""


class RecordSource(Protocol):
    """The parts of the game library the records come from."""

    @property
    def data_dir(self) -> Path: ...
    def live_revisions(self) -> list[tuple[int, int]]: ...
    def load_game(self, game_id: int) -> Game: ...


def _check(text: bytes) -> int:
    """A checksum of the records' text, so a changed digit is no record believed."""
    return zlib.crc32(text)


def _read(path: Path) -> dict[int, tuple[int, Any]]:
    """The kept rows by game id, each with its game's revision. The file is a line of
    JSON saying what it is, then one line of JSON holding every game's row."""
    try:
        heading, _, text = path.read_bytes().partition(b"\n")
        data = json.loads(heading)
        if data.get("format") != CACHE_FORMAT or data.get("version") != CACHE_VERSION:
            return {}
        if data.get("check") != _check(text):
            return {}
        return {game_id: (revision, row) for game_id, revision, row in json.loads(text)}
    except (OSError, ValueError, TypeError, KeyError, AttributeError, RecursionError):
        return {}


def _write(path: Path, entries: dict[int, tuple[int, Any]]) -> None:
    text = json.dumps(
        [[game_id, revision, row] for game_id, (revision, row) in entries.items()],
        separators=(",", ":"),
    ).encode("ascii")
    heading = {"format": CACHE_FORMAT, "version": CACHE_VERSION, "check": _check(text)}
    try:
        write_atomically(path, json.dumps(heading).encode("ascii") + b"\n" + text)
    except OSError:
        # Without the file the next run replays the games again; nothing is lost.
        return


def game_records(
    library: RecordSource, live: Sequence[tuple[int, int]] | None = None
) -> tuple[list[tuple[int, GameRecord]], list[tuple[int, Problem]]]:
    """The record of every game not deleted, with its id, oldest first; and the id of
    each game left out because it cannot be replayed, with the first problem found.
    Only the games without a kept record of their current revision are replayed; the
    file is written again only when a record was made or dropped. `live` is the games'
    ids and revisions (`live_revisions`) where the caller has read them already.

    The collector is paused: the records are many small objects that live on and hold
    no cycles, which it would search again and again as they are made."""
    with cycle_collector_paused():
        return _game_records(library, live)


def _game_records(
    library: RecordSource, live: Sequence[tuple[int, int]] | None
) -> tuple[list[tuple[int, GameRecord]], list[tuple[int, Problem]]]:
    path = library.data_dir / CACHE_FILE
    cached = _read(path)
    kept: dict[int, tuple[int, Any]] = {}
    records = []
    warnings = []
    changed = False
    for game_id, revision in library.live_revisions() if live is None else live:
        row = _current_row(cached.get(game_id), revision)
        record = _record_of(row)
        if row is None or record is None:
            changed = True
            try:
                record = game_record(replay(library.load_game(game_id)).final)
            except GameError as error:
                warnings.append((game_id, error.problems[0]))
                continue
            except GameDamaged:
                # The library names it among its damaged games.
                continue
            row = record_to_json(record)
        kept[game_id] = (revision, row)
        records.append((game_id, record))
    if changed or len(kept) != len(cached):
        _write(path, kept)
    return records, warnings


def _current_row(entry: tuple[int, Any] | None, revision: int) -> Any:
    """The kept row, if it is of this revision of the game."""
    return entry[1] if entry is not None and entry[0] == revision else None


def _record_of(row: Any) -> GameRecord | None:
    """The record a kept row holds, if it reads as one."""
    if row is None:
        return None
    try:
        return record_from_json(row)
    except ValueError:
        return None
