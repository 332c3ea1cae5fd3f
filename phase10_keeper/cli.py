"""The command line: `phase10-keeper` starts the app; subcommands work without a display."""

import argparse
import json
import os
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn

from phase10_keeper import __version__
from phase10_keeper.rules import Game, GameError, GameState, Status, replay
from phase10_keeper.rules.wording import tie_sentence, win_reason
from phase10_keeper.storage.gamefile import (
    GameFileError,
    read_game,
    standings_to_json,
    write_game,
)
from phase10_keeper.storage.library import GameSummary, Library, LibraryError
from phase10_keeper.storage.paths import DATA_DIR_VARIABLE

EXIT_OK = 0
EXIT_BAD_INPUT = 2


class UsageError(Exception):
    """Bad input from the command line: reported as one `error:` line, exit 2."""


def one_line(text: str) -> str:
    """`text` fit for one `error:` or `warning:` line: names in a file may hold line breaks."""
    return " ".join(text.splitlines())


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def _load(path: str) -> Game:
    try:
        return read_game(Path(path))
    except GameFileError as error:
        raise UsageError(f"{path}: {error}") from None


def _replayed(game: Game, path: str) -> GameState:
    try:
        result = replay(game)
    except GameError as error:
        raise UsageError(f"{path}: {error}") from None
    for warning in result.warnings:
        print(one_line(f"warning: {path}: {warning}"), file=sys.stderr)
    return result.final


def status_line(state: GameState) -> str:
    """One sentence on where the game stands: who won, who must replay, or who deals."""
    if state.status is Status.FINISHED:
        return f"{state.winner} wins: {win_reason(state)}."
    if state.status is Status.TIEBREAK:
        return tie_sentence(state)
    return f"Hand {state.hand_number}: {state.dealer} deals, {state.first_player} plays first."


def standings_table(game: Game, state: GameState) -> str:
    rows = [("Seat", "Player", "Phase", "Done", "Total")]
    for player in state.players:
        phase = state.next_phase(player.name)
        if phase is not None:
            phase_text = phase.title()
        elif state.status is Status.IN_PROGRESS:
            phase_text = "chooses a phase"
        else:
            phase_text = "-"
        rows.append(
            (
                str(player.seat + 1),
                player.name,
                phase_text,
                str(len(player.completed)),
                str(player.total),
            )
        )
    widths = [max(len(row[column]) for row in rows) for column in range(5)]
    lines = []
    title = game.title or "Phase 10"
    played = state.hands_played
    lines.append(f"{title} · {game.rules.describe()} · {played} hand{'s' if played != 1 else ''}")
    lines.append("")
    for index, row in enumerate(rows):
        cells = [
            row[0].rjust(widths[0]),
            row[1].ljust(widths[1]),
            row[2].ljust(widths[2]),
            row[3].rjust(widths[3]),
            row[4].rjust(widths[4]),
        ]
        lines.append("  ".join(cells).rstrip())
        if index == 0:
            lines.append("  ".join("-" * width for width in widths))
    lines.append("")
    lines.append(status_line(state))
    return "\n".join(lines)


def _standings(arguments: argparse.Namespace) -> int:
    game = _load(arguments.game)
    state = _replayed(game, arguments.game)
    if arguments.json:
        # ASCII escapes keep the JSON valid UTF-8 whatever encoding the console uses.
        print(json.dumps(standings_to_json(state)))
    else:
        print(standings_table(game, state))
    return EXIT_OK


def _player_count(text: str) -> int:
    try:
        count = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 1 <= count <= 6:
        raise argparse.ArgumentTypeError(f"a sheet has 1 to 6 player rows, not {count}")
    return count


def _sheet(arguments: argparse.Namespace) -> int:
    from phase10_keeper.sheet import Paper, SheetError, default_paper, write_score_sheet

    game = None
    if arguments.game is not None:
        game = _load(arguments.game)
        _replayed(game, arguments.game)
        if arguments.players is not None or arguments.names is not None:
            raise UsageError("--players and --names are for blank sheets, not with --game")
    names: list[str] = []
    if arguments.names is not None:
        names = [name.strip() for name in arguments.names.split(",")]
        if any(not name for name in names):
            raise UsageError("--names has an empty name; separate names with single commas")
        if len(names) > 6:
            raise UsageError(f"a sheet has room for 6 players, not {len(names)}")
    paper = Paper(arguments.paper) if arguments.paper is not None else default_paper()
    try:
        write_score_sheet(
            Path(arguments.out),
            game=game,
            names=names,
            rows=arguments.players or 6,
            paper=paper,
        )
    except SheetError as error:
        raise UsageError(str(error)) from None
    except OSError as error:
        raise UsageError(f"cannot write {arguments.out}: {error.strerror or error}") from None
    return EXIT_OK


def _game_id(text: str) -> int:
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a game id (a whole number)") from None
    if number < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a game id: ids start at 1")
    return number


@contextmanager
def _library(arguments: argparse.Namespace) -> Iterator[Library]:
    data_dir = Path(arguments.data_dir) if arguments.data_dir is not None else None
    try:
        with Library.open(data_dir) as library:
            yield library
    except LibraryError as error:
        raise UsageError(str(error)) from None


def _summary_to_json(game: GameSummary) -> dict[str, Any]:
    return {
        "id": game.id,
        "title": game.title,
        "started": game.started,
        "finished": game.finished,
        "players": list(game.players),
        "hands": game.hands,
        "status": game.status.value,
        "winner": game.winner,
    }


