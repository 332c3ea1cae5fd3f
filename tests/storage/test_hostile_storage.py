"""Damage that SQLite alone would pass over in silence: a lost or scribbled WAL, an empty
file, missing backups of the evening's games, and a folder the user cannot write.
"""

import os
import sqlite3
import subprocess
import sys
import textwrap
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from phase10_keeper.storage.backups import backup_dir, backup_time, list_backups
from phase10_keeper.storage.library import (
    LIBRARY_FILE,
    Library,
    LibraryBehind,
    LibraryDamaged,
    LibraryMissing,
    describe_backup,
)

from .samples import FakeClock, friday_game, long_game
from .test_damage import scribble
from .test_migrations import snapshot

ROOT = Path(__file__).resolve().parents[2]


def add_games_and_vanish(data_dir: Path, count: int) -> None:
    """Adds `count` games in a process that ends without closing the library, so the
    last changes are only in its WAL file.
    """
    script = textwrap.dedent(
        f"""
        import os, sys
        sys.path.insert(0, {str(ROOT)!r})
        from pathlib import Path
        from phase10_keeper.storage.library import Library
        from tests.storage.samples import friday_game
        library = Library.open(Path({str(data_dir)!r}))
        for number in range({count}):
            library.add_game(friday_game(number))
        os._exit(0)
        """
    )
    subprocess.run([sys.executable, "-c", script], check=True, timeout=60, cwd=ROOT)


def wal(data_dir: Path) -> Path:
    return data_dir / (LIBRARY_FILE + "-wal")


def flip_middle(path: Path) -> None:
    """Inverts 64 bytes in the middle of the file, leaving the rest as it was."""
    data = bytearray(path.read_bytes())
    middle = len(data) // 2
    data[middle : middle + 64] = bytes(byte ^ 0xFF for byte in data[middle : middle + 64])
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("damage", [lambda path: scribble(path, 0.5), flip_middle])
def test_a_scribbled_wal_is_reported_not_passed_over(data_dir: Path, damage: Any) -> None:
    add_games_and_vanish(data_dir, 5)
    assert wal(data_dir).stat().st_size > 0
    damage(wal(data_dir))
    with pytest.raises(LibraryBehind) as behind:
        Library.open(data_dir)
    message = str(behind.value)
    assert "is behind what was last saved" in message
    assert "change 5" in message or "5 changes" in message
    assert behind.value.backups


def test_a_deleted_wal_is_reported(data_dir: Path) -> None:
    add_games_and_vanish(data_dir, 4)
    wal(data_dir).unlink()
    (data_dir / (LIBRARY_FILE + "-shm")).unlink(missing_ok=True)
    with pytest.raises(LibraryBehind):
        Library.open(data_dir)


def test_carrying_on_never_reuses_a_game_id(data_dir: Path) -> None:
    add_games_and_vanish(data_dir, 5)
    wal(data_dir).unlink()
    with Library.open(data_dir, accept_behind=True) as library:
        assert len(library.list_games()) < 5
        assert library.add_game(friday_game()) == 6
    with Library.open(data_dir) as library:
        assert library.add_game(friday_game()) == 7


def test_restoring_the_newest_backup_clears_the_alarm_and_keeps_ids_unique(
    data_dir: Path,
) -> None:
    add_games_and_vanish(data_dir, 5)
    scribble(wal(data_dir), 0.3)
    with pytest.raises(LibraryBehind) as behind:
        Library.open(data_dir)
    with Library.open_from_backup(behind.value.backups[0], data_dir) as library:
        assert library.add_game(friday_game()) == 6
    Library.open(data_dir).close()


def test_a_library_in_step_with_its_mark_opens(data_dir: Path) -> None:
    add_games_and_vanish(data_dir, 3)
    with Library.open(data_dir) as library:
        assert len(library.list_games()) == 3


def test_an_empty_file_with_backups_beside_it_is_damaged(data_dir: Path, clock: FakeClock) -> None:
    with Library.open(data_dir, clock=clock) as library:
        library.add_game(friday_game())
    (data_dir / LIBRARY_FILE).write_bytes(b"")
    for suffix in ("-wal", "-shm"):
        (data_dir / (LIBRARY_FILE + suffix)).unlink(missing_ok=True)
    before = snapshot(data_dir)
    with pytest.raises(LibraryDamaged) as damaged:
        Library.open(data_dir, clock=clock)
    assert "is empty" in str(damaged.value)
    assert damaged.value.backups
    assert snapshot(data_dir) == before


def test_an_empty_file_alone_is_a_new_library(data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / LIBRARY_FILE).write_bytes(b"")
    with Library.open(data_dir) as library:
        assert library.list_games() == []


