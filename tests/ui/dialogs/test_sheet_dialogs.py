"""Printing: the sheet dialog's choices, the PDF written and opened, the paper remembered."""

from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import QSettings, Qt, QUrl
from PySide6.QtWidgets import QWidget

from phase10_keeper.language import LANGUAGES, words
from phase10_keeper.rules import (
    Cards,
    Game,
    Hand,
    PlayerResult,
    Preset,
    build_rules,
    preset_rules,
)
from phase10_keeper.ui.dialogs.sheet_dialogs import (
    SheetDialog,
    SheetPrinter,
    SheetRequest,
    names_problem,
    remembered_language,
    remembered_paper,
    split_names,
)
from phase10_keeper.ui.settings import SHEET_LANGUAGE, SHEET_PAPER

from ..answers import Answers

PLAYERS = ("Priya", "Marcus", "Kwame")


def _game() -> Game:
    hand = Hand(
        went_out="Priya",
        results={
            "Priya": PlayerResult(made=True),
            "Marcus": PlayerResult(made=True, cards=Cards(low=1, high=1)),
            "Kwame": PlayerResult(made=False, cards=Cards(low=10)),
        },
    )
    return Game(PLAYERS, title="Friday night", hands=(hand,))


def _settings(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


def _text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


class Recorder(Answers):
    """Answers the printer's questions; the dialog itself is driven by each test."""

    def __init__(self, save_answer: Path | None = None) -> None:
        super().__init__()
        self.save_answer = save_answer
        self.suggested: list[str] = []

    def printer(self, qtbot, settings: QSettings) -> SheetPrinter:
        parent = QWidget()
        qtbot.addWidget(parent)
        return SheetPrinter(parent, settings, self, open_url=self.open_url)

    def save_path(
        self, parent: QWidget, title: str, suggested: str, filter_text: str
    ) -> Path | None:
        self.suggested.append(suggested)
        return self.save_answer


def test_split_and_check_names() -> None:
    assert split_names(" Ann , Bo ") == ("Ann", "Bo")
    assert split_names("  ") == ()
    assert names_problem(()) is not None
    assert "empty" in (names_problem(split_names("Ann,,Bo")) or "")
    assert names_problem(tuple("ABCDEFG")) == "A sheet has room for 6 players, not 7."
    assert "nothing visible" in (names_problem(split_names("Ann,\u200b")) or "")
    assert "at most 60" in (names_problem(split_names(f"Ann,{'N' * 61}")) or "")


def test_game_sheet_is_written_then_opened(qtbot, tmp_path: Path) -> None:
    settings = _settings(tmp_path)
    recorder = Recorder(save_answer=tmp_path / "friday")
    printer = recorder.printer(qtbot, settings)
    dialog = SheetDialog(settings, game=_game())
    qtbot.addWidget(dialog)
    assert dialog.rows_box.isHidden()
    dialog.paper_combo.setCurrentIndex(dialog.paper_combo.findData("letter"))
    dialog.accept()
    request = dialog.request()
    assert request is not None
    path = printer.ask_path(request)
    assert recorder.suggested == ["Friday night score sheet.pdf"]
    assert path == tmp_path / "friday.pdf"

    with qtbot.waitSignal(printer.written):
        assert printer.write(request, path) == path
    reader = PdfReader(path)
    # The score grid, then how the game went.
    assert len(reader.pages) == 2
    width, height = float(reader.pages[0].mediabox.width), float(reader.pages[0].mediabox.height)
    assert (round(width), round(height)) == (792, 612)
    text = _text(path)
    for name in PLAYERS:
        assert name in text
    assert recorder.opened == [QUrl.fromLocalFile(str(path))]
    assert recorder.warnings == []


def test_blank_sheet_with_names_and_house_rules(qtbot, tmp_path: Path) -> None:
    settings = _settings(tmp_path)
    recorder = Recorder()
    printer = recorder.printer(qtbot, settings)
    rules = build_rules(Preset.EVEN, super_wild=True)
    dialog = SheetDialog(settings, names=("Ann", "Bo"), rules=rules)
    qtbot.addWidget(dialog)
    assert dialog.names_radio.isChecked()
    dialog.paper_combo.setCurrentIndex(dialog.paper_combo.findData("a4"))
    dialog.ok_button.click()
    request = dialog.request()
    assert request == SheetRequest(paper="a4", names=("Ann", "Bo"), rules=rules)
    path = printer.write(request, tmp_path / "blank.pdf")
    assert path is not None
    page = PdfReader(path).pages[0]
    assert round(float(page.mediabox.height)) == 595
    text = _text(path)
    assert "Ann" in text
    assert "Bo" in text


def test_blank_sheet_with_empty_rows(qtbot, tmp_path: Path) -> None:
    settings = _settings(tmp_path)
    dialog = SheetDialog(settings)
    qtbot.addWidget(dialog)
    assert dialog.rows_radio.isChecked()
    assert not dialog.names_edit.isEnabled()
    dialog.rows_spin.setValue(4)
    dialog.accept()
    request = dialog.request()
    assert request is not None
    assert (request.rows, request.names, request.game) == (4, (), None)


def test_blank_sheet_refuses_bad_names(qtbot, tmp_path: Path) -> None:
    dialog = SheetDialog(_settings(tmp_path))
    qtbot.addWidget(dialog)
    dialog.names_radio.setChecked(True)
    dialog.names_edit.setText("Ann,,Bo")
    dialog.accept()
    assert dialog.request() is None
    assert "empty" in dialog.message.text()
    assert not dialog.message.isHidden()


def test_paper_size_is_remembered_across_a_restart(qtbot, tmp_path: Path) -> None:
    first = SheetDialog(_settings(tmp_path))
    qtbot.addWidget(first)
    first.paper_combo.setCurrentIndex(first.paper_combo.findData("letter"))
    first.accept()

    second = SheetDialog(_settings(tmp_path))
    qtbot.addWidget(second)
    assert second.paper_combo.currentData() == "letter"
    assert remembered_paper(_settings(tmp_path)) == "letter"


def test_only_what_the_user_changed_is_remembered(
    qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A default accepted as it was shown is no choice: it follows the locale later."""
    monkeypatch.setenv("LC_ALL", "de_DE.UTF-8")
    untouched = SheetDialog(_settings(tmp_path))
    qtbot.addWidget(untouched)
    untouched.accept()
    assert untouched.request() is not None
    assert not _settings(tmp_path).contains(SHEET_PAPER.key)
    assert not _settings(tmp_path).contains(SHEET_LANGUAGE.key)

    language_changed = SheetDialog(_settings(tmp_path))
    qtbot.addWidget(language_changed)
    language_changed.language_combo.setCurrentIndex(language_changed.language_combo.findData("fr"))
    language_changed.accept()
    assert _settings(tmp_path).value(SHEET_LANGUAGE.key) == "fr"
    assert not _settings(tmp_path).contains(SHEET_PAPER.key)

    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")
    assert remembered_paper(_settings(tmp_path)) == "letter"
    assert remembered_language(_settings(tmp_path)) == "fr"


def test_a_choice_back_to_the_default_is_remembered(qtbot, tmp_path: Path) -> None:
    _settings(tmp_path).setValue(SHEET_PAPER.key, "letter")
    dialog = SheetDialog(_settings(tmp_path))
    qtbot.addWidget(dialog)
    dialog.paper_combo.setCurrentIndex(dialog.paper_combo.findData("a4"))
    dialog.accept()
    assert _settings(tmp_path).value(SHEET_PAPER.key) == "a4"


def test_paper_defaults_to_the_locale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")
    assert remembered_paper(_settings(tmp_path)) == "letter"
    _settings(tmp_path).setValue(SHEET_PAPER.key, "nonsense")
    monkeypatch.setenv("LC_ALL", "de_DE.UTF-8")
    assert remembered_paper(_settings(tmp_path)) == "a4"


def test_whole_flow_without_a_modal_dialog(qtbot, tmp_path: Path) -> None:
    def accept_at_once(dialog: SheetDialog) -> bool:
        dialog.ok_button.click()
        return dialog.result() == SheetDialog.DialogCode.Accepted

    settings = _settings(tmp_path)
    recorder = Recorder(save_answer=tmp_path / "sheet.pdf")
    recorder.dialog_answer = accept_at_once
    printer = recorder.printer(qtbot, settings)
    assert printer.print_blank(names=("Ann", "Bo")) == tmp_path / "sheet.pdf"
    assert (tmp_path / "sheet.pdf").stat().st_size > 0
    assert len(recorder.opened) == 1

    recorder.save_answer = None
    assert printer.print_game(_game()) is None
    assert recorder.suggested[-1] == str(tmp_path / "Friday night score sheet.pdf")


def test_unwritable_place_warns_and_opens_nothing(qtbot, tmp_path: Path) -> None:
    recorder = Recorder()
    printer = recorder.printer(qtbot, _settings(tmp_path))
    request = SheetRequest(paper="a4", rows=2)
    assert printer.write(request, tmp_path / "missing" / "sheet.pdf") is None
    assert "Cannot write" in recorder.warnings[0]
    assert recorder.opened == []


def test_a_viewer_that_does_not_open_is_reported(qtbot, tmp_path: Path) -> None:
    recorder = Recorder()
    printer = recorder.printer(qtbot, _settings(tmp_path))
    printer.open_url = lambda _url: False
    path = printer.write(SheetRequest(paper="a4", rows=2), tmp_path / "sheet.pdf")
    assert path is not None
    assert "no PDF viewer" in recorder.warnings[0]


def test_dialog_inputs_have_accessible_names(qtbot, tmp_path: Path) -> None:
    dialog = SheetDialog(_settings(tmp_path))
    qtbot.addWidget(dialog)
    for widget in (dialog.paper_combo, dialog.rows_spin, dialog.names_edit):
        assert widget.accessibleName()


def test_blank_sheets_can_be_for_any_preset(qtbot, tmp_path: Path) -> None:
    settings = _settings(tmp_path)
    dialog = SheetDialog(settings)
    qtbot.addWidget(dialog)
    assert dialog.rules_combo.currentData() == "mattel"
    dialog.rules_combo.setCurrentIndex(dialog.rules_combo.findData("even"))
    assert "Even phases only" in dialog.intro.text()
    dialog.accept()
    request = dialog.request()
    assert request is not None
    assert request.rules == preset_rules(Preset.EVEN)
    path = Recorder().printer(qtbot, settings).write(request, tmp_path / "even.pdf")
    assert path is not None
    assert "Even phases only" in _text(path)


def test_a_games_own_rules_are_offered_first_for_its_blank_sheets(qtbot, tmp_path: Path) -> None:
    rules = build_rules(Preset.EVEN, super_wild=True)
    dialog = SheetDialog(_settings(tmp_path), names=("Ann", "Bo"), rules=rules)
    qtbot.addWidget(dialog)
    assert dialog.rules_combo.currentIndex() == 0
    assert dialog.rules_combo.currentText() == "This game's: Even phases only, super wild"
    dialog.rules_combo.setCurrentIndex(dialog.rules_combo.findData("masters"))
    dialog.rules_combo.setCurrentIndex(0)
    assert dialog.rules == rules


def test_a_games_sheet_has_no_rules_choice(qtbot, tmp_path: Path) -> None:
    dialog = SheetDialog(_settings(tmp_path), game=_game())
    qtbot.addWidget(dialog)
    assert not dialog.rules_combo.isVisibleTo(dialog)


def test_the_sheet_language_is_chosen_remembered_and_printed(qtbot, tmp_path: Path) -> None:
    settings = _settings(tmp_path)
    first = SheetDialog(settings, game=_game())
    qtbot.addWidget(first)
    assert [first.language_combo.itemData(index) for index in range(6)] == list(LANGUAGES)
    first.language_combo.setCurrentIndex(first.language_combo.findData("de"))
    first.accept()
    request = first.request()
    assert request is not None
    assert request.language == "de"

    second = SheetDialog(_settings(tmp_path))
    qtbot.addWidget(second)
    assert second.language_combo.currentData() == "de"

    recorder = Recorder()
    path = recorder.printer(qtbot, settings).write(request, tmp_path / "de.pdf")
    assert path is not None
    text = _text(path)
    german = words("de")
    assert german("legend.phases") in text
    assert german("legend.card_values") in text
    assert words("en")("legend.card_values") not in text


@pytest.mark.qt_log_ignore("propagateSizeHints")
@pytest.mark.parametrize("printing", [True, False])
def test_enter_in_the_shown_dialog_presses_the_button_it_was_opened_for(
    qtbot, tmp_path: Path, printing: bool
) -> None:
    # Ctrl+P then Enter prints; Export Score Sheet then Enter saves the PDF. Neither cancels,
    # as they did when the dialog's first button (Cancel) took the default on showing.
    dialog = SheetDialog(_settings(tmp_path), game=_game(), printing=printing)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.print_button.isDefault() is printing
    assert dialog.ok_button.isDefault() is not printing
    qtbot.keyClick(dialog.focusWidget() or dialog, Qt.Key.Key_Return)
    request = dialog.request()
    assert request is not None
    assert request.to_printer is printing


def test_a_sheet_that_cannot_be_made_is_told_in_a_sentence(qtbot, tmp_path: Path) -> None:
    # The sheet's reasons are worded for `error:` lines; in a message box they begin with a
    # capital and end with a full stop, as every other message there does.
    recorder = Recorder()
    printer = recorder.printer(qtbot, _settings(tmp_path))
    game = Game(("Priya", "שרה כהן"), title="Friday night")
    request = SheetRequest(paper="a4", language="en", game=game)
    assert printer.write(request, tmp_path / "sheet.pdf") is None
    assert not (tmp_path / "sheet.pdf").exists()
    assert len(recorder.warnings) == 1
    warning = recorder.warnings[0]
    assert warning.startswith("The name ")
    assert "right to left" in warning
    assert warning.endswith(".")
