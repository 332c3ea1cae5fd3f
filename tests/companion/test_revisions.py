"""Entries sent again, or late: `PUT` and `DELETE /api/pending/NAME` with the revision of
the game the page showed are refused (409) once that hand is no longer the next one; an
entry equal to the pending one changes nothing."""

from dataclasses import replace

from phase10_keeper.rules import Game, Join

from .helpers import PLAYERS, EventStream, first_hand, served

MADE = {"made": True, "cards": {"low": 1}}


def _revision(client, key: str) -> int:
    answer = client.request("GET", "/api/game", key=key)
    assert answer.status == 200
    revision: int = answer.data["revision"]
    return revision


def _enter_all(client, keeper: str) -> None:
    for name, entry in {
        "Priya": {"made": True, "went_out": True},
        "Marcus": {"made": True, "cards": {"low": 1, "high": 1}},
        "Kwame": {"made": False, "cards": {"low": 6}},
    }.items():
        assert client.request("PUT", f"/api/pending/{name}", key=keeper, body=entry).status == 200


def test_an_entry_for_a_hand_since_recorded_is_refused_and_changes_nothing():
    with served(Game(players=PLAYERS)) as (table, client, _):
        keeper, marcus = table.keys.keeper, table.keys.players["Marcus"]
        _enter_all(client, keeper)
        shown = _revision(client, marcus)
        assert client.request("POST", "/api/hands", key=keeper, body={}).status == 200
        late = client.request(
            "PUT", "/api/pending/Marcus", key=marcus, body={**MADE, "revision": shown}
        )
        assert late.status == 409
        assert table.snapshot().pending == {}
        cleared = client.request(
            "DELETE", "/api/pending/Marcus", key=marcus, body={"revision": shown}
        )
        assert cleared.status == 409
        # Without a revision, as before: the entry is for the next hand.
        assert client.request("PUT", "/api/pending/Marcus", key=marcus, body=MADE).status == 200


def test_an_entry_for_a_hand_since_taken_back_is_refused():
    with served(Game(players=PLAYERS, hands=(first_hand(),))) as (table, client, _):
        keeper, kwame = table.keys.keeper, table.keys.players["Kwame"]
        shown = _revision(client, kwame)
        assert client.request("POST", "/api/undo", key=keeper, body={}).status == 200
        late = client.request(
            "PUT", "/api/pending/Kwame", key=kwame, body={**MADE, "revision": shown}
        )
        assert late.status == 409
        # The hand taken back is pending again, untouched.
        assert not table.snapshot().pending["Kwame"].result.made


def test_an_entry_for_the_hand_still_next_is_taken_whatever_changed_since():
    with served(Game(players=PLAYERS)) as (table, client, _):
        priya, marcus = table.keys.players["Priya"], table.keys.players["Marcus"]
        shown = _revision(client, marcus)
        assert client.request("PUT", "/api/pending/Priya", key=priya, body=MADE).status == 200
        answer = client.request(
            "PUT", "/api/pending/Marcus", key=marcus, body={**MADE, "revision": shown}
        )
        assert answer.status == 200, answer.data
        assert set(table.snapshot().pending) == {"Priya", "Marcus"}
        now = _revision(client, marcus)
        cleared = client.request(
            "DELETE", "/api/pending/Marcus", key=marcus, body={"revision": now}
        )
        assert cleared.status == 200
        assert set(table.snapshot().pending) == {"Priya"}
        # A revision the table never showed is no hand of it.
        ahead = client.request(
            "PUT", "/api/pending/Marcus", key=marcus, body={**MADE, "revision": now + 5}
        )
        assert ahead.status == 409
        wrong = client.request(
            "PUT", "/api/pending/Marcus", key=marcus, body={**MADE, "revision": "7"}
        )
        assert wrong.status == 400


def test_a_seating_change_in_the_window_makes_older_entries_stale():
    game = Game(players=PLAYERS)
    with served(game, keeps_hands=False) as (table, client, _):
        priya = table.keys.players["Priya"]
        shown = _revision(client, priya)
        joined = replace(game, players=(*PLAYERS, "Eve"), seating=(Join(1, "Eve"),))
        table.follow(joined)
        late = client.request(
            "PUT", "/api/pending/Priya", key=priya, body={**MADE, "revision": shown}
        )
        assert late.status == 409
        # A correction that leaves the next hand as it was keeps them good.
        shown = _revision(client, priya)
        table.follow(replace(joined, title="Renamed"))
        answer = client.request(
            "PUT", "/api/pending/Priya", key=priya, body={**MADE, "revision": shown}
        )
        assert answer.status == 200


def test_an_entry_sent_again_makes_no_new_revision_and_no_event():
    with served(Game(players=PLAYERS)) as (table, client, _):
        priya = table.keys.players["Priya"]
        stream = EventStream(client, table.keys.viewer)
        try:
            stream.next_event()
            assert client.request("PUT", "/api/pending/Priya", key=priya, body=MADE).status == 200
            _, first = stream.next_event()
            again = client.request(
                "PUT", "/api/pending/Priya", key=priya, body={**MADE, "revision": first["revision"]}
            )
            assert again.status == 200
            assert again.data == {"problems": []}
            assert _revision(client, priya) == first["revision"]
            # The next event the stream carries is the next real change, not the repeat.
            assert client.request("DELETE", "/api/pending/Priya", key=priya).status == 200
            _, second = stream.next_event()
            assert (second["revision"], second["pending"]) == (first["revision"] + 1, {})
        finally:
            stream.close()
