"""Starting a new game: the form's checks, and the dialog driven like a user."""

import pytest
from PySide6.QtCore import QDate, QDateTime, QLocale, Qt, QTime
from PySide6.QtWidgets import QApplication

from phase10_keeper.language import ENGLISH, Words, words
from phase10_keeper.rules import (
    MASTERS_TIN_DECK,
    MATTEL_PHASES,
    OFFICIAL_VALUES,
    STANDARD_DECK,
    CardKind,
    CardValues,
    GameError,
    Group,
    GroupKind,
    Order,
    Phase,
    Preset,
)
from phase10_keeper.ui.new_game.new_game_dialog import NewGameDialog, NewGameForm, default_title
from phase10_keeper.ui.text import translate
from phase10_keeper.ui.text.escape import isolate

STARTED = "2026-11-29T19:30:00+01:00"


def _dialog(qtbot, roster=("Dana", "Kwame", "Marcus", "Priya")) -> NewGameDialog:
    dialog = NewGameDialog(roster=roster, title="Friday night", now=lambda: STARTED)
    qtbot.addWidget(dialog)
    return dialog


def test_form_refuses_duplicates_ignoring_case() -> None:
    form = NewGameForm()
    assert form.add_player("  Priya ") is None
    problem = form.add_player("priya")
    assert problem is not None
    assert f"{isolate('Priya')} is already playing" in problem
    assert form.players == ["Priya"]


def test_form_refuses_empty_names_and_a_seventh_player() -> None:
    form = NewGameForm(players=["A", "B", "C", "D", "E", "F"])
    assert form.add_player("   ") is not None
    assert "at most 6" in (form.add_player("G") or "")


def test_form_needs_two_players() -> None:
    form = NewGameForm(players=["Priya"])
    assert form.problem() == "Add at least two players."
    with pytest.raises(GameError):
        form.build_game(STARTED)


def test_form_reorders_seats_and_keeps_the_dealer() -> None:
    form = NewGameForm(players=["Priya", "Marcus", "Kwame"], first_dealer="Kwame")
    assert form.move_player(2, -1) == 1
    assert form.move_player(0, -1) == 0
    game = form.build_game(STARTED)
    assert game.players == ("Priya", "Kwame", "Marcus")
    assert game.first_dealer == "Kwame"
    assert game.started == STARTED


def test_form_builds_variants() -> None:
    form = NewGameForm(
        players=["Priya", "Marcus"],
        preset=Preset.EVEN,
        super_wild=True,
        two_strike=True,
        title="  Even night ",
    )
    game = form.build_game(STARTED)
    assert [phase.label for phase in game.rules.phases] == [2, 4, 6, 8, 10]
    assert game.rules.super_wild
    assert game.rules.two_strike
    assert game.title == "Even night"


def test_form_builds_house_card_values_and_decks() -> None:
    form = NewGameForm(
        players=["Priya", "Marcus"],
        preset=Preset.MASTERS,
        card_values=CardValues(wild=20),
        deck=MASTERS_TIN_DECK,
    )
    rules = form.build_game(STARTED).rules
    assert (rules.card_values.wild, rules.deck.skip) == (20, 2)
    form.card_values = CardValues(wild=500)
    assert "a wild card must cost from 0 to 100 points, not 500" in (form.problem() or "")


def test_dialog_new_game_with_house_card_values_and_the_masters_tin(qtbot) -> None:
    dialog = _dialog(qtbot)
    dialog.add_player("Priya")
    dialog.add_player("Marcus")
    dialog.tabs.setCurrentIndex(1)
    dialog.select_preset(Preset.MASTERS)
    dialog.deck_combo.setCurrentIndex(dialog.deck_combo.findData(MASTERS_TIN_DECK))
    assert "Masters tin deck (2 skips)" in dialog.summary.text()
    # Values typed count only while the box is ticked.
    dialog.value_spins[CardKind.WILD].setValue(50)
    assert dialog.form.card_values == OFFICIAL_VALUES
    dialog.values_box.setChecked(True)
    assert "house card values" in dialog.summary.text()
    dialog.value_spins[CardKind.SKIP].setValue(20)
    qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    game = dialog.game()
    assert game is not None
    assert game.rules.card_values == CardValues(skip=20, wild=50)
    assert game.rules.deck == MASTERS_TIN_DECK


def test_dialog_starts_with_the_official_values_and_deck(qtbot) -> None:
    dialog = _dialog(qtbot)
    assert [spin.value() for spin in dialog.value_spins.values()] == [5, 10, 15, 25, 50]
    assert dialog.deck_combo.currentData() == STANDARD_DECK
    assert all(spin.accessibleName() for spin in dialog.value_spins.values())
    assert dialog.deck_combo.accessibleName()


