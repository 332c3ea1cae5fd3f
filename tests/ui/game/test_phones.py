"""View → Phones at the Table: the phones' server beside the window, entries from phones
filling the form marked with their phone, the keeper choosing when both typed, and the
window's changes reaching the phones."""

import asyncio
import gc
import threading
from typing import Any

import pytest
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QApplication, QLabel, QPushButton, QStyle

from phase10_keeper.rules import Cards, Game, Hand, PlayerResult
from phase10_keeper.storage.library import Library
from phase10_keeper.ui.game.session import GameSession
from phase10_keeper.ui.main_window import MainWindow

from ...companion.helpers import Client, EventStream
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
    shown.navigation.open_session(GameSession(Game(players=PLAYERS)))
    yield shown
    shown.pages.stop_phones()
    library.close()


def test_the_phones_server_is_put_out_of_the_collectors_reach(window: Any):
    """The server, its codes and the modules they load last as long as the sharing: the
    cycle collector's full passes, which hold the window, do not search them again."""
    window.phones_action.trigger()
    server = _server_of(window).server
    assert not any(thing is server for thing in gc.get_objects())


def _followed(window: Any, qtbot: Any) -> Any:
    """The table once it has followed the window's game, as it does after the window has
    drawn a change."""
    table = window.pages.phones.table
    qtbot.waitUntil(lambda: table.snapshot().game == window.pages.session.game, timeout=5000)
    return table.snapshot()


def _enter(window: Any, qtbot: Any, name: str, data: dict[str, object]) -> None:
    phones = window.pages.phones
    with qtbot.waitSignal(phones.entriesChanged, timeout=5000):
        phones.table.enter(name, data, name)


def test_phones_at_the_table_is_off_until_asked_for_and_stops_with_the_game(window: Any):
    assert window.pages.phones is None
    assert not window.phones_action.isChecked()
    window.phones_action.trigger()
    assert window.pages.phones is not None
    assert window.phones_action.isChecked()
    assert window.pages.phones_dialog.isVisible()
    links = window.pages.phones.links
    assert set(links["players"]) == set(PLAYERS)
    keys = window.pages.phones.table.keys
    session = keys.open_session(keys.by_key(keys.viewer))
    # Closed, the codes come back from the menu, the same codes: a late player scans in.
    window.pages.phones_dialog.hide()
    window.phones_action.trigger()
    assert window.phones_action.isChecked()
    assert window.pages.phones_dialog.isVisible()
    assert window.pages.phones.links == links
    assert keys.by_session(session) is not None
    window.pages.phones_dialog.stopRequested.emit()
    assert window.pages.phones is None
    assert not window.phones_action.isChecked()
    # Every session ended with it; a new start gives new codes.
    assert keys.by_session(session) is None
    window.phones_action.trigger()
    assert window.pages.phones is not None
    assert window.pages.phones.table.keys.viewer != keys.viewer
    window.navigation.close_game()
    assert window.pages.phones is None


def test_an_entry_from_a_phone_fills_the_form_marked_with_its_phone(window: Any, qtbot: Any):
    window.phones_action.trigger()
    form = window.pages.game_view.form
    _enter(window, qtbot, "Marcus", {"made": True, "cards": {"low": 1, "high": 1}})
    assert form.draft.made("Marcus")
    assert form.draft.count("Marcus", form.draft.kinds[1]) == 1
    row = next(row for row in form._rows if row.name == "Marcus")
    assert row.phone.isVisibleTo(form)
    assert "Marcus's phone" in row.phone.toolTip()
    # One Undo takes the phone's entry back out of the form, as typing would be.
    assert form.has_typing()


