"""The `games` commands: the game library from the command line."""

import json
import os
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from phase10_keeper import cli
from phase10_keeper.cli import main
from phase10_keeper.rules import Cards, Game, Hand, PlayerResult, Preset, build_rules
from phase10_keeper.storage.gamefile import read_game, write_game
from phase10_keeper.storage.library import LIBRARY_FILE, Library

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "tests" / "data" / "games"
GOOD = sorted(path for path in GAMES.glob("*.phase10.json") if not path.name.startswith("broken"))
BROKEN = sorted(GAMES.glob("broken-*.phase10.json"))


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, list[str]]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err.splitlines()


@pytest.fixture
def library_dir(tmp_path: Path) -> Path:
    return tmp_path / "library"


@pytest.fixture
def games(capsys: pytest.CaptureFixture[str], library_dir: Path) -> Any:
    def run_games(*args: str) -> tuple[int, str, list[str]]:
        return run(capsys, "--data-dir", str(library_dir), "games", *args)

    return run_games


def games_json(games: Any) -> list[dict[str, Any]]:
    code, out, err = games("list", "--json")
    assert (code, err) == (0, [])
    listed: list[dict[str, Any]] = json.loads(out)["games"]
    return listed


@pytest.mark.parametrize("path", GOOD, ids=lambda path: path.name)
def test_import_prints_the_id_and_show_prints_what_standings_prints(
    games: Any, capsys: pytest.CaptureFixture[str], path: Path
) -> None:
    code, out, import_err = games("import", str(path))
    assert (code, out) == (0, "1\n")
    for flags in ([], ["--json"]):
        shown = games("show", "1", *flags)
        code, out, err = run(capsys, "standings", str(path), *flags)
        assert shown[:2] == (code, out) == (0, out)
        assert import_err == err
        assert shown[2] == [line.replace(str(path), "game 1") for line in err]


@pytest.mark.parametrize("path", GOOD, ids=lambda path: path.name)
def test_export_then_import_is_the_identity(games: Any, tmp_path: Path, path: Path) -> None:
    games("import", str(path))
    first, second = tmp_path / "first.phase10.json", tmp_path / "second.phase10.json"
    assert games("export", "1", str(first))[:2] == (0, "")
    assert read_game(first) == read_game(path)
    # The same game: importing it again adds nothing and prints the id it has.
    assert games("import", str(first))[:2] == (0, "1\n")
    assert games("export", "1", str(second))[:2] == (0, "")
    assert second.read_bytes() == first.read_bytes()


@pytest.mark.parametrize("path", BROKEN, ids=lambda path: path.name)
def test_a_bad_file_is_refused_and_changes_nothing(
    games: Any, library_dir: Path, path: Path
) -> None:
    code, _, err = games("import", str(path))
    assert code == 2
    assert not library_dir.exists()
    games("import", str(GOOD[0]))
    before = games_json(games)
    code, out, err = games("import", str(path))
    assert (code, out) == (2, "")
    assert len(err) == 1
    assert err[0].startswith(f"error: {path}: ")
    assert games_json(games) == before


def test_the_list_is_a_table_newest_first(games: Any, tmp_path: Path) -> None:
    older = tmp_path / "older.phase10.json"
    newer = tmp_path / "newer.phase10.json"
    write_game(
        older, Game(players=("Priya", "Marcus"), title="Friday", started="2026-11-27T19:30:00")
    )
    won = Hand(
        went_out="Ann",
        results={
            "Ann": PlayerResult(made=True),
            "Bob": PlayerResult(made=False, cards=Cards(low=10)),
            "Cy": PlayerResult(made=False, cards=Cards(low=10)),
        },
    )
    write_game(
        newer,
        Game(
            players=("Ann", "Bob", "Cy"),
            rules=build_rules(Preset.SHORT, target=1),
            hands=(won,),
            started="2026-11-28T12:00:00+00:00",
        ),
    )
    games("import", str(older))
    games("import", str(newer))
    assert games("list") == (
        0,
        "ID  Date        Title   Players        Hands  Status\n"
        "--  ----------  ------  -------------  -----  -----------\n"
        " 2  2026-11-28  -       Ann, Bob, Cy       1  Ann won\n"
        " 1  2026-11-27  Friday  Priya, Marcus      0  in progress\n",
        [],
    )


def test_the_list_as_json(games: Any) -> None:
    games("import", str(GAMES / "mattel-finished.phase10.json"))
    games("import", str(GAMES / "mattel-tiebreak.phase10.json"))
    listed = games_json(games)
    by_id = {game["id"]: game for game in listed}
    assert set(by_id[1]) == {
        "uid",
        "id",
        "title",
        "started",
        "finished",
        "players",
        "hands",
        "status",
        "winner",
    }
    assert by_id[1]["status"] == "finished"
    assert by_id[1]["winner"] is not None
    assert by_id[1]["finished"] is not None
    assert (by_id[2]["status"], by_id[2]["winner"], by_id[2]["finished"]) == (
        "tiebreak",
        None,
        None,
    )
    tiebreak = read_game(GAMES / "mattel-tiebreak.phase10.json")
    assert by_id[2]["players"] == list(tiebreak.players)
    assert by_id[2]["hands"] == len(tiebreak.hands)


