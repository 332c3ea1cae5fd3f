"""A hand recorded is drawn in the grid first; the standings follow once the window has
drawn it, the latest state once, and at once where they are not on screen."""

import pytest
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication

from phase10_keeper.rules import GameState, replay
from phase10_keeper.stats.standings import StandingsColumn
from phase10_keeper.ui.game.session import GameSession
from phase10_keeper.ui.game.standings_model import column_number
from phase10_keeper.ui.main_window import MainWindow

from ..conftest import drawn
from ..games import FOUR, game_with_hands, went_out

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")

PLAYER = column_number(StandingsColumn.PLAYER)
TOTAL = column_number(StandingsColumn.TOTAL)


class Drawn(QObject):
    """Notes when the widgets it watches paint."""

    def __init__(self, events: list[str], name: str) -> None:
        super().__init__()
        self.events, self.name = events, name

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.events.append(self.name)
        return False


def _window(qtbot, *, shown: bool = True) -> MainWindow:
    window = MainWindow()
    qtbot.addWidget(window)
    window.navigation.open_session(GameSession(game_with_hands(FOUR, 3)))
    if shown:
        window.show()
        qtbot.waitExposed(window)
        drawn(window)
    return window


def _totals(window: MainWindow) -> dict[str, str]:
    view = window.pages.game_view
    assert view is not None
    model = view.standings_model
    return {
        model.text(row, PLAYER).split(" · ")[0]: model.text(row, TOTAL)
        for row in range(model.rowCount())
    }


def _state_totals(window: MainWindow) -> dict[str, str]:
    session = window.pages.session
    assert session is not None
    return {player.name: str(player.total) for player in replay(session.game).final.players}


def test_the_grid_shows_a_hand_before_the_standings_change(qtbot) -> None:
    window = _window(qtbot)
    view = window.pages.game_view
    assert view is not None
    before = _totals(window)
    events: list[str] = []
    grid, standings = Drawn(events, "grid"), Drawn(events, "standings")
    view.grid.viewport().installEventFilter(grid)
    view.standings.viewport().installEventFilter(standings)
    original = view.standings_model.set_state

    def set_state(state: GameState) -> None:
        events.append("standings changed")
        original(state)

    view.standings_model.set_state = set_state  # type: ignore[method-assign]
    view.form.submitted.emit(went_out(FOUR, "Dana"))
    assert _totals(window) == before
    drawn(window)
    assert events[0] == "grid"
    assert events.index("standings changed") > events.index("grid")
    assert _totals(window) == _state_totals(window) != before
    # Their own drawing follows.
    QApplication.processEvents()
    assert events[-1] == "standings"


def test_hands_recorded_before_the_window_draws_are_shown_once_the_last(qtbot) -> None:
    window = _window(qtbot)
    view = window.pages.game_view
    assert view is not None
    shown: list[int] = []
    original = view.standings_model.set_state

    def set_state(state: GameState) -> None:
        shown.append(state.hands_played)
        original(state)

    view.standings_model.set_state = set_state  # type: ignore[method-assign]
    for winner in ("Dana", "Priya", "Marcus"):
        view.form.submitted.emit(went_out(FOUR, winner))
    drawn(window)
    assert shown == [6]
    assert _totals(window) == _state_totals(window)


def test_standings_not_on_screen_change_at_once(qtbot) -> None:
    window = _window(qtbot, shown=False)
    session = window.pages.session
    assert session is not None
    session.record_hand(went_out(FOUR, "Dana"))
    assert _totals(window) == _state_totals(window)


def test_a_game_closed_before_the_window_draws_leaves_nothing_to_fail(qtbot) -> None:
    window = _window(qtbot)
    session = window.pages.session
    assert session is not None
    session.record_hand(went_out(FOUR, "Dana"))
    window.pages.drop_session()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    drawn(window)
    assert window.pages.game_view is None
