"""The shared folder's files (see storage.sync): its marker, the device folders, writing a
game's file so that no reader ever sees half of it, and reading one back strictly.

    FOLDER/phase10-keeper/folder.json              the marker: a random id
    FOLDER/phase10-keeper/devices/DEVICE/UID.json  each device's games, one file each

Names use only [0-9a-f-] and `.json`, valid on FAT, exFAT and NTFS and never two that
differ only in case. A device writes only in its own folder.
"""

import json
import os
import secrets
import stat
import time
from collections.abc import Callable, Iterable
from concurrent.futures import Executor, ThreadPoolExecutor
from pathlib import Path
from typing import Any, NamedTuple

from phase10_keeper.storage.identity import UID_PATTERN, parse_uid
from phase10_keeper.storage.messages import Said
from phase10_keeper.storage.shared_rows import Version, clock_from_json, is_device, version_of

ROOT_NAME = "phase10-keeper"
MARKER_NAME = "folder.json"
DEVICES_NAME = "devices"
MARKER_FORMAT = "phase10-keeper/folder"
SUFFIX = ".json"
TEMPORARY_PREFIX = ".~"
TEMPORARY_SUFFIX = ".tmp"
STALE_TEMPORARY_SECONDS = 24 * 60 * 60
"""A writer removes its own temporary files older than this (a crash left them)."""
RENAME_TRIES = 30
RENAME_PAUSE = 0.1
"""A rename refused while another program holds the file is tried again for about 3 s."""
_LARGEST_FILE = 16 * 1024 * 1024
_UID_LENGTH = 36


class SyncFolderError(Exception):
    """The shared folder cannot be used: `said` words why."""

    def __init__(self, said: Said) -> None:
        super().__init__(said.key)
        self.said = said


def _reason(error: OSError) -> str:
    return error.strerror or str(error)


def _folder_error(key: str, folder: Path, **values: str) -> SyncFolderError:
    return SyncFolderError(Said(f"sync.{key}", {"folder": str(folder), **values}))


def check_folder(folder: Path) -> None:
    """Refuses a FOLDER that is not an existing folder: `sync` never makes it."""
    try:
        status = folder.stat()
    except OSError as error:
        raise _folder_error("no_folder", folder, reason=_reason(error)) from None
    if not stat.S_ISDIR(status.st_mode):
        raise _folder_error("not_a_folder", folder)


def read_marker(folder: Path) -> str | None:
    """The id the folder's marker holds; None if there is none. A marker that cannot be
    read, or holds no id, makes the folder unusable."""
    path = folder / ROOT_NAME / MARKER_NAME
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as error:
        raise _folder_error("bad_marker", folder, reason=_reason(error)) from None
    try:
        document = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        document = None
    marker = document.get("id") if isinstance(document, dict) else None
    if document is None or document.get("format") != MARKER_FORMAT or not is_device(marker):
        raise _folder_error("bad_marker", folder, reason=str(path))
    return str(marker)


def make_marker(folder: Path) -> str:
    """Writes a new marker (and the folder `phase10-keeper` in FOLDER); its id."""
    marker = secrets.token_hex(16)
    document = {"format": MARKER_FORMAT, "id": marker}
    try:
        (folder / ROOT_NAME).mkdir(exist_ok=True)
        write_file(folder / ROOT_NAME / MARKER_NAME, json.dumps(document).encode("utf-8"))
    except OSError as error:
        raise _folder_error("cannot_write", folder, reason=_reason(error)) from None
    return marker


def devices_folder(folder: Path) -> Path:
    return folder / ROOT_NAME / DEVICES_NAME


class Listing(NamedTuple):
    """The files of every device folder named like a game's file, by device and uid, each
    with its stamp; and the names that begin with a uid but are not exactly `UID.json`."""

    files: dict[str, dict[str, str]]
    odd_names: list[Path]


def stamp_of(status: os.stat_result) -> str:
    """What tells a file changed since it was last read: (mtime_ns, ctime_ns, size,
    inode). It decides only whether to read the file again, never which version is newer.

    The ctime is there because copying tools (Python's copy2, Syncthing) give a copy its
    source's mtime, and file times tick coarsely (a few milliseconds): two versions written
    within one tick, copied in place over each other, keep the mtime, size and inode.
    The system sets the ctime at each change, and no tool copies it."""
    return f"{status.st_mtime_ns}:{status.st_ctime_ns}:{status.st_size}:{status.st_ino}"


