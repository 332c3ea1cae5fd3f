"""A typical hand typed with keys alone, from where the window leaves the focus after the
hand before: what is recorded, and how many keys it took (goals: four players with the
standard rules in 12 keys or fewer, six players of Masters in 20 or fewer)."""

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from phase10_keeper.rules import CardKind, Game, Preset, build_rules
from phase10_keeper.ui.game.session import GameSession
from phase10_keeper.ui.main_window import MainWindow

from ..answers import Answers
from ..games import FOUR, SIX

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")

KEYS = {
    "↓": Qt.Key.Key_Down,
    "↑": Qt.Key.Key_Up,
    "←": Qt.Key.Key_Left,
    "→": Qt.Key.Key_Right,
    "␣": Qt.Key.Key_Space,
    "⏎": Qt.Key.Key_Return,
}


class Keyboard:
    """Presses keys on whatever field has the focus, and counts them."""

    def __init__(self, qtbot: Any) -> None:
        self.qtbot = qtbot
        self.pressed = 0

    def type(self, keys: str) -> None:
        for key in keys.replace(" ", ""):
            focused = QApplication.focusWidget()
            assert focused is not None, f"no field has the focus for {key!r}"
            if key in KEYS:
                self.qtbot.keyClick(focused, KEYS[key])
            else:
                self.qtbot.keyClicks(focused, key)
            self.pressed += 1


def _keeping(qtbot: Any, game: Game) -> tuple[MainWindow, Keyboard]:
    window = MainWindow(prompts=Answers())
    qtbot.addWidget(window)
    window.navigation.open_session(GameSession(game))
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    return window, Keyboard(qtbot)


def test_a_four_player_hand_of_the_standard_rules_in_at_most_twelve_keys(qtbot) -> None:
    window, keyboard = _keeping(qtbot, Game(players=FOUR))
    assert window.pages.session is not None
    keyboard.type("o ⏎")  # hand 1: Priya out, everyone else missed holding ten 1-9 cards
    assert window.pages.session.state.hands_played == 1
    keyboard.pressed = 0
    # Hand 2. Priya went out; Marcus made it holding one 1-9 card; Kwame missed holding
    # a 10-12 and a Wild besides his 1-9s; Dana missed holding ten 1-9 cards.
    keyboard.type("o")  # Priya out: on to Marcus
    keyboard.type("␣ 1")  # Marcus made it, one 1-9 card
    keyboard.type("↓ → 1 → → 1")  # Kwame: a 10-12, a Wild (1-9 works itself out)
    keyboard.type("⏎")
    hand = window.pages.session.game.hands[1]
    assert hand.went_out == "Priya"
    assert hand.results["Marcus"].made
    assert hand.results["Marcus"].cards.low == 1
    kwame = hand.results["Kwame"]
    assert not kwame.made
    assert (kwame.cards.low, kwame.cards.high, kwame.cards.wild) == (8, 1, 1)
    assert not hand.results["Dana"].made
    assert hand.results["Dana"].cards.low == 10
    assert keyboard.pressed == 10
    assert keyboard.pressed <= 12


def test_a_six_player_masters_hand_in_at_most_twenty_keys(qtbot) -> None:
    window, keyboard = _keeping(qtbot, Game(players=SIX, rules=build_rules(Preset.MASTERS)))
    assert window.pages.session is not None
    first, second, third, fourth, fifth, sixth = SIX
    keyboard.type("o ⏎")  # hand 1: the first player made phase 1 and went out
    assert window.pages.session.state.hands_played == 1
    keyboard.pressed = 0
    # Hand 2: each phase box starts where the player is (2 for the first, 1 for the
    # others, who missed it).
    keyboard.type("o")  # the first went out (phase 2): on to the second's phase
    keyboard.type("␣ → 1")  # the second made phase 1, holding one 1-9 card
    keyboard.type("↓ ↓ ← 4")  # the third missed 1 (nothing to type); the fourth tried 4
    keyboard.type("↓ ␣ → 2")  # the fifth made phase 1, holding two 1-9 cards
    keyboard.type("↓ p 75")  # the sixth missed, 75 points by the total
    keyboard.type("⏎")
    hand = window.pages.session.game.hands[1]
    assert hand.went_out == first
    assert {name: hand.results[name].phase for name in SIX} == {
        first: 2,
        second: 1,
        third: 1,
        fourth: 4,
        fifth: 1,
        sixth: 1,
    }
    assert {name for name in SIX if hand.results[name].made} == {first, second, fifth}
    assert hand.results[second].cards.count(CardKind.LOW) == 1
    assert hand.results[fifth].cards.count(CardKind.LOW) == 2
    assert hand.results[third].cards.low == 10
    assert hand.results[fourth].cards.low == 10
    assert hand.results[sixth].points == 75
    assert keyboard.pressed == 17
    assert keyboard.pressed <= 20
