"""Games another program adds to the library (`games import` beside the running app, or
a second window) show on the saved-games and start pages without a refresh by hand,
and what the user was doing there stays: the selection, the scroll position, the
filter being typed. Nothing is read again while nothing changed."""

import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QPoint, Qt
from PySide6.QtGui import QFocusEvent

from phase10_keeper.rules import Game, Status
from phase10_keeper.storage.gamefile import write_game
from phase10_keeper.storage.library import Library
from phase10_keeper.ui.library.games_view import GAME_ID_ROLE, GamesView
from phase10_keeper.ui.library.outside_changes import CHECK_MS, LibraryWatch
from phase10_keeper.ui.main_window import MainWindow

from ..answers import Answers
from ..games import game_with_hands

WAIT_MS = 10_000
"""How long a test waits at most for the window to show a change: far longer than a
check takes, so only a window that never notices runs into it."""

TURNS = 25
"""Timer turns a test lets pass to see that nothing is read again."""

# The offscreen platform says it cannot size a shown window to its hints.
pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def other(data_dir: Path) -> Iterator[Library]:
    """A second connection to the window's library, as another program has."""
    with Library.open(data_dir) as library:
        yield library


@pytest.fixture
def window(qtbot, data_dir: Path) -> Iterator[MainWindow]:
    with Library.open(data_dir) as library:
        for title in ("Monday", "Tuesday", "Wednesday"):
            library.add_game(replace(game_with_hands(("Priya", "Marcus"), 1), title=title))
    shown = MainWindow(Library.open(data_dir), prompts=Answers())
    qtbot.addWidget(shown)
    yield shown
    assert shown.library is not None
    shown.library.close()


def _watch(window: MainWindow, interval_ms: int = 1) -> LibraryWatch:
    watch = window.findChild(LibraryWatch)
    assert watch is not None
    watch.timer.setInterval(interval_ms)
    return watch


def _shown(qtbot, window: MainWindow) -> None:
    """The window on screen and active, where a widget can have the keyboard focus."""
    window.show()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=WAIT_MS)


def _titles(view: GamesView) -> list[str]:
    return [view.model.summary(row).title for row in range(view.model.rowCount())]


def _games_page(window: MainWindow, select: str) -> GamesView:
    window.navigation.show_library()
    view = window.pages.games_view
    assert view is not None
    view.select_game(next(game.id for game in view.model._games if game.title == select))
    return view


def _count(signal: object) -> Callable[[], int]:
    """How often `signal` has been emitted since this was called."""
    emitted = [0]

    def counted(*_: object) -> None:
        emitted[0] += 1

    signal.connect(counted)  # type: ignore[attr-defined]
    return lambda: emitted[0]


def test_the_saved_games_page_lists_a_game_another_connection_adds(
    qtbot, window: MainWindow, other: Library
) -> None:
    view = _games_page(window, "Tuesday")
    _watch(window)
    other.add_game(Game(("Kwame", "Dana"), title="Added elsewhere"))
    qtbot.waitUntil(lambda: "Added elsewhere" in _titles(view), timeout=WAIT_MS)
    assert view.selected_id() == 2


def test_a_game_imported_from_the_command_line_shows_at_once(
    qtbot, window: MainWindow, data_dir: Path, tmp_path: Path
) -> None:
    view = _games_page(window, "Monday")
    _watch(window)
    game_file = tmp_path / "imported.phase10.json"
    write_game(game_file, Game(("Zoë", "Łukasz"), title="From the terminal"))
    command = ["games", "import", str(game_file)]
    done = subprocess.run(
        [sys.executable, "-m", "phase10_keeper", "--data-dir", str(data_dir), *command],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, "")
    qtbot.waitUntil(lambda: "From the terminal" in _titles(view), timeout=WAIT_MS)
    assert view.selected_id() == 1


def test_switching_back_to_the_window_shows_the_change_without_waiting_for_the_timer(
    window: MainWindow, other: Library
) -> None:
    view = _games_page(window, "Monday")
    watch = _watch(window, interval_ms=CHECK_MS)
    assert watch.timer.interval() == CHECK_MS
    other.add_game(Game(("Kwame", "Dana"), title="Added elsewhere"))
    QCoreApplication.sendEvent(window, QEvent(QEvent.Type.WindowActivate))
    assert "Added elsewhere" in _titles(view)


def test_the_filter_being_typed_and_its_matches_stay(
    qtbot, window: MainWindow, other: Library
) -> None:
    _shown(qtbot, window)
    view = _games_page(window, "Monday")
    view.search.setFocus()
    qtbot.keyClicks(view.search, "Pri")
    view.search.setCursorPosition(1)
    view.select_game(1)
    _watch(window)
    other.add_game(Game(("Priya", "Dana"), title="Priya's rematch"))
    other.add_game(Game(("Kwame", "Dana"), title="Not hers"))
    qtbot.waitUntil(lambda: view.model.rowCount() == 5, timeout=WAIT_MS)
    assert (view.search.text(), view.search.cursorPosition()) == ("Pri", 1)
    assert view.proxy.rowCount() == 4
    assert view.selected_id() == 1
    assert view.search.hasFocus()


