"""One writer per library: a hold on the folder, named by its holder and freed by a crash."""

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from phase10_keeper.language import words
from phase10_keeper.storage.lock import LOCK_FILE, hold_library
from phase10_keeper.storage.messages import LibraryError, LibraryHeld

ROOT = Path(__file__).resolve().parents[2]

HOLDER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from phase10_keeper.storage.lock import hold_library
    hold = hold_library(Path(sys.argv[1]))
    print("held", flush=True)
    sys.stdin.read()
    """
)


def _holder(data_dir: Path) -> subprocess.Popen[str]:
    """Another process holding the library until it is killed."""
    child = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(data_dir)],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    assert child.stdout.readline() == "held\n"
    return child


def test_a_second_hold_is_refused_and_names_the_holder(data_dir: Path) -> None:
    with hold_library(data_dir), pytest.raises(LibraryHeld) as held:
        hold_library(data_dir)
    assert held.value.pid == os.getpid()
    assert held.value.data_dir == data_dir
    assert f"(process {os.getpid()})" in str(held.value)
    assert str(data_dir) in held.value.worded(words("de"))


def test_a_released_library_can_be_held_again(data_dir: Path) -> None:
    first = hold_library(data_dir)
    first.release()
    first.release()
    hold_library(data_dir).release()


def test_the_folder_is_made_for_the_lock(tmp_path: Path) -> None:
    data_dir = tmp_path / "new" / "folder"
    with hold_library(data_dir):
        assert (data_dir / LOCK_FILE).read_text(encoding="ascii") == f"{os.getpid()}\n"
    assert (data_dir / LOCK_FILE).read_bytes() == b""


def test_another_process_holds_it_until_it_is_killed(data_dir: Path) -> None:
    child = _holder(data_dir)
    try:
        with pytest.raises(LibraryHeld) as held:
            hold_library(data_dir)
        assert held.value.pid == child.pid
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    # A crash frees the hold: nothing is left to clear by hand.
    hold_library(data_dir).release()


def test_a_lock_file_with_no_pid_names_no_holder(data_dir: Path) -> None:
    with hold_library(data_dir):
        (data_dir / LOCK_FILE).write_bytes(b"\xff garbage")
        with pytest.raises(LibraryHeld) as held:
            hold_library(data_dir)
    assert held.value.pid is None
    assert "process" not in str(held.value)


def test_a_folder_that_cannot_hold_a_lock_file_is_said(tmp_path: Path) -> None:
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("")
    with pytest.raises(LibraryError) as refused:
        hold_library(not_a_folder)
    assert not isinstance(refused.value, LibraryHeld)
    assert "cannot take the game library" in str(refused.value)
