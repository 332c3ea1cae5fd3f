"""The library's part that knows games by uid and keeps what sharing through a folder
remembers (see storage.sync): this library's device id, what was last shared of each game,
the shared files as last read, and each folder's marker.

What is read back is checked as strictly as a game file: a value that is not what the app
writes counts as not there (a game is then shared again from scratch), never a traceback.
"""

import json
import sqlite3
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from phase10_keeper.storage.identity import canonical, conflict_uid, is_uid, version_hash
from phase10_keeper.storage.messages import LibraryError, LibraryKey
from phase10_keeper.storage.part import LibraryPart
from phase10_keeper.storage.readback import same_game
from phase10_keeper.storage.rows import (
    Saved,
    compact,
    hand_texts,
    insert_game,
    new_revision,
    replayed_or_refused,
    stored_log,
)

if TYPE_CHECKING:
    from phase10_keeper.rules import Game, Replay
    from phase10_keeper.stats import GameRecord

DEVICE_DIGITS = 32
"""A device id is this many random lowercase hex digits."""

_HEX = frozenset("0123456789abcdef")


def is_device(value: object) -> bool:
    return isinstance(value, str) and len(value) == DEVICE_DIGITS and set(value) <= _HEX


Clock = Mapping[str, int]


def clock_from_json(data: object) -> dict[str, int] | None:
    """The version clock `data` holds ({DEVICE: N}, each N a whole number from 1), or None."""
    if not isinstance(data, dict) or not data:
        return None
    clock = {}
    for device, count in data.items():
        if not is_device(device) or type(count) is not int or not 1 <= count < 2**62:
            return None
        clock[device] = count
    return clock


def clock_text(clock: Clock) -> str:
    return json.dumps(dict(sorted(clock.items())), separators=(",", ":"))


class Version(NamedTuple):
    """One version of a shared game: its clock, its hash, the game, whether it is a
    deletion (the game kept in the bin), the uid it keeps a conflict of, and the game
    file's JSON of the game alone (None: not made yet), made once for both the hash and
    the shared file; and the shared file it was read from with the clock it holds, to be
    published again as it is while that is the version's clock."""

    clock: Clock
    hash: str
    game: "Game"
    deleted: bool
    conflict_of: str | None
    document: dict[str, Any] | None = None
    read_from: tuple[Clock, bytes] | None = None


def version_of(
    game: "Game", clock: Clock, *, deleted: bool = False, conflict_of: str | None = None
) -> Version:
    """The version, hashed as `identity.version_hash` hashes it."""
    import hashlib

    from phase10_keeper.storage.gamefile import game_to_json

    document = game_to_json(game)
    hashed = dict(document)
    if deleted:
        hashed["deleted"] = True
    if conflict_of is not None:
        hashed["conflict_of"] = conflict_of
    digest = hashlib.sha256(canonical(hashed).encode("utf-8")).hexdigest()
    return Version(clock, digest, game, deleted, conflict_of, document)


class SharedState(NamedTuple):
    """What was last shared of a game: its clock and hash, the revision and deletion of
    the game they were taken from, the highest count this library published for it, and
    what its file in this library's device folder holds (None: to be written)."""

    clock: Clock
    hash: str
    revision: int | None
    deleted: bool
    published: int
    written: str | None


class HeldGame(NamedTuple):
    """A game as the library holds it, for sharing: its id, uid, revision, whether it is
    deleted, and the uid it is a conflict of."""

    id: int
    uid: str
    revision: object
    deleted: bool
    conflict_of: str | None


class Change(NamedTuple):
    """A version to store for game `uid`, expected to find the game as `held` (None: not
    in the library); `content` False keeps the game as it is and changes only its clock."""

    uid: str
    version: Version
    held: HeldGame | None
    content: bool


def _held(row: Sequence[object]) -> HeldGame | None:
    game_id, uid, revision, deleted_at, conflict_of = row
    if not isinstance(game_id, int) or not is_uid(uid):
        return None
    if conflict_of is not None and not is_uid(conflict_of):
        return None
    return HeldGame(
        game_id,
        str(uid),
        revision,
        deleted_at is not None,
        None if conflict_of is None else str(conflict_of),
    )


