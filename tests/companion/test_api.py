"""The phones' API, as CONTRACTS.md section 4 gives it: every answer and every refusal."""

import base64
import json
import re
from dataclasses import replace
from pathlib import Path
from urllib.parse import quote

import pytest

from phase10_keeper.companion.server import is_origin_of, names_address
from phase10_keeper.language import words
from phase10_keeper.rules import (
    CardValues,
    Deck,
    Game,
    Join,
    Leave,
    Preset,
    build_rules,
    preset_rules,
    replay,
)
from phase10_keeper.storage.gamefile import read_game, standings_to_json

from .helpers import PLAYERS, EventStream, first_hand, served

GAME = Game(players=PLAYERS)
GAMES = Path(__file__).resolve().parent.parent / "data" / "games"


@pytest.fixture
def table_served():
    with served(GAME) as running:
        yield running


def test_every_key_reads_the_game_as_standings_json_with_revision_and_pending(table_served):
    table, client, _ = table_served
    keys = table.keys
    expected = standings_to_json(replay(GAME).final)
    for key in (keys.keeper, keys.viewer, *keys.players.values()):
        answer = client.request("GET", "/api/game", key=key)
        assert answer.status == 200
        assert {name: answer.data[name] for name in expected} == expected
        assert answer.data["revision"] == table.revision
        assert answer.data["pending"] == {}


def test_keys_are_random_url_safe_and_at_least_128_bits():
    every = []
    for _ in range(3):
        with served(GAME) as (table, _, _):
            keys = table.keys
            every += [keys.keeper, keys.viewer, *keys.players.values()]
    assert len(set(every)) == len(every)
    for key in every:
        assert re.fullmatch(r"[A-Za-z0-9_-]+", key)
        assert len(base64.urlsafe_b64decode(key + "=" * (-len(key) % 4))) >= 16


def test_links_carry_the_key_in_the_fragment(table_served):
    table, client, _ = table_served
    links = client.server.links()
    base = f"http://127.0.0.1:{client.server.port}/"
    assert links["url"] == base
    assert links["keeper"] == f"{base}#key={table.keys.keeper}"
    assert links["viewer"] == f"{base}#key={table.keys.viewer}"
    assert links["players"] == {name: f"{base}#key={table.keys.players[name]}" for name in PLAYERS}


def test_a_player_enters_their_own_result_and_everyone_sees_it(table_served):
    table, client, _ = table_served
    before = table.revision
    answer = client.request(
        "PUT",
        "/api/pending/Priya",
        key=table.keys.players["Priya"],
        body={"made": True, "went_out": True},
    )
    assert answer.status == 200
    assert answer.data == {"problems": []}
    game = client.request("GET", "/api/game", key=table.keys.viewer).data
    assert game["pending"] == {"Priya": {"made": True, "went_out": True}}
    assert game["revision"] > before


def test_the_checks_so_far_come_back_worded_in_the_pages_language(table_served):
    table, client, _ = table_served
    nine = {"made": False, "cards": {"low": 9}}
    english = client.request(
        "PUT", "/api/pending/Kwame", key=table.keys.players["Kwame"], body=nine
    )
    assert english.status == 200
    (warning,) = english.data["problems"]
    assert warning["severity"] == "warning"
    assert warning["player"] == "Kwame"
    assert "holds 9 cards" in warning["message"]
    german = client.request(
        "PUT", "/api/pending/Kwame?lang=de", key=table.keys.players["Kwame"], body=nine
    )
    assert german.data["problems"][0]["message"] != warning["message"]
    by_header = client.request(
        "PUT",
        "/api/pending/Kwame",
        key=table.keys.players["Kwame"],
        body=nine,
        headers={"Accept-Language": "de-AT,de;q=0.9"},
    )
    assert by_header.data["problems"] == german.data["problems"]


