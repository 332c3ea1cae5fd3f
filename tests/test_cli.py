"""The `standings` command, as scripts and the independent checks use it."""

import gc
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from phase10_keeper import __version__, cli
from phase10_keeper.cli import main

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "tests" / "data" / "games"


def game_file(name: str) -> str:
    return str(GAMES / f"{name}.phase10.json")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, list[str]]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err.splitlines()


def standings_json(capsys: pytest.CaptureFixture[str], name: str) -> dict[str, Any]:
    code, out, err = run(capsys, "standings", game_file(name), "--json")
    assert (code, err) == (0, [])
    assert out.endswith("\n")
    assert out.count("\n") == 1
    data: dict[str, Any] = json.loads(out)
    return data


def column(data: dict[str, Any], key: str) -> list[Any]:
    return [player[key] for player in data["players"]]


def test_the_worked_hand(capsys: pytest.CaptureFixture[str]) -> None:
    data = standings_json(capsys, "worked-hand")
    assert data["status"] == "in_progress"
    assert (data["winner"], data["tiebreak_players"]) == (None, [])
    assert (data["hands_played"], data["dealer"]) == (1, "Marcus")
    assert data["ranking"] == ["Priya", "Marcus", "Kwame", "Dana"]
    assert column(data, "name") == ["Priya", "Marcus", "Kwame", "Dana"]
    assert column(data, "total") == [0, 15, 30, 90]
    assert column(data, "phase") == [2, 2, 2, 1]
    assert column(data, "completed") == [[1], [1], [1], []]
    assert column(data, "hand_points") == [[0], [15], [30], [90]]


def test_a_mattel_game_won_on_points(capsys: pytest.CaptureFixture[str]) -> None:
    # Ana and Ben both complete phase 10 on hand 10; Ana goes out but carries 9 wilds
    # (225), Ben holds two low cards (10). Cleo completed only 9 phases.
    data = standings_json(capsys, "mattel-finished")
    assert (data["status"], data["winner"], data["tiebreak_players"]) == ("finished", "Ben", [])
    assert (data["hands_played"], data["dealer"]) == (10, None)
    assert column(data, "total") == [225, 10, 145]
    assert column(data, "phase") == [None, None, None]
    assert column(data, "completed") == [list(range(1, 11)), list(range(1, 11)), list(range(1, 10))]
    assert column(data, "hand_points")[2] == [50, *[10] * 8, 15]
    # Cleo has the lower total but fewer phases: Ana ranks second.
    assert data["ranking"] == ["Ben", "Ana", "Cleo"]


def test_a_tie_on_points_waits_for_the_replay(capsys: pytest.CaptureFixture[str]) -> None:
    data = standings_json(capsys, "mattel-tiebreak")
    assert (data["status"], data["winner"]) == ("tiebreak", None)
    # Cleo's 50 is lower, but she did not complete phase 10.
    assert data["tiebreak_players"] == ["Ana", "Ben"]
    assert column(data, "total") == [60, 60, 50]
    assert column(data, "phase") == [None, None, None]
    # Ana dealt hand 1; hand 11 goes to the second seat.
    assert (data["hands_played"], data["dealer"]) == (10, "Ben")
    assert data["ranking"] == ["Ana", "Ben", "Cleo"]


def test_the_replay_hand_decides_the_tie(capsys: pytest.CaptureFixture[str]) -> None:
    data = standings_json(capsys, "mattel-tiebreak-replayed")
    assert (data["status"], data["winner"], data["tiebreak_players"]) == ("finished", "Ben", [])
    assert (data["hands_played"], data["dealer"]) == (11, None)
    assert column(data, "total") == [110, 60, 50]
    assert [len(points) for points in column(data, "hand_points")] == [11, 11, 10]
    assert column(data, "completed")[0] == list(range(1, 11))
    assert data["ranking"] == ["Ben", "Ana", "Cleo"]


def test_a_fixed_number_of_hands(capsys: pytest.CaptureFixture[str]) -> None:
    data = standings_json(capsys, "fixed-hands")
    assert (data["status"], data["winner"], data["hands_played"]) == ("finished", "Ben", 3)
    assert column(data, "total") == [100, 50]
    assert column(data, "hand_points") == [[0, 30, 70], [50, 0, 0]]
    # Everyone moved on every hand: hand 3 was phase 3 for both.
    assert column(data, "completed") == [[1, 2], [2, 3]]
    assert data["ranking"] == ["Ben", "Ana"]


def test_masters(capsys: pytest.CaptureFixture[str]) -> None:
    data = standings_json(capsys, "masters")
    assert (data["status"], data["winner"]) == ("finished", "A")
    assert column(data, "completed") == [[4, 1, 9], [1, 2], [8, 1]]
    assert column(data, "total") == [15, 85, 125]
    assert data["ranking"] == ["A", "B", "C"]


