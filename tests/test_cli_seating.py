"""`standings` for a version 2 game: players who joined or left, as scripts read them."""

import json
from pathlib import Path

import pytest

from phase10_keeper.cli import main
from phase10_keeper.storage.gamefile import read_game
from phase10_keeper.storage.identity import content_uid

GAMES = Path(__file__).resolve().parent / "data" / "games"


def standings(capsys: pytest.CaptureFixture[str], name: str, *args: str) -> str:
    assert main(["standings", str(GAMES / f"{name}.phase10.json"), *args]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return out


def test_a_version_2_game_says_who_is_seated(capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(standings(capsys, "seating", "--json"))
    assert data["status"] == "in_progress"
    assert data["dealer"] == "Eve"
    assert data["hands_played"] == 7
    assert [
        (p["name"], p["seated"], p["phase"], p["total"], len(p["hand_points"]))
        for p in data["players"]
    ] == [
        ("Priya", True, 5, 165, 7),
        ("Marcus", True, 5, 180, 7),
        ("Kwame", True, 6, 140, 7),
        ("Dana", False, None, 200, 4),
        ("Eve", True, 2, 120, 1),
    ]
    # Dana, who left, keeps her phases and ranks after everyone still seated.
    assert data["players"][3]["completed"] == [1, 2]
    assert data["ranking"] == ["Kwame", "Priya", "Marcus", "Eve", "Dana"]


def test_a_version_1_game_has_no_seated_key(capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(standings(capsys, "worked-hand", "--json"))
    assert all("seated" not in player for player in data["players"])


def test_the_table_says_who_left(capsys: pytest.CaptureFixture[str]) -> None:
    text = standings(capsys, "seating")
    assert "Dana    left before hand 5" in text
    assert text.rstrip().endswith("Hand 8: Eve deals, Priya plays first.")


def test_a_leave_that_leaves_one_player_names_the_winner(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    document = json.loads((GAMES / "seating.phase10.json").read_text(encoding="utf-8"))
    document["seating"] += [
        {"before_hand": 8, "leave": "Priya"},
        {"before_hand": 8, "leave": "Marcus"},
        {"before_hand": 8, "leave": "Eve"},
    ]
    path = tmp_path / "last.phase10.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    assert main(["standings", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["status"], data["winner"], data["dealer"]) == ("finished", "Kwame", None)
    assert data["ranking"] == ["Kwame", "Priya", "Marcus", "Eve", "Dana"]
    assert main(["standings", str(path)]) == 0
    assert "Kwame wins: the only player left at the table." in capsys.readouterr().out


def test_a_version_2_game_goes_through_the_library_unchanged(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = GAMES / "seating.phase10.json"
    library = ["--data-dir", str(tmp_path / "library")]
    assert main([*library, "games", "import", str(source)]) == 0
    game_id = capsys.readouterr().out.strip()
    assert main([*library, "games", "show", game_id, "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert [player["seated"] for player in shown["players"]] == [True, True, True, False, True]
    exported = tmp_path / "back.phase10.json"
    assert main([*library, "games", "export", game_id, str(exported)]) == 0
    # The export carries the game's uid (the uid of its content: the file had none).
    written = json.loads(exported.read_text(encoding="utf-8"))
    assert written.pop("uid") == content_uid(read_game(source))
    assert written == json.loads(source.read_text(encoding="utf-8"))


def test_the_most_recent_leaver_ranks_first_among_the_leavers_and_the_deal_skips_them(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    def hand(*seated: str) -> dict[str, object]:
        losing = {"made": False, "cards": {"low": 10}}
        return {"went_out": "A", "results": {"A": {"made": True}} | dict.fromkeys(seated, losing)}

    # C, in the third seat, leaves first; D, in the fourth, after: D is the more recent.
    path = tmp_path / "leavers.phase10.json"
    path.write_text(
        json.dumps(
            {
                "format": "phase10-keeper/game",
                "version": 2,
                "players": ["A", "B", "C", "D"],
                "first_dealer": "B",
                "seating": [{"before_hand": 2, "leave": "C"}, {"before_hand": 3, "leave": "D"}],
                "hands": [hand("B", "C", "D"), hand("B", "D"), hand("B")],
            }
        ),
        encoding="utf-8",
    )
    assert main(["standings", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ranking"] == ["A", "B", "D", "C"]
    # B dealt hand 1, D hand 2 (C had left), A hand 3; B deals the fourth.
    assert data["dealer"] == "B"
    assert [len(player["hand_points"]) for player in data["players"]] == [3, 3, 1, 2]
    assert [player["seated"] for player in data["players"]] == [True, True, False, False]