def test_the_keeper_enters_for_anyone_and_names_compare_ignoring_case(table_served):
    table, client, _ = table_served
    answer = client.request(
        "PUT",
        "/api/pending/mARCUS",
        key=table.keys.keeper,
        body={"made": True, "cards": {"low": 2}},
    )
    assert answer.status == 200
    pending = client.request("GET", "/api/game", key=table.keys.keeper).data["pending"]
    assert pending == {"Marcus": {"made": True, "cards": {"low": 2}}}


def test_delete_clears_an_entry(table_served):
    table, client, _ = table_served
    key = table.keys.players["Marcus"]
    client.request("PUT", "/api/pending/Marcus", key=key, body={"made": True})
    assert client.request("DELETE", "/api/pending/Marcus", key=key).status == 200
    assert client.request("GET", "/api/game", key=key).data["pending"] == {}


def _enter_first_hand(table, client) -> None:
    for name, entry in first_hand().results.items():
        body: dict[str, object] = {"made": entry.made}
        cards = {kind.value: count for kind, count in entry.cards.items() if count}
        if cards:
            body["cards"] = cards
        if name == "Priya":
            body["went_out"] = True
        answer = client.request(
            "PUT", f"/api/pending/{name}", key=table.keys.players[name], body=body
        )
        assert answer.status == 200, answer.data


def test_the_keeper_records_the_pending_hand_which_is_saved_first(table_served):
    table, client, saved = table_served
    _enter_first_hand(table, client)
    seen = table.revision
    answer = client.request("POST", "/api/hands", key=table.keys.keeper, body={"revision": seen})
    assert answer.status == 200
    assert answer.data["hands_played"] == 1
    assert answer.data["pending"] == {}
    assert answer.data["revision"] > seen
    assert [player["total"] for player in answer.data["players"]] == [0, 15, 90]
    assert saved.games[-1].hands == (first_hand(),)


def test_undo_takes_back_the_last_hand_and_puts_it_back_into_the_entries(table_served):
    table, client, saved = table_served
    _enter_first_hand(table, client)
    client.request("POST", "/api/hands", key=table.keys.keeper, body={})
    answer = client.request("POST", "/api/undo", key=table.keys.keeper, body={})
    assert answer.status == 200
    assert answer.data["hands_played"] == 0
    assert saved.games[-1].hands == ()
    assert answer.data["pending"]["Priya"] == {"made": True, "went_out": True}
    assert answer.data["pending"]["Kwame"] == {
        "made": False,
        "cards": {"low": 6, "high": 2, "skip": 1, "wild": 1},
    }


def test_a_change_reaches_every_stream_with_a_game_event(table_served):
    table, client, _ = table_served
    streams = [EventStream(client, table.keys.viewer), EventStream(client, table.keys.keeper)]
    try:
        for stream in streams:
            name, data = stream.next_event()
            assert name == "game"
            assert data["revision"] == table.revision
        client.request(
            "PUT", "/api/pending/Priya", key=table.keys.players["Priya"], body={"made": True}
        )
        for stream in streams:
            name, data = stream.next_event()
            assert name == "game"
            assert data["pending"] == {"Priya": {"made": True}}
    finally:
        for stream in streams:
            stream.close()


def test_closing_the_table_tells_every_stream_and_ends_every_session():
    with served(GAME) as (table, client, _):
        stream = EventStream(client, table.keys.viewer)
        stream.next_event()
        session = client.request("POST", "/api/session", body={"key": table.keys.viewer})
        cookie = session.headers["Set-Cookie"].split(";")[0]
        running_server = client.server
    assert stream.next_event() == ("closed", {})
    stream.close()
    assert running_server.table.keys.by_session(cookie.split("=", 1)[1]) is None


