"""Nothing typed is lost: a hand half typed comes back after the window closes, after
Ctrl+W and after a restart, saying so; the undo history survives them too; typing for a
game that changed elsewhere since is set aside, and damage is said, never a traceback."""

import sqlite3
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from phase10_keeper.rules import CardKind, Game, Leave
from phase10_keeper.storage.library import Library
from phase10_keeper.ui.game.draft import HandDraft
from phase10_keeper.ui.game.game_view import GameView
from phase10_keeper.ui.game.kept_typing import KEEP_AFTER_MS
from phase10_keeper.ui.main_window import MainWindow

from ..answers import Answers
from ..games import FOUR, went_out

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")

CTRL = Qt.KeyboardModifier.ControlModifier


def _press(key: Qt.Key, modifiers: Qt.KeyboardModifier) -> None:
    focused = QApplication.focusWidget()
    assert focused is not None
    QTest.keyClick(focused, key, modifiers)


@pytest.fixture
def start_app(qtbot, tmp_path: Path):
    """Starts the window on the library in one data folder, as the app does; each call is
    another start, on a connection of its own."""
    started: list[tuple[MainWindow, Library, Answers]] = []

    def start() -> MainWindow:
        library = Library.open(tmp_path)
        answers = Answers()
        window = MainWindow(library, prompts=answers, open_url=answers.open_url)
        window.show()
        qtbot.waitExposed(window)
        # Shortcuts only reach an active window.
        window.activateWindow()
        qtbot.waitUntil(window.isActiveWindow)
        started.append((window, library, answers))
        return window

    yield start
    for window, library, answers in started:
        window.close()
        library.close()
        assert answers.errors == []


@pytest.fixture
def game_id(tmp_path: Path) -> int:
    with Library.open(tmp_path) as library:
        game = Game(players=FOUR, title="Friday night").with_hand_appended(went_out(FOUR, "Dana"))
        game_id = library.add_game(game)
        library.set_last_open_game(game_id)
    return game_id


def _view(window: MainWindow) -> GameView:
    assert window.pages.game_view is not None
    return window.pages.game_view


def _draft(window: MainWindow) -> HandDraft:
    draft = _view(window).form.draft
    assert draft is not None
    return draft


def _type_part_of_a_hand(window: MainWindow) -> None:
    """Marcus went out, Kwame made it holding a skip: typed, not recorded."""
    form = _view(window).form
    form._rows[FOUR.index("Marcus")].went_out.click()
    form._rows[FOUR.index("Kwame")].made.click()
    count = form._rows[FOUR.index("Kwame")].counts[CardKind.SKIP]
    count.setFocus()
    QTest.keyClicks(count, "1")


def _holds_the_typing(window: MainWindow) -> bool:
    draft = _draft(window)
    return (
        draft.went_out == "Marcus"
        and draft.made("Kwame")
        and draft.count("Kwame", CardKind.SKIP) == 1
    )


def _note(window: MainWindow) -> str:
    note = _view(window).kept_note
    return note.label.text() if note.isVisibleTo(window) else ""


def test_typing_comes_back_after_the_window_is_closed(start_app, game_id) -> None:
    window = start_app()
    _type_part_of_a_hand(window)
    window.close()
    again = start_app()
    assert again.pages.session.game_id == game_id
    assert _holds_the_typing(again)
    assert _note(again).startswith("Your unrecorded typing for hand 2 is back.")
    # One Undo takes it out again; the hand recorded stays.
    assert again.undo_action.text() == "Undo typing"
    again.undo_action.trigger()
    assert again.pages.game_view.form.draft.went_out is None
    assert len(again.pages.session.game.hands) == 1
    assert _note(again) == ""


def test_the_note_of_typing_back_follows_a_change_of_language(start_app, game_id) -> None:
    from PySide6.QtCore import QEvent

    from phase10_keeper.language import words
    from phase10_keeper.ui.text.translate import use_language

    window = start_app()
    _type_part_of_a_hand(window)
    window.close()
    again = start_app()
    note = _view(again).kept_note
    use_language("de")
    try:
        QApplication.sendEvent(note, QEvent(QEvent.Type.LanguageChange))
        assert _note(again) == words("de")("kept.typing_back", number=2)
        assert note.put_back_button.text() == words("de")("kept.put_back")
    finally:
        use_language("en")


def test_typing_comes_back_after_ctrl_w_when_the_game_is_opened_again(start_app, game_id) -> None:
    window = start_app()
    _type_part_of_a_hand(window)
    _press(Qt.Key.Key_W, CTRL)
    assert window.pages.session is None
    window.navigation.show_library()
    view = window.pages.games_view
    assert view.select_game(game_id)
    QTest.keyClick(view.table, Qt.Key.Key_Return)
    assert _holds_the_typing(window)
    assert "hand 2 is back" in _note(window)


def test_recording_the_hand_drops_the_typing_kept(start_app, game_id) -> None:
    window = start_app()
    _type_part_of_a_hand(window)
    window.pages.keep_typing()
    assert window.library.unrecorded(game_id).typing is not None
    window.pages.game_view.form.submit()
    window.pages.keep_typing()
    assert window.library.unrecorded(game_id).typing is None
    window.close()
    again = start_app()
    assert len(again.pages.session.game.hands) == 2
    assert again.pages.game_view.form.draft.went_out is None
    assert _note(again) == ""


def test_typing_is_kept_a_moment_after_it_changes(qtbot, start_app, game_id) -> None:
    window = start_app()
    _type_part_of_a_hand(window)
    qtbot.waitUntil(lambda: window.library.unrecorded(game_id).typing is not None)


