"""Game file version 3: results typed as points totals, in files, the library, the sheet
and the statistics."""

import json
from pathlib import Path
from typing import Any

import pytest

from phase10_keeper.cli import main
from phase10_keeper.rules import Cards, Game, Hand, Join, PlayerResult, replay
from phase10_keeper.sheet.model import filled_sheet
from phase10_keeper.stats import library_stats
from phase10_keeper.storage.gamefile import (
    GameFileError,
    dumps_game,
    format_version,
    game_from_json,
    game_to_json,
    loads_game,
)
from phase10_keeper.storage.library import Library

PLAYERS = ("Priya", "Marcus", "Dana")
OUT = PlayerResult(made=True)
TYPED = Game(
    players=PLAYERS,
    hands=(
        Hand(
            "Priya",
            {
                "Priya": OUT,
                "Marcus": PlayerResult(made=True, points=15),
                "Dana": PlayerResult(made=False, cards=Cards(low=10)),
            },
        ),
        Hand(
            "Marcus",
            {
                "Priya": PlayerResult(made=False, points=55),
                "Marcus": OUT,
                "Dana": PlayerResult(made=True, points=0),
            },
        ),
    ),
)


def document(version: int) -> dict[str, Any]:
    data = game_to_json(TYPED)
    data["version"] = version
    return data


def test_a_game_with_a_points_result_is_written_as_version_3() -> None:
    data = game_to_json(TYPED)
    assert data["version"] == 3
    assert data["hands"][0]["results"] == {
        "Priya": {"made": True},
        "Marcus": {"made": True, "points": 15},
        "Dana": {"made": False, "cards": {"low": 10}},
    }
    assert data["hands"][1]["results"]["Dana"] == {"made": True, "points": 0}
    assert loads_game(dumps_game(TYPED)) == TYPED


def test_other_games_keep_the_version_they_need() -> None:
    counted = {**TYPED.hands[0].results, "Marcus": PlayerResult(True, Cards(low=1, high=1))}
    by_cards = Game(PLAYERS, hands=(Hand("Priya", counted),))
    assert format_version(by_cards) == 1
    seated = by_cards.with_seating_change(Join(before_hand=2, name="Eve"))
    assert format_version(seated) == 2
    typed_and_seated = TYPED.with_seating_change(Join(before_hand=3, name="Eve"))
    assert game_to_json(typed_and_seated)["version"] == 3
    assert loads_game(dumps_game(typed_and_seated)) == typed_and_seated


@pytest.mark.parametrize("version", [1, 2])
def test_an_older_file_with_points_is_refused_naming_hand_and_player(version: int) -> None:
    with pytest.raises(GameFileError) as caught:
        game_from_json(document(version))
    assert str(caught.value) == (
        f"hand 1, Marcus: gives points, which need version 3; the game file is version {version}"
    )


def test_a_result_with_cards_and_points_is_refused() -> None:
    data = document(3)
    data["hands"][1]["results"]["Priya"]["cards"] = {"low": 10}
    with pytest.raises(GameFileError, match="hand 2, Priya: gives both cards and points"):
        game_from_json(data)


def test_points_must_be_a_whole_number() -> None:
    data = document(3)
    data["hands"][0]["results"]["Marcus"]["points"] = "15"
    with pytest.raises(GameFileError, match="points must be a whole number"):
        game_from_json(data)


def test_the_command_line_names_hand_and_player_of_impossible_points(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = document(3)
    data["hands"][1]["results"]["Priya"]["points"] = 240
    path = tmp_path / "typed.phase10.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["standings", str(path)]) == 2
    assert capsys.readouterr().err == (
        f"error: {path}: hand 2, Priya: did not make the phase, so holds ten cards, "
        "worth at most 230, not 240\n"
    )


def test_standings_count_the_points_typed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "typed.phase10.json"
    path.write_text(dumps_game(TYPED), encoding="utf-8")
    assert main(["standings", str(path), "--json"]) == 0
    players = json.loads(capsys.readouterr().out)["players"]
    assert [(player["name"], player["hand_points"]) for player in players] == [
        ("Priya", [0, 55]),
        ("Marcus", [15, 0]),
        ("Dana", [50, 0]),
    ]


def test_the_library_keeps_points_results(tmp_path: Path) -> None:
    with Library.open(tmp_path / "data") as library:
        game_id = library.add_game(TYPED)
    with Library.open(tmp_path / "data") as library:
        assert library.load_game(game_id) == TYPED


def test_a_points_cell_of_the_sheet_shows_the_points() -> None:
    sheet = filled_sheet(TYPED)
    first, second = sheet.pages[0].columns[:2]
    assert first.cells["Marcus"].points == 15
    assert second.cells["Priya"].points == 55
    assert second.cells["Priya"].total == 55


def test_statistics_count_points_typed_like_any_points() -> None:
    stats = library_stats([TYPED])
    priya = stats.player("Priya")
    assert priya is not None
    assert (priya.points, priya.hands) == (55, 2)
    record = replay(TYPED).final.hands[1]
    assert record.entries["Priya"].cards.is_empty