def test_the_page_exchanges_its_key_for_a_session_cookie_scripts_cannot_read(table_served):
    table, client, _ = table_served
    answer = client.request("POST", "/api/session", body={"key": table.keys.players["Kwame"]})
    assert answer.status == 200
    assert answer.data["role"] == "player"
    assert answer.data["player"] == "Kwame"
    cookie = answer.headers["Set-Cookie"]
    attributes = {part.strip().lower() for part in cookie.split(";")[1:]}
    assert {"httponly", "samesite=strict", "path=/"} <= attributes
    pair = cookie.split(";")[0]
    assert table.keys.players["Kwame"] not in pair
    headers = {"Cookie": pair}
    assert client.request("GET", "/api/game", headers=headers).status == 200
    entered = client.request("PUT", "/api/pending/Kwame", headers=headers, body={"made": True})
    assert entered.status == 200
    other = client.request("PUT", "/api/pending/Priya", headers=headers, body={"made": True})
    assert other.status == 403


def test_the_page_is_served_whole_with_a_strict_policy(table_served):
    _, client, _ = table_served
    answer = client.request("GET", "/")
    assert answer.status == 200
    assert answer.headers["Content-Type"].startswith("text/html")
    policy = answer.headers["Content-Security-Policy"]
    assert "default-src 'none'" in policy
    assert "connect-src 'self'" in policy
    page = answer.data.decode("utf-8")
    assert len(answer.data) < 100 * 1024
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", page)
    assert "@import" not in page


# Refusals


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/api/game"),
        ("GET", "/api/events"),
        ("PUT", "/api/pending/Priya"),
        ("DELETE", "/api/pending/Priya"),
        ("POST", "/api/hands"),
        ("POST", "/api/undo"),
        ("GET", "/api/session"),
    ],
)
def test_401_without_a_key_or_with_an_unknown_one(table_served, method, path):
    _, client, _ = table_served
    body = {"made": True} if method == "PUT" else None
    assert client.request(method, path, body=body).status == 401
    assert client.request(method, path, body=body, key="not-a-key").status == 401
    headers = {"Cookie": f"{client.server.cookie_name}=not-a-session"}
    assert client.request(method, path, body=body, headers=headers).status == 401


def test_401_for_a_session_asked_with_an_unknown_key(table_served):
    _, client, _ = table_served
    answer = client.request("POST", "/api/session", body={"key": "not-a-key"})
    assert answer.status == 401
    assert "Set-Cookie" not in answer.headers


def test_403_for_a_players_key_on_another_player(table_served):
    table, client, _ = table_served
    key = table.keys.players["Marcus"]
    assert client.request("PUT", "/api/pending/Priya", key=key, body={"made": True}).status == 403
    assert client.request("DELETE", "/api/pending/Priya", key=key).status == 403
    assert client.request("PUT", "/api/pending/Nobody", key=key, body={"made": True}).status == 403


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("PUT", "/api/pending/Priya", {"made": True}),
        ("DELETE", "/api/pending/Priya", None),
        ("POST", "/api/hands", {}),
        ("POST", "/api/undo", {}),
    ],
)
def test_403_for_the_viewers_key_on_any_change(table_served, method, path, body):
    table, client, _ = table_served
    assert client.request(method, path, key=table.keys.viewer, body=body).status == 403


@pytest.mark.parametrize("path", ["/api/hands", "/api/undo"])
def test_403_for_a_players_key_recording_or_undoing(table_served, path):
    table, client, _ = table_served
    answer = client.request("POST", path, key=table.keys.players["Priya"], body={})
    assert answer.status == 403


def test_403_for_the_keepers_link_where_the_window_keeps_the_hands():
    with served(GAME, keeps_hands=False) as (table, client, _):
        assert client.request("POST", "/api/hands", key=table.keys.keeper, body={}).status == 403


@pytest.mark.parametrize(
    "origin", ["http://evil.example", "null", "http://127.0.0.1:1", "https://127.0.0.1"]
)
def test_403_for_a_change_from_another_site(table_served, origin):
    table, client, _ = table_served
    answer = client.request(
        "PUT",
        "/api/pending/Priya",
        key=table.keys.keeper,
        body={"made": True},
        headers={"Origin": origin},
    )
    assert answer.status == 403
    assert table.snapshot().pending == {}


