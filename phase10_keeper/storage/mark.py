"""The revision mark beside the library: the newest change and game id ever committed.

SQLite drops a damaged or deleted -wal file without a word; the mark, written after
every commit, lets the library see that it holds fewer changes than were committed.
"""

import json
import os
import zlib
from pathlib import Path
from typing import NamedTuple

from phase10_keeper.storage.log import logger

MARK_SUFFIX = ".revision"
"""The high-water mark beside the library: the newest change and game id ever committed."""


class Mark(NamedTuple):
    revision: int
    last_game_id: int


def mark_path(path: Path) -> Path:
    return path.with_name(path.name + MARK_SUFFIX)


_MARK_SIZE = 96
"""Every mark this version writes is this long, padded with spaces, so that writing one
over another replaces every byte of it."""


def _mark_check(revision: int, last_game_id: int) -> int:
    return zlib.crc32(f"{revision} {last_game_id}".encode("ascii"))


def _mark_record(mark: Mark) -> bytes:
    """The mark as written: JSON, with a checksum that tells a torn write from a mark."""
    text = json.dumps(
        {
            "revision": mark.revision,
            "last_game_id": mark.last_game_id,
            "check": _mark_check(mark.revision, mark.last_game_id),
        },
        separators=(",", ":"),
    )
    return (text.ljust(_MARK_SIZE - 1) + "\n").encode("ascii")


def _parse_mark(data: bytes) -> tuple[Mark, bool]:
    """The mark in `data`, none (zeros) if it cannot be read, and whether a new mark may
    be written over it in place: only over a whole mark of this version's length, so
    that a write torn by a crash mixes two checked marks and fails the check."""
    try:
        fields = json.loads(data.decode("ascii"))
        mark = Mark(int(fields["revision"]), int(fields["last_game_id"]))
    except (ValueError, TypeError, KeyError):
        return Mark(0, 0), False
    if "check" not in fields:
        # Written by an earlier version, always whole (written aside and renamed).
        return mark, False
    if fields["check"] != _mark_check(mark.revision, mark.last_game_id):
        return Mark(0, 0), False
    return mark, len(data) == _MARK_SIZE


def is_a_mark(start: bytes) -> bool:
    """Whether `start`, the first bytes of a file, are a revision mark this version
    writes: what an output must never be written over, wherever the mark lies."""
    return len(start) == _MARK_SIZE and _parse_mark(start)[1]


def read_mark(path: Path) -> Mark:
    """The mark beside the library at `path`; none (zeros) if missing or unreadable."""
    try:
        data = mark_path(path).read_bytes()
    except OSError:
        return Mark(0, 0)
    return _parse_mark(data)[0]


def raise_mark(path: Path, mark: Mark) -> None:
    """Writes `mark` beside the library at `path`, unless the mark there is as high.

    Written after the commit, so it never claims more than the file holds. It is not
    synced: a mark lost in a crash only lowers the bar, it cannot raise a false alarm.
    A mark of this version is overwritten in place, which costs no new file per change;
    a crash that tears that write leaves a mark that fails its check, which counts as
    no mark: the bar is lowered again, never raised.
    """
    target = mark_path(path)
    try:
        with target.open("r+b", buffering=0) as stream:
            found, in_place = _parse_mark(stream.read(_MARK_SIZE + 1))
            if found.revision >= mark.revision:
                return
            if in_place:
                stream.seek(0)
                stream.write(_mark_record(mark))
                return
    except FileNotFoundError:
        pass
    except OSError as error:
        logger().debug("could not write the mark beside %s: %s", path, error)
        return
    temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        temporary.write_bytes(_mark_record(mark))
        os.replace(temporary, target)
    except OSError as error:
        temporary.unlink(missing_ok=True)
        logger().debug("could not write the mark beside %s: %s", path, error)
