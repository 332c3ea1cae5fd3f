"""A rename across the library is one transaction, said when refused, and taken on by the
open game through its session: its undo history and what is typed in its form stay."""

import pytest

from phase10_keeper.rules import Game
from phase10_keeper.storage.library import Library, LibraryError
from phase10_keeper.storage.messages import LibraryKey
from phase10_keeper.ui.game.session import GameSession
from phase10_keeper.ui.main_window import MainWindow

from ..answers import Answers
from ..games import FOUR, went_out

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


@pytest.fixture
def window(qtbot):
    library = Library.open()
    library.add_game(Game(players=("Dana", "Bo"), title="Other table"))
    game_id = library.add_game(Game(players=FOUR, title="Friday night"))
    window = MainWindow(prompts=Answers())
    qtbot.addWidget(window)
    window.set_library(library)
    window.navigation.open_session(GameSession(library.load_game(game_id), library, game_id))
    window.show()
    yield window
    window.close()
    library.close()


def test_the_open_game_takes_on_the_rename_with_its_history_and_typing(window) -> None:
    session = window.pages.session
    session.record_hand(went_out(FOUR, "Priya"))
    session.record_hand(went_out(FOUR, "Dana"))
    form = window.pages.game_view.form
    form._rows[FOUR.index("Dana")].went_out.click()
    players = window.navigation.show_players()
    window.prompts.text_answer = "Dee"
    players.select_player("Dana")
    assert players.rename_selected("Dee")
    assert window.pages.session is session
    assert session.undo_stack.count() == 2
    assert session.game.players == ("Priya", "Marcus", "Kwame", "Dee")
    assert form.draft.went_out == "Dee"
    # Every game was renamed in the one transaction, and the open game's copy is current.
    library = window.library
    assert {name for game in library.list_games() for name in game.players} >= {"Dee"}
    assert "Dana" not in {name for game in library.list_games() for name in game.players}
    session.undo_stack.undo()
    assert session.game.players[3] == "Dee"
    assert session.game.hands[0].went_out == "Priya"
    assert window.status.save_label.text() == "Saved: “record hand 2” taken back"
    assert library.load_game(session.game_id).players[3] == "Dee"


def test_a_refused_rename_changes_no_game_and_pushes_no_undo(window, monkeypatch) -> None:
    players = window.navigation.show_players()
    library = window.library
    before = [library.load_game(game.id) for game in library.list_games()]

    def full(*_arguments: object) -> None:
        raise LibraryError(LibraryKey.DISK_FULL, path="library.sqlite3")

    monkeypatch.setattr(library, "rename_player", full)
    players.select_player("Dana")
    assert not players.rename_selected("Dee")
    assert window.prompts.warnings == [
        "the disk that holds the game library library.sqlite3 is full"
    ]
    assert players.undo_stack.count() == 0
    assert [library.load_game(game.id) for game in library.list_games()] == before
