"""Single games read from and written to game files, as the command line does."""

from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget

from phase10_keeper.rules import Game, GameError, replay
from phase10_keeper.storage.gamefile import SUFFIX, GameFileError, read_game, write_game
from phase10_keeper.ui.prompts import Prompts


def _tr(text: str) -> str:
    return QCoreApplication.translate("GameFiles", text)


class GameTransferError(Exception):
    """A game file that cannot be imported or written; the text is shown as it is."""


def load_game_file(path: Path) -> tuple[Game, list[str]]:
    """Reads and replays a game file as the command line does: the game and its warnings.

    The messages match the command line's: "FILE: what is wrong".
    """
    try:
        game = read_game(path)
    except GameFileError as error:
        raise GameTransferError(f"{path}: {error}") from None
    try:
        result = replay(game)
    except GameError as error:
        raise GameTransferError(f"{path}: {error}") from None
    return game, [f"{path}: {warning}" for warning in result.warnings]


def save_game_file(path: Path, game: Game) -> None:
    try:
        write_game(path, game)
    except OSError as error:
        raise GameTransferError(
            _tr("Cannot write {0}: {1}").format(path, error.strerror or error)
        ) from None


def file_name_for(title: str) -> str:
    """A file name for a game: its title without characters file systems refuse."""
    safe = "".join("_" if char in '<>:"/\\|?*' or ord(char) < 32 else char for char in title)
    return (safe.strip(" .") or _tr("game")) + SUFFIX


def game_file_filter() -> str:
    return _tr("Phase 10 games (*{0});;All files (*)").format(SUFFIX)


def export_game(parent: QWidget, prompts: Prompts, game: Game, path: Path | None) -> Path | None:
    """Writes `game` to a game file, asking where unless `path` is given; the path written,
    or None if the user cancelled or the file could not be written (they were told why).
    """
    if path is None:
        path = prompts.save_path(
            parent, _tr("Export Game File"), file_name_for(game.title), game_file_filter()
        )
        if path is None:
            return None
    try:
        save_game_file(path, game)
    except GameTransferError as problem:
        prompts.warn(parent, _tr("Cannot Export the Game"), str(problem))
        return None
    return path
