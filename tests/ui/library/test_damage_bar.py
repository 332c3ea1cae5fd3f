"""The window says which saved games are damaged and left out of its lists, and offers
the library's newest good backup in their place."""

import os
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from phase10_keeper.rules import Game
from phase10_keeper.storage.library import LIBRARY_FILE, Library, good_backups
from phase10_keeper.storage.paths import DATA_DIR_VARIABLE as DATA_DIR
from phase10_keeper.ui.main_window import MainWindow
from phase10_keeper.ui.widgets.damage_bar import restore_newest_backup

from ...storage.samples import FakeClock
from ..answers import Answers

GAMES = ("Monday", "Friday night", "Sunday")
DAMAGE = """UPDATE games SET rules = '{"preset": "mattex"}' WHERE id = 2"""


def _damaged_library(*, backed_up: bool) -> Path:
    """A library of three games whose second is damaged; with `backed_up`, a backup made
    a day later holds it whole; without, the library has no backup before the window's."""
    clock = FakeClock()
    with Library.open(clock=clock) as library:
        for title in GAMES:
            library.add_game(Game(("Priya", "Marcus"), title=title))
        if backed_up:
            clock.advance(days=2)
            library.rename_game(3, GAMES[2])
        else:
            for backup in library.backups():
                backup.unlink()
        path = library.path
    with closing(sqlite3.connect(path)) as database:
        database.execute(DAMAGE)
        database.commit()
    path.with_name(LIBRARY_FILE + ".as-left").unlink(missing_ok=True)
    return path


@pytest.fixture
def window(qtbot):
    windows: list[MainWindow] = []

    def opened(answers: Answers) -> MainWindow:
        window = MainWindow(Library.open(), prompts=answers)
        qtbot.addWidget(window)
        windows.append(window)
        return window

    yield opened
    for window in windows:
        assert window.library is not None
        window.library.close()


def test_the_library_page_names_the_damaged_game_above_the_list(window) -> None:
    _damaged_library(backed_up=False)
    shown = window(Answers())
    shown.navigation.show_library()
    view = shown.pages.games_view
    assert view is not None
    assert [view.model.summary(row).title for row in range(view.model.rowCount())] == [
        "Sunday",
        "Monday",
    ]
    assert not view.damage_bar.isHidden()
    assert view.damage_bar.text.text() == "1 saved game is damaged and left out: game 2."
    assert "its rules is not what the app writes" in view.damage_bar.toolTip()


def test_the_start_and_players_pages_say_so_too(window) -> None:
    _damaged_library(backed_up=False)
    shown = window(Answers())
    assert shown.pages.start_view is not None
    assert not shown.pages.start_view.damage_bar.isHidden()
    assert shown.pages.start_view.damage_bar.text.text() == (
        "1 saved game is damaged and left out: game 2."
    )
    players = shown.navigation.show_players()
    assert not players.damage_bar.isHidden()
    assert players.damage_bar.text.text() == (
        "1 saved game is damaged and left out of these statistics: game 2."
    )


def test_a_library_without_damage_shows_no_bar(window) -> None:
    with Library.open() as library:
        library.add_game(Game(("Priya", "Marcus"), title="Monday"))
    shown = window(Answers())
    shown.navigation.show_library()
    assert shown.pages.start_view is not None
    assert shown.pages.games_view is not None
    assert shown.pages.start_view.damage_bar.isHidden()
    assert shown.pages.games_view.damage_bar.isHidden()


def test_restoring_puts_the_newest_backup_in_place_and_keeps_the_damaged_file(window) -> None:
    path = _damaged_library(backed_up=True)
    damaged_bytes = path.read_bytes()
    answers = Answers()
    shown = window(answers)
    shown.navigation.show_library()
    view = shown.pages.games_view
    assert view is not None
    view.damage_bar.restore_button.click()
    assert any("Backups in" in question for question in answers.asked)
    assert shown.library is not None
    assert sorted(game.title for game in shown.library.list_games()) == sorted(GAMES)
    assert shown.library.damaged_games() == []
    shown.navigation.show_library()
    assert view.model.rowCount() == 3
    assert view.damage_bar.isHidden()
    [aside] = (path.parent / "damaged").iterdir()
    assert (aside / LIBRARY_FILE).read_bytes() == damaged_bytes


