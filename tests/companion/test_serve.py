"""`phase10-keeper serve`, run as a user runs it: links as JSON, hands recorded from the
keeper's link saved at once, one writer per library, and a clean exit on a signal."""

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from typing import Any

import pytest

from .helpers import Client, EventStream

GAMES = Path(__file__).resolve().parent.parent / "data" / "games"
STOP_WITHIN = 3.0
"""Seconds the contract gives `serve` to exit on SIGINT or SIGTERM."""


def _command(data_dir: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "phase10_keeper", "--data-dir", str(data_dir), *args]


def _import(data_dir: Path, path: Path) -> int:
    done = subprocess.run(
        _command(data_dir, "games", "import", str(path)), capture_output=True, text=True, check=True
    )
    return int(done.stdout)


@contextmanager
def serving(data_dir: Path, *args: str) -> Iterator[tuple[subprocess.Popen[str], dict[str, Any]]]:
    """`serve --json` on loopback, its one line of links read."""
    process = subprocess.Popen(
        _command(data_dir, "serve", "--host", "127.0.0.1", "--port", "0", "--json", *args),
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
            process.kill()
        process.wait()
        process.stdout.close()
        process.stderr.close()


class _Served:
    """Where a `serve` listens, as the test client needs it."""

    def __init__(self, url: str) -> None:
        self.host = "127.0.0.1"
        self.port = int(url.rsplit(":", 1)[1].strip("/"))


def _client(links: dict[str, Any]) -> Client:
    return Client(_Served(links["url"]))  # type: ignore[arg-type]  # has what Client reads


def _key(link: str) -> str:
    return link.split("#key=", 1)[1]


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


def test_json_prints_exactly_one_line_of_links_and_sigterm_exits_0(data_dir: Path):
    game_id = _import(data_dir, GAMES / "worked-hand.phase10.json")
    with serving(data_dir) as (process, links):
        assert set(links) == {"game", "url", "keeper", "viewer", "players"}
        assert links["game"] == game_id
        assert links["url"].startswith("http://127.0.0.1:")
        assert set(links["players"]) == {"Priya", "Marcus", "Kwame", "Dana"}
        keys = {_key(links["keeper"]), _key(links["viewer"]), *map(_key, links["players"].values())}
        assert len(keys) == 6
        client = _client(links)
        assert client.request("GET", "/api/game", key=_key(links["viewer"])).status == 200
        # A phone follows the table, and another has stopped reading its stream.
        following = EventStream(client, _key(links["viewer"]))
        assert following.next_event()[0] == "game"
        stalled = EventStream(client, _key(links["keeper"]))
        process.send_signal(signal.SIGTERM)
        # The sharing is kept with the game: the phones are told the table is away, to
        # wait for it, not that it closed.
        assert following.next_event() == ("away", {})
        assert process.wait(timeout=STOP_WITHIN) == 0
        assert process.stdout is not None
        assert process.stdout.read() == ""
        following.close()
        stalled.close()


def _keys(links: dict[str, Any]) -> set[str]:
    return {_key(links["keeper"]), _key(links["viewer"]), *map(_key, links["players"].values())}


def test_links_in_the_contracts_order_the_same_keys_again_and_only_seated_players(
    data_dir: Path,
):
    # Dana left before hand 5 and Eve joined before hand 7.
    _import(data_dir, GAMES / "seating.phase10.json")
    sessions = []
    for _ in range(2):
        with serving(data_dir) as (process, links):
            assert list(links) == ["game", "url", "keeper", "viewer", "players"]
            assert list(links["players"]) == ["Priya", "Marcus", "Kwame", "Eve"]
            sessions.append(links)
            process.send_signal(signal.SIGINT)
            assert process.wait(timeout=STOP_WITHIN) == 0
    first, second = sessions
    assert len(_keys(first)) == 6
    # The sharing belongs to the game, not to the process: the same links once more.
    assert _keys(first) == _keys(second)
    assert first["players"].keys() == second["players"].keys()
    assert [_key(first["players"][name]) for name in first["players"]] == [
        _key(second["players"][name]) for name in second["players"]
    ]


def _sharing_holds(data_dir: Path, text: str) -> bool:
    """Whether the library keeps a sharing that holds `text` (read beside `serve`)."""
    with closing(sqlite3.connect(data_dir / "library.sqlite3", timeout=10)) as database:
        rows = database.execute("SELECT data FROM sharing").fetchall()
    return any(text in data for (data,) in rows)


def test_a_killed_serve_started_again_serves_the_same_links_and_the_entries_pending(
    data_dir: Path,
):
    game_id = _import(data_dir, GAMES / "worked-hand.phase10.json")
    with serving(data_dir, str(game_id)) as (process, links):
        client = _client(links)
        priya = _key(links["players"]["Priya"])
        answer = client.request(
            "PUT", "/api/pending/Priya", key=priya, body={"made": True, "cards": {"low": 2}}
        )
        assert answer.status == 200, answer.data
        seen = client.request("GET", "/api/game", key=priya).data["revision"]
        # Kept within moments (written off the phones' way): then the power goes.
        for _ in range(500):
            if _sharing_holds(data_dir, '"low":2'):
                break
            time.sleep(0.02)
        process.kill()
    with serving(data_dir, str(game_id)) as (process, again):
        assert _keys(again) == _keys(links)
        client = _client(again)
        game = client.request("GET", "/api/game", key=priya)
        assert game.status == 200
        assert game.data["pending"] == {"Priya": {"made": True, "cards": {"low": 2}}}
        # The revision goes on: a page that showed the old one takes the new one.
        assert game.data["revision"] > seen
        # An entry made on the page shown before the restart is still for this hand.
        answer = client.request(
            "PUT",
            "/api/pending/Marcus",
            key=_key(again["players"]["Marcus"]),
            body={"made": False, "cards": {"high": 1}, "revision": seen},
        )
        assert answer.status == 200, answer.data
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=STOP_WITHIN) == 0
    with serving(data_dir, str(game_id)) as (_, third):
        pending = _client(third).request("GET", "/api/game", key=priya).data["pending"]
        assert set(pending) == {"Priya", "Marcus"}


