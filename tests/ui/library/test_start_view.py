"""The start view: which game reopens on launch, and the buttons' requests."""

from dataclasses import dataclass

import pytest
from PySide6.QtCore import Qt

from phase10_keeper.rules import Status
from phase10_keeper.ui.library.start_view import StartView


@dataclass(frozen=True)
class Summary:
    id: int
    title: str
    started: str | None
    finished: str | None
    players: tuple[str, ...]
    hands: int
    status: Status
    winner: str | None


GAMES = [
    Summary(
        4, "Sunday", "2026-11-29T15:00:00+00:00", None, ("Ann", "Bo"), 2, Status.IN_PROGRESS, None
    ),
    Summary(
        3, "Saturday", "2026-11-28T15:00:00+00:00", "x", ("Ann", "Bo"), 9, Status.FINISHED, "Bo"
    ),
    Summary(2, "Friday", "2026-11-27T15:00:00+00:00", None, ("Cy", "Di"), 5, Status.TIEBREAK, None),
    Summary(1, "", "2026-11-26T15:00:00+00:00", None, ("Ed", "Flo"), 0, Status.IN_PROGRESS, None),
    Summary(0, "Oldest", None, None, ("Gus", "Hal"), 1, Status.IN_PROGRESS, None),
]


def test_start_view_offers_the_newest_unfinished_games(qtbot) -> None:
    view = StartView()
    qtbot.addWidget(view)
    assert view.continue_heading.isHidden()
    view.set_games(GAMES)
    assert list(view.continue_buttons) == [4, 2, 1]
    assert not view.continue_heading.isHidden()
    assert view.continue_buttons[1].text() == "Untitled game"
    assert "Cy, Di · 5 hands played" in view.continue_buttons[2].description()
    with qtbot.waitSignal(view.continueRequested) as chosen:
        qtbot.mouseClick(view.continue_buttons[2], Qt.MouseButton.LeftButton)
    assert chosen.args == [2]
    assert "Ed, Flo · not started" in view.continue_buttons[1].description()
    view.set_games(GAMES[4:])
    assert view.continue_buttons[0].description() == "Gus, Hal · 1 hand played"
    view.set_games(GAMES[1:2])
    assert view.continue_buttons == {}
    assert view.continue_heading.isHidden()


@pytest.mark.parametrize(
    ("button", "signal"),
    [
        ("new_button", "newGameRequested"),
        ("library_button", "libraryRequested"),
        ("import_button", "importRequested"),
        ("sheets_button", "blankSheetsRequested"),
    ],
)
def test_start_view_buttons_request_their_action(qtbot, button: str, signal: str) -> None:
    view = StartView()
    qtbot.addWidget(view)
    with qtbot.waitSignal(getattr(view, signal)):
        qtbot.mouseClick(getattr(view, button), Qt.MouseButton.LeftButton)
    assert getattr(view, button).accessibleName()


def _shown(qtbot) -> StartView:
    view = StartView()
    qtbot.addWidget(view)
    view.set_games(GAMES)
    view.show()
    qtbot.waitExposed(view)
    view.activateWindow()
    qtbot.waitUntil(view.isActiveWindow)
    return view


@pytest.mark.qt_log_ignore("propagateSizeHints", "raise")
def test_enter_opens_the_entry_with_the_focus_and_arrows_move(qtbot) -> None:
    view = _shown(qtbot)
    view.new_button.setFocus()
    with qtbot.waitSignal(view.newGameRequested):
        qtbot.keyClick(view.new_button, Qt.Key.Key_Return)
    qtbot.keyClick(view.new_button, Qt.Key.Key_Down)
    assert view.library_button.hasFocus()
    first_game = view.entries()[0]
    view.entries()[0].setFocus()
    with qtbot.waitSignal(view.continueRequested) as opened:
        qtbot.keyClick(first_game, Qt.Key.Key_Enter)
    assert opened.args == [4]
    qtbot.keyClick(first_game, Qt.Key.Key_Up)
    assert view.entries()[-1].hasFocus()
    assert view.entries()[-1] is view.players_button


@pytest.mark.qt_log_ignore("propagateSizeHints", "raise")
def test_the_entry_with_the_focus_is_drawn_differently(qtbot) -> None:
    view = _shown(qtbot)
    view.new_button.setFocus()
    focused = view.new_button.grab().toImage()
    view.library_button.setFocus()
    assert view.new_button.grab().toImage() != focused