def list_devices(folder: Path) -> Listing:
    """Every device folder's game files; everything else is ignored (other tools' copies
    and temporary files, `.DS_Store`, `desktop.ini`...), except a name that begins with a
    uid but is not exactly `UID.json`, which the caller names in a warning."""
    files: dict[str, dict[str, str]] = {}
    odd: list[Path] = []
    try:
        devices = list(os.scandir(devices_folder(folder)))
    except FileNotFoundError:
        return Listing(files, odd)
    except OSError as error:
        raise _folder_error("cannot_read", folder, reason=_reason(error)) from None
    for device in devices:
        if not is_device(device.name) or not device.is_dir(follow_symlinks=False):
            continue
        found: dict[str, str] = {}
        try:
            entries = list(os.scandir(device.path))
        except OSError:
            # A device folder that cannot be read now (still being copied) is read later.
            continue
        for entry in entries:
            name = entry.name
            uid = name[:_UID_LENGTH]
            if not UID_PATTERN.fullmatch(uid.lower()):
                continue
            if name != uid + SUFFIX or uid != uid.lower():
                odd.append(Path(entry.path))
                continue
            try:
                status = entry.stat(follow_symlinks=False)
            except OSError:
                continue
            if stat.S_ISREG(status.st_mode):
                found[uid] = stamp_of(status)
        files[device.name] = found
    return Listing(files, odd)


class SharedFileError(Exception):
    """A shared file that cannot be read, or is not a valid game file of its uid."""


def read_version(path: Path, uid: str) -> Version:
    """The version a game's file holds; SharedFileError says what is wrong with it."""
    from phase10_keeper.language import ENGLISH, words
    from phase10_keeper.storage.gamefile import GameFileError, game_from_json, loads_json

    try:
        with path.open("rb") as stream:
            raw = stream.read(_LARGEST_FILE + 1)
    except OSError as error:
        raise SharedFileError(_reason(error)) from None
    if len(raw) > _LARGEST_FILE:
        raise SharedFileError("too large")
    try:
        document = loads_json(raw.decode("utf-8-sig"))
        if not isinstance(document, dict):
            raise SharedFileError("not a game file")
        game = game_from_json(document)
    except UnicodeDecodeError:
        raise SharedFileError("not UTF-8") from None
    except GameFileError as error:
        raise SharedFileError(error.worded(words(ENGLISH))) from None
    if parse_uid(document.get("uid")) != uid:
        raise SharedFileError("its uid is not its name's")
    shared = document.get("sync")
    clock = clock_from_json(shared.get("clock") if isinstance(shared, dict) else None)
    if clock is None:
        raise SharedFileError("no valid sync clock")
    deleted = document.get("deleted", False)
    conflict_of = document.get("conflict_of")
    if not isinstance(deleted, bool) or (conflict_of is not None and not parse_uid(conflict_of)):
        raise SharedFileError("a bad deleted or conflict_of")
    version = version_of(
        game,
        clock,
        deleted=deleted,
        conflict_of=None if conflict_of is None else conflict_of.lower(),
    )
    return version._replace(read_from=(clock, raw))


def version_document(uid: str, version: Version) -> dict[str, Any]:
    """The game file of a version: the game, its uid, clock, and what else it is."""
    from phase10_keeper.storage.gamefile import game_to_json

    document = dict(game_to_json(version.game) if version.document is None else version.document)
    document["uid"] = uid
    if version.conflict_of is not None:
        document["conflict_of"] = version.conflict_of
    if version.deleted:
        document["deleted"] = True
    document["sync"] = {"clock": dict(sorted(version.clock.items()))}
    return document


FILES_PER_FLUSH = 128
"""Files written before any is flushed to disk; this many stay open at once at most."""
FLUSHING_THREADS = 8
"""Files flushed at once: the disk's journal commits flushes that wait together in one
go, where flushing one file after another waits for one commit each (a few times
slower, and far slower while other programs write)."""


def write_file(
    path: Path, data: bytes, *, pause: Callable[[float], None] = time.sleep
) -> os.stat_result:
    """Writes one file as `write_files` does; returns the new file's status."""
    statuses = []
    write_files([(path, data)], lambda _, status: statuses.append(status), pause=pause)
    return statuses[0]


