"""Hostile input through every command: nothing reaches the terminal raw, no traceback."""

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import unicodedata
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from phase10_keeper.cli import main
from phase10_keeper.rules import Game
from phase10_keeper.storage.library import LIBRARY_FILE, Library

ROOT = Path(__file__).resolve().parent.parent
OSC_TITLE = "\x1b]0;pwned\x07"
CLEAR = "\x1b[2J"
CSI_8BIT = "\x9b31m"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def game_document(players: list[str], title: str = "", warn: bool = False) -> dict[str, Any]:
    """A one-hand game; with `warn`, the hand has a count the rules only warn about."""
    first, *others = players
    results: dict[str, Any] = {first: {"made": True}}
    for name in others:
        results[name] = {"made": False, "cards": {"low": 9 if warn else 10}}
    return {
        "format": "phase10-keeper/game",
        "version": 1,
        "title": title,
        "players": players,
        "hands": [{"went_out": first, "results": results}],
    }


def write(tmp_path: Path, document: dict[str, Any], name: str = "game.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(document), encoding="utf-8")
    return str(path)


def assert_inert(text: str) -> None:
    """No character that a terminal would act on, other than line ends."""
    for character in text:
        if character == "\n":
            continue
        assert unicodedata.category(character) != "Cc", repr(text)
        assert character not in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"


HOSTILE_NAMES = [f"Ana{OSC_TITLE}", f"Bo{CLEAR}", f"Cy{CSI_8BIT}", "Di\u202eevil"]


def test_standings_escape_control_characters(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write(tmp_path, game_document(HOSTILE_NAMES, title=f"Friday{CLEAR}", warn=True))
    code, out, err = run(capsys, "standings", path)
    assert code == 0
    assert_inert(out)
    assert_inert(err)
    assert "Ana\\x1b]0;pwned\\x07" in out
    assert "Friday\\x1b[2J" in out
    assert "Di\\u202eevil" in out
    assert err.startswith("warning: ")
    assert "\\x1b[2J" in err


def test_error_lines_escape_control_characters(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    document = game_document([f"Ana{CLEAR}", "Bo"])
    document["hands"][0]["results"][f"Ana{CLEAR}"]["cards"] = {"low": -1}
    code, out, err = run(capsys, "standings", write(tmp_path, document))
    assert (code, out) == (2, "")
    assert err.startswith("error: ")
    assert err.count("\n") == 1
    assert_inert(err)


def test_the_library_commands_escape_control_characters(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = str(tmp_path / "data")
    path = write(tmp_path, game_document(HOSTILE_NAMES, title=f"T{OSC_TITLE}"))
    assert run(capsys, "--data-dir", data, "games", "import", path)[:2] == (0, "1\n")
    for command in (["games", "list"], ["games", "show", "1"]):
        code, out, err = run(capsys, "--data-dir", data, *command)
        assert (code, err) == (0, "")
        assert_inert(out)
        assert "\\x1b" in out


def test_json_output_keeps_names_exactly(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write(tmp_path, game_document(HOSTILE_NAMES))
    code, out, _ = run(capsys, "standings", path, "--json")
    assert code == 0
    assert [player["name"] for player in json.loads(out)["players"]] == HOSTILE_NAMES


def test_a_game_id_too_large_for_the_library(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(
        capsys, "--data-dir", str(tmp_path), "games", "show", "99999999999999999999999"
    )
    assert (code, out) == (2, "")
    assert err.startswith("error: ")
    assert "is not a game id" in err


def test_a_library_with_a_negative_version(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    Library.open(tmp_path).close()
    with closing(sqlite3.connect(tmp_path / LIBRARY_FILE)) as connection:
        connection.execute("PRAGMA user_version = -3")
    code, out, err = run(capsys, "--data-dir", str(tmp_path), "games", "list")
    assert (code, out) == (2, "")
    assert err.startswith("error: ")
    assert "version -3" in err


def command(
    *args: str, env: dict[str, str] | None = None, timeout: float = 60
) -> subprocess.CompletedProcess[bytes]:
    path = os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])
    return subprocess.run(
        [sys.executable, "-m", "phase10_keeper", *args],
        capture_output=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": path, **(env or {})},
        timeout=timeout,
        check=False,
    )


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero on this system")
def test_an_endless_device_is_an_error_not_a_crash() -> None:
    done = command("standings", "/dev/zero", timeout=30)
    assert done.returncode == 2
    assert done.stderr.startswith(b"error: ")
    assert b"Traceback" not in done.stderr


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX only")
def test_a_named_pipe_is_an_error_not_a_hang(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe")
    done = command("standings", str(tmp_path / "pipe"), timeout=30)
    assert done.returncode == 2
    assert b"is not a regular file" in done.stderr


def test_tables_degrade_to_ascii_on_an_ascii_console(tmp_path: Path) -> None:
    path = write(tmp_path, game_document(["Zo\u00eb", "\u0130pek", "Bo"], title="Sp\u00e4t"))
    ascii_console = {"LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0", "PYTHONIOENCODING": ""}
    env = {key: value for key, value in ascii_console.items() if value}
    os_env = {key: value for key, value in os.environ.items() if key != "PYTHONIOENCODING"}
    done = subprocess.run(
        [sys.executable, "-m", "phase10_keeper", "standings", path],
        capture_output=True,
        cwd=ROOT,
        env={
            **os_env,
            **env,
            "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
        },
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == b""
    done.stdout.decode("ascii")
    assert b"Zo\\xeb" in done.stdout
    assert b"Sp\\xe4t - Mattel rules - 1 hand" in done.stdout


hostile_text = st.text(
    st.characters(codec="utf-8", exclude_categories=["Cs"]),
    min_size=1,
    max_size=12,
)


@settings(
    max_examples=int(os.environ.get("PHASE10_KEEPER_HOSTILE_EXAMPLES", "60")),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(names=st.lists(hostile_text, min_size=2, max_size=6), title=hostile_text)
def test_any_names_and_title_through_every_command(
    capsys: pytest.CaptureFixture[str],
    tmp_path_factory: pytest.TempPathFactory,
    names: list[str],
    title: str,
) -> None:
    folder = tmp_path_factory.mktemp("hostile")
    data = str(folder / "data")
    path = write(folder, game_document(names, title=title))
    outcomes = [
        run(capsys, "standings", path),
        run(capsys, "standings", path, "--json"),
        run(capsys, "sheet", str(folder / "out.pdf"), "--game", path),
        run(capsys, "sheet", str(folder / "names.pdf"), "--names", ",".join(names)),
        run(capsys, "--data-dir", data, "games", "import", path),
    ]
    imported = outcomes[-1][0] == 0
    if imported:
        outcomes += [
            run(capsys, "--data-dir", data, "games", "list"),
            run(capsys, "--data-dir", data, "games", "list", "--json"),
            run(capsys, "--data-dir", data, "games", "show", "1"),
            run(capsys, "--data-dir", data, "games", "export", "1", str(folder / "back.json")),
        ]
    for code, out, err in outcomes:
        assert code in (0, 2)
        assert_inert(out)
        assert_inert(err)
        for line in err.splitlines():
            assert line.startswith(("error: ", "warning: ")), line
        if code == 2:
            assert err.startswith("error: ")
            assert err.count("\n") == 1


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | hostile_text,
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(hostile_text, children, max_size=4)
    ),
    max_leaves=12,
)
GAME_KEYS = ["title", "players", "hands", "rules", "first_dealer", "started", "version"]


@settings(
    max_examples=int(os.environ.get("PHASE10_KEEPER_HOSTILE_EXAMPLES", "80")),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    key=st.sampled_from(GAME_KEYS),
    value=json_values,
    raw=st.binary(max_size=64),
    use_raw=st.booleans(),
)
def test_any_file_through_the_file_commands(
    capsys: pytest.CaptureFixture[str],
    tmp_path_factory: pytest.TempPathFactory,
    key: str,
    value: Any,
    raw: bytes,
    use_raw: bool,
) -> None:
    folder = tmp_path_factory.mktemp("files")
    path = folder / "game.json"
    if use_raw:
        path.write_bytes(raw)
    else:
        document = game_document(["Ana", "Bo"])
        document[key] = value
        path.write_text(json.dumps(document), encoding="utf-8")
    for args in (
        ["standings", str(path)],
        ["standings", str(path), "--json"],
        ["sheet", str(folder / "out.pdf"), "--game", str(path)],
        ["--data-dir", str(folder / "data"), "games", "import", str(path)],
    ):
        code, out, err = run(capsys, *args)
        assert code in (0, 2), (args, err)
        assert_inert(out)
        assert_inert(err)
        if code == 2:
            assert err.startswith("error: ")
            assert err.count("\n") == 1


def test_stats_find_a_player_as_names_are_matched(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = str(tmp_path / "data")
    path = write(tmp_path, game_document(["\u0130pek", f"Bo{CLEAR}"]))
    assert run(capsys, "--data-dir", data, "games", "import", path)[0] == 0
    code, out, err = run(capsys, "--data-dir", data, "stats", "--player", "ipek")
    assert (code, err) == (0, "")
    assert "\u0130pek" in out
    code, out, err = run(capsys, "--data-dir", data, "stats")
    assert code == 0
    assert_inert(out)


@pytest.mark.parametrize(
    ("names", "words"),
    [("Ana,\u200b\u200b", "nothing visible"), (f"Ana,{'N' * 500}", "a name has at most")],
)
def test_sheet_names_are_checked_like_players(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, names: str, words: str
) -> None:
    code, out, err = run(capsys, "sheet", str(tmp_path / "out.pdf"), "--names", names)
    assert (code, out) == (2, "")
    assert err.startswith("error: --names: ")
    assert words in err
    assert not (tmp_path / "out.pdf").exists()


def test_a_library_behind_what_was_saved_is_an_error_that_says_what_to_do(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    with Library.open(tmp_path) as library:
        library.add_game(Game(players=("Ana", "Bo")))
    # The mark claims changes the file does not hold, as after a lost -wal file.
    (tmp_path / (LIBRARY_FILE + ".revision")).write_text(
        '{"revision": 99, "last_game_id": 7}\n', encoding="ascii"
    )
    for command in (
        ["games", "list"],
        ["games", "import", write(tmp_path, game_document(["A", "B"]))],
    ):
        code, out, err = run(capsys, "--data-dir", str(tmp_path), *command)
        assert (code, out) == (2, "")
        assert "is behind what was last saved" in err
        assert err.rstrip().endswith(
            f"start the app to restore a backup (they are in {tmp_path / 'backups'})"
        )


def test_names_typed_on_an_ascii_console_are_read_as_utf8(tmp_path: Path) -> None:
    env = {**os.environ, "LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0"}
    env.pop("PYTHONIOENCODING", None)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "phase10_keeper",
            "sheet",
            str(tmp_path / "out.pdf"),
            "--names",
            "Zo\u00eb,\u0141ukasz",
        ],
        capture_output=True,
        cwd=ROOT,
        env=env,
        timeout=60,
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, b"")


def test_a_reader_that_stops_early_is_no_traceback(tmp_path: Path) -> None:
    path = write(tmp_path, game_document(["Ana", "Bo"]))
    closed_for_reading, output = os.pipe()
    os.close(closed_for_reading)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "phase10_keeper", "standings", path],
            stdout=output,
            stderr=subprocess.PIPE,
            cwd=ROOT,
            env={
                **os.environ,
                "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
            },
            timeout=60,
            check=False,
        )
    finally:
        os.close(output)
    assert done.stderr == b""
    assert done.returncode == 0


def test_a_damaged_library_with_no_backup_offers_none(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / LIBRARY_FILE).write_bytes(b"this is no longer an SQLite database" * 4)
    code, out, err = run(capsys, "--data-dir", str(tmp_path), "games", "list")
    assert (code, out) == (2, "")
    assert "there is no good backup to restore" in err
    assert "start the app" not in err


def test_a_library_behind_with_no_backup_says_the_app_can_carry_on(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    with Library.open(tmp_path) as library:
        library.add_game(Game(players=("Ana", "Bo")))
    shutil.rmtree(tmp_path / "backups", ignore_errors=True)
    (tmp_path / (LIBRARY_FILE + ".revision")).write_text(
        '{"revision": 99, "last_game_id": 7}\n', encoding="ascii"
    )
    code, out, err = run(capsys, "--data-dir", str(tmp_path), "games", "list")
    assert (code, out) == (2, "")
    assert err.rstrip().endswith("start the app to carry on with what it holds")
