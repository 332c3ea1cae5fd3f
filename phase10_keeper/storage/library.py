"""The game library: every game, the roster of player names and what the app resumes.

One SQLite file in the user's data folder. Every change is one transaction, committed
(WAL journal, synchronous=FULL) before the method returns: what the app reports as
recorded survives a crash or a pulled plug. The window syncs to disk once it has drawn
the change instead (`sync_later`). The rules and each hand are stored as the JSON the
game file uses, so the library can never disagree with the file format.
"""

import os
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, Self

from phase10_keeper.rules.status import Status
from phase10_keeper.storage.advice import describe_backup, failure
from phase10_keeper.storage.backups import (
    NO_TIME_OF_CHANGE,
    backup_dir,
    backup_time,
    changed_since,
    copy_database,
    list_backups,
    make_backup,
    prune_backups,
)
from phase10_keeper.storage.flushing import LaterSyncs
from phase10_keeper.storage.integrity import (
    AS_LEFT_SUFFIX,
    as_left,
    check_backup,
    connect_read_only,
    good_backups,
    read_only_uri,
)
from phase10_keeper.storage.listing import ListingRows
from phase10_keeper.storage.log import log_warning, logger
from phase10_keeper.storage.mark import Mark, raise_mark, read_mark
from phase10_keeper.storage.messages import (
    GameChanged,
    GameDamaged,
    LibraryBehind,
    LibraryBusy,
    LibraryDamaged,
    LibraryError,
    LibraryKey,
    LibraryMissing,
    LibraryTooNew,
)
from phase10_keeper.storage.migrations import (
    RECORDS_KEPT_FROM,
    SCHEMA_VERSION,
    migrate,
    user_version,
)
from phase10_keeper.storage.opening import examine, make_folder
from phase10_keeper.storage.paths import LIBRARY_FILE, SET_ASIDE_DIR_NAME, default_data_dir
from phase10_keeper.storage.readback import (
    SUMMARY_COLUMNS,
    fetch_all,
    fetch_all_log,
    game_from_rows,
)
from phase10_keeper.storage.record_rows import RecordRows
from phase10_keeper.storage.resume import ResumeRows
from phase10_keeper.storage.rows import (
    Saved,
    encoded,
    game_columns,
    hand_texts,
    insert_game,
    keep_record,
    played_at,
    replayed_or_refused,
    stored_log,
    write_hands,
    write_players,
)
from phase10_keeper.storage.rows import (
    new_revision as fresh_revision,
)
from phase10_keeper.storage.shared_rows import SharedRows
from phase10_keeper.storage.sharing import SharingRows
from phase10_keeper.storage.summary import GameSummary
from phase10_keeper.storage.unrecorded import UnrecordedRows

# The rules and the game file's encoding are imported where a game is encoded, decoded or
# replayed: listing the library needs neither, and importing them costs more than it does.
if TYPE_CHECKING:
    from phase10_keeper.rules import Game, Replay
    from phase10_keeper.stats import GameRecord

__all__ = [
    "DEFAULT_TIMEOUT",
    "LIBRARY_FILE",
    "GameChanged",
    "GameDamaged",
    "GameSummary",
    "Library",
    "LibraryBehind",
    "LibraryBusy",
    "LibraryDamaged",
    "LibraryError",
    "LibraryMissing",
    "LibraryTooNew",
    "default_data_dir",
    "describe_backup",
    "good_backups",
]

DEFAULT_TIMEOUT = 5.0
"""Seconds to wait for another copy of the app that is writing to the same library."""

_DAY = timedelta(days=1)
_CACHED_GAMES = 8

Clock = Callable[[], datetime]
Warn = Callable[[str], None]
"""Where the library tells the user of something that went wrong without losing anything
(a backup that failed): by default the log; the command line prints `warning:` lines."""


def _utc_now() -> datetime:
    return datetime.now(UTC)


def _stamp(moment: datetime, timespec: str = "seconds") -> str:
    return moment.astimezone(UTC).isoformat(timespec=timespec)