class SharedRows(LibraryPart):
    """Games by uid, and what sharing through a folder remembers."""

    if TYPE_CHECKING:

        def _now(self, timespec: str = "seconds") -> str: ...

        def add_game(
            self,
            game: "Game",
            replayed: "Replay | None" = None,
            *,
            uid: str | None = None,
            conflict_of: str | None = None,
        ) -> int: ...

        def load_game(self, game_id: int) -> "Game": ...

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
        ) -> "GameRecord": ...

    def game_uid(self, game_id: int) -> str | None:
        """The game's uid (None if there is no such game)."""
        with self._reading() as database:
            row = database.execute("SELECT uid FROM games WHERE id = ?", (game_id,)).fetchone()
        return None if row is None or not is_uid(row[0]) else str(row[0])

    def import_game(
        self, game: "Game", replayed: "Replay | None" = None, *, uid: str | None = None
    ) -> int:
        """The id of the game imported: the game already held under its uid (`uid`, else
        the uid of its content) if it is the same, else the same game held under another
        uid (the same players, first dealer, rules, seating and hands; title and date
        aside), else a new game. A file imported twice, or again after its id could not be
        printed, is added once. Other content under a uid the library holds is added as
        a second game, a conflict of the first (see storage.sync).
        """
        from phase10_keeper.storage.identity import content_uid

        uid = uid or content_uid(game)
        with self._reading() as database:
            row = database.execute(
                "SELECT id, conflict_of FROM games WHERE uid = ?", (uid,)
            ).fetchone()
            found = same_game(database, game)
        conflict_of = None
        if row is not None:
            held = self.load_game(row[0])
            if version_hash(held) == version_hash(game):
                return int(row[0])
            conflict_of, uid = uid, conflict_uid(uid, version_hash(game))
            with self._reading() as database:
                again = database.execute("SELECT id FROM games WHERE uid = ?", (uid,)).fetchone()
            if again is not None:
                return int(again[0])
        if found is not None:
            return found
        return self.add_game(game, replayed, uid=uid, conflict_of=conflict_of)

    def keep_apart(self, game_id: int) -> None:
        """Makes a game kept as a conflict (see storage.sync) a game of its own, beside the
        one it was a conflict of. Its new revision makes the next sync share the change
        as a version that supersedes the conflict on every library."""
        with self._writing() as database:
            cursor = database.execute(
                "UPDATE games SET conflict_of = NULL, revision = ?, updated = ? WHERE id = ?",
                (new_revision(), self._now("milliseconds"), game_id),
            )
            if cursor.rowcount == 0:
                raise LibraryError(LibraryKey.NO_GAME, id=game_id)

    def last_changed(self) -> str | None:
        """When a game of the library last changed (by this connection or another):
        a text to compare, not to read; None before the first change."""
        with self._reading() as database:
            row = database.execute("SELECT value FROM meta WHERE key = 'changed_at'").fetchone()
        return None if row is None or not isinstance(row[0], str) else row[0]

    # Sharing

    def device_id(self) -> str:
        """This library's device id, made on first use."""
        with self._reading() as database:
            row = database.execute("SELECT value FROM meta WHERE key = 'sync_device'").fetchone()
        if row is not None and is_device(row[0]):
            return str(row[0])
        return self.take_new_device_id()

    def take_new_device_id(self) -> str:
        """A new device id for this library, from now on (see storage.sync)."""
        import secrets

        device = secrets.token_hex(DEVICE_DIGITS // 2)
        with self._writing(change=False) as database:
            database.execute(
                "INSERT INTO meta (key, value) VALUES ('sync_device', ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (device,),
            )
            # What this library wrote in its old folder is to be written in its new one.
            database.execute("UPDATE shared SET written = NULL")
        return device

    def folder_marker(self, folder: str) -> str | None:
        """The marker the shared folder `folder` held when this library first used it."""
        with self._reading() as database:
            row = database.execute(
                "SELECT marker FROM shared_folders WHERE path = ?", (folder,)
            ).fetchone()
        return None if row is None or not isinstance(row[0], str) else row[0]

    def remember_folder_marker(self, folder: str, marker: str) -> None:
        with self._writing(change=False) as database:
            database.execute(
                "INSERT INTO shared_folders (path, marker) VALUES (?, ?) "
                "ON CONFLICT (path) DO UPDATE SET marker = excluded.marker",
                (folder, marker),
            )

    def file_stamps(self, marker: str) -> dict[str, str]:
        """Each file of the shared folder marked `marker` as last read, by its name under
        `devices/`: (mtime_ns, size, inode) as text, to skip files unchanged since."""
        with self._reading() as database:
            rows = database.execute(
                "SELECT name, stamp FROM shared_files WHERE folder = ?", (marker,)
            ).fetchall()
        return {name: stamp for name, stamp in rows if isinstance(stamp, str)}

    def remember_file_stamps(self, marker: str, stamps: Mapping[str, str]) -> None:
        if not stamps:
            return
        with self._writing(change=False) as database:
            database.executemany(
                "INSERT INTO shared_files (folder, name, stamp) VALUES (?, ?, ?) "
                "ON CONFLICT (folder, name) DO UPDATE SET stamp = excluded.stamp",
                [(marker, name, stamp) for name, stamp in stamps.items()],
            )

    def held_games(self) -> dict[str, HeldGame]:
        """Every game the library holds, deleted ones too, by uid."""
        with self._reading() as database:
            rows = database.execute(
                "SELECT id, uid, revision, deleted_at, conflict_of FROM games"
            ).fetchall()
        held = (_held(row) for row in rows)
        return {game.uid: game for game in held if game is not None}

    def shared_states(self) -> dict[str, SharedState]:
        """What was last shared of each game, by uid; a row not as written is left out."""
        with self._reading() as database:
            rows = database.execute(
                "SELECT uid, clock, hash, revision, deleted, published, written FROM shared"
            ).fetchall()
        states = {}
        for uid, clock, digest, revision, deleted, published, written in rows:
            try:
                parsed = clock_from_json(json.loads(clock))
            except (TypeError, ValueError, RecursionError):
                parsed = None
            if (
                parsed is None
                or not is_uid(uid)
                or not isinstance(digest, str)
                or not isinstance(published, int)
                or deleted not in (0, 1)
            ):
                continue
            states[uid] = SharedState(
                parsed,
                digest,
                revision if isinstance(revision, int) else None,
                bool(deleted),
                published,
                written if isinstance(written, str) else None,
            )
        return states

    def note_states(self, states: Mapping[str, SharedState]) -> None:
        """Remembers what is shared of these games (changes found in the library)."""
        if not states:
            return
        with self._writing(change=False) as database:
            _put_states(database, states)

    def apply_changes(
        self, changes: Iterable[Change], published: Mapping[str, int]
    ) -> list[HeldGame | None]:
        """Stores the versions, in one transaction; each game as it is then held, or None
        where it was not stored: a game no longer as expected (the app saved it meanwhile)
        is met again at the next sync, as a change of this library's."""
        done = []
        with self._writing() as database:
            for change in changes:
                done.append(self._apply(database, change, published.get(change.uid, 0)))
        return done

    def _apply(
        self, database: sqlite3.Connection, change: Change, published: int
    ) -> HeldGame | None:
        uid, version, held, content = change
        row = database.execute(
            "SELECT id, uid, revision, deleted_at, conflict_of FROM games WHERE uid = ?", (uid,)
        ).fetchone()
        now = _held(row) if row is not None else None
        if now != held:
            return None
        revision = None if now is None else now.revision
        if now is None:
            game = version.game
            replayed = replayed_or_refused(game, None)
            texts = _hand_texts(version)
            revision = new_revision()
            moments = (self._now(), self._now("milliseconds"))
            game_id = insert_game(
                database, game, replayed, texts, revision, moments, (uid, version.conflict_of)
            )
        elif content:
            game_id = now.id
            game = version.game
            replayed = replayed_or_refused(game, None)
            texts = _hand_texts(version)
            revision = new_revision()
            finished = database.execute(
                "SELECT finished FROM games WHERE id = ?", (game_id,)
            ).fetchone()[0]
            before = stored_log(database, game_id)
            self._store(database, game_id, game, replayed, texts, before, finished, revision)
            database.execute(
                "UPDATE games SET conflict_of = ? WHERE id = ?", (version.conflict_of, game_id)
            )
        else:
            game_id = now.id
        if content or now is None:
            if version.deleted:
                database.execute(
                    "UPDATE games SET deleted_at = COALESCE(deleted_at, ?) WHERE id = ?",
                    (self._now(), game_id),
                )
                database.execute("DELETE FROM unrecorded WHERE game_id = ?", (game_id,))
            else:
                database.execute("UPDATE games SET deleted_at = NULL WHERE id = ?", (game_id,))
        state = SharedState(
            version.clock,
            version.hash,
            revision if isinstance(revision, int) else None,
            version.deleted,
            published,
            None,
        )
        _put_states(database, {uid: state})
        deleted = version.deleted if content or now is None else now.deleted
        conflict_of = version.conflict_of if content or now is None else now.conflict_of
        return HeldGame(game_id, uid, revision, deleted, conflict_of)

    def note_written(self, written: Mapping[str, tuple[str, int]]) -> None:
        """Remembers what this library's file of each game holds, by uid: the text that
        says which version it is, and this library's count in its clock."""
        if not written:
            return
        with self._writing(change=False) as database:
            database.executemany(
                "UPDATE shared SET written = ?, published = MAX(published, ?) WHERE uid = ?",
                [(text, count, uid) for uid, (text, count) in written.items()],
            )


def _hand_texts(version: Version) -> dict[int, str]:
    """The stored JSON of each hand of the version's game, from the game file's JSON the
    version already holds (made for its hash) rather than encoding every hand again."""
    if version.document is None:
        return hand_texts(version.game, range(len(version.game.hands)))
    return dict(enumerate(map(compact, version.document["hands"])))


def _put_states(database: sqlite3.Connection, states: Mapping[str, SharedState]) -> None:
    database.executemany(
        "INSERT INTO shared (uid, clock, hash, revision, deleted, published, written) "
        "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (uid) DO UPDATE SET clock = excluded.clock, "
        "hash = excluded.hash, revision = excluded.revision, deleted = excluded.deleted, "
        "published = MAX(shared.published, excluded.published), written = excluded.written",
        [
            (
                uid,
                clock_text(state.clock),
                state.hash,
                state.revision,
                int(state.deleted),
                state.published,
                state.written,
            )
            for uid, state in states.items()
        ],
    )