def test_entries_from_several_phones_at_once_cost_the_window_one_refresh(window: Any, qtbot: Any):
    """Six phones entering at once must not hold the window for six refreshes in a row:
    the changes that came in while the window was busy are taken in one go."""
    window.phones_action.trigger()
    phones = window.pages.phones
    told: list[int] = []
    phones.entriesChanged.connect(lambda: told.append(len(phones.snapshot().pending)))
    entries = [(name, {"made": False, "cards": {"low": 2}}) for name in PLAYERS]
    # From the server's side, as phones enter: the window's thread is busy meanwhile.
    server_side = threading.Thread(
        target=lambda: [phones.table.enter(name, data, name) for name, data in entries]
    )
    with qtbot.waitSignal(phones.entriesChanged, timeout=5000):
        server_side.start()
        server_side.join()
    qtbot.wait(0)
    assert told == [len(PLAYERS)]
    form = window.pages.game_view.form
    assert all(form.draft.count(name, form.draft.kinds[0]) == 2 for name in PLAYERS)
    # A change after the window took the others is told anew.
    _enter(window, qtbot, "Kwame", {"made": False, "cards": {"low": 3}})
    assert told == [len(PLAYERS), len(PLAYERS)]
    assert form.draft.count("Kwame", form.draft.kinds[0]) == 3


def test_a_phones_entry_moves_nothing_in_the_form(window: Any, qtbot: Any):
    """While phones run, each row keeps room for its phone button, as wide as the widest
    thing it says: an entry arriving, or the keeper typing over one, never changes the
    form's size (a form of a new size is a new layout and repaint of the window)."""
    window.phones_action.trigger()
    form = window.pages.game_view.form
    window.show()
    qtbot.waitExposed(window)
    qtbot.wait(0)
    hint = form.sizeHint()
    row = next(row for row in form._rows if row.name == "Marcus")
    _enter(window, qtbot, "Marcus", {"made": True, "cards": {"low": 1, "high": 1}})
    qtbot.wait(0)
    phone_at = row.phone.geometry()
    assert form.sizeHint() == hint
    # The keeper types something else: the mark becomes a button offering the entry.
    form.draft.set_made("Marcus", False)
    form._typed()
    _enter(window, qtbot, "Marcus", {"made": True, "cards": {"low": 2, "high": 1}})
    qtbot.wait(0)
    assert row.phone.isEnabled()
    assert row.phone.geometry() == phone_at
    assert form.sizeHint() == hint
    # Stopped, the rows give the room back.
    window.pages.stop_phones()
    qtbot.wait(0)
    assert not row.phone.sizePolicy().retainSizeWhenHidden()
    assert row.phone.minimumWidth() == 0


def test_a_phone_saying_its_player_went_out_marks_them_out(window: Any, qtbot: Any):
    window.phones_action.trigger()
    form = window.pages.game_view.form
    _enter(window, qtbot, "Priya", {"made": True, "went_out": True})
    assert form.draft.went_out == "Priya"
    assert form.draft.points("Priya") == 0


def test_a_points_total_from_a_phone_fills_the_row_by_points(window: Any, qtbot: Any):
    window.phones_action.trigger()
    form = window.pages.game_view.form
    _enter(window, qtbot, "Kwame", {"made": False, "points": 85})
    row = next(row for row in form._rows if row.name == "Kwame")
    assert form.draft.by_points("Kwame")
    assert form.draft.points("Kwame") == 85
    assert row.showing_total
    assert row.total.text() == "85"
    assert "Kwame's phone" in row.phone.toolTip()


def test_where_the_keeper_typed_something_else_the_keeper_chooses(window: Any, qtbot: Any):
    window.phones_action.trigger()
    form = window.pages.game_view.form
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
    table = window.pages.phones.table
    _enter(window, qtbot, "Priya", {"made": True, "went_out": True})
    hand = Hand(
        went_out="Priya",
        results={
            "Priya": PlayerResult(made=True),
            "Marcus": PlayerResult(made=True, cards=Cards(low=2)),
            "Kwame": PlayerResult(made=False, cards=Cards(low=10)),
        },
    )
    window.pages.session.record_hand(hand)
    snapshot = _followed(window, qtbot)
    assert snapshot.state.hands_played == 1
    assert snapshot.pending == {}
    window.pages.session.undo_stack.undo()
    assert _followed(window, qtbot).state.hands_played == 0
    assert table.snapshot() is not snapshot


