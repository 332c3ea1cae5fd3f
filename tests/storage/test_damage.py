"""A damaged library is reported on open, left exactly as it is, and replaced from a backup."""

import os
import random
from pathlib import Path

import pytest

from phase10_keeper.storage import integrity, opening
from phase10_keeper.storage.backups import backup_time
from phase10_keeper.storage.library import (
    LIBRARY_FILE,
    Library,
    LibraryDamaged,
    LibraryError,
)
from phase10_keeper.storage.messages import Worded

from .samples import FakeClock, friday_game, long_game
from .test_migrations import snapshot


def library_with_backups(data_dir: Path, clock: FakeClock, days: int = 3) -> list[Path]:
    """A library with a game added on each of `days` days; its backups, newest first."""
    with Library.open(data_dir, clock=clock) as library:
        for day in range(days):
            library.add_game(long_game(40 + day))
            clock.advance(days=1)
        return library.backups()


def scribble(path: Path, start: float, seed: int = 1) -> None:
    """Overwrites the file from `start` (a fraction of its length) on with random bytes."""
    size = path.stat().st_size
    noise = random.Random(seed).randbytes(size - int(size * start))
    with path.open("r+b") as stream:
        stream.seek(int(size * start))
        stream.write(noise)


def assert_untouched(data_dir: Path, before: dict[str, bytes]) -> None:
    """Every file is as it was; SQLite may only have added its empty sidecar files, as
    any reader of a WAL-mode file does.
    """
    after = snapshot(data_dir)
    assert {name: after[name] for name in before} == before
    added = set(after) - set(before)
    assert added <= {LIBRARY_FILE + "-shm", LIBRARY_FILE + "-wal"}
    assert after.get(LIBRARY_FILE + "-wal", b"") == before.get(LIBRARY_FILE + "-wal", b"")


def test_a_file_that_is_not_a_database(data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / LIBRARY_FILE).write_bytes(b"Milk, eggs, a new deck of cards\n" * 200)
    before = snapshot(data_dir)
    with pytest.raises(LibraryDamaged) as damaged:
        Library.open(data_dir)
    message = str(damaged.value)
    assert "is damaged (file is not a database)" in message
    assert "nothing was changed or moved" in message
    assert "there is no good backup to restore" in message
    assert damaged.value.backups == []
    assert snapshot(data_dir) == before


@pytest.mark.parametrize("start", [0.3, 0.6, 0.9])
def test_damaged_pages_are_found_on_open(data_dir: Path, clock: FakeClock, start: float) -> None:
    backups = library_with_backups(data_dir, clock)
    scribble(data_dir / LIBRARY_FILE, start)
    before = snapshot(data_dir)
    with pytest.raises(LibraryDamaged) as damaged:
        Library.open(data_dir, clock=clock)
    assert damaged.value.backups == backups
    newest = backup_time(backups[0]).astimezone().strftime("%Y-%m-%d %H:%M")
    assert f"the newest good backup is from {newest}" in str(damaged.value)
    assert_untouched(data_dir, before)


def test_a_truncated_library_is_damaged(data_dir: Path, clock: FakeClock) -> None:
    library_with_backups(data_dir, clock)
    path = data_dir / LIBRARY_FILE
    os.truncate(path, path.stat().st_size // 2)
    with pytest.raises(LibraryDamaged):
        Library.open(data_dir, clock=clock)
    os.truncate(path, 40)
    with pytest.raises(LibraryDamaged, match="file is not a database"):
        Library.open(data_dir, clock=clock)


def test_a_damaged_backup_is_not_offered(data_dir: Path, clock: FakeClock) -> None:
    newest, *older = library_with_backups(data_dir, clock)
    scribble(newest, 0.5)
    scribble(data_dir / LIBRARY_FILE, 0.5)
    with pytest.raises(LibraryDamaged) as damaged:
        Library.open(data_dir, clock=clock)
    assert damaged.value.backups == older


def test_opening_from_a_backup_keeps_the_damaged_files_aside(
    data_dir: Path, clock: FakeClock
) -> None:
    library_with_backups(data_dir, clock)
    path = data_dir / LIBRARY_FILE
    scribble(path, 0.5)
    wal = path.with_name(LIBRARY_FILE + "-wal")
    wal.write_bytes(b"what was left of the journal")
    damaged_files = {path.name: path.read_bytes(), wal.name: wal.read_bytes()}
    with pytest.raises(LibraryDamaged) as damaged:
        Library.open(data_dir, clock=clock)
    newest = damaged.value.backups[0]
    with Library.open_from_backup(newest, data_dir, clock=clock) as library:
        assert len(library.list_games()) == 3
        game_id = library.add_game(friday_game())
        assert library.load_game(game_id) == friday_game()
    [aside] = (data_dir / "damaged").iterdir()
    kept = {part.name: part.read_bytes() for part in aside.iterdir()}
    assert {name: kept[name] for name in damaged_files} == damaged_files


def test_opening_from_a_damaged_backup_moves_nothing(data_dir: Path, clock: FakeClock) -> None:
    backups = library_with_backups(data_dir, clock)
    scribble(backups[0], 0.2)
    before = snapshot(data_dir)
    with pytest.raises(LibraryError, match="is damaged too"):
        Library.open_from_backup(backups[0], data_dir, clock=clock)
    assert_untouched(data_dir, before)


def test_damage_met_after_opening_is_reported_the_same_way(
    data_dir: Path, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    backups = library_with_backups(data_dir, clock)
    scribble(data_dir / LIBRARY_FILE, 0.4)
    # As if the damage had slipped past the check on opening.
    monkeypatch.setattr(integrity, "inspect", lambda path, timeout: None)

    def read_everything() -> None:
        with Library.open(data_dir, clock=clock) as library:
            for summary in library.list_games():
                library.load_game(summary.id)

    with pytest.raises(LibraryDamaged) as damaged:
        read_everything()
    assert "is damaged (database disk image is malformed)" in str(damaged.value)
    assert damaged.value.backups == backups


def test_only_a_library_changed_since_the_app_closed_it_is_read_whole(
    data_dir: Path, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    library_with_backups(data_dir, clock, days=1)
    inspect = integrity.inspect_with_revision
    checks: list[bool] = []

    def recording(
        path: Path, timeout: float, *, thorough: bool = True
    ) -> tuple[str | Worded | None, int]:
        if path.name == LIBRARY_FILE:
            checks.append(thorough)
        return inspect(path, timeout, thorough=thorough)

    monkeypatch.setattr(opening, "inspect_with_revision", recording)
    Library.open(data_dir, clock=clock).close()
    Library.open(data_dir, clock=clock).close()
    assert checks == [False, False]
    # Left open (a -wal journal beside it), as by a crash or another copy of the app.
    still_open = Library.open(data_dir, clock=clock)
    still_open.add_game(friday_game())
    Library.open(data_dir, clock=clock).close()
    still_open.close()
    assert checks[2:] == [False, True]
    scribble(data_dir / LIBRARY_FILE, 0.95)
    with pytest.raises(LibraryDamaged):
        Library.open(data_dir, clock=clock)
    assert checks[4:] == [True]