def test_serve_killed_the_moment_it_answered_an_entry_still_has_it_when_started_again(
    data_dir: Path,
):
    # Issue 36: the phone forgets an entry once it is answered 200; the power may go
    # the next moment, before anything else is written.
    game_id = _import(data_dir, GAMES / "worked-hand.phase10.json")
    entries = {
        "Priya": {"made": True, "cards": {"low": 2}},
        "Marcus": {"made": False, "cards": {"high": 3}},
        "Kwame": {"made": True, "went_out": True},
    }
    for name, entry in entries.items():
        with serving(data_dir, str(game_id)) as (process, links):
            answer = _client(links).request(
                "PUT", f"/api/pending/{name}", key=_key(links["players"][name]), body=entry
            )
            assert answer.status == 200, answer.data
            process.send_signal(signal.SIGKILL)
    with serving(data_dir, str(game_id)) as (_, links):
        game = _client(links).request("GET", "/api/game", key=_key(links["viewer"]))
        assert game.data["pending"] == entries


def test_sigint_exits_0_with_every_recorded_hand_saved(data_dir: Path):
    game_id = _import(data_dir, GAMES / "worked-hand.phase10.json")
    with serving(data_dir, str(game_id)) as (process, links):
        client = _client(links)
        keeper = _key(links["keeper"])
        entries = {
            "Marcus": {"made": True, "went_out": True},
            "Priya": {"made": True, "cards": {"low": 1}},
            "Kwame": {"made": False, "cards": {"low": 8, "wild": 2}},
            "Dana": {"made": False, "cards": {"low": 10}},
        }
        for name, entry in entries.items():
            key = _key(links["players"][name])
            answer = client.request("PUT", f"/api/pending/{name}", key=key, body=entry)
            assert answer.status == 200, answer.data
        assert client.request("POST", "/api/hands", key=keeper, body={}).status == 200
        # Saved at once: another process reads it while `serve` still runs.
        shown = subprocess.run(
            _command(data_dir, "games", "show", str(game_id), "--json"),
            capture_output=True,
            text=True,
            check=True,
        )
        assert json.loads(shown.stdout)["hands_played"] == 2
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=STOP_WITHIN) == 0


def test_a_second_serve_of_the_same_library_is_refused(data_dir: Path):
    _import(data_dir, GAMES / "worked-hand.phase10.json")
    with serving(data_dir) as (process, _):
        second = subprocess.run(
            _command(data_dir, "serve", "--host", "127.0.0.1", "--port", "0", "--json"),
            capture_output=True,
            text=True,
            timeout=30,
        )
        assert second.returncode == 2
        assert second.stdout == ""
        (line,) = second.stderr.splitlines()
        assert line.startswith("error:")
        assert str(process.pid) in line


def test_the_default_game_is_the_unfinished_game_changed_last(data_dir: Path):
    first = _import(data_dir, GAMES / "worked-hand.phase10.json")
    _import(data_dir, GAMES / "mattel-finished.phase10.json")
    second = _import(data_dir, GAMES / "seating.phase10.json")
    with serving(data_dir) as (_, links):
        assert links["game"] == second
    # Recording a hand in the first makes it the one changed last.
    with serving(data_dir, str(first)) as (_, links):
        client = _client(links)
        keeper = _key(links["keeper"])
        for name in ("Priya", "Marcus", "Kwame", "Dana"):
            body: dict[str, object] = (
                {"made": True, "went_out": True} if name == "Priya" else {"made": False}
            )
            if name != "Priya":
                body["cards"] = {"low": 10}
            client.request("PUT", f"/api/pending/{name}", key=keeper, body=body)
        assert client.request("POST", "/api/hands", key=keeper, body={}).status == 200
    with serving(data_dir) as (_, links):
        assert links["game"] == first


