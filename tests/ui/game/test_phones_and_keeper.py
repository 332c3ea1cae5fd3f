"""What the phones send and what the keeper sees and types agree: an entry sent while a
past hand is corrected is in the form once the next hand is back, the "Phone" mark is
shown only while the row holds what the phone sent, and nothing from the network moves
the keys unsaid."""

from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from phase10_keeper.rules import CardKind, Cards, Game, Hand, PlayerResult
from phase10_keeper.storage.library import Library
from phase10_keeper.ui.game.entry_fields import focus_field
from phase10_keeper.ui.game.session import GameSession
from phase10_keeper.ui.main_window import MainWindow

from ..answers import Answers

PLAYERS = ("Priya", "Marcus", "Kwame")
FIRST = Hand(
    went_out="Priya",
    results={
        "Priya": PlayerResult(made=True),
        "Marcus": PlayerResult(made=True, cards=Cards(low=2)),
        "Kwame": PlayerResult(made=False, cards=Cards(low=10)),
    },
)
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
    shown.navigation.open_session(GameSession(Game(players=PLAYERS).with_hand_appended(FIRST)))
    shown.phones_action.trigger()
    # The codes' window is not what these tests look at: the keys stay in the main one.
    assert shown.pages.phones_dialog is not None
    shown.pages.phones_dialog.hide()
    yield shown
    shown.pages.stop_phones()
    library.close()


def _enter(window: Any, qtbot: Any, name: str, data: dict[str, object]) -> None:
    phones = window.pages.phones
    with qtbot.waitSignal(phones.entriesChanged, timeout=5000):
        phones.table.enter(name, data, name)


def _row(form: Any, name: str) -> Any:
    return next(row for row in form.rows() if row.name == name)


def _marked_from_phone(form: Any, name: str) -> bool:
    """The row says it holds what the phone sent (a mark, not a button to take it)."""
    phone = _row(form, name).phone
    return phone.isVisibleTo(form) and not phone.isEnabled() and phone.text() == "Phone"


def _offered(form: Any, name: str) -> bool:
    phone = _row(form, name).phone
    return phone.isVisibleTo(form) and phone.isEnabled() and phone.text() != "Phone"


def test_an_entry_sent_during_a_correction_is_in_the_form_once_it_is_cancelled(
    window: Any, qtbot: Any
) -> None:
    view, form = window.pages.game_view, window.pages.game_view.form
    view.correct_hand(0)
    _enter(window, qtbot, "Marcus", {"made": True, "went_out": True})
    # The hand corrected is not the phone's: nothing of it is in the correction.
    assert form.editing == 0
    assert form.draft.went_out == "Priya"
    assert not _row(form, "Marcus").phone.isVisibleTo(form)
    form.cancel()
    assert form.editing is None
    assert form.draft.went_out == "Marcus"
    assert _row(form, "Marcus").went_out.isChecked()
    assert _marked_from_phone(form, "Marcus")


def test_no_phone_mark_of_the_next_hand_shows_on_a_hand_corrected(window: Any, qtbot: Any) -> None:
    view, form = window.pages.game_view, window.pages.game_view.form
    _enter(window, qtbot, "Kwame", {"made": False, "cards": {"low": 4}})
    assert _marked_from_phone(form, "Kwame")
    view.correct_hand(0)
    assert not _row(form, "Kwame").phone.isVisibleTo(form)
    # Saved, the correction gives the next hand back with the phone's entry in it.
    form.submit()
    assert form.editing is None
    qtbot.waitUntil(lambda: form.draft.count("Kwame", CardKind.LOW) == 4, timeout=5000)
    assert _marked_from_phone(form, "Kwame")


def test_undo_of_a_phones_entry_leaves_it_offered_not_marked(window: Any, qtbot: Any) -> None:
    form = window.pages.game_view.form
    _enter(window, qtbot, "Kwame", {"made": True, "cards": {"wild": 1}})
    assert form.draft.count("Kwame", CardKind.WILD) == 1
    assert form.draft.points("Kwame") == 25
    assert _marked_from_phone(form, "Kwame")
    form.undo_typing()
    assert form.draft.count("Kwame", CardKind.WILD) == 0
    assert _offered(form, "Kwame")
    # Another phone's entry does not put back what the keeper took back.
    _enter(window, qtbot, "Marcus", {"made": False, "cards": {"low": 3}})
    assert form.draft.count("Kwame", CardKind.WILD) == 0
    assert _offered(form, "Kwame")
    assert _marked_from_phone(form, "Marcus")
    # Taken again, the row holds what the phone sent.
    _row(form, "Kwame").phone.click()
    assert form.draft.points("Kwame") == 25
    assert _marked_from_phone(form, "Kwame")


def test_typing_over_a_phones_entry_turns_its_mark_into_an_offer(window: Any, qtbot: Any) -> None:
    form = window.pages.game_view.form
    _enter(window, qtbot, "Kwame", {"made": True, "cards": {"wild": 1}})
    _row(form, "Kwame").counts[CardKind.WILD].textEdited.emit("2")
    assert _offered(form, "Kwame")
    # Typed back to what the phone sent, the row is the phone's again.
    _row(form, "Kwame").counts[CardKind.WILD].textEdited.emit("1")
    assert _marked_from_phone(form, "Kwame")


