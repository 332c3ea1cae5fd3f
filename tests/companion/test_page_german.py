"""Issue 33: the phone's page in German at 360 px, light and dark: the phase column has
room for its words, the badges say what the header says, and the counters' buttons are
named in the page's language as soon as it is set."""

from pathlib import Path

import pytest

from phase10_keeper.language import LANGUAGES, words
from phase10_keeper.rules import Game

from .browsing import PHONE, By, Select, click, open_link, shoot, text_of, view, wait
from .helpers import served

GERMAN = words("de")
PLAYERS = ("Maximilian", "Friederike-Charlotte", "Kwame")


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_the_german_page_gives_the_phase_room_and_names_everything_in_german(
    browser, shots: Path, dark: bool
):
    with served(Game(players=PLAYERS)) as (table, client, _):
        table.enter(
            "Friederike-Charlotte", {"made": False, "cards": {"low": 9, "high": 1}}, "keeper"
        )
        view(browser, PHONE, dark=dark)
        open_link(browser, client.server.links()["players"]["Maximilian"])
        Select(browser.find_element(By.ID, "language")).select_by_value("de")
        wait(browser, lambda d: text_of(d, "standings-title") == GERMAN("phones.standings"))
        click(browser, "made")
        labels = browser.execute_script(
            "return [...document.querySelectorAll('#kinds button')]"
            ".map((button) => button.getAttribute('aria-label'))"
        )
        kind = GERMAN("card.low")
        assert GERMAN("phones.fewer", kind=kind) in labels
        assert GERMAN("phones.more", kind=kind) in labels
        # A phase's words wrap as phrases: never one word to a line.
        spans = browser.execute_script(
            """
            return [...document.querySelectorAll('td.phase span')].map((element) => {
              const range = document.createRange();
              range.selectNodeContents(element);
              const lines = new Set([...range.getClientRects()].map((box) => Math.round(box.top)));
              return [element.textContent, lines.size];
            });
            """
        )
        assert spans
        for words_shown, lines in spans:
            count = len(words_shown.split())
            assert count == 1 or lines < count, (words_shown, lines)
        badges = browser.execute_script(
            "return [...document.querySelectorAll('.badge')].map((badge) => badge.textContent)"
        )
        assert GERMAN("phones.plays_first") in badges
        shoot(browser, shots / f"page-de-360-{'dark' if dark else 'light'}.png")


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_badge_says_who_plays_first_as_the_header_does(code: str):
    language = words(code)
    assert language("phones.plays_first") == language("grid.plays_first")
    assert language("phones.deals") in language("cli.next_hand", hand=1, dealer="", first="")
