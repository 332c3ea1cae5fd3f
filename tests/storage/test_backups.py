"""Backups: made before upgrades and at most daily after a change, bounded, restorable."""

import logging
import sqlite3
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

import pytest

from phase10_keeper.storage.backups import KEEP_BACKUPS, backup_time
from phase10_keeper.storage.library import Library, LibraryError
from phase10_keeper.storage.migrations import SCHEMA_VERSION

from .samples import PLAYERS, FakeClock, friday_game, table_hand
from .test_migrations import build_version_1


def game_count(path: Path) -> int:
    with closing(sqlite3.connect(path)) as database:
        count: int = database.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    return count


def test_the_first_change_is_backed_up_then_at_most_once_a_day(
    library: Library, clock: FakeClock
) -> None:
    assert library.backups() == []
    library.add_game(friday_game())
    assert len(library.backups()) == 1
    clock.advance(hours=23)
    library.add_game(friday_game())
    assert len(library.backups()) == 1
    clock.advance(hours=2)
    library.add_game(friday_game())
    newest, oldest = library.backups()
    assert backup_time(newest) > backup_time(oldest)
    assert (game_count(newest), game_count(oldest)) == (3, 1)


def test_nothing_changed_means_no_new_backup(data_dir: Path, clock: FakeClock) -> None:
    with Library.open(data_dir, clock=clock) as library:
        game_id = library.add_game(friday_game())
    clock.advance(days=3)
    with Library.open(data_dir, clock=clock) as library:
        library.set_last_open_game(game_id)
        library.list_games()
        assert len(library.backups()) == 1


def test_changes_after_the_last_backup_are_backed_up_on_the_next_open(
    data_dir: Path, clock: FakeClock
) -> None:
    with Library.open(data_dir, clock=clock) as library:
        library.add_game(friday_game())
        clock.advance(hours=2)
        library.add_game(friday_game())
        assert len(library.backups()) == 1
    clock.advance(days=1)
    with Library.open(data_dir, clock=clock) as library:
        newest, _ = library.backups()
    assert game_count(newest) == 2


def test_only_the_newest_backups_are_kept(library: Library, clock: FakeClock) -> None:
    for _ in range(KEEP_BACKUPS + 5):
        library.add_game(friday_game())
        clock.advance(days=1)
    backups = library.backups()
    assert len(backups) == KEEP_BACKUPS
    assert [game_count(backup) for backup in backups] == list(range(15, 5, -1))


def test_a_backup_is_a_checked_plain_sqlite_file(library: Library) -> None:
    library.add_game(friday_game())
    [backup] = library.backups()
    with closing(sqlite3.connect(backup)) as database:
        assert database.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert database.execute("PRAGMA journal_mode").fetchone() == ("delete",)
    assert sorted(path.name for path in backup.parent.iterdir()) == [backup.name]


def test_restoring_a_backup_keeps_what_it_replaces(
    library: Library, clock: FakeClock, data_dir: Path
) -> None:
    game = friday_game(2)
    first = library.add_game(game)
    [day_one] = library.backups()
    clock.advance(days=1)
    library.add_game(friday_game(4))
    library.save_game(first, game.with_hand_appended(table_hand(PLAYERS, 2)))
    with Library.open(data_dir, clock=clock) as other:
        library.restore_backup(day_one)
        assert [summary.id for summary in other.list_games()] == [first]
        assert other.load_game(first) == game
    assert library.load_game(first) == game
    saved_before = [
        path for path in library.backups() if path.name.endswith("-before-restore.sqlite3")
    ]
    assert len(saved_before) == 1
    assert game_count(saved_before[0]) == 2
    # The library's memory of the games it saved must not outlive the restore.
    library.save_game(first, game.with_hand_removed(0))
    assert library.load_game(first) == game.with_hand_removed(0)


def test_restoring_the_backup_from_before_an_upgrade_upgrades_it_again(data_dir: Path) -> None:
    build_version_1(data_dir)
    with Library.open(data_dir) as library:
        [before_upgrade] = library.backups()
        library.add_game(friday_game())
        library.restore_backup(before_upgrade)
        assert [game.id for game in library.list_games()] == [2, 1]
        library.set_notes(1, "notes need version 2")
    with closing(sqlite3.connect(data_dir / "library.sqlite3")) as database:
        assert database.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)


def test_a_missing_or_damaged_backup_is_not_restored(library: Library, tmp_path: Path) -> None:
    game_id = library.add_game(friday_game())
    with pytest.raises(LibraryError, match="there is no backup"):
        library.restore_backup(tmp_path / "nowhere.sqlite3")
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"not a backup at all" * 100)
    with pytest.raises(LibraryError, match="is damaged too"):
        library.restore_backup(junk)
    assert library.load_game(game_id) == friday_game()


def test_a_failed_backup_does_not_fail_the_change(
    data_dir: Path, clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / "backups").write_text("a file where the backups folder should be")
    with caplog.at_level(logging.WARNING), Library.open(data_dir, clock=clock) as library:
        game_id = library.add_game(friday_game())
        assert library.load_game(game_id) == friday_game()
    assert "could not back up the game library" in caplog.text


def test_two_copies_of_the_app_make_one_backup_a_day_between_them(
    library: Library, reopen: Callable[[], Library], clock: FakeClock
) -> None:
    other = reopen()
    library.add_game(friday_game())
    clock.advance(hours=1)
    other.add_game(friday_game())
    assert len(library.backups()) == 1
    clock.advance(days=1)
    other.add_game(friday_game())
    library.add_game(friday_game())
    assert len(library.backups()) == 2