@pytest.mark.parametrize(
    ("setup", "args"),
    [
        ("empty", ()),
        ("finished only", ()),
        ("one game", ("99",)),
        ("one game", ("--port", "70000")),
        ("one game", ("--host", "192.0.2.123")),
    ],
)
def test_bad_input_exits_2_with_one_error_line(data_dir: Path, setup: str, args: tuple[str, ...]):
    if setup == "finished only":
        _import(data_dir, GAMES / "mattel-finished.phase10.json")
    elif setup == "one game":
        _import(data_dir, GAMES / "worked-hand.phase10.json")
    else:
        data_dir.mkdir(parents=True)
    host = [] if "--host" in args else ["--host", "127.0.0.1"]
    done = subprocess.run(
        _command(data_dir, "serve", *host, "--json", *args),
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    (line,) = done.stderr.splitlines()
    assert line.startswith("error:")


def test_a_port_taken_is_refused_when_asked_for_and_passed_by_default(data_dir: Path):
    _import(data_dir, GAMES / "worked-hand.phase10.json")
    with serving(data_dir) as (_, links):
        port = links["url"].rsplit(":", 1)[1].strip("/")
        # The first `serve` holds the library, so the second is refused for that first:
        # the port is tried with the library of another folder.
        other = data_dir.parent / "other"
        _import(other, GAMES / "worked-hand.phase10.json")
        taken = subprocess.run(
            _command(other, "serve", "--host", "127.0.0.1", "--port", port, "--json"),
            capture_output=True,
            text=True,
            timeout=30,
        )
        assert taken.returncode == 2
        assert port in taken.stderr


def test_text_output_shows_every_link_with_a_qr_code(data_dir: Path):
    _import(data_dir, GAMES / "worked-hand.phase10.json")
    process = subprocess.Popen(
        _command(data_dir, "serve", "--host", "127.0.0.1", "--port", "0"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    assert process.stdout is not None
    assert process.stderr is not None
    lines: list[str] = []
    try:
        while not lines or not lines[-1].startswith("Press Ctrl+C"):
            line = process.stdout.readline()
            assert line, process.stderr.read()
            lines.append(line.rstrip("\n"))
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=STOP_WITHIN) == 0
        rest = process.stdout.read()
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()
        process.stdout.close()
        process.stderr.close()
    links = [line for line in lines if line.startswith("http://127.0.0.1:")]
    assert len(links) == 2 + 4
    assert all("#key=" in link for link in links)
    assert sum("▀" in line or "▄" in line for line in lines) > 6 * 10
    assert "Plain HTTP" in "\n".join(lines)
    assert "saved" in rest


def test_serve_is_refused_while_another_writer_holds_the_library(data_dir: Path):
    from phase10_keeper.storage.lock import hold_library

    _import(data_dir, GAMES / "worked-hand.phase10.json")
    # The app takes this same hold while it runs.
    with hold_library(data_dir):
        refused = subprocess.run(
            _command(data_dir, "serve", "--host", "127.0.0.1", "--port", "0", "--json"),
            capture_output=True,
            text=True,
            timeout=30,
        )
    assert refused.returncode == 2
    assert refused.stderr.startswith("error:")
    assert str(os.getpid()) in refused.stderr
    with serving(data_dir) as (_, links):
        assert links["game"] == 1


def test_with_no_network_serve_says_no_phone_can_reach_its_links_and_what_to_do(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
):
    import argparse
    import asyncio

    from phase10_keeper import serve_command as serve
    from phase10_keeper.companion import address
    from phase10_keeper.companion.table import Table
    from phase10_keeper.language import words
    from phase10_keeper.rules import Game

    monkeypatch.setattr(address, "local_network_address", lambda: address.LOOPBACK)
    arguments = argparse.Namespace(host=None, port=0, json=True)
    english = words("en")

    async def serve_until_said() -> None:
        game = Game(players=("A", "B"))
        task = asyncio.create_task(serve._serve_table(arguments, Table(game), 1, game, english))
        printed = capsys.readouterr()
        # The links and the note are printed together, before serve waits for a signal.
        while not printed.out and not task.done():
            await asyncio.sleep(0)
            printed = capsys.readouterr()
        assert english("phones.serve_no_network") in printed.err
        os.kill(os.getpid(), signal.SIGTERM)
        await task

    asyncio.run(serve_until_said())
