"""Damage is found wherever it is: random bit flips in a small library never end a command
in a traceback or a hang, and one damaged game never blocks the rest."""

import json
import random
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from phase10_keeper.cli import main
from phase10_keeper.rules import CardKind, GroupKind, Leave
from phase10_keeper.rules.ruleset import Order, Preset
from phase10_keeper.storage.library import LIBRARY_FILE, Library
from phase10_keeper.storage.summary import CARD_KINDS, DECK_KINDS, GROUP_KINDS, ORDERS, PRESETS

from .samples import friday_game, long_game

FLIPS = 200
COMMANDS = (["games", "list"], ["games", "show", "1"], ["games", "show", "2"], ["stats"])


def _small_library(data_dir: Path) -> None:
    with Library.open(data_dir) as library:
        library.add_game(friday_game(2))
        library.add_game(long_game(4).with_seating_change(Leave(5, "Dana")))
        library.add_game(friday_game(1))
    shutil.rmtree(data_dir / "backups")


def _flip_bits(data: bytearray, chooser: random.Random) -> None:
    for _ in range(chooser.randint(1, 3)):
        position = chooser.randrange(len(data) * 8)
        data[position // 8] ^= 1 << (position % 8)


@pytest.mark.parametrize("seed", range(4))
def test_random_bit_flips_end_every_command_in_a_result_or_an_error_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], seed: int
) -> None:
    pristine_dir = tmp_path / "pristine"
    _small_library(pristine_dir)
    pristine = (pristine_dir / LIBRARY_FILE).read_bytes()
    chooser = random.Random(seed)
    for _ in range(FLIPS // 4):
        data_dir = tmp_path / "flipped"
        shutil.rmtree(data_dir, ignore_errors=True)
        shutil.copytree(pristine_dir, data_dir)
        damaged = bytearray(pristine)
        _flip_bits(damaged, chooser)
        (data_dir / LIBRARY_FILE).write_bytes(bytes(damaged))
        for command in COMMANDS:
            code = main(["--data-dir", str(data_dir), *command])
            _, err = capsys.readouterr()
            assert code in (0, 2), (command, err)
            assert "Traceback" not in err
            if code == 2:
                assert err.startswith("error: "), err
                assert err.count("\n") == 1, err


def _corrupt(data_dir: Path, statement: str, *values: object) -> None:
    """Changes a stored value as a flipped bit would, past SQLite's own checks."""
    with closing(sqlite3.connect(data_dir / LIBRARY_FILE)) as database:
        database.execute("PRAGMA ignore_check_constraints = ON")
        database.execute(statement, values)
        database.commit()
    for name in (LIBRARY_FILE + ".as-left",):
        (data_dir / name).unlink(missing_ok=True)


DAMAGES = {
    "status": ("UPDATE games SET status = 'in_progrews' WHERE id = 2",),
    "started not UTF-8": ("UPDATE games SET started = CAST(X'32303236ff' AS TEXT) WHERE id = 2",),
    "created date": ("UPDATE games SET created = 'yesterday' WHERE id = 2",),
    "title not UTF-8": (
        "UPDATE games SET title = CAST(X'46726914' || X'ff' AS TEXT) WHERE id = 2",
    ),
    "player not UTF-8": (
        "UPDATE game_players SET name = CAST(X'44616eff' AS TEXT) WHERE game_id = 2 AND seat = 1",
    ),
    "hand not JSON": ('UPDATE hands SET data = \'{"went_out": "Pri\' WHERE game_id = 2',),
    "hand nested": ("UPDATE hands SET data = ? WHERE game_id = 2", "[" * 100_000 + "]" * 100_000),
    "hand not UTF-8": ("UPDATE hands SET data = CAST(X'7b22ff' AS TEXT) WHERE game_id = 2",),
    "rules": ('UPDATE games SET rules = \'{"preset": "mattex"}\' WHERE id = 2',),
    "seating": ("UPDATE games SET seating = '[{\"leave\": 3}]' WHERE id = 2",),
    "rules order": (
        """UPDATE games SET rules = '{"preset": "mattel", "order": "sequencf"}' """
        "WHERE id = 2",
    ),
    "rules phase": (
        """UPDATE games SET rules = '{"preset": "mattel", "phases": """
        """[{"label": 1, "groups": [{"kind": "sev", "size": 3}]}]}' WHERE id = 2""",
    ),
    "rules flag": (
        """UPDATE games SET rules = '{"preset": "mattel", "super_wild": 1}' """
        "WHERE id = 2",
    ),
    "rules key": ("""UPDATE games SET rules = '{"preset": "mattel", "targes": 3}' WHERE id = 2""",),
    "rules number": ("UPDATE games SET rules = 12 WHERE id = 2",),
    "rules nested": ("UPDATE games SET rules = ? WHERE id = 2", "[" * 100_000 + "]" * 100_000),
    "seating player": (
        """UPDATE games SET seating = '[{"before_hand": 5, "leave": "Dane"}]' WHERE id = 2""",
    ),
    "seating hand": (
        """UPDATE games SET seating = '[{"before_hand": 0, "leave": "Dana"}]' WHERE id = 2""",
    ),
    "seat": ("UPDATE game_players SET seat = 9 WHERE game_id = 2 AND seat = 1",),
    "hand number": ("UPDATE hands SET number = 7 WHERE game_id = 2 AND number = 2",),
    "winner": ("UPDATE games SET winner = 7 WHERE id = 2",),
    "revision": ("UPDATE games SET revision = 'x' WHERE id = 2",),
}

COLUMNS = {
    "status": "status",
    "started not UTF-8": "started",
    "created date": "created",
    "title not UTF-8": "title",
    "player not UTF-8": "game_players.name",
    "hand not JSON": "hands.data",
    "hand nested": "hands.data",
    "hand not UTF-8": "hands.data",
    "rules not JSON": "rules",
    "seating not JSON": "rules",
    "rules": "rules",
    "rules order": "rules",
    "rules phase": "rules",
    "rules flag": "rules",
    "rules key": "rules",
    "rules number": "rules",
    "rules nested": "rules",
    "seating": "seating",
    "seating player": "seating",
    "seating hand": "seating",
    "seat": "game_players.seat",
    "hand number": "hands.number",
    "winner": "winner",
    "revision": "revision",
}


@pytest.mark.parametrize("damage", sorted(DAMAGES))
def test_one_damaged_game_is_named_and_left_out_of_lists_and_statistics(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], damage: str
) -> None:
    _small_library(tmp_path)
    _corrupt(tmp_path, *DAMAGES[damage])
    code, out, err = _run(capsys, tmp_path, "games", "list", "--json")
    assert code == 0, err
    listed = [game["id"] for game in json.loads(out)["games"]]
    assert listed == [3, 1]
    assert err == (
        f"warning: game 2 in the library is damaged (its {COLUMNS[damage]} is not what "
        "the app writes); a backup may hold it whole; it is left out\n"
    )
    code, out, err = _run(capsys, tmp_path, "stats", "--json")
    assert code == 0, err
    assert "warning: game 2 in the library is damaged" in err
    for command in (["games", "show", "2"], ["games", "export", "2", str(tmp_path / "2.json")]):
        code, out, err = _run(capsys, tmp_path, *command)
        assert (code, out) == (2, "")
        assert err.startswith("error: game 2 in the library is damaged"), err
    assert _run(capsys, tmp_path, "games", "show", "1")[0] == 0


def _run(capsys: pytest.CaptureFixture[str], data_dir: Path, *args: str) -> tuple[int, str, str]:
    code = main(["--data-dir", str(data_dir), *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_listing_knows_the_names_the_rules_know() -> None:
    """The listing checks stored rules against plain names, not the rules themselves: they
    must be the same names."""
    assert {preset.value for preset in Preset} == PRESETS
    assert {order.value for order in Order} == ORDERS
    assert {kind.value for kind in GroupKind} == GROUP_KINDS
    assert {kind.value for kind in CardKind} == CARD_KINDS
    assert {kind.value for kind in CardKind if kind is not CardKind.SUPER_WILD} == DECK_KINDS
