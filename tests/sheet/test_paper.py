"""The paper size a user gets when they do not choose one: from their locale."""

import locale

import pytest

from phase10_keeper.sheet import Paper, default_paper

VARIABLES = ("LC_ALL", "LC_PAPER", "LANG")


@pytest.fixture
def environment(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    for variable in VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setattr(locale, "getlocale", lambda *_: (None, None))
    return monkeypatch


@pytest.mark.parametrize(
    ("value", "paper"),
    [
        ("en_US.UTF-8", Paper.LETTER),
        ("es_US", Paper.LETTER),
        ("fr_CA.UTF-8", Paper.LETTER),
        ("en_CA", Paper.LETTER),
        ("en_GB.UTF-8", Paper.A4),
        ("de_DE.UTF-8@euro", Paper.A4),
        ("pl_PL", Paper.A4),
        ("C.UTF-8", Paper.A4),
        ("POSIX", Paper.A4),
    ],
)
def test_the_locale_territory_decides(
    environment: pytest.MonkeyPatch, value: str, paper: Paper
) -> None:
    environment.setenv("LANG", value)
    assert default_paper() is paper


def test_lc_all_overrides_lc_paper_which_overrides_lang(environment: pytest.MonkeyPatch) -> None:
    environment.setenv("LANG", "de_DE.UTF-8")
    environment.setenv("LC_PAPER", "en_US.UTF-8")
    assert default_paper() is Paper.LETTER
    environment.setenv("LC_ALL", "en_GB.UTF-8")
    assert default_paper() is Paper.A4


def test_without_variables_the_locale_module_decides(environment: pytest.MonkeyPatch) -> None:
    assert default_paper() is Paper.A4
    environment.setattr(locale, "getlocale", lambda *_: ("English_United States", "1252"))
    assert default_paper() is Paper.LETTER
    environment.setattr(locale, "getlocale", lambda *_: ("en_CA", "UTF-8"))
    assert default_paper() is Paper.LETTER
    environment.setattr(locale, "getlocale", lambda *_: ("French_France", "1252"))
    assert default_paper() is Paper.A4


def test_paper_values_are_the_command_line_words() -> None:
    assert [paper.value for paper in Paper] == ["letter", "a4"]
