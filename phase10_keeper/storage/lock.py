"""One writer per library: the app and `serve` hold its folder while they run.

The hold is an operating-system lock on a file beside the library (flock on POSIX,
msvcrt.locking on Windows), so it ends with the process however the process ends: a
crash or a kill frees it, and no stale lock file is ever cleared by hand. The file holds
the holder's process id, for the message a second writer is given. Short writes from the
command line (`games import`) do not take it: SQLite keeps them safe beside the holder.
"""

import os
import sys
from contextlib import suppress
from pathlib import Path
from types import TracebackType
from typing import Self

# The storage layer's messages (LibraryError and LibraryHeld among them) are imported when
# a hold is refused: the app holds the library before its window first paints, and most
# starts have nothing to say.

LOCK_FILE = "library.sqlite3.lock"

_PID_ROOM = 32
"""Bytes at the start of the file for the holder's pid. Windows locks a byte range so
that nobody else may even read it, so the byte locked there lies after this room."""


def _try_lock(handle: int) -> bool:
    """Takes the lock on the open file, without waiting; False if another holds it."""
    if sys.platform == "win32":
        import msvcrt

        os.lseek(handle, _PID_ROOM, os.SEEK_SET)
        try:
            msvcrt.locking(handle, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _unlock(handle: int) -> None:
    if sys.platform == "win32":
        import msvcrt

        os.lseek(handle, _PID_ROOM, os.SEEK_SET)
        msvcrt.locking(handle, msvcrt.LK_UNLCK, 1)
    else:
        import fcntl

        fcntl.flock(handle, fcntl.LOCK_UN)


def _holder(path: Path) -> int | None:
    """The pid the holder wrote into the lock file, if it can be read."""
    try:
        with path.open("rb") as stream:
            text = stream.read(_PID_ROOM).decode("ascii").strip()
        pid = int(text)
    except (OSError, ValueError):
        return None
    return pid if pid > 0 else None


class LibraryHold:
    """The hold on one library folder: kept until `release` or the end of the process."""

    def __init__(self, data_dir: Path, handle: int) -> None:
        self.data_dir = data_dir
        self._handle: int | None = handle

    def release(self) -> None:
        """Lets another process hold the library; releasing twice does nothing."""
        handle, self._handle = self._handle, None
        if handle is None:
            return
        try:
            # The pid goes first: a reader between the two steps finds no holder named.
            os.ftruncate(handle, 0)
            _unlock(handle)
        except OSError:
            pass
        finally:
            os.close(handle)

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.release()


def hold_library(data_dir: Path) -> LibraryHold:
    """Holds the library in `data_dir` (made if need be) for this process.

    Raises LibraryHeld if another process (or another hold in this one) has it, and
    LibraryError if the lock file cannot be made (a folder the user cannot write).
    """
    directory = Path(data_dir)
    path = directory / LOCK_FILE
    try:
        directory.mkdir(parents=True, exist_ok=True)
        handle = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as error:
        from phase10_keeper.storage.messages import LibraryError, LibraryKey

        raise LibraryError(
            LibraryKey.CANNOT_LOCK, path=str(path), reason=error.strerror or str(error)
        ) from None
    try:
        if not _try_lock(handle):
            from phase10_keeper.storage.messages import LibraryHeld

            raise LibraryHeld(directory, _holder(path))
    except BaseException:
        os.close(handle)
        raise
    # The pid only names the holder in a message: the hold stands without it (a full disk).
    with suppress(OSError):
        os.ftruncate(handle, 0)
        os.lseek(handle, 0, os.SEEK_SET)
        os.write(handle, f"{os.getpid()}\n".encode("ascii"))
    return LibraryHold(directory, handle)