def test_form_drops_two_strike_in_masters_order() -> None:
    form = NewGameForm(players=["Priya", "Marcus"], preset=Preset.MASTERS, two_strike=True)
    rules = form.rules()
    assert rules.order is Order.CHOOSE
    assert not rules.two_strike


def test_form_reports_an_unplayable_house_list() -> None:
    form = NewGameForm(players=["Priya", "Marcus"], house_phases=(Phase(1, ()),))
    assert "phase 1 has no groups" in (form.problem() or "")


def test_dialog_new_game_with_a_variant_and_a_house_phase_list(qtbot) -> None:
    dialog = _dialog(qtbot)
    # setText rather than typing: typing opens the completer's popup, which the
    # offscreen platform cannot raise.
    for name in ("Priya", "Marcus", "Kwame", "Dana"):
        dialog.name_edit.setText(name)
        qtbot.keyClick(dialog.name_edit, Qt.Key.Key_Return)
    assert dialog.player_list.count() == 4
    assert dialog.name_edit.text() == ""
    assert dialog.game() is None, "Return in the name field must not start the game"

    dialog.player_list.setCurrentRow(3)
    qtbot.mouseClick(dialog.up_button, Qt.MouseButton.LeftButton)
    assert dialog.form.players == ["Priya", "Marcus", "Dana", "Kwame"]
    dialog.dealer_combo.setCurrentText("Marcus")

    dialog.tabs.setCurrentIndex(1)
    dialog.select_preset(Preset.SHORT)
    dialog.super_wild_check.setChecked(True)
    dialog.house_box.setChecked(True)
    editor = dialog.phase_editor
    editor.select(len(editor.phases()) - 1)
    editor.add_phase()
    row = editor._rows[0]
    row.kind.setCurrentIndex(row.kind.findData(GroupKind.COLOR_RUN.value))
    row.count.setValue(5)
    assert "1 run of 5 in one colour" in editor.description.text()
    assert "house phase list" in dialog.summary.text()

    qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    assert dialog.result() == NewGameDialog.DialogCode.Accepted
    game = dialog.game()
    assert game is not None
    assert game.players == ("Priya", "Marcus", "Dana", "Kwame")
    assert game.first_dealer == "Marcus"
    assert game.title == "Friday night"
    assert game.started == STARTED
    assert game.rules.preset is Preset.SHORT
    assert game.rules.super_wild
    assert game.rules.phases == (*MATTEL_PHASES, Phase(11, (Group(GroupKind.COLOR_RUN, 5),)))
    assert game.rules.target == 5


def test_dialog_shows_why_it_cannot_start(qtbot) -> None:
    dialog = _dialog(qtbot)
    dialog.add_player("Priya")
    assert not dialog.add_player("PRIYA")
    assert "already playing" in dialog.message.text()
    dialog.tabs.setCurrentIndex(1)
    dialog.accept()
    assert dialog.result() != NewGameDialog.DialogCode.Accepted
    assert dialog.game() is None
    assert dialog.message.text() == "Add at least two players."
    assert dialog.tabs.currentIndex() == 0


def test_a_problem_opens_the_tab_it_is_about_in_any_wording(
    qtbot, monkeypatch: pytest.MonkeyPatch
) -> None:
    german = Words("de", {"newgame.too_few_players": "Mindestens zwei Spieler."}, words(ENGLISH))
    monkeypatch.setattr(translate._Chosen, "words", german)
    dialog = _dialog(qtbot)
    dialog.add_player("Priya")
    dialog.tabs.setCurrentIndex(1)
    dialog.accept()
    assert dialog.message.text() == "Mindestens zwei Spieler."
    assert dialog.tabs.currentIndex() == 0, "a problem with the players shows the players"

    dialog.add_player("Player One")
    dialog.house_box.setChecked(True)
    dialog.phase_editor.set_phases((Phase(1, ()),))
    dialog.accept()
    assert dialog.game() is None
    assert dialog.tabs.currentIndex() == 1, "a problem with the rules shows the rules"


def test_the_summary_counts_players_in_the_form_the_number_takes(qtbot) -> None:
    dialog = _dialog(qtbot)
    assert dialog.summary.text().startswith("No players yet · Mattel rules")
    dialog.add_player("Priya")
    assert dialog.summary.text() == f"1 player · Mattel rules · {isolate('Priya')} deals first"
    dialog.add_player("Marcus")
    assert dialog.summary.text().startswith("2 players · ")
    assert dialog.player_list.item(1).text() == "2. Marcus"


def test_dialog_fixed_hands_and_masters(qtbot) -> None:
    dialog = _dialog(qtbot)
    dialog.add_player("Priya")
    dialog.add_player("Marcus")
    dialog.select_preset(Preset.FIXED_HANDS)
    assert dialog.hands_check.isChecked()
    assert not dialog.hands_check.isEnabled()
    dialog.hands_spin.setValue(8)
    dialog.select_preset(Preset.MASTERS)
    assert not dialog.two_strike_check.isEnabled()
    dialog.target_combo.setCurrentIndex(6)
    with qtbot.waitSignal(dialog.gameCreated) as created:
        dialog.accept()
    rules = created.args[0].rules
    assert rules.order is Order.CHOOSE
    assert rules.target == 7
    assert rules.hands is None


def test_dialog_completes_names_from_the_roster(qtbot) -> None:
    dialog = _dialog(qtbot)
    completer = dialog.name_edit.completer()
    completer.setCompletionPrefix("ma")
    assert completer.currentCompletion() == "Marcus"


def test_dialog_remove_and_seat_buttons(qtbot) -> None:
    dialog = _dialog(qtbot)
    for name in ("Priya", "Marcus", "Kwame"):
        dialog.add_player(name)
    assert not dialog.down_button.isEnabled()
    dialog.player_list.setCurrentRow(0)
    assert not dialog.up_button.isEnabled()
    qtbot.mouseClick(dialog.remove_button, Qt.MouseButton.LeftButton)
    assert dialog.form.players == ["Marcus", "Kwame"]
    assert dialog.dealer_combo.currentText() == "Marcus"


def test_dialog_inputs_have_accessible_names(qtbot) -> None:
    dialog = _dialog(qtbot)
    for widget in (
        dialog.name_edit,
        dialog.player_list,
        dialog.dealer_combo,
        dialog.title_edit,
        dialog.preset_combo,
        dialog.target_combo,
        dialog.hands_spin,
    ):
        assert widget.accessibleName()


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_return_in_the_name_field_adds_rather_than_starts(qtbot) -> None:
    dialog = _dialog(qtbot)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.name_edit.setFocus()
    for name in ("Priya", "Marcus", "Kwame"):
        dialog.name_edit.setText(name)
        qtbot.keyClick(dialog.name_edit, Qt.Key.Key_Return)
    assert dialog.game() is None
    assert dialog.form.players == ["Priya", "Marcus", "Kwame"]
    qtbot.keyClick(dialog.name_edit, Qt.Key.Key_Return)
    assert dialog.game() is not None


def test_an_emptied_title_falls_back_to_the_date(qtbot) -> None:
    dialog = _dialog(qtbot)
    dialog.add_player("Priya")
    dialog.add_player("Marcus")
    dialog.title_edit.clear()
    dialog.accept()
    game = dialog.game()
    assert game is not None
    assert game.title == dialog.title_edit.placeholderText() != ""


@pytest.mark.qt_log_ignore("propagateSizeHints", "raise", "grabbing the keyboard")
def test_dialog_opens_with_the_name_field_focused(qtbot) -> None:
    dialog = _dialog(qtbot)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    assert QApplication.focusWidget() is dialog.name_edit
    qtbot.keyClicks(QApplication.focusWidget(), "Priya")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert dialog.form.players == ["Priya"]


@pytest.mark.qt_log_ignore("propagateSizeHints", "raise", "grabbing the keyboard")
def test_a_completion_is_added_with_one_enter(qtbot) -> None:
    dialog = _dialog(qtbot)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    qtbot.keyClicks(dialog.name_edit, "mar")
    completer = dialog.name_edit.completer()
    assert completer is not None
    popup = completer.popup()
    assert popup is not None
    qtbot.waitUntil(popup.isVisible)
    qtbot.keyClick(popup, Qt.Key.Key_Down)
    qtbot.keyClick(popup, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: dialog.form.players == ["Marcus"])
    assert dialog.name_edit.text() == ""
    assert dialog.game() is None


@pytest.mark.qt_log_ignore("propagateSizeHints", "raise", "grabbing the keyboard")
def test_enter_on_a_suggested_name_adds_it_and_the_next_starts_fresh(qtbot) -> None:
    dialog = _dialog(qtbot)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    qtbot.keyClicks(dialog.name_edit, "priya")  # the whole name: the list still offers it
    popup = dialog.name_edit.completer().popup()
    assert popup is not None
    qtbot.waitUntil(popup.isVisible)
    qtbot.keyClick(popup, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: dialog.form.players == ["Priya"])
    assert not popup.isVisible()
    qtbot.keyClicks(dialog.name_edit, "Mar")
    assert dialog.name_edit.text() == "Mar"
    qtbot.waitUntil(popup.isVisible)
    qtbot.keyClick(popup, Qt.Key.Key_Return)  # a name the list only begins: added as typed
    qtbot.waitUntil(lambda: dialog.form.players == ["Priya", "Mar"])
    assert dialog.game() is None


