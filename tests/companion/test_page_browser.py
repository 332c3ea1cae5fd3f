"""The phones' page in a real browser: Debian's chromium driven through chromedriver.

Skipped, saying why, where either is not installed (CI installs the packages `chromium`
and `chromium-driver`). Screenshots go to $PHASE10_KEEPER_SCREENSHOTS when it is set, to
be looked at; else to the test's temporary folder.
"""

import json
import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from phase10_keeper.language import words
from phase10_keeper.rules import Game

from .helpers import PLAYERS, first_hand, held_still, served

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"

if not (Path(CHROMIUM).is_file() and Path(CHROMEDRIVER).is_file()):
    pytest.skip(
        "the browser tests need chromium and chromedriver "
        "(Debian: apt install chromium chromium-driver)",
        allow_module_level=True,
    )
webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed")

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

WAIT = 15.0
"""Seconds a condition may take to hold: the page answers in milliseconds on loopback,
but a loaded machine may run the browser slowly."""
PHONE = (360, 740)
DESKTOP = (1280, 800)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("PHASE10_KEEPER_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def view(driver: Any, size: tuple[int, int], *, dark: bool = False) -> None:
    width, height = size
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600},
    )
    driver.execute_cdp_cmd(
        "Emulation.setEmulatedMedia",
        {"features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]},
    )


def wait(driver: Any, condition: Callable[[Any], object]) -> Any:
    return WebDriverWait(driver, WAIT).until(condition)


def shoot(driver: Any, path: Path) -> None:
    """The whole page, however long, at the width shown."""
    width = driver.execute_script("return window.innerWidth")
    height = driver.execute_script("return document.documentElement.scrollHeight")
    before = driver.execute_script("return window.innerHeight")
    view_height = max(height, before)
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": view_height, "deviceScaleFactor": 1, "mobile": width < 600},
    )
    driver.save_screenshot(str(path))
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": before, "deviceScaleFactor": 1, "mobile": width < 600},
    )


def text_of(driver: Any, element_id: str) -> str:
    return str(driver.find_element(By.ID, element_id).text)


def open_link(driver: Any, link: str) -> None:
    # A new document for each link, as a phone that scans a code gets.
    driver.get("about:blank")
    driver.get(link)
    wait(
        driver,
        lambda d: d.execute_script("return document.getElementById('rows').children.length") > 0,
    )


def click(driver: Any, element_id: str, times: int = 1) -> None:
    for _ in range(times):
        driver.find_element(By.ID, element_id).click()


def click_counter(driver: Any, kind: str, label: str, times: int = 1) -> None:
    for _ in range(times):
        button = driver.find_element(
            By.XPATH, f"//li[@class='kind'][.//span[@id='kind-{kind}']]//button[text()='{label}']"
        )
        button.click()


def sent(driver: Any) -> None:
    english = words("en")
    wait(driver, lambda d: text_of(d, "sent") == english("phones.sent"))


def totals(driver: Any) -> dict[str, int]:
    rows = driver.find_elements(By.CSS_SELECTOR, "#rows tr")
    found = {}
    for row in rows:
        name = row.find_element(By.CSS_SELECTOR, ".player-name").text
        found[name] = int(row.find_element(By.CSS_SELECTOR, "td.total").text)
    return found


