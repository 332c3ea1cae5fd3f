"""Issue 36: the scoreboard's link on a TV shows the standings as the window's F11
scoreboard does, in type read across a room, and follows the game live."""

from pathlib import Path
from typing import Any

import pytest

from phase10_keeper.language import words
from phase10_keeper.rules import Game, replay
from phase10_keeper.storage.gamefile import read_game

from .browsing import PHONE, By, click, open_link, shoot, text_of, view, wait
from .helpers import PLAYERS, served

TV = (1920, 1080)
GAMES = Path(__file__).resolve().parent.parent / "data" / "games"
SIX = ("Priya", "Marcus", "Kwame", "Zoë Featherstonehaugh", "Ana", "Łukasz")


def type_px(driver: Any, selector: str) -> list[float]:
    sizes = driver.execute_script(
        "return [...document.querySelectorAll(arguments[0])]"
        ".map((e) => parseFloat(getComputedStyle(e).fontSize))",
        selector,
    )
    assert sizes, selector
    return [float(size) for size in sizes]


def board_fills_the_screen(driver: Any) -> None:
    box = driver.execute_script(
        "const b = document.querySelector('#standings table').getBoundingClientRect();"
        "return [b.left, b.right, b.top, b.bottom, innerWidth, innerHeight,"
        " document.documentElement.scrollHeight, document.documentElement.scrollWidth]"
    )
    left, right, top, bottom, width, height, scroll_height, scroll_width = box
    assert right - left >= 0.9 * width
    assert bottom - top >= 0.6 * height
    assert bottom <= height
    assert scroll_height <= height
    assert scroll_width <= width


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_the_scoreboard_on_a_tv_fills_the_screen_in_type_read_across_a_room(browser, shots, dark):
    game = Game(players=SIX, title="Friday night")
    with served(game) as (table, client, _):
        view(browser, TV, dark=dark)
        open_link(browser, client.server.links()["viewer"])
        wait(browser, lambda d: "tv" in d.find_element(By.TAG_NAME, "body").get_attribute("class"))
        assert browser.find_element(By.ID, "tv").get_attribute("aria-pressed") == "true"
        shoot(browser, shots / f"tv-6-players-{'dark' if dark else 'light'}.png")
        assert min(type_px(browser, ".player-name")) >= 40
        assert min(type_px(browser, "td.total")) >= 40
        board_fills_the_screen(browser)
        assert "deals" in text_of(browser, "rows")

        # It follows the game: a hand recorded shows at once, and is announced.
        for name in SIX:
            table.enter(name, {"made": True, "went_out": name == "Priya"}, "keeper")
        table.record()
        wait(browser, lambda d: "Hand 2" in text_of(d, "status"))
        assert browser.find_element(By.ID, "announce").get_attribute("textContent") == (
            "Hand 1 is recorded."
        )
        assert min(type_px(browser, ".player-name")) >= 40
        board_fills_the_screen(browser)


def test_the_tv_shows_the_winner_and_the_tie_break(browser, shots):
    game = read_game(GAMES / "mattel-tiebreak.phase10.json")
    tied = replay(game).final.tiebreak_players
    with served(game) as (_, client, _):
        view(browser, TV)
        open_link(browser, client.server.links()["viewer"])
        wait(browser, lambda d: "tv" in d.find_element(By.TAG_NAME, "body").get_attribute("class"))
        replays = words("en")("phones.replays")
        for row in browser.find_elements(By.CSS_SELECTOR, "#rows tr"):
            name = row.find_element(By.CSS_SELECTOR, ".player-name").text
            assert (replays in row.text) == (name in tied), name
        shoot(browser, shots / "tv-tiebreak.png")
        assert min(type_px(browser, ".player-name")) >= 40
        board_fills_the_screen(browser)

    won = read_game(GAMES / "mattel-tiebreak-replayed.phase10.json")
    winner = replay(won).final.winner
    with served(won) as (_, client, _):
        view(browser, TV)
        open_link(browser, client.server.links()["viewer"])
        shoot(browser, shots / "tv-won.png")
        first = browser.find_element(By.CSS_SELECTOR, "#rows tr")
        assert first.find_element(By.CSS_SELECTOR, ".player-name").text == winner
        assert first.find_element(By.CSS_SELECTOR, ".badge.winner").text == words("en")(
            "phones.winner"
        )
        assert min(type_px(browser, "td.total")) >= 40
        board_fills_the_screen(browser)


def test_a_phone_chooses_the_tv_view_and_keeps_the_choice(browser, shots):
    with served(Game(players=PLAYERS)) as (_, client, _):
        view(browser, PHONE)
        link = client.server.links()["viewer"]
        open_link(browser, link)
        body = browser.find_element(By.TAG_NAME, "body")
        assert "tv" not in body.get_attribute("class")
        click(browser, "tv")
        wait(browser, lambda d: "tv" in d.find_element(By.TAG_NAME, "body").get_attribute("class"))
        open_link(browser, link)
        assert "tv" in browser.find_element(By.TAG_NAME, "body").get_attribute("class")
        overflow = browser.execute_script(
            "return document.documentElement.scrollWidth - window.innerWidth"
        )
        assert overflow <= 0
        shoot(browser, shots / "tv-on-a-phone.png")
        click(browser, "tv")
        browser.execute_script("localStorage.clear()")
