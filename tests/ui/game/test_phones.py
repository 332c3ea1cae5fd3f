"""View → Phones at the Table: the phones' server beside the window, entries from phones
filling the form marked with their phone, the keeper choosing when both typed, and the
window's changes reaching the phones."""

from typing import Any

import pytest

from phase10_keeper.rules import Cards, Game, Hand, PlayerResult
from phase10_keeper.storage.library import Library
from phase10_keeper.ui.game.session import GameSession
from phase10_keeper.ui.main_window import MainWindow

from ..answers import Answers

PLAYERS = ("Priya", "Marcus", "Kwame")
pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


@pytest.fixture
def window(qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    from phase10_keeper.companion import address

    # Loopback only: the tests put nothing on a network.
    monkeypatch.setattr(address, "local_network_address", lambda: "127.0.0.1")
    monkeypatch.setattr("phase10_keeper.ui.game.phones.local_network_address", lambda: "127.0.0.1")
    library = Library.open()
    shown = MainWindow(library, prompts=Answers())
    qtbot.addWidget(shown)
    shown.open_session(GameSession(Game(players=PLAYERS)))
    yield shown
    shown.stop_phones()
    library.close()


def _enter(window: Any, qtbot: Any, name: str, data: dict[str, object]) -> None:
    phones = window.phones
    with qtbot.waitSignal(phones.entriesChanged, timeout=5000):
        phones.table.enter(name, data, name)


def test_phones_at_the_table_is_off_until_asked_for_and_stops_with_the_game(window: Any):
    assert window.phones is None
    assert not window.phones_action.isChecked()
    window.phones_action.trigger()
    assert window.phones is not None
    assert window.phones_action.isChecked()
    assert window.phones_dialog.isVisible()
    links = window.phones.links
    assert set(links["players"]) == set(PLAYERS)
    keys = window.phones.table.keys
    session = keys.open_session(keys.by_key(keys.viewer))
    window.phones_action.trigger()
    assert window.phones is None
    assert not window.phones_action.isChecked()
    # Every session ended with it; a new start gives new codes.
    assert keys.by_session(session) is None
    window.phones_action.trigger()
    assert window.phones.table.keys.viewer != keys.viewer
    window.close_game()
    assert window.phones is None


def test_an_entry_from_a_phone_fills_the_form_marked_with_its_phone(window: Any, qtbot: Any):
    window.phones_action.trigger()
    form = window.game_view.form
    _enter(window, qtbot, "Marcus", {"made": True, "cards": {"low": 1, "high": 1}})
    assert form.draft.made("Marcus")
    assert form.draft.count("Marcus", form.draft.kinds[1]) == 1
    row = next(row for row in form._rows if row.name == "Marcus")
    assert row.phone.isVisibleTo(form)
    assert "Marcus's phone" in row.phone.toolTip()
    # One Undo takes the phone's entry back out of the form, as typing would be.
    assert form.has_typing()


def test_a_phone_saying_its_player_went_out_marks_them_out(window: Any, qtbot: Any):
    window.phones_action.trigger()
    form = window.game_view.form
    _enter(window, qtbot, "Priya", {"made": True, "went_out": True})
    assert form.draft.went_out == "Priya"
    assert form.draft.points("Priya") == 0


def test_where_the_keeper_typed_something_else_the_keeper_chooses(window: Any, qtbot: Any):
    window.phones_action.trigger()
    form = window.game_view.form
    form.draft.set_made("Kwame", True)
    form._typed()
    _enter(window, qtbot, "Kwame", {"made": False, "cards": {"low": 10}})
    assert form.draft.made("Kwame")
    row = next(row for row in form._rows if row.name == "Kwame")
    assert row.phone.isEnabled()
    assert "Kwame's phone says" in row.phone.toolTip()
    row.phone.click()
    assert not form.draft.made("Kwame")
    assert form.draft.count("Kwame", form.draft.kinds[0]) == 10


def test_a_hand_recorded_in_the_window_reaches_the_phones(window: Any, qtbot: Any):
    window.phones_action.trigger()
    table = window.phones.table
    _enter(window, qtbot, "Priya", {"made": True, "went_out": True})
    hand = Hand(
        went_out="Priya",
        results={
            "Priya": PlayerResult(made=True),
            "Marcus": PlayerResult(made=True, cards=Cards(low=2)),
            "Kwame": PlayerResult(made=False, cards=Cards(low=10)),
        },
    )
    window.session.record_hand(hand)
    snapshot = table.snapshot()
    assert snapshot.state.hands_played == 1
    assert snapshot.pending == {}
    window.session.undo_stack.undo()
    assert table.snapshot().state.hands_played == 0
