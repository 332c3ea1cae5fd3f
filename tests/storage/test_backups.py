"""Backups: made before upgrades and at most daily after a change, bounded, restorable."""

import logging
import sqlite3
from collections.abc import Callable
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path

import pytest

from phase10_keeper.storage.backups import KEEP_BACKUPS, backup_time, make_backup
from phase10_keeper.storage.library import Library

from .samples import FakeClock, friday_game


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


@pytest.mark.parametrize("label", ["", "before-upgrade-3"])
def test_a_backup_is_named_by_the_moment_it_was_made(tmp_path: Path, label: str) -> None:
    made = datetime(2026, 2, 28, 23, 59, 7, 4056, tzinfo=UTC)
    with closing(sqlite3.connect(tmp_path / "library.sqlite3")) as source:
        backup = make_backup(source, tmp_path / "backups", made, label)
    assert backup_time(backup) == made


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


@pytest.mark.parametrize(
    "damaged",
    ["garbage", "2026-11-29T19:30:00", "", "9999-12-31T23:59:59+00:00", 20261129, b"\xff"],
)
def test_a_damaged_time_of_the_last_change_is_backed_up_and_written_anew(
    data_dir: Path, clock: FakeClock, damaged: object
) -> None:
    """The time of the last change decides whether opening makes a backup. One that is
    no time (not text, no time zone, empty, or after now) says nothing of when the
    library last changed: the library opens, a backup is made in case, a warning says
    so, and the next change writes the time anew."""
    with Library.open(data_dir, clock=clock) as library:
        library.add_game(friday_game())
        path = library.path
    with closing(sqlite3.connect(path)) as database:
        database.execute("UPDATE meta SET value = ? WHERE key = 'changed_at'", (damaged,))
        database.commit()
    clock.advance(days=2)
    warnings: list[str] = []
    with Library.open(data_dir, clock=clock, warn=warnings.append) as library:
        assert len(library.backups()) == 2
        assert game_count(library.backups()[0]) == 1
        assert warnings == [
            f"the time of the last change to the game library {path} is not a time in the "
            "past; a backup is made in case, and the next change writes the time anew"
        ]
        library.add_game(friday_game())
    with closing(sqlite3.connect(path)) as database:
        (written,) = database.execute("SELECT value FROM meta WHERE key = 'changed_at'").fetchone()
    assert datetime.fromisoformat(written).tzinfo is not None
    clock.advance(days=2)
    warnings.clear()
    with Library.open(data_dir, clock=clock, warn=warnings.append) as library:
        assert warnings == []
        assert len(library.backups()) == 3
