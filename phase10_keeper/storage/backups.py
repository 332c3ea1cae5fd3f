"""Copies of the library made with SQLite's backup API, named by when they were made.

The backup API copies a consistent snapshot even while the library is open, which a
plain file copy of a WAL database cannot promise.
"""

import os
import re
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

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
        finally:
            copy.close()
        os.replace(temporary, target)
    except BaseException:
        temporary.unlink(missing_ok=True)
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


def prune_backups(directory: Path, keep: int = KEEP_BACKUPS) -> None:
    for old in list_backups(directory)[keep:]:
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
