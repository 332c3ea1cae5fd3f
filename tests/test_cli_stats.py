"""The `stats` command: statistics over the library, as CONTRACTS.md section 3 has them."""

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from phase10_keeper.cli import main
from phase10_keeper.storage.library import Library

from .stats.games import one_hand_in, race_to_phase_2, tie_break


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, list[str]]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err.splitlines()


@pytest.fixture
def library_dir(tmp_path: Path) -> Path:
    """A library of three games (worked out in tests/stats/games.py) and a deleted one."""
    data_dir = tmp_path / "library"
    with Library.open(data_dir) as library:
        library.add_game(replace(tie_break("Ana", "Ben"), started="2026-01-01T20:00:00+00:00"))
        library.add_game(
            replace(race_to_phase_2("ana", "BEN"), started="2026-01-02T20:00:00+00:00")
        )
        library.add_game(replace(one_hand_in("Ben", "Cleo"), started="2026-01-03T20:00:00+00:00"))
        deleted = library.add_game(one_hand_in("Ben", "Dana"))
        library.delete_game(deleted)
    return data_dir


@pytest.fixture
def stats(capsys: pytest.CaptureFixture[str], library_dir: Path) -> Any:
    def run_stats(*args: str) -> tuple[int, str, list[str]]:
        return run(capsys, "--data-dir", str(library_dir), "stats", *args)

    return run_stats


BEN = {
    "name": "Ben",
    "games": 3,
    "finished": 2,
    "wins": 2,
    "hands": 5,
    "went_out": 2,
    "points": 55,
    "phases": {"1": {"attempts": 3, "made": 2}, "2": {"attempts": 1, "made": 1}},
    "records": {
        "best_total": 0,
        "fastest_win": 2,
        "best_streak": 2,
        "current_streak": 2,
        "nemesis": None,
    },
}
ANA = {
    "name": "ana",
    "games": 2,
    "finished": 2,
    "wins": 0,
    "hands": 4,
    "went_out": 2,
    "points": 100,
    "phases": {"1": {"attempts": 2, "made": 2}, "2": {"attempts": 1, "made": 0}},
    "records": {
        "best_total": 50,
        "fastest_win": None,
        "best_streak": 0,
        "current_streak": 0,
        "nemesis": "Ben",
    },
}
CLEO = {
    "name": "Cleo",
    "games": 1,
    "finished": 0,
    "wins": 0,
    "hands": 1,
    "went_out": 1,
    "points": 0,
    "phases": {"1": {"attempts": 1, "made": 1}},
    "records": {
        "best_total": None,
        "fastest_win": None,
        "best_streak": 0,
        "current_streak": 0,
        "nemesis": None,
    },
}


def test_json_has_every_player_of_the_games_not_deleted(stats: Any) -> None:
    code, out, err = stats("--json")
    assert (code, err) == (0, [])
    assert json.loads(out) == {"games": 3, "finished": 2, "players": [BEN, ANA, CLEO]}
    assert out.count("\n") == 1


def test_player_keeps_only_that_player_ignoring_case_and_outer_spaces(stats: Any) -> None:
    code, out, err = stats("--player", "  ANA ", "--json")
    assert (code, err) == (0, [])
    assert json.loads(out) == {"games": 3, "finished": 2, "players": [ANA]}


def test_a_player_no_game_has_is_bad_input(stats: Any) -> None:
    for flags in ([], ["--json"]):
        code, out, err = stats("--player", "Dana", *flags)
        assert code == 2
        assert out == ""
        assert len(err) == 1
        assert err[0].startswith("error:")
        assert "Dana" in err[0]


def test_the_table_has_a_row_per_player_in_order(stats: Any) -> None:
    code, out, err = stats()
    assert (code, err) == (0, [])
    lines = out.splitlines()
    assert lines[0] == "3 games in the library, 2 finished."
    assert lines[2].split() == [
        "Player", "Games", "Wins", "Win", "rate", "Hands", "Points/hand", "Out", "Hardest",
    ]  # fmt: skip
    assert lines[4].split() == ["Ben", "3", "2", "100%", "5", "11.0", "2", "1", "(2", "of", "3)"]
    assert lines[5].split()[:3] == ["ana", "2", "0"]
    assert lines[6].split()[:4] == ["Cleo", "1", "0", "-"]
    # Cleo made phase 1 at her only try: no phase was hard for her, as the window says.
    assert lines[6].endswith("never missed")
    assert lines[-1] == "Hardest phase over all games: phase 2, made in 50% of 2 attempts."


def test_one_players_table_shows_their_phases_and_head_to_head(stats: Any) -> None:
    code, out, err = stats("--player", "ana")
    assert (code, err) == (0, [])
    lines = out.splitlines()
    assert lines[4].split()[:2] == ["ana", "2"]
    phases = lines.index("Phases of ana:")
    assert [line.split() for line in lines[phases + 3 : phases + 5]] == [
        ["1", "2", "2", "100%"],
        ["2", "1", "0", "0%"],
    ]
    assert lines[-1].split() == ["Ben", "2", "0", "2"]


def test_an_empty_library_has_no_statistics(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert run(capsys, "--data-dir", str(tmp_path), "stats") == (
        0,
        "The library has no games yet.\n",
        [],
    )
    code, out, _ = run(capsys, "--data-dir", str(tmp_path), "stats", "--json")
    assert (code, json.loads(out)) == (0, {"games": 0, "finished": 0, "players": []})


def test_records_and_the_name_shown_follow_play_order_not_the_order_added(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # In race_to_phase_2 the second player wins. Added first, played second: Ben wins.
    # Added second, played first: "ana" wins. Added last, without a start: "ANA" wins.
    with Library.open(tmp_path) as library:
        library.add_game(
            replace(race_to_phase_2("Ana", "Ben"), started="2001-01-05T20:00:00+00:00")
        )
        library.add_game(
            replace(race_to_phase_2("BEN", "ana"), started="2001-01-01T20:00:00+00:00")
        )
        library.add_game(race_to_phase_2("Ben", "ANA"))
    code, out, err = run(capsys, "--data-dir", str(tmp_path), "stats", "--json")
    assert (code, err) == (0, [])
    players = json.loads(out)["players"]
    assert [(player["name"], player["wins"]) for player in players] == [("ANA", 2), ("Ben", 1)]
    ana, ben = (player["records"] for player in players)
    assert ana == {
        "best_total": 5,
        "fastest_win": 2,
        "best_streak": 1,
        "current_streak": 1,
        "nemesis": "Ben",
    }
    assert (ben["best_streak"], ben["current_streak"], ben["nemesis"]) == (1, 0, "ANA")


def test_statistics_of_kept_records_load_neither_the_rules_engine_nor_their_wording(
    library_dir: Path,
) -> None:
    """Every game's record is kept: the statistics read the records and add them up, and
    the rules that would replay a game, the game itself and the wording of its problems
    are each a part of the command's time."""
    script = (
        "import sys\n"
        "from phase10_keeper.cli import main\n"
        f"assert main(['--data-dir', {str(library_dir)!r}, 'stats']) == 0\n"
        "unwanted = {'phase10_keeper.rules.game', 'phase10_keeper.rules.engine',\n"
        "            'phase10_keeper.rules.state', 'phase10_keeper.language.wording'}\n"
        "assert not unwanted & set(sys.modules), sorted(unwanted & set(sys.modules))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=Path(__file__).resolve().parent.parent,
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "Ben" in done.stdout
