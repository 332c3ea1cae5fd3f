"""The whole app driven through its window: start page, new game, the library, files,
printing and settings, against the real game library. Every question to the user is
answered by the test (prompts) or by accepting the dialog the window opened."""

import json
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import QSettings, Qt, QUrl
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication

from phase10_keeper.rules import (
    MATTEL_PHASES,
    Game,
    Group,
    GroupKind,
    Phase,
    Preset,
    Status,
    build_rules,
)
from phase10_keeper.storage.gamefile import write_game
from phase10_keeper.storage.library import Library
from phase10_keeper.ui import app
from phase10_keeper.ui.dialogs.about_dialog import AboutDialog
from phase10_keeper.ui.dialogs.sheet_dialogs import SheetDialog, remembered_paper
from phase10_keeper.ui.library.games_view import GAME_ID_ROLE
from phase10_keeper.ui.main_window import MainWindow
from phase10_keeper.ui.new_game.new_game_dialog import NewGameDialog
from phase10_keeper.ui.settings import SHEET_PAPER
from phase10_keeper.ui.text.escape import isolate

from .answers import Answers
from .games import FOUR, SIX, game_with_hands, went_out

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


@pytest.fixture
def answers() -> Answers:
    return Answers()


@pytest.fixture
def library():
    # The shared set-up points the default library at a fresh folder for every test.
    library = Library.open()
    yield library
    library.close()


@pytest.fixture
def open_app(qtbot, answers):
    """Opens the window on its own library, as at launch; closes both afterwards."""
    windows: list[MainWindow] = []

    def opened() -> MainWindow:
        window = MainWindow(Library.open(), prompts=answers, open_url=answers.open_url)
        windows.append(window)
        window.show()
        qtbot.waitExposed(window)
        return window

    yield opened
    for window in windows:
        window.close()
        assert window.library is not None
        window.library.close()


def _accept_sheet_dialog(paper: str):
    def accept(dialog: SheetDialog) -> bool:
        dialog.paper_combo.setCurrentIndex(dialog.paper_combo.findData(paper))
        dialog.ok_button.click()
        return dialog.result() == SheetDialog.DialogCode.Accepted

    return accept


def _pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


def test_the_last_unfinished_game_reopens_and_the_start_page_offers_it(open_app, library) -> None:
    game_id = library.add_game(game_with_hands(FOUR, 2))
    library.set_last_open_game(game_id)
    window = open_app()
    assert window.pages.session is not None
    assert window.pages.session.game_id == game_id
    assert window.navigation.stack.currentWidget() is window.pages.game_view

    window.close_action.trigger()
    assert window.pages.session is None
    assert window.navigation.stack.currentWidget() is window.pages.start_view
    assert library.last_open_game() is None
    assert window.pages.start_view is not None
    window.pages.start_view.continue_buttons[game_id].click()
    assert window.pages.session is not None
    assert window.pages.session.game_id == game_id
    assert library.last_open_game() == game_id


def test_enter_on_the_start_page_continues_the_game_just_closed(qtbot, open_app, library) -> None:
    game_id = library.add_game(game_with_hands(FOUR, 2))
    library.set_last_open_game(game_id)
    window = open_app()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.close_action.trigger()
    assert window.navigation.shown_page is window.pages.start_view
    focused = QApplication.focusWidget()
    assert focused is not None
    qtbot.keyClick(focused, Qt.Key.Key_Return)
    assert window.pages.session is not None
    assert window.pages.session.game_id == game_id


def test_start_page_new_game_with_a_variant_and_a_house_phase_list(open_app, library) -> None:
    window = open_app()
    assert window.navigation.stack.currentWidget() is window.pages.start_view
    assert window.pages.start_view is not None
    window.pages.start_view.new_button.click()
    dialog = window.findChild(NewGameDialog)
    assert dialog is not None
    assert dialog.isVisible()
    for name in FOUR:
        assert dialog.add_player(name)
    dialog.select_preset(Preset.EVEN)
    dialog.two_strike_check.setChecked(True)
    dialog.house_box.setChecked(True)
    editor = dialog.phase_editor
    editor.select(len(editor.phases()) - 1)
    editor.add_phase()
    row = editor._rows[0]
    row.kind.setCurrentIndex(row.kind.findData(GroupKind.EVEN_ODD.value))
    row.count.setValue(8)
    dialog.accept()

    session = window.pages.session
    assert session is not None
    assert window.navigation.stack.currentWidget() is window.pages.game_view
    game = session.game
    assert game.players == FOUR
    assert game.rules.preset is Preset.EVEN
    assert game.rules.two_strike
    # Adding a phase numbers the house list 1, 2, ... as a table writing it would.
    even = [phase.groups for phase in MATTEL_PHASES if phase.label % 2 == 0]
    expected = [*even, (Group(GroupKind.EVEN_ODD, 8),)]
    assert game.rules.phases == tuple(
        Phase(label, groups) for label, groups in enumerate(expected, start=1)
    )
    assert window.pages.game_view is not None
    assert window.pages.game_view.form.title.text() == "Hand 1"
    assert "Even" in window.pages.game_view.banner.rules_label.text()
    assert library.last_open_game() == session.game_id
    assert library.load_game(session.game_id) == game
    assert window.windowTitle() == f"{isolate(game.title)} — Phase 10 Keeper"


def test_new_game_cancelled_leaves_the_open_game(open_app, library) -> None:
    library.set_last_open_game(library.add_game(game_with_hands(FOUR, 1)))
    window = open_app()
    before = window.pages.session
    window.new_action.trigger()
    dialog = window.findChild(NewGameDialog)
    assert dialog is not None
    dialog.reject()
    assert window.pages.session is before


def _edit_menu(window: MainWindow) -> list[object]:
    """What the Edit menu shows: its actions, with "-" for a separator."""
    return [
        "-" if action.isSeparator() else action
        for action in window.edit_menu.actions()
        if action.isVisible()
    ]


def test_every_page_shows_undo_redo_then_its_own_actions_in_the_edit_menu(open_app, library):
    game_id = library.add_game(game_with_hands(FOUR, 2))
    window = open_app()
    undo_redo = [window.undo_action, window.redo_action]
    assert window.navigation.shown_page is window.pages.start_view
    assert _edit_menu(window) == undo_redo
    assert not window.export_game_action.isEnabled()
    assert not window.back_action.isEnabled()

    window.library_action.trigger()
    games = window.pages.games_view
    assert games is not None
    own = [games.open_action, games.rename_action, games.delete_action, games.restore_action]
    assert _edit_menu(window) == [*undo_redo, "-", *own]
    assert window.export_game_action.isEnabled()
    assert not window.export_sheet_action.isEnabled()
    assert window.back_action.isEnabled()

    window.players_action.trigger()
    assert window.pages.players_view is not None
    assert _edit_menu(window) == [*undo_redo, "-", window.pages.players_view.rename_action]
    assert not window.export_game_action.isEnabled()
    assert window.back_action.isEnabled()

    assert window.navigation.open_game(game_id)
    game = window.pages.game_view
    assert game is not None
    own = [game.correct_action, game.delete_action, game.rename_player_action]
    assert _edit_menu(window) == [*undo_redo, "-", *own]
    assert window.export_game_action.isEnabled()
    assert window.export_sheet_action.isEnabled()
    assert not window.back_action.isEnabled()

    window.close_action.trigger()
    assert window.navigation.shown_page is window.pages.start_view
    assert _edit_menu(window) == undo_redo


def test_library_open_rename_delete_and_undo_delete(open_app, library, answers) -> None:
    friday = library.add_game(game_with_hands(FOUR, 2))
    sunday = library.add_game(Game(SIX, title="Sunday"))
    library.set_last_open_game(friday)
    window = open_app()
    window.library_action.trigger()
    view = window.pages.games_view
    assert view is not None
    assert window.navigation.shown_page is window.pages.games_view
    assert view.selected_id() == friday, "the open game is selected"
    assert view.rename_action.isVisible()
    assert window.undo_action.isVisible()
    assert not window.undo_action.isEnabled()

    answers.text_answer = "Friday at Dana's"
    view.rename_action.trigger()
    assert library.list_games()[-1].title == "Friday at Dana's"
    assert window.pages.session is not None
    assert window.pages.session.game.title == "Friday at Dana's"
    window.pages.session.record_hand(went_out(FOUR, "Kwame"))
    assert library.load_game(friday).title == "Friday at Dana's", "a save keeps the new title"

    view.set_filter_text("featherstone")
    assert view.proxy.rowCount() == 1
    assert view.proxy.index(0, 0).data(GAME_ID_ROLE) == sunday
    view.set_filter_text("")

    view.select_game(sunday)
    answers.confirm_answer = False
    view.delete_action.trigger()
    assert [game.id for game in library.list_games()] == [sunday, friday]
    answers.confirm_answer = True
    view.delete_action.trigger()
    assert [game.id for game in library.list_games()] == [friday]
    assert "Sunday" in answers.asked[-1]
    assert window.undo_action.text() == f"Undo Delete “{isolate('Sunday')}”"
    window.undo_action.trigger()
    assert {game.id for game in library.list_games()} == {sunday, friday}

    view.select_game(sunday)
    view.open_action.trigger()
    assert window.pages.session is not None
    assert window.pages.session.game_id == sunday
    assert window.navigation.stack.currentWidget() is window.pages.game_view
    assert library.last_open_game() == sunday


