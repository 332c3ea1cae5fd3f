"""Issue 36: a real room. Six players' phones enter their hand through repeated network
drops while the table's process (`serve`, a real process) is killed and started again on
the same game and port: no entry is lost, none is applied twice, and each phone shows the
table's hand as soon as its network returns. Loopback only, bounded in count, the
schedule drawn from a seeded random.

One chromium holds the six phones as six tabs; chromium's network emulation (CDP's
`Network.emulateNetworkConditions`) acts on the tab shown, one phone's Wi-Fi at a time.
The time each phone took to show the table again after its network returned is written
to `chaos-times.json` among the screenshots, to be read beside the issue's two seconds;
the test holds what is deterministic (every phone shows the table again, with nothing
lost or doubled), not a wall-clock limit.
"""

import json
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any

from phase10_keeper.language import words
from phase10_keeper.rules import Game
from phase10_keeper.storage.library import Library

from .browsing import (
    PHONE,
    By,
    click,
    click_counter,
    network,
    open_link,
    started_browser,
    text_of,
    view,
    wait,
)
from .helpers import PLAYERS as HELPER_PLAYERS
from .helpers import Client, first_hand, served

ENGLISH = words("en")
PLAYERS = ("Priya", "Marcus", "Kwame", "Dana", "Yuki", "Lars")
SEED = 36
DROPS_PER_PHONE = 3
AT_ONCE = 3
"""Phones off the network together in one round."""
KILLED_IN_ROUND = 2
"""The round during which the table's process is killed (its phones offline, entries
kept on them) and started again."""


def _command(data_dir: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "phase10_keeper", "--data-dir", str(data_dir), *args]


