"""The sentences the command line and the sheet print about how a game stands."""

from datetime import date

import pytest

from phase10_keeper.language import LANGUAGES, words
from phase10_keeper.language.wording import listed_names, printed_date, tie_sentence, win_reason
from phase10_keeper.rules import Cards, Game, Hand, PlayerResult, build_rules, replay

ENGLISH = words("en")

ONE_LOW = Cards(low=1)
MISSED = PlayerResult(made=False, cards=Cards(low=10))


def test_names_are_listed_as_in_a_sentence() -> None:
    assert listed_names(ENGLISH, ["Ana"]) == "Ana"
    assert listed_names(ENGLISH, ["Ana", "Bo"]) == "Ana and Bo"
    assert listed_names(ENGLISH, ["Ana", "Bo", "Cy"]) == "Ana, Bo and Cy"


def test_the_only_completer_wins_whatever_the_totals() -> None:
    # Bo goes out on phase 1; Ana, on phase 1 too, misses: Bo alone completes it.
    game = Game(("Ana", "Bo"), build_rules(target=1))
    game = game.with_hand_appended(Hand("Bo", {"Ana": MISSED, "Bo": PlayerResult(made=True)}))
    state = replay(game).final
    assert win_reason(ENGLISH, state) == "the only player to have completed phase 1"


def test_a_tie_says_who_tied_on_what_and_what_they_replay() -> None:
    # Ana and Bo both make phases 1 and 2, each going out once and holding one card
    # once: both complete phase 2 on 5 points, so they replay it.
    game = Game(("Ana", "Bo", "Cy"), build_rules(target=2))
    game = game.with_hand_appended(
        Hand(
            "Ana",
            {
                "Ana": PlayerResult(made=True),
                "Bo": PlayerResult(made=True, cards=ONE_LOW),
                "Cy": MISSED,
            },
        )
    )
    game = game.with_hand_appended(
        Hand(
            "Bo",
            {
                "Ana": PlayerResult(made=True, cards=ONE_LOW),
                "Bo": PlayerResult(made=True),
                "Cy": MISSED,
            },
        )
    )
    state = replay(game).final
    assert tie_sentence(ENGLISH, state) == (
        "Tie at 5 between Ana and Bo: they replay phase 2, and whoever goes out first wins. "
        "Cy deals."  # the deal keeps passing round the whole table
    )
    replayed = game.with_hand_appended(
        Hand(
            "Bo",
            {"Ana": PlayerResult(made=False, cards=Cards(low=10)), "Bo": PlayerResult(made=True)},
        )
    )
    assert win_reason(ENGLISH, replay(replayed).final) == (
        "went out first in the tie-break replay hand, after a tie at 5 with Ana"
    )


def test_every_language_writes_a_date_on_paper_its_own_way() -> None:
    first_of_may = date(2026, 5, 1)
    shown = {code: printed_date(code, first_of_may) for code in LANGUAGES}
    assert shown == {
        "en": "1 May 2026",
        "de": "01.05.2026",
        "fr": "01/05/2026",
        "es": "01/05/2026",
        "nl": "01-05-2026",
        "pl": "01.05.2026",
    }


def test_english_names_each_month_in_short() -> None:
    shown = [printed_date("en", date(2026, month, 28)) for month in range(1, 13)]
    names = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    assert shown == [f"28 {name} 2026" for name in names]


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_seat_in_the_command_lines_standings_is_no_place_in_a_ranking(code: str) -> None:
    # "Platz 1  Maximilian  300" reads as first place: the seat needs a word of its own.
    language = words(code)
    seat = language("cli.seat").casefold()
    ranks = {language(key).casefold() for key in ("players.game_place", "standings.place_tip")}
    assert seat not in ranks
