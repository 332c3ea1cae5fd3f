"""A library that vanished, was emptied or is no file at all is damage, never a fresh start;
pruning keeps the backups of games the library lacks."""

import os
from pathlib import Path

import pytest

from phase10_keeper.storage.backups import (
    KEEP_BACKUPS,
    backup_dir,
    backup_game_ids,
    list_backups,
    prune_backups,
)
from phase10_keeper.storage.library import LIBRARY_FILE, Library, LibraryError, LibraryMissing
from phase10_keeper.storage.mark import mark_path

from .samples import FakeClock, friday_game
from .test_migrations import snapshot


def _library_of_three(data_dir: Path, clock: FakeClock) -> None:
    with Library.open(data_dir, clock=clock) as library:
        for number in range(3):
            library.add_game(friday_game(number))


def _remove_library(data_dir: Path) -> None:
    for suffix in ("", "-wal", "-shm"):
        (data_dir / (LIBRARY_FILE + suffix)).unlink(missing_ok=True)


def test_a_vanished_library_with_backups_and_no_mark_is_refused(
    data_dir: Path, clock: FakeClock
) -> None:
    _library_of_three(data_dir, clock)
    _remove_library(data_dir)
    mark_path(data_dir / LIBRARY_FILE).unlink()
    before = snapshot(data_dir)
    with pytest.raises(LibraryMissing) as missing:
        Library.open(data_dir, clock=clock)
    assert "is missing, though its backups hold games" in str(missing.value)
    assert "3 games" in str(missing.value)
    assert snapshot(data_dir) == before


def test_a_vanished_library_with_its_mark_alone_is_refused(
    data_dir: Path, clock: FakeClock
) -> None:
    _library_of_three(data_dir, clock)
    _remove_library(data_dir)
    for backup in (data_dir / "backups").iterdir():
        backup.unlink()
    with pytest.raises(LibraryMissing) as missing:
        Library.open(data_dir, clock=clock, read_only=True)
    assert missing.value.backups == []
    assert "(the last, game 3)" in str(missing.value)
    assert "there is no good backup to restore" in str(missing.value)
    assert not (data_dir / LIBRARY_FILE).exists()


def test_an_emptied_library_with_its_mark_alone_is_refused(
    data_dir: Path, clock: FakeClock
) -> None:
    _library_of_three(data_dir, clock)
    for backup in (data_dir / "backups").iterdir():
        backup.unlink()
    (data_dir / LIBRARY_FILE).write_bytes(b"")
    with pytest.raises(LibraryMissing) as missing:
        Library.open(data_dir, clock=clock)
    assert "is empty, though its revision mark says" in str(missing.value)


def test_a_folder_whose_library_never_held_a_game_starts_afresh(
    data_dir: Path, clock: FakeClock
) -> None:
    Library.open(data_dir, clock=clock).close()
    _remove_library(data_dir)
    with Library.open(data_dir, clock=clock) as library:
        assert library.list_games() == []


def test_pruning_keeps_the_last_backup_of_a_game_the_library_lacks(
    data_dir: Path, clock: FakeClock
) -> None:
    _library_of_three(data_dir, clock)
    _remove_library(data_dir)
    # The user carried on without the old games; eleven imports later, each closing with
    # a backup, the keep-ten pruning must still keep one that holds them.
    for number in range(KEEP_BACKUPS + 1):
        clock.advance(days=1)
        with Library.open(data_dir, clock=clock, accept_behind=True) as library:
            library.add_game(friday_game(number))
    held = [backup_game_ids(backup) or set() for backup in list_backups(backup_dir(data_dir))]
    assert any({1, 2, 3} <= games for games in held)
    assert len(held) == KEEP_BACKUPS + 1


def test_pruning_deletes_the_old_backups_of_games_still_held(
    data_dir: Path, clock: FakeClock
) -> None:
    with Library.open(data_dir, clock=clock) as library:
        for number in range(KEEP_BACKUPS + 3):
            clock.advance(days=1)
            library.add_game(friday_game(number))
        assert len(library.backups()) == KEEP_BACKUPS


def test_an_unreadable_old_backup_is_pruned(tmp_path: Path) -> None:
    directory = tmp_path / "backups"
    directory.mkdir()
    names = [f"library-2026010{day}-120000-000000.sqlite3" for day in range(1, 4)]
    for name in names:
        (directory / name).write_bytes(b"not a database")
    prune_backups(directory, set(), keep=1)
    assert [path.name for path in directory.iterdir()] == [names[-1]]


@pytest.mark.parametrize("kind", ["folder", "fifo", "device", "dangling link"])
def test_a_library_that_is_not_a_regular_file_is_refused_at_once(data_dir: Path, kind: str) -> None:
    data_dir.mkdir(parents=True)
    path = data_dir / LIBRARY_FILE
    if kind == "folder":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "device":
        path.symlink_to("/dev/zero")
    else:
        path.symlink_to(data_dir / "gone")
    # Refused before SQLite reads it: a read of /dev/zero would never end.
    with pytest.raises(LibraryError) as refused:
        Library.open(data_dir, read_only=True)
    assert "is not a regular file" in str(refused.value)