def _shown_with_the_keys(window: Any, qtbot: Any) -> None:
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)


def test_a_phones_entry_leaves_the_keys_where_the_keeper_had_them(window: Any, qtbot: Any):
    _shown_with_the_keys(window, qtbot)
    form = window.pages.game_view.form
    priya_high = _row(form, "Priya").counts[CardKind.HIGH]
    focus_field(priya_high)
    qtbot.waitUntil(priya_hi_focused := lambda: QApplication.focusWidget() is priya_high)
    hint = form.hint.text()
    _enter(window, qtbot, "Kwame", {"made": False, "cards": {"low": 2}})
    _enter(window, qtbot, "Marcus", {"made": True, "went_out": True})
    assert priya_hi_focused()
    assert form.hint.text() == hint


def test_a_phone_marking_the_focused_player_out_moves_the_keys_as_o_does_and_says_so(
    window: Any, qtbot: Any
):
    _shown_with_the_keys(window, qtbot)
    form = window.pages.game_view.form
    focus_field(_row(form, "Priya").counts[CardKind.HIGH])
    _enter(window, qtbot, "Priya", {"made": True, "went_out": True})
    assert form.draft.went_out == "Priya"
    # As O does: on to the next player's field of the same column.
    assert QApplication.focusWidget() is _row(form, "Marcus").counts[CardKind.HIGH]
    assert "Priya" in form.hint.text()
    assert "Marcus" in form.hint.text()
    # The note goes with the keeper's next change.
    _row(form, "Marcus").counts[CardKind.HIGH].textEdited.emit("1")
    assert "Priya" not in form.hint.text()


def test_a_phones_entry_for_the_focused_field_shows_in_it(window: Any, qtbot: Any):
    _shown_with_the_keys(window, qtbot)
    form = window.pages.game_view.form
    field = _row(form, "Marcus").counts[CardKind.HIGH]
    focus_field(field)
    _enter(window, qtbot, "Marcus", {"made": True, "cards": {"high": 3}})
    assert form.draft.count("Marcus", CardKind.HIGH) == 3
    assert field.text() == "3"
    assert QApplication.focusWidget() is field


def test_phone_entries_stay_marked_through_an_undo_and_a_seating_change(
    window: Any, qtbot: Any
) -> None:
    from phase10_keeper.rules import Join

    form = window.pages.game_view.form
    _enter(window, qtbot, "Kwame", {"made": False, "cards": {"low": 4}})
    # A hand corrected and taken back, then a player joining: the form for the next hand
    # comes back each time, with the phone's entry in it and marked as the phone's.
    corrected = {**FIRST.results, "Marcus": PlayerResult(made=True, cards=Cards(high=1))}
    window.pages.session.replace_hand(0, Hand(went_out="Priya", results=corrected))
    window.pages.session.undo_stack.undo()
    window.pages.session.change_seating(Join(before_hand=2, name="Dana"))
    assert "Dana" in form.draft.participants
    qtbot.waitUntil(lambda: window.pages.phones.snapshot().state.hand_number == 2, timeout=5000)
    qtbot.wait(0)
    assert form.draft.count("Kwame", CardKind.LOW) == 4
    assert _marked_from_phone(form, "Kwame")


def test_the_windows_undo_gives_the_phones_entries_back_marked_as_theirs(
    window: Any, qtbot: Any
) -> None:
    # Issue 33 item 20: as `serve`'s Undo does, the hand taken back gives each phone its
    # entry back as pending, and the form marks those rows as the phones'.
    form, table = window.pages.game_view.form, window.pages.phones.table
    _enter(window, qtbot, "Kwame", {"made": False, "cards": {"low": 4}})
    _enter(window, qtbot, "Marcus", {"made": True, "went_out": True})
    second = Hand(
        went_out="Marcus",
        results={
            "Priya": PlayerResult(made=True, cards=Cards(high=1)),
            "Marcus": PlayerResult(made=True),
            "Kwame": PlayerResult(made=False, cards=Cards(low=4)),
        },
    )
    session = window.pages.session
    session.record_hand(second)
    qtbot.waitUntil(lambda: table.snapshot().game == session.game, timeout=5000)
    assert table.snapshot().pending == {}
    session.undo_stack.undo()
    qtbot.waitUntil(lambda: table.snapshot().game == session.game, timeout=5000)
    pending = table.snapshot().pending
    assert {name: entry.sender for name, entry in pending.items()} == {
        "Kwame": "Kwame",
        "Marcus": "Marcus",
    }
    qtbot.waitUntil(lambda: _marked_from_phone(form, "Kwame"), timeout=5000)
    assert _marked_from_phone(form, "Marcus")
    # Priya's result was typed in the window: hers is the form's, with no phone mark.
    assert form.draft.count("Priya", CardKind.HIGH) == 1
    assert not _row(form, "Priya").phone.isVisibleTo(form)
