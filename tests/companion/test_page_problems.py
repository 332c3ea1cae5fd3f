"""Issue 33: what the phone says of an entry's problems. A warning waits until the entry
is complete (not the moment *Made it* is tapped) and names its player; a refusal of the
table's for want of a library to write to says the table's reason."""

from phase10_keeper.language import words
from phase10_keeper.rules import Game, Replay
from phase10_keeper.storage.messages import LibraryError, LibraryKey

from .browsing import PHONE, By, click, click_counter, open_link, sent, text_of, view, wait
from .helpers import PLAYERS, served

ENGLISH = words("en")


def problems(driver, list_id: str = "entry-problems") -> list[str]:
    return [item.text for item in driver.find_elements(By.CSS_SELECTOR, f"#{list_id} li")]


def test_made_it_alone_warns_of_nothing_until_the_entry_is_complete_then_names_the_player(
    browser,
):
    with served(Game(players=PLAYERS)) as (table, client, _):
        view(browser, PHONE)
        open_link(browser, client.server.links()["players"]["Marcus"])
        click(browser, "made")
        sent(browser)
        # The table does warn (no cards, not out), but the entry is only begun.
        assert any(problem.player == "Marcus" for problem in table.problems())
        assert problems(browser) == []
        click_counter(browser, "low", "+")
        sent(browser)
        assert problems(browser) == []
        click_counter(browser, "low", "\N{MINUS SIGN}")
        sent(browser)
        # Counted down to none: complete, and said with its subject.
        wait(browser, lambda d: problems(d) != [])
        assert all(line.startswith("Marcus") for line in problems(browser))


def test_a_record_the_library_cannot_take_says_the_tables_reason(browser):
    def full(game: Game, replayed: Replay) -> None:
        raise LibraryError(LibraryKey.DISK_FULL, path="library.sqlite3")

    with served(Game(players=PLAYERS)) as (table, client, _):
        table._save = full  # the library full as the hand is recorded
        table.enter("Priya", {"made": True, "went_out": True}, "Priya")
        table.enter("Marcus", {"made": True, "cards": {"low": 1}}, "Marcus")
        table.enter("Kwame", {"made": False, "cards": {"low": 10}}, "Kwame")
        view(browser, PHONE)
        open_link(browser, client.server.links()["keeper"])
        click(browser, "record")
        reason = LibraryError(LibraryKey.DISK_FULL, path="library.sqlite3").worded(ENGLISH)
        wait(browser, lambda d: text_of(d, "keeper-said") == reason)
        assert table.snapshot().game.hands == ()