@contextmanager
def serving(data_dir: Path, game_id: int, port: int) -> Iterator[tuple[Any, dict[str, Any]]]:
    process = subprocess.Popen(
        _command(
            data_dir, "serve", str(game_id), "--host", "127.0.0.1", "--port", str(port), "--json"
        ),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    assert process.stderr is not None
    try:
        line = process.stdout.readline()
        assert line, process.stderr.read()
        yield process, json.loads(line)
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
        process.wait(timeout=10)
        process.stdout.close()
        process.stderr.close()


class _Served:
    def __init__(self, url: str) -> None:
        self.host = "127.0.0.1"
        self.port = int(url.rsplit(":", 1)[1].strip("/"))


def _key(link: str) -> str:
    return link.split("#key=", 1)[1]


def pending_at_table(links: dict[str, Any]) -> dict[str, Any]:
    client = Client(_Served(links["url"]))  # type: ignore[arg-type]  # has what Client reads
    answer = client.request("GET", "/api/game", key=_key(links["keeper"]))
    assert answer.status == 200
    return dict(answer.data["pending"])


def pending_kept(data_dir: Path, game_id: int) -> dict[str, Any]:
    """The entries as kept with the game in the library (what a restart serves)."""
    library = Library.open(data_dir, read_only=True)
    try:
        kept = library.kept_sharing(game_id, datetime.now(UTC))
    finally:
        library.close()
    entries = json.loads(kept or "{}").get("pending", {})
    return {name: {k: v for k, v in e.items() if k != "sender"} for name, e in entries.items()}


def enter(driver: Any, entry: tuple[str, int]) -> dict[str, Any]:
    """Types `entry` (a choice and a count) on the phone shown; returns the result the
    table should hold for it."""
    if driver.find_element(By.ID, "clear").is_displayed():
        click(driver, "clear")
    choice, n = entry
    if choice == "out":
        click(driver, "went-out")
        return {"made": True, "went_out": True}
    if choice == "made":
        click(driver, "made")
        click_counter(driver, "low", "+", times=n)
        return {"made": True, "cards": {"low": n}}
    click(driver, "missed")
    click_counter(driver, "high", "+", times=n)
    return {"made": False, "cards": {"low": 10 - n, "high": n}}


def shows_as_taken(driver: Any, links: dict[str, Any], name: str, entry: Any) -> bool:
    """The phone says its entry is sent, and the table holds it."""
    sent = text_of(driver, "sent") == ENGLISH("phones.sent")
    return sent and pending_at_table(links).get(name) == entry


def shows_hand(driver: Any, hand: int) -> bool:
    return text_of(driver, "entry-title") == ENGLISH("phones.entry_title", hand=hand)


def outbox(driver: Any) -> Any:
    return driver.execute_script("return localStorage.getItem('phase10-keeper-outbox')")


def test_six_phones_enter_through_network_drops_and_a_killed_table(tmp_path: Path, shots: Path):
    data_dir = tmp_path / "data"
    library = Library.open(data_dir)
    game_id = library.add_game(Game(players=PLAYERS, title="Chaos"))
    library.close()
    schedule = random.Random(SEED)
    drops = [name for name in PLAYERS for _ in range(DROPS_PER_PHONE)]
    schedule.shuffle(drops)
    rounds = [drops[start : start + AT_ONCE] for start in range(0, len(drops), AT_ONCE)]
    # A round never takes one phone off twice: its second drop moves to the next round.
    for index, round_ in enumerate(rounds[:-1]):
        for position, name in enumerate(round_):
            if round_.count(name) > 1:
                swap = next(i for i, other in enumerate(rounds[index + 1]) if other not in round_)
                round_[position], rounds[index + 1][swap] = rounds[index + 1][swap], name
    assert all(len(set(round_)) == len(round_) for round_ in rounds)
    last_drop = {name: max(i for i, r in enumerate(rounds) if name in r) for name in PLAYERS}
    goes_out = schedule.choice(PLAYERS)
    expected: dict[str, Any] = {}
    at_table: dict[str, Any] = {}
    """The entries the table has taken, as the phones last saw them taken."""
    returns: list[dict[str, Any]] = []
    tabs: dict[str, str] = {}
    browser = started_browser(
        "--disable-background-timer-throttling",
        "--disable-renderer-backgrounding",
        "--disable-backgrounding-occluded-windows",
        bidi=True,
    )
    driver = next(browser)
    try:
        with ExitStack() as servings:
            process, links = servings.enter_context(serving(data_dir, game_id, 0))
            port = _Served(links["url"]).port
            for name in PLAYERS:
                # Each phone its own: cookies, storage and network.
                own = driver.browser.create_user_context()
                tabs[name] = driver.browsing_context.create(type="tab", user_context=own)
                driver.switch_to.window(tabs[name])
                view(driver, PHONE)
                open_link(driver, links["players"][name])
            for number, round_ in enumerate(rounds):
                for name in round_:
                    driver.switch_to.window(tabs[name])
                    network(driver, online=False)
                    wait(driver, lambda d: text_of(d, "connection") == ENGLISH("phones.offline"))
                    final = number == last_drop[name]
                    entry = (
                        ("out", 0)
                        if final and name == goes_out
                        else (schedule.choice(("made", "missed")), schedule.randint(1, 3))
                    )
                    expected[name] = enter(driver, entry)
                    wait(driver, lambda d: text_of(d, "sent") == ENGLISH("phones.kept"))
                if number == KILLED_IN_ROUND:
                    # What the table took is kept with the game before the kill, as a
                    # table left alone for a moment has it.
                    wait(driver, lambda _d: pending_kept(data_dir, game_id) == at_table)
                    process.send_signal(signal.SIGKILL)
                    process.wait(timeout=10)
                    process, again = servings.enter_context(serving(data_dir, game_id, port))
                    assert again == links
                for name in round_:
                    driver.switch_to.window(tabs[name])
                    network(driver, online=True)
                    back = time.monotonic()
                    wait(
                        driver,
                        partial(shows_as_taken, links=links, name=name, entry=expected[name]),
                    )
                    at_table[name] = expected[name]
                    returns.append(
                        {"round": number, "phone": name, "seconds": time.monotonic() - back}
                    )
            # Every phone (those online through the kill too) shows the table's hand.
            for name in PLAYERS:
                driver.switch_to.window(tabs[name])
                wait(driver, lambda d: text_of(d, "sent") == ENGLISH("phones.sent"))
                assert outbox(driver) is None
                assert text_of(driver, "entry-title") == ENGLISH("phones.entry_title", hand=1)
            assert pending_at_table(links) == expected
            client = Client(_Served(links["url"]))  # type: ignore[arg-type]
            answer = client.request("POST", "/api/hands", key=_key(links["keeper"]), body={})
            assert answer.status == 200, answer.data
            assert pending_at_table(links) == {}
            # Every phone follows the table started again: the next hand shows on each.
            for name in PLAYERS:
                driver.switch_to.window(tabs[name])
                wait(driver, partial(shows_hand, hand=2))
    finally:
        for _ in browser:
            pass
    library = Library.open(data_dir, read_only=True)
    try:
        game = library.load_game(game_id)
    finally:
        library.close()
    # The one hand recorded holds each player's last entry, once.
    (hand,) = game.hands
    assert hand.went_out == goes_out
    for name, result in expected.items():
        recorded = hand.results[name]
        assert recorded.made == result["made"], name
        cards = {kind.value: n for kind, n in recorded.cards.items() if n}
        assert cards == result.get("cards", {}), name
    (shots / "chaos-times.json").write_text(
        json.dumps({"seed": SEED, "entries": len(drops), "returns": returns}, indent=1)
    )
    print(json.dumps(returns))


def test_an_entry_sent_late_for_a_hand_recorded_meanwhile_is_refused_by_the_table(browser):
    """The phone back on the network sends its kept entry before it hears of the hand
    recorded (its view of the table still held up): the table refuses it (409), the
    phone says so, and the entry never lands in the next hand."""
    with served(Game(players=HELPER_PLAYERS)) as (table, client, saved):
        view(browser, PHONE)
        open_link(browser, client.server.links()["players"]["Marcus"])
        network(browser, online=False)
        wait(browser, lambda d: text_of(d, "connection") == ENGLISH("phones.offline"))
        click(browser, "missed")
        wait(browser, lambda d: text_of(d, "sent") == ENGLISH("phones.kept"))
        for name, result in first_hand().results.items():
            body: dict[str, object] = {"made": result.made, "went_out": name == "Priya"}
            cards = {kind.value: n for kind, n in result.cards.items() if n}
            if cards:
                body["cards"] = cards
            table.enter(name, body, "keeper")
        table.record()
        recorded = table.revision
        # Only the entries' address answers: the page learns of the new hand from the
        # table's refusal.
        browser.execute_cdp_cmd(
            "Network.setBlockedURLs", {"urls": ["*/api/game*", "*/api/events*"]}
        )
        try:
            network(browser, online=True)
            stale = ENGLISH("phones.kept_stale", hand=1)
            wait(browser, lambda d: text_of(d, "sent") == stale)
            assert table.snapshot().pending == {}
            assert table.revision == recorded
        finally:
            browser.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
        wait(browser, lambda d: text_of(d, "entry-title") == ENGLISH("phones.entry_title", hand=2))
        assert table.snapshot().pending == {}
        assert saved.games[-1].hands[0].results["Marcus"].made
