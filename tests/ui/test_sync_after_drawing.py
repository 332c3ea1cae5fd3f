"""A hand recorded is committed before the window shows it and synced to disk once the
window has drawn it: the disk's wait is not part of the time to the screen."""

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QObject

from phase10_keeper.storage.library import Library
from phase10_keeper.ui import main_window
from phase10_keeper.ui.main_window import MainWindow

from .answers import Answers
from .games import FOUR, game_with_hands, went_out

pytestmark = [
    pytest.mark.qt_log_ignore("propagateSizeHints"),
    pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="names a synced file"),
]


class Order(QObject):
    """What happened, in order: the grid drawn, the library's WAL synced, and the test's
    own notes."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        super().__init__()
        self.events: list[str] = []
        real = os.fsync

        def sync(handle: int) -> None:
            real(handle)
            if os.readlink(f"/proc/self/fd/{handle}").endswith("-wal"):
                self.events.append("synced")

        monkeypatch.setattr(os, "fsync", sync)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.events.append("grid drawn")
        return False


@pytest.fixture
def window(qtbot, tmp_path: Path) -> Iterator[MainWindow]:
    library = Library.open(tmp_path)
    library.set_last_open_game(library.add_game(game_with_hands(FOUR, 3)))
    shown = MainWindow(library, prompts=Answers())
    qtbot.addWidget(shown)
    yield shown
    library.close()


def test_a_hand_recorded_is_drawn_before_it_is_synced(qtbot, window, monkeypatch) -> None:
    window.show()
    qtbot.waitExposed(window)
    view = window.pages.game_view
    assert view is not None
    order = Order(monkeypatch)
    view.grid.viewport().installEventFilter(order)
    view.form.submitted.emit(went_out(FOUR, "Dana"))
    order.events.append("recorded")
    qtbot.waitUntil(lambda: "synced" in order.events)
    assert order.events[:2] == ["recorded", "grid drawn"]
    assert order.events.count("synced") == 1
    assert window.library is not None
    assert window.library.load_game(view.session.game_id).hands == view.session.game.hands


def test_a_change_the_window_does_not_show_is_synced_at_once(qtbot, window, monkeypatch) -> None:
    # Not shown: nothing will be drawn.
    view = window.pages.game_view
    assert view is not None
    order = Order(monkeypatch)
    view.form.submitted.emit(went_out(FOUR, "Dana"))
    order.events.append("recorded")
    assert order.events == ["synced", "recorded"]


def test_a_change_that_draws_nothing_is_synced_a_moment_later(qtbot, window, monkeypatch) -> None:
    monkeypatch.setattr(main_window, "SYNC_AT_LATEST_MS", 20)
    window.show()
    qtbot.waitExposed(window)
    library = window.library
    assert library is not None
    order = Order(monkeypatch)
    # A game the window does not show, renamed from elsewhere in the app: no page
    # draws it.
    library.rename_game(library.add_game(game_with_hands(FOUR, 1)), "Sunday")
    order.events.append("renamed")
    qtbot.waitUntil(lambda: "synced" in order.events)
    assert order.events[0] == "renamed"
