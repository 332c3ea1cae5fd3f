"""Integrity checks of a library file or a backup: is it ours, current and undamaged.

Every check opens the file read-only and adds no file beside it, so checking a library
never changes what a later look at it finds.
"""

import sqlite3
import zlib
from pathlib import Path

from phase10_keeper.storage.backups import backup_dir, list_backups
from phase10_keeper.storage.messages import LibraryError, LibraryKey, LibraryTooNew, Said, Worded
from phase10_keeper.storage.migrations import APPLICATION_ID, SCHEMA_VERSION, user_version
from phase10_keeper.storage.sqlite_errors import failure_without_damage, is_damage


def read_only_uri(path: Path) -> str:
    return path.resolve().as_uri() + "?mode=ro"


def probe_uri(path: Path) -> str:
    """A read-only URI that adds no files beside `path`.

    SQLite, even read-only, adds -wal and -shm files beside a WAL-mode file that has
    none. Without a -wal file every committed change is in the file itself, so it can be
    read as immutable, which needs neither.
    """
    if path.with_name(path.name + "-wal").exists():
        return read_only_uri(path)
    return read_only_uri(path) + "&immutable=1"


def connect_read_only(path: Path, timeout: float) -> sqlite3.Connection:
    """A connection that only reads the library at `path`, adding no file beside it where
    it can (see probe_uri). Where the shared memory SQLite keeps beside a journal cannot
    be made or grown (a full disk) and the journal is empty, as a write cut short by the
    full disk leaves it, the file alone is read: it holds every committed change.
    """
    connection = sqlite3.connect(probe_uri(path), uri=True, timeout=timeout, isolation_level=None)
    try:
        connection.execute("PRAGMA user_version").fetchone()
    except sqlite3.OperationalError as error:
        connection.close()
        code = getattr(error, "sqlite_errorname", "") or ""
        if not code.startswith(("SQLITE_IOERR", "SQLITE_CANTOPEN")) or _journal_holds_changes(path):
            raise
        return sqlite3.connect(
            read_only_uri(path) + "&immutable=1", uri=True, timeout=timeout, isolation_level=None
        )
    return connection


def _journal_holds_changes(path: Path) -> bool:
    try:
        return path.with_name(path.name + "-wal").stat().st_size > 0
    except FileNotFoundError:
        return False
    except OSError:
        return True


SQLITE_MAGIC = b"SQLite format 3\x00"


def check_identity(path: Path, version: int, application: int, has_tables: bool) -> None:
    """Refuses another program's database and a library from a newer version of the app."""
    if application != APPLICATION_ID and (application != 0 or version != 0 or has_tables):
        raise LibraryError(LibraryKey.NOT_A_LIBRARY, path=str(path))
    if version > SCHEMA_VERSION:
        raise LibraryTooNew(
            LibraryKey.TOO_NEW, path=str(path), version=version, newest=SCHEMA_VERSION
        )


def _quoted(data: bytes) -> str:
    return data.decode("utf-8", "backslashreplace")


def stored_revision(connection: sqlite3.Connection) -> int:
    """The count of changes committed to the library (0 before the first)."""
    try:
        row = connection.execute("SELECT value FROM meta WHERE key = 'revision'").fetchone()
    except sqlite3.OperationalError:
        return 0
    return 0 if row is None else int(row[0])


def inspect(path: Path, timeout: float) -> str | Worded | None:
    """What is damaged in the library at `path`, if anything; refuses a foreign or newer one."""
    return inspect_with_revision(path, timeout)[0]


def inspect_with_revision(
    path: Path, timeout: float, *, thorough: bool = True
) -> tuple[str | Worded | None, int]:
    """What is damaged in the library at `path`, if anything, and its revision.

    The file header is read directly first. The SQLite checks that follow open it
    read-only, since a read-write connection checkpoints the WAL into the file on closing,
    and in a way that adds no files beside it (see probe_uri). Only a `thorough` check
    reads the whole file (PRAGMA quick_check).
    """
    try:
        with path.open("rb") as stream:
            header = stream.read(100)
    except OSError as error:
        raise LibraryError(
            LibraryKey.CANNOT_READ, path=str(path), reason=error.strerror or str(error)
        ) from None
    if len(header) < 100 or not header.startswith(SQLITE_MAGIC):
        return "file is not a database", 0
    application = int.from_bytes(header[68:72], "big", signed=True)
    if application == APPLICATION_ID:
        check_identity(path, int.from_bytes(header[60:64], "big", signed=True), application, True)
    try:
        probe = connect_read_only(path, timeout)
    except sqlite3.Error as error:
        # Damage is what this check finds, not its failure: whoever asked says what can
        # be done about it (`advice.damaged`), which needs this check for each backup.
        if is_damage(error):
            return str(error), 0
        raise failure_without_damage(error, path, timeout) from error
    try:
        # The header may be older than a version committed to the WAL, so check again.
        version = user_version(probe)
        if version < 0:
            return Said("library.version_below_zero", {"version": version}), 0
        application = probe.execute("PRAGMA application_id").fetchone()[0]
        has_tables = probe.execute("SELECT 1 FROM sqlite_schema LIMIT 1").fetchone() is not None
        check_identity(path, version, application, has_tables)
        # What the check says of damaged pages may quote bytes that are not UTF-8.
        probe.text_factory = _quoted
        problems = [row[0] for row in probe.execute("PRAGMA quick_check")] if thorough else ["ok"]
        revision = stored_revision(probe)
    except ValueError:
        return Said("library.bad_meta", {"key": "revision"}), 0
    except sqlite3.DatabaseError as error:
        if is_damage(error):
            return str(error), 0
        raise failure_without_damage(error, path, timeout) from error
    finally:
        probe.close()
    return (None, revision) if problems == ["ok"] else ("; ".join(problems[:3]), revision)


AS_LEFT_SUFFIX = ".as-left"
"""Beside the library: how the app left the file when it last closed it."""


def as_left(path: Path) -> str | None:
    """A fingerprint of the library file: its size, when it last changed and a checksum of
    its first and last pages. None if there is a journal beside it (a copy of the app has
    it open, or did not close it) or it cannot be read."""
    try:
        wal = path.with_name(path.name + "-wal")
        if wal.exists() and wal.stat().st_size > 0:
            return None
        status = path.stat()
        with path.open("rb") as stream:
            first = stream.read(4096)
            stream.seek(max(status.st_size - 4096, len(first)))
            last = stream.read()
    except OSError:
        return None
    return f"{status.st_size} {status.st_mtime_ns} {zlib.crc32(first + last):08x}"


def left_as_it_was(path: Path) -> bool:
    """Whether the library file is as the app left it when it last closed it cleanly."""
    try:
        noted = path.with_name(path.name + AS_LEFT_SUFFIX).read_text(encoding="ascii")
    except (OSError, UnicodeDecodeError):
        return False
    fingerprint = as_left(path)
    return fingerprint is not None and noted == fingerprint


def good_backups(data_dir: Path) -> list[Path]:
    """The backups of the library in `data_dir` that pass the checks, newest first."""
    good = []
    for backup in list_backups(backup_dir(data_dir)):
        try:
            problem = inspect(backup, 0.0)
        except LibraryError:
            continue
        if problem is None:
            good.append(backup)
    return good


def check_backup(backup: Path) -> None:
    if not backup.is_file():
        raise LibraryError(LibraryKey.NO_BACKUP, backup=str(backup))
    problem = inspect(backup, 0.0)
    if problem is not None:
        raise LibraryError(LibraryKey.BACKUP_DAMAGED, backup=str(backup), detail=problem)