class Library(ListingRows, ResumeRows, UnrecordedRows, SharingRows, SharedRows, RecordRows):
    """The open game library. Open it with `Library.open`; close it when done."""

    path: Path

    def __init__(
        self,
        connection: sqlite3.Connection,
        path: Path,
        timeout: float,
        clock: Clock,
        warn: Warn = log_warning,
    ) -> None:
        self._connection: sqlite3.Connection | None = connection
        self._damage_met = False
        self.path = path
        self.data_dir = path.parent
        self._timeout = timeout
        self._clock = clock
        self._warn = warn
        self._saved: dict[int, Saved] = {}
        self._damaged: dict[int, GameDamaged] = {}
        self._hands_checked: dict[int, tuple[int, str | None]] = {}
        self._rules_checked: dict[object, str | None] = {}
        self._known: dict[int, int] = {}
        """The revision of each game as this connection last read or wrote it: what a save
        without a revision of its own expects to replace."""
        self._newest_backup: datetime | None = None
        self._unsaved_in_backup = False
        """Changes since this copy of the app last made a backup."""
        self._backup_failed = False
        """A backup failed already: it is not retried, so it is reported once."""
        self._wal_written = False
        self._later_syncs: LaterSyncs | None = None
        """Where commits are synced after they return: see `sync_later`."""
        self.read_only = False

    @classmethod
    def open(
        cls,
        data_dir: Path | None = None,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        clock: Clock = _utc_now,
        read_only: bool = False,
        accept_behind: bool = False,
        warn: Warn = log_warning,
    ) -> "Library":
        """Opens (creating it if need be) the library in `data_dir`, checked and up to date.

        Without `data_dir`: PHASE10_KEEPER_DATA_DIR, else the platform's data folder.
        `read_only` opens an existing, up-to-date library only to read it: nothing in its
        folder changes, and a folder the user cannot write is fine. `accept_behind`
        carries on with a library that lost its latest changes (LibraryBehind), counting
        on from the last change and game id ever saved, so no id is given twice. `warn`
        is told, in English, what went wrong without losing anything.
        Raises LibraryDamaged, LibraryBehind, LibraryTooNew, LibraryBusy or LibraryError.
        """
        directory = default_data_dir() if data_dir is None else Path(data_dir)
        path = directory / LIBRARY_FILE
        if examine(path, timeout, accept_behind=accept_behind) and read_only:
            library = cls._open_read_only(path, timeout, clock, warn)
            if library is not None:
                return library
        make_folder(directory)
        # A library made anew where one was (deleted, or moved away) goes on from the
        # mark, so an id printed for a game of the old one never means another game.
        fresh = not path.exists()
        try:
            connection = sqlite3.connect(path, timeout=timeout, isolation_level=None)
        except sqlite3.Error as error:
            raise failure(error, path, timeout) from error
        library = cls(connection, path, timeout, clock, warn)
        try:
            library._prepare()
            if accept_behind or (fresh and read_mark(path).revision > 0):
                library._count_on_from(read_mark(path))
        except BaseException:
            library.close()
            raise
        return library

    @classmethod
    def _open_read_only(
        cls, path: Path, timeout: float, clock: Clock, warn: Warn
    ) -> "Library | None":
        """The library opened only to read, or None if it must be upgraded first."""
        try:
            connection = connect_read_only(path, timeout)
            current = user_version(connection) == SCHEMA_VERSION
        except sqlite3.Error as error:
            raise failure(error, path, timeout) from error
        if not current:
            connection.close()
            return None
        library = cls(connection, path, timeout, clock, warn)
        library.read_only = True
        return library

    @classmethod
    def open_from_backup(
        cls,
        backup: Path,
        data_dir: Path | None = None,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        clock: Clock = _utc_now,
    ) -> "Library":
        """Sets the library file aside (in `damaged/`, nothing is deleted) and opens a copy
        of `backup` in its place: the way back from LibraryDamaged.
        """
        directory = default_data_dir() if data_dir is None else Path(data_dir)
        check_backup(backup)
        path = directory / LIBRARY_FILE
        aside = directory / SET_ASIDE_DIR_NAME / clock().astimezone(UTC).strftime("%Y%m%d-%H%M%S")
        try:
            aside.mkdir(parents=True, exist_ok=True)
            # The -wal file belongs to the damaged file: left in place, SQLite would
            # replay it into the restored copy.
            for suffix in ("", "-wal", "-shm"):
                part = path.with_name(path.name + suffix)
                if part.exists():
                    os.replace(part, aside / part.name)
            source = sqlite3.connect(read_only_uri(backup), uri=True)
            try:
                copy_database(source, path)
            finally:
                source.close()
        except (OSError, sqlite3.Error) as error:
            raise LibraryError(
                LibraryKey.CANNOT_RESTORE, backup=str(backup), detail=str(error)
            ) from error
        log_warning(f"the previous library file was kept in {aside}")
        # The user chose this backup, knowing it may be behind what was last saved.
        return cls.open(directory, timeout=timeout, clock=clock, accept_behind=True)

    def close(self) -> None:
        """Backs up the changes made since the last backup and checkpoints the WAL, so
        everything is in the file itself and a damaged -wal file can cost nothing.
        """
        if self._connection is not None:
            if self._unsaved_in_backup:
                self._try_backup()
            self._checkpoint("TRUNCATE")
            # After the backup, which may commit too.
            if self._later_syncs is not None:
                self._later_syncs.finish()
            self._connection.close()
            self._connection = None
            if not self.read_only and not self._damage_met:
                self._note_as_left()
        self._saved.clear()

    def _note_as_left(self) -> None:
        fingerprint = as_left(self.path)
        if fingerprint is None:
            return
        # Without the note the next open checks the whole file: nothing is lost.
        with suppress(OSError):
            self.path.with_name(self.path.name + AS_LEFT_SUFFIX).write_text(
                fingerprint, encoding="ascii"
            )

    def checkpoint(self) -> None:
        """Copies what the WAL holds into the file itself, if this copy wrote since the
        last time; the app calls this every few seconds. It never waits: a copy of the app
        reading at that moment leaves some for the next time.
        """
        self._checkpoint("PASSIVE")

    def _checkpoint(self, mode: str) -> None:
        """PASSIVE copies what it can at once; TRUNCATE, on closing, waits for readers
        (up to the timeout) and empties the WAL file as well.
        """
        if self._connection is None or not self._wal_written:
            return
        try:
            busy, _, _ = self._connection.execute(f"PRAGMA wal_checkpoint({mode})").fetchone()
            self._wal_written = bool(busy)
        except sqlite3.Error as error:
            logger().debug("could not checkpoint the game library %s: %s", self.path, error)

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    # Games

    def add_game(
        self,
        game: "Game",
        replayed: "Replay | None" = None,
        *,
        uid: str | None = None,
        conflict_of: str | None = None,
    ) -> int:
        """Stores a new game and adds its players to the roster; returns its id.

        `replayed` is the game's replay where the caller already has one. `uid` is the
        game's identity across libraries (a new random one if None; see storage.identity)
        and `conflict_of` the uid of the game it keeps a concurrent version of.
        """
        from phase10_keeper.storage.identity import new_uid

        if replayed is None or replayed.final.hands_played != len(game.hands):
            replayed = replayed_or_refused(game, None)
        texts = hand_texts(game, range(len(game.hands)))
        revision = fresh_revision()
        with self._writing() as database:
            moments = (self._now(), self._now("milliseconds"))
            identity = (uid or new_uid(), conflict_of)
            game_id = insert_game(database, game, replayed, texts, revision, moments, identity)
        self._remember(game_id, Saved(revision, game, tuple(texts.values()), replayed))
        return game_id

    def save_game(
        self,
        game_id: int,
        game: "Game",
        replayed: "Replay | None" = None,
        *,
        revision: int | None = None,
    ) -> None:
        """Replaces the stored game with `game` in one transaction, writing only the hands
        that changed; status, winner and when it finished come from replaying it; the
        game's new revision is `known_revision` then.

        `revision` is the revision the caller's copy was read or last saved at; without
        it, the one this connection last read or wrote. A copy that is no longer current
        (another window, copy of the app or `serve` saved the game since) is refused with
        GameChanged and nothing is written: a save never replaces what it has not seen.
        `replayed` is the game's replay where the caller already has one, which spares
        replaying a long game again on its first save after loading.
        """

        expected = self._known.get(game_id) if revision is None else revision
        saved = self._saved.get(game_id)
        texts, replayed = encoded(game, saved, replayed)
        new_revision = fresh_revision()
        with self._writing() as database:
            row = database.execute(
                "SELECT revision, finished FROM games WHERE id = ?", (game_id,)
            ).fetchone()
            if row is None:
                raise self._no_game(game_id)
            if row[0] != expected:
                raise GameChanged(game_id, row[0])
            if saved is not None and row[0] == saved.revision:
                players, stored = saved.game.players, saved.texts
            else:
                players, stored = stored_log(database, game_id)
            record = self._store(
                database,
                game_id,
                game,
                replayed,
                texts,
                (players, stored),
                row[1],
                new_revision,
                saved,
            )
        self._remember(game_id, Saved(new_revision, game, tuple(texts.values()), replayed, record))

    def _store(
        self,
        database: sqlite3.Connection,
        game_id: int,
        game: "Game",
        replayed: "Replay",
        texts: dict[int, str],
        before: tuple[tuple[str, ...], Sequence[str]],
        finished: str | None,
        revision: int,
        earlier: Saved | None = None,
    ) -> "GameRecord":
        """Writes `game` over the stored one (whose players and hand texts are `before`);
        status, winner and when it finished come from its replay. `earlier` is the game
        as this connection last wrote it, if it did. Returns the game's record, kept."""
        finished = (finished or self._now()) if replayed.final.status is Status.FINISHED else None
        columns = {
            **game_columns(game, replayed, finished, self._now("milliseconds"), revision),
            "played_at": played_at(database, game_id, game.started),
        }
        database.execute(
            f"UPDATE games SET {', '.join(f'{name} = ?' for name in columns)} WHERE id = ?",
            (*columns.values(), game_id),
        )
        players, stored = before
        if players != game.players:
            write_players(database, game_id, game.players, players)
        write_hands(database, game_id, stored, texts, len(game.hands))
        return keep_record(database, game_id, revision, replayed, earlier)

    def data_version(self) -> int:
        """A number that changes when another connection (another process, such as
        `games import`, or another window) commits to the library, and never for this
        connection's own writes: SQLite's `PRAGMA data_version`, read from the WAL's
        shared index without reading the library (a few microseconds)."""
        connection = self._live()
        with self._guard():
            return int(connection.execute("PRAGMA data_version").fetchone()[0])

    def known_revision(self, game_id: int) -> int | None:
        """The game's revision as this connection last read or wrote it (None if it has
        not): what a later `save_game` of that copy passes as its `revision`."""
        return self._known.get(game_id)

    def stored_revision(self, game_id: int) -> int | None:
        """The game's revision as the library holds it now, whoever saved it last (None
        if there is no such game, or it is deleted): one value read, to tell whether a
        copy is still current before reading the whole game again."""
        with self._reading() as database:
            row = database.execute(
                "SELECT revision FROM games WHERE id = ? AND deleted_at IS NULL", (game_id,)
            ).fetchone()
        return row[0] if row is not None and isinstance(row[0], int) else None

    def load_game(self, game_id: int) -> "Game":
        """The game as stored; GameDamaged if anything in it does not read back as the
        app wrote it, checked as strictly as a game file."""
        with self._reading() as database:
            game, texts, revision = self._read_game(database, game_id)
        self._remember(game_id, Saved(revision, game, texts, None))
        return game

    def _read_game(
        self, database: sqlite3.Connection, game_id: int
    ) -> tuple["Game", tuple[str, ...], int]:
        """The game, its hands' stored JSON and its revision, inside a transaction."""
        rows = fetch_all(
            database,
            f"SELECT {SUMMARY_COLUMNS}, rules, seating, revision FROM games WHERE id = ?",
            (game_id,),
        )
        if not rows:
            raise self._no_game(game_id)
        players, texts = fetch_all_log(database, game_id)
        try:
            game, revision = game_from_rows(game_id, rows[0], players, texts)
        except GameDamaged as damage:
            raise self._damaged_game(damage) from None
        return game, texts, revision

    def rename_player(self, changes: Sequence[tuple[int, str, str]]) -> None:
        """Renames a player in many games at once, as (game id, old name, new name): all
        of them in one transaction, or none. A copy this connection holds of a game stays
        current only if it was."""
        renamed = []
        with self._writing() as database:
            for game_id, old, new in changes:
                game, stored, revision = self._read_game(database, game_id)
                changed = game.with_player_renamed(old, new)
                replayed = replayed_or_refused(changed, None)
                texts = hand_texts(changed, range(len(changed.hands)))
                new_revision = fresh_revision()
                finished = database.execute(
                    "SELECT finished FROM games WHERE id = ?", (game_id,)
                ).fetchone()[0]
                self._store(
                    database,
                    game_id,
                    changed,
                    replayed,
                    texts,
                    (game.players, stored),
                    finished,
                    new_revision,
                )
                renamed.append(
                    (
                        game_id,
                        revision,
                        Saved(new_revision, changed, tuple(texts.values()), replayed),
                    )
                )
        for game_id, revision, saved in renamed:
            if self._known.get(game_id) == revision:
                self._remember(game_id, saved)

    def rename_game(self, game_id: int, title: str) -> None:
        """Gives the game a new title, and so a new revision: a copy read before the rename
        would otherwise put the old title back when saved. A copy this connection holds
        stays current only if it was current before."""
        revision = fresh_revision()
        with self._writing() as database:
            row = database.execute("SELECT revision FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                raise self._no_game(game_id)
            database.execute(
                "UPDATE games SET title = ?, revision = ?, updated = ? WHERE id = ?",
                (title, revision, self._now("milliseconds"), game_id),
            )
        if self._known.get(game_id) != row[0]:
            return
        self._known[game_id] = revision
        saved = self._saved.get(game_id)
        if saved is not None and saved.revision == row[0]:
            from dataclasses import replace

            renamed = replace(saved.game, title=title)
            self._remember(game_id, saved._replace(revision=revision, game=renamed))

    def delete_game(self, game_id: int) -> None:
        """Moves the game to the bin: it leaves the list but can be restored, without the
        typing, undo history and sharing kept with it."""
        self._update_game(game_id, "deleted_at = COALESCE(deleted_at, ?)", self._now())
        self.keep_unrecorded(game_id, None, None)
        self.forget_sharing(game_id)

    def restore_game(self, game_id: int) -> None:
        self._update_game(game_id, "deleted_at = NULL")

    # Players and resuming

    # Backups

    def backups(self) -> list[Path]:
        """Every backup of this library, newest first."""
        return list_backups(backup_dir(self.data_dir))

    # Inside

    def _prepare(self) -> None:
        connection = self._live()
        with self._guard():
            connection.execute("PRAGMA foreign_keys = ON")
            connection.execute("PRAGMA synchronous = FULL")
            mode = connection.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if mode != "wal":
                # Some network file systems cannot share the memory WAL needs; a rollback
                # journal with synchronous=FULL is slower but just as safe.
                self._warn(f"the game library {self.path} uses journal mode {mode}")
            version = user_version(connection)
            if 0 < version < SCHEMA_VERSION:
                try:
                    self._backup(f"before-v{SCHEMA_VERSION}")
                except OSError as error:
                    raise LibraryError(
                        LibraryKey.CANNOT_BACK_UP,
                        path=str(self.path),
                        reason=error.strerror or str(error),
                    ) from None
            migrate(connection)
        if 0 < version < RECORDS_KEPT_FROM:
            from phase10_keeper.storage.kept_records import game_records

            game_records(self)
        self._prune()
        self._backup_if_due(changed=False)

    def _live(self) -> sqlite3.Connection:
        if self._connection is None:
            raise LibraryError(LibraryKey.CLOSED)
        return self._connection

    def _now(self, timespec: str = "seconds") -> str:
        return _stamp(self._clock(), timespec)

    @contextmanager
    def _guard(self) -> Iterator[None]:
        try:
            yield
        except sqlite3.Error as error:
            problem = failure(error, self.path, self._timeout)
            if isinstance(problem, LibraryDamaged):
                self._damage_met = True
            raise problem from error

    @contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection]:
        """A read transaction, so several queries see one consistent state."""
        connection = self._live()
        with self._guard():
            connection.execute("BEGIN")
            try:
                yield connection
            finally:
                with suppress(sqlite3.Error):
                    connection.execute("ROLLBACK")

    @contextmanager
    def _writing(self, *, change: bool = True) -> Iterator[sqlite3.Connection]:
        """One write transaction, committed when the block ends and rolled back if it fails.

        BEGIN IMMEDIATE takes the write lock at once: a read transaction that later wants
        to write can fail with SQLITE_BUSY at once, without waiting for the timeout.
        """
        connection = self._live()
        with self._guard():
            connection.execute("BEGIN IMMEDIATE")
            try:
                yield connection
                mark = self._current_mark(connection)
                mark = mark._replace(revision=mark.revision + 1)
                values = {"revision": str(mark.revision)}
                if change:
                    changed = self._clock().astimezone(UTC).isoformat(timespec="microseconds")
                    values["changed_at"] = changed
                self._set_meta(connection, values)
                connection.execute("COMMIT")
            except BaseException:
                if connection.in_transaction:
                    with suppress(sqlite3.Error):
                        connection.execute("ROLLBACK")
                raise
        self._wal_written = True
        if self._later_syncs is not None:
            # With the sync, once the window has drawn the change: a mark lower than the
            # library for that moment only lowers the bar (see `raise_mark`).
            self._later_syncs.committed(partial(raise_mark, self.path, mark))
        else:
            raise_mark(self.path, mark)
        if change:
            self._unsaved_in_backup = True
            self._backup_if_due(changed=True)

    def sync_later(self, schedule: Callable[[Callable[[], None]], object]) -> None:
        """Has each commit from now on return before it is synced to disk, and hand
        `schedule` what syncs it, to call soon: the window calls it once it has drawn
        the change. A sync waiting for the disk took a frame's worth of time on some
        laptops, before the window could show the hand just recorded.

        A commit is safe from the app crashing as it returns, and from a pulled plug once
        synced; closing the library syncs whatever is left. A sync handed over and not
        run yet covers the commits after it too (see `LaterSyncs`). Without a WAL
        journal commits stay synced as made.
        """
        connection = self._live()
        if self.read_only:
            return
        with self._guard():
            if connection.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                return
            connection.execute("PRAGMA synchronous = NORMAL")
        if self._later_syncs is not None:
            # Handed to another window: what the last one was to sync is synced first.
            self._later_syncs.finish()
        wal = self.path.with_name(self.path.name + "-wal")
        self._later_syncs = LaterSyncs(wal, schedule, self._warn)

    @staticmethod
    def _current_mark(database: sqlite3.Connection) -> Mark:
        revision, last_game_id = database.execute(
            "SELECT (SELECT value FROM meta WHERE key = 'revision'), "
            "(SELECT seq FROM sqlite_sequence WHERE name = 'games')"
        ).fetchone()
        return Mark(int(revision or 0), int(last_game_id or 0))

    def _count_on_from(self, mark: Mark) -> None:
        """Makes the next change and the next game id follow `mark` and this library's own,
        whichever is higher: the way on from a library that lost changes or was restored.
        """
        with self._writing(change=False) as database:
            own = self._current_mark(database)
            self._set_meta(database, {"revision": str(max(own.revision, mark.revision))})
            last_id = max(own.last_game_id, mark.last_game_id)
            database.execute("DELETE FROM sqlite_sequence WHERE name = 'games'")
            database.execute(
                "INSERT INTO sqlite_sequence (name, seq) VALUES ('games', ?)", (last_id,)
            )

    @staticmethod
    def _set_meta(database: sqlite3.Connection, values: dict[str, str]) -> None:
        database.execute(
            "INSERT INTO meta (key, value) VALUES "
            + ", ".join("(?, ?)" for _ in values)
            + " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            [part for pair in values.items() for part in pair],
        )

    def _no_game(self, game_id: int) -> LibraryError:
        return LibraryError(LibraryKey.NO_GAME, id=game_id)

    def _update_game(self, game_id: int, assignment: str, *values: Any) -> None:
        with self._writing() as database:
            cursor = database.execute(
                f"UPDATE games SET {assignment}, updated = ? WHERE id = ?",
                (*values, self._now("milliseconds"), game_id),
            )
            if cursor.rowcount == 0:
                raise self._no_game(game_id)

    def _remember(self, game_id: int, saved: Saved) -> None:
        self._known[game_id] = saved.revision
        self._saved.pop(game_id, None)
        self._saved[game_id] = saved
        while len(self._saved) > _CACHED_GAMES:
            del self._saved[next(iter(self._saved))]

    def _prune(self) -> None:
        """Keeps the newest backups, and any older one that holds a game this library
        lacks (one lost with a -wal file, or a library carried on without its changes)."""
        with self._reading() as database:
            held = {game_id for (game_id,) in database.execute("SELECT id FROM games")}
        prune_backups(backup_dir(self.data_dir), held)

    def _backup(self, label: str = "") -> Path:
        """A backup, without pruning old ones: the caller may be about to read one of them."""
        directory = backup_dir(self.data_dir)
        return make_backup(self._live(), directory, self._clock(), label)

    def _try_backup(self) -> None:
        """A backup now; a failure is logged once, since the changes are safe already."""
        if self._backup_failed:
            return
        try:
            self._newest_backup = backup_time(self._backup())
            self._unsaved_in_backup = False
            self._prune()
        except (OSError, sqlite3.Error, LibraryError) as error:
            self._backup_failed = True
            self._warn(f"could not back up the game library {self.path}: {error}")

    def _backup_if_due(self, *, changed: bool) -> None:
        """A daily backup: when something changed since the newest backup and that one is
        more than a day old. A failed backup is logged; the change itself is safe already.

        The newest backup's time is remembered, so recording a hand costs no look at the
        folder; it is looked at again before backing up, in case another copy of the app
        made a backup meanwhile.
        """
        now = self._clock()
        if self._backup_failed or self.read_only:
            return
        if self._newest_backup is not None and now - _DAY < self._newest_backup <= now:
            return
        try:
            backups = self.backups()
            self._newest_backup = backup_time(backups[0]) if backups else None
            if self._newest_backup is not None and now - _DAY < self._newest_backup <= now:
                return
            if not changed:
                with self._reading() as database:
                    row = database.execute(
                        "SELECT value FROM meta WHERE key = 'changed_at'"
                    ).fetchone()
                since = row is not None and changed_since(row[0], self._newest_backup, now)
                if since is None:
                    self._warn(NO_TIME_OF_CHANGE.format(path=self.path))
                elif not since:
                    return
        except (OSError, sqlite3.Error, LibraryError) as error:
            self._backup_failed = True
            self._warn(f"could not back up the game library {self.path}: {error}")
            return
        self._try_backup()