def test_a_change_from_the_page_itself_passes_the_origin_check(table_served):
    table, client, _ = table_served
    answer = client.request(
        "PUT",
        "/api/pending/Priya",
        key=table.keys.keeper,
        body={"made": True},
        headers={"Origin": client.server.origin},
    )
    assert answer.status == 200


@pytest.mark.parametrize(
    "path", ["/library.sqlite3", "/api", "/api/games", "/api/pending", "/index.html", "/../"]
)
def test_404_for_anything_else(table_served, path):
    table, client, _ = table_served
    assert client.request("GET", path, key=table.keys.keeper).status == 404


def test_404_for_a_name_no_player_has(table_served):
    table, client, _ = table_served
    answer = client.request(
        "PUT", "/api/pending/Nobody", key=table.keys.keeper, body={"made": True}
    )
    assert answer.status == 404


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/api/hands"),
        ("POST", "/api/game"),
        ("GET", "/api/undo"),
        ("POST", "/api/events"),
        ("PATCH", "/api/pending/Priya"),
    ],
)
def test_405_for_a_method_the_path_does_not_take(table_served, method, path):
    table, client, _ = table_served
    assert client.request(method, path, key=table.keys.keeper, body={}).status == 405


def test_409_for_a_stale_revision(table_served):
    table, client, saved = table_served
    _enter_first_hand(table, client)
    seen = table.revision
    client.request(
        "PUT",
        "/api/pending/Marcus",
        key=table.keys.players["Marcus"],
        body={"made": True, "cards": {"low": 2}},
    )
    answer = client.request("POST", "/api/hands", key=table.keys.keeper, body={"revision": seen})
    assert answer.status == 409
    assert saved.games == []
    assert (
        client.request("POST", "/api/undo", key=table.keys.keeper, body={"revision": seen}).status
        == 409
    )


def test_413_for_a_body_over_16_kib(table_served):
    table, client, _ = table_served
    body = json.dumps({"made": True, "padding": "x" * (16 * 1024)}).encode()
    answer = client.request("PUT", "/api/pending/Priya", key=table.keys.keeper, raw=body)
    assert answer.status == 413
    just_under = json.dumps({"made": True, "padding": "x" * (16 * 1024 - 40)}).encode()
    assert len(just_under) <= 16 * 1024
    assert (
        client.request("PUT", "/api/pending/Priya", key=table.keys.keeper, raw=just_under).status
        == 200
    )


@pytest.mark.parametrize(
    "host", ["evil.example", "127.0.0.1", "127.0.0.1:1", "localhost:{port}", "evil.example:{port}"]
)
def test_421_for_a_host_header_that_is_not_the_served_address_and_port(table_served, host):
    table, client, _ = table_served
    headers = {"Host": host.format(port=client.server.port)}
    assert client.request("GET", "/api/game", key=table.keys.keeper, headers=headers).status == 421
    assert client.request("GET", "/", headers=headers).status == 421


@pytest.mark.parametrize("raw", [b"{", b"made", b"\xff\xfe", b""])
def test_400_for_a_body_that_is_no_json(table_served, raw):
    table, client, _ = table_served
    answer = client.request("PUT", "/api/pending/Priya", key=table.keys.keeper, raw=raw)
    assert answer.status == 400


def test_400_for_a_revision_that_is_not_a_number(table_served):
    table, client, _ = table_served
    answer = client.request("POST", "/api/hands", key=table.keys.keeper, body={"revision": "3"})
    assert answer.status == 400
    assert client.request("POST", "/api/hands", key=table.keys.keeper, raw=b"[").status == 400


@pytest.mark.parametrize(
    "body",
    [
        {"made": "yes"},
        {"made": True, "cards": {"gold": 1}},
        {"made": True, "cards": {"low": -1}},
        {"made": True, "cards": {"low": 5}},
        {"made": False, "went_out": True},
        {"made": True, "went_out": "yes"},
        {"made": True, "went_out": True, "cards": {"wild": 1}},
        {"cards": {"low": 1}},
        [1, 2],
    ],
)
def test_422_for_an_entry_the_rules_refuse_with_its_problems(table_served, body):
    table, client, _ = table_served
    answer = client.request("PUT", "/api/pending/Priya", key=table.keys.players["Priya"], body=body)
    assert answer.status == 422
    assert answer.data["problems"]
    assert all(problem["message"] for problem in answer.data["problems"])
    assert table.snapshot().pending == {}