def write_files(
    files: Iterable[tuple[Path, bytes]],
    done: Callable[[Path, os.stat_result], None],
    *,
    pause: Callable[[float], None] = time.sleep,
) -> None:
    """Writes each (path, data) so that no reader ever sees half of a file and a crash
    never leaves a file cut short under its name: `data` goes to `.~NAME.RANDOM.tmp`
    beside `path`, is flushed to disk, and only then renamed over `path` (retried for a
    few seconds while another program holds it, as Windows' sync tools and virus checkers
    do); then the folder is flushed, so that the rename lasts. Calls `done` with each
    path renamed and the new file's status.

    Files go in batches: every temporary file of a batch is written, then all are
    flushed at once by a few threads (each file is still flushed itself, on every
    system), and only when all are on disk are they renamed. An error leaves no
    temporary file behind; the files renamed before it stay.
    """
    batch: list[tuple[Path, Path, int]] = []
    try:
        with ThreadPoolExecutor(FLUSHING_THREADS) as flushing:
            for path, data in files:
                batch.append(_write_temporary(path, data))
                if len(batch) >= FILES_PER_FLUSH:
                    _land(batch, flushing, done, pause)
            _land(batch, flushing, done, pause)
    finally:
        for temporary, _, handle in batch:
            os.close(handle)
            temporary.unlink(missing_ok=True)


def _write_temporary(path: Path, data: bytes) -> tuple[Path, Path, int]:
    """Writes `data` to a new temporary file beside `path`, left open to be flushed."""
    temporary = path.with_name(
        f"{TEMPORARY_PREFIX}{path.name}.{secrets.token_hex(4)}{TEMPORARY_SUFFIX}"
    )
    handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0))
    try:
        written = 0
        while written < len(data):
            written += os.write(handle, data[written:])
    except BaseException:
        os.close(handle)
        temporary.unlink(missing_ok=True)
        raise
    return temporary, path, handle


def _land(
    batch: list[tuple[Path, Path, int]],
    flushing: Executor,
    done: Callable[[Path, os.stat_result], None],
    pause: Callable[[float], None],
) -> None:
    """Flushes every file of `batch` to disk, then (never before) renames each over its
    name, flushes the folders, and empties `batch`."""
    # Waits for every flush, and raises the first error.
    list(flushing.map(os.fsync, [handle for _, _, handle in batch]))
    landed = []
    while batch:
        temporary, path, handle = batch[0]
        os.close(handle)
        try:
            _rename(temporary, path, pause)
        except BaseException:
            batch.pop(0)
            temporary.unlink(missing_ok=True)
            raise
        batch.pop(0)
        landed.append(path)
    for folder in sorted({path.parent for path in landed}):
        _flush_folder(folder)
    for path in landed:
        done(path, path.stat())


def _rename(temporary: Path, path: Path, pause: Callable[[float], None]) -> None:
    for attempt in range(RENAME_TRIES):
        try:
            os.replace(temporary, path)
            return
        except PermissionError:
            if attempt == RENAME_TRIES - 1:
                raise
            pause(RENAME_PAUSE)


def _flush_folder(folder: Path) -> None:
    """Makes the renames in `folder` last through a crash where the system allows it
    (Windows opens no folder as a file, and records a rename at once)."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


def remove_stale_temporaries(own: Path, now: float) -> None:
    """Removes this device's temporary files older than a day (left by a crash)."""
    try:
        entries = list(os.scandir(own))
    except OSError:
        return
    for entry in entries:
        if entry.name.startswith(TEMPORARY_PREFIX) and entry.name.endswith(TEMPORARY_SUFFIX):
            try:
                if now - entry.stat(follow_symlinks=False).st_mtime > STALE_TEMPORARY_SECONDS:
                    os.unlink(entry.path)
            except OSError:
                continue


def shared_file(uid: str, version: Version) -> bytes:
    """The shared file of a version: the file it was read from where that holds the same
    version (a game received is published as it came, not encoded again), else a new
    one."""
    if version.read_from is not None and dict(version.read_from[0]) == dict(version.clock):
        return version.read_from[1]
    return dumps_version(uid, version)


def dumps_version(uid: str, version: Version) -> bytes:
    """A new shared file of a version: one key a line, and each hand (or change of seats) a
    line of its own. Readable, and made by json's fast encoder: indenting deeper is done
    in Python, and cost more than anything else a first sync does."""
    lines = []
    for key, value in version_document(uid, version).items():
        name = json.dumps(key, ensure_ascii=False)
        if isinstance(value, list) and value and all(isinstance(item, dict) for item in value):
            items = ",\n  ".join(json.dumps(item, ensure_ascii=False) for item in value)
            lines.append(f" {name}: [\n  {items}\n ]")
        else:
            lines.append(f" {name}: {json.dumps(value, ensure_ascii=False)}")
    return ("{\n" + ",\n".join(lines) + "\n}\n").encode("utf-8")