def test_the_games_at_the_top_of_the_view_stay_there(
    qtbot, window: MainWindow, other: Library
) -> None:
    for number in range(60):
        other.add_game(Game(("Priya", "Marcus"), title=f"Evening {number}"))
    window.resize(900, 500)
    window.show()
    qtbot.waitExposed(window)
    view = _games_page(window, "Monday")
    table = view.table
    table.verticalScrollBar().setValue(20)
    top = table.indexAt(QPoint(0, 0)).data(GAME_ID_ROLE)
    selected = view.selected_id()
    _watch(window)
    other.add_game(Game(("Kwame", "Dana"), title="Added elsewhere"))
    qtbot.waitUntil(lambda: "Added elsewhere" in _titles(view), timeout=WAIT_MS)
    assert table.indexAt(QPoint(0, 0)).data(GAME_ID_ROLE) == top
    assert view.selected_id() == selected


def test_a_view_at_the_top_stays_at_the_top_where_new_games_come(
    qtbot, window: MainWindow, other: Library
) -> None:
    for number in range(60):
        other.add_game(Game(("Priya", "Marcus"), title=f"Evening {number}"))
    window.resize(900, 500)
    window.show()
    qtbot.waitExposed(window)
    view = _games_page(window, "Evening 59")
    _watch(window)
    added = other.add_game(Game(("Kwame", "Dana"), title="Added elsewhere"))
    qtbot.waitUntil(lambda: "Added elsewhere" in _titles(view), timeout=WAIT_MS)
    assert view.table.verticalScrollBar().value() == 0
    assert view.table.indexAt(QPoint(0, 0)).data(GAME_ID_ROLE) == added


def test_nothing_is_read_again_while_nothing_changed(qtbot, window: MainWindow) -> None:
    view = _games_page(window, "Tuesday")
    watch = _watch(window)
    turns = _count(watch.timer.timeout)
    reloads = _count(view.model.modelReset)
    qtbot.waitUntil(lambda: turns() >= TURNS, timeout=WAIT_MS)
    assert reloads() == 0


def test_the_apps_own_changes_are_not_read_twice(qtbot, window: MainWindow) -> None:
    view = _games_page(window, "Tuesday")
    watch = _watch(window)
    reloads = _count(view.model.modelReset)
    assert isinstance(window.prompts, Answers)
    window.prompts.text_answer = "Tuesday, renamed"
    view.rename_selected()
    window.navigation.open_game(1)
    window.navigation.show_library()
    assert reloads() == 2
    turns = _count(watch.timer.timeout)
    qtbot.waitUntil(lambda: turns() >= TURNS, timeout=WAIT_MS)
    assert reloads() == 2


def test_the_start_page_offers_a_game_another_connection_adds(
    qtbot, window: MainWindow, other: Library
) -> None:
    start = window.pages.start_view
    assert start is not None
    assert window.navigation.shown_page is start
    assert list(start.continue_buttons) == [3, 2, 1]
    _shown(qtbot, window)
    start.continue_buttons[2].setFocus()
    assert start.continue_buttons[2].hasFocus()
    _watch(window)
    added = other.add_game(Game(("Kwame", "Dana"), title="Added elsewhere"))
    qtbot.waitUntil(lambda: added in start.continue_buttons, timeout=WAIT_MS)
    assert list(start.continue_buttons) == [added, 3, 2]
    assert start.continue_buttons[2].hasFocus()


def test_the_focus_stays_where_the_user_put_it_in_a_window_not_active(
    qtbot, window: MainWindow, other: Library
) -> None:
    start = window.pages.start_view
    assert start is not None
    start.continue_buttons[1].setFocus()
    assert not window.isActiveWindow()
    _watch(window)
    added = other.add_game(Game(("Kwame", "Dana"), title="Added elsewhere"))
    qtbot.waitUntil(lambda: added in start.continue_buttons, timeout=WAIT_MS)
    assert 1 not in start.continue_buttons
    assert start.focusWidget() is start.continue_buttons[added]
    other.add_game(Game(("Ana", "Bo"), title="And another"))
    qtbot.waitUntil(lambda: added not in list(start.continue_buttons)[:1], timeout=WAIT_MS)
    assert start.focusWidget() is start.continue_buttons[added]