def test_the_phones_hear_of_a_hand_once_the_window_has_drawn_it(window: Any, qtbot: Any):
    """Telling the phones wakes the server's and the sharing's threads, whose Python would
    take turns with the window's while it draws the hand."""
    window.show()
    qtbot.waitExposed(window)
    window.phones_action.trigger()
    grid = window.pages.game_view.grid.viewport()
    happened: list[str] = []
    table = window.pages.phones.table
    table.listen(lambda _: happened.append(f"phones told {table.snapshot().state.hands_played}"))

    class Painted(QObject):
        def eventFilter(self, watched: Any, event: Any) -> bool:
            if event.type() == QEvent.Type.Paint:
                happened.append("grid drawn")
            return False

    watcher = Painted()
    grid.installEventFilter(watcher)
    window.pages.session.record_hand(
        Hand(
            went_out="Priya",
            results={
                "Priya": PlayerResult(made=True),
                "Marcus": PlayerResult(made=False, cards=Cards(low=10)),
                "Kwame": PlayerResult(made=False, cards=Cards(low=10)),
            },
        )
    )
    assert _followed(window, qtbot).state.hands_played == 1
    grid.removeEventFilter(watcher)
    assert happened.index("grid drawn") < happened.index("phones told 1"), happened


def test_corrections_joins_and_leaves_in_the_window_reach_the_phones(window: Any, qtbot: Any):
    from PySide6.QtWidgets import QTextEdit

    from phase10_keeper.rules import Join, Leave

    window.phones_action.trigger()
    table = window.pages.phones.table
    first = Hand(
        went_out="Priya",
        results={
            "Priya": PlayerResult(made=True),
            "Marcus": PlayerResult(made=True, cards=Cards(low=2)),
            "Kwame": PlayerResult(made=False, cards=Cards(low=10)),
        },
    )
    window.pages.session.record_hand(first)
    corrected = Hand(
        went_out="Priya",
        results={**first.results, "Marcus": PlayerResult(made=True, cards=Cards(high=1))},
    )
    window.pages.session.replace_hand(0, corrected)
    assert _followed(window, qtbot).state.player("Marcus").total == 10
    window.pages.session.change_seating(Join(before_hand=2, name="Dana"))
    assert "Dana" in _followed(window, qtbot).state.participants()
    assert "Dana" in table.keys.players
    # The codes show hers at once: she scans in without the sharing started again.
    qtbot.waitUntil(lambda: "Dana" in window.pages.phones_dialog.links["players"], timeout=5000)
    fields = window.pages.phones_dialog.findChildren(QTextEdit)
    assert window.pages.phones.links["players"]["Dana"] in [field.toPlainText() for field in fields]
    window.pages.session.change_seating(Leave(before_hand=2, name="Kwame"))
    assert "Kwame" not in _followed(window, qtbot).state.participants()


def test_the_codes_show_each_whole_link_to_copy(window: Any):
    from PySide6.QtWidgets import QTextEdit

    window.phones_action.trigger()
    links = window.pages.phones.links
    fields = window.pages.phones_dialog.findChildren(QTextEdit)
    assert [field.toPlainText() for field in fields] == [
        *links["players"].values(),
        links["viewer"],
    ]
    assert all(field.isReadOnly() for field in fields)
    assert [field.accessibleName() for field in fields] == [
        *(f"Link for {name}" for name in PLAYERS),
        "Link for Scoreboard",
    ]


def _link_shown_whole(widget: Any, link: str) -> bool:
    """Whether every character of the link is inside the widget that shows it."""
    from PySide6.QtCore import QRect
    from PySide6.QtWidgets import QLabel

    if isinstance(widget, QLabel):
        needed = widget.fontMetrics().boundingRect(
            QRect(0, 0, widget.width(), 10_000), Qt.TextFlag.TextWordWrap, link
        )
        return needed.width() <= widget.width() and needed.height() <= widget.height()
    document = widget.document()
    room = widget.viewport()
    return (
        document.idealWidth() <= room.width() + 1 and document.size().height() <= room.height() + 1
    )