def test_a_hand_played_from_three_player_links_and_the_keeper_link(browser, shots):
    with served(Game(players=PLAYERS, title="Friday night")) as (_, client, saved):
        links = client.server.links()
        view(browser, PHONE)

        open_link(browser, links["players"]["Priya"])
        assert text_of(browser, "who") == "You are Priya"
        assert not browser.find_element(By.ID, "clear").is_displayed()
        click(browser, "went-out")
        sent(browser)
        assert browser.find_element(By.ID, "clear").is_displayed()
        shoot(browser, shots / "hand-priya-went-out.png")

        open_link(browser, links["players"]["Marcus"])
        click(browser, "made")
        click_counter(browser, "low", "+")
        click_counter(browser, "high", "+")
        wait(browser, lambda d: text_of(d, "points") == "This hand: 15 points")
        sent(browser)
        shoot(browser, shots / "hand-marcus-made.png")

        open_link(browser, links["players"]["Kwame"])
        click(browser, "missed")
        click_counter(browser, "high", "+", times=2)
        click_counter(browser, "skip", "+")
        click_counter(browser, "wild", "+")
        # The 1-9 count is worked out from the others: ten cards in all.
        wait(browser, lambda d: text_of(d, "points") == "This hand: 90 points")
        sent(browser)
        shoot(browser, shots / "hand-kwame-missed.png")

        open_link(browser, links["keeper"])
        wait(browser, lambda d: "missed it, 10 cards, 90 points" in text_of(d, "entries"))
        shoot(browser, shots / "hand-keeper-before.png")
        click(browser, "record")
        wait(browser, lambda d: text_of(d, "keeper-said") == "Hand 1 is recorded.")
        assert totals(browser) == {"Priya": 0, "Marcus": 15, "Kwame": 90}
        assert text_of(browser, "status") == "Hand 2: Marcus deals, Kwame plays first."
        shoot(browser, shots / "hand-keeper-recorded.png")
        assert [game.hands for game in saved.games] == [(first_hand(),)]

        click(browser, "undo")
        wait(
            browser, lambda d: text_of(d, "keeper-said") == "The last hand is back in the entries."
        )
        assert totals(browser) == {"Priya": 0, "Marcus": 0, "Kwame": 0}
        assert saved.games[-1].hands == ()


def test_points_typed_instead_of_the_cards(browser, shots):
    with served(Game(players=PLAYERS)) as (table, client, _):
        view(browser, PHONE)
        open_link(browser, client.server.links()["players"]["Kwame"])
        click(browser, "missed")
        click(browser, "by-points")
        typed = browser.find_element(By.ID, "points-typed")
        assert typed.get_attribute("value") == "50"
        # Typed over as a finger would: WebDriver's clear() would also take the focus
        # away, and an update from the table may then rewrite the field.
        typed.send_keys(Keys.CONTROL, "a")
        typed.send_keys("85")
        sent(browser)
        assert text_of(browser, "points") == "This hand: 85 points"
        assert table.snapshot().pending["Kwame"].result.points == 85
        shoot(browser, shots / "page-points-typed.png")


@pytest.mark.parametrize("size", [PHONE, DESKTOP, (320, 640)], ids=["phone", "desktop", "narrow"])
@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
@pytest.mark.parametrize("language", ["en", "pl"])
def test_the_page_fits_follows_the_colour_scheme_and_speaks_the_language_chosen(
    browser, shots, size, dark, language
):
    game = Game(players=(*PLAYERS, "Zoë Featherstonehaugh-Łukaszewicz"), hands=())
    with served(game) as (table, client, _):
        table.enter("Priya", {"made": True, "went_out": True}, "Priya")
        table.enter("Marcus", {"made": False, "cards": {"low": 9}}, "keeper")
        links = client.server.links()
        view(browser, size, dark=dark)
        for role, link in (("player", links["players"]["Marcus"]), ("keeper", links["keeper"])):
            open_link(browser, link)
            Select(browser.find_element(By.ID, "language")).select_by_value(language)
            standings = words(language)("phones.standings")

            def titled(driver: Any, title: str = standings) -> bool:
                return bool(text_of(driver, "standings-title") == title)

            wait(browser, titled)
            assert browser.execute_script("return document.documentElement.lang") == language
            # The warning on Marcus's nine cards, worded in that language.
            wait(
                browser,
                lambda d: d.execute_script(
                    "return document.querySelector('.problems .warning') !== null"
                ),
            )
            check_layout(browser, dark)
            name = f"page-{role}-{size[0]}x{size[1]}-{'dark' if dark else 'light'}-{language}.png"
            shoot(browser, shots / name)


def check_layout(driver: Any, dark: bool) -> None:
    """Nothing wider than the screen, every control at least 44 px and named."""
    overflow = driver.execute_script(
        "return document.documentElement.scrollWidth - window.innerWidth"
    )
    assert overflow <= 0
    controls = driver.execute_script(
        """
        return [...document.querySelectorAll('button, select')]
          .filter((element) => element.offsetParent !== null)
          .map((element) => {
            const box = element.getBoundingClientRect();
            const labels = element.labels && element.labels.length ? element.labels : null;
            const label = element.getAttribute('aria-label') || element.textContent.trim()
              || (labels ? labels[0].textContent.trim() : '');
            return [element.id || element.textContent, box.width, box.height, label];
          });
        """
    )
    assert controls
    for name, width, height, label in controls:
        assert width >= 44, name
        assert height >= 44, name
        assert label, name
    background = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
    assert background == ("rgb(14, 15, 17)" if dark else "rgb(255, 255, 255)")