def test_new_game_chosen_by_the_user_keeps_the_focus_when_the_window_is_active_again(
    qtbot, window: MainWindow, other: Library
) -> None:
    start = window.pages.start_view
    assert start is not None
    _shown(qtbot, window)
    start.new_button.setFocus(Qt.FocusReason.TabFocusReason)
    _watch(window)
    added = other.add_game(Game(("Kwame", "Dana"), title="Added elsewhere"))
    qtbot.waitUntil(lambda: added in start.continue_buttons, timeout=WAIT_MS)
    # What Qt tells the focused entry when the user comes back to the window.
    came_back = QFocusEvent(QEvent.Type.FocusIn, Qt.FocusReason.ActiveWindowFocusReason)
    QCoreApplication.sendEvent(start.new_button, came_back)
    assert start.new_button.hasFocus()


def test_the_start_page_is_not_rebuilt_while_nothing_changed(qtbot, window: MainWindow) -> None:
    start = window.pages.start_view
    assert start is not None
    buttons = dict(start.continue_buttons)
    watch = _watch(window)
    turns = _count(watch.timer.timeout)
    qtbot.waitUntil(lambda: turns() >= TURNS, timeout=WAIT_MS)
    assert start.continue_buttons == buttons


def test_another_page_is_left_alone_and_reads_the_change_when_shown(
    qtbot, window: MainWindow, other: Library
) -> None:
    assert window.navigation.open_game(1)
    start = window.pages.start_view
    assert start is not None
    buttons = dict(start.continue_buttons)
    watch = _watch(window)
    other.add_game(replace(game_with_hands(("Kwame", "Dana"), 2), title="Added elsewhere"))
    turns = _count(watch.timer.timeout)
    qtbot.waitUntil(lambda: turns() >= TURNS, timeout=WAIT_MS)
    assert start.continue_buttons == buttons
    players = window.navigation.show_players()
    assert {"Kwame", "Dana"} <= {player.name for player in players.stats.players}
    window.navigation.close_game()
    assert window.navigation.shown_page is start
    assert 4 in start.continue_buttons


def test_a_finished_game_added_elsewhere_is_listed_but_not_offered(
    qtbot, window: MainWindow, other: Library
) -> None:
    start = window.pages.start_view
    assert start is not None
    finished = game_with_hands(("Kwame", "Dana"), 19)
    added = other.add_game(replace(finished, title="Done elsewhere"))
    assert other.list_games()[0].status is Status.FINISHED
    _watch(window)
    window.navigation.show_library()
    view = window.pages.games_view
    assert view is not None
    assert "Done elsewhere" in _titles(view)
    window.navigation.leave_library()
    assert added not in start.continue_buttons


def test_a_library_the_window_takes_anew_is_followed(
    qtbot, window: MainWindow, data_dir: Path, other: Library
) -> None:
    old = window.library
    assert old is not None
    window.set_library(Library.open(data_dir))
    old.close()
    view = _games_page(window, "Monday")
    _watch(window)
    other.add_game(Game(("Kwame", "Dana"), title="Added elsewhere"))
    qtbot.waitUntil(lambda: "Added elsewhere" in _titles(view), timeout=WAIT_MS)


def test_a_library_that_fails_to_answer_is_left_for_the_next_action_to_say(
    qtbot, window: MainWindow
) -> None:
    view = _games_page(window, "Monday")
    watch = _watch(window)
    reloads = _count(view.model.modelReset)
    assert window.library is not None
    window.library.close()
    turns = _count(watch.timer.timeout)
    qtbot.waitUntil(lambda: turns() >= TURNS, timeout=WAIT_MS)
    assert reloads() == 0


def test_the_view_keeps_its_sort_order(qtbot, window: MainWindow, other: Library) -> None:
    view = _games_page(window, "Monday")
    view.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
    _watch(window)
    other.add_game(Game(("Kwame", "Dana"), title="Added elsewhere"))
    qtbot.waitUntil(lambda: "Added elsewhere" in _titles(view), timeout=WAIT_MS)
    assert _titles(view) == ["Added elsewhere", "Monday", "Tuesday", "Wednesday"]
    assert view.selected_id() == 1


def test_the_open_game_shows_a_hand_another_connection_saved(
    qtbot, window: MainWindow, other: Library
) -> None:
    assert window.navigation.open_game(1)
    session = window.pages.session
    assert session is not None
    _watch(window)
    stored = other.load_game(1)
    newer = replace(game_with_hands(stored.players, 2), title=stored.title)
    other.save_game(1, newer)
    qtbot.waitUntil(lambda: window.pages.session is not session, timeout=WAIT_MS)
    assert window.pages.session is not None
    assert window.pages.session.game.hands == newer.hands
    assert window.pages.game_view is not None
    assert window.navigation.shown_page is window.pages.game_view
    # Its next hand is saved over the newer game, not refused as stale.
    window.pages.session.record_hand(game_with_hands(stored.players, 3).hands[2])
    assert other.load_game(1).hands == game_with_hands(stored.players, 3).hands
