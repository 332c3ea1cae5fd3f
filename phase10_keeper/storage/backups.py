"""Copies of the library made with SQLite's backup API, named by when they were made.

The backup API copies a consistent snapshot even while the library is open, which a
plain file copy of a WAL database cannot promise.
"""

import os
import re
import sqlite3
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path

from phase10_keeper.storage.sharing import clear_sharing

BACKUP_DIR_NAME = "backups"
KEEP_BACKUPS = 10

_STAMP_FORMAT = "%Y%m%d-%H%M%S-%f"
_NAME = re.compile(r"^library-(\d{8}-\d{6}-\d{6})(?:-([a-z0-9-]+))?\.sqlite3$")


def backup_dir(data_dir: Path) -> Path:
    return data_dir / BACKUP_DIR_NAME


def list_backups(directory: Path) -> list[Path]:
    """The backups in `directory`, newest first."""
    if not directory.is_dir():
        return []
    found = []
    for path in directory.iterdir():
        match = _NAME.match(path.name)
        if match is not None:
            found.append((match.group(1), path))
    return [path for _, path in sorted(found, reverse=True)]


def backup_time(backup: Path) -> datetime:
    match = _NAME.match(backup.name)
    if match is None:
        raise ValueError(f"{backup.name} is not named like a backup")
    # Read as ISO 8601, not with strptime: its first call (its module, the locale, the
    # pattern) takes longer than opening the library it is asked about.
    day, time, microseconds = match.group(1).split("-")
    return datetime.fromisoformat(f"{day}T{time}.{microseconds}").replace(tzinfo=UTC)


NO_TIME_OF_CHANGE = (
    "the time of the last change to the game library {path} is not a time in the past; "
    "a backup is made in case, and the next change writes the time anew"
)
"""What the library says (in English, as its warnings are) when `changed_since` is None."""


def changed_since(changed_at: object, backup: datetime | None, now: datetime) -> bool | None:
    """Whether the library changed after its newest backup, made at `backup` (None: it
    has none), by `changed_at`, the time of its last change as the library holds it. None
    when that is no time in the past (damaged: not text, no time zone, or after `now`),
    which says nothing of when the library last changed."""
    try:
        moment = datetime.fromisoformat(changed_at)  # type: ignore[arg-type]
        if moment > now:
            return None
    except (TypeError, ValueError):
        # A time without a time zone cannot be compared with one that has one: TypeError.
        return None
    return backup is None or moment > backup


def copy_database(source: sqlite3.Connection, target: Path) -> None:
    """Writes a snapshot of `source` to `target`, which appears complete or not at all."""
    temporary = target.with_name(f".{target.name}.tmp")
    temporary.unlink(missing_ok=True)
    try:
        copy = sqlite3.connect(temporary)
        try:
            source.backup(copy)
            # A copy of a WAL library is marked WAL too; a plain rollback-journal file
            # can be opened read-only later without leaving -wal and -shm files behind.
            copy.execute("PRAGMA journal_mode = DELETE")
            clear_sharing(copy)
        finally:
            copy.close()
        os.replace(temporary, target)
    except BaseException:
        # The copy may have been left in WAL mode, with its journal beside it.
        for suffix in ("", "-wal", "-shm"):
            temporary.with_name(temporary.name + suffix).unlink(missing_ok=True)
        raise
    _sync_directory(target.parent)


def make_backup(
    source: sqlite3.Connection, directory: Path, now: datetime, label: str = ""
) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    suffix = f"-{label}" if label else ""
    target = directory / f"library-{now.astimezone(UTC).strftime(_STAMP_FORMAT)}{suffix}.sqlite3"
    copy_database(source, target)
    return target


def backup_game_ids(backup: Path) -> set[int] | None:
    """The id of every game in `backup` (the deleted ones too); None if it cannot be read.

    A backup is written whole and in a rollback journal (copy_database), so it is read as
    immutable: nothing is added beside it.
    """
    uri = backup.resolve().as_uri() + "?mode=ro&immutable=1"
    try:
        with closing(sqlite3.connect(uri, uri=True)) as connection:
            return {int(game_id) for (game_id,) in connection.execute("SELECT id FROM games")}
    except (sqlite3.Error, ValueError, TypeError):
        return None


def prune_backups(directory: Path, held: set[int], keep: int = KEEP_BACKUPS) -> None:
    """Deletes all but the newest `keep` backups, except the newest backup of any game that
    neither the library (`held`: its game ids) nor a newer backup kept holds."""
    backups = list_backups(directory)
    if len(backups) <= keep:
        return
    covered = set(held)
    for kept in backups[:keep]:
        covered |= backup_game_ids(kept) or set()
    for old in backups[keep:]:
        games = backup_game_ids(old)
        if games is not None and not games <= covered:
            covered |= games
            continue
        old.unlink(missing_ok=True)


def _sync_directory(directory: Path) -> None:
    """Makes a rename durable: on POSIX the new directory entry is only safe once synced."""
    if os.name != "posix":
        return
    handle = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(handle)
    finally:
        os.close(handle)
