"""The table's sharing kept with its game: the same keys and entries on a new start,
until the keeper stops sharing, the game is finished, or the entries' hand has gone."""

import json
import threading
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from phase10_keeper.companion.lasting import LastingSharing, lasting_table
from phase10_keeper.companion.server import PhoneServer, ThreadedPhoneServer
from phase10_keeper.companion.table import StaleRevision, Table
from phase10_keeper.language import words
from phase10_keeper.rules import Game
from phase10_keeper.storage.gamefile import read_game
from phase10_keeper.storage.library import Library

from .helpers import PLAYERS, Client, EventStream, first_hand

GAMES = Path(__file__).resolve().parent.parent / "data" / "games"
MADE = {"made": True, "cards": {"low": 1}}


@pytest.fixture
def library(tmp_path: Path) -> Iterator[Library]:
    with Library.open(tmp_path / "data") as opened:
        yield opened


def _served_once(library: Library, game_id: int, **entries: dict[str, object]) -> Table:
    """The table as one start served it, with `entries` typed on phones; then stopped."""
    table, lasting = lasting_table(library, game_id, library.load_game(game_id))
    for name, entry in entries.items():
        table.enter(name, entry, name)
    lasting.close()
    return table


def test_a_new_start_has_the_same_keys_entries_and_a_later_revision(library: Library):
    game_id = library.add_game(Game(players=PLAYERS))
    before = _served_once(library, game_id, Priya=MADE)
    after = _served_once(library, game_id)
    assert after.keys.to_json() == before.keys.to_json()
    assert set(after.snapshot().pending) == {"Priya"}
    assert after.snapshot().revision > before.snapshot().revision


def test_a_game_changed_meanwhile_keeps_the_keys_but_not_the_entries(library: Library):
    game_id = library.add_game(Game(players=PLAYERS))
    before = _served_once(library, game_id, Priya=MADE)
    shown = before.snapshot().revision
    library.save_game(game_id, library.load_game(game_id).with_hand_appended(first_hand()))
    after = _served_once(library, game_id)
    assert after.keys.to_json() == before.keys.to_json()
    assert after.snapshot().pending == {}
    with pytest.raises(StaleRevision):
        after.enter("Marcus", MADE, "Marcus", shown)


def test_stop_sharing_and_a_finished_game_end_the_links(library: Library):
    game_id = library.add_game(Game(players=PLAYERS))
    table, lasting = lasting_table(library, game_id, library.load_game(game_id))
    lasting.forget()
    lasting.close()
    assert _served_once(library, game_id).keys.keeper != table.keys.keeper
    finished = library.add_game(read_game(GAMES / "mattel-finished.phase10.json"))
    first = _served_once(library, finished)
    assert _served_once(library, finished).keys.keeper != first.keys.keeper


def test_a_kept_sharing_that_does_not_read_back_gives_new_keys():
    game = Game(players=PLAYERS)
    for kept in ["", "[]", '{"keys": {"keeper": 1}}', "{" * 5000]:
        assert not Table(game, None, kept).keys.restored


class _StalledWriter:
    """Stands for a process killed before its sharing writer ran: once `stall`ed, the
    writer's next write waits until `release`d (as if it never ran)."""

    def __init__(self, lasting: LastingSharing) -> None:
        self._writer = lasting._writer
        self._write = self._writer._write
        self._go = threading.Event()

    def stall(self) -> None:
        self._writer._write = self._held  # type: ignore[method-assign]

    def _held(self, connection: Any) -> None:
        self._go.wait()
        self._write(connection)

    def release(self) -> None:
        self._go.set()


def _serving(table: Table, lasting: LastingSharing) -> ThreadedPhoneServer:
    server = PhoneServer(table, "127.0.0.1", 0, words("en"), keep=lasting.kept, keep_timeout=0.2)
    running = ThreadedPhoneServer(server)
    running.start()
    return running


def _kept_entries(library: Library, game_id: int) -> dict[str, Any]:
    kept = library.kept_sharing(game_id, datetime.now(UTC))
    assert kept is not None
    pending: dict[str, Any] = json.loads(kept)["pending"]
    return pending


def test_an_entry_is_answered_200_only_once_it_is_kept_with_the_game(library: Library):
    # Issue 36: the phone drops an entry from its queue on the 200. A process killed
    # after the answer but before the sharing was written would lose it; the answer waits
    # for the writing instead, and the phone keeps what was not answered 200.
    game_id = library.add_game(Game(players=PLAYERS))
    table, lasting = lasting_table(library, game_id, library.load_game(game_id))
    assert lasting.kept(10)
    priya = table.keys.players["Priya"]
    stalled = _StalledWriter(lasting)
    stalled.stall()
    running = _serving(table, lasting)
    try:
        answer = Client(running.server).request("PUT", "/api/pending/Priya", key=priya, body=MADE)
        # The table has it (the phones following it are told), but it is not kept: the
        # phone is not told it can forget it.
        assert answer.status == 503, answer.data
        assert set(table.snapshot().pending) == {"Priya"}
        assert _kept_entries(library, game_id) == {}
        # The process is killed here: its writer never runs. Started again on the game,
        # the table has the same keys and the phone sends what it kept.
        again, relasting = lasting_table(library, game_id, library.load_game(game_id))
        assert again.keys.players["Priya"] == priya
        restarted = _serving(again, relasting)
        try:
            answer = Client(restarted.server).request(
                "PUT", "/api/pending/Priya", key=priya, body=MADE
            )
            assert answer.status == 200, answer.data
            # Answered 200: kept already, whatever happens to the process now.
            assert _kept_entries(library, game_id) == {"Priya": {**MADE, "sender": "Priya"}}
        finally:
            restarted.stop(for_good=False)
            relasting.close()
    finally:
        running.stop(for_good=False)
        stalled.release()
        lasting.close()


def test_a_phones_change_is_told_to_the_others_before_its_sender_hears(library: Library):
    # Only the sender waits for the disk: a phone following the table sees the change
    # while the writing is still held.
    game_id = library.add_game(Game(players=PLAYERS))
    table, lasting = lasting_table(library, game_id, library.load_game(game_id))
    assert lasting.kept(10)
    stalled = _StalledWriter(lasting)
    stalled.stall()
    running = _serving(table, lasting)
    client = Client(running.server)
    following = EventStream(client, table.keys.viewer)
    try:
        assert following.next_event()[0] == "game"
        sending = threading.Thread(
            target=client.request,
            args=("PUT", "/api/pending/Priya"),
            kwargs={"key": table.keys.players["Priya"], "body": MADE},
        )
        sending.start()
        kind, game = following.next_event()
        assert kind == "game"
        assert game["pending"] == {"Priya": MADE}
        stalled.release()
        sending.join()
    finally:
        following.close()
        running.stop(for_good=False)
        stalled.release()
        lasting.close()
