"""The sheet in each language: `sheet --lang`, the locale's language by default, and the
words of the catalogue found as text in the PDF."""

from pathlib import Path

import pytest
from pypdf import PdfReader

from phase10_keeper.cli import main
from phase10_keeper.language import LANGUAGES, words
from phase10_keeper.language.wording import phase_description, rules_description
from phase10_keeper.rules import MATTEL_RULES, Preset, preset_rules
from phase10_keeper.storage.gamefile import write_game

from .samples import sample_game


def sheet_text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


def test_a_german_sheet_has_its_legend_in_german(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "de.pdf"
    assert main(["sheet", str(out), "--lang", "de"]) == 0
    text = sheet_text(out)
    german = words("de")
    assert german("legend.phases") in text
    assert phase_description(german, MATTEL_RULES.phases[0]) in text
    assert german("note.tie_sequence") in " ".join(text.split())
    assert words("en")("legend.card_values") not in text
    assert PdfReader(out).metadata is not None
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_every_language_prints_a_whole_game(tmp_path: Path, code: str) -> None:
    game_path = tmp_path / "game.phase10.json"
    write_game(game_path, sample_game(14, finishers=("Marcus",)))
    out = tmp_path / f"{code}.pdf"
    assert main(["sheet", str(out), "--game", str(game_path), "--lang", code]) == 0
    text = " ".join(sheet_text(out).split())
    language = words(code)
    assert language("sheet.player") in text
    assert language("summary.summary") in text
    assert rules_description(language, preset_rules(Preset.MATTEL)) in text


def test_the_sheet_speaks_the_users_language_by_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LC_ALL", "pl_PL.UTF-8")
    out = tmp_path / "pl.pdf"
    assert main(["sheet", str(out), "--rules", "masters"]) == 0
    assert words("pl")("note.masters") in " ".join(sheet_text(out).split())


def test_an_unknown_language_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sheet", str(tmp_path / "x.pdf"), "--lang", "xx"]) == 2
    error = capsys.readouterr().err
    assert error.startswith("error:")
    assert "--lang" in error
    assert not (tmp_path / "x.pdf").exists()