def test_the_phones_window_shows_each_link_whole_and_copies_it_whole(qtbot: Any) -> None:
    # A link is one word of 60 characters or so: it once ran past its column's edge, its
    # key cut off, because a label wraps only at spaces.
    from PySide6.QtWidgets import QLabel, QTextEdit

    from phase10_keeper.ui.game.phones import PhonesDialog

    key = "XeIxzQ4lWdE4FVASD3YLK_WZkq8pR2mN"
    players = {name: f"http://192.0.2.2:8765/#key={key}{name}" for name in PLAYERS}
    viewer = f"http://192.0.2.2:8765/#key={key}viewer"
    dialog = PhonesDialog({"players": players, "viewer": viewer})
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    every = [*players.values(), viewer]
    texts: list[tuple[str, Any]] = [
        *((label.text(), label) for label in dialog.findChildren(QLabel)),
        *((edit.toPlainText(), edit) for edit in dialog.findChildren(QTextEdit)),
    ]
    shown = {text: widget for text, widget in texts if text in every}
    assert sorted(shown) == sorted(every)
    for link, widget in shown.items():
        assert _link_shown_whole(widget, link), link


def _server_of(window: Any) -> Any:
    """The phones' server running for the window, with its thread."""
    return window.pages.phones._running


def test_stopping_never_waits_for_the_phones_but_closing_the_app_does(
    window: Any, qtbot: Any, monkeypatch: pytest.MonkeyPatch
):
    """Stop Sharing or closing the game ends every session at once, and the server
    tells the phones in its own thread while the window goes on; closing the app waits
    until they are told."""
    from phase10_keeper.companion.server import PhoneServer

    told = threading.Event()
    close = PhoneServer.close

    async def close_when_told(server: PhoneServer, *, for_good: bool = True) -> None:
        while not told.is_set():
            await asyncio.sleep(0.01)
        await close(server, for_good=for_good)

    monkeypatch.setattr(PhoneServer, "close", close_when_told)
    window.phones_action.trigger()
    keys = window.pages.phones.table.keys
    session = keys.open_session(keys.by_key(keys.viewer))
    running = _server_of(window)
    window.pages.phones_dialog.stopRequested.emit()
    # Back in the window with the server still closing: the phones' sessions ended.
    assert window.pages.phones is None
    assert keys.by_session(session) is None
    assert running._thread.is_alive()
    told.set()
    qtbot.waitUntil(lambda: not running._thread.is_alive(), timeout=10_000)
    # Closing the app: the phones are told before it ends.
    window.phones_action.trigger()
    running = _server_of(window)
    window.close()
    assert not running._thread.is_alive()


def test_the_codes_and_the_phones_entries_outlast_the_game_closed_until_stop_sharing(
    window: Any, qtbot: Any
):
    library = window.library
    game_id = library.add_game(Game(players=PLAYERS))
    window.navigation.open_session(GameSession(library.load_game(game_id), library, game_id))
    window.phones_action.trigger()
    links = window.pages.phones.links
    _enter(window, qtbot, "Marcus", {"made": True, "cards": {"low": 1}})
    # Closing the game (or quitting) keeps the sharing with it.
    window.navigation.close_game()
    window.navigation.open_session(GameSession(library.load_game(game_id), library, game_id))
    window.phones_action.trigger()
    again: Any = window.pages.phones
    assert again.links == links
    assert set(again.snapshot().pending) == {"Marcus"}
    # Stop Sharing ends the links for good.
    window.pages.phones_dialog.stopRequested.emit()
    window.phones_action.trigger()
    anew: Any = window.pages.phones
    assert anew.links["viewer"] != links["viewer"]
    assert anew.snapshot().pending == {}


