"""Player names: one spelling per name, compared as people read them, never empty or huge."""

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from phase10_keeper.rules import (
    MAX_NAME_LENGTH,
    MAX_TITLE_LENGTH,
    Game,
    GameError,
    clean_name,
    name_key,
    players_problem,
)

ZOE_NFC = "Zo\u00eb"
ZOE_NFD = "Zoe\u0308"


def test_a_name_is_kept_in_composed_form() -> None:
    assert clean_name(f"  {ZOE_NFD} ") == ZOE_NFC


def test_composed_and_decomposed_spellings_are_one_player() -> None:
    problem = players_problem((ZOE_NFC, clean_name(ZOE_NFD)))
    assert problem is not None
    assert "same name" in problem.message


def test_names_differing_only_in_case_are_refused_with_a_message_that_says_so() -> None:
    problem = players_problem(("Ana", "ANA"))
    assert problem is not None
    assert problem.message == (
        "two players are called 'Ana' and 'ANA', which count as the same name: "
        "names must differ in more than capitals or how accents are written"
    )


@pytest.mark.parametrize(
    ("typed", "player"),
    [
        ("ipek", "\u0130pek"),
        ("IPEK", "\u0130pek"),
        ("\u0131pek", "Ipek"),
        ("stra\u00dfe", "STRASSE"),
        ("\uff21na", "Ana"),
        ("Ana\u200b", "Ana"),
    ],
)
def test_keys_match_what_people_read_as_the_same_name(typed: str, player: str) -> None:
    assert name_key(typed) == name_key(player)


def test_casefold_alone_does_not_match_a_dotted_capital_i() -> None:
    # The reason name_key exists: Python's casefold leaves a combining dot behind.
    assert "\u0130pek".casefold() != "ipek"


@pytest.mark.parametrize(
    "invisible",
    ["\u200b", "\u200b\u200c\u200d", "\u2060", "\ufeff", "\u3164", "\u2800", "\u00ad", "\u202e"],
)
def test_a_name_with_nothing_visible_is_refused(invisible: str) -> None:
    problem = players_problem((clean_name(invisible), "Bo"))
    assert problem is not None
    assert "nothing visible" in problem.message


def test_a_name_with_a_visible_letter_among_invisible_ones_is_kept() -> None:
    assert players_problem(("\u200bAna", "Bo")) is None


def test_a_huge_name_is_refused_with_its_length() -> None:
    problem = players_problem(("A" * 10_000, "Bo"))
    assert problem is not None
    assert problem.message == (
        f"the name 'AAAAAAAAAAAAAAAAAAAA…' is 10000 characters long; "
        f"a name has at most {MAX_NAME_LENGTH}"
    )


def test_a_name_at_the_limit_is_kept() -> None:
    assert players_problem(("A" * MAX_NAME_LENGTH, "Bo")) is None


def test_a_huge_title_is_refused() -> None:
    with pytest.raises(GameError, match=f"at most {MAX_TITLE_LENGTH}"):
        Game(players=("Ana", "Bo"), title="T" * (MAX_TITLE_LENGTH + 1))


@given(st.text(max_size=30))
def test_clean_name_is_idempotent_and_composed(text: str) -> None:
    cleaned = clean_name(text)
    assert clean_name(cleaned) == cleaned
    assert unicodedata.is_normalized("NFC", cleaned)


@given(st.text(max_size=30))
def test_a_key_does_not_depend_on_the_normal_form(text: str) -> None:
    assert name_key(unicodedata.normalize("NFD", text)) == name_key(text)
