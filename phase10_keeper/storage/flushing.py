"""Puts the library's commits on the disk itself when the window has drawn them, rather
than before (see `Library.sync_later`)."""

import os
from collections.abc import Callable
from pathlib import Path


class LaterSyncs:
    """Syncs a WAL file when asked, once for every commit made since the last sync, and
    then does what the last of those commits left to follow it. A commit hands `schedule`
    what syncs it unless one handed over before has not run yet: that one syncs every
    commit made before it runs (many commits in a row, as a bulk change makes, leave one
    sync waiting, not one each). Calling one a later one covered does nothing. A refused
    sync is told to `warn` once: a disk that refuses one refuses them all, and the
    changes stay committed; the next checkpoint syncs them again."""

    def __init__(
        self,
        wal: Path,
        schedule: Callable[[Callable[[], None]], object],
        warn: Callable[[str], None],
    ) -> None:
        self._wal = wal
        self._schedule = schedule
        self._warn = warn
        self._commits = 0
        self._synced = 0
        """Of the commits counted, how many the last sync covered."""
        self._handed_over = 0
        """The commit the last sync handed over was for."""
        self._failure_said = False
        self._then: Callable[[], None] | None = None
        """What the last commit left to follow its sync."""

    def committed(self, then: Callable[[], None]) -> None:
        """A commit was made; `then` follows its sync. Only the last commit's runs: each
        stands for those before it."""
        self._commits += 1
        self._then = then
        if self._handed_over > self._synced:
            return
        commit = self._handed_over = self._commits
        self._schedule(lambda: self.through(commit))

    def through(self, commit: int) -> None:
        """Syncs unless the commits up to number `commit` are on disk already."""
        if self._synced >= commit:
            return
        made = self._commits
        then, self._then = self._then, None
        try:
            sync_file(self._wal)
        except OSError as error:
            if not self._failure_said:
                self._failure_said = True
                self._warn(f"could not put the game library's changes on disk: {error}")
        self._synced = made
        if then is not None:
            then()

    def finish(self) -> None:
        """Syncs every commit counted."""
        self.through(self._commits)


def sync_file(path: Path) -> None:
    """Waits until what was written to `path` is on the disk. A file that is gone has
    nothing to sync: SQLite removes the WAL only once its changes are synced into the
    library file. Raises OSError where the disk refuses."""
    try:
        # Opened for writing, as Windows syncs only such a handle.
        handle = os.open(path, os.O_RDWR)
    except FileNotFoundError:
        return
    try:
        os.fsync(handle)
    finally:
        os.close(handle)
