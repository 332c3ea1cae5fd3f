"""An unexpected error is never silent: it is logged to a bounded file and shown."""

import logging
import sys

import pytest
from PySide6.QtCore import QTimer

from phase10_keeper.rules import Game
from phase10_keeper.storage.library import Library
from phase10_keeper.storage.paths import LOG_FILE
from phase10_keeper.ui import errors
from phase10_keeper.ui.main_window import MainWindow

from .answers import Answers
from .games import FOUR, game_with_hands

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


@pytest.fixture
def window(qtbot, monkeypatch):
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    library = Library.open()
    window = MainWindow(library, prompts=Answers())
    qtbot.addWidget(window)
    yield window
    for handler in list(errors.logger.handlers):
        errors.logger.removeHandler(handler)
        handler.close()
    library.close()


def test_an_error_in_a_slot_is_shown_with_how_far_the_game_is_saved(
    qtbot, window, tmp_path
) -> None:
    assert window.library is not None
    window.navigation.open_game(window.library.add_game(game_with_hands(FOUR, 3)))
    errors.install(window, tmp_path)

    def broken_slot() -> None:
        raise RuntimeError("the gremlin in the machine")

    QTimer.singleShot(0, broken_slot)
    answers = window.prompts
    assert isinstance(answers, Answers)
    qtbot.waitUntil(lambda: bool(answers.errors))
    text, details = answers.errors[0]
    assert text == "Something went wrong. Your games are saved up to hand 3."
    assert "RuntimeError: the gremlin in the machine" in details
    assert "broken_slot" in details
    log = (tmp_path / LOG_FILE).read_text(encoding="utf-8")
    assert "the gremlin in the machine" in log


def test_without_an_open_game_the_message_says_the_games_are_saved(window, tmp_path) -> None:
    reporter = errors.install(window, tmp_path)
    try:
        raise ValueError("no game open")
    except ValueError as error:
        reporter(ValueError, error, error.__traceback__)
    answers = window.prompts
    assert isinstance(answers, Answers)
    assert answers.errors[0][0] == "Something went wrong. Your games are saved."


def test_a_fresh_game_says_no_hand_is_saved_yet(window, tmp_path) -> None:
    assert window.library is not None
    window.navigation.open_game(window.library.add_game(Game(FOUR)))
    assert errors.saved_sentence(window) == "Your games are saved; this game has no hand saved yet."


def test_the_log_is_bounded(window, tmp_path) -> None:
    errors.log_to(tmp_path)
    line = "x" * 1000
    for _ in range(2 * errors.LOG_BYTES // 1000):
        errors.logger.log(logging.ERROR, line)
    files = sorted(tmp_path.glob(LOG_FILE + "*"))
    assert len(files) == errors.LOG_BACKUPS + 1
    assert all(path.stat().st_size <= errors.LOG_BYTES for path in files)
