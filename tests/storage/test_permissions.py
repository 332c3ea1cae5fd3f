"""Folders the user cannot write, checked as an unprivileged user (root may write anything)."""

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from phase10_keeper.storage.library import LIBRARY_FILE, Library

from .samples import friday_game
from .test_migrations import snapshot

ROOT = Path(__file__).resolve().parents[2]
GAME_FILE = ROOT / "tests" / "data" / "games" / "worked-hand.phase10.json"


def _unprivileged() -> tuple[int, int] | None:
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        return None
    import pwd

    try:
        entry = pwd.getpwnam("nobody")
    except KeyError:
        return None
    return entry.pw_uid, entry.pw_gid


USER = _unprivileged()
pytestmark = pytest.mark.skipif(
    USER is None, reason="needs root, to run the command as the unprivileged user nobody"
)

# Python and the checkout may live where the unprivileged user cannot look (such as root's
# home), so the child starts as root, imports everything the commands need, then drops to
# nobody; the game files it reads are copied where nobody can read them.
CHILD = """
import gettext, locale, os, pkgutil, shutil, sys, tempfile
import encodings.ascii, encodings.latin_1, encodings.unicode_escape, encodings.utf_8_sig
# Python 3.13's pathlib imports this only when a path is made a URI (a read-only library).
import urllib.parse
sys.path.insert(0, {root!r})
import phase10_keeper
from phase10_keeper.cli import main
# Every module a command may import when it runs (the app's start does not wait for them),
# so that the checkout need not be readable by the unprivileged user.
for module in pkgutil.walk_packages(phase10_keeper.__path__, "phase10_keeper."):
    if not module.name.startswith(("phase10_keeper.ui", "phase10_keeper.__main__")):
        __import__(module.name)
phase10_keeper.language.words("en")
os.setgroups([])
os.setgid({gid})
os.setuid({uid})
sys.exit(main(sys.argv[1:]))
"""


def as_nobody(*args: str) -> subprocess.CompletedProcess[str]:
    assert USER is not None
    uid, gid = USER
    return subprocess.run(
        [sys.executable, "-c", CHILD.format(root=str(ROOT), uid=uid, gid=gid), *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
        check=False,
        cwd="/",
    )


@pytest.fixture
def shared_dir() -> Iterator[Path]:
    """A folder the unprivileged user can reach (pytest's own are private to root)."""
    folder = Path(tempfile.mkdtemp(prefix="phase10-permissions-"))
    folder.chmod(0o755)
    try:
        yield folder
    finally:
        shutil.rmtree(folder)


def readable_game(folder: Path) -> Path:
    """A copy of a game file the unprivileged user can read, wherever the checkout is."""
    copy = folder / GAME_FILE.name
    shutil.copyfile(GAME_FILE, copy)
    copy.chmod(0o644)
    return copy


def library_with_a_game(data_dir: Path) -> None:
    with Library.open(data_dir) as library:
        library.add_game(friday_game())


def test_reading_commands_work_in_a_folder_the_user_cannot_write(shared_dir: Path) -> None:
    data_dir = shared_dir / "data"
    library_with_a_game(data_dir)
    before = snapshot(data_dir)
    out = shared_dir / "out"
    out.mkdir()
    assert USER is not None
    os.chown(out, *USER)
    for args in (
        ["games", "list"],
        ["games", "list", "--json"],
        ["games", "show", "1"],
        ["games", "export", "1", str(out / "game.phase10.json")],
    ):
        done = as_nobody("--data-dir", str(data_dir), *args)
        assert (done.returncode, done.stderr) == (0, ""), args
    assert "Friday night" in as_nobody("--data-dir", str(data_dir), "games", "list").stdout
    assert snapshot(data_dir) == before
    assert (out / "game.phase10.json").stat().st_mode & 0o777 == 0o666 & ~_umask()


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current


def test_writing_to_a_folder_the_user_cannot_write_is_one_error(shared_dir: Path) -> None:
    data_dir = shared_dir / "data"
    library_with_a_game(data_dir)
    done = as_nobody("--data-dir", str(data_dir), "games", "import", str(readable_game(shared_dir)))
    assert done.returncode == 2
    assert "game library" in done.stderr
    assert done.stdout == ""
    assert done.stderr.startswith("error: ")
    assert done.stderr.count("\n") == 1
    assert "Traceback" not in done.stderr


def test_an_unwritable_backups_folder_is_one_warning(shared_dir: Path) -> None:
    data_dir = shared_dir / "data"
    (data_dir / "backups").mkdir(parents=True)
    assert USER is not None
    os.chown(data_dir, *USER)
    done = as_nobody("--data-dir", str(data_dir), "games", "import", str(readable_game(shared_dir)))
    assert (done.returncode, done.stdout) == (0, "1\n")
    lines = done.stderr.splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith("warning: could not back up the game library")
    assert (data_dir / LIBRARY_FILE).is_file()


def test_a_data_folder_the_user_cannot_read_is_one_error(shared_dir: Path) -> None:
    data_dir = shared_dir / "data"
    library_with_a_game(data_dir)
    data_dir.chmod(0o700)
    for args in (["games", "list"], ["stats"], ["games", "import", str(readable_game(shared_dir))]):
        done = as_nobody("--data-dir", str(data_dir), *args)
        assert (done.returncode, done.stdout) == (2, ""), args
        assert done.stderr == (f"error: cannot read {data_dir / LIBRARY_FILE}: Permission denied\n")