def test_declining_changes_nothing(window) -> None:
    path = _damaged_library(backed_up=True)
    answers = Answers()
    answers.confirm_answer = False
    shown = window(answers)
    library = shown.library
    assert library is not None
    assert not restore_newest_backup(shown)
    assert shown.library is library
    assert [game.id for game in library.list_games()] == [3, 1]
    assert not (path.parent / "damaged").exists()


def test_without_a_backup_the_window_says_so(window, monkeypatch) -> None:
    _damaged_library(backed_up=False)
    answers = Answers()
    shown = window(answers)
    library = shown.library
    assert library is not None
    monkeypatch.setattr(library, "backups", list)
    assert not restore_newest_backup(shown)
    assert answers.warnings == [
        "There is no good backup to restore. The damaged games stay left out; "
        "the other games are unharmed."
    ]
    assert shown.library is library


class _Refused:
    """Stands in for `Library.open_from_backup` and `Library.open`: refuses the first
    `refusals` calls, then does what the real one does."""

    def __init__(self, real, refusals: int) -> None:
        self.real = real
        self.refusals = refusals
        self.given: list[object] = []

    def __call__(self, *args, **keywords):
        from phase10_keeper.storage.library import LibraryError
        from phase10_keeper.storage.messages import LibraryKey

        self.given.append(args[0] if args else None)
        if len(self.given) <= self.refusals:
            raise LibraryError(LibraryKey.CANNOT_READ, path="library.sqlite3", reason="refused")
        return self.real(*args, **keywords)


def _refuse(monkeypatch, *, restores: int, opens: int) -> tuple[_Refused, _Refused, list[int]]:
    restore = _Refused(Library.open_from_backup, restores)
    reopen = _Refused(Library.open, opens)
    monkeypatch.setattr(Library, "open_from_backup", restore)
    monkeypatch.setattr(Library, "open", reopen)
    exits: list[int] = []
    monkeypatch.setattr("PySide6.QtWidgets.QApplication.exit", exits.append)
    return restore, reopen, exits


def test_a_library_that_cannot_be_reopened_is_said_and_the_backups_offered_again(
    qtbot, monkeypatch
) -> None:
    """The restore is refused and the library will not open again either: the window
    lets go of the closed library, says it cannot be opened, offers each good backup,
    and quits as the app does at start once they are declined."""
    _damaged_library(backed_up=True)
    answers = Answers()
    shown = MainWindow(Library.open(), prompts=answers)
    qtbot.addWidget(shown)
    restore, _, exits = _refuse(monkeypatch, restores=10, opens=10)
    assert restore_newest_backup(shown) is False
    assert shown.library is None
    assert exits == [1]
    assert any(
        question.startswith("The game library cannot be opened:") and "Backups in" in question
        for question in answers.asked
    )
    # The newest backup was refused once; then each good backup is offered once.
    offered = restore.given[1:]
    assert len(offered) == len(set(offered)) == len(good_backups(Path(os.environ[DATA_DIR])))
    assert offered


class _Scripted(Answers):
    def __init__(self, *confirmed: bool) -> None:
        super().__init__()
        self.confirmed = list(confirmed)

    def confirm(self, *args, **keywords) -> bool:
        super().confirm(*args, **keywords)
        return self.confirmed.pop(0)


def test_declining_the_backups_again_quits_without_a_library_in_use(qtbot, monkeypatch) -> None:
    _damaged_library(backed_up=True)
    answers = _Scripted(True, False)
    shown = MainWindow(Library.open(), prompts=answers)
    qtbot.addWidget(shown)
    _, _, exits = _refuse(monkeypatch, restores=1, opens=10)
    assert restore_newest_backup(shown) is False
    assert shown.library is None
    assert exits == [1]
    assert answers.confirmed == []


def test_a_backup_taken_when_the_library_cannot_be_reopened_is_used(qtbot, monkeypatch) -> None:
    _damaged_library(backed_up=True)
    answers = Answers()
    shown = MainWindow(Library.open(), prompts=answers)
    qtbot.addWidget(shown)
    _, _, exits = _refuse(monkeypatch, restores=1, opens=1)
    assert restore_newest_backup(shown) is True
    assert exits == []
    assert shown.library is not None
    try:
        assert sorted(game.title for game in shown.library.list_games()) == sorted(GAMES)
        assert shown.pages.games_view is None or shown.pages.games_view.library is shown.library
    finally:
        shown.library.close()
