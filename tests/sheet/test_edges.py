"""Sheets at the edges: a replay due after a full page, fixed-hands columns, variant pads."""

from pathlib import Path

import pytest
from pypdf import PdfReader

from phase10_keeper.cli import PRESETS_HELP, main
from phase10_keeper.rules import (
    Cards,
    Game,
    Hand,
    Join,
    PlayerResult,
    Preset,
    build_rules,
    replay,
)
from phase10_keeper.sheet.model import filled_sheet
from phase10_keeper.storage.gamefile import read_game, write_game

from .pdfs import all_text, page_text, read_sheet
from .samples import sample_game


def test_a_tie_due_after_exactly_twelve_hands_gets_its_replay_column() -> None:
    game = sample_game(12, finishers=("Marcus", "Dana"), tied=True)
    assert replay(game).final.tiebreak_players == ("Marcus", "Dana")
    sheet = filled_sheet(game)
    assert len(sheet.pages) == 2
    assert (sheet.pages[1].first_hand, sheet.pages[1].columns) == (13, ())
    reader = read_sheet(game=game)
    assert "Replay" in page_text(reader, 1)
    assert "Continued on page 2." in page_text(reader, 0)


def fixed_game(hands: int, played: int) -> Game:
    rules = build_rules(Preset.FIXED_HANDS, hands=hands)
    missed = PlayerResult(made=False, cards=Cards(low=10))
    log = tuple(
        Hand("Ann", {"Ann": PlayerResult(made=True), "Bo": missed})
        if number % 2
        else Hand("Bo", {"Ann": missed, "Bo": PlayerResult(made=True)})
        for number in range(played)
    )
    return Game(("Ann", "Bo"), rules, log)


def test_columns_after_the_last_of_a_fixed_number_of_hands_are_marked_unused() -> None:
    reader = read_sheet(game=fixed_game(hands=9, played=9))
    text = page_text(reader, 0)
    assert "Winner: Bo" in text
    headings = text.split("Player")[1].split("Total")[0].split()
    assert "10" not in headings
    assert headings[-3:] == ["\u2013"] * 3
    assert "no hand: the game has 9 hands" in text


def test_an_undecided_fixed_game_keeps_a_column_for_a_replay() -> None:
    text = page_text(read_sheet(game=fixed_game(hands=10, played=4)), 0)
    assert "Tied?" in text
    assert "only if tied: the replay hand" in text
    assert text.split("Total")[0].count("\u2013") == 1


def test_a_fixed_game_tied_after_its_last_hand_has_its_replay_column_open() -> None:
    game = fixed_game(hands=2, played=2)
    assert replay(game).final.tiebreak_players == ("Ann", "Bo")
    text = page_text(read_sheet(game=game), 0)
    headings = text.split("Player")[1].split("Total")[0].split()
    assert "Replay" in headings
    assert "Tied?" not in headings
    assert headings.count("\u2013") == 9


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(list(args))
    return code, capsys.readouterr().err


@pytest.mark.parametrize(
    ("preset", "words"),
    [
        ("even", ["Even phases only", "completes phase 10"]),
        ("masters", ["Masters Edition (choose your phase)", "pick any phase"]),
        ("fixed-hands", ["Fixed number of hands", "10 hands: everyone moves", "Tied?"]),
        ("short", ["Short game (first to make phase 5)", "completes phase 5"]),
    ],
)
def test_a_blank_sheet_for_a_preset_prints_its_phases_and_rules(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, preset: str, words: list[str]
) -> None:
    out = tmp_path / "blank.pdf"
    assert run(capsys, "sheet", str(out), "--rules", preset) == (0, "")
    text = PdfReader(out).pages[0].extract_text()
    for expected in words:
        assert expected in text
    if preset == "even":
        assert "2 sets of 3" not in text  # Mattel's phase 1 is not in the even list
        assert "1 set of 3 + 1 run of 4" in text


def test_rules_for_a_sheet_of_a_game_are_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    game_path = tmp_path / "game.phase10.json"
    write_game(game_path, fixed_game(hands=3, played=1))
    out = tmp_path / "x.pdf"
    code, err = run(capsys, "sheet", str(out), "--game", str(game_path), "--rules", "even")
    assert code == 2
    assert err.startswith("error: --rules is for blank sheets")
    assert not out.exists()


def test_an_unknown_preset_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, err = run(capsys, "sheet", "never.pdf", "--rules", "house")
    assert code == 2
    assert err.startswith("error:")
    assert "house" in err
    assert PRESETS_HELP in err


def test_the_help_names_every_preset_and_nothing_else() -> None:
    named = PRESETS_HELP.replace(" or ", ", ").split(", ")
    assert named == [preset.value for preset in Preset]


SEATING = Path(__file__).resolve().parent.parent / "data" / "games" / "seating.phase10.json"


def test_a_joiner_and_a_leaver_are_marked_and_explained() -> None:
    game = read_game(SEATING)
    sheet = filled_sheet(game)
    assert sheet.joined == {"Eve": (7, 120)}
    assert sheet.left == {"Dana": 5}
    assert [sheet.seated_for("Dana", n) for n in (4, 5, 12)] == [True, False, False]
    assert [sheet.seated_for("Eve", n) for n in (6, 7, 8)] == [False, True, True]
    text = page_text(read_sheet(game=game), 0)
    assert "left after hand 4" in text
    assert "Eve\njoined at hand 7 on 120" in text
    assert "joined here (total by the name)" in text
    assert "row closed: left the game" in text
    # Eve's total starts at 120: her running total after hand 7 is printed on it.
    assert "Σ 120" in text


def test_a_game_without_seating_changes_has_no_seating_marks() -> None:
    text = page_text(read_sheet(game=sample_game(3)), 0)
    assert "joined here" not in text
    assert "row closed" not in text


def test_a_sheet_has_a_row_for_everyone_who_sat_even_past_six() -> None:
    game = read_game(SEATING)
    players = ("Priya", "Marcus", "Kwame", "Eve")
    six = game.with_seating_change(Join(8, "Fay")).with_seating_change(Join(8, "Gus"))
    six = six.with_hand_appended(
        Hand("Fay", {name: PlayerResult(name == "Fay") for name in (*players, "Fay", "Gus")})
    )
    assert len(six.players) == 7
    text = all_text(read_sheet(game=six))
    assert "Gus\njoined at hand 8 on 0" in text
    assert "Fay" in text