def test_an_ampersand_in_what_undo_names_is_shown_as_typed(open_app, library, answers) -> None:
    # The menu reads "&" as the mark of a shortcut key: "Undo Delete “Zoë & Co”" came out
    # as "Zoë _Co" in the Edit menu, and Alt+Space became its shortcut.
    game = library.add_game(Game(FOUR, title="Zoë & Co"))
    window = open_app()
    window.library_action.trigger()
    view = window.pages.games_view
    assert view is not None
    view.select_game(game)
    answers.confirm_answer = True
    view.delete_action.trigger()
    undo = window.undo_action
    assert QKeySequence.mnemonic(undo.text()).isEmpty()
    assert undo.text().replace("&&", "&") == f"Undo Delete “{isolate('Zoë & Co')}”"
    undo.trigger()
    redo = window.redo_action
    assert QKeySequence.mnemonic(redo.text()).isEmpty()
    assert redo.text().replace("&&", "&") == f"Redo Delete “{isolate('Zoë & Co')}”"


def test_deleting_the_open_game_closes_it(open_app, library, answers) -> None:
    game_id = library.add_game(game_with_hands(FOUR, 1))
    library.set_last_open_game(game_id)
    window = open_app()
    window.navigation.show_library()
    assert window.pages.games_view is not None
    window.pages.games_view.delete_action.trigger()
    assert window.pages.session is None
    assert not window.close_action.isEnabled()
    window.back_action.trigger()
    assert window.navigation.stack.currentWidget() is window.pages.start_view


def test_import_a_good_and_a_bad_game_file(open_app, library, answers, tmp_path) -> None:
    good = tmp_path / "friday.phase10.json"
    write_game(good, game_with_hands(FOUR, 3))
    bad = tmp_path / "broken.phase10.json"
    data = json.loads(good.read_text(encoding="utf-8"))
    data["hands"][1]["went_out"] = "Nobody"
    bad.write_text(json.dumps(data), encoding="utf-8")

    window = open_app()
    assert window.pages.start_view is not None
    answers.open_answer = bad
    window.pages.start_view.import_button.click()
    assert len(answers.warnings) == 1
    assert "broken.phase10.json" in answers.warnings[0]
    assert library.list_games() == []
    assert window.navigation.stack.currentWidget() is window.pages.start_view

    answers.open_answer = good
    window.import_action.trigger()
    games = library.list_games()
    assert [game.hands for game in games] == [3]
    assert window.navigation.shown_page is window.pages.games_view
    assert window.pages.games_view is not None
    assert window.pages.games_view.selected_id() == games[0].id
    assert len(answers.warnings) == 1


def test_export_the_open_game_as_a_file_and_as_a_score_sheet(
    open_app, library, answers, tmp_path, monkeypatch
) -> None:
    library.set_last_open_game(library.add_game(game_with_hands(SIX, 2)))
    window = open_app()
    answers.save_answer = tmp_path / "out.phase10.json"
    assert window.commands.export_game_file() == answers.save_answer
    assert "Friday night.phase10.json" in answers.asked[-1]
    assert json.loads(answers.save_answer.read_text(encoding="utf-8"))["players"] == list(SIX)

    answers.dialog_answer = _accept_sheet_dialog("letter")
    answers.save_answer = tmp_path / "friday"
    window.export_sheet_action.trigger()
    pdf = tmp_path / "friday.pdf"
    assert pdf.stat().st_size > 0
    assert answers.opened == [QUrl.fromLocalFile(str(pdf))]
    reader = PdfReader(pdf)
    width = float(reader.pages[0].mediabox.width)
    assert round(width) == 792, "Letter, landscape"
    text = _pdf_text(pdf)
    assert "Featherstonehaugh" in text
    assert "Łukasz" in text
    assert str(pdf) in window.statusBar().currentMessage()


def test_blank_sheets_from_the_start_page(open_app, answers, tmp_path, monkeypatch) -> None:
    answers.dialog_answer = _accept_sheet_dialog("a4")
    window = open_app()
    answers.save_answer = tmp_path / "blank.pdf"
    assert window.pages.start_view is not None
    window.pages.start_view.sheets_button.click()
    assert answers.save_answer.stat().st_size > 0
    assert round(float(PdfReader(answers.save_answer).pages[0].mediabox.width)) == 842


