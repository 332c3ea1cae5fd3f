"""What a failed SQLite call on the library means: damage, or the library busy, the disk
full, writing refused, the disk failing. Damage is told with what can be done about it,
the good backups (`advice.failure`); finding those checks each backup, and the checks
(`integrity`) tell damage apart from the rest here."""

import sqlite3
from pathlib import Path

from phase10_keeper.storage.messages import LibraryBusy, LibraryError, LibraryKey

_DAMAGE_CODES = {"SQLITE_CORRUPT", "SQLITE_NOTADB"}
_BUSY_CODES = {"SQLITE_BUSY", "SQLITE_LOCKED"}
_DISK_CODES = {"SQLITE_IOERR", "SQLITE_CANTOPEN"}
"""What SQLite says when the disk is full and it could not even make its journal."""
_ROOM = 1 << 20
"""Less free space than this on the library's disk makes a failed write a full disk."""
_DENIED_CODES = {"SQLITE_READONLY", "SQLITE_PERM", "SQLITE_CANTOPEN", "SQLITE_AUTH"}

_SCHEMA_GONE = ("no such table", "no such column")
"""The start of SQLite's error for a table or column the library's own statements name
and its schema lacks: a library at the current version made them all, so one is gone
only by damage (a flipped bit in a name)."""


def _code(error: sqlite3.Error) -> str:
    # Extended codes such as SQLITE_IOERR_FSYNC share the primary code's meaning here.
    return "_".join((getattr(error, "sqlite_errorname", None) or "").split("_")[:2])


def is_damage(error: sqlite3.Error) -> bool:
    """Whether the failed call found the library file damaged."""
    code = _code(error)
    return code in _DAMAGE_CODES or (code == "SQLITE_ERROR" and str(error).startswith(_SCHEMA_GONE))


def disk_is_full(folder: Path) -> bool:
    """Whether the disk that holds `folder` has (almost) no room left."""
    import shutil

    try:
        return shutil.disk_usage(folder).free < _ROOM
    except OSError:
        return False


def failure_without_damage(error: sqlite3.Error, path: Path, timeout: float) -> LibraryError:
    """The user-facing error for a failed SQLite call on the library at `path` that is not
    damage (see `is_damage`)."""
    code = _code(error)
    if code in _BUSY_CODES:
        return LibraryBusy(LibraryKey.BUSY, path=str(path), seconds=_seconds(timeout))
    if code == "SQLITE_FULL" or (code in _DISK_CODES and disk_is_full(path.parent)):
        return LibraryError(LibraryKey.DISK_FULL, path=str(path))
    if code in _DENIED_CODES:
        return LibraryError(LibraryKey.CANNOT_WRITE, path=str(path), detail=str(error))
    if code == "SQLITE_IOERR":
        return LibraryError(LibraryKey.DISK_FAILED, path=str(path), detail=str(error))
    return LibraryError(LibraryKey.FAILED, path=str(path), detail=str(error))


def _seconds(timeout: float) -> str:
    """A timeout as few digits as say it: 5, 0.5."""
    return f"{timeout:g}"
