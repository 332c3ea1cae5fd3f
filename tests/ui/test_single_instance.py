"""One app per data folder: a second start hands over to the first (brought forward, with
the files it was asked to open) and exits 0."""

import os
import subprocess
import sys
from pathlib import Path

from phase10_keeper.storage.lock import hold_library
from phase10_keeper.storage.paths import default_data_dir
from phase10_keeper.ui.single_instance import InstanceServer, server_name

ROOT = Path(__file__).resolve().parents[2]


def _second_start(*files: str) -> subprocess.Popen[str]:
    """`phase10-keeper-app FILES...` in a process of its own, on the same data folder."""
    return subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys; from phase10_keeper.cli import main_gui; sys.exit(main_gui())",
            *files,
        ],
        cwd=ROOT,
        env=dict(os.environ),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_a_second_start_hands_its_file_to_the_first_and_exits_0(qtbot, tmp_path: Path) -> None:
    data_dir = default_data_dir()
    asked: list[list[str]] = []
    with hold_library(data_dir):
        server = InstanceServer(data_dir)
        server.asked.connect(asked.append)
        game = tmp_path / "friday.phase10.json"
        second = _second_start(str(game))
        qtbot.waitUntil(lambda: second.poll() is not None, timeout=60_000)
        qtbot.waitUntil(lambda: bool(asked), timeout=10_000)
    assert second.returncode == 0, second.stderr.read() if second.stderr else ""
    assert asked == [[str(game)]]


def test_a_second_start_with_nothing_to_open_only_brings_the_first_forward(qtbot) -> None:
    data_dir = default_data_dir()
    asked: list[list[str]] = []
    with hold_library(data_dir):
        server = InstanceServer(data_dir)
        server.asked.connect(asked.append)
        second = _second_start()
        qtbot.waitUntil(lambda: second.poll() is not None, timeout=60_000)
        qtbot.waitUntil(lambda: bool(asked), timeout=10_000)
    assert second.returncode == 0
    assert asked == [[]]


def test_a_library_held_by_what_is_no_app_is_said_and_the_start_ends_with_0(tmp_path: Path) -> None:
    data_dir = tmp_path / "served"
    with hold_library(data_dir):
        second = subprocess.run(
            [
                sys.executable,
                "-c",
                "import sys\n"
                "from phase10_keeper.ui import app\n"
                "from phase10_keeper.ui.prompts import Prompts\n"
                "class Said(Prompts):\n"
                "    def warn(self, parent, title, text):\n"
                "        print(text)\n"
                "sys.exit(app.run(sys.argv[:1], Said()))\n",
            ],
            cwd=ROOT,
            env={**os.environ, "PHASE10_KEEPER_DATA_DIR": str(data_dir)},
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
    assert second.returncode == 0
    assert f"(process {os.getpid()})" in second.stdout
    assert f"(process {os.getpid()})" in second.stderr


def test_each_data_folder_has_its_own_name(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    assert server_name(tmp_path / "a") == server_name(tmp_path / "b" / ".." / "a")
    assert server_name(tmp_path / "a") != server_name(tmp_path / "b")


def test_the_command_lines_options_are_no_files_to_open(monkeypatch, tmp_path: Path) -> None:
    from phase10_keeper import cli, first_start

    started: list[list[str]] = []

    def start_app(argv: list[str]) -> int:
        started.append(argv)
        return 0

    monkeypatch.setattr(first_start, "start_app", start_app)
    monkeypatch.setattr(sys, "argv", ["phase10-keeper", "--data-dir", str(tmp_path)])
    assert cli.main() == 0
    assert started == [["phase10-keeper"]]
