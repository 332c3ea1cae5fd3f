"""Starting the app: the library, reopening the last unfinished game, saving at once."""

from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog, QMessageBox

from phase10_keeper.rules import build_rules
from phase10_keeper.storage.library import Library, LibraryError
from phase10_keeper.ui import app
from phase10_keeper.ui.new_game_dialog import NewGameDialog

from .games import FOUR, game_with_hands, went_out


@pytest.fixture
def real_library(tmp_path: Path):
    library = Library.open(tmp_path / "data")
    yield library
    library.close()


def test_the_last_unfinished_game_is_reopened_and_every_change_saved(real_library) -> None:
    game = game_with_hands(FOUR, 2)
    game_id = real_library.add_game(game)
    real_library.set_last_open_game(game_id)
    session = app.open_session(real_library)
    assert session is not None
    assert session.game_id == game_id
    assert session.game == game
    session.record_hand(went_out(FOUR, "Kwame"))
    assert real_library.load_game(game_id).hands == session.game.hands
    session.undo_stack.undo()
    assert real_library.load_game(game_id).hands == game.hands


def test_a_finished_last_game_asks_for_a_new_one(real_library, monkeypatch) -> None:
    finished = game_with_hands(FOUR, 1, build_rules(target=1))
    real_library.set_last_open_game(real_library.add_game(finished))
    monkeypatch.setattr(NewGameDialog, "exec", lambda self: QDialog.DialogCode.Rejected)
    assert app.open_session(real_library) is None


def test_a_library_that_cannot_open_is_explained(monkeypatch) -> None:
    shown: list[str] = []

    def refuse(cls, data_dir=None):
        raise LibraryError("the library file is locked by another program")

    monkeypatch.setattr(Library, "open", classmethod(refuse))
    monkeypatch.setattr(
        QMessageBox, "critical", lambda parent, title, text, *rest: shown.append(text)
    )
    assert app.run([]) == 1
    assert "locked by another program" in shown[0]
