"""A disk that fills up: what was saved stays saved, and no file is left half written."""

import errno
import os
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from phase10_keeper.rules import Game
from phase10_keeper.sheet import write_score_sheet
from phase10_keeper.storage.gamefile import read_game, write_game
from phase10_keeper.storage.library import Library, LibraryError

from .samples import friday_game, long_game


def _mount_small_disk(size: str) -> Path | None:
    """A tmpfs of `size` mounted on a new folder, or None where mounting is not allowed."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        return None
    folder = Path(tempfile.mkdtemp(prefix="phase10-full-disk-"))
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
        capture_output=True,
        check=False,
    )
    if done.returncode != 0:
        folder.rmdir()
        return None
    return folder


@pytest.fixture
def small_disk() -> Iterator[Path]:
    folder = _mount_small_disk("384k")
    if folder is None:
        pytest.skip("mounting a small tmpfs needs root and a system that allows mounts")
    try:
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=True)
        folder.rmdir()


def fill(disk: Path) -> Path:
    """Takes every free byte of `disk`; returns the file that holds them."""
    filler = disk / "filler"
    with filler.open("wb", buffering=0) as stream:
        while True:
            try:
                stream.write(b"\0" * 4096)
            except OSError as error:
                if error.errno != errno.ENOSPC:
                    raise
                break
    return filler


def leftovers(disk: Path, *expected: str) -> set[str]:
    return {path.name for path in disk.iterdir()} - {"filler", *expected}


def test_a_sheet_over_an_old_one_on_a_full_disk_leaves_the_old_one(small_disk: Path) -> None:
    target = small_disk / "sheet.pdf"
    write_score_sheet(target, names=["Ana", "Bo"])
    old = target.read_bytes()
    fill(small_disk)
    with pytest.raises(OSError, match="No space left"):
        write_score_sheet(target, game=long_game(30))
    assert target.read_bytes() == old
    assert leftovers(small_disk, "sheet.pdf") == set()


def test_a_game_file_over_an_old_one_on_a_full_disk_leaves_the_old_one(small_disk: Path) -> None:
    target = small_disk / "game.phase10.json"
    write_game(target, friday_game())
    fill(small_disk)
    with pytest.raises(OSError, match="No space left"):
        write_game(target, long_game(200))
    assert read_game(target) == friday_game()
    assert leftovers(small_disk, "game.phase10.json") == set()


def test_the_library_keeps_every_game_it_acknowledged_when_the_disk_fills(
    small_disk: Path,
) -> None:
    data_dir = small_disk / "data"
    saved: list[Game] = []
    with Library.open(data_dir) as library:
        filler = fill(small_disk)
        filler.unlink()
        # Leave only a little room, then add games until it runs out.
        with (small_disk / "filler").open("wb", buffering=0) as stream:
            free = os.statvfs(small_disk).f_bavail * os.statvfs(small_disk).f_frsize
            stream.write(b"\0" * max(0, free - 96 * 1024))
        refused = None
        for count in range(1000):
            game = long_game(20 + count)
            try:
                library.add_game(game)
            except LibraryError as error:
                refused = str(error)
                break
            saved.append(game)
    assert refused is not None
    assert "is full" in refused
    assert saved
    (small_disk / "filler").unlink()
    with Library.open(data_dir) as library:
        stored = [library.load_game(summary.id) for summary in library.list_games()]
    assert sorted(stored, key=lambda game: len(game.hands)) == saved


def test_after_a_full_disk_the_disk_is_named_and_reading_still_works(
    small_disk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from phase10_keeper.cli import main

    data_dir = small_disk / "data"
    with Library.open(data_dir) as library:
        library.add_game(friday_game())
    game_file = small_disk / "game.json"
    write_game(game_file, long_game(3))
    fill(small_disk)
    # The import's journal cannot grow: the disk is named, not "disk I/O error".
    assert main(["--data-dir", str(data_dir), "games", "import", str(game_file)]) == 2
    _, err = capsys.readouterr()
    assert (
        err == f"error: the disk that holds the game library {data_dir}/library.sqlite3 is full\n"
    )
    assert not list((data_dir / "backups").glob(".*"))
    for command in (["games", "list"], ["games", "show", "1"], ["stats"]):
        assert main(["--data-dir", str(data_dir), *command]) == 0, command
        out, err = capsys.readouterr()
        assert "Friday night" in out or "Priya" in out
        assert err == ""
