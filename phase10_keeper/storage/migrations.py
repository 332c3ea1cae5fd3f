"""The library's schema, versioned with PRAGMA user_version, and the steps between versions.

A new library is built by running every step from version 0, exactly as an old one is
upgraded, so a fresh library and an upgraded one cannot end up with different schemas.
Steps are only ever appended: a released step never changes.
"""

import sqlite3
from collections.abc import Callable

APPLICATION_ID = 0x5031304B
"""'P10K' in the file header, so we never mistake another program's database for ours."""

_VERSION_1 = (
    """
    CREATE TABLE meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
    ) WITHOUT ROWID
    """,
    """
    CREATE TABLE players (
        id INTEGER PRIMARY KEY,
        key TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL
    )
    """,
    # AUTOINCREMENT: an id once printed by `games import` must never come to mean
    # another game, even after the newest game is deleted.
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        title TEXT NOT NULL DEFAULT '',
        started TEXT,
        finished TEXT,
        created TEXT NOT NULL,
        updated TEXT NOT NULL,
        rules TEXT NOT NULL,
        first_dealer TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('in_progress', 'tiebreak', 'finished')),
        winner TEXT,
        revision INTEGER NOT NULL
    )
    """,
    """
    CREATE TABLE game_players (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        player_id INTEGER NOT NULL REFERENCES players (id),
        PRIMARY KEY (game_id, seat)
    ) WITHOUT ROWID
    """,
    "CREATE INDEX game_players_by_player ON game_players (player_id)",
    """
    CREATE TABLE hands (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        number INTEGER NOT NULL CHECK (number >= 1),
        data TEXT NOT NULL,
        PRIMARY KEY (game_id, number)
    ) WITHOUT ROWID
    """,
    f"PRAGMA application_id = {APPLICATION_ID}",
)

# Version 2: notes on a game, and deleting a game only marks it, so it can be restored.
_VERSION_2 = (
    "ALTER TABLE games ADD COLUMN notes TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE games ADD COLUMN deleted_at TEXT",
)

# Version 3: players who join or leave during a game, as the game file's `seating` list
# (JSON); NULL for a game whose table never changed.
_VERSION_3 = ("ALTER TABLE games ADD COLUMN seating TEXT",)

# Version 4: what is kept with a game that is not part of it: the entry form's typing not
# recorded yet and the undo history, each as JSON (see storage.unrecorded).
_VERSION_4 = (
    """
    CREATE TABLE unrecorded (
        game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        typing TEXT,
        history TEXT
    )
    """,
)

# Version 5: a game's sharing with the phones (see storage.sharing): the keys and the
# entries typed on phones, as JSON, and when they last changed (UTC, ISO 8601).
_VERSION_5 = (
    """
    CREATE TABLE sharing (
        game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        data TEXT NOT NULL,
        changed TEXT NOT NULL
    )
    """,
)


def _give_every_game_a_uid(connection: sqlite3.Connection) -> None:
    """Each game gets the uid of its content (see storage.identity), so the same old game
    upgraded on two computers is one game; a second game of the same content, or a damaged
    one, gets a uid derived from that (the same on every computer holding the same rows)."""
    from phase10_keeper.storage.gamefile import (
        FORMAT,
        VERSION,
        GameFileError,
        game_from_json,
        loads_json,
    )
    from phase10_keeper.storage.identity import CONTENT_NAMESPACE, content_uid, derived_uid
    from phase10_keeper.storage.readback import fetch_all, fetch_all_log

    given: set[str] = set()
    rows = fetch_all(
        connection, "SELECT id, title, started, rules, first_dealer, seating FROM games"
    )
    for game_id, title, started, rules, first_dealer, seating in rows:
        players, hands = fetch_all_log(connection, game_id)
        try:
            document = {
                "format": FORMAT,
                "version": VERSION,
                "title": title,
                "started": started,
                "rules": loads_json(rules),
                "players": list(players),
                "first_dealer": first_dealer,
                "seating": None if seating is None else loads_json(seating),
                "hands": [loads_json(text) for text in hands],
            }
            uid = content_uid(game_from_json(document))
        except (GameFileError, TypeError, ValueError):
            uid = derived_uid(CONTENT_NAMESPACE, f"damaged game {game_id}")
        while uid in given:
            uid = derived_uid(uid, "again")
        given.add(uid)
        connection.execute("UPDATE games SET uid = ? WHERE id = ?", (uid, game_id))


# Version 6: sharing through a folder (storage.sync): each game's uid and, for the second
# game that keeps a concurrent version, the uid it is a conflict of; what was last shared of
# each game (its version clock as JSON, its hash, the revision and deletion it was taken
# from, the highest count this library published for it, and what its file of the game
# holds); each shared file as last
# read, to skip the unchanged; each folder's marker as first seen.
_VERSION_6: tuple["str | Callable[[sqlite3.Connection], None]", ...] = (
    "ALTER TABLE games ADD COLUMN uid TEXT",
    "ALTER TABLE games ADD COLUMN conflict_of TEXT",
    _give_every_game_a_uid,
    "CREATE UNIQUE INDEX games_by_uid ON games (uid)",
    """
    CREATE TABLE shared (
        uid TEXT PRIMARY KEY,
        clock TEXT NOT NULL,
        hash TEXT NOT NULL,
        revision INTEGER,
        deleted INTEGER NOT NULL,
        published INTEGER NOT NULL,
        written TEXT
    ) WITHOUT ROWID
    """,
    """
    CREATE TABLE shared_files (
        folder TEXT NOT NULL,
        name TEXT NOT NULL,
        stamp TEXT NOT NULL,
        PRIMARY KEY (folder, name)
    ) WITHOUT ROWID
    """,
    """
    CREATE TABLE shared_folders (
        path TEXT PRIMARY KEY,
        marker TEXT NOT NULL
    ) WITHOUT ROWID
    """,
)


def _forget_the_file_of_records(connection: sqlite3.Connection) -> None:
    """Removes the file the records were kept in before this step, beside the library."""
    from pathlib import Path

    for _, name, file in connection.execute("PRAGMA database_list"):
        if name == "main" and file:
            Path(file).with_name("statistics-cache.json").unlink(missing_ok=True)


def _forgotten_when_changed(table: str, game: str) -> tuple[str, ...]:
    """Triggers that drop a game's kept record whenever a row of `table` of that game
    (`game` names its game's id column) is added, changed or removed, by whatever
    connection: the app's own writes, another program's, a hand edit."""
    forget = "DELETE FROM game_records WHERE game_id = {row}.{game};"
    return tuple(
        f"CREATE TRIGGER {table}_{event.lower()}_forgets_record AFTER {event} ON {table} "
        f"BEGIN {' '.join(forget.format(row=row, game=game) for row in rows)} END"
        for event, rows in (("INSERT", ("NEW",)), ("UPDATE", ("OLD", "NEW")), ("DELETE", ("OLD",)))
    )


# Version 7: each game's statistics record (see storage.kept_records), kept as the game is
# written, in place of a file beside the library. A record stands for the game's rows as
# they were when it was made, checked: any change to them, by any connection, drops it.
_VERSION_7: tuple["str | Callable[[sqlite3.Connection], None]", ...] = (
    """
    CREATE TABLE game_records (
        game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        revision INTEGER NOT NULL,
        format INTEGER NOT NULL,
        record TEXT NOT NULL
    )
    """,
    *_forgotten_when_changed("games", "id"),
    *_forgotten_when_changed("game_players", "game_id"),
    *_forgotten_when_changed("hands", "game_id"),
    _forget_the_file_of_records,
)


def _give_every_game_its_played_at(connection: sqlite3.Connection) -> None:
    """Each game's `played_at`, as the library writes it from now on."""
    from phase10_keeper.storage.readback import fetch_all
    from phase10_keeper.storage.summary import fixed_moment

    def text(value: object) -> str | None:
        return value if isinstance(value, str) else None

    rows = fetch_all(connection, "SELECT id, started, created FROM games")
    connection.executemany(
        "UPDATE games SET played_at = ? WHERE id = ?",
        [(fixed_moment(text(started), text(created)), id_) for id_, started, created in rows],
    )


# Version 8: the start page reads the newest games not finished without reading every
# game: each game's moment in the listing's order, where it does not hang on the time
# zone (see summary.fixed_moment), indexed with what the page asks of it; and each kept
# record's revision indexed with its game, so whether records vouch for every game is
# counted without reading the records. Filling the new column changes no game, so the trigger that
# forgets a changed game's record is set aside meanwhile: every record still stands.
_VERSION_8: tuple["str | Callable[[sqlite3.Connection], None]", ...] = (
    "ALTER TABLE games ADD COLUMN played_at REAL",
    "DROP TRIGGER games_update_forgets_record",
    _give_every_game_its_played_at,
    _forgotten_when_changed("games", "id")[1],
    "CREATE INDEX games_by_played_at ON games (played_at, id, status, deleted_at)",
    "CREATE INDEX game_records_by_revision ON game_records (game_id, revision)",
)

RECORDS_KEPT_FROM = 7
"""The first version keeping each game's statistics record: a library upgraded from an
earlier one makes every game's record once, as it opens (see storage.kept_records)."""

STEPS: tuple[tuple["str | Callable[[sqlite3.Connection], None]", ...], ...] = (
    _VERSION_1,
    _VERSION_2,
    _VERSION_3,
    _VERSION_4,
    _VERSION_5,
    _VERSION_6,
    _VERSION_7,
    _VERSION_8,
)
"""STEPS[n] takes a library from version n to version n + 1: SQL statements, and where
SQLite cannot compute what a step fills in, a function of the connection."""

SCHEMA_VERSION = len(STEPS)


def user_version(connection: sqlite3.Connection) -> int:
    version: int = connection.execute("PRAGMA user_version").fetchone()[0]
    return version


def migrate(connection: sqlite3.Connection, target: int = SCHEMA_VERSION) -> None:
    """Brings the library up to `target` in one transaction.

    An up-to-date library is not locked at all, so opening it never waits for another
    copy of the app that is writing. The version is read again inside the transaction
    because another copy may have upgraded the library while this one waited for it.
    """
    if user_version(connection) >= target:
        return
    connection.execute("BEGIN IMMEDIATE")
    try:
        found = user_version(connection)
        for version in range(found, target):
            for statement in STEPS[version]:
                if callable(statement):
                    statement(connection)
                else:
                    connection.execute(statement)
        if found < target:
            connection.execute(f"PRAGMA user_version = {target}")
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise
