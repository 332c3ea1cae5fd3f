"""Keys that must never change a score unseen: the phase box of a Masters game, P and the
digits after it, a points field reached by the arrows, and where O leaves the focus."""

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QLineEdit, QWidget

from phase10_keeper.rules import NO_CARDS, Cards, Game, Hand, PlayerResult, Preset, build_rules
from phase10_keeper.storage.library import Library
from phase10_keeper.ui.dialogs.help_pages import context_keys
from phase10_keeper.ui.game.session import GameSession
from phase10_keeper.ui.main_window import MainWindow
from phase10_keeper.ui.new_game.new_game_dialog import NewGameDialog
from phase10_keeper.ui.text.translate import tr

from ..answers import Answers
from ..games import FOUR
from .test_entry_keys import press, type_text

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


def _shown(qtbot, window: MainWindow) -> Any:
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    return window


@pytest.fixture
def masters(qtbot):
    """A Masters game whose second hand is next: Priya made phase 1 in the first, Marcus
    tried phase 3 and missed it."""
    rules = build_rules(Preset.MASTERS)
    first = {name: PlayerResult(False, Cards(low=10), phase=1) for name in FOUR}
    first["Priya"] = PlayerResult(True, NO_CARDS, phase=1)
    first["Marcus"] = PlayerResult(False, Cards(low=10), phase=3)
    game = Game(players=FOUR, rules=rules).with_hand_appended(Hand("Priya", first))
    window = _shown(qtbot, MainWindow(prompts=Answers()))
    window.navigation.open_session(GameSession(game))
    assert window.pages.game_view is not None
    return window.pages.game_view.form


def test_p_then_digits_in_a_phase_box_type_the_points_not_a_phase(masters, qtbot) -> None:
    marcus = masters._rows[1]
    marcus.phase.setFocus(Qt.FocusReason.TabFocusReason)
    phase_before = masters.draft.players["Marcus"].phase
    type_text(qtbot, "p85")
    assert masters.draft.by_points("Marcus")
    assert QApplication.focusWidget() is marcus.total
    assert masters.draft.points("Marcus") == 85
    assert masters.draft.players["Marcus"].phase == phase_before


def test_the_arrows_in_a_phase_box_move_between_rows_and_change_no_phase(masters, qtbot) -> None:
    masters._rows[0].phase.setFocus(Qt.FocusReason.TabFocusReason)
    phases = {name: player.phase for name, player in masters.draft.players.items()}
    for row in masters._rows[1:]:
        press(qtbot, Qt.Key.Key_Down)
        assert QApplication.focusWidget() is row.phase
    press(qtbot, Qt.Key.Key_Up)
    assert QApplication.focusWidget() is masters._rows[2].phase
    assert {name: player.phase for name, player in masters.draft.players.items()} == phases
    assert not masters.has_typing()


def test_a_phase_box_starts_at_the_phase_tried_last_else_the_lowest_not_made(masters) -> None:
    phases = {name: player.phase for name, player in masters.draft.players.items()}
    # Priya made 1: her lowest left is 2; Marcus missed 3: he tries it again; the
    # others missed 1.
    assert phases == {"Priya": 2, "Marcus": 3, "Kwame": 1, "Dana": 1}
    assert masters._rows[1].phase.currentData() == 3


def test_digits_in_a_phase_box_pick_exactly_the_phase_typed(masters, qtbot) -> None:
    priya, marcus = masters._rows[0], masters._rows[1]
    priya.phase.setFocus(Qt.FocusReason.TabFocusReason)
    type_text(qtbot, "1")  # Priya made 1 already: not 10, nor anything else
    assert masters.draft.players["Priya"].phase != 10
    assert priya.phase.currentData() != 10
    type_text(qtbot, "0")  # 1 then 0 is 10
    assert masters.draft.players["Priya"].phase == 10
    marcus.phase.setFocus(Qt.FocusReason.TabFocusReason)
    type_text(qtbot, "1")  # in a box showing 3, 1 is 1
    assert masters.draft.players["Marcus"].phase == 1
    type_text(qtbot, "7")  # 17 is no phase: 7 starts again
    assert masters.draft.players["Marcus"].phase == 7


def test_a_made_phase_typed_is_said_and_records_nothing(masters, qtbot) -> None:
    priya = masters._rows[0]
    priya.phase.setFocus(Qt.FocusReason.TabFocusReason)
    type_text(qtbot, "1")
    assert masters.draft.players["Priya"].phase is None
    assert "1" in masters.problems_label.text()


