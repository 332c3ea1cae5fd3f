"""`games export ID OUT.csv --csv` and `games show ID --bgstats`: a game's plays for
spreadsheets and for BG Stats, from the command line."""

import json
from pathlib import Path
from urllib.parse import unquote

import pytest

from phase10_keeper.cli import main
from phase10_keeper.rules import Game
from phase10_keeper.storage.library import Library

from .export.games import plain_game, seating_game, tiebreak_game, unfinished_game

HEADER = "game,uid,hand,player,dealer,went_out,made,phase,points,total"
LINK_START = "https://app.bgstatsapp.com/createPlay.html?data="


@pytest.fixture
def library_dir(tmp_path: Path) -> Path:
    return tmp_path / "library"


def _add(library_dir: Path, *games: Game) -> list[str]:
    """The games added to the library; their uids."""
    with Library.open(library_dir) as library:
        for game in games:
            library.add_game(game)
        uids = [library.game_uid(number) for number in range(1, len(games) + 1)]
    assert None not in uids
    return [str(uid) for uid in uids]


def _run(capsys: pytest.CaptureFixture[str], library_dir: Path, *args: str):
    code = main(["--data-dir", str(library_dir), "games", *args])
    out, err = capsys.readouterr()
    return code, out, err.splitlines()


def test_export_csv_writes_the_file(
    capsys: pytest.CaptureFixture[str], library_dir: Path, tmp_path: Path
) -> None:
    (uid,) = _add(library_dir, plain_game())
    out = tmp_path / "plays.csv"
    assert _run(capsys, library_dir, "export", "1", str(out), "--csv") == (0, "", [])
    data = out.read_bytes()
    assert data.startswith(f"{HEADER}\r\n1,{uid},1,Ann,yes,yes,yes,1,0,0\r\n".encode())
    assert f'1,{uid},2,"Bo, the ""Boss""",yes,yes,yes,2,0,10\r\n'.encode() in data
    assert f"1,{uid},2,Zoë 🎲,no,no,yes,2,5,60\r\n".encode() in data


def test_export_csv_to_standard_output(
    capsysbinary: pytest.CaptureFixture[bytes], library_dir: Path
) -> None:
    _, uid = _add(library_dir, plain_game(), tiebreak_game())
    code = main(["--data-dir", str(library_dir), "games", "export", "2", "-", "--csv"])
    out, err = capsysbinary.readouterr()
    assert (code, err) == (0, b"")
    lines = out.decode("utf-8").split("\r\n")
    assert lines[0] == HEADER
    assert lines[-3:] == [f"2,{uid},3,Ann,no,no,no,2,50,55", f"2,{uid},3,Bo,no,yes,yes,2,0,5", ""]


def test_export_csv_checks_its_output_as_other_outputs(
    capsys: pytest.CaptureFixture[str], library_dir: Path, tmp_path: Path
) -> None:
    _add(library_dir, plain_game())
    code, out, err = _run(capsys, library_dir, "export", "1", str(tmp_path), "--csv")
    assert (code, out, len(err)) == (2, "", 1)
    assert err[0].startswith("error:")
    library = library_dir / "library.sqlite3"
    assert library.exists()
    before = library.read_bytes()
    code, _, err = _run(capsys, library_dir, "export", "1", str(library), "--csv")
    assert code == 2
    assert err[0].startswith("error:")
    assert library.read_bytes() == before


def test_bgstats_prints_one_line_that_decodes_to_the_play(
    capsys: pytest.CaptureFixture[str], library_dir: Path
) -> None:
    _, uid = _add(library_dir, plain_game(), seating_game())
    code, out, err = _run(capsys, library_dir, "show", "2", "--bgstats")
    assert (code, err) == (0, [])
    assert out.endswith("\n")
    assert out.count("\n") == 1
    assert out.startswith(LINK_START)
    play = json.loads(unquote(out.strip().removeprefix(LINK_START)))
    assert play["sourcePlayId"] == uid
    assert play["sourceName"] == "phase10-keeper"
    assert [(player["name"], player["rank"]) for player in play["players"]] == [
        ("Ann", 1),
        ("Cy", 2),
        ("Di", 3),
    ]


def test_bgstats_of_an_unfinished_game_exits_2(
    capsys: pytest.CaptureFixture[str], library_dir: Path, tmp_path: Path
) -> None:
    _add(library_dir, unfinished_game())
    card = tmp_path / "card.png"
    code, out, err = _run(capsys, library_dir, "show", "1", "--bgstats", "--card", str(card))
    assert (code, out) == (2, "")
    assert err == ["error: game 1 is not finished: BG Stats logs finished games only"]
    # Refused before anything was written.
    assert not card.exists()


def test_bgstats_and_json_are_one_or_the_other(
    capsys: pytest.CaptureFixture[str], library_dir: Path
) -> None:
    _add(library_dir, plain_game())
    code, out, err = _run(capsys, library_dir, "show", "1", "--bgstats", "--json")
    assert (code, out, len(err)) == (2, "", 1)
    assert err[0].startswith("error:")