def test_recording_a_hand_waits_the_moment_before_keeping_the_undo_history(
    start_app, game_id
) -> None:
    """The undo history is written once the keys have rested, as typing is: recording a
    hand never waits for that write. (Its undo stack's new index once went to the timer
    as a number of milliseconds: 1 after the first hand.)"""
    window = start_app()
    keeper = window.pages.keeper
    assert keeper is not None
    timers = keeper.findChildren(QTimer)
    assert len(timers) == 1
    for recorded in (1, 2):
        _type_part_of_a_hand(window)
        window.pages.game_view.form.submit()
        assert window.pages.session.undo_stack.index() == recorded
        assert timers[0].isActive()
        assert timers[0].interval() == KEEP_AFTER_MS


def test_ctrl_z_after_a_restart_takes_back_the_last_hand(start_app, game_id) -> None:
    window = start_app()
    window.pages.session.record_hand(went_out(FOUR, "Priya"))
    window.pages.session.record_hand(went_out(FOUR, "Kwame"))
    window.close()
    again = start_app()
    assert again.undo_action.text() == "Undo record hand 3"
    _press(Qt.Key.Key_Z, CTRL)
    # Undone and saved, the hand back in the form to fix.
    assert len(again.pages.session.game.hands) == 2
    assert len(again.library.load_game(game_id).hands) == 2
    assert again.pages.game_view.form.draft.went_out == "Kwame"
    assert again.status.save_label.text() == "Saved: “record hand 3” taken back"
    _press(Qt.Key.Key_Z, CTRL | Qt.KeyboardModifier.ShiftModifier)
    assert len(again.library.load_game(game_id).hands) == 3
    # Undone twice more after another restart: the history goes back further.
    again.close()
    third = start_app()
    third.undo_action.trigger()
    third.undo_action.trigger()
    # The first Undo takes back the hand, the second the typing it left in the form.
    assert len(third.pages.session.game.hands) == 2
    third.undo_action.trigger()
    assert len(third.library.load_game(game_id).hands) == 1


def test_typing_for_a_game_changed_elsewhere_is_set_aside(start_app, game_id, tmp_path) -> None:
    window = start_app()
    window.pages.session.record_hand(went_out(FOUR, "Priya"))
    _type_part_of_a_hand(window)
    window.close()
    # Another writer (another copy of the app, `serve`) records hand 3 meanwhile.
    with Library.open(tmp_path) as other:
        game = other.load_game(game_id)
        other.save_game(game_id, game.with_hand_appended(went_out(FOUR, "Dana")))
    again = start_app()
    form = again.pages.game_view.form
    # Not put into hand 4, and the undo history, of another hand log, is gone.
    assert form.draft.went_out is None
    assert not again.pages.session.undo_stack.canUndo()
    note = again.pages.game_view.kept_note
    assert _note(again).startswith("The game changed since you typed hand 3 here")
    assert note.put_back_button.isVisibleTo(again)
    # Kept while nothing else is typed, even across a restart.
    again.close()
    third = start_app()
    note = third.pages.game_view.kept_note
    assert note.put_back_button.isVisibleTo(third)
    note.put_back_button.click()
    assert _holds_the_typing(third)
    assert _note(third) == ""
    third.undo_action.trigger()
    assert third.pages.game_view.form.draft.went_out is None


def test_typing_that_no_longer_fits_the_players_is_only_said(start_app, game_id, tmp_path) -> None:
    window = start_app()
    _type_part_of_a_hand(window)
    window.close()
    with Library.open(tmp_path) as other:
        game = other.load_game(game_id)
        other.save_game(game_id, game.with_seating_change(Leave(2, "Dana")))
    again = start_app()
    assert again.pages.game_view.form.draft.went_out is None
    assert "no longer fits its players" in _note(again)
    assert not again.pages.game_view.kept_note.put_back_button.isVisibleTo(again)


def test_a_correction_being_typed_comes_back(start_app, game_id) -> None:
    window = start_app()
    window.pages.game_view.correct_hand(0)
    form = window.pages.game_view.form
    form._rows[FOUR.index("Kwame")].went_out.click()
    window.close()
    again = start_app()
    form = again.pages.game_view.form
    assert form.editing == 0
    assert form.draft.went_out == "Kwame"
    assert _note(again).startswith("Your unsaved correction of hand 1 is back.")


@pytest.mark.parametrize("column", ["typing", "history"])
def test_damaged_typing_or_history_is_said_and_the_game_opens(
    start_app, game_id, tmp_path, column
) -> None:
    window = start_app()
    window.pages.session.record_hand(went_out(FOUR, "Priya"))
    _type_part_of_a_hand(window)
    window.close()
    with sqlite3.connect(tmp_path / "library.sqlite3") as database:
        database.execute(
            f"UPDATE unrecorded SET {column} = CAST(? AS TEXT)", (b'{"went_out": "\xff"}',)
        )
    again = start_app()
    assert again.pages.session.game_id == game_id
    assert len(again.pages.session.game.hands) == 2
    if column == "typing":
        assert _note(again) == (
            "The typing kept for this game was damaged and could not be brought back."
        )
        assert again.pages.game_view.form.draft.went_out is None
        assert again.pages.session.undo_stack.canUndo()
    else:
        assert _note(again).endswith(
            "The undo history kept for this game was damaged: Undo starts afresh."
        )
        assert _holds_the_typing(again)
        assert not again.pages.session.undo_stack.canUndo()


def test_well_formed_typing_that_is_no_typing_of_the_app_is_damage(
    start_app, game_id, tmp_path
) -> None:
    window = start_app()
    _type_part_of_a_hand(window)
    window.close()
    with sqlite3.connect(tmp_path / "library.sqlite3") as database:
        database.execute('UPDATE unrecorded SET typing = \'{"for": [1], "players": 7}\'')
    again = start_app()
    assert "damaged" in _note(again)
    assert again.pages.game_view.form.draft.went_out is None
