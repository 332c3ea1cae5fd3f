"""Nobody shut out: a real phone's requests still succeed while strangers trickle
requests, one key opens stream after stream, phones vanish, or a key is exchanged for
sessions again and again. Loopback only, fixed counts, every socket closed at the end."""

import http.client
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from time import monotonic, sleep

import pytest

from phase10_keeper.companion.access import SESSION_IDLE, SESSIONS_PER_KEY, Keys, Pass, Role
from phase10_keeper.companion.server import STREAMS_PER_KEY
from phase10_keeper.rules import Game

from .helpers import PLAYERS, Client, EventStream, open_socket, served

ATTACKERS = 130


def _phone(client: Client) -> http.client.HTTPConnection:
    """A phone's keep-alive connection."""
    return http.client.HTTPConnection(client.server.host, client.server.port, timeout=10)


def _ask(phone: http.client.HTTPConnection, client: Client, method: str, path: str, key: str):
    body = b'{"made": true}' if method == "PUT" else None
    headers = {"Host": client.host, "Authorization": f"Bearer {key}"}
    if body is not None:
        headers["Content-Type"] = "application/json"
    phone.request(method, path, body=body, headers=headers)
    response = phone.getresponse()
    response.read()
    return response.status


@contextmanager
def _trickling(client: Client, start: bytes) -> Iterator[list[socket.socket]]:
    """ATTACKERS connections, each having sent `start` and then one byte more."""
    sockets = []
    try:
        for _ in range(ATTACKERS):
            connection = open_socket(client)
            connection.sendall(start)
            sockets.append(connection)
        yield sockets
    finally:
        for connection in sockets:
            connection.close()


def _more(sockets: list[socket.socket]) -> None:
    for connection in sockets:
        try:
            connection.sendall(b"x")
        except OSError:
            continue


def _session_start(client: Client) -> bytes:
    return (
        b"POST /api/session HTTP/1.1\r\nHost: "
        + client.host.encode()
        + b"\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"
    )


def _headers_start(client: Client) -> bytes:
    return b"GET /api/game HTTP/1.1\r\nHost: " + client.host.encode() + b"\r\nX-Slow: "


@pytest.mark.parametrize("start", [_session_start, _headers_start], ids=["bodies", "headers"])
def test_a_phone_is_never_dropped_for_strangers_trickling_requests(start):
    with served(Game(players=PLAYERS), header_timeout=60) as (table, client, _):
        priya = table.keys.players["Priya"]
        phone = _phone(client)
        stream = EventStream(client, table.keys.viewer)
        try:
            assert _ask(phone, client, "GET", "/api/game", priya) == 200
            stream.next_event()
            with _trickling(client, start(client)) as attackers:
                _more(attackers)
                # The phone's own connection, kept alive, is still answered...
                assert _ask(phone, client, "PUT", "/api/pending/Priya", priya) == 200
                assert _ask(phone, client, "GET", "/api/game", priya) == 200
                # ...its stream still carries the change...
                name, data = stream.next_event()
                assert (name, set(data["pending"])) == ("game", {"Priya"})
                _more(attackers)
                # ...and a new connection of a phone gets in.
                assert client.request("GET", "/api/game", key=priya).status == 200
        finally:
            phone.close()
            stream.close()


def test_a_session_body_is_never_waited_for_before_a_key_is_shown():
    with served(Game(players=PLAYERS)) as (_, client, _):
        with open_socket(client) as connection:
            connection.sendall(_session_start(client))
            connection.settimeout(5)
            answer = connection.recv(1024)
        assert answer.startswith(b"HTTP/1.1 401")


def test_the_session_exchange_takes_the_key_in_the_header_or_a_small_body():
    with served(Game(players=PLAYERS)) as (table, client, _):
        by_header = client.request("POST", "/api/session", key=table.keys.viewer)
        assert by_header.status == 200
        assert by_header.data["role"] == "viewer"
        by_body = client.request("POST", "/api/session", body={"key": table.keys.viewer})
        assert by_body.status == 200
        assert "Set-Cookie" in by_header.headers


def _streams(client: Client, key: str, count: int) -> list[EventStream]:
    streams = []
    for _ in range(count):
        streams.append(EventStream(client, key))
        assert streams[-1].next_event()[0] == "game"
    return streams


def test_one_key_holds_a_few_streams_the_oldest_making_room():
    with served(Game(players=PLAYERS)) as (table, client, _):
        streams = _streams(client, table.keys.viewer, 10)
        others = []
        try:
            # Every stream but the key's newest few was ended...
            for old in streams[:-STREAMS_PER_KEY]:
                with pytest.raises(EOFError):
                    old.next_event()
            # ...the newest still carry every change, and other keys still get in.
            others = _streams(client, table.keys.players["Kwame"], 1)
            table.enter("Kwame", {"made": True}, "Kwame")
            for kept in [*streams[-STREAMS_PER_KEY:], *others]:
                name, data = kept.next_event()
                assert (name, set(data["pending"])) == ("game", {"Kwame"})
        finally:
            for stream in [*streams, *others]:
                stream.close()


def test_a_stream_whose_phone_went_away_is_let_go_long_before_the_heartbeat():
    with served(Game(players=PLAYERS), heartbeat=600) as (table, client, _):
        stream = EventStream(client, table.keys.viewer)
        stream.next_event()
        assert len(client.server._streams) == 1
        stream.close()
        give_up = monotonic() + 30
        while client.server._streams and monotonic() < give_up:
            sleep(0.02)
        assert client.server._streams == []


def test_a_key_exchanged_again_and_again_keeps_only_its_newest_sessions():
    with served(Game(players=PLAYERS)) as (table, client, _):
        tokens = []
        for _ in range(3 * SESSIONS_PER_KEY):
            answer = client.request("POST", "/api/session", key=table.keys.viewer)
            tokens.append(answer.headers["Set-Cookie"].split(";")[0])
        for cookie, works in [(tokens[0], False), (tokens[-1], True)]:
            answer = client.request("GET", "/api/game", headers={"Cookie": cookie})
            assert (answer.status == 200) is works


class _Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_sessions_end_after_hours_unused_and_are_bounded_per_key():
    clock = _Clock()
    keys = Keys(PLAYERS, clock=clock)
    viewer, priya = Pass(Role.VIEWER), Pass(Role.PLAYER, "Priya")
    used = keys.open_session(viewer)
    unused = keys.open_session(priya)
    clock.now += SESSION_IDLE - 60
    assert keys.by_session(used) == viewer
    clock.now += 120
    assert keys.by_session(used) == viewer
    assert keys.by_session(unused) is None
    many = [keys.open_session(priya) for _ in range(SESSIONS_PER_KEY + 5)]
    assert all(keys.by_session(token) is None for token in many[:5])
    assert all(keys.by_session(token) == priya for token in many[5:])
    assert keys.by_session(used) == viewer
    assert len(keys._sessions) == SESSIONS_PER_KEY + 1
