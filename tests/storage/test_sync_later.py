"""Where the window asks for it, a save returns once committed and its WAL is synced to
disk when the window calls what it was handed; closing syncs whatever is left."""

import os
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from phase10_keeper.storage.library import Library
from phase10_keeper.storage.mark import Mark, read_mark

from .samples import long_game

pytestmark = pytest.mark.skipif(
    not Path("/proc/self/fd").is_dir(), reason="names a synced file through /proc"
)


@pytest.fixture
def wal_syncs(monkeypatch: pytest.MonkeyPatch, data_dir: Path) -> list[str]:
    """Each sync of the library's WAL file, noted as it ends: "synced", or "refused"
    once `refuse_syncs` is in the list."""
    noted: list[str] = []
    real = os.fsync

    def sync(handle: int) -> None:
        if not os.readlink(f"/proc/self/fd/{handle}").endswith("-wal"):
            real(handle)
            return
        if "refuse_syncs" in noted:
            noted.append("refused")
            raise OSError(5, "Input/output error")
        real(handle)
        noted.append("synced")

    monkeypatch.setattr(os, "fsync", sync)
    return noted


@pytest.fixture
def syncing_later(data_dir: Path) -> Iterator[tuple[Library, list[Callable[[], None]]]]:
    """A library that hands each commit's sync to a list instead of making it."""
    library = Library.open(data_dir)
    handed: list[Callable[[], None]] = []
    library.sync_later(handed.append)
    yield library, handed
    library.close()


def synchronous(library: Library) -> int:
    connection = library._connection
    assert connection is not None
    return int(connection.execute("PRAGMA synchronous").fetchone()[0])


def test_a_save_returns_unsynced_and_syncs_when_the_window_calls_what_it_was_handed(
    syncing_later: tuple[Library, list[Callable[[], None]]], wal_syncs: list[str]
) -> None:
    library, handed = syncing_later
    assert synchronous(library) == 1  # NORMAL: SQLite leaves the sync to the library
    game_id = library.add_game(long_game(1))
    library.save_game(game_id, long_game(2))
    # One sync handed over: the one waiting covers the second commit as well.
    assert len(handed) == 1
    assert wal_syncs == []
    handed[0]()
    assert wal_syncs == ["synced"]
    library.save_game(game_id, long_game(3))
    library.save_game(game_id, long_game(4))
    assert len(handed) == 2
    # The later sync covers every commit; the earlier, called again, has nothing to do.
    handed[1]()
    handed[0]()
    assert wal_syncs == ["synced", "synced"]


def test_closing_syncs_what_is_left_and_a_sync_called_after_does_nothing(
    data_dir: Path, wal_syncs: list[str]
) -> None:
    library = Library.open(data_dir)
    handed: list[Callable[[], None]] = []
    library.sync_later(handed.append)
    game_id = library.add_game(long_game(3))
    library.close()
    assert wal_syncs == ["synced"]
    handed[0]()
    assert wal_syncs == ["synced"]
    with Library.open(data_dir) as reopened:
        assert reopened.load_game(game_id) == long_game(3)


def _revision(library: Library) -> int:
    connection = library._connection
    assert connection is not None
    return int(connection.execute("SELECT value FROM meta WHERE key = 'revision'").fetchone()[0])


def test_the_mark_beside_the_library_is_raised_with_the_sync_and_on_closing(
    data_dir: Path, wal_syncs: list[str]
) -> None:
    """The revision mark is written once the window has drawn the change, with the sync:
    until then it stays lower than the library, which only lowers the bar."""
    library = Library.open(data_dir)
    handed: list[Callable[[], None]] = []
    library.sync_later(handed.append)
    before = read_mark(library.path)
    game_id = library.add_game(long_game(1))
    library.save_game(game_id, long_game(2))
    assert read_mark(library.path) == before
    assert before.revision < _revision(library)
    handed[0]()
    assert read_mark(library.path) == Mark(_revision(library), game_id)
    library.save_game(game_id, long_game(3))
    revision = _revision(library)
    library.close()
    assert read_mark(library.path) == Mark(revision, game_id)


def test_asked_again_by_another_window_it_syncs_what_the_first_was_to_sync(
    syncing_later: tuple[Library, list[Callable[[], None]]], wal_syncs: list[str]
) -> None:
    library, first = syncing_later
    library.add_game(long_game(1))
    second: list[Callable[[], None]] = []
    library.sync_later(second.append)
    assert wal_syncs == ["synced"]
    library.add_game(long_game(2))
    assert len(first) == 1
    assert len(second) == 1


def test_a_disk_that_refuses_to_sync_is_said_once_and_loses_nothing_committed(
    data_dir: Path, wal_syncs: list[str]
) -> None:
    said: list[str] = []
    library = Library.open(data_dir, warn=said.append)
    library.sync_later(lambda sync: sync())
    wal_syncs.append("refuse_syncs")
    game_id = library.add_game(long_game(1))
    for hands in range(2, 5):
        library.save_game(game_id, long_game(hands))
    library.close()
    assert wal_syncs.count("refused") == 4
    assert said == [
        "could not put the game library's changes on disk: [Errno 5] Input/output error"
    ]
    with Library.open(data_dir) as reopened:
        assert reopened.load_game(game_id) == long_game(4)


def test_without_a_window_asking_every_commit_is_synced_by_sqlite_as_made(
    library: Library,
) -> None:
    assert synchronous(library) == 2  # FULL


def test_a_library_opened_only_to_read_hands_nothing_to_sync(data_dir: Path) -> None:
    Library.open(data_dir).close()
    handed: list[Callable[[], None]] = []
    with Library.open(data_dir, read_only=True) as reading:
        reading.sync_later(handed.append)
        reading.list_games()
    assert handed == []


def test_a_library_without_a_wal_journal_stays_synced_as_made(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_connect = sqlite3.connect

    class NoWal(sqlite3.Connection):
        """Keeps its rollback journal when asked for WAL, as a connection does on a network
        file system that cannot share the memory WAL needs."""

        def execute(self, sql: str, *args) -> sqlite3.Cursor:
            if sql.replace(" ", "").upper() == "PRAGMAJOURNAL_MODE=WAL":
                sql = "PRAGMA journal_mode"
            return super().execute(sql, *args)

    monkeypatch.setattr(
        sqlite3, "connect", lambda *args, **kwargs: real_connect(*args, factory=NoWal, **kwargs)
    )
    said: list[str] = []
    with Library.open(data_dir, warn=said.append) as library:
        handed: list[Callable[[], None]] = []
        library.sync_later(handed.append)
        library.add_game(long_game(1))
        assert handed == []
        assert synchronous(library) == 2
    assert said == [f"the game library {data_dir / 'library.sqlite3'} uses journal mode delete"]
