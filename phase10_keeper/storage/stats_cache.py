"""Every game's statistics record, kept between runs beside the library.

Replaying a thousand games takes seconds; reading their records back takes milliseconds.
A record is kept with the game's revision and used only while the game still has that
revision. The file is a convenience: when it is missing, damaged (its checksum does not
match), written by another version or cannot be written, the records are made again from
the games.
"""

import json
import zlib
from pathlib import Path
from typing import Any, Protocol

from phase10_keeper.files import write_atomically
from phase10_keeper.rules import Game, GameError, Problem, replay
from phase10_keeper.stats import GameRecord, game_record, record_from_json, record_to_json
from phase10_keeper.storage.messages import GameDamaged
from phase10_keeper.storage.paths import CACHE_FILE

CACHE_FORMAT = "phase10-keeper/statistics-cache"
CACHE_VERSION = 3
"""Raised whenever what a record holds or means changes, so older files are not read
(3: the records carry a checksum)."""


class RecordSource(Protocol):
    """The parts of the game library the records come from."""

    @property
    def data_dir(self) -> Path: ...
    def live_revisions(self) -> list[tuple[int, int]]: ...
    def load_game(self, game_id: int) -> Game: ...


def _check(games: object) -> int:
    """A checksum of the records, so a changed digit is no record believed."""
    return zlib.crc32(json.dumps(games, separators=(",", ":")).encode("ascii"))


def _read(path: Path) -> dict[int, tuple[int, Any]]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("format") != CACHE_FORMAT or data.get("version") != CACHE_VERSION:
            return {}
        if data.get("check") != _check(data["games"]):
            return {}
        return {
            int(game_id): (int(revision), record) for game_id, revision, record in data["games"]
        }
    except (OSError, ValueError, TypeError, KeyError, AttributeError, RecursionError):
        return {}


def _write(path: Path, entries: dict[int, tuple[int, Any]]) -> None:
    games = [[game_id, revision, record] for game_id, (revision, record) in entries.items()]
    data = {
        "format": CACHE_FORMAT,
        "version": CACHE_VERSION,
        "check": _check(games),
        "games": games,
    }
    try:
        write_atomically(path, json.dumps(data, separators=(",", ":")).encode("ascii"))
    except OSError:
        # Without the file the next run replays the games again; nothing is lost.
        return


def game_records(
    library: RecordSource,
) -> tuple[list[tuple[int, GameRecord]], list[tuple[int, Problem]]]:
    """The record of every game not deleted, with its id, oldest first; and the id of
    each game left out because it cannot be replayed, with the first problem found."""
    path = library.data_dir / CACHE_FILE
    cached = _read(path)
    kept: dict[int, tuple[int, Any]] = {}
    records = []
    warnings = []
    for game_id, revision in library.live_revisions():
        entry = cached.get(game_id)
        record = None
        if entry is not None and entry[0] == revision:
            try:
                record = record_from_json(entry[1])
            except ValueError:
                record = None
        if record is None:
            try:
                record = game_record(replay(library.load_game(game_id)).final)
            except GameError as error:
                warnings.append((game_id, error.problems[0]))
                continue
            except GameDamaged:
                # The library names it among its damaged games.
                continue
        kept[game_id] = (revision, record_to_json(record))
        records.append((game_id, record))
    if kept != cached:
        _write(path, kept)
    return records, warnings
