"""Issue 36: the links outlive the table's process, after a quit as after a kill. A table
that stops while its sharing is kept tells the phones it is away: they wait, trying again,
and take it up again on their own when it is back on the same address; a table whose
sharing ended tells them it has closed, for good."""

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from phase10_keeper.companion.server import PhoneServer, ThreadedPhoneServer
from phase10_keeper.companion.table import Table
from phase10_keeper.language import words
from phase10_keeper.rules import Game

from .browsing import PHONE, By, click, open_link, sent, text_of, view, wait
from .helpers import PLAYERS, Saved

ENGLISH = words("en")


@contextmanager
def running(table: Table, port: int = 0) -> Iterator[ThreadedPhoneServer]:
    running = ThreadedPhoneServer(PhoneServer(table, "127.0.0.1", port, ENGLISH))
    running.start()
    try:
        yield running
    finally:
        running.stop()


def away_text(driver: Any) -> bool:
    return text_of(driver, "connection") == ENGLISH("phones.away")


def test_a_table_stopped_with_its_sharing_kept_is_waited_for_and_taken_up_again(browser):
    saved = Saved()
    table = Table(Game(players=PLAYERS), saved)
    first = ThreadedPhoneServer(PhoneServer(table, "127.0.0.1", 0, ENGLISH))
    first.start()
    port = first.server.port
    view(browser, PHONE)
    open_link(browser, first.server.links()["players"]["Marcus"])
    # The process quits; its sharing (keys, revision, entries) is kept with the game.
    first.stop(for_good=False)
    wait(browser, away_text)
    assert not browser.find_element(By.ID, "closed").is_displayed()
    assert browser.find_element(By.ID, "made").is_enabled()
    # Meanwhile an entry is made: kept on the phone until the table is back.
    click(browser, "made")
    wait(browser, lambda d: text_of(d, "sent") == ENGLISH("phones.kept"))
    again = Table(Game(players=PLAYERS), saved, table.sharing_text())
    with running(again, port):
        sent(browser)
        wait(browser, lambda d: text_of(d, "connection") == ENGLISH("phones.online_again"))
        assert again.snapshot().pending["Marcus"].result.made
        assert not browser.find_element(By.ID, "closed").is_displayed()


def test_a_table_whose_sharing_ended_is_shown_closed_for_good(browser):
    table = Table(Game(players=PLAYERS), Saved())
    with running(table) as first:
        view(browser, PHONE)
        open_link(browser, first.server.links()["players"]["Kwame"])
    wait(browser, lambda d: d.find_element(By.ID, "closed").is_displayed())
    assert text_of(browser, "closed-title") == ENGLISH("phones.closed_title")
    assert not browser.find_element(By.ID, "made").is_enabled()