def test_422_for_a_hand_nobody_went_out_of(table_served):
    table, client, saved = table_served
    for name in PLAYERS:
        client.request("PUT", f"/api/pending/{name}", key=table.keys.keeper, body={"made": False})
    answer = client.request("POST", "/api/hands", key=table.keys.keeper, body={})
    assert answer.status == 422
    assert any(problem["field"] == "went_out" for problem in answer.data["problems"])
    assert saved.games == []


def test_422_for_a_hand_with_entries_missing(table_served):
    table, client, saved = table_served
    client.request(
        "PUT", "/api/pending/Priya", key=table.keys.keeper, body={"made": True, "went_out": True}
    )
    answer = client.request("POST", "/api/hands", key=table.keys.keeper, body={})
    assert answer.status == 422
    assert {problem["player"] for problem in answer.data["problems"]} == {"Marcus", "Kwame"}
    assert saved.games == []


def test_422_when_two_players_say_they_went_out(table_served):
    table, client, _ = table_served
    for name in ("Priya", "Marcus"):
        answer = client.request(
            "PUT",
            f"/api/pending/{name}",
            key=table.keys.players[name],
            body={"made": True, "went_out": True},
        )
        assert answer.status == 200
    client.request("PUT", "/api/pending/Kwame", key=table.keys.keeper, body={"made": False})
    answer = client.request("POST", "/api/hands", key=table.keys.keeper, body={})
    assert answer.status == 422
    named = "\u2068Priya\u2069 and \u2068Marcus\u2069"
    assert any(named in problem["message"] for problem in answer.data["problems"])


def test_422_for_undo_with_no_hand_recorded(table_served):
    table, client, _ = table_served
    answer = client.request("POST", "/api/undo", key=table.keys.keeper, body={})
    assert answer.status == 422
    assert answer.data["problems"]


def test_a_hand_the_table_miscounted_is_recorded_with_its_warning(table_served):
    table, client, saved = table_served
    client.request(
        "PUT", "/api/pending/Priya", key=table.keys.keeper, body={"made": True, "went_out": True}
    )
    client.request(
        "PUT",
        "/api/pending/Marcus",
        key=table.keys.keeper,
        body={"made": False, "cards": {"low": 9}},
    )
    client.request(
        "PUT",
        "/api/pending/Kwame",
        key=table.keys.keeper,
        body={"made": False, "cards": {"low": 10}},
    )
    warnings = client.request("GET", "/api/game", key=table.keys.keeper).data["problems"]
    assert [problem["severity"] for problem in warnings] == ["warning"]
    assert client.request("POST", "/api/hands", key=table.keys.keeper, body={}).status == 200
    assert len(saved.games) == 1


def test_429_after_ten_unknown_keys_from_one_address(table_served):
    table, client, _ = table_served
    for _ in range(10):
        assert client.request("GET", "/api/game", key="guess").status == 401
    slowed = client.request("GET", "/api/game", key="guess")
    assert slowed.status == 429
    assert slowed.headers["Retry-After"] == "60"
    # A right key from that address is slowed too, or the brake would tell it apart.
    assert client.request("GET", "/api/game", key=table.keys.keeper).status == 429
    assert client.request("POST", "/api/session", body={"key": table.keys.keeper}).status == 429
    # The page itself is no key.
    assert client.request("GET", "/").status == 200


