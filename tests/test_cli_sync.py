"""`phase10-keeper sync FOLDER [--json]`, and the uid in `games list`, import and export."""

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from phase10_keeper.cli import main
from phase10_keeper.storage.gamefile import read_game
from phase10_keeper.storage.identity import content_uid

GAMES = Path(__file__).resolve().parent / "data" / "games"
FINISHED = GAMES / "mattel-finished.phase10.json"


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str]) -> Any:
    def run_command(*args: str) -> tuple[int, str, list[str]]:
        code = main(list(args))
        out, err = capsys.readouterr()
        return code, out, err.splitlines()

    return run_command


def _listed(run: Any, data: Path, *flags: str) -> list[dict[str, Any]]:
    code, out, err = run("--data-dir", str(data), "games", "list", "--json", *flags)
    assert (code, err) == (0, [])
    games: list[dict[str, Any]] = json.loads(out)["games"]
    return games


def _sync(run: Any, data: Path, folder: Path) -> dict[str, Any]:
    code, out, err = run("--data-dir", str(data), "sync", str(folder), "--json")
    assert (code, err) == (0, [])
    report: dict[str, Any] = json.loads(out)
    return report


def test_sync_exchanges_games_and_converges(run: Any, tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    first, second = tmp_path / "a", tmp_path / "b"
    assert run("--data-dir", str(first), "games", "import", str(FINISHED))[0] == 0
    assert _sync(run, first, shared) == {"sent": 1, "received": 0, "conflicts": []}
    assert _sync(run, second, shared) == {"sent": 1, "received": 1, "conflicts": []}
    for data in (first, second):
        assert _sync(run, data, shared) == {"sent": 0, "received": 0, "conflicts": []}
    (one,) = _listed(run, first)
    (other,) = _listed(run, second)
    assert one["uid"] == other["uid"] == content_uid(read_game(FINISHED))
    assert "conflict_of" not in one


def test_sync_in_words(run: Any, tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    code, out, err = run("--data-dir", str(tmp_path / "a"), "sync", str(shared))
    assert (code, err) == (0, [])
    assert out == "Sent: 0. Received: 0. Conflicts to resolve: 0.\n"


def test_a_folder_that_cannot_be_used_is_exit_2(run: Any, tmp_path: Path) -> None:
    data = tmp_path / "a"
    code, out, err = run("--data-dir", str(data), "sync", str(tmp_path / "nowhere"))
    assert (code, out) == (2, "")
    assert len(err) == 1
    assert err[0].startswith("error: cannot use the shared folder")
    assert not (tmp_path / "nowhere").exists()
    stick = tmp_path / "stick"
    stick.mkdir()
    _sync(run, data, stick)
    shutil.rmtree(stick / "phase10-keeper")
    code, out, err = run("--data-dir", str(data), "sync", str(stick), "--json")
    assert (code, out) == (2, "")
    assert len(err) == 1
    assert err[0].startswith("error: the shared folder")
    assert list(stick.iterdir()) == []


def test_warnings_for_files_named_like_a_game_by_another_tool(run: Any, tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    first = tmp_path / "a"
    run("--data-dir", str(first), "games", "import", str(FINISHED))
    _sync(run, first, shared)
    (own,) = (shared / "phase10-keeper" / "devices").iterdir()
    (game,) = own.iterdir()
    shutil.copy(game, own / f"{game.stem}.sync-conflict-20260101-120000-ABCDEFG.json")
    code, out, err = run("--data-dir", str(tmp_path / "b"), "sync", str(shared), "--json")
    assert code == 0
    assert json.loads(out)["received"] == 1
    assert len(err) == 1
    assert err[0].startswith("warning: ")
    assert "sync-conflict" in err[0]


def test_deleted_games_are_listed_with_deleted(run: Any, tmp_path: Path) -> None:
    from phase10_keeper.storage.library import Library

    data = tmp_path / "a"
    run("--data-dir", str(data), "games", "import", str(FINISHED))
    with Library.open(data) as library:
        library.delete_game(1)
    assert _listed(run, data) == []
    (deleted,) = _listed(run, data, "--deleted")
    assert deleted["uid"] == content_uid(read_game(FINISHED))


def test_export_and_import_keep_the_uid(run: Any, tmp_path: Path) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    run("--data-dir", str(first), "games", "import", str(FINISHED))
    document = json.loads(FINISHED.read_text())
    document["uid"] = "0E811FCE-02D3-4D5D-916B-5A316C87D419"
    carrying = tmp_path / "carrying.json"
    carrying.write_text(json.dumps(document))
    assert run("--data-dir", str(second), "games", "import", str(carrying))[:2] == (0, "1\n")
    (listed,) = _listed(run, second)
    assert listed["uid"] == "0e811fce-02d3-4d5d-916b-5a316c87d419"
    exported = tmp_path / "out.json"
    assert run("--data-dir", str(second), "games", "export", "1", str(exported))[0] == 0
    assert json.loads(exported.read_text())["uid"] == listed["uid"]
    assert read_game(exported) == read_game(FINISHED)


def test_other_content_under_a_held_uid_is_kept_as_a_conflict(run: Any, tmp_path: Path) -> None:
    data = tmp_path / "a"
    run("--data-dir", str(data), "games", "import", str(FINISHED))
    (held,) = _listed(run, data)
    document = json.loads(FINISHED.read_text())
    document["uid"] = held["uid"]
    document["hands"] = document["hands"][:-1]
    other = tmp_path / "other.json"
    other.write_text(json.dumps(document))
    code, out, _ = run("--data-dir", str(data), "games", "import", str(other))
    assert (code, out) == (0, "2\n")
    by_id = {game["id"]: game for game in _listed(run, data)}
    assert by_id[2]["conflict_of"] == held["uid"]
    assert by_id[2]["uid"] != held["uid"]


def test_a_bad_uid_in_a_file_is_refused(run: Any, tmp_path: Path) -> None:
    document = json.loads(FINISHED.read_text())
    document["uid"] = "not-a-uid"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(document))
    code, out, err = run("--data-dir", str(tmp_path / "a"), "games", "import", str(bad))
    assert (code, out) == (2, "")
    assert err == [f"error: {bad}: the uid not-a-uid is not a UUID (8-4-4-4-12 hexadecimal digits)"]


def test_stats_of_synced_libraries_are_those_of_one_library_holding_every_game(
    run: Any, tmp_path: Path
) -> None:
    from dataclasses import replace

    from phase10_keeper.storage.gamefile import write_game

    shared = tmp_path / "shared"
    shared.mkdir()
    first, second, everything = tmp_path / "a", tmp_path / "b", tmp_path / "all"
    good = sorted(path for path in GAMES.glob("*.phase10.json") if "broken" not in path.name)
    for number, path in enumerate(good):
        # Each game night at one home; the order of play is the order of the dates.
        game = replace(read_game(path), started=f"2026-01-{number + 1:02d}T20:00:00+00:00")
        dated = tmp_path / f"night-{number}.json"
        write_game(dated, game)
        home = first if number % 2 else second
        for data in (home, everything):
            assert run("--data-dir", str(data), "games", "import", str(dated))[0] == 0
    for data in (first, second, first):
        _sync(run, data, shared)

    def stats(data: Path) -> dict[str, Any]:
        code, out, err = run("--data-dir", str(data), "stats", "--json")
        assert (code, err) == (0, [])
        result: dict[str, Any] = json.loads(out)
        return result

    alone = stats(everything)
    assert alone["games"] == len(good)
    assert stats(first) == alone
    assert stats(second) == alone