@pytest.mark.qt_log_ignore("propagateSizeHints", "support raise", "support grabbing")
@pytest.mark.parametrize(
    "key",
    [
        QKeySequence(Qt.Key.Key_F4),
        QKeySequence(Qt.KeyboardModifier.AltModifier | Qt.Key.Key_Down),
    ],
)
def test_the_keys_the_help_names_open_the_phase_list(masters, qtbot, key) -> None:
    shown = key.toString(QKeySequence.SequenceFormat.NativeText).replace("Down", "↓")
    entering = dict(context_keys())[tr("help.entering_hand")]
    assert any(
        f"<kbd>{shown}</kbd>" in keys and what == tr("help.phase_list") for keys, what in entering
    )
    box = masters._rows[1].phase
    box.setFocus(Qt.FocusReason.TabFocusReason)
    combination = key[0]
    press(qtbot, combination.key(), combination.keyboardModifiers())
    assert box.view().isVisible()
    box.hidePopup()


def _window_keys(qtbot, window: MainWindow, text: str) -> None:
    """Types into the field the window gives the keys to, active or not: a window of
    an X server without a window manager gets the keys without being told it is active,
    so no field of it is told it has the focus."""
    for character in text:
        key = {"\n": Qt.Key.Key_Return, "↓": Qt.Key.Key_Down}.get(character)
        focused = window.focusWidget()
        if key is None:
            qtbot.keyClicks(focused, character)
        else:
            qtbot.keyClick(focused, key)


@pytest.mark.parametrize("active", [True, False])
def test_digits_after_p_on_a_new_game_land_in_the_points_field(qtbot, active: bool) -> None:
    library = Library.open()
    window = _shown(qtbot, MainWindow(library, prompts=Answers()))
    dialog = window.commands.new_game()
    assert isinstance(dialog, NewGameDialog)
    for name in ("Priya", "Marcus"):
        assert dialog.add_player(name)
    dialog.accept()
    if not active:
        qtbot.addWidget(other := QWidget())
        other.show()
        other.activateWindow()
        qtbot.waitUntil(other.isActiveWindow)
    assert window.pages.game_view is not None
    form = window.pages.game_view.form
    _window_keys(qtbot, window, "p65")
    assert form.draft.by_points("Priya")
    assert form.draft.points("Priya") == 65
    _window_keys(qtbot, window, "↓o\n")
    assert window.pages.session.game.hands[-1].results["Priya"].points == 65
    window.close()
    library.close()


@pytest.mark.parametrize("active", [True, False])
def test_a_points_field_reached_by_the_arrows_is_selected(qtbot, active: bool) -> None:
    window = _shown(qtbot, MainWindow(prompts=Answers()))
    window.navigation.open_session(GameSession(Game(players=FOUR)))
    assert window.pages.game_view is not None
    form = window.pages.game_view.form
    marcus, kwame = form._rows[1], form._rows[2]
    marcus.by_points.click()
    kwame.by_points.click()
    marcus.total.setFocus(Qt.FocusReason.TabFocusReason)
    if not active:
        qtbot.addWidget(other := QWidget())
        other.show()
        other.activateWindow()
        qtbot.waitUntil(other.isActiveWindow)
    _window_keys(qtbot, window, "50↓")
    assert window.focusWidget() is kwame.total
    _window_keys(qtbot, window, "70")
    assert form.draft.points("Marcus") == 50
    assert form.draft.points("Kwame") == 70


def test_every_count_and_points_field_is_selected_on_arrival(qtbot) -> None:
    window = _shown(qtbot, MainWindow(prompts=Answers()))
    window.navigation.open_session(GameSession(Game(players=FOUR)))
    assert window.pages.game_view is not None
    form = window.pages.game_view.form
    form._rows[0].went_out.setFocus(Qt.FocusReason.TabFocusReason)
    type_text(qtbot, "o")  # Priya out: on to Marcus
    for key in (Qt.Key.Key_Right, Qt.Key.Key_Right, Qt.Key.Key_Down, Qt.Key.Key_Tab):
        press(qtbot, key)
        focused = QApplication.focusWidget()
        if isinstance(focused, QLineEdit):
            assert focused.selectedText() == focused.text(), key


def test_the_hint_says_where_o_leaves_the_focus_and_how_to_choose_a_phase(masters) -> None:
    hint = masters.hint.text()
    assert "O: went out, then on to the next player" in hint
    assert "P: by points" in hint
    assert "Phase: type its number, F4: list" in hint
