"""Screen readers are told, as a hand is recorded, who went out and who deals next, or
who won; with a Qt too old to announce, nothing is said and nothing fails."""

import pytest
from PySide6 import QtGui
from PySide6.QtGui import QAccessible

from phase10_keeper.rules import build_rules
from phase10_keeper.ui.game.session import GameSession
from phase10_keeper.ui.main_window import MainWindow
from phase10_keeper.ui.widgets import announcement

from ..answers import Answers
from ..games import FOUR, game_with_hands, went_out

pytestmark = pytest.mark.skipif(
    not hasattr(QtGui, "QAccessibleAnnouncementEvent"), reason="Qt announces from 6.8 on"
)


@pytest.fixture
def announced(monkeypatch: pytest.MonkeyPatch) -> list[tuple[object, str]]:
    """What was announced, by whom: the accessibility events Qt was given."""
    said: list[tuple[object, str]] = []

    def update(event: QtGui.QAccessibleEvent) -> None:
        assert event.type() is QAccessible.Event.Announcement
        assert isinstance(event, QtGui.QAccessibleAnnouncementEvent)
        said.append((event.object(), event.message()))

    monkeypatch.setattr(QAccessible, "updateAccessibility", staticmethod(update))
    return said


def _view(qtbot, library, game):
    window = MainWindow(prompts=Answers())
    qtbot.addWidget(window)
    window.navigation.open_session(GameSession(game, library, library.add_game(game)))
    assert window.pages.game_view is not None
    return window.pages.game_view


def test_recording_a_hand_says_who_went_out_and_who_deals_next(qtbot, library, announced) -> None:
    view = _view(qtbot, library, game_with_hands(FOUR, 2))
    view.form.submitted.emit(went_out(FOUR, "Dana"))
    assert view.session.state.dealer == "Dana"
    assert announced == [(view, "Hand 3 recorded: Dana went out. Dana deals next.")]

    view.form.submitted.emit(went_out(FOUR, "Marcus"))
    assert announced[-1] == (view, "Hand 4 recorded: Marcus went out. Priya deals next.")


def test_the_last_hand_says_who_won(qtbot, library, announced) -> None:
    view = _view(qtbot, library, game_with_hands(FOUR, 0, build_rules(target=1)))
    view.form.submitted.emit(went_out(FOUR, "Kwame"))
    assert announced == [(view, "Hand 1 recorded: Kwame went out. Kwame wins the game.")]


def test_a_correction_or_a_refused_hand_announces_nothing(qtbot, library, announced) -> None:
    view = _view(qtbot, library, game_with_hands(FOUR, 2))
    view.form.start(view.session.state_before(0), editing=0, hand=view.session.game.hands[0])
    view.form.submitted.emit(went_out(FOUR, "Marcus"))
    assert view.session.game.hands[0].went_out == "Marcus"
    impossible = went_out(FOUR, "Nobody at this table")
    view.form.submitted.emit(impossible)
    assert announced == []


def test_an_older_qt_announces_nothing(qtbot, library, monkeypatch, announced) -> None:
    view = _view(qtbot, library, game_with_hands(FOUR, 2))
    assert announcement.announce(view, "said")
    monkeypatch.delattr(QtGui, "QAccessibleAnnouncementEvent")
    assert not announcement.announce(view, "not said")
    view.form.submitted.emit(went_out(FOUR, "Dana"))
    assert view.session.state.hands_played == 3
    assert announced == [(view, "said")]


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_a_shown_page_says_it_once_drawn_in_the_order_recorded(qtbot, library, announced) -> None:
    view = _view(qtbot, library, game_with_hands(FOUR, 2))
    view.window().show()
    qtbot.waitExposed(view.window())
    view.form.submitted.emit(went_out(FOUR, "Dana"))
    view.form.submitted.emit(went_out(FOUR, "Marcus"))
    qtbot.waitUntil(lambda: len(announced) == 2)
    assert announced == [
        (view, "Hand 3 recorded: Dana went out. Dana deals next."),
        (view, "Hand 4 recorded: Marcus went out. Priya deals next."),
    ]
