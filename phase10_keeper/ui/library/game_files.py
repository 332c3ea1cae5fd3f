"""Single games read from and written to game files, as the command line does."""

from pathlib import Path

from PySide6.QtWidgets import QWidget

from phase10_keeper.rules import Game, GameError, replay
from phase10_keeper.storage.gamefile import SUFFIX, GameFileError, read_game, write_game
from phase10_keeper.ui.prompts import Prompts, ask_output_path
from phase10_keeper.ui.text.translate import error_said, problem_where, tr


class GameTransferError(Exception):
    """A game file that cannot be imported or written; the text is shown as it is."""


def load_game_file(path: Path) -> tuple[Game, list[str]]:
    """Reads and replays a game file as the command line does: the game and its warnings.

    The messages match the command line's: "FILE: what is wrong".
    """
    try:
        game = read_game(path)
    except GameFileError as error:
        raise GameTransferError(f"{path}: {error_said(error)}") from None
    try:
        result = replay(game)
    except GameError as error:
        raise GameTransferError(f"{path}: {problem_where(error.problems[0])}") from None
    return game, [f"{path}: {problem_where(warning)}" for warning in result.warnings]


def save_game_file(path: Path, game: Game) -> None:
    try:
        write_game(path, game)
    except OSError as error:
        raise GameTransferError(
            tr("files.cannot_write", path=path, reason=error.strerror or error)
        ) from None


def file_name_for(title: str) -> str:
    """A file name for a game: its title without characters file systems refuse."""
    safe = "".join("_" if char in '<>:"/\\|?*' or ord(char) < 32 else char for char in title)
    return (safe.strip(" .") or tr("files.untitled_name")) + SUFFIX


def game_file_filter() -> str:
    return tr("files.filter", suffix=SUFFIX)


def export_game(parent: QWidget, prompts: Prompts, game: Game, path: Path | None) -> Path | None:
    """Writes `game` to a game file, asking where unless `path` is given; the path written,
    or None if the user cancelled or the file could not be written (they were told why).
    """
    if path is None:
        path = ask_output_path(
            prompts, parent, tr("files.export_title"), file_name_for(game.title), game_file_filter()
        )
        if path is None:
            return None
    try:
        save_game_file(path, game)
    except GameTransferError as problem:
        prompts.warn(parent, tr("files.cannot_export"), str(problem))
        return None
    return path
