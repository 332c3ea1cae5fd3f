"""One writer per library between `serve` and the desktop app, both run as a user runs
them: each in a process of its own, on one data folder.

Readiness is read from the processes themselves (the pid in the lock file, a line of
output), each wait bounded; every child is killed at the end whatever happened."""

import hashlib
import json
import os
import queue
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import IO

from phase10_keeper.storage.lock import LOCK_FILE

from .helpers import Client

GAMES = Path(__file__).resolve().parent.parent / "data" / "games"
ROOT = Path(__file__).resolve().parents[2]
STARTS_WITHIN = 120.0
"""Seconds a process may take to start on a busy machine: a bound, not a figure."""
POLLS = 1200
POLL_S = STARTS_WITHIN / POLLS


def _command(data_dir: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "phase10_keeper", "--data-dir", str(data_dir), *args]


def _app_environment() -> dict[str, str]:
    # The settings and data folders come isolated from conftest; Qt draws offscreen.
    return {**os.environ, "QT_QPA_PLATFORM": "offscreen"}


def _import(data_dir: Path, path: Path) -> None:
    subprocess.run(
        _command(data_dir, "games", "import", str(path)), check=True, capture_output=True
    )


def _lock_pid(data_dir: Path) -> int | None:
    try:
        text = (data_dir / LOCK_FILE).read_text("ascii").strip()
    except (OSError, ValueError):
        return None
    return int(text) if text.isdigit() else None


def _library_digest(data_dir: Path) -> str:
    return hashlib.sha256((data_dir / "library.sqlite3").read_bytes()).hexdigest()


@contextmanager
def _running(command: list[str]) -> Iterator[subprocess.Popen[str]]:
    process = subprocess.Popen(
        command,
        cwd=ROOT,
        env=_app_environment(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        yield process
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()
        for stream in (process.stdout, process.stderr):
            if stream is not None:
                stream.close()


def _wait_for_hold(process: subprocess.Popen[str], data_dir: Path) -> None:
    """Until `process` holds the library (its pid in the lock file), a bounded number of
    polls; each poll waits on the process, so one that ends is seen at once."""
    for _ in range(POLLS):
        if _lock_pid(data_dir) == process.pid:
            return
        try:
            code = process.wait(timeout=POLL_S)
        except subprocess.TimeoutExpired:
            continue
        stderr = process.stderr.read() if process.stderr else ""
        raise AssertionError(f"ended with {code} before holding the library: {stderr}")
    raise AssertionError("never held the library")


def _line_with(stream: IO[str], text: str) -> str:
    """The first line of `stream` holding `text`, read as the process writes it, each
    line waited for a bounded time. Qt's own notes to stderr may come first."""
    lines: queue.Queue[str] = queue.Queue()

    def read() -> None:
        # The stream is closed under this reader once the test has its line.
        with suppress(ValueError, OSError):
            for line in stream:
                lines.put(line)
        lines.put("")

    threading.Thread(target=read, daemon=True).start()
    for _ in range(POLLS):
        try:
            line = lines.get(timeout=STARTS_WITHIN)
        except queue.Empty:
            break
        if not line:
            break
        if text in line:
            return line
    raise AssertionError(f"no line with {text!r}")


def test_serve_is_refused_while_the_app_holds_the_library(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    _import(data_dir, GAMES / "worked-hand.phase10.json")
    with _running(_command(data_dir)) as app:
        _wait_for_hold(app, data_dir)
        refused = subprocess.run(
            _command(data_dir, "serve", "--host", "127.0.0.1", "--port", "0", "--json"),
            capture_output=True,
            text=True,
            timeout=STARTS_WITHIN,
            check=False,
        )
        assert app.poll() is None
        assert _lock_pid(data_dir) == app.pid
    assert refused.returncode == 2
    assert refused.stdout == ""
    (line,) = refused.stderr.splitlines()
    assert line.startswith("error:")
    assert f"(process {app.pid})" in line
    assert str(data_dir) in line


def test_the_app_started_beside_serve_names_it_and_writes_nothing(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    _import(data_dir, GAMES / "worked-hand.phase10.json")
    serve_command = _command(data_dir, "serve", "--host", "127.0.0.1", "--port", "0", "--json")
    with _running(serve_command) as serve:
        assert serve.stdout is not None
        links = json.loads(serve.stdout.readline())
        before = _library_digest(data_dir)
        with _running(_command(data_dir)) as app:
            assert app.stderr is not None
            said = _line_with(app.stderr, "phase10-keeper")
            assert f"(process {serve.pid})" in said
            assert str(data_dir) in said
            # The app says so and waits for the message to be read: it never takes the
            # library, and `serve` goes on serving it.
            assert _lock_pid(data_dir) == serve.pid
            assert _library_digest(data_dir) == before
            served = Client(_Served(links["url"])).request(  # type: ignore[arg-type]
                "GET", "/api/game", key=links["viewer"].split("#key=", 1)[1]
            )
            assert served.status == 200
            assert served.data["hands_played"] == 1
        assert serve.poll() is None


def test_the_app_started_beside_serve_ends_with_0_once_it_has_said_so(tmp_path: Path) -> None:
    """The contract: a second app started on a held library hands over and exits 0.
    `serve` has no window to bring forward; the app says who holds the library."""
    data_dir = tmp_path / "data"
    _import(data_dir, GAMES / "worked-hand.phase10.json")
    serve_command = _command(data_dir, "serve", "--host", "127.0.0.1", "--port", "0", "--json")
    with _running(serve_command) as serve:
        assert serve.stdout is not None
        assert serve.stdout.readline()
        answered = subprocess.run(
            [
                sys.executable,
                "-c",
                "import sys\n"
                "from phase10_keeper.ui import app\n"
                "from phase10_keeper.ui.prompts import Prompts\n"
                "class Read(Prompts):\n"
                "    def warn(self, parent, title, text):\n"
                "        print(text)\n"
                "sys.exit(app.run(sys.argv[:1], Read()))\n",
            ],
            cwd=ROOT,
            env={**_app_environment(), "PHASE10_KEEPER_DATA_DIR": str(data_dir)},
            capture_output=True,
            text=True,
            timeout=STARTS_WITHIN,
            check=False,
        )
        assert _lock_pid(data_dir) == serve.pid
    assert answered.returncode == 0, answered.stderr
    assert f"(process {serve.pid})" in answered.stdout


class _Served:
    """Where a `serve` listens, as the test client needs it."""

    def __init__(self, url: str) -> None:
        self.host = "127.0.0.1"
        self.port = int(url.rsplit(":", 1)[1].strip("/"))