def test_about_box_opens_without_blocking(open_app, qtbot) -> None:
    window = open_app()
    window.about_action.trigger()
    dialog = window.findChild(AboutDialog)
    assert dialog is not None
    assert dialog.isVisible()
    assert "Version" in dialog.version.text()
    dialog.reject()


def test_menus_use_the_standard_shortcuts(open_app) -> None:
    window = open_app()
    shortcuts = {
        action.text().replace("&", ""): action.shortcut().toString()
        for action in window.findChildren(type(window.new_action))
        if not action.shortcut().isEmpty()
    }
    assert shortcuts["New Game…"] == "Ctrl+N"
    assert shortcuts["Open Library…"] == "Ctrl+O"
    assert shortcuts["Quit"] == "Ctrl+Q"
    assert shortcuts["Print Blank Sheets…"] == "Ctrl+Shift+P"
    assert shortcuts["Print…"] == "Ctrl+P"
    assert "Export Score Sheet…" not in shortcuts
    assert [action.text() for action in window.menuBar().actions()] == [
        "&File",
        "&Edit",
        "&View",
        "&Game",
        "&Settings",
        "&Help",
    ]


def test_undo_names_the_change_of_the_page_shown(open_app, library) -> None:
    library.set_last_open_game(library.add_game(game_with_hands(FOUR, 2)))
    window = open_app()
    assert window.pages.session is not None
    window.pages.session.record_hand(went_out(FOUR, "Dana"))
    assert window.undo_action.text() == "Undo record hand 3"
    assert window.undo_action.isVisible()
    window.navigation.show_library()
    assert window.undo_action.text() == "Undo"
    assert not window.undo_action.isEnabled()
    window.back_action.trigger()
    assert window.navigation.stack.currentWidget() is window.pages.game_view
    window.undo_action.trigger()
    assert window.pages.session.state.hands_played == 2


def test_a_finished_game_is_not_reopened_after_quitting(open_app, library) -> None:
    game_id = library.add_game(game_with_hands(FOUR, 0, build_rules(target=1)))
    library.set_last_open_game(game_id)
    window = open_app()
    assert window.pages.session is not None
    window.pages.session.record_hand(went_out(FOUR, "Priya", Marcus=1))
    assert window.pages.session.state.status is Status.FINISHED
    window.quit_action.trigger()
    assert library.last_open_game() is None


def test_window_geometry_and_paper_are_remembered_across_a_restart(
    qtbot, answers, tmp_path, monkeypatch
) -> None:
    window = app.launch()
    qtbot.waitUntil(lambda: window.library is not None)
    # The offscreen screen is 800 by 600 pixels; a restored window is kept on it.
    window.resize(700, 500)
    window.move(40, 30)
    # The paper the dialog does not offer first: a default accepted is no choice.
    chosen = "a4" if remembered_paper(QSettings()) == "letter" else "letter"
    answers.dialog_answer = _accept_sheet_dialog(chosen)
    window.prompts = answers
    window.commands.open_url = answers.open_url
    answers.save_answer = tmp_path / "blank.pdf"
    window.commands.print_blank_sheets()
    window.close()
    assert window.library is not None
    window.library.close()
    assert QSettings().value(SHEET_PAPER.key) == chosen

    again = app.launch()
    qtbot.waitUntil(lambda: again.library is not None)
    assert (again.width(), again.height()) == (700, 500)
    dialog = SheetDialog(QSettings(), again)
    assert dialog.paper_combo.currentData() == chosen
    dialog.deleteLater()
    again.close()
    assert again.library is not None
    again.library.close()
    QApplication.processEvents()
    assert Qt.WindowState.WindowMaximized not in again.windowState()


def test_the_saved_games_page_reads_the_library_once_when_first_shown(
    open_app, library, monkeypatch
) -> None:
    library.add_game(game_with_hands(FOUR, 1))
    window = open_app()
    reads: list[bool] = []
    list_games = window.library.list_games

    def counted(*arguments, **keywords):
        reads.append(keywords.get("deleted", False))
        return list_games(*arguments, **keywords)

    monkeypatch.setattr(window.library, "list_games", counted)
    window.navigation.show_library()
    # The games, and the deleted games to know whether any can be restored.
    assert sorted(reads) == [False, True]
    window.back_action.trigger()
    reads.clear()
    window.navigation.show_library()
    assert sorted(reads) == [False, True]