def test_a_phone_shows_the_table_closed_when_the_server_stops(browser, shots):
    with served(Game(players=PLAYERS)) as (_, client, _):
        view(browser, PHONE)
        open_link(browser, client.server.links()["viewer"])
        assert not browser.find_element(By.ID, "closed").is_displayed()
    wait(browser, lambda d: d.find_element(By.ID, "closed").is_displayed())
    assert text_of(browser, "closed-title") == "The table has closed"
    shoot(browser, shots / "page-closed.png")


def test_a_phone_that_lost_the_connection_catches_up(browser):
    """The line goes silent (the table's loop held still) and the phone goes offline; it
    says so, tries again, and once back shows what changed meanwhile."""
    offline = {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
    with served(Game(players=PLAYERS), heartbeat=0.5) as (table, client, _):
        view(browser, PHONE)
        open_link(browser, client.server.links()["keeper"])
        browser.execute_cdp_cmd("Network.enable", {})
        browser.execute_cdp_cmd("Network.emulateNetworkConditions", offline)
        with held_still(client):
            wait(browser, lambda d: d.find_element(By.ID, "connection").is_displayed())
            assert "Connection lost" in text_of(browser, "connection")
            table.enter("Kwame", {"made": False, "cards": {"low": 10}}, "Kwame")
        browser.execute_cdp_cmd("Network.emulateNetworkConditions", {**offline, "offline": False})
        wait(browser, lambda d: "missed it, 10 cards, 50 points" in text_of(d, "entries"))
        assert not browser.find_element(By.ID, "connection").is_displayed()


def test_a_link_without_a_key_or_with_an_old_one_says_to_scan_a_new_code(browser):
    with served(Game(players=PLAYERS)) as (_, client, _):
        view(browser, PHONE)
        english = words("en")
        browser.get("about:blank")
        browser.get(client.server.links()["url"])
        wait(browser, lambda d: d.find_element(By.ID, "closed").is_displayed())
        assert text_of(browser, "closed-text") == english("phones.no_key_text")
        browser.get("about:blank")
        browser.get(client.server.links()["url"] + "#key=from-an-earlier-night")
        wait(browser, lambda d: text_of(d, "closed-text") == english("phones.bad_key_text"))


def test_in_a_tie_break_the_others_sit_out(browser):
    from phase10_keeper.rules import replay
    from phase10_keeper.storage.gamefile import read_game

    games = Path(__file__).resolve().parent.parent / "data" / "games"
    game = read_game(games / "mattel-tiebreak.phase10.json")
    tied = replay(game).final.tiebreak_players
    with served(game) as (_, client, _):
        view(browser, PHONE)
        open_link(browser, client.server.links()["viewer"])
        sits_out = words("en")("phones.sits_out")
        for row in browser.find_elements(By.CSS_SELECTOR, "#rows tr"):
            name = row.find_element(By.CSS_SELECTOR, ".player-name").text
            assert (sits_out in row.text) == (name not in tied), name


def test_where_players_choose_their_phase_the_phone_asks_which(browser):
    from phase10_keeper.rules import Preset, preset_rules

    with served(Game(players=PLAYERS, rules=preset_rules(Preset.MASTERS))) as (table, client, _):
        view(browser, (320, 640))
        open_link(browser, client.server.links()["players"]["Kwame"])
        click(browser, "missed")
        Select(browser.find_element(By.ID, "phase-choice")).select_by_value("4")
        sent(browser)
        assert table.snapshot().pending["Kwame"].result.phase == 4
        check_layout(browser, dark=False)


def test_any_name_at_all_enters_from_its_phone_and_from_the_keepers(browser):
    """Issue 32: players named `.` or `..` could not enter: the browser takes such a path
    segment, even written %2E, for a step in the path, and the entry went to /api/."""
    names = (".", "..", "a/b ?#", "50% off", "🎲 Zoë", "%2E")
    with served(Game(players=names)) as (table, client, _):
        links = client.server.links()
        view(browser, PHONE)
        for name in names:
            open_link(browser, links["players"][name])
            click(browser, "made")
            sent(browser)
            assert table.snapshot().pending[name].result.made, name
        open_link(browser, links["keeper"])
        for name in names:
            label = json.dumps(words("en")("phones.edit_name", name=name), ensure_ascii=False)
            browser.find_element(By.CSS_SELECTOR, f"button[aria-label={label}]").click()

            def entering(driver: Any, name: str = name) -> bool:
                return name in text_of(driver, "entry-title")

            wait(browser, entering)
            click(browser, "missed")
            sent(browser)
            assert not table.snapshot().pending[name].result.made, name
            click(browser, "clear")

            def cleared(_driver: Any, name: str = name) -> bool:
                return name not in table.snapshot().pending

            wait(browser, cleared)


def _keeper_with_the_first_hand_entered(table: Any, browser: Any, client: Any) -> None:
    for name, entry in first_hand().results.items():
        body: dict[str, object] = {"made": entry.made, "went_out": name == "Priya"}
        cards = {kind.value: n for kind, n in entry.cards.items() if n}
        if cards:
            body["cards"] = cards
        table.enter(name, body, name)
    view(browser, PHONE)
    open_link(browser, client.server.links()["keeper"])
    wait(browser, lambda d: "missed it, 10 cards, 90 points" in text_of(d, "entries"))


def test_the_keeper_records_only_the_hand_shown_an_entry_changed_meanwhile_is_shown_first(
    browser,
):
    """The keeper taps Record on the hand the page shows while Kwame's entry changes: the
    page sends the revision it shows, the table refuses it as stale, and the page shows
    the changed hand and says so; nothing is recorded until the keeper taps again."""
    english = words("en")
    with served(Game(players=PLAYERS)) as (table, client, saved):
        _keeper_with_the_first_hand_entered(table, browser, client)
        with held_still(client):
            table.enter("Kwame", {"made": False, "cards": {"low": 10}}, "Kwame")
            click(browser, "record")
        wait(browser, lambda d: text_of(d, "keeper-said") == english("phones.stale"))
        wait(browser, lambda d: "missed it, 10 cards, 50 points" in text_of(d, "entries"))
        assert saved.games == []
        click(browser, "record")
        wait(browser, lambda d: text_of(d, "keeper-said") == "Hand 1 is recorded.")
        assert saved.games[-1].hands[0].results["Kwame"].cards.low == 10


def test_the_keepers_own_change_still_on_its_way_is_never_recorded_unseen(browser):
    """Issue 32: the keeper changed Marcus's entry and tapped Record before the change had
    left the page (it waits a moment for the next tap): the hand recorded was the one
    before the change, and the change then went to the next hand. The page records only
    once its changes are at the table and shown."""
    english = words("en")
    with served(Game(players=PLAYERS)) as (table, client, saved):
        _keeper_with_the_first_hand_entered(table, browser, client)
        label = json.dumps(english("phones.edit_name", name="Marcus"))
        browser.find_element(By.CSS_SELECTOR, f"button[aria-label={label}]").click()
        wait(browser, lambda d: "Marcus" in text_of(d, "entry-title"))
        # One tap on + and one on Record, quicker than any change is sent.
        browser.execute_script(
            """
            const more = [...document.querySelectorAll('#kinds li.kind')]
              .find((item) => item.querySelector('#kind-low'))
              .querySelectorAll('button')[1];
            more.click();
            document.getElementById('record').click();
            """
        )
        wait(browser, lambda d: text_of(d, "keeper-said") == english("phones.stale"))
        wait(browser, lambda d: "made it, 3 cards, 20 points" in text_of(d, "entries"))
        assert saved.games == []
        assert table.snapshot().pending["Marcus"].result.cards.low == 2
        click(browser, "record")
        wait(browser, lambda d: text_of(d, "keeper-said") == "Hand 1 is recorded.")
        assert saved.games[-1].hands[0].results["Marcus"].cards.low == 2
        assert table.snapshot().pending == {}
