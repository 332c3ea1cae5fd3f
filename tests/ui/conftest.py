"""UI test set-up: settings in a temporary place, and an in-memory game library."""

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QLocale, QSettings
from PySide6.QtWidgets import QDialog, QFileDialog, QInputDialog, QMessageBox

from phase10_keeper.language import ENGLISH
from phase10_keeper.rules import Cards, Game, PlayerResult
from phase10_keeper.storage.unrecorded import Kept
from phase10_keeper.ui.text.translate import use_language


@pytest.fixture(autouse=True)
def _isolated_settings(tmp_path: Path, qapp: object) -> None:
    QCoreApplication.setOrganizationName("phase10-keeper-tests")
    QCoreApplication.setApplicationName("phase10-keeper-tests")
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path))


@pytest.fixture(autouse=True)
def _english_window() -> Iterator[None]:
    """A test that starts the window in another language leaves it English again."""
    yield
    use_language(ENGLISH)


@pytest.fixture(autouse=True)
def _nothing_left_frozen() -> Iterator[None]:
    """The app freezes what it builds at start out of the cycle collector's passes; in
    the tests, that is given back, so one test's garbage does not outlive it."""
    yield
    gc.unfreeze()


MODAL_ENTRY_POINTS = {
    QDialog: ("exec",),
    QMessageBox: ("exec", "information", "question", "warning", "critical", "about"),
    QFileDialog: ("getOpenFileName", "getSaveFileName", "getExistingDirectory"),
    QInputDialog: ("getText", "getInt", "getItem"),
}


@pytest.fixture(autouse=True)
def _modal_dialogs_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    """A modal dialog would wait forever for a click offscreen: make it fail instead."""

    def refuse(*_arguments: object, **_keywords: object) -> None:
        raise AssertionError("a test opened a modal dialog; drive it without exec()")

    for cls, names in MODAL_ENTRY_POINTS.items():
        for name in names:
            monkeypatch.setattr(cls, name, refuse)


@pytest.fixture
def german_locale() -> Iterator[QLocale]:
    """Dates and numbers written the German way (03.01.26, 2,5) for the test's length."""
    before = QLocale()
    german = QLocale(QLocale.Language.German, QLocale.Country.Germany)
    QLocale.setDefault(german)
    yield german
    QLocale.setDefault(before)


class MemoryLibrary:
    """Keeps games the way the window uses the library, and counts the saves."""

    def __init__(self) -> None:
        self.games: dict[int, Game] = {}
        self.saves = 0
        self.last_open: int | None = None
        self.fail_with: Exception | None = None
        self.kept: dict[int, Kept] = {}

    def checkpoint(self) -> None:
        pass

    def add_game(self, game: Game) -> int:
        game_id = len(self.games) + 1
        self.games[game_id] = game
        return game_id

    def import_game(self, game: Game) -> int:
        return self.add_game(game)

    def save_game(
        self, game_id: int, game: Game, replayed: object = None, *, revision: int | None = None
    ) -> None:
        if self.fail_with is not None:
            raise self.fail_with
        self.games[game_id] = game
        self.saves += 1

    def known_revision(self, game_id: int) -> int | None:
        """One window on this library: its copy is always the one stored."""
        return None

    def load_game(self, game_id: int) -> Game:
        return self.games[game_id]

    def take_replay(self, game_id: int, game: Game, replayed: object) -> None:
        """Nothing to keep: each save keeps the whole game."""

    def game_uid(self, game_id: int) -> str | None:
        """Each game's identity, made up once as the library's own is."""
        return f"00000000-0000-4000-8000-{game_id:012x}" if game_id in self.games else None

    def roster(self) -> list[str]:
        return sorted({name for game in self.games.values() for name in game.players})

    def last_open_game(self) -> int | None:
        return self.last_open

    def set_last_open_game(self, game_id: int | None) -> None:
        self.last_open = game_id

    def keep_unrecorded(self, game_id: int, typing: str | None, history: str | None) -> None:
        if typing is None and history is None:
            self.kept.pop(game_id, None)
        else:
            self.kept[game_id] = Kept(typing, history, ())

    def unrecorded(self, game_id: int) -> Kept:
        return self.kept.get(game_id, Kept(None, None, ()))


@pytest.fixture
def library() -> MemoryLibrary:
    return MemoryLibrary()


def result(made: bool, **cards: int) -> PlayerResult:
    return PlayerResult(made=made, cards=Cards(**cards))
