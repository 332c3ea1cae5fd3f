"""The command line beside other writers, over damage, and at its own edges."""

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from phase10_keeper.cli import main
from phase10_keeper.rules import Game
from phase10_keeper.storage.library import LIBRARY_FILE, Library

ROOT = Path(__file__).resolve().parent.parent
WORKED_HAND = ROOT / "tests" / "data" / "games" / "worked-hand.phase10.json"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def game_document(players: list[str], title: str = "") -> dict[str, Any]:
    first, *others = players
    results: dict[str, Any] = {first: {"made": True}}
    for name in others:
        results[name] = {"made": False, "cards": {"low": 10}}
    return {
        "format": "phase10-keeper/game",
        "version": 1,
        "title": title,
        "players": players,
        "hands": [{"went_out": first, "results": results}],
    }


def test_a_vanished_library_is_an_error_that_names_the_backups(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    with Library.open(tmp_path) as library:
        library.add_game(Game(players=("Ana", "Bo")))
    (tmp_path / LIBRARY_FILE).unlink()
    for command in (["games", "list"], ["stats"], ["games", "import", str(WORKED_HAND)]):
        code, out, err = run(capsys, "--data-dir", str(tmp_path), *command)
        assert (code, out) == (2, "")
        assert err.startswith("error: the game library")
        assert "is missing, though its revision mark says games were added" in err
        assert f"(they are in {tmp_path / 'backups'})" in err
        assert err.count("\n") == 1
    assert not (tmp_path / LIBRARY_FILE).exists()


def test_the_library_is_said_to_be_no_regular_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / LIBRARY_FILE).symlink_to("/dev/zero")
    code, out, err = run(capsys, "--data-dir", str(tmp_path), "games", "list")
    assert (code, out) == (2, "")
    assert "is not a regular file" in err
    json.dumps(err)


def _library_with_a_game(data_dir: Path) -> bytes:
    with Library.open(data_dir) as library:
        library.add_game(Game(players=("Ana", "Bo")))
    return (data_dir / LIBRARY_FILE).read_bytes()


