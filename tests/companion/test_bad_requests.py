"""Requests aiohttp cannot parse: each is answered 400 and leaves at most one short log
line, never a traceback (on the stderr of `serve`, or in the app's log)."""

import logging
import re

import pytest

from phase10_keeper.rules import Game

from .helpers import PLAYERS, open_socket, served

UNPARSEABLE = {
    "tls hello": b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03garbage\r\n\r\n",
    "unknown version": b"GET / HTTP/9\r\nHost: x\r\n\r\n",
    "header without colon": b"GET / HTTP/1.1\r\nHost 127.0.0.1\r\n\r\n",
    "bad content length": b"PUT /api/undo HTTP/1.1\r\nContent-Length: lots\r\n\r\n",
    "control character": b"GET / HTTP/1.1\r\nHost: a\x01b\r\n\r\n",
    "second request bad": b"GET / HTTP/1.1\r\nHost: x\r\n\r\nGET / HTTP/9\r\n\r\n",
}


def _answer(client, request: bytes) -> bytes:
    with open_socket(client) as connection:
        connection.sendall(request)
        received = b""
        while chunk := connection.recv(65536):
            received += chunk
    return received


@pytest.mark.parametrize("request_bytes", UNPARSEABLE.values(), ids=UNPARSEABLE.keys())
def test_an_unparseable_request_is_400_with_one_short_line_and_no_traceback(
    request_bytes: bytes, caplog: pytest.LogCaptureFixture, capfd: pytest.CaptureFixture[str]
) -> None:
    caplog.set_level(logging.DEBUG)
    with served(Game(players=PLAYERS)) as (_, client, _):
        answer = _answer(client, request_bytes)
    statuses = re.findall(rb"^HTTP/1\.[01] (\d{3}) ", answer, flags=re.MULTILINE)
    assert statuses[-1] == b"400"
    said = [record for record in caplog.records if record.name.startswith("aiohttp")]
    assert len(said) <= 1, [record.getMessage() for record in said]
    for record in said:
        assert record.exc_info is None
        assert "\n" not in record.getMessage()
        assert len(record.getMessage()) <= 120
    assert "Traceback" not in capfd.readouterr().err
