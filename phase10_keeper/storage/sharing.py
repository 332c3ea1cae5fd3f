"""A game's sharing with the phones, kept with the game: the keys in the links and the
entries typed on phones for the next hand, so that the app or `serve` started again on
the game (after a crash, a kill, a power cut or a quit) serves the same links and the
same entries.

The sharing is no part of the game: no game file, export, shared folder or statistic
shows it, and a backup holds none (`backups.copy_database` clears it in the copy: a
key is a password to the table, and backups are kept for months). It lasts until the
keeper stops sharing, the game is deleted, or `SHARING_LASTS` pass without a change;
the companion forgets it once the game is finished.

The companion writes it on every change at the table, while phones wait for their
answers: `SharingWriter` writes from a thread of its own, on a connection of its own,
only the newest state of however many changes came in while it wrote, so a slow disk
never holds up the phones' server or the window.
"""

import sqlite3
import threading
from collections.abc import Callable
from contextlib import closing, nullcontext
from datetime import UTC, datetime, timedelta
from pathlib import Path

from phase10_keeper.storage.log import logger
from phase10_keeper.storage.part import LibraryPart
from phase10_keeper.storage.readback import is_text

SHARING_LASTS = timedelta(hours=12)
"""A sharing not changed for this long is over: its links open nothing any more."""

SHARING_TABLE = "sharing"


def _stamp(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="seconds")


class SharingRows(LibraryPart):
    """The library's part that keeps each game's sharing, a row per game."""

    def kept_sharing(self, game_id: int, now: datetime) -> str | None:
        """The game's sharing as kept (JSON text, which the companion checks), or None:
        none kept, not text, the game deleted, or not changed since `now` less
        SHARING_LASTS."""
        with self._reading() as database:
            row = database.execute(
                "SELECT sharing.data, sharing.changed FROM sharing JOIN games "
                "ON games.id = sharing.game_id "
                "WHERE sharing.game_id = ? AND games.deleted_at IS NULL",
                (game_id,),
            ).fetchone()
        if row is None:
            return None
        data, changed = row
        try:
            when = datetime.fromisoformat(changed)
        except (TypeError, ValueError):
            return None
        if when.tzinfo is None or now - when >= SHARING_LASTS or when - now >= SHARING_LASTS:
            return None
        return data if isinstance(data, str) and is_text(data) else None

    def forget_sharing(self, game_id: int) -> None:
        """Keeps no sharing for the game: its links open nothing once its server stops."""
        with self._writing(change=False) as database:
            database.execute("DELETE FROM sharing WHERE game_id = ?", (game_id,))


Produce = Callable[[], str | None]
"""The sharing to keep as it is now (JSON text), or None to keep none."""


class SharingWriter:
    """Keeps one game's sharing in the library at `path`, from a thread of its own: each
    `changed` asks for the newest state to be written, `produce` is called in the writer's
    thread when it gets to it, and changes that came in meanwhile are written once."""

    def __init__(
        self,
        path: Path,
        game_id: int,
        produce: Produce,
        *,
        timeout: float = 5.0,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        self._path = path
        self._game_id = game_id
        self._produce = produce
        self._timeout = timeout
        self._clock = clock
        self._wanted = threading.Condition()
        self._due = False
        self._ending = False
        self._written = 0
        """Writes done: what `flush` waits for."""
        self._asked = 0
        self._thread = threading.Thread(target=self._run, name="sharing", daemon=True)
        self._thread.start()

    def changed(self) -> None:
        """Asks for the sharing to be written; returns at once."""
        with self._wanted:
            self._due = True
            self._asked += 1
            self._wanted.notify()

    def flush(self, timeout: float | None = None) -> bool:
        """Waits until what was asked before this call is written; False on timeout."""
        with self._wanted:
            asked = self._asked
            return self._wanted.wait_for(lambda: self._written >= asked, timeout)

    def close(self) -> None:
        """Writes what is waiting, then ends the thread."""
        with self._wanted:
            self._ending = True
            self._wanted.notify()
        self._thread.join(timeout=self._timeout + 2)

    def _run(self) -> None:
        try:
            connection = sqlite3.connect(
                self._path, timeout=self._timeout, isolation_level=None, check_same_thread=False
            )
        except sqlite3.Error as error:
            logger().warning("cannot keep the phones' links with the game: %s", error)
            connection = None
        with closing(connection) if connection is not None else nullcontext():
            while True:
                with self._wanted:
                    self._wanted.wait_for(lambda: self._due or self._ending)
                    if not self._due and self._ending:
                        return
                    self._due = False
                    asked = self._asked
                if connection is not None:
                    self._write(connection)
                with self._wanted:
                    self._written = asked
                    self._wanted.notify_all()

    def _write(self, connection: sqlite3.Connection) -> None:
        try:
            text = self._produce()
            connection.execute("PRAGMA synchronous = FULL")
            with connection:
                connection.execute("BEGIN IMMEDIATE")
                if text is None:
                    connection.execute("DELETE FROM sharing WHERE game_id = ?", (self._game_id,))
                    return
                connection.execute(
                    "INSERT INTO sharing (game_id, data, changed) "
                    "SELECT id, ?, ? FROM games WHERE id = ? AND deleted_at IS NULL "
                    "ON CONFLICT (game_id) DO UPDATE SET "
                    "data = excluded.data, changed = excluded.changed",
                    (text, _stamp(self._clock()), self._game_id),
                )
        except sqlite3.Error as error:
            # The links still work while the server runs; only a restart would lose them.
            logger().warning("cannot keep the phones' links with the game: %s", error)


def clear_sharing(copy: sqlite3.Connection) -> None:
    """Leaves no key in `copy` (a backup being made), not even in its free pages."""
    found = copy.execute(
        "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?", (SHARING_TABLE,)
    ).fetchone()
    if found is None:
        return
    # Deleted rows would stay in free pages, and a journal on disk would hold them too.
    copy.execute("PRAGMA journal_mode = MEMORY")
    copy.execute("PRAGMA secure_delete = ON")
    copy.execute(f"DELETE FROM {SHARING_TABLE}")
    copy.commit()
    copy.execute("PRAGMA journal_mode = DELETE")
