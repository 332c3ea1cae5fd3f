"""The checks made before the library is opened: that its file is one, is whole, is ours
and holds every change committed to it, or, where there is none, that none was lost."""

import os
from contextlib import suppress
from pathlib import Path

from phase10_keeper.storage.advice import behind, damaged, games_existed, missing
from phase10_keeper.storage.integrity import inspect_with_revision, left_as_it_was
from phase10_keeper.storage.mark import read_mark
from phase10_keeper.storage.messages import LibraryError, LibraryKey


def examine(path: Path, timeout: float, *, accept_behind: bool) -> bool:
    """Whether there is a library file at `path` to open (False: one is to be made).

    Raises LibraryError for a path that cannot be looked at or is no regular file,
    LibraryDamaged for a damaged file, and LibraryBehind (LibraryMissing for a file that
    is missing or empty) for one that lost changes, unless `accept_behind`.
    """
    try:
        return _examine(path, timeout, accept_behind=accept_behind)
    except (OSError, ValueError) as error:
        # A folder the user may not look into, a name too long for the file system.
        reason = getattr(error, "strerror", None) or str(error)
        raise LibraryError(LibraryKey.CANNOT_READ, path=str(path), reason=reason) from None


def _examine(path: Path, timeout: float, *, accept_behind: bool) -> bool:
    # Anything but a regular file (a device, a FIFO, a folder, a dangling link) is
    # refused before SQLite reads it: /dev/zero would be read for ever.
    if os.path.lexists(path) and not path.is_file():
        raise LibraryError(LibraryKey.NOT_REGULAR, path=str(path))
    if path.is_file() and path.stat().st_size > 0:
        # The mark is read first: it is written after each commit, so a copy of the app
        # committing meanwhile can only put the file further ahead of it. The full check
        # reads the whole file: it is run unless the file is exactly as this app left
        # it. Damage met later is reported the same way (Library._guard).
        mark = read_mark(path)
        problem, revision = inspect_with_revision(path, timeout, thorough=not left_as_it_was(path))
        if problem is not None:
            raise damaged(path, problem)
        if mark.revision > revision and not accept_behind:
            raise behind(path, revision, mark)
        return True
    if not accept_behind:
        # A library that vanished or was emptied is no fresh start where the mark or the
        # backups say it held games: the app offers them, and nothing is made over them
        # meanwhile.
        evidence = games_existed(path)
        if evidence is not None:
            raise missing(path, evidence, emptied=path.exists())
    return False


def make_folder(directory: Path) -> None:
    """Makes the library's folder and those it is in; if that fails part way (a name too
    long, no permission), the folders made are taken away again."""
    missing_folders = []
    folder = directory
    while not folder.exists() and folder != folder.parent:
        missing_folders.append(folder)
        folder = folder.parent
    made = []
    try:
        for folder in reversed(missing_folders):
            folder.mkdir(exist_ok=True)
            made.append(folder)
    except OSError as error:
        for folder in reversed(made):
            with suppress(OSError):
                folder.rmdir()
        raise LibraryError(
            LibraryKey.CANNOT_CREATE_FOLDER,
            path=str(directory),
            reason=error.strerror or str(error),
        ) from None