def test_a_tiebreak_takes_entries_from_the_tied_players_only():
    game = read_game(GAMES / "mattel-tiebreak.phase10.json")
    state = replay(game).final
    tied = set(state.tiebreak_players)
    (left_out, *_) = [name for name in game.players if name not in tied]
    with served(game) as (table, client, _):
        shown = client.request("GET", "/api/game", key=table.keys.viewer).data
        assert shown["status"] == "tiebreak"
        assert set(shown["participants"]) == tied
        answer = client.request(
            "PUT", f"/api/pending/{left_out}", key=table.keys.keeper, body={"made": False}
        )
        assert answer.status == 422
        assert answer.data["problems"][0]["player"] == left_out


def test_a_finished_game_takes_no_entry():
    game = read_game(GAMES / "mattel-finished.phase10.json")
    with served(game) as (table, client, _):
        name = game.players[0]
        answer = client.request(
            "PUT", f"/api/pending/{name}", key=table.keys.keeper, body={"made": True}
        )
        assert answer.status == 422
        assert client.request("POST", "/api/hands", key=table.keys.keeper, body={}).status == 422


def test_points_typed_directly_are_checked_by_the_rules_and_recorded(table_served):
    table, client, saved = table_served
    kwame = table.keys.players["Kwame"]
    odd = client.request("PUT", "/api/pending/Kwame", key=kwame, body={"made": False, "points": 57})
    assert odd.status == 422
    assert odd.data["problems"]
    both = {"made": False, "points": 55, "cards": {"low": 10}}
    assert client.request("PUT", "/api/pending/Kwame", key=kwame, body=both).status == 422
    answer = client.request(
        "PUT", "/api/pending/Kwame", key=kwame, body={"made": False, "points": 55}
    )
    assert answer.status == 200
    client.request(
        "PUT", "/api/pending/Priya", key=table.keys.keeper, body={"made": True, "went_out": True}
    )
    client.request(
        "PUT", "/api/pending/Marcus", key=table.keys.keeper, body={"made": True, "points": 15}
    )
    pending = client.request("GET", "/api/game", key=kwame).data["pending"]
    assert pending["Kwame"] == {"made": False, "points": 55}
    recorded = client.request("POST", "/api/hands", key=table.keys.keeper, body={})
    assert recorded.status == 200
    assert [player["total"] for player in recorded.data["players"]] == [0, 15, 55]
    assert saved.games[-1].hands[0].results["Kwame"].points == 55


def test_where_players_choose_their_phase_an_entry_says_which():
    game = Game(players=PLAYERS, rules=preset_rules(Preset.MASTERS))
    state = replay(game).final
    name = state.participants()[0]
    with served(game) as (table, client, _):
        shown = client.request("GET", "/api/game", key=table.keys.viewer).data
        choices = shown["phase_choices"][name]
        assert choices == [phase.label for phase in state.phases_left(name)]
        key = table.keys.players[name]
        unsaid = client.request("PUT", f"/api/pending/{name}", key=key, body={"made": False})
        assert unsaid.status == 422
        said = {"made": False, "phase": choices[0], "cards": {"low": 10}}
        assert client.request("PUT", f"/api/pending/{name}", key=key, body=said).status == 200
        pending = client.request("GET", "/api/game", key=key).data["pending"]
        assert pending[name]["phase"] == choices[0]


def test_names_listed_in_a_problem_are_each_isolated_for_the_page():
    players = ("דנה", "Bo", "Cy")
    with served(Game(players=players)) as (table, client, _):
        for name in ("דנה", "Bo"):
            answer = client.request(
                "PUT",
                f"/api/pending/{quote(name)}",
                key=table.keys.keeper,
                body={"made": True, "went_out": True},
            )
    messages = [problem["message"] for problem in answer.data["problems"]]
    assert any("\u2068דנה\u2069 and \u2068Bo\u2069" in message for message in messages), messages