def test_masters_in_progress_has_no_next_phase(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    document = json.loads(Path(game_file("masters")).read_text(encoding="utf-8"))
    document["hands"] = document["hands"][:2]
    path = tmp_path / "masters.phase10.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    code, out, _ = run(capsys, "standings", str(path), "--json")
    data = json.loads(out)
    assert (code, data["status"], data["dealer"]) == (0, "in_progress", "C")
    assert column(data, "phase") == [None, None, None]


def test_the_table_says_where_the_game_stands(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "standings", game_file("worked-hand"))
    assert (code, err) == (0, [])
    assert "Worked hand" in out
    assert "Phase 2: 1 set of 3 + 1 run of 4" in out
    assert "Hand 2: Marcus deals, Kwame plays first." in out
    _, out, _ = run(capsys, "standings", game_file("mattel-finished"))
    assert "Ben wins" in out
    _, out, _ = run(capsys, "standings", game_file("mattel-tiebreak"))
    assert "Tie at 60 between Ana and Ben" in out


def test_warnings_go_to_stderr_and_keep_exit_zero(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "standings", game_file("warning-nine-cards"), "--json")
    assert code == 0
    assert len(err) == 1
    assert err[0].startswith("warning:")
    assert "hand 1" in err[0]
    assert "Dana" in err[0]
    assert json.loads(out)["players"][3]["total"] == 85


def test_a_house_game_totals_its_cards_at_its_own_values(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "standings", game_file("masters-tin"), "--json")
    assert code == 0
    players = json.loads(out)["players"]
    # Wilds count 20 at this table: Ana holds one with eight 1-9 cards and a 10-12.
    assert [(player["name"], player["hand_points"]) for player in players] == [
        ("Ana", [0, 8 * 5 + 10 + 20]),
        ("Ben", [5 + 20, 15]),
        ("Cleo", [7 * 5 + 2 * 15 + 20, 0]),
    ]


BROKEN = {
    "deck-skips": (1, "Cleo", "holds 3 skips; the deck has 2"),
    "deck-wilds": (1, "Dana", "wilds"),
    "duplicate-players": (None, "Priya", "must differ"),
    "hand-after-end": (11, None, "over"),
    "house-cards-old-version": (None, None, "house card values and decks (card_values)"),
    "made-not-boolean": (1, "Marcus", "true or false"),
    "maker-too-many": (1, "Marcus", "at most 4"),
    "masters-no-phase": (1, "B", "which phase"),
    "masters-phase-again": (2, "A", "already made phase 4"),
    "missing-result": (2, "Kwame", "no result"),
    "negative-count": (2, "Kwame", "negative"),
    "newer-version": (None, None, "version 5"),
    "not-json": (None, None, "not valid JSON"),
    "seating-during-tiebreak": (11, "Dee", "during a tie-break"),
    "seating-leaver-result": (5, "Dana", "has left the game"),
    "super-wild-off": (1, "Dana", "super wild"),
    "tiebreak-extra-player": (11, "Cleo", "tie-break"),
    "too-many-cards": (1, "Dana", "11 cards"),
    "unknown-player": (1, "Zed", "not a player"),
    "went-out-holds-cards": (1, "Priya", "went out"),
    "went-out-not-made": (1, "Priya", "made"),
    "wrong-phase": (2, "Marcus", "phase 2"),
}


def test_every_broken_file_has_an_expectation() -> None:
    names = {path.name.removesuffix(".phase10.json") for path in GAMES.glob("broken-*")}
    assert names == {f"broken-{name}" for name in BROKEN}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_broken_file_is_one_error_line_naming_hand_and_player(
    capsys: pytest.CaptureFixture[str], name: str
) -> None:
    hand, player, words = BROKEN[name]
    for args in ([], ["--json"]):
        code, out, err = run(capsys, "standings", game_file(f"broken-{name}"), *args)
        assert (code, out) == (2, "")
        assert len(err) == 1, err
        assert err[0].startswith("error: ")
        assert words in err[0]
        if hand is not None:
            assert f"hand {hand}" in err[0]
        if player is not None:
            assert player in err[0]


def test_a_name_with_a_line_break_keeps_the_error_on_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    document = {
        "format": "phase10-keeper/game",
        "version": 1,
        "players": ["Pri\nya", "Ben"],
        "hands": [
            {
                "went_out": "Ben",
                "results": {
                    "Pri\nya": {"made": True, "cards": {"low": -1}},
                    "Ben": {"made": True},
                },
            }
        ],
    }
    path = tmp_path / "game.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    code, _, err = run(capsys, "standings", str(path))
    assert code == 2
    assert len(err) == 1
    assert err[0].startswith("error: ")
    assert "hand 1" in err[0]


def test_json_output_is_ascii_and_decodes_to_the_names(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    document = {
        "format": "phase10-keeper/game",
        "version": 1,
        "players": ["Zoë", "Ωmega"],
        "hands": [],
    }
    path = tmp_path / "game.json"
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    code, out, _ = run(capsys, "standings", str(path), "--json")
    assert code == 0
    assert out.isascii()
    assert json.loads(out)["ranking"] == ["Zoë", "Ωmega"]


@pytest.mark.parametrize(
    "args",
    [
        ["standings"],
        ["standings", "a.json", "b.json"],
        ["standings", "--yaml", "a.json"],
        ["standings", "missing.phase10.json"],
        ["standings", str(GAMES)],
        ["no-such-command"],
    ],
)
def test_bad_command_lines_are_one_error_line(
    capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    code, out, err = run(capsys, *args)
    assert (code, out) == (2, "")
    assert len(err) == 1
    assert err[0].startswith("error: ")


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["--version"])
    assert caught.value.code == 0
    assert capsys.readouterr().out.strip() == f"phase10-keeper {__version__}"


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-2, 12) | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=10,
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    key=st.sampled_from(["players", "hands", "rules", "first_dealer", "version", "title"]),
    value=JSON_VALUES,
)
def test_any_value_for_a_key_gives_a_result_or_one_error_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, key: str, value: object
) -> None:
    document = json.loads(Path(game_file("worked-hand")).read_text(encoding="utf-8"))
    document[key] = value
    path = tmp_path / "fuzz.phase10.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    code, out, err = run(capsys, "standings", str(path), "--json")
    errors = [line for line in err if line.startswith("error: ")]
    assert all(line.startswith(("error: ", "warning: ")) for line in err)
    if code == 0:
        assert errors == []
        assert isinstance(json.loads(out), dict)
    else:
        assert (code, out, len(errors)) == (2, "", 1)


