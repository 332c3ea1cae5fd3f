"""The table the window drives: its listeners, its following the window's changes, and
the brake on bad keys."""

from dataclasses import replace

import pytest

from phase10_keeper.companion.access import BAD_KEY_WINDOW, BadKeyBrake, Keys, Pass, Role
from phase10_keeper.companion.table import Table, game_to_json
from phase10_keeper.language import words
from phase10_keeper.rules import Game, Join, replay

from .helpers import PLAYERS, first_hand


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_every_change_tells_the_listeners_the_new_revision():
    table = Table(Game(players=PLAYERS))
    told: list[int] = []
    table.listen(told.append)
    table.enter("Priya", {"made": True, "went_out": True}, "Priya")
    table.clear("Priya")
    table.clear("Priya")
    assert told == [2, 3]
    table.unlisten(told.append)
    table.enter("Priya", {"made": True}, "Priya")
    assert told == [2, 3]


def test_an_entry_remembers_who_sent_it():
    table = Table(Game(players=PLAYERS))
    table.enter("Marcus", {"made": True}, "keeper")
    table.enter("Kwame", {"made": False}, "Kwame")
    pending = table.snapshot().pending
    assert pending["Marcus"].sender == "keeper"
    assert pending["Kwame"].sender == "Kwame"


def test_following_the_window_keeps_entries_of_the_same_hand_and_drops_them_after_it():
    game = Game(players=PLAYERS)
    table = Table(game)
    table.enter("Marcus", {"made": True}, "Marcus")
    retitled = replace(game, title="Friday")
    table.follow(retitled)
    assert table.snapshot().game.title == "Friday"
    assert set(table.snapshot().pending) == {"Marcus"}
    table.follow(replace(game, hands=(first_hand(),)))
    assert table.snapshot().pending == {}
    assert table.snapshot().state.hands_played == 1


def test_a_player_who_joins_in_the_window_gets_a_key():
    game = replace(Game(players=PLAYERS), hands=(first_hand(),))
    table = Table(game)
    joined = replace(game, players=(*PLAYERS, "Dana"), seating=(Join(before_hand=2, name="Dana"),))
    table.follow(joined, replay(joined))
    holder = table.keys.by_key(table.keys.players["Dana"])
    assert holder == Pass(Role.PLAYER, "Dana")
    data = game_to_json(table.snapshot(), words("en"))
    assert "Dana" in data["participants"]


def test_a_table_without_a_keeper_does_not_record():
    table = Table(Game(players=PLAYERS))
    assert not table.keeps_hands
    with pytest.raises(RuntimeError):
        table.record()


def test_the_game_object_words_the_phases_in_the_language_asked_for():
    table = Table(Game(players=PLAYERS))
    english = game_to_json(table.snapshot(), words("en"))
    german = game_to_json(table.snapshot(), words("de"))
    assert english["phases"]["1"] != german["phases"]["1"]
    assert english["dealer"] == german["dealer"] == "Priya"
    assert english["first_player"] == "Marcus"
    assert english["kinds"] == ["low", "high", "skip", "wild"]


def test_the_brake_slows_only_the_address_that_sent_ten_bad_keys_within_a_minute():
    clock = Clock()
    brake = BadKeyBrake(clock)
    for _ in range(9):
        brake.note_bad_key("192.168.1.30")
        clock.now += 1
    assert not brake.slowed("192.168.1.30")
    brake.note_bad_key("192.168.1.30")
    assert brake.slowed("192.168.1.30")
    assert not brake.slowed("192.168.1.31")
    # The first bad key was sent 9 s before the tenth: it counts for a minute.
    clock.now += BAD_KEY_WINDOW - 10
    assert brake.slowed("192.168.1.30")
    clock.now += 1
    assert not brake.slowed("192.168.1.30")


def test_the_brake_forgets_the_oldest_address_rather_than_grow_without_end(monkeypatch):
    from phase10_keeper.companion import access

    monkeypatch.setattr(access, "ADDRESSES_TRACKED", 3)
    brake = BadKeyBrake(Clock())
    for address in ("a", "b", "c", "d"):
        for _ in range(10):
            brake.note_bad_key(address)
    assert [brake.slowed(address) for address in "abcd"] == [False, True, True, True]


def test_a_session_counts_as_its_key_and_ends_with_the_table():
    keys = Keys(PLAYERS)
    token = keys.open_session(Pass(Role.PLAYER, "Kwame"))
    assert keys.by_session(token) == Pass(Role.PLAYER, "Kwame")
    assert keys.by_key(token) is None
    keys.end_sessions()
    assert keys.by_session(token) is None


def _senders(table: Table) -> dict[str, str]:
    return {name: entry.sender for name, entry in table.snapshot().pending.items()}


def test_serves_undo_gives_each_entry_back_with_the_phone_that_sent_it():
    # Issue 33 item 20: the table remembers who sent each entry of a hand recorded.
    table = Table(Game(players=PLAYERS), lambda game, replayed: None)
    table.enter("Priya", {"made": True, "went_out": True}, "Priya")
    table.enter("Marcus", {"made": True, "cards": {"low": 1, "high": 1}}, "keeper")
    table.enter("Kwame", {"made": False, "cards": {"low": 6, "high": 4}}, "Kwame")
    table.record()
    table.undo()
    assert _senders(table) == {"Priya": "Priya", "Marcus": "keeper", "Kwame": "Kwame"}
    assert table.snapshot().pending["Priya"].went_out


def test_the_windows_undo_gives_the_phones_entries_back_as_pending_with_their_phones():
    game = Game(players=PLAYERS)
    table = Table(game)
    hand = first_hand()
    kwame = {"made": False, "cards": {"low": 6, "high": 2, "skip": 1, "wild": 1}}
    table.enter("Kwame", kwame, "Kwame")
    table.enter("Marcus", {"made": True, "cards": {"low": 3}}, "Marcus")
    # The window records the hand, with Kwame's entry as his phone sent it and Marcus's
    # typed over in the window.
    table.follow(game.with_hand_appended(hand))
    assert table.snapshot().pending == {}
    table.follow(game)
    pending = table.snapshot().pending
    assert _senders(table) == {"Kwame": "Kwame"}
    assert pending["Kwame"].result == hand.results["Kwame"]
    # An entry sent now is for the hand taken back.
    table.enter("Marcus", {"made": True}, "Marcus", table.revision)