def test_checking_a_damaged_file_adds_no_files_beside_it(data_dir: Path, clock: FakeClock) -> None:
    with Library.open(data_dir, clock=clock) as library:
        library.add_game(long_game(40))
    assert not wal(data_dir).exists()
    scribble(data_dir / LIBRARY_FILE, 0.5)
    before = snapshot(data_dir)
    with pytest.raises(LibraryDamaged):
        Library.open(data_dir, clock=clock)
    assert snapshot(data_dir) == before


def test_closing_after_changes_backs_up_the_evening(data_dir: Path, clock: FakeClock) -> None:
    with Library.open(data_dir, clock=clock) as library:
        for number in range(3):
            library.add_game(friday_game(number))
            clock.advance(hours=1)
    backups = list_backups(backup_dir(data_dir))
    assert len(backups) == 2
    assert describe_backup(backups[0]).endswith("3 games")
    assert describe_backup(backups[1]).endswith("1 game")


def test_closing_without_changes_adds_no_backup(data_dir: Path, clock: FakeClock) -> None:
    with Library.open(data_dir, clock=clock) as library:
        library.add_game(friday_game())
    clock.advance(hours=1)
    with Library.open(data_dir, clock=clock) as library:
        library.list_games()
        count = len(library.backups())
    with Library.open(data_dir, clock=clock) as library:
        assert len(library.backups()) == count


def test_the_offer_says_when_each_backup_was_made_and_what_it_holds(
    data_dir: Path, clock: FakeClock
) -> None:
    with Library.open(data_dir, clock=clock) as library:
        library.add_game(friday_game())
        library.add_game(friday_game())
    scribble(data_dir / LIBRARY_FILE, 0.3)
    with pytest.raises(LibraryDamaged) as damaged:
        Library.open(data_dir, clock=clock)
    newest = backup_time(damaged.value.backups[0]).astimezone().strftime("%Y-%m-%d %H:%M")
    assert f"the newest good backup is from {newest}, with 2 games" in str(damaged.value)
    assert describe_backup(damaged.value.backups[0]) == f"{newest}, 2 games"


def test_closing_checkpoints_the_wal(data_dir: Path) -> None:
    other = Library.open(data_dir)
    try:
        with Library.open(data_dir) as library:
            library.add_game(friday_game())
        # Another copy still has the library open, so SQLite would keep the WAL.
        assert not wal(data_dir).exists() or wal(data_dir).stat().st_size == 0
    finally:
        other.close()


def file_alone_holds(library: Library, tmp_path: Path) -> int:
    """How many games the library file holds without its WAL file."""
    alone = tmp_path / "alone"
    alone.mkdir(parents=True)
    (alone / LIBRARY_FILE).write_bytes(library.path.read_bytes())
    with Library.open(alone, read_only=True) as copy:
        return len(copy.list_games())


def test_a_checkpoint_after_writes_puts_them_in_the_file(library: Library, tmp_path: Path) -> None:
    library.add_game(friday_game())
    library.add_game(friday_game())
    assert file_alone_holds(library, tmp_path / "before") < 2
    library.checkpoint()
    assert file_alone_holds(library, tmp_path / "after") == 2


def test_a_read_only_open_changes_nothing(data_dir: Path, clock: FakeClock) -> None:
    with Library.open(data_dir, clock=clock) as library:
        library.add_game(friday_game())
    clock.advance(days=3)
    before = snapshot(data_dir)
    with Library.open(data_dir, clock=clock, read_only=True) as library:
        assert len(library.list_games()) == 1
        library.load_game(1)
    assert snapshot(data_dir) == before


def test_a_failed_backup_is_reported_once(
    data_dir: Path, clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / "backups").write_text("a file where the folder should be")
    with Library.open(data_dir, clock=clock) as library:
        library.add_game(friday_game())
        library.add_game(friday_game())
    warnings = [record for record in caplog.records if "back up" in record.getMessage()]
    assert len(warnings) == 1


def test_the_mark_is_a_small_file_beside_the_library(library: Library) -> None:
    library.add_game(friday_game())
    marks = [path for path in library.data_dir.iterdir() if path.name.endswith(".revision")]
    assert len(marks) == 1
    with closing(sqlite3.connect(library.path)) as connection:
        revision = connection.execute("SELECT value FROM meta WHERE key = 'revision'").fetchone()
    assert revision is not None
    assert str(int(revision[0])) in marks[0].read_text()
    assert os.path.getsize(marks[0]) < 100


def _mark_of(library: Library) -> Path:
    return library.path.with_name(library.path.name + ".revision")


