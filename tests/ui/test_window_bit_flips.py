"""Damage is found wherever it is, in the window too: a library with random bit flips
opens (or is refused with a message, the backups offered), and every page and every
game it lists shows, or says what is wrong, without an unexpected error."""

import random
import shutil
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from phase10_keeper.rules import Leave
from phase10_keeper.storage.library import LIBRARY_FILE, Library
from phase10_keeper.ui import app
from phase10_keeper.ui.main_window import MainWindow

from ..storage.samples import friday_game, long_game
from .answers import Answers

FLIPS = 200
SEEDS = 4
pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


def _pristine(data_dir: Path) -> bytes:
    with Library.open(data_dir) as library:
        library.add_game(friday_game(2))
        library.add_game(long_game(4).with_seating_change(Leave(5, "Dana")))
        library.add_game(friday_game(1))
        library.set_last_open_game(2)
    shutil.rmtree(data_dir / "backups")
    return (data_dir / LIBRARY_FILE).read_bytes()


def _flipped(pristine: bytes, chooser: random.Random) -> bytes:
    data = bytearray(pristine)
    for _ in range(chooser.randint(1, 3)):
        position = chooser.randrange(len(data) * 8)
        data[position // 8] ^= 1 << (position % 8)
    return bytes(data)


@pytest.mark.parametrize("seed", range(SEEDS))
def test_random_bit_flips_never_end_in_an_unexpected_error_in_the_window(
    qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    pristine = _pristine(tmp_path / "pristine")
    chooser = random.Random(seed)
    exits: list[int] = []
    # No event loop runs here: a real exit would end the next test's loops at once.
    monkeypatch.setattr(QApplication, "exit", lambda code=0: exits.append(code))
    outcomes = {"opened": 0, "refused": 0, "games shown": 0}
    for flip in range(FLIPS // SEEDS):
        data_dir = tmp_path / f"flipped-{flip}"
        data_dir.mkdir()
        (data_dir / LIBRARY_FILE).write_bytes(_flipped(pristine, chooser))
        monkeypatch.setenv("PHASE10_KEEPER_DATA_DIR", str(data_dir))
        answers = Answers()
        # Declined: a damaged library is said and left as it is (kept for the backups).
        answers.confirm_answer = False
        window = MainWindow(prompts=answers)
        qtbot.addWidget(window)
        opened = app.open_library(window)
        if not opened:
            outcomes["refused"] += 1
            assert exits[-1] == 1
            assert answers.warnings, "a library refused without a word"
        else:
            outcomes["opened"] += 1
            window.navigation.show_start()
            window.navigation.show_library()
            window.navigation.show_players()
            assert window.library is not None
            for summary in window.library.list_games():
                if window.navigation.open_game(summary.id):
                    outcomes["games shown"] += 1
                window.navigation.close_game()
            window.library.close()
        assert answers.errors == [], answers.errors
        window.close()
    # The flips fell where they show: some libraries opened, and games were shown.
    assert outcomes["opened"] > 0
    assert outcomes["games shown"] > 0