@pytest.mark.parametrize(
    "change",
    [Leave(before_hand=2, name="Kwame"), Join(before_hand=2, name="Dana", after="Priya")],
    ids=["left", "joined"],
)
def test_undo_right_after_a_seating_change_keeps_it_before_the_next_hand(change):
    """Issue 32: a player left or joined after the last hand, and the keeper's Undo
    answered 500 (the seating change was left past the end of the hand log). The hand is
    taken back as the game's own removal takes it: the change stays before the next hand,
    which is now the hand taken back, and its results are the entries of those who play
    it."""
    game = Game(players=PLAYERS, hands=(first_hand(),)).with_seating_change(change)
    with served(game) as (table, client, saved):
        answer = client.request("POST", "/api/undo", key=table.keys.keeper, body={})
        assert answer.status == 200, answer.data
        assert saved.games == [game.with_hand_removed(0)]
        assert saved.games[0].seating == (replace(change, before_hand=1),)
        assert answer.data["hands_played"] == 0
        playing = answer.data["participants"]
        assert ("Kwame" in playing) is isinstance(change, Join)
        assert ("Dana" in playing) is isinstance(change, Join)
        assert set(answer.data["pending"]) == {"Priya", "Marcus", "Kwame"} & set(playing)
        assert answer.data["pending"]["Priya"] == {"made": True, "went_out": True}
        # The hand taken back is recorded again from its entries (a joiner's added).
        if isinstance(change, Join):
            client.request("PUT", "/api/pending/Dana", key=table.keys.keeper, body={"made": True})
        again = client.request("POST", "/api/hands", key=table.keys.keeper, body={})
        assert again.status == 200, again.data
        assert saved.games[-1].seating == (replace(change, before_hand=1),)
        assert len(saved.games[-1].hands) == 1


@pytest.mark.parametrize(
    ("served_as", "sent_as"),
    [
        ("LocalHost", "localhost"),
        ("localhost", "LOCALHOST"),
        ("::1", "[::1]"),
        ("0:0:0:0:0:0:0:1", "[::1]"),
        ("0:0:0:0:0:0:0:1", "[0:0:0:0:0:0:0:1]"),
    ],
)
def test_host_and_origin_name_the_served_host_in_any_case_or_spelling(served_as, sent_as):
    """Issue 32: `serve --host LocalHost` refused every browser request with 421, since a
    browser sends the host in lower case (and an IPv6 address in its shortest form). The
    host compares as a host name compares, ignoring case, and an address as the address
    it spells; the port compares exactly."""
    with served(Game(players=PLAYERS), host=served_as) as (table, client, _):
        port = client.server.port
        same_site = {"Host": f"{sent_as}:{port}", "Origin": f"http://{sent_as}:{port}"}
        assert client.request("GET", "/", headers=same_site).status == 200
        answer = client.request(
            "PUT",
            "/api/pending/Priya",
            key=table.keys.keeper,
            body={"made": True},
            headers=same_site,
        )
        assert answer.status == 200, answer.data
        for host in (f"{sent_as}:0{port}", f"{sent_as}:{port + 1}", sent_as, f"{sent_as}.:{port}"):
            assert client.request("GET", "/", headers={"Host": host}).status == 421, host
        other_port = {**same_site, "Origin": f"http://{sent_as}:{port + 1}"}
        answer = client.request(
            "PUT",
            "/api/pending/Priya",
            key=table.keys.keeper,
            body={"made": True},
            headers=other_port,
        )
        assert answer.status == 403


@pytest.mark.parametrize(
    ("authority", "names_it"),
    [
        ("[::1]:8765", True),
        ("[0::1]:8765", True),
        ("::1:8765", False),
        ("[::1]", False),
        ("[::1:8765", False),
        ("", False),
        ("[::2]:8765", False),
        (":8765", False),
    ],
)
def test_a_host_header_names_an_ipv6_address_only_in_brackets(authority, names_it):
    assert names_address(authority, "::1", 8765) is names_it


def test_a_host_header_or_origin_without_a_port_means_port_80():
    assert names_address("LocalHost", "localhost", 80)
    assert not names_address("localhost", "localhost", 8080)
    assert is_origin_of("http://localhost", "localhost", 80)
    assert is_origin_of("HTTP://LOCALHOST:8080", "localhost", 8080)
    for origin in ("https://localhost:8080", "localhost:8080", "null", "http://localhost:8080/"):
        assert not is_origin_of(origin, "localhost", 8080), origin


