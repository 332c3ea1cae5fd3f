"""The command line: `phase10-keeper` starts the app; subcommands work without a display."""

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from phase10_keeper import __version__
from phase10_keeper.rules import Game, GameError, GameState, Status, WinReason, replay
from phase10_keeper.storage.gamefile import GameFileError, read_game, standings_to_json

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
        reasons = {
            WinReason.ONLY_COMPLETER: "the only one to complete the last phase",
            WinReason.LOWEST_TOTAL_OF_COMPLETERS: "lowest total among those who completed "
            "the last phase",
            WinReason.LOWEST_TOTAL_AFTER_FIXED_HANDS: "lowest total after the last hand",
            WinReason.WENT_OUT_IN_REPLAY: "went out first in the tie-break replay hand",
        }
        reason = reasons[state.win_reason] if state.win_reason is not None else ""
        return f"{state.winner} wins ({reason})."
    if state.status is Status.TIEBREAK:
        names = state.tiebreak_players
        listed = ", ".join(names[:-1]) + f" and {names[-1]}"
        return (
            f"Tie at {state.tied_total} between {listed}: they replay the last phase; "
            f"whoever goes out first wins. {state.dealer} deals."
        )
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


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="phase10-keeper",
        description="Keeps score for Phase 10. With no command, starts the desktop app.",
    )
    parser.add_argument("--version", action="version", version=f"phase10-keeper {__version__}")
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
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        arguments = parser.parse_args(argv)
        if arguments.command is None:
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