def command(*args: str) -> subprocess.CompletedProcess[str]:
    # The repository first, so the command runs this checkout even where it is not installed.
    path = os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])
    env = {**os.environ, "PYTHONPATH": path}
    return subprocess.run(
        [sys.executable, "-m", "phase10_keeper", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        env=env,
        timeout=60,
        check=False,
    )


def test_the_command_run_as_a_process_exits_cleanly() -> None:
    good = command("standings", game_file("mattel-finished"), "--json")
    assert (good.returncode, good.stderr) == (0, "")
    assert json.loads(good.stdout)["winner"] == "Ben"
    for args in (
        ["standings", game_file("broken-negative-count")],
        ["standings", game_file("broken-not-json"), "--json"],
        ["standings"],
    ):
        bad = command(*args)
        assert bad.returncode == 2
        assert bad.stdout == ""
        assert "Traceback" not in bad.stderr
        assert len(bad.stderr.splitlines()) == 1
        assert bad.stderr.startswith("error: ")


def test_every_character_the_terminal_would_act_on_is_escaped() -> None:
    # shown() passes a printable text as it is: that is safe only while every character
    # it escapes is one str.isprintable refuses.
    from phase10_keeper.command_line import TERMINAL_ACTIVE, shown

    for code in TERMINAL_ACTIVE:
        assert not chr(code).isprintable()
        assert chr(code) not in shown(f"Zoë{chr(code)}")
    assert shown("Zoë, Łukasz") == "Zoë, Łukasz"


def test_a_command_runs_with_the_cycle_collector_paused_and_gives_it_back(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    collecting = []
    standings = cli._standings

    def watched(arguments: Any) -> int:
        collecting.append(gc.isenabled())
        return standings(arguments)

    monkeypatch.setattr(cli, "_standings", watched)
    assert gc.isenabled()
    frozen = gc.get_freeze_count()
    code, _, err = run(capsys, "standings", game_file("worked-hand"))
    assert (code, err, collecting) == (0, [], [False])
    assert gc.isenabled()
    # Called with its arguments, as here, main() is not the whole process.
    assert gc.get_freeze_count() == frozen


def test_the_process_ends_its_command_with_everything_out_of_the_collectors_way() -> None:
    script = (
        "import gc, sys\n"
        "from phase10_keeper.cli import main\n"
        f"sys.argv = ['phase10-keeper', 'standings', {game_file('worked-hand')!r}]\n"
        "code = main()\n"
        "print(code, gc.get_freeze_count() > 1000, file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert done.stderr == "0 True\n"
