"""Two windows on one library, each with its own connection: a save from the one whose
copy is stale is refused, said above its form, and the newer game is shown there with
the hand that was typed kept in the form."""

from pathlib import Path

import pytest

from phase10_keeper.rules import Game
from phase10_keeper.storage.library import Library
from phase10_keeper.ui.game.session import GameSession
from phase10_keeper.ui.main_window import MainWindow

from ..answers import Answers
from ..games import FOUR, went_out

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


@pytest.fixture
def two_windows(qtbot, tmp_path: Path):
    libraries = [Library.open(tmp_path), Library.open(tmp_path)]
    game_id = libraries[0].add_game(Game(players=FOUR, title="Friday night"))
    windows = []
    for library in libraries:
        window = MainWindow(prompts=Answers())
        qtbot.addWidget(window)
        window.navigation.open_session(GameSession(library.load_game(game_id), library, game_id))
        window.show()
        windows.append(window)
    yield windows, libraries, game_id
    for window in windows:
        window.close()
    for library in libraries:
        library.close()


def test_window_b_cannot_overwrite_the_hand_window_a_saved(qtbot, two_windows) -> None:
    (window_a, window_b), (library_a, library_b), game_id = two_windows
    a_hand = went_out(FOUR, "Priya")
    b_hand = went_out(FOUR, "Kwame")
    window_a.pages.session.record_hand(a_hand)
    assert window_a.status.save_label.text() == "Saved: record hand 1"
    window_b.pages.session.record_hand(b_hand)
    # B's hand is not saved over A's: the library holds A's game.
    qtbot.waitUntil(lambda: not window_b.pages.game_view.save_problem.isHidden())
    assert Library.open(library_a.data_dir).load_game(game_id).hands == (a_hand,)
    problem = window_b.pages.game_view.save_problem.text()
    assert problem.startswith("✗ Not saved: record hand 1. This game was saved in another")
    assert window_b.status.save_label.text().startswith("✗ Not saved")
    # B shows the newer game, with the hand B typed back in its form, to record next.
    assert window_b.pages.session.game.hands == (a_hand,)
    assert window_b.pages.game_view.grid_model.hand_count == 1
    assert window_b.pages.game_view.form.draft.went_out == "Kwame"
    assert not window_b.pages.session.undo_stack.canUndo()
    # Recorded again, it follows A's hand; now A's copy is the stale one.
    window_b.pages.game_view.form.submit()
    assert library_b.load_game(game_id).hands == (a_hand, b_hand)
    window_a.pages.session.remove_hand(0)
    qtbot.waitUntil(lambda: window_a.pages.session.game.hands == (a_hand, b_hand))
    assert Library.open(library_a.data_dir).load_game(game_id).hands == (a_hand, b_hand)


def test_typing_in_the_form_stays_when_the_newer_game_is_shown(qtbot, two_windows) -> None:
    window_a, window_b = two_windows[0]
    window_a.pages.session.record_hand(went_out(FOUR, "Priya"))
    window_b.pages.session.record_hand(went_out(FOUR, "Dana"))
    qtbot.waitUntil(lambda: window_b.pages.session.game.hands == window_a.pages.session.game.hands)
    assert window_b.pages.game_view.form.draft.went_out == "Dana"
    # What was typed for the next hand stays too when an older hand's edit is refused.
    window_b.pages.game_view.form.submit()
    window_a.pages.session.remove_hand(0)
    qtbot.waitUntil(lambda: len(window_a.pages.session.game.hands) == 2)
    window_a.pages.session.remove_hand(1)
    # Typed as a person types it: Marcus went out.
    window_b.pages.game_view.form._rows[FOUR.index("Marcus")].went_out.click()
    assert window_b.pages.game_view.form.draft.went_out == "Marcus"
    window_b.pages.session.replace_hand(0, went_out(FOUR, "Kwame"))
    qtbot.waitUntil(lambda: not window_b.pages.session.undo_stack.canUndo())
    assert window_b.pages.session.game.hands == window_a.pages.session.game.hands
    assert window_b.pages.game_view.form.draft.went_out == "Marcus"


def test_a_rename_in_the_same_window_keeps_its_copy_current(qtbot, two_windows) -> None:
    (window_a, _), (library_a, _), game_id = two_windows
    library_a.rename_game(game_id, "Saturday")
    window_a.pages.session.retitle("Saturday")
    window_a.pages.session.record_hand(went_out(FOUR, "Priya"))
    assert window_a.status.save_label.text() == "Saved: record hand 1"
    assert library_a.load_game(game_id).title == "Saturday"
