"""The command line beside other writers, over damage, and at its own edges."""

import json
import os
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