def test_the_phones_hear_the_table_is_away_while_its_sharing_lasts_and_closed_once_stopped(
    window: Any, qtbot: Any
):
    library = window.library
    game_id = library.add_game(Game(players=PLAYERS))
    window.navigation.open_session(GameSession(library.load_game(game_id), library, game_id))
    window.phones_action.trigger()
    following = EventStream(
        Client(_server_of(window).server), window.pages.phones.table.keys.viewer
    )
    assert following.next_event()[0] == "game"
    # Closing the game (as quitting) keeps the sharing: the phones wait for the table.
    window.navigation.close_game()
    assert following.next_event() == ("away", {})
    following.close()
    window.navigation.open_session(GameSession(library.load_game(game_id), library, game_id))
    window.phones_action.trigger()
    following = EventStream(
        Client(_server_of(window).server), window.pages.phones.table.keys.viewer
    )
    assert following.next_event()[0] == "game"
    window.pages.phones_dialog.stopRequested.emit()
    assert following.next_event() == ("closed", {})
    following.close()


def test_with_no_network_the_codes_say_no_phone_can_reach_them_and_what_to_do(
    window: Any, monkeypatch: pytest.MonkeyPatch
):
    from phase10_keeper.ui.text.translate import tr

    window.phones_action.trigger()
    # The loopback address the fixture serves on is what the address function gives
    # when this computer has no network address.
    assert not window.pages.phones_dialog.no_network.isHidden()
    assert window.pages.phones_dialog.no_network.text() == tr("phones.window_no_network")
    window.pages.phones_dialog.stopRequested.emit()
    monkeypatch.setattr(
        "phase10_keeper.ui.game.phones.local_network_address", lambda: "192.168.1.20"
    )
    from phase10_keeper.ui.game.phones import PhonesDialog

    dialog = PhonesDialog({"viewer": "http://192.168.1.20:8765/#key=K", "players": {}}, window)
    assert dialog.no_network.isHidden()
    dialog.deleteLater()


def test_the_codes_stand_clear_of_the_form_being_typed_in(window: Any, qtbot: Any) -> None:
    """At the top right of a window that fills a laptop's screen, the codes covered the
    form's Points column and Record under a window manager's title bar."""
    from PySide6.QtCore import QRect

    from phase10_keeper.rules import Preset, preset_rules

    six = ("Maximilian Alexander", "Zoë", "Małgorzata", "Alexandra-Sophie", "Bartholomew", "Ana")
    window.navigation.open_session(
        GameSession(Game(players=six, rules=preset_rules(Preset.MASTERS)))
    )
    # A 1280x720 laptop's screen, less its panel: no room beside the window.
    window.setGeometry(QRect(0, 0, 1280, 630))
    window.show()
    qtbot.waitExposed(window)
    window.phones_action.trigger()
    dialog = window.pages.phones_dialog
    form = window.pages.game_view.form

    def global_rect(widget: Any) -> QRect:
        return QRect(widget.mapToGlobal(widget.rect().topLeft()), widget.size())

    # Offscreen there is no title bar: count one, as under a window manager.
    title_bar = dialog.style().pixelMetric(QStyle.PixelMetric.PM_TitleBarHeight)
    covered = dialog.frameGeometry().adjusted(0, 0, 0, title_bar)
    fields = [form.record_button] + [
        field for row in form.rows() for field in (row.points, *row.counts.values())
    ]
    for field in fields:
        assert not covered.intersects(global_rect(field)), field
    # Yet it shows a whole row of codes, over the grid.
    assert dialog.height() >= dialog.minimumSizeHint().height()


def test_the_codes_window_follows_the_language(window: Any) -> None:
    from phase10_keeper.language import words
    from phase10_keeper.ui.text.translate import use_language

    window.phones_action.trigger()
    dialog = window.pages.phones_dialog
    use_language("de")
    try:
        QApplication.sendEvent(dialog, QEvent(QEvent.Type.LanguageChange))
        german = words("de")
        assert dialog.windowTitle() == german("phones.window_title")
        texts = [label.text() for label in dialog.findChildren(QLabel)]
        assert german("phones.window_intro") in texts
        assert german("phones.window_scoreboard") in texts
        assert german("phones.window_stop") in [b.text() for b in dialog.findChildren(QPushButton)]
    finally:
        use_language("en")
