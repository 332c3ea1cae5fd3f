"""A number in a game file far too large to be a count, a score or a label is refused in
one short line that names where it is: the hand and the player, or the key."""

import json
from pathlib import Path
from typing import Any

import pytest

from phase10_keeper.cli import main

BIG = "BIG"
"""Stands in the document for the number, written into the JSON text as digits."""


def _document(field: str) -> dict[str, Any]:
    document: dict[str, Any] = {
        "format": "phase10-keeper/game",
        "version": 3,
        "players": ["Ana", "Bo", "Cy"],
        "hands": [
            {
                "went_out": "Ana",
                "results": {
                    "Ana": {"made": True},
                    "Bo": {"made": False, "points": 5},
                    "Cy": {"made": False, "cards": {"low": 1}},
                },
            }
        ],
    }
    results = document["hands"][0]["results"]
    if field == "points":
        results["Bo"]["points"] = BIG
    elif field == "cards":
        results["Cy"]["cards"]["high"] = BIG
    elif field == "phase":
        results["Bo"]["phase"] = BIG
    elif field == "before_hand":
        document["seating"] = [{"before_hand": BIG, "leave": "Cy"}]
    elif field == "total":
        document["players"].append("Di")
        document["seating"] = [{"before_hand": 2, "join": "Di", "total": BIG}]
    elif field == "target":
        document["rules"] = {"preset": "mattel", "target": BIG}
    elif field == "hands":
        document["rules"] = {"preset": "mattel", "hands": BIG}
    else:
        document["version"] = BIG
    return document


PLACES = {
    "points": "hand 1, Bo: points",
    "cards": "hand 1, Cy: the count of high cards",
    "phase": "hand 1, Bo: phase",
    "before_hand": "seating change 1: before_hand",
    "total": "seating change 1: total",
    "target": "rules target",
    "hands": "rules hands",
    "version": "the file's version",
}


@pytest.mark.parametrize("digits", [5000, 4000, 20])
@pytest.mark.parametrize("field", list(PLACES))
def test_a_huge_number_is_named_where_it_is_in_one_short_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, field: str, digits: int
) -> None:
    sign = "-" if field == "points" and digits == 20 else ""
    text = json.dumps(_document(field)).replace(f'"{BIG}"', sign + "9" * digits)
    game = tmp_path / "game.json"
    game.write_text(text, encoding="utf-8")
    code = main(["standings", str(game)])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert err == (
        f"error: {game}: {PLACES[field]} is a number too large to be a count, a score or a label\n"
    )
