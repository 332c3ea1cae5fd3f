"""Where an output may be written: never over a library's companions, known by their
names in the library's folder and by what they hold wherever they lie."""

import shutil
from pathlib import Path

import pytest

from phase10_keeper.rules import Game
from phase10_keeper.storage.kept_records import game_records
from phase10_keeper.storage.library import LIBRARY_FILE, Library
from phase10_keeper.storage.lock import hold_library
from phase10_keeper.storage.outputs import OutputKey, OutputRefused, check_output


def _library_with_its_companions(data_dir: Path) -> None:
    """A library with a backup, a statistics cache, a set-aside file, a lock file and,
    left open, its write-ahead log."""
    with Library.open(data_dir) as library:
        library.add_game(Game(players=("Ana", "Bo")))
        game_records(library)
    aside = data_dir / "damaged" / "20260101-000000"
    aside.mkdir(parents=True)
    (aside / LIBRARY_FILE).write_bytes((data_dir / LIBRARY_FILE).read_bytes())
    with hold_library(data_dir):
        pass


def test_every_file_the_library_keeps_in_its_folder_is_refused(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    _library_with_its_companions(data_dir)
    kept = [
        path for path in data_dir.rglob("*") if path.is_file() and not path.name.endswith(".log")
    ]
    names = {path.name for path in kept}
    assert {"library.sqlite3.revision", LIBRARY_FILE} <= names
    assert "library.sqlite3.lock" in names
    for path in [*kept, data_dir / "backups" / "notes.txt"]:
        with pytest.raises(OutputRefused) as refused:
            check_output(path, data_dirs=[data_dir])
        assert refused.value.key is OutputKey.LIBRARY, path
    beside = data_dir / "game.phase10.json"
    assert check_output(beside, data_dirs=[data_dir]) == beside


def test_a_librarys_companions_are_known_by_what_they_hold_in_any_folder(
    tmp_path: Path,
) -> None:
    """A copy of a library folder taken elsewhere, under other names: its mark, its lock,
    and the write-ahead log of a library still open are refused as the library is."""
    data_dir = tmp_path / "data"
    _library_with_its_companions(data_dir)
    copy = tmp_path / "copy"
    copy.mkdir()
    shutil.copy(data_dir / LIBRARY_FILE, copy / "old.sqlite3")
    shutil.copy(data_dir / "library.sqlite3.revision", copy / "mark.txt")
    (copy / "old.sqlite3.lock").write_bytes(b"")
    with Library.open(data_dir) as library:
        library.add_game(Game(players=("Cy", "Di")))
        shutil.copy(data_dir / (LIBRARY_FILE + "-wal"), copy / "changes.bin")
    for name in ("old.sqlite3", "mark.txt", "old.sqlite3.lock", "changes.bin"):
        with pytest.raises(OutputRefused) as refused:
            check_output(copy / name, data_dirs=[data_dir])
        assert refused.value.key is OutputKey.LIBRARY, name
    (copy / "notes.txt").write_text("mine", encoding="utf-8")
    assert check_output(copy / "notes.txt", data_dirs=[data_dir]) == copy / "notes.txt"
