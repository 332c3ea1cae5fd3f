"""The phones belong to the game's page: shared through the page's own controller, with
no main window about, their entries reach the page's form and the codes show again while
it serves; stopping tells the form the phones are gone."""

from typing import Any

import pytest
from PySide6.QtWidgets import QDialog

from phase10_keeper.rules import Game
from phase10_keeper.ui.game.game_view import GameView
from phase10_keeper.ui.game.session import GameSession

from ..answers import Answers

PLAYERS = ("Priya", "Marcus", "Kwame")
pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


@pytest.fixture
def page(qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    # Loopback only: the tests put nothing on a network.
    monkeypatch.setattr("phase10_keeper.ui.game.phones.local_network_address", lambda: "127.0.0.1")
    view = GameView(GameSession(Game(players=PLAYERS)), Answers())
    qtbot.addWidget(view)
    view.show()
    qtbot.waitExposed(view)
    yield view
    view.phones.stop()


def test_the_page_takes_the_phones_entries_to_its_own_form(page: Any, qtbot: Any) -> None:
    shown: list[QDialog] = []
    told: list[bool] = []
    page.phones.sharingChanged.connect(told.append)
    page.phones.share(shown.append)
    shared = page.phones.shared
    assert shared is not None
    assert shown == [page.phones.codes]
    assert told == [True]
    with qtbot.waitSignal(shared.entriesChanged, timeout=5000):
        shared.table.enter("Marcus", {"made": True, "cards": {"low": 1}}, "Marcus")
    form = page.form
    assert form.draft.made("Marcus")
    assert form.has_typing()
    # While phones run, each row keeps room for its phone's button.
    assert all(row.phone.sizePolicy().retainSizeWhenHidden() for row in form.rows())
    # Shared again while it serves: the same codes, shown once more, and no new server.
    links = shared.links
    page.phones.share(shown.append)
    assert page.phones.shared is shared
    assert shown == [page.phones.codes]
    assert page.phones.codes.isVisible()
    assert page.phones.codes.links == links

    page.phones.codes.stopRequested.emit()
    assert page.phones.shared is None
    assert page.phones.codes is None
    assert told[-1] is False
    assert not any(row.phone.sizePolicy().retainSizeWhenHidden() for row in form.rows())
    # What a phone filled in stays, as typing the keeper may keep or undo.
    assert form.draft.made("Marcus")
