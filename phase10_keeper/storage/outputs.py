"""Checking where an output (a score sheet, an exported game) is about to be written.

An output replaces the file its path names, so the path is checked first: never the game
library or one of its companion files (its journals, revision mark, lock, backups and
whatever else the library keeps in its folder), never the file being read, never a folder,
a device, a named pipe or a write-protected file. A library and its companions are known
by what they hold wherever they lie, as well as by their names in the library's folder.
A symbolic link is followed, as a shell's `>` follows it: what it points to is checked
and written, and the link stays a link.
The command line and the app's export dialogs ask the same function.
"""

import os
import stat
from collections.abc import Iterable
from enum import StrEnum
from pathlib import Path

from phase10_keeper.storage.backups import BACKUP_DIR_NAME
from phase10_keeper.storage.integrity import AS_LEFT_SUFFIX, SQLITE_MAGIC
from phase10_keeper.storage.mark import MARK_SUFFIX, is_a_mark
from phase10_keeper.storage.messages import KeyedError
from phase10_keeper.storage.migrations import APPLICATION_ID
from phase10_keeper.storage.paths import LIBRARY_FILE, SET_ASIDE_DIR_NAME

STANDARD_OUTPUT = "-"
"""The output path that means standard output, as for most command-line tools."""


class OutputKey(StrEnum):
    """Why an output path is refused; the catalogue words each as `output.<key>`."""

    LIBRARY = "library"
    INPUT = "input"
    FOLDER = "folder"
    DEVICE = "device"
    PIPE = "pipe"
    NOT_REGULAR = "not_regular"
    WRITE_PROTECTED = "write_protected"


class OutputRefused(KeyedError[OutputKey], ValueError):  # noqa: N818
    """An output path that must not be written; nothing was written."""

    area = "output"


def _is_a_library(path: Path) -> bool:
    """Whether the file holds a phase10-keeper library (found by its header, wherever it
    lies: a library in another folder is as precious as the one in use)."""
    try:
        with path.open("rb") as stream:
            header = stream.read(72)
    except OSError:
        return False
    return header.startswith(SQLITE_MAGIC) and header[68:72] == APPLICATION_ID.to_bytes(4, "big")


COMPANION_SUFFIXES = ("-wal", "-shm", "-journal", MARK_SUFFIX, ".lock", AS_LEFT_SUFFIX)
"""What SQLite and the library keep beside a library file, named after it."""

_WAL_MAGIC = (b"\x37\x7f\x06\x82", b"\x37\x7f\x06\x83")
"""The first bytes of SQLite's write-ahead log, which holds a library's latest changes."""

_LIBRARY_FOLDERS = (BACKUP_DIR_NAME, SET_ASIDE_DIR_NAME)
"""The folders inside a library's folder that hold its backups and its set-aside files."""


def _companion_of_a_library(target: Path) -> bool:
    """Whether `target` is a companion of a library in its own folder: named after a
    library file beside it, or a write-ahead log or a revision mark by what it holds."""
    for suffix in COMPANION_SUFFIXES:
        named_after = target.name.removesuffix(suffix)
        if named_after not in ("", target.name) and _is_a_library(target.with_name(named_after)):
            return True
    try:
        with target.open("rb") as stream:
            start = stream.read(128)
    except OSError:
        return False
    return start[:4] in _WAL_MAGIC or is_a_mark(start)


def _belongs_to_library(target: Path, data_dirs: Iterable[Path]) -> bool:
    """Whether `target` is one of the files the library keeps in one of `data_dirs`: the
    library file and its companions, or anything in its backups
    and set-aside folders."""
    for folder in data_dirs:
        real = Path(os.path.realpath(folder))
        if target.parent == real and target.name.startswith(LIBRARY_FILE):
            return True
        if any(target.is_relative_to(real / inside) for inside in _LIBRARY_FOLDERS):
            return True
    return False


def _same_file(target: Path, other: Path) -> bool:
    try:
        return os.path.samefile(target, other)
    except OSError:
        return Path(os.path.realpath(other)) == target


def check_output(
    path: Path | str, *, reads: Iterable[Path] = (), data_dirs: Iterable[Path] = ()
) -> Path:
    """The file to write for the output path `path`: a symbolic link's target, else
    `path` itself. Raises OutputRefused if it must not be written: a game library or one of
    its companions (any, found by what they hold, and the files the library keeps in each
    of `data_dirs`), one
    of the files `reads`, a folder, a device, a named pipe or another special file, or a
    file that is write-protected (no write permission, even for an administrator).
    """
    shown = str(path)
    if shown.endswith(("/", os.sep)):
        raise OutputRefused(OutputKey.FOLDER, path=shown)
    target = Path(os.path.realpath(path))
    if _belongs_to_library(target, data_dirs):
        raise OutputRefused(OutputKey.LIBRARY, path=shown)
    try:
        status = os.stat(target)
    except FileNotFoundError:
        return target
    except OSError:
        # Whatever stops a look at it stops the write too, which says why.
        return target
    mode = status.st_mode
    if stat.S_ISDIR(mode):
        raise OutputRefused(OutputKey.FOLDER, path=shown)
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        raise OutputRefused(OutputKey.DEVICE, path=shown)
    if stat.S_ISFIFO(mode):
        raise OutputRefused(OutputKey.PIPE, path=shown)
    if not stat.S_ISREG(mode):
        raise OutputRefused(OutputKey.NOT_REGULAR, path=shown)
    if any(_same_file(target, Path(read)) for read in reads):
        raise OutputRefused(OutputKey.INPUT, path=shown)
    if _is_a_library(target) or _companion_of_a_library(target):
        raise OutputRefused(OutputKey.LIBRARY, path=shown)
    if not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH) or not os.access(target, os.W_OK):
        raise OutputRefused(OutputKey.WRITE_PROTECTED, path=shown)
    return target
