"""The command line's words for people follow the user's language; `--json` does not."""

import json
from pathlib import Path

import pytest

from phase10_keeper import command_line
from phase10_keeper.cli import main
from phase10_keeper.language import Entry, Words, words

GAMES = Path(__file__).resolve().parent / "data" / "games"


def _german(monkeypatch: pytest.MonkeyPatch, entries: dict[str, Entry]) -> None:
    """German as the user's language, with `entries` as German texts besides the
    catalogue's."""
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    german = Words("de", entries, words("de"))

    def chosen(code: str) -> Words:
        return german if code == "de" else words(code)

    monkeypatch.setattr(command_line, "words", chosen)


def test_a_problem_line_is_in_the_users_language(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _german(
        monkeypatch,
        {
            "problem.cards_over_hand": {
                "one": "hält {count} Karte; mehr als {limit} hält niemand",
                "other": "hält {count} Karten; mehr als {limit} hält niemand",
            }
        },
    )
    game = str(GAMES / "broken-too-many-cards.phase10.json")
    assert main(["standings", game]) == 2
    assert capsys.readouterr().err == (
        f"error: {game}: Runde 1, Dana: hält 11 Karten; mehr als 10 hält niemand\n"
    )


def test_a_warning_line_is_in_the_users_language(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _german(monkeypatch, {})
    game = str(GAMES / "warning-nine-cards.phase10.json")
    assert main(["standings", game, "--json"]) == 0
    out, err = capsys.readouterr()
    assert err.startswith(f"warning: {game}: Runde 1, Dana: ")
    json.loads(out)


def test_the_standings_table_is_in_the_users_language(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    hands = {"one": "{count} Runde", "other": "{count} Runden"}
    _german(monkeypatch, {"cli.seat": "Platz", "cli.hands": hands})
    assert main(["standings", str(GAMES / "worked-hand.phase10.json")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith("1 Runde")
    assert lines[2].startswith("Platz")


def test_json_is_the_same_in_every_language(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    game = str(GAMES / "mattel-tiebreak.phase10.json")
    assert main(["standings", game, "--json"]) == 0
    english = capsys.readouterr().out
    _german(monkeypatch, {"cli.seat": "Platz"})
    assert main(["standings", game, "--json"]) == 0
    assert capsys.readouterr().out == english


def test_a_sheet_error_is_in_the_users_language(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _german(monkeypatch, {"sheet.error.unprintable_name": "{text!r} passt nicht aufs Blatt"})
    assert main(["sheet", str(tmp_path / "sheet.pdf"), "--names", "王,Bo", "--lang", "en"]) == 2
    assert capsys.readouterr().err == "error: '王' passt nicht aufs Blatt\n"


def test_a_game_file_error_is_in_the_users_language(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _german(
        monkeypatch,
        {
            "file.not_boolean": "{what} muss wahr oder falsch sein, nicht {type}",
            "file.place.key_in": "{within}: {key}",
            "file.place.player_in_hand": "Runde {within}, {name}",
            "file.place.hand": "{hand}",
            "file.type.text": "Text",
        },
    )
    game = str(GAMES / "broken-made-not-boolean.phase10.json")
    assert main(["standings", game]) == 2
    assert capsys.readouterr().err == (
        f"error: {game}: Runde 1, Marcus: made muss wahr oder falsch sein, nicht Text\n"
    )


def test_a_library_error_is_in_the_users_language(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _german(monkeypatch, {"library.no_game": "die Sammlung hat kein Spiel {id}"})
    assert main(["--data-dir", str(tmp_path), "games", "show", "7"]) == 2
    assert capsys.readouterr().err == "error: die Sammlung hat kein Spiel 7\n"
