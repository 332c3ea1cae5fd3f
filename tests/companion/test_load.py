"""A table under 150 idle or half-sent connections still answers its phones: loopback
only, fixed counts, and every socket closed at the end."""

import asyncio
import gc
import socket
from collections.abc import Coroutine

import pytest
from aiohttp.web_protocol import RequestHandler

from phase10_keeper.companion import server as server_module
from phase10_keeper.rules import Game

from .helpers import PLAYERS, EventStream, open_socket, served

HOSTILE = 150


def _hostile(client, count: int) -> list[socket.socket]:
    """`count` connections: half send nothing, half send part of a request's headers."""
    sockets = []
    for index in range(count):
        connection = open_socket(client)
        if index % 2:
            connection.sendall(
                b"GET /api/game HTTP/1.1\r\nHost: " + client.host.encode() + b"\r\nX-Slow: "
            )
        sockets.append(connection)
    return sockets


def _closed_by_server(connection: socket.socket) -> bool:
    """Whether the server closed the connection (a reset, where it left unread bytes)."""
    connection.settimeout(10)
    try:
        return connection.recv(1024) == b""
    except ConnectionResetError:
        return True


def test_a_normal_request_is_answered_while_150_idle_or_half_sent_connections_are_open():
    with served(Game(players=PLAYERS)) as (table, client, _):
        stream = EventStream(client, table.keys.viewer)
        stream.next_event()
        hostile = _hostile(client, HOSTILE)
        try:
            answer = client.request("GET", "/api/game", key=table.keys.keeper)
            assert answer.status == 200
            entered = client.request(
                "PUT", "/api/pending/Priya", key=table.keys.players["Priya"], body={"made": True}
            )
            assert entered.status == 200
            # The phone following the table is never the connection given up.
            name, data = stream.next_event()
            assert (name, data["pending"]) == ("game", {"Priya": {"made": True}})
        finally:
            for connection in hostile:
                connection.close()
            stream.close()


def test_past_the_bound_the_oldest_idle_connection_makes_room(monkeypatch):
    monkeypatch.setattr(server_module, "STRANGER_CONNECTIONS", 20)
    with served(Game(players=PLAYERS), header_timeout=60) as (table, client, _):
        hostile = _hostile(client, 40)
        try:
            assert client.request("GET", "/api/game", key=table.keys.viewer).status == 200
            # The first connections were closed for the later ones, oldest first.
            assert all(_closed_by_server(connection) for connection in hostile[:20])
        finally:
            for connection in hostile:
                connection.close()


@pytest.mark.parametrize("sent", [b"", b"GET / HTTP/1.1\r\nHost: x"])
def test_a_connection_that_sends_nothing_or_half_a_request_is_closed(sent):
    with served(Game(players=PLAYERS), header_timeout=0.5) as (_, client, _):
        connection = open_socket(client)
        try:
            connection.sendall(sent)
            assert _closed_by_server(connection)
        finally:
            connection.close()


def test_a_body_that_never_arrives_is_given_up():
    with served(Game(players=PLAYERS), body_timeout=0.5) as (table, client, _):
        connection = open_socket(client)
        try:
            connection.sendall(
                b"PUT /api/pending/Priya HTTP/1.1\r\nHost: "
                + client.host.encode()
                + b"\r\nAuthorization: Bearer "
                + table.keys.keeper.encode()
                + b"\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"
            )
            connection.settimeout(10)
            answer = connection.recv(1024)
            assert answer.startswith(b"HTTP/1.1 408")
        finally:
            connection.close()


def test_a_request_left_half_sent_after_a_first_one_is_closed_too():
    with served(Game(players=PLAYERS), idle_timeout=0.5) as (_, client, _):
        connection = open_socket(client)
        try:
            host = client.host.encode()
            connection.sendall(b"GET / HTTP/1.1\r\nHost: " + host + b"\r\n\r\n")
            answer = b""
            while b"</html>" not in answer:
                answer += connection.recv(65536)
            connection.sendall(b"GET / HTTP/1.1\r\nHost: " + host)
            assert _closed_by_server(connection)
        finally:
            connection.close()


def _handlers_alive() -> int:
    gc.collect()
    return sum(isinstance(thing, RequestHandler) for thing in gc.get_objects())


def test_a_connection_closed_before_its_first_request_leaves_nothing_behind():
    """What the server made for a connection goes as it closes, not when its first
    request would have been due: a stream of strangers' connections would otherwise
    pile thousands up for the cycle collector's full passes, which hold the window."""
    with served(Game(players=PLAYERS), header_timeout=60) as (_, client, _):
        runner = client.server._runner
        assert runner is not None
        assert runner.server is not None
        server = runner.server

        async def until_open(count: int) -> None:
            while len(server.connections) < count:
                await asyncio.sleep(0.01)

        async def until_all_lost() -> None:
            while server.connections:
                await asyncio.sleep(0.01)

        def run(waiting: Coroutine[None, None, None]) -> None:
            assert client.running is not None
            asyncio.run_coroutine_threadsafe(waiting, client.running.loop).result(timeout=10)

        before = _handlers_alive()
        hostile = _hostile(client, 6)
        run(until_open(6))
        assert _handlers_alive() == before + 6
        for connection in hostile:
            connection.close()
        run(until_all_lost())
        assert _handlers_alive() == before
