"""A save returns once committed; its WAL is put on disk beside it, on a thread of its own,
and closing the library waits until every change is on disk."""

import logging
import os
import threading
from pathlib import Path

import pytest

from phase10_keeper.storage.library import Library

from .samples import friday_game, long_game

pytestmark = pytest.mark.skipif(
    not Path("/proc/self/fd").is_dir(), reason="names a synced file through /proc"
)

WAITED = 10
"""Seconds a test waits for the other thread before it fails, rather than hanging."""


class WalSyncs:
    """Stands in front of os.fsync and notes, in order with the test's own notes, each
    sync of the library's WAL file begun and ended; the first waits for `go_on`."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, wal: Path) -> None:
        self.events: list[str] = []
        self.begun = threading.Event()
        self.go_on = threading.Event()
        self.refuse = False
        real = os.fsync

        def sync(handle: int) -> None:
            if Path(os.readlink(f"/proc/self/fd/{handle}")) != wal:
                real(handle)
                return
            self.events.append("sync begun")
            self.begun.set()
            assert self.go_on.wait(WAITED)
            if self.refuse:
                raise OSError(5, "Input/output error")
            real(handle)
            self.events.append("sync ended")

        monkeypatch.setattr(os, "fsync", sync)


def wal_of(library: Library) -> Path:
    return library.path.with_name(library.path.name + "-wal")


def test_a_save_returns_before_its_wal_is_synced_and_closing_waits_for_the_sync(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    library = Library.open(data_dir)
    game_id = library.add_game(friday_game(1))
    syncs = WalSyncs(monkeypatch, wal_of(library))
    library.save_game(game_id, friday_game(2))
    syncs.events.append("saved")
    # The sync began on another thread, and the save came back while it was held.
    assert syncs.begun.wait(WAITED)
    assert sorted(syncs.events) == ["saved", "sync begun"]
    syncs.go_on.set()
    library.close()
    assert syncs.events[2:] == ["sync ended"]
    with Library.open(data_dir) as reopened:
        assert reopened.load_game(game_id) == friday_game(2)


def test_changes_made_while_a_sync_runs_are_synced_after_it(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    library = Library.open(data_dir)
    game_id = library.add_game(long_game(1))
    syncs = WalSyncs(monkeypatch, wal_of(library))
    library.save_game(game_id, long_game(2))
    assert syncs.begun.wait(WAITED)
    # Two more hands while the first sync is held: neither waits for it.
    library.save_game(game_id, long_game(3))
    library.save_game(game_id, long_game(4))
    syncs.events.append("saved twice more")
    syncs.go_on.set()
    library.close()
    # One more sync, begun after both: it covers them.
    assert syncs.events == [
        "sync begun",
        "saved twice more",
        "sync ended",
        "sync begun",
        "sync ended",
    ]


def test_a_disk_that_refuses_to_sync_is_said_once_and_loses_nothing_committed(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    library = Library.open(data_dir)
    game_id = library.add_game(long_game(1))
    syncs = WalSyncs(monkeypatch, wal_of(library))
    syncs.refuse = True
    syncs.go_on.set()
    with caplog.at_level(logging.WARNING):
        for hands in range(2, 5):
            library.save_game(game_id, long_game(hands))
        library.close()
    said = [record.getMessage() for record in caplog.records]
    assert said == [
        "could not put the game library's changes on disk: [Errno 5] Input/output error"
    ]
    with Library.open(data_dir) as reopened:
        assert reopened.load_game(game_id) == long_game(4)
