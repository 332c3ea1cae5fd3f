"""The window takes the keys back once shown and after each dialog of the game page: an X
server without a window manager gives them to no window when a dialog closes. Here
another window holds the activation when the dialog ends, as nothing gives it back."""

from typing import Any

import pytest
from PySide6.QtWidgets import QApplication, QWidget

from phase10_keeper.rules import CardKind, Game
from phase10_keeper.ui.game.session import GameSession
from phase10_keeper.ui.main_window import MainWindow

from .answers import Answers
from .games import FOUR

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


class Elsewhere(Answers):
    """Answers every question after another window took the activation."""

    def __init__(self, qtbot: Any) -> None:
        super().__init__()
        self.other = QWidget()
        qtbot.addWidget(self.other)
        self.qtbot = qtbot

    def look_elsewhere(self) -> None:
        self.other.show()
        self.other.activateWindow()
        self.qtbot.waitUntil(self.other.isActiveWindow)

    def confirm(self, *args: Any, **kwargs: Any) -> bool:
        self.look_elsewhere()
        return super().confirm(*args, **kwargs)


@pytest.fixture
def window(qtbot) -> Any:
    prompts = Elsewhere(qtbot)
    shown = MainWindow(prompts=prompts)
    qtbot.addWidget(shown)
    shown.open_session(GameSession(Game(players=FOUR)))
    shown.show()
    qtbot.waitExposed(shown)
    qtbot.waitUntil(shown.isActiveWindow)
    return shown


def _keys_in_the_form(window: Any) -> bool:
    focused = QApplication.focusWidget()
    return (
        window.isActiveWindow()
        and focused is not None
        and window.game_view.form.isAncestorOf(focused)
    )


def test_the_window_has_the_keys_once_shown(qtbot) -> None:
    other = QWidget()
    qtbot.addWidget(other)
    other.show()
    other.activateWindow()
    qtbot.waitUntil(other.isActiveWindow)
    window = MainWindow(prompts=Answers())
    qtbot.addWidget(window)
    window.open_session(GameSession(Game(players=FOUR)))
    window.show()
    qtbot.waitUntil(lambda: _keys_in_the_form(window))


def test_the_keys_come_back_to_the_form_after_the_unusual_hand_question(window, qtbot) -> None:
    form = window.game_view.form
    form.draft.set_went_out("Priya")
    form.draft.set_made("Marcus", True)
    form.draft.set_count("Marcus", CardKind.LOW, 0)
    form._typed()
    window.prompts.confirm_answer = False  # Go Back
    form.submit()
    assert window.prompts.asked
    qtbot.waitUntil(lambda: _keys_in_the_form(window))


def test_the_keys_come_back_to_the_form_after_player_joins(window, qtbot) -> None:
    dialog = window.player_joins()
    window.prompts.look_elsewhere()
    dialog.reject()
    qtbot.waitUntil(lambda: _keys_in_the_form(window))