@pytest.mark.parametrize(
    "names",
    [
        (".", "..", "a/b ?#", "50% off", "🎲 Zoë", "%2E"),
        ("...", "a\\b", "&=+;,", "\u05d3\u05e0\u05d4"),
    ],
)
def test_any_name_at_all_is_a_path_segment_written_as_the_page_writes_it(names):
    """Issue 32: a name of dots is a step in a browser's path, even written %2E: the page
    writes "." and ".." with a space before, which the table's comparison of names (as in
    game files, trimmed) takes away."""
    with served(Game(players=names)) as (table, client, _):
        for name in names:
            segment = quote(name, safe="")
            forms = [segment, f"%20{segment}"]
            if name in (".", ".."):
                forms.append(name.replace(".", "%2E"))
            for form in forms:
                answer = client.request(
                    "PUT", f"/api/pending/{form}", key=table.keys.players[name], body={"made": True}
                )
                assert answer.status == 200, (name, form, answer.data)
                assert set(table.snapshot().pending) == {name}
                cleared = client.request(
                    "DELETE", f"/api/pending/{form}", key=table.keys.players[name]
                )
                assert cleared.status == 200
                assert table.snapshot().pending == {}


def test_undo_is_refused_where_players_left_after_the_last_hand_and_ended_the_game():
    """Taken back, the hand could never be recorded again (the game ends before it): it
    stays, and the keeper is told why."""
    game = (
        Game(players=PLAYERS, hands=(first_hand(),))
        .with_seating_change(Leave(before_hand=2, name="Kwame"))
        .with_seating_change(Leave(before_hand=2, name="Marcus"))
    )
    with served(game) as (table, client, saved):
        answer = client.request("POST", "/api/undo", key=table.keys.keeper, body={})
        assert answer.status == 422, answer.data
        (problem,) = answer.data["problems"]
        assert problem["message"] == words("en")("phones.undo_after_the_end")
        assert saved.games == []
        assert table.snapshot().game == game


def test_the_game_gives_the_points_of_each_kind_of_card(table_served):
    table, client, _ = table_served
    game = client.request("GET", "/api/game", key=table.keys.viewer).data
    assert game["card_values"] == {"low": 5, "high": 10, "skip": 15, "wild": 25, "super_wild": 50}


def test_a_house_game_gives_its_own_card_values_and_checks_its_own_deck():
    rules = build_rules(Preset.MATTEL, card_values=CardValues(wild=50), deck=Deck(skip=2))
    with served(Game(players=PLAYERS, rules=rules)) as (table, client, _):
        game = client.request("GET", "/api/game", key=table.keys.viewer).data
        assert game["card_values"]["wild"] == 50
        assert game["card_values"]["skip"] == 15
        answer = client.request(
            "PUT",
            "/api/pending/Kwame",
            key=table.keys.players["Kwame"],
            body={"made": False, "cards": {"low": 7, "skip": 3}},
        )
        assert answer.status == 422
        (problem,) = answer.data["problems"]
        assert problem["message"] == "holds 3 skips; the deck has 2"
        client.request(
            "PUT",
            "/api/pending/Kwame",
            key=table.keys.players["Kwame"],
            body={"made": False, "cards": {"low": 9, "wild": 1}},
        )
        client.request(
            "PUT",
            "/api/pending/Priya",
            key=table.keys.keeper,
            body={"made": True, "went_out": True},
        )
        client.request("PUT", "/api/pending/Marcus", key=table.keys.keeper, body={"made": True})
        recorded = client.request("POST", "/api/hands", key=table.keys.keeper, body={})
        assert recorded.status == 200
        totals = {player["name"]: player["total"] for player in recorded.data["players"]}
        assert totals["Kwame"] == 9 * 5 + 50