@pytest.mark.qt_log_ignore("propagateSizeHints", "raise", "grabbing the keyboard")
def test_ctrl_enter_starts_the_game_with_the_name_still_typed(qtbot) -> None:
    dialog = _dialog(qtbot)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    dialog.add_player("Priya")
    dialog.tabs.setCurrentIndex(1)
    dialog.preset_combo.setFocus()
    qtbot.keyClick(dialog.preset_combo, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert dialog.game() is None  # one player is not a game
    dialog.name_edit.setText("Marcus")
    qtbot.keyClick(dialog.preset_combo, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    game = dialog.game()
    assert game is not None
    assert game.players == ("Priya", "Marcus")


def test_default_titles_tell_one_evenings_games_apart() -> None:
    friday_night = QDateTime(QDate(2026, 11, 27), QTime(20, 30))
    day = QLocale().dayName(5, QLocale.FormatType.LongFormat)
    assert default_title(friday_night) == f"{day} night"
    assert default_title(friday_night, taken=[f"{day} night"]) == f"{day} night #2"
    taken = [f"{day} night", f"{day} night #2", "Lunch"]
    assert default_title(friday_night, taken=taken) == f"{day} night #3"
    sunday_lunch = QDateTime(QDate(2026, 11, 29), QTime(13, 0))
    assert default_title(sunday_lunch).endswith("afternoon")


def test_a_default_title_begins_with_a_capital_in_every_language() -> None:
    before = QLocale()
    QLocale.setDefault(QLocale(QLocale.Language.Dutch, QLocale.Country.Netherlands))
    translate.use_language("nl")
    try:
        assert default_title(QDateTime(QDate(2026, 12, 1), QTime(20, 0))) == "Dinsdagavond"
    finally:
        QLocale.setDefault(before)


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_a_game_by_points_starts_every_row_with_a_total(qtbot) -> None:
    from phase10_keeper.ui.game.session import GameSession
    from phase10_keeper.ui.main_window import MainWindow

    dialog = _dialog(qtbot)
    assert not dialog.points_check.isChecked()
    for name in ("Priya", "Marcus"):
        dialog.add_player(name)
    dialog.points_check.setChecked(True)
    dialog.accept()
    game = dialog.game()
    assert game is not None
    window = MainWindow()
    qtbot.addWidget(window)
    window.navigation.open_session(GameSession(game))
    view = window.pages.game_view
    assert view is not None
    assert all(row.showing_total for row in view.form._rows)
    # The next New Game offers the same, as tables keep their habits.
    assert _dialog(qtbot).points_check.isChecked()


@pytest.mark.parametrize("language", ["en", "de", "fr", "es", "nl", "pl"])
def test_every_key_of_a_page_of_new_game_is_its_own(qtbot, language: str) -> None:
    """Alt and a letter reaches one control: two on a page with one letter take turns."""
    import re

    from PySide6.QtWidgets import QAbstractButton, QGroupBox, QLabel

    translate.use_language(language)
    dialog = _dialog(qtbot)
    tabs = [dialog.tabs.tabText(index) for index in range(dialog.tabs.count())]
    shared = [
        *tabs,
        *(
            button.text()
            for button in dialog.findChildren(QAbstractButton)
            if button.parent() is not None and not dialog.tabs.isAncestorOf(button)
        ),
    ]
    for index in range(dialog.tabs.count()):
        page = dialog.tabs.widget(index)
        assert page is not None
        texts = [*shared]
        texts += [button.text() for button in page.findChildren(QAbstractButton)]
        texts += [label.text() for label in page.findChildren(QLabel) if label.buddy()]
        texts += [box.title() for box in page.findChildren(QGroupBox)]
        keys = [found.group(1).lower() for text in texts if (found := re.search(r"&(\w)", text))]
        assert len(keys) == len(set(keys)), (language, index, sorted(keys))


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_a_mnemonic_of_the_rules_page_typed_in_the_name_field_goes_to_its_field(qtbot) -> None:
    # Alt+E (Ends:) with the cursor in the name field typed an "e": its field was on the
    # hidden Rules page.
    dialog = _dialog(qtbot)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    dialog.name_edit.setFocus()
    dialog.name_edit.setText("Pri")
    qtbot.keyClick(dialog.name_edit, Qt.Key.Key_E, Qt.KeyboardModifier.AltModifier)
    assert dialog.name_edit.text() == "Pri"
    assert dialog.tabs.currentIndex() == 1
    assert dialog.target_combo.hasFocus()
    # A letter no field has is left to the field, as before.
    qtbot.keyClick(dialog.target_combo, Qt.Key.Key_Q, Qt.KeyboardModifier.AltModifier)
    assert dialog.tabs.currentIndex() == 1
