"""Sharing through a real Syncthing: two instances on loopback, each its own home, GUI
and REST API on 127.0.0.1 with an API key, discovery, relays and NAT off, each knowing
the other's device id and address, one shared folder each. Two libraries record hands
on each side, one game is changed on both before they meet: both converge, nothing lost.

Bounded in time by deadlines on Syncthing's REST API; skipped where Syncthing is not
installed. Marked `syncthing`: CI runs it once, not again with each set of dependency
versions (it does not depend on them).
"""

import json
import re
import secrets
import shutil
import socket
import subprocess
import time
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from phase10_keeper.rules import Game
from phase10_keeper.storage.library import Library
from phase10_keeper.storage.sync import sync

from .samples import PLAYERS, friday_game, table_hand

SYNCTHING = shutil.which("syncthing")
DEADLINE = 120.0
"""Seconds Syncthing may take to connect or to bring a folder up to date: a bound on a
hung test, not a measure (it takes a few seconds)."""

pytestmark = [
    pytest.mark.syncthing,
    pytest.mark.skipif(SYNCTHING is None, reason="Syncthing is not installed"),
]

FOLDER_ID = "phase10-shared"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Instance:
    """One Syncthing with its own home, folder, ports and API key."""

    def __init__(self, root: Path, name: str) -> None:
        assert SYNCTHING is not None
        self.home = root / f"{name}-home"
        self.folder = root / f"{name}-folder"
        self.folder.mkdir()
        self.gui_port, self.sync_port = _free_port(), _free_port()
        self.key = secrets.token_urlsafe(24)
        generated = subprocess.run(
            [SYNCTHING, "generate", "--home", str(self.home)],
            capture_output=True,
            text=True,
            check=True,
            timeout=DEADLINE,
        )
        found = re.search(r"Device ID:\s*([A-Z0-9-]+)", generated.stdout + generated.stderr)
        assert found is not None
        self.device = found.group(1)
        self.process: subprocess.Popen[bytes] | None = None

    def configure(self, peer: "Instance") -> None:
        devices = "".join(
            f'<device id="{device.device}" name="{device.device[:7]}" compression="metadata" '
            f'introducer="false"><address>tcp://127.0.0.1:{device.sync_port}</address>'
            "<autoAcceptFolders>false</autoAcceptFolders></device>"
            for device in (self, peer)
        )
        shares = "".join(f'<device id="{device.device}"></device>' for device in (self, peer))
        config = f"""<configuration version="36">
    <folder id="{FOLDER_ID}" label="shared" path="{self.folder}" type="sendreceive"
            rescanIntervalS="3600" fsWatcherEnabled="true" fsWatcherDelayS="1">
        {shares}
    </folder>
    {devices}
    <gui enabled="true" tls="false">
        <address>127.0.0.1:{self.gui_port}</address>
        <apikey>{self.key}</apikey>
    </gui>
    <options>
        <listenAddress>tcp://127.0.0.1:{self.sync_port}</listenAddress>
        <globalAnnounceEnabled>false</globalAnnounceEnabled>
        <localAnnounceEnabled>false</localAnnounceEnabled>
        <relaysEnabled>false</relaysEnabled>
        <natEnabled>false</natEnabled>
        <startBrowser>false</startBrowser>
        <urAccepted>-1</urAccepted>
        <crashReportingEnabled>false</crashReportingEnabled>
        <autoUpgradeIntervalH>0</autoUpgradeIntervalH>
    </options>
</configuration>
"""
        (self.home / "config.xml").write_text(config, encoding="utf-8")

    def start(self) -> None:
        assert SYNCTHING is not None
        self.process = subprocess.Popen(
            [
                SYNCTHING,
                "serve",
                "--home",
                str(self.home),
                "--no-browser",
                "--no-restart",
                "--no-upgrade",
                "--logfile=-",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def rest(self, method: str, path: str) -> Any:
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.gui_port}{path}",
            method=method,
            headers={"X-API-Key": self.key},
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            body = response.read()
        return json.loads(body) if body.strip() else None


def _until(what: str, check: Callable[[], bool]) -> None:
    deadline = time.monotonic() + DEADLINE
    while time.monotonic() < deadline:
        try:
            if check():
                return
        except OSError:
            pass  # Syncthing's API is not listening yet
        time.sleep(0.2)
    pytest.fail(f"Syncthing did not {what} within {DEADLINE:.0f} s")


def _games_files(folder: Path) -> dict[str, bytes]:
    root = folder / "phase10-keeper"
    return {
        str(path.relative_to(root)): path.read_bytes()
        for path in sorted(root.rglob("*.json"))
        if not path.name.startswith(".")
    }


def _settled(instances: tuple[Instance, Instance]) -> None:
    """Both scan now, then each holds everything the other has: Syncthing says both are
    up to date, and the two folders hold the same files (Syncthing can say so before it
    has heard of the other's latest scan)."""
    for instance in instances:
        instance.rest("POST", f"/rest/db/scan?folder={FOLDER_ID}")

    def complete() -> bool:
        for instance, peer in (instances, instances[::-1]):
            done = instance.rest(
                "GET", f"/rest/db/completion?folder={FOLDER_ID}&device={peer.device}"
            )
            status = instance.rest("GET", f"/rest/db/status?folder={FOLDER_ID}")
            if done["completion"] < 100 or done["needItems"] or status["needFiles"]:
                return False
            if status["state"] != "idle":
                return False
        first, second = instances
        return _games_files(first.folder) == _games_files(second.folder)

    _until("bring both folders up to date", complete)


@pytest.fixture
def pair(tmp_path: Path) -> Iterator[tuple[Instance, Instance]]:
    first, second = Instance(tmp_path, "first"), Instance(tmp_path, "second")
    first.configure(second)
    second.configure(first)
    first.start()
    second.start()
    try:
        _until(
            "connect the two instances",
            lambda: first.rest("GET", "/rest/system/connections")["connections"][second.device][
                "connected"
            ],
        )
        yield first, second
    finally:
        first.stop()
        second.stop()


def test_two_libraries_share_through_syncthing(
    pair: tuple[Instance, Instance], tmp_path: Path
) -> None:
    first_home, second_home = pair
    one, other = Library.open(tmp_path / "one"), Library.open(tmp_path / "other")
    try:
        game_id = one.add_game(replace(friday_game(2), title="Shared"))
        sync(one, first_home.folder)  # the group sets the folder up on one computer
        _settled(pair)
        assert sync(other, second_home.folder).received == 1
        other.add_game(replace(friday_game(1), title="Second home"))
        sync(other, second_home.folder)
        _settled(pair)
        sync(one, first_home.folder)
        (shared_there,) = [g for g in other.list_games() if g.title == "Shared"]
        # Hands recorded on both sides before they meet: a conflict, both kept.
        game = one.load_game(game_id)
        one.save_game(game_id, replace(game, hands=(*game.hands, table_hand(PLAYERS, 2))))
        game = other.load_game(shared_there.id)
        other.save_game(shared_there.id, replace(game, hands=(*game.hands, table_hand(PLAYERS, 3))))
        sync(one, first_home.folder)
        sync(other, second_home.folder)
        _settled(pair)
        sync(one, first_home.folder)
        sync(other, second_home.folder)
        _settled(pair)
        sync(one, first_home.folder)
        sync(other, second_home.folder)
        _settled(pair)
        for library, folder in ((one, first_home.folder), (other, second_home.folder)):
            report = sync(library, folder)
            assert (report.sent, report.received, report.warnings) == (0, 0, ())

        def held(library: Library) -> dict[str, tuple[str | None, Game]]:
            return {g.uid: (g.conflict_of, library.load_game(g.id)) for g in library.list_games()}

        assert held(one) == held(other)
        conflicts = [uid for uid, (of, _) in held(one).items() if of is not None]
        assert len(conflicts) == 1
        logs = [game.hands for _, game in held(one).values()]
        assert any(len(log) == 3 and log[2] == table_hand(PLAYERS, 2) for log in logs)
        assert any(len(log) == 3 and log[2] == table_hand(PLAYERS, 3) for log in logs)
    finally:
        one.close()
        other.close()