def _revision_of(library: Library) -> int:
    with closing(sqlite3.connect(library.path)) as connection:
        return int(
            connection.execute("SELECT value FROM meta WHERE key = 'revision'").fetchone()[0]
        )


def test_saving_writes_the_mark_over_itself_not_a_new_file_each_time(library: Library) -> None:
    game_id = library.add_game(friday_game())
    mark = _mark_of(library)
    first = mark.stat().st_ino
    for hands in range(1, 4):
        library.save_game(game_id, long_game(hands))
        assert mark.stat().st_ino == first
        assert f'"revision":{_revision_of(library)},' in mark.read_text()


def test_a_mark_from_an_earlier_version_counts_and_is_replaced_whole(data_dir: Path) -> None:
    add_games_and_vanish(data_dir, 2)
    with Library.open(data_dir) as library:
        mark = _mark_of(library)
        mark.write_text(f'{{"revision": {_revision_of(library)}, "last_game_id": 2}}\n')
        older = mark.stat().st_ino
        library.add_game(friday_game())
        assert mark.stat().st_ino != older
        assert '"check":' in mark.read_text()
    wal(data_dir).unlink(missing_ok=True)
    Library.open(data_dir).close()


def test_a_torn_mark_counts_as_no_mark_never_as_a_higher_one(data_dir: Path) -> None:
    add_games_and_vanish(data_dir, 3)
    with Library.open(data_dir) as library:
        mark = _mark_of(library)
        whole = mark.read_bytes()
        revision = str(_revision_of(library))
    # A crash in the middle of writing a later mark over this one, leaving a digit more
    # of the revision than was made (and one space fewer after it): ten times as many
    # changes claimed.
    torn = whole.replace(f'"revision":{revision},'.encode(), f'"revision":{revision}9,'.encode())
    torn = torn.replace(b"} ", b"}", 1)
    assert len(torn) == len(whole)
    assert torn != whole
    mark.write_bytes(torn)
    with Library.open(data_dir) as library:
        assert len(library.list_games()) == 3
        assert f'"revision":{_revision_of(library)},' not in mark.read_text()
        library.add_game(friday_game())
        assert f'"revision":{_revision_of(library)},' in mark.read_text()


def test_finding_games_by_player_matches_as_names_are_matched(library: Library) -> None:
    from phase10_keeper.rules import Game

    library.add_game(Game(players=("\u0130pek", "Zo\u00eb")))
    assert len(library.list_games(player="ipek")) == 1
    assert len(library.list_games(player="zoe\u0308")) == 1


def test_wal_files_deleted_under_an_open_library_are_noticed_by_the_next_copy(
    data_dir: Path,
) -> None:
    first = Library.open(data_dir)
    try:
        first.add_game(friday_game())
        first.add_game(friday_game())
        wal(data_dir).unlink()
        (data_dir / (LIBRARY_FILE + "-shm")).unlink()
        with pytest.raises(LibraryBehind):
            Library.open(data_dir)
    finally:
        first.close()


def test_a_commit_by_another_copy_while_opening_is_no_false_alarm(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from phase10_keeper.storage import integrity, opening
    from phase10_keeper.storage.messages import Worded

    writer = Library.open(data_dir)
    inspect = integrity.inspect_with_revision

    def another_copy_commits_meanwhile(
        path: Path, timeout: float, *, thorough: bool
    ) -> tuple[str | Worded | None, int]:
        found = inspect(path, timeout, thorough=thorough)
        writer.add_game(friday_game())
        return found

    monkeypatch.setattr(opening, "inspect_with_revision", another_copy_commits_meanwhile)
    try:
        Library.open(data_dir).close()
    finally:
        writer.close()


def test_a_library_deleted_is_no_fresh_start_and_carrying_on_reuses_no_ids(
    data_dir: Path,
) -> None:
    with Library.open(data_dir) as library:
        for number in range(3):
            library.add_game(friday_game(number))
    for suffix in ("", "-wal", "-shm"):
        (data_dir / (LIBRARY_FILE + suffix)).unlink(missing_ok=True)
    before = snapshot(data_dir)
    with pytest.raises(LibraryMissing) as missing:
        Library.open(data_dir)
    assert "is missing, though its revision mark says games were added to it" in str(missing.value)
    assert missing.value.backups
    assert snapshot(data_dir) == before
    # Carrying on without the backups is a choice the app offers.
    with Library.open(data_dir, accept_behind=True) as library:
        assert library.list_games() == []
        assert library.add_game(friday_game()) == 4
    with Library.open(data_dir) as library:
        assert len(library.list_games()) == 1
