"""A table served on loopback for the tests, and a plain HTTP client that sends exactly
the headers a test gives it."""

import http.client
import json
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, NamedTuple

from phase10_keeper.companion.server import PhoneServer, ThreadedPhoneServer
from phase10_keeper.companion.table import Table
from phase10_keeper.language import words
from phase10_keeper.rules import Game, Hand, PlayerResult, Replay
from phase10_keeper.rules.cards import Cards

PLAYERS = ("Priya", "Marcus", "Kwame")


class Answer(NamedTuple):
    status: int
    data: Any
    headers: http.client.HTTPMessage


class Client:
    """Requests to one served table, by default with the served Host header."""

    def __init__(self, server: PhoneServer, running: ThreadedPhoneServer | None = None) -> None:
        self.server = server
        self.running = running

    @property
    def host(self) -> str:
        return f"{self.server.host}:{self.server.port}"

    def request(
        self,
        method: str,
        path: str,
        *,
        key: str | None = None,
        body: object = None,
        raw: bytes | None = None,
        headers: dict[str, str] | None = None,
    ) -> Answer:
        sent = {"Host": self.host}
        if key is not None:
            sent["Authorization"] = f"Bearer {key}"
        if body is not None:
            raw = json.dumps(body).encode("utf-8")
        if raw is not None:
            sent["Content-Type"] = "application/json"
        sent.update(headers or {})
        connection = http.client.HTTPConnection(self.server.host, self.server.port, timeout=10)
        try:
            connection.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
            for name, value in sent.items():
                connection.putheader(name, value)
            if raw is not None:
                connection.putheader("Content-Length", str(len(raw)))
            connection.endheaders(raw)
            response = connection.getresponse()
            payload = response.read()
        finally:
            connection.close()
        data: Any = payload
        if response.getheader("Content-Type", "").startswith("application/json"):
            data = json.loads(payload)
        return Answer(response.status, data, response.headers)


class Saved:
    """What the table asked to be kept, in order."""

    def __init__(self) -> None:
        self.games: list[Game] = []

    def __call__(self, game: Game, replayed: Replay) -> None:
        assert replayed.final.hands_played == len(game.hands)
        self.games.append(game)


@contextmanager
def served(
    game: Game, *, keeps_hands: bool = True, host: str = "127.0.0.1", **options: Any
) -> Iterator[tuple[Table, Client, Saved]]:
    """The game served on `host` (a loopback address) at a free port, in a thread of its
    own."""
    saved = Saved()
    table = Table(game, saved if keeps_hands else None)
    server = PhoneServer(table, host, 0, words("en"), **options)
    running = ThreadedPhoneServer(server)
    running.start()
    try:
        yield table, Client(server, running), saved
    finally:
        running.stop()


def result(made: bool, **cards: int) -> PlayerResult:
    return PlayerResult(made=made, cards=Cards(**cards))


def first_hand() -> Hand:
    """The worked hand of the rules, for three players."""
    return Hand(
        went_out="Priya",
        results={
            "Priya": result(True),
            "Marcus": result(True, low=1, high=1),
            "Kwame": result(False, low=6, high=2, skip=1, wild=1),
        },
    )


def open_socket(client: Client) -> socket.socket:
    return socket.create_connection((client.server.host, client.server.port), timeout=10)


class EventStream:
    """One phone following the table: its `GET /api/events`, read event by event."""

    def __init__(self, client: Client, key: str, language: str = "en") -> None:
        self._connection = http.client.HTTPConnection(
            client.server.host, client.server.port, timeout=10
        )
        self._connection.putrequest(
            "GET", f"/api/events?lang={language}", skip_host=True, skip_accept_encoding=True
        )
        self._connection.putheader("Host", client.host)
        self._connection.putheader("Authorization", f"Bearer {key}")
        self._connection.endheaders()
        self.response = self._connection.getresponse()

    def next_event(self) -> tuple[str, Any]:
        """The next event's name and data; the heartbeat's `alive` is skipped."""
        name, data = "message", ""
        while True:
            line = self.response.readline().decode("utf-8")
            if not line:
                raise EOFError("the stream ended")
            line = line.rstrip("\n")
            if not line:
                if data and name != "alive":
                    return name, json.loads(data)
                name, data = "message", ""
                continue
            if line.startswith(":"):
                continue
            field, _, value = line.partition(": ")
            if field == "event":
                name = value
            elif field == "data":
                data += value

    def close(self) -> None:
        self._connection.close()


@contextmanager
def held_still(client: Client) -> Iterator[None]:
    """The server's event loop held still, as a table out of a phone's reach looks to it:
    every stream silent, no request answered."""
    assert client.running is not None
    release = threading.Event()
    client.running.loop.call_soon_threadsafe(release.wait)
    try:
        yield
    finally:
        release.set()
