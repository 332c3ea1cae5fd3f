"""The app in a process of its own, as it runs for a user: typing part of a hand and then
ending it (SIGTERM, as a logout does, or closing its window), and starting it again,
brings the typing back into the form, saying so. A SIGTERM that comes while the app is
at work (here: between two clicks of one step) ends it once that step is done, never in
the middle of it: Python runs a signal's handler between any two steps of its code, in
the middle of an import too, where quitting found a module half loaded and lost the typing."""

import json
import os
import select
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from phase10_keeper.rules import Game
from phase10_keeper.storage.library import Library
from phase10_keeper.storage.paths import default_data_dir

from .games import FOUR, went_out

ROOT = Path(__file__).resolve().parents[2]

_CHILD = """
import json, signal, sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
from phase10_keeper.ui import app

started = app.start

def start(argv, prompts=None):
    window = started(argv, prompts)

    def once_open():
        if window.pages.game_view is None:
            QTimer.singleShot(20, once_open)
            return
        form = window.pages.game_view.form
        if sys.argv[1] == "type":
            form._rows[1].went_out.click()
            if sys.argv[2] == "sigterm_at_work":
                signal.raise_signal(signal.SIGTERM)
            form._rows[2].made.click()
            print("typed", flush=True)
            if sys.argv[2] == "close":
                window.close()
        else:
            note = window.pages.game_view.kept_note
            shown = note.label.text() if note.isVisibleTo(window) else ""
            print(json.dumps([form.draft.went_out, form.draft.made("Kwame"), shown]), flush=True)
            QApplication.quit()

    window.after_next_paint(once_open)
    return window

app.start = start
sys.exit(app.run(sys.argv[:1]))
"""


def _app(*arguments: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", _CHILD, *arguments],
        cwd=ROOT,
        env=dict(os.environ),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _line(process: subprocess.Popen[str]) -> str:
    """The next line the app prints; it has a minute to print it."""
    assert process.stdout is not None
    ready, _, _ = select.select([process.stdout], [], [], 60)
    assert ready, "the app printed nothing within a minute"
    return process.stdout.readline().strip()


@pytest.mark.parametrize("end", ["sigterm", "sigterm_at_work", "close"])
def test_typing_survives_the_app_ending_and_starting_again(end: str) -> None:
    with Library.open(default_data_dir()) as library:
        game = Game(players=FOUR, title="Friday night").with_hand_appended(went_out(FOUR, "Dana"))
        library.set_last_open_game(library.add_game(game))
    first = _app("type", end)
    assert _line(first) == "typed"
    if end == "sigterm":
        first.send_signal(signal.SIGTERM)
    _, errors = first.communicate(timeout=60)
    assert first.returncode == 0, errors
    second = _app("look", "")
    went_out_typed, made_typed, note = json.loads(_line(second))
    _, errors = second.communicate(timeout=60)
    assert second.returncode == 0, errors
    assert (went_out_typed, made_typed) == ("Marcus", True)
    assert note.startswith("Your unrecorded typing for hand 2 is back.")