def _game_status(game: GameSummary) -> str:
    if game.status is Status.FINISHED:
        return f"{game.winner} won" if game.winner else "finished"
    if game.status is Status.TIEBREAK:
        return "tie-break"
    return "in progress"


def games_table(games: Sequence[GameSummary]) -> str:
    """The library's games as a table, one row each, in the order given."""
    rows = [("ID", "Date", "Title", "Players", "Hands", "Status")]
    for game in games:
        rows.append(
            (
                str(game.id),
                (game.started or game.created)[:10],
                one_line(game.title) or "-",
                one_line(", ".join(game.players)),
                str(game.hands),
                _game_status(game),
            )
        )
    widths = [max(len(row[column]) for row in rows) for column in range(6)]
    right = {0, 4}
    lines = []
    for index, row in enumerate(rows):
        cells = [
            cell.rjust(width) if column in right else cell.ljust(width)
            for column, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  ".join(cells).rstrip())
        if index == 0:
            lines.append("  ".join("-" * width for width in widths))
    return "\n".join(lines)


def _games_list(arguments: argparse.Namespace) -> int:
    with _library(arguments) as library:
        games = library.list_games()
    if arguments.json:
        print(json.dumps({"games": [_summary_to_json(game) for game in games]}))
    elif games:
        print(games_table(games))
    else:
        print("The library has no games yet.")
    return EXIT_OK


def _games_import(arguments: argparse.Namespace) -> int:
    # The game is checked before the library is even opened: a bad file changes nothing.
    game = _load(arguments.file)
    _replayed(game, arguments.file)
    with _library(arguments) as library:
        game_id = library.add_game(game)
    print(game_id)
    return EXIT_OK


def _games_export(arguments: argparse.Namespace) -> int:
    with _library(arguments) as library:
        game = library.load_game(arguments.id)
    try:
        write_game(Path(arguments.file), game)
    except OSError as error:
        raise UsageError(f"cannot write {arguments.file}: {error.strerror or error}") from None
    return EXIT_OK


def _games_show(arguments: argparse.Namespace) -> int:
    with _library(arguments) as library:
        game = library.load_game(arguments.id)
    state = _replayed(game, f"game {arguments.id}")
    if arguments.json:
        print(json.dumps(standings_to_json(state)))
    else:
        print(standings_table(game, state))
    return EXIT_OK


def _add_games_commands(commands: "argparse._SubParsersAction[_Parser]") -> None:
    games = commands.add_parser(
        "games", help="the game library: list, import, export or show its games"
    )
    actions = games.add_subparsers(
        dest="games_command", metavar="COMMAND", parser_class=_Parser, required=True
    )
    listing = actions.add_parser("list", help="list the games, newest first")
    listing.add_argument("--json", action="store_true", help="print one JSON object")
    listing.set_defaults(run=_games_list)

    importing = actions.add_parser("import", help="add a game file to the library")
    importing.add_argument("file", metavar="FILE", help="a phase10-keeper game file")
    importing.set_defaults(run=_games_import)

    exporting = actions.add_parser("export", help="write a game from the library to a file")
    exporting.add_argument("id", type=_game_id, metavar="ID", help="the game's id")
    exporting.add_argument("file", metavar="FILE", help="the game file to write")
    exporting.set_defaults(run=_games_export)

    showing = actions.add_parser("show", help="print a game's standings, as `standings` does")
    showing.add_argument("id", type=_game_id, metavar="ID", help="the game's id")
    showing.add_argument("--json", action="store_true", help="print one JSON object")
    showing.set_defaults(run=_games_show)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="phase10-keeper",
        description="Keeps score for Phase 10. With no command, starts the desktop app.",
    )
    parser.add_argument("--version", action="version", version=f"phase10-keeper {__version__}")
    parser.add_argument(
        "--data-dir",
        metavar="DIR",
        help=f"the game library's folder (default: ${DATA_DIR_VARIABLE}, else your data folder)",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    standings = commands.add_parser("standings", help="replay a game file and print the standings")
    standings.add_argument("game", metavar="GAME.json", help="a phase10-keeper game file")
    standings.add_argument("--json", action="store_true", help="print one JSON object")
    standings.set_defaults(run=_standings)

    sheet = commands.add_parser("sheet", help="write the printable score sheet as a PDF")
    sheet.add_argument("out", metavar="OUT.pdf", help="where to write the PDF")
    sheet.add_argument("--game", metavar="GAME.json", help="fill the sheet from this game")
    rows = sheet.add_mutually_exclusive_group()
    rows.add_argument(
        "--players", type=_player_count, metavar="N", help="blank rows to print (default 6)"
    )
    rows.add_argument("--names", metavar="A,B,...", help="print these names on a blank sheet")
    sheet.add_argument(
        "--paper", choices=["letter", "a4"], help="paper size (default: from your locale)"
    )
    sheet.set_defaults(run=_sheet)

    _add_games_commands(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        arguments = parser.parse_args(argv)
        if arguments.command is None:
            if arguments.data_dir is not None:
                # The app finds its library through the environment, as it does when
                # started from a launcher.
                os.environ[DATA_DIR_VARIABLE] = arguments.data_dir
            return main_gui()
        result: int = arguments.run(arguments)
        return result
    except UsageError as error:
        print(one_line(f"error: {error}"), file=sys.stderr)
        return EXIT_BAD_INPUT


def main_gui() -> int:
    """Starts the desktop app (the entry point that opens no console on Windows)."""
    from phase10_keeper.ui.app import run

    return run(sys.argv)
