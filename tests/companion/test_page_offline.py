"""Issue 36: a phone in a real room loses its network. What is typed meanwhile is kept on
the phone, said to be not sent yet, and sent once the network is back; the page says
when it is offline and when it is back, and shows the table's hand at once."""

from typing import Any

from phase10_keeper.language import words
from phase10_keeper.rules import Game

from .browsing import PHONE, By, click, network, open_link, sent, text_of, view, wait
from .helpers import PLAYERS, first_hand, served

ENGLISH = words("en")


def kept_entries(driver: Any) -> str:
    return str(driver.execute_script("return localStorage.getItem('phase10-keeper-outbox')"))


def test_an_entry_made_offline_is_kept_said_so_and_sent_when_the_network_returns(browser):
    with served(Game(players=PLAYERS)) as (table, client, _):
        view(browser, PHONE)
        open_link(browser, client.server.links()["players"]["Marcus"])
        network(browser, online=False)
        wait(browser, lambda d: text_of(d, "connection") == ENGLISH("phones.offline"))
        click(browser, "made")
        wait(browser, lambda d: text_of(d, "sent") == ENGLISH("phones.kept"))
        assert "Marcus" in kept_entries(browser)
        assert "Marcus" not in table.snapshot().pending
        network(browser, online=True)
        sent(browser)
        assert table.snapshot().pending["Marcus"].result.made
        wait(browser, lambda d: text_of(d, "connection") == ENGLISH("phones.online_again"))
        assert "Marcus" not in kept_entries(browser)


def test_an_entry_kept_survives_a_reload_and_is_sent_after_it(browser):
    """The entries' address refused by the browser (the page itself still loads): the
    entry waits through a reload of the page and goes once the address is let through."""
    with served(Game(players=PLAYERS)) as (table, client, _):
        view(browser, PHONE)
        link = client.server.links()["players"]["Kwame"]
        open_link(browser, link)
        browser.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/api/pending/*"]})
        try:
            click(browser, "missed")
            wait(browser, lambda d: text_of(d, "sent") == ENGLISH("phones.kept"))
            browser.refresh()
            wait(browser, lambda d: text_of(d, "sent") == ENGLISH("phones.kept"))
            assert browser.find_element(By.ID, "missed").get_attribute("aria-pressed") == "true"
        finally:
            browser.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
        sent(browser)
        assert not table.snapshot().pending["Kwame"].result.made


def test_an_entry_kept_past_its_hand_is_refused_and_shown_never_applied_to_the_next(browser):
    with served(Game(players=PLAYERS)) as (table, client, saved):
        view(browser, PHONE)
        open_link(browser, client.server.links()["players"]["Marcus"])
        network(browser, online=False)
        wait(browser, lambda d: text_of(d, "connection") == ENGLISH("phones.offline"))
        click(browser, "missed")
        wait(browser, lambda d: text_of(d, "sent") == ENGLISH("phones.kept"))
        # Meanwhile the keeper records hand 1 from what the others said at the table.
        for name, result in first_hand().results.items():
            body: dict[str, object] = {"made": result.made, "went_out": name == "Priya"}
            cards = {kind.value: n for kind, n in result.cards.items() if n}
            if cards:
                body["cards"] = cards
            table.enter(name, body, "keeper")
        table.record()
        network(browser, online=True)
        stale = ENGLISH("phones.kept_stale", hand=1)
        wait(browser, lambda d: text_of(d, "sent") == stale)
        assert table.snapshot().pending == {}
        assert saved.games[-1].hands[0].results["Marcus"].made
        assert "Marcus" not in kept_entries(browser)
        assert "hand 2" in text_of(browser, "entry-title")


def test_a_phone_back_on_the_network_shows_the_hand_within_two_seconds(browser):
    with served(Game(players=PLAYERS)) as (table, client, _):
        view(browser, PHONE)
        open_link(browser, client.server.links()["viewer"])
        network(browser, online=False)
        wait(browser, lambda d: text_of(d, "connection") == ENGLISH("phones.offline"))
        table.enter("Kwame", {"made": False, "cards": {"low": 10}}, "Kwame")
        table.enter("Priya", {"made": True, "went_out": True}, "Priya")
        table.enter("Marcus", {"made": True}, "Marcus")
        table.record()
        # The page's own clock, from the browser's `online` event to the hand shown.
        browser.execute_script(
            """
            window.caughtUp = null;
            addEventListener('online', () => {
              const back = performance.now();
              new MutationObserver((changes, observer) => {
                if (document.getElementById('status').textContent.includes('Hand 2')) {
                  window.caughtUp = performance.now() - back;
                  observer.disconnect();
                }
              }).observe(document.getElementById('status'), {childList: true, subtree: true});
            });
            """
        )
        network(browser, online=True)
        caught_up = wait(browser, lambda d: d.execute_script("return window.caughtUp"))
        print(f"caught up {caught_up:.0f} ms after the network returned")
        assert caught_up < 2000
