"""Page writes fail like a save: the library is asked first, a refusal is said through
the prompts, and an undo step is pushed only for what happened."""

import pytest

from phase10_keeper.storage.library import LibraryError
from phase10_keeper.storage.messages import LibraryKey

from .test_games_view import _library, _view

FULL = LibraryError(LibraryKey.DISK_FULL, path="library.sqlite3")


def _refuse(*_arguments: object) -> None:
    raise FULL


@pytest.mark.parametrize("write", ["delete", "rename"])
def test_a_refused_write_is_said_and_leaves_no_undo_step(qtbot, monkeypatch, write: str) -> None:
    view, library, answers = _view(qtbot, _library())
    game_id = library.list_games()[0].id
    before = library.list_games()
    view.select_game(game_id)
    answers.text_answer = "Renamed"
    monkeypatch.setattr(library, f"{write}_game", _refuse)
    getattr(view, f"{write}_selected")()
    assert answers.warnings == ["the disk that holds the game library library.sqlite3 is full"]
    assert view.undo_stack.count() == 0
    monkeypatch.undo()
    assert library.list_games() == before


def test_an_undo_the_library_refuses_is_said_and_leaves_the_stack(qtbot, monkeypatch) -> None:
    view, library, answers = _view(qtbot, _library())
    game_id = library.list_games()[0].id
    view.select_game(game_id)
    view.delete_selected()
    assert view.undo_stack.count() == 1
    monkeypatch.setattr(library, "restore_game", _refuse)
    view.undo_stack.undo()
    assert answers.warnings == ["the disk that holds the game library library.sqlite3 is full"]
    assert view.undo_stack.count() == 0
    assert game_id not in [game.id for game in library.list_games()]


def test_a_refused_import_is_said_and_adds_nothing(qtbot, monkeypatch, tmp_path) -> None:
    from phase10_keeper.storage.gamefile import write_game

    view, library, answers = _view(qtbot, _library())
    path = tmp_path / "game.phase10.json"
    write_game(path, library.load_game(library.list_games()[0].id))
    count = len(library.list_games())
    monkeypatch.setattr(library, "import_game", _refuse)
    assert view.import_file(path) is None
    assert answers.warnings == ["the disk that holds the game library library.sqlite3 is full"]
    assert len(library.list_games()) == count
