"""The command line beside other writers, over damage, and at its own edges."""

import json
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
