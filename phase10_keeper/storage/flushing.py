"""Puts the library's committed changes on disk beside the caller rather than before it
goes on.

With a WAL journal and synchronous=FULL, SQLite syncs the WAL file at every commit on
the committing thread: half a millisecond here, several on many laptops' disks, more
after a pause, and all of it before the window can show the hand just recorded. With
synchronous=NORMAL a commit is in the operating system's hands when it returns, so it
survives the app crashing or being killed; this thread then syncs the WAL file at once,
while the window draws, so it survives a pulled plug too. Syncing is all it moves: what
a commit holds and when it is visible to every reader do not change.
"""

import os
import threading
from pathlib import Path

from phase10_keeper.storage.log import logger


class WalFlusher:
    """Syncs a library's WAL file, on a thread of its own, after each commit it is told of.

    Commits that come while a sync is under way are covered by one more sync after it;
    `wait` returns once every commit told of so far is on disk.
    """

    def __init__(self, wal: Path) -> None:
        self._wal = wal
        self._changed = threading.Condition()
        self._asked = 0
        """Commits told of so far."""
        self._synced = 0
        """Of those, how many the last finished sync covered."""
        self._stopping = False
        self._thread: threading.Thread | None = None
        self._failure_said = False

    def committed(self) -> None:
        """Called after a commit: the WAL is synced as soon as this thread can."""
        with self._changed:
            self._asked += 1
            if self._thread is None:
                # Daemon, so a library never closed cannot keep the process alive; closing
                # waits for it.
                self._thread = threading.Thread(target=self._run, name="library-flush", daemon=True)
                self._thread.start()
            self._changed.notify_all()

    def wait(self) -> None:
        """Returns once every commit told of so far has been synced (or its sync failed)."""
        with self._changed:
            asked = self._asked
            self._changed.wait_for(lambda: self._synced >= asked)

    def close(self) -> None:
        """Waits for the syncs asked for, then ends the thread."""
        self.wait()
        with self._changed:
            self._stopping = True
            self._changed.notify_all()
            thread = self._thread
        if thread is not None:
            thread.join()

    def _run(self) -> None:
        while True:
            with self._changed:
                self._changed.wait_for(lambda: self._stopping or self._asked > self._synced)
                if self._asked == self._synced:
                    return
                covered = self._asked
            try:
                # Outside the lock: commits told of meanwhile wait for the next round.
                self._sync()
            finally:
                with self._changed:
                    self._synced = covered
                    self._changed.notify_all()

    def _sync(self) -> None:
        try:
            # Written to, so Windows lets it be synced.
            handle = os.open(self._wal, os.O_RDWR)
        except FileNotFoundError:
            # SQLite removed the WAL as the last connection closed, having copied it into
            # the library file and synced that.
            return
        except OSError as error:
            self._say_failure(error)
            return
        try:
            os.fsync(handle)
        except OSError as error:
            self._say_failure(error)
        finally:
            os.close(handle)

    def _say_failure(self, error: OSError) -> None:
        # Said once: a disk that refuses one sync refuses them all, and the changes stay
        # committed; the next checkpoint syncs them again.
        if not self._failure_said:
            self._failure_said = True
            logger().warning("could not put the game library's changes on disk: %s", error)
