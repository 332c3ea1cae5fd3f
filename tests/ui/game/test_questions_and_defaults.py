"""What the window asks, and what its dialogs start on: no question about typing when
nothing was typed, no player chosen for a person who did not choose one."""

import pytest
from PySide6.QtWidgets import QApplication

from phase10_keeper.rules import CardKind
from phase10_keeper.ui.game.rename_player_dialog import RenamePlayerDialog
from phase10_keeper.ui.game.seating_dialogs import PlayerLeavesDialog
from phase10_keeper.ui.game.session import GameSession
from phase10_keeper.ui.main_window import MainWindow

from ..answers import Answers
from ..games import FOUR, game_with_hands, went_out

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


@pytest.fixture
def answers() -> Answers:
    return Answers()


@pytest.fixture
def window(qtbot, library, answers) -> MainWindow:
    game = game_with_hands(FOUR, 2)
    window = MainWindow(prompts=answers)
    qtbot.addWidget(window)
    window.navigation.open_session(GameSession(game, library, library.add_game(game)))
    window.show()
    qtbot.waitExposed(window)
    return window


def shown(kind: type) -> object:
    return next(
        widget
        for widget in QApplication.topLevelWidgets()
        if isinstance(widget, kind) and widget.isVisible()
    )


def test_redo_after_undo_asks_nothing_when_nothing_was_typed(window, answers) -> None:
    session = window.pages.session
    session.record_hand(went_out(FOUR, "Kwame"))
    window.menus.undo()  # the hand goes back into the form, as if typed
    assert session.state.hands_played == 2
    window.menus.redo()
    assert answers.asked == []
    assert session.state.hands_played == 3
    # The hand put back in the form went back into the log: the form is the next hand's.
    form = window.pages.game_view.form
    assert form.draft.went_out is None
    assert not form.has_typing()


def test_redo_asks_when_the_form_holds_typing_of_ones_own(window, answers) -> None:
    session = window.pages.session
    session.record_hand(went_out(FOUR, "Kwame"))
    window.menus.undo()
    form = window.pages.game_view.form
    form.draft.set_count("Dana", CardKind.HIGH, 2)
    form._typed()
    answers.confirm_answer = False
    window.menus.redo()
    assert len(answers.asked) == 1
    assert session.state.hands_played == 2
    assert form.draft.count("Dana", CardKind.HIGH) == 2


def test_player_leaves_starts_on_nobody(window) -> None:
    window.leave_action.trigger()
    dialog = shown(PlayerLeavesDialog)
    assert isinstance(dialog, PlayerLeavesDialog)
    assert dialog.player_combo.currentIndex() == -1
    assert not dialog.leave_button.isEnabled()
    dialog.accept()  # Enter with nobody chosen: nobody leaves
    assert window.pages.session.game.seating == ()
    dialog.player_combo.setCurrentText("Kwame")
    assert dialog.leave_button.isEnabled()
    assert "Kwame" in dialog.explanation.text()
    dialog.leave_button.click()
    assert [change.name for change in window.pages.session.game.seating] == ["Kwame"]


def test_rename_starts_on_nobody_once_the_selection_is_gone(window) -> None:
    view = window.pages.game_view
    view.grid.setCurrentIndex(view.grid_model.index(2, 0))  # a cell of Kwame's row
    view.grid.clearSelection()  # recording a hand clears it; the current cell stays
    dialog = view.rename_player()
    assert isinstance(dialog, RenamePlayerDialog)
    assert dialog.player_combo.currentIndex() == -1
    assert dialog.name_edit.text() == ""
    assert not dialog.rename_button.isEnabled()
    dialog.reject()


def test_rename_starts_on_the_player_of_the_selected_cell(window) -> None:
    view = window.pages.game_view
    view.grid.setCurrentIndex(view.grid_model.index(2, 1))
    dialog = view.rename_player()
    assert dialog.player_combo.currentText() == "Kwame"
    assert dialog.name_edit.text() == "Kwame"
    dialog.reject()
