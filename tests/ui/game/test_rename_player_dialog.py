"""Renaming a player of the open game, from the Edit menu."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from phase10_keeper.ui.game.rename_player_dialog import RenamePlayerDialog
from phase10_keeper.ui.game.session import GameSession
from phase10_keeper.ui.main_window import MainWindow
from phase10_keeper.ui.text.escape import isolate

from ..games import FOUR, game_with_hands

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


def test_the_dialog_refuses_names_that_cannot_sit_at_the_table(qtbot) -> None:
    dialog = RenamePlayerDialog(FOUR, "Kwame")
    qtbot.addWidget(dialog)
    assert dialog.name_edit.text() == "Kwame"
    assert not dialog.rename_button.isEnabled()  # nothing changed yet
    dialog.name_edit.setText("marcus")
    assert not dialog.rename_button.isEnabled()
    assert "names must differ" in dialog.problem_label.text()
    dialog.name_edit.setText("   ")
    assert not dialog.rename_button.isEnabled()
    dialog.name_edit.setText("Kwame Mensah")
    assert dialog.rename_button.isEnabled()
    assert dialog.problem_label.isHidden()
    with qtbot.waitSignal(dialog.renamed) as renamed:
        dialog.accept()
    assert renamed.args == ["Kwame", "Kwame Mensah"]


def test_picking_another_player_starts_from_their_name(qtbot) -> None:
    dialog = RenamePlayerDialog(FOUR)
    qtbot.addWidget(dialog)
    dialog.player_combo.setCurrentText("Dana")
    assert dialog.name_edit.text() == "Dana"


def test_rename_from_the_edit_menu_renames_the_selected_player_everywhere(qtbot, library) -> None:
    game = game_with_hands(FOUR, 2)
    session = GameSession(game, library, library.add_game(game))
    window = MainWindow()
    qtbot.addWidget(window)
    window.navigation.open_session(session)
    view = window.pages.game_view
    assert view is not None
    assert view.rename_player_action in window.edit_menu.actions()
    view.grid.setCurrentIndex(view.grid_model.index(1, 0))
    view.rename_player_action.trigger()
    dialog = next(
        widget
        for widget in QApplication.topLevelWidgets()
        if isinstance(widget, RenamePlayerDialog) and widget.isVisible()
    )
    assert dialog.player_combo.currentText() == "Marcus"
    dialog.name_edit.setText("Marcus Aurelius")
    dialog.accept()
    assert session.game.players[1] == "Marcus Aurelius"
    assert view.standings_model.rowCount() == 4
    assert "Marcus Aurelius" in [
        view.grid_model.headerData(row, Qt.Orientation.Vertical) for row in range(4)
    ]
    assert (
        window.undo_action.text()
        == f"Undo rename {isolate('Marcus')} to {isolate('Marcus Aurelius')}"
    )