def test_an_empty_library(games: Any) -> None:
    assert games("list") == (0, "The library has no games yet.\n", [])
    assert games_json(games) == []


@pytest.mark.parametrize("command", [["show", "7"], ["show", "7", "--json"], ["export", "7"]])
def test_a_missing_game_is_an_error(games: Any, tmp_path: Path, command: list[str]) -> None:
    if command[0] == "export":
        command = [*command, str(tmp_path / "out.json")]
    assert games(*command) == (2, "", ["error: there is no game 7 in the library"])


@pytest.mark.parametrize("text", ["abc", "0", "-1", "1.5"])
def test_a_game_id_is_a_positive_whole_number(games: Any, text: str) -> None:
    code, out, err = games("show", text)
    assert (code, out) == (2, "")
    assert len(err) == 1
    assert err[0].startswith("error: argument ID: ")
    assert "is not a game id" in err[0]


def test_games_needs_a_command(games: Any) -> None:
    code, _, err = games()
    assert code == 2
    assert len(err) == 1
    assert err[0].startswith("error: ")


def test_export_to_a_folder_that_does_not_exist(games: Any, tmp_path: Path) -> None:
    games("import", str(GOOD[0]))
    target = tmp_path / "nowhere" / "game.phase10.json"
    code, out, err = games("export", "1", str(target))
    assert (code, out) == (2, "")
    assert err == [f"error: cannot write {target}: No such file or directory"]


def test_a_damaged_library_is_an_error(games: Any, library_dir: Path) -> None:
    library_dir.mkdir()
    (library_dir / LIBRARY_FILE).write_bytes(b"scores scribbled on a napkin\n" * 50)
    code, out, err = games("list")
    assert (code, out) == (2, "")
    assert len(err) == 1
    assert err[0].startswith(f"error: the game library {library_dir / LIBRARY_FILE} is damaged")


def test_a_library_from_a_newer_version_is_an_error(games: Any, library_dir: Path) -> None:
    Library.open(library_dir).close()
    with closing(sqlite3.connect(library_dir / LIBRARY_FILE)) as database:
        database.execute("PRAGMA user_version = 99")
    code, out, err = games("show", "1")
    assert (code, out) == (2, "")
    assert len(err) == 1
    assert "from a newer phase10-keeper (library version 99" in err[0]


def test_without_data_dir_the_environment_chooses_the_library(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert run(capsys, "games", "import", str(GOOD[0]))[:2] == (0, "1\n")
    with Library.open(Path(os.environ["PHASE10_KEEPER_DATA_DIR"])) as library:
        assert library.load_game(1) == read_game(GOOD[0])


def test_the_app_is_started_on_the_library_given(
    monkeypatch: pytest.MonkeyPatch, library_dir: Path
) -> None:
    seen = []

    def started(argv: list[str] | None = None) -> int:
        seen.append((os.environ["PHASE10_KEEPER_DATA_DIR"], argv))
        return 0

    monkeypatch.setattr(cli, "main_gui", started)
    assert main(["--data-dir", str(library_dir)]) == 0
    # The command line's options are no files for the app to open.
    assert seen == [(str(library_dir), sys.argv[:1])]


def test_the_installed_command_runs_without_a_traceback(library_dir: Path) -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "phase10_keeper",
            "--data-dir",
            str(library_dir),
            "games",
            "show",
            "3",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == "error: there is no game 3 in the library\n"


def test_importing_and_printing_a_game_replay_it_once(
    games: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_path = str(ROOT / "tests" / "data" / "games" / "mattel-finished.phase10.json")
    hands = len(json.loads(Path(game_path).read_text(encoding="utf-8"))["hands"])
    replay_module = sys.modules["phase10_keeper.rules.engine"]
    advance = replay_module.advance
    steps: list[int] = []

    def counted(*arguments: Any) -> Any:
        steps.append(1)
        return advance(*arguments)

    monkeypatch.setattr(replay_module, "advance", counted)
    assert games("import", game_path)[0] == 0
    assert len(steps) == hands
    steps.clear()
    assert main(["sheet", str(tmp_path / "sheet.pdf"), "--game", game_path]) == 0
    assert len(steps) == hands


def test_listing_imports_neither_the_rules_engine_nor_dataclasses_nor_logging(
    games: Any, library_dir: Path
) -> None:
    """What a listing needs is the status of each game: the rest of the rules, the game
    file's encoding, dataclasses and logging are each a large part of its time."""
    assert games("import", str(GOOD[0]))[0] == 0
    script = (
        "import sys\n"
        "from phase10_keeper.cli import main\n"
        f"assert main(['--data-dir', {str(library_dir)!r}, 'games', 'list']) == 0\n"
        "unwanted = {'dataclasses', 'logging', 'phase10_keeper.rules.game',\n"
        "            'phase10_keeper.rules.engine', 'phase10_keeper.storage.gamefile'}\n"
        "assert not unwanted & set(sys.modules), sorted(unwanted & set(sys.modules))\n"
    )
    listed = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert listed.returncode == 0, listed.stderr
    assert "1  " in listed.stdout