@pytest.mark.parametrize("command", ["sheet", "export"])
def test_outputs_never_replace_the_live_library(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    data_dir = tmp_path / "data"
    before = _library_with_a_game(data_dir)
    live = data_dir / LIBRARY_FILE
    elsewhere = tmp_path / "copy.sqlite3"
    elsewhere.write_bytes(before)
    for target in (live, data_dir / (LIBRARY_FILE + "-wal"), elsewhere):
        args = (
            ["sheet", str(target)] if command == "sheet" else ["games", "export", "1", str(target)]
        )
        code, out, err = run(capsys, "--data-dir", str(data_dir), *args)
        assert (code, out) == (2, "")
        assert err == (
            f"error: {target} is a game library (or a file that belongs to one); it was not "
            "written over: choose another file name\n"
        )
    assert live.read_bytes() == before
    assert elsewhere.read_bytes() == before


def test_a_sheet_never_replaces_the_game_it_reads(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    game = tmp_path / "game.json"
    game.write_text(json.dumps(game_document(["Ana", "Bo"])), encoding="utf-8")
    before = game.read_bytes()
    link = tmp_path / "link.json"
    link.symlink_to(game)
    for target in (game, link):
        code, _, err = run(capsys, "sheet", str(target), "--game", str(game))
        assert code == 2
        assert "is the file being read" in err
    assert game.read_bytes() == before


def test_outputs_refuse_folders_devices_pipes_and_write_protected_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data_dir = tmp_path / "data"
    _library_with_a_game(data_dir)
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    protected = tmp_path / "protected.pdf"
    protected.write_bytes(b"keep me")
    protected.chmod(0o444)
    cases = {
        str(tmp_path): "is a folder",
        f"{tmp_path / 'new'}/": "is a folder",
        "/dev/null": "is a device",
        str(pipe): "is a named pipe",
        str(protected): "is write-protected",
    }
    for target, said in cases.items():
        for args in (["sheet", target], ["games", "export", "1", target]):
            code, out, err = run(capsys, "--data-dir", str(data_dir), *args)
            assert (code, out) == (2, ""), (args, err)
            assert err.startswith("error: "), err
            assert said in err, err
    assert protected.read_bytes() == b"keep me"
    assert pipe.exists()
    assert not (tmp_path / "new").exists()


def test_an_output_through_a_symlink_writes_its_target_and_keeps_the_link(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data_dir = tmp_path / "data"
    _library_with_a_game(data_dir)
    target = tmp_path / "real.json"
    target.write_text("old", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    assert run(capsys, "--data-dir", str(data_dir), "games", "export", "1", str(link))[0] == 0
    assert link.is_symlink()
    assert json.loads(target.read_text(encoding="utf-8"))["players"] == ["Ana", "Bo"]


def test_a_dash_writes_the_output_to_standard_output(
    capsysbinary: pytest.CaptureFixture[bytes], tmp_path: Path
) -> None:
    data_dir = tmp_path / "data"
    _library_with_a_game(data_dir)
    assert main(["--data-dir", str(data_dir), "games", "export", "1", "-"]) == 0
    exported, _ = capsysbinary.readouterr()
    assert json.loads(exported)["players"] == ["Ana", "Bo"]
    assert main(["sheet", "-", "--players", "2"]) == 0
    sheet, _ = capsysbinary.readouterr()
    assert sheet.startswith(b"%PDF-")
    assert not (Path.cwd() / "-").exists()


def _command(*args: str) -> list[str]:
    return [sys.executable, "-m", "phase10_keeper", *args]


def _environment(**extra: str) -> dict[str, str]:
    environment = dict(os.environ)
    environment.update(extra)
    return environment


def test_a_closed_standard_output_is_one_error_line_and_imports_nothing(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    for args in (
        ["standings", str(WORKED_HAND)],
        ["--data-dir", str(data_dir), "games", "import", str(WORKED_HAND)],
    ):
        done = subprocess.run(
            ["sh", "-c", 'exec "$@" >&-', "sh", *_command(*args)],
            capture_output=True,
            text=True,
            cwd=ROOT,
            check=False,
            timeout=60,
        )
        assert done.returncode == 1
        assert done.stderr == (
            "error: standard output is closed, so nothing was done; give the command "
            "somewhere to write\n"
        )
    with Library.open(data_dir) as library:
        assert library.list_games() == []


def test_a_full_standard_output_is_one_error_line_and_a_retry_adds_nothing(
    tmp_path: Path,
) -> None:
    data_dir = tmp_path / "data"
    with open("/dev/full", "w") as full:
        standings = subprocess.run(
            _command("standings", str(WORKED_HAND)),
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            check=False,
            timeout=60,
        )
        imported = subprocess.run(
            _command("--data-dir", str(data_dir), "games", "import", str(WORKED_HAND)),
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            check=False,
            timeout=60,
        )
    assert standings.returncode == 1
    assert standings.stderr == ("error: the output could not be written: No space left on device\n")
    assert imported.returncode == 1
    assert imported.stderr == (
        "error: game 1 is in the library, but its id could not be written (No space left on "
        "device); importing the file again prints it and adds nothing\n"
    )
    again = subprocess.run(
        _command("--data-dir", str(data_dir), "games", "import", str(WORKED_HAND)),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
        timeout=60,
    )
    assert again.stdout == "1\n"
    with Library.open(data_dir) as library:
        assert len(library.list_games()) == 1


def test_importing_a_game_already_in_the_library_prints_its_id(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    first = tmp_path / "first.json"
    first.write_text(json.dumps(game_document(["Ana", "Bo"], title="One")), encoding="utf-8")
    retitled = tmp_path / "retitled.json"
    retitled.write_text(json.dumps(game_document(["Ana", "Bo"], title="Two")), encoding="utf-8")
    other = tmp_path / "other.json"
    other.write_text(json.dumps(game_document(["Bo", "Ana"])), encoding="utf-8")
    ids = [
        run(capsys, "--data-dir", str(tmp_path / "data"), "games", "import", str(path))[1]
        for path in (first, first, retitled, other)
    ]
    assert ids == ["1\n", "1\n", "1\n", "2\n"]


def test_ctrl_c_exits_130_with_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import phase10_keeper.sheet

    def interrupted(*_args: object, **_values: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(phase10_keeper.sheet, "write_score_sheet", interrupted)
    code, out, err = run(capsys, "sheet", str(tmp_path / "sheet.pdf"))
    assert (code, out) == (130, "")
    assert err == "error: interrupted; nothing was left half-written\n"


def test_ctrl_c_in_a_running_command_exits_130(tmp_path: Path) -> None:
    child = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import signal, sys, phase10_keeper.cli as cli, phase10_keeper.sheet as sheet\n"
            # As a command typed at a terminal has it: a suite run in the background
            # of a shell hands its children SIGINT ignored.
            "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
            "def wait(*a, **k):\n"
            "    print('writing', flush=True, file=sys.stderr)\n"
            "    sys.stdin.read()\n"
            "sheet.write_score_sheet = wait\n"
            "sys.exit(cli.main(sys.argv[1:]))\n",
            "sheet",
            str(tmp_path / "sheet.pdf"),
        ],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert child.stderr is not None
    assert child.stderr.readline() == "writing\n"
    child.send_signal(signal.SIGINT)
    assert child.wait(timeout=60) == 130
    assert child.stderr.read() == "error: interrupted; nothing was left half-written\n"


@pytest.mark.parametrize("data_dir", ["", "   ", "a" * 5000, "x/" + "b" * 300 + "/y"])
def test_a_bad_data_dir_is_refused_clearly(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    data_dir: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    for command in (["games", "list"], ["games", "import", str(WORKED_HAND)], ["stats"]):
        code, out, err = run(capsys, "--data-dir", data_dir, *command)
        assert (code, out) == (2, "")
        assert err.startswith("error: ")
        assert err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_a_started_text_with_terminal_escapes_is_shown_escaped(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    document = game_document(["Ana", "Bo"])
    document["started"] = "\x1b]0;pwned\x07"
    game = tmp_path / "game.json"
    game.write_text(json.dumps(document), encoding="utf-8")
    assert run(capsys, "--data-dir", str(tmp_path), "games", "import", str(game))[0] == 0
    code, out, err = run(capsys, "--data-dir", str(tmp_path), "games", "list")
    assert (code, err) == (0, "")
    assert "\x1b" not in out
    assert "\\x1b]0;pwn" in out


def test_player_takes_the_bytes_names_takes_on_an_ascii_console(tmp_path: Path) -> None:
    document = game_document(["Zoë", "Bo"])
    game = tmp_path / "game.json"
    game.write_text(json.dumps(document), encoding="utf-8")
    environment = _environment(LC_ALL="C", PYTHONUTF8="0", PYTHONIOENCODING="")
    subprocess.run(
        _command("--data-dir", str(tmp_path), "games", "import", str(game)),
        env=environment,
        cwd=ROOT,
        check=True,
        capture_output=True,
        timeout=60,
    )
    done = subprocess.run(
        [*_command("--data-dir", str(tmp_path), "stats", "--json"), "--player", "Zoë"],
        env=environment,
        cwd=ROOT,
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert [player["name"] for player in json.loads(done.stdout)["players"]] == ["Zoë"]


def test_an_import_beside_a_running_holder_of_the_library(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from phase10_keeper.storage.lock import hold_library

    with hold_library(tmp_path), Library.open(tmp_path) as app:
        code, out, _ = run(capsys, "--data-dir", str(tmp_path), "games", "import", str(WORKED_HAND))
        assert (code, out) == (0, "1\n")
        assert [game.id for game in app.list_games()] == [1]


@pytest.mark.parametrize("damaged", ["garbage", "2026-11-29T19:30:00", ""])
def test_a_damaged_time_of_change_is_a_warning_not_a_traceback(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, damaged: str
) -> None:
    """With the newest backup over a day old, opening the library to write reads the
    time of its last change; a damaged one is said in a warning, and a backup is made."""
    import sqlite3
    from contextlib import closing

    data_dir = tmp_path / "data"
    _library_with_a_game(data_dir)
    [backup] = (data_dir / "backups").iterdir()
    backup.rename(backup.with_name("library-20200101-000000-000000.sqlite3"))
    with closing(sqlite3.connect(data_dir / LIBRARY_FILE)) as database:
        database.execute("UPDATE meta SET value = ? WHERE key = 'changed_at'", (damaged,))
        database.commit()
    code, out, err = run(capsys, "--data-dir", str(data_dir), "games", "import", str(WORKED_HAND))
    assert (code, out) == (0, "2\n")
    assert err == (
        f"warning: the time of the last change to the game library {data_dir / LIBRARY_FILE} "
        "is not a time in the past; a backup is made in case, and the next change writes the "
        "time anew\n"
    )
    # The old backup, the one made in case on opening, and the import's at closing.
    assert len(list((data_dir / "backups").iterdir())) == 3
