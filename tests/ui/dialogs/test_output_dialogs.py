"""The app's save dialogs check the file named as the command line checks its outputs: a
refusal is said, the dialog shows again, and nothing is written over."""

import os
import stat
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QWidget

from phase10_keeper.rules import Game, replay
from phase10_keeper.storage.library import LIBRARY_FILE, Library
from phase10_keeper.storage.paths import default_data_dir
from phase10_keeper.ui.dialogs.sheet_dialogs import SheetPrinter, SheetRequest
from phase10_keeper.ui.game.share_dialog import ShareDialog
from phase10_keeper.ui.library.games_view import GamesView
from phase10_keeper.ui.players.players_view import PlayersView
from phase10_keeper.ui.prompts import ask_output_path

from ..answers import Answers
from ..games import FOUR, game_with_hands


@pytest.fixture
def library():
    library = Library.open()
    library.add_game(game_with_hands(FOUR, 3))
    yield library
    library.close()


def _refused(tmp_path: Path) -> dict[str, Path]:
    """A path of each kind the dialogs refuse, and the library's own file."""
    folder = tmp_path / "folder"
    folder.mkdir()
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    protected = tmp_path / "protected.pdf"
    protected.write_bytes(b"kept")
    protected.chmod(stat.S_IRUSR)
    return {
        "library": default_data_dir() / LIBRARY_FILE,
        "folder": folder,
        "named pipe": pipe,
        "write-protected": protected,
    }


@pytest.mark.parametrize("kind", ["library", "folder", "named pipe", "write-protected"])
def test_a_refused_name_is_said_and_asked_again(qtbot, library, tmp_path: Path, kind) -> None:
    refused = _refused(tmp_path)[kind]
    answers = Answers()
    answers.save_answers = [refused, tmp_path / "good.json"]
    parent = QWidget()
    qtbot.addWidget(parent)
    path = ask_output_path(answers, parent, "Export", "game.json", "")
    assert path == tmp_path / "good.json"
    [warning] = answers.warnings
    assert warning.startswith(str(refused))
    # Shown again at the name refused, so nothing typed is lost.
    assert answers.asked == ["game.json", str(refused)]


def test_cancelling_after_a_refusal_writes_nothing(qtbot, library, tmp_path: Path) -> None:
    answers = Answers()
    answers.save_answers = [tmp_path, None]
    parent = QWidget()
    qtbot.addWidget(parent)
    assert ask_output_path(answers, parent, "Export", "game.json", "") is None
    assert len(answers.warnings) == 1


def test_a_symbolic_link_is_followed(qtbot, library, tmp_path: Path) -> None:
    target = tmp_path / "target.json"
    link = tmp_path / "link.json"
    link.symlink_to(target)
    answers = Answers()
    answers.save_answer = link
    parent = QWidget()
    qtbot.addWidget(parent)
    assert ask_output_path(answers, parent, "Export", "game.json", "") == target


def test_exporting_a_game_over_the_library_is_refused(qtbot, library, tmp_path: Path) -> None:
    live = library.path
    before = live.read_bytes()
    answers = Answers()
    answers.save_answers = [live, tmp_path / "friday"]
    view = GamesView(library, answers)
    qtbot.addWidget(view)
    view.table.selectRow(0)
    assert view.export_selected() == tmp_path / "friday"
    assert "is a game library" in answers.warnings[0]
    assert live.read_bytes() == before
    assert (tmp_path / "friday").read_text(encoding="utf-8").startswith("{")


def test_a_score_sheet_is_not_saved_over_a_folder(qtbot, tmp_path: Path) -> None:
    (tmp_path / "sheets.pdf").mkdir()
    answers = Answers()
    answers.save_answers = [tmp_path / "sheets", tmp_path / "friday"]
    parent = QWidget()
    qtbot.addWidget(parent)
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    printer = SheetPrinter(parent, settings, answers, open_url=answers.open_url)
    request = SheetRequest(paper="a4", game=Game(FOUR, title="Friday night"))
    # The suffix is added before the check: "sheets" would be written as "sheets.pdf".
    assert printer.ask_path(request) == tmp_path / "friday.pdf"
    assert answers.warnings == [
        f"{tmp_path / 'sheets.pdf'} is a folder; give the name of a file to write"
    ]


def test_a_result_card_is_not_saved_over_a_write_protected_file(qtbot, tmp_path: Path) -> None:
    protected = _refused(tmp_path)["write-protected"].with_suffix(".png")
    protected.write_bytes(b"kept")
    protected.chmod(stat.S_IRUSR)
    answers = Answers()
    answers.save_answers = [protected, tmp_path / "card"]
    game = game_with_hands(FOUR, 3)
    dialog = ShareDialog(game, replay(game), answers)
    qtbot.addWidget(dialog)
    assert dialog.save() == tmp_path / "card.png"
    assert "is write-protected" in answers.warnings[0]
    assert protected.read_bytes() == b"kept"


def test_a_chart_is_not_exported_over_the_library(qtbot, library, tmp_path: Path) -> None:
    live = library.path
    before = live.read_bytes()
    answers = Answers()
    answers.save_answers = [live, tmp_path / "phases.png"]
    view = PlayersView(library, answers)
    qtbot.addWidget(view)
    view.refresh()
    assert view.library_phases.export() == tmp_path / "phases.png"
    assert "is a game library" in answers.warnings[0]
    assert live.read_bytes() == before


def test_a_save_dialog_starts_in_the_documents_folder_then_in_the_last_one_used(
    qtbot, tmp_path: Path
) -> None:
    from PySide6.QtCore import QStandardPaths

    from phase10_keeper.ui.prompts import save_dialog_start

    documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    # Not in the folder the app happened to be started from.
    assert save_dialog_start("friday.json") == str(Path(documents) / "friday.json")
    answers = Answers()
    answers.save_answer = tmp_path / "kept" / "friday.json"
    (tmp_path / "kept").mkdir()
    parent = QWidget()
    qtbot.addWidget(parent)
    ask_output_path(answers, parent, "Export", "friday.json", "")
    assert save_dialog_start("sheet.pdf") == str(tmp_path / "kept" / "sheet.pdf")
    # A name that comes with its folder keeps it.
    assert save_dialog_start(str(tmp_path / "a.pdf")) == str(tmp_path / "a.pdf")
