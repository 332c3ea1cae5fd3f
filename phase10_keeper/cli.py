"""The command line: `phase10-keeper` starts the app; subcommands work without a display."""

import argparse
import json
import logging
import os
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from phase10_keeper import __version__
from phase10_keeper.language import LANGUAGES
from phase10_keeper.storage.paths import DATA_DIR_VARIABLE

# The rules, the library and the statistics are imported by the commands that use them:
# `phase10-keeper` without a command starts the app, whose window should not wait for them.
if TYPE_CHECKING:
    from phase10_keeper.rules import Game, GameState, Preset, Replay
    from phase10_keeper.stats import LibraryStats, PhaseTally, PlayerStats
    from phase10_keeper.storage.library import GameSummary, Library

EXIT_OK = 0
EXIT_BAD_INPUT = 2
_LARGEST_ID = 2**63 - 1
"""The largest integer SQLite stores, so the largest id a library can hold."""


class UsageError(Exception):
    """Bad input from the command line: reported as one `error:` line, exit 2."""


# Controls (C0, DEL, C1) and the bidirectional overrides and isolates: a terminal acts
# on them (retitles itself, clears the screen, reverses text) instead of showing them.
_TERMINAL_ACTIVE = [
    *range(0x20),
    *range(0x7F, 0xA0),
    *range(0x202A, 0x202F),
    *range(0x2066, 0x206A),
]
_ESCAPED = {code: chr(code).encode("unicode_escape").decode("ascii") for code in _TERMINAL_ACTIVE}


def shown(text: str) -> str:
    """`text` as the terminal should show it: control characters written as escapes, the
    way error lines write names with repr, so no name or title can act on the terminal.
    """
    # Every character escaped is one str.isprintable refuses; most texts have none.
    return text if text.isprintable() else text.translate(_ESCAPED)


def one_line(text: str) -> str:
    """`text` fit for one `error:` or `warning:` line: names in a file may hold line breaks
    and control characters.
    """
    return shown(" ".join(text.splitlines()))


def _separator() -> str:
    """The dot between the parts of a table's heading, where the console can print it."""
    try:
        " · ".encode(sys.stdout.encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return " - "
    return " · "


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def _load(path: str) -> "Game":
    from phase10_keeper.storage.gamefile import GameFileError, read_game

    try:
        return read_game(Path(path))
    except GameFileError as error:
        raise UsageError(f"{path}: {error}") from None


def _replayed(game: "Game", path: str) -> "Replay":
    """The game replayed, its warnings printed; UsageError if it cannot be."""
    from phase10_keeper.rules import GameError, replay

    try:
        result = replay(game)
    except GameError as error:
        raise UsageError(f"{path}: {error}") from None
    for warning in result.warnings:
        print(one_line(f"warning: {path}: {warning}"), file=sys.stderr)
    return result


def status_line(state: "GameState") -> str:
    """One sentence on where the game stands: who won, who must replay, or who deals."""
    from phase10_keeper.language import words
    from phase10_keeper.language.wording import tie_sentence, win_reason
    from phase10_keeper.rules import Status

    if state.status is Status.FINISHED:
        return f"{state.winner} wins: {win_reason(words(), state)}."
    if state.status is Status.TIEBREAK:
        return tie_sentence(words(), state)
    return f"Hand {state.hand_number}: {state.dealer} deals, {state.first_player} plays first."


def standings_table(game: "Game", state: "GameState") -> str:
    from phase10_keeper.rules import Status

    rows = [("Seat", "Player", "Phase", "Done", "Total")]
    for player in state.players:
        phase = state.next_phase(player.name)
        if not player.seated:
            phase_text = f"left before hand {player.left_before}"
        elif phase is not None:
            phase_text = phase.title()
        elif state.status is Status.IN_PROGRESS:
            phase_text = "chooses a phase"
        else:
            phase_text = "-"
        rows.append(
            (
                str(player.seat + 1),
                shown(player.name),
                phase_text,
                str(len(player.completed)),
                str(player.total),
            )
        )
    widths = [max(len(row[column]) for row in rows) for column in range(5)]
    lines = []
    title = shown(game.title) or "Phase 10"
    played = state.hands_played
    dot = _separator()
    lines.append(
        f"{title}{dot}{game.rules.describe()}{dot}{played} hand{'s' if played != 1 else ''}"
    )
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
    lines.append(shown(status_line(state)))
    return "\n".join(lines)


def _standings(arguments: argparse.Namespace) -> int:
    from phase10_keeper.storage.gamefile import standings_to_json

    game = _load(arguments.game)
    state = _replayed(game, arguments.game).final
    if arguments.json:
        # ASCII escapes keep the JSON valid UTF-8 whatever encoding the console uses.
        print(json.dumps(standings_to_json(state)))
    else:
        print(standings_table(game, state))
    return EXIT_OK


def _typed_text(text: str) -> str:
    """Text from the command line as the user typed it. Where Python decoded the
    arguments as ASCII (a C locale without UTF-8 mode), other bytes arrive as lone
    surrogates; UTF-8 is what terminals send, so they are read as UTF-8 when they can be.
    """
    try:
        return os.fsencode(text).decode("utf-8")
    except (UnicodeError, ValueError):
        return text


def _player_count(text: str) -> int:
    try:
        count = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 1 <= count <= 6:
        raise argparse.ArgumentTypeError(f"a sheet has 1 to 6 player rows, not {count}")
    return count


PRESETS_HELP = "mattel, masters, even, odd, short or fixed-hands"
"""The rules presets, written out: naming them from the rules would make every command,
the app's start included, wait for the rules to be imported."""


def _preset(text: str) -> "Preset":
    from phase10_keeper.rules import Preset

    try:
        return Preset(text)
    except ValueError:
        raise UsageError(f"--rules is one of {PRESETS_HELP}, not {text!r}") from None


def _sheet(arguments: argparse.Namespace) -> int:
    from phase10_keeper.language import system_language
    from phase10_keeper.rules import Preset, clean_name, name_problem, preset_rules
    from phase10_keeper.sheet import Paper, SheetError, default_paper, write_score_sheet

    game = replayed = None
    if arguments.game is not None:
        game = _load(arguments.game)
        replayed = _replayed(game, arguments.game)
        if arguments.players is not None or arguments.names is not None:
            raise UsageError("--players and --names are for blank sheets, not with --game")
        if arguments.rules is not None:
            raise UsageError("--rules is for blank sheets; a game brings its own rules")
    names: list[str] = []
    if arguments.names is not None:
        names = [clean_name(name) for name in _typed_text(arguments.names).split(",")]
        if any(not name for name in names):
            raise UsageError("--names has an empty name; separate names with single commas")
        if len(names) > 6:
            raise UsageError(f"a sheet has room for 6 players, not {len(names)}")
        for name in names:
            problem = name_problem(name)
            if problem is not None:
                raise UsageError(f"--names: {problem}")
    paper = Paper(arguments.paper) if arguments.paper is not None else default_paper()
    try:
        write_score_sheet(
            Path(arguments.out),
            game=game,
            names=names,
            rows=arguments.players or 6,
            paper=paper,
            replayed=replayed,
            rules=preset_rules(_preset(arguments.rules or Preset.MATTEL)),
            language=arguments.lang or system_language(),
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
    if number > _LARGEST_ID:
        raise argparse.ArgumentTypeError(f"{text!r} is not a game id: it is too large")
    return number


@contextmanager
def _library(arguments: argparse.Namespace, *, read_only: bool = False) -> Iterator["Library"]:
    """The library; `read_only` for commands that only read it, so they work in a folder
    the user cannot write and leave it exactly as it was.
    """
    from phase10_keeper.storage.library import Library, LibraryDamaged, LibraryError

    data_dir = Path(arguments.data_dir) if arguments.data_dir is not None else None
    try:
        with Library.open(data_dir, read_only=read_only) as library:
            yield library
    except LibraryDamaged as error:
        # Restoring is a choice made in the app, which lists the backups and what each holds.
        raise UsageError(f"{error}; start the app to restore a backup") from None
    except LibraryError as error:
        raise UsageError(str(error)) from None


def _summary_to_json(game: "GameSummary") -> dict[str, Any]:
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


def _game_status(game: "GameSummary") -> str:
    from phase10_keeper.rules import Status

    if game.status is Status.FINISHED:
        return f"{game.winner} won" if game.winner else "finished"
    if game.status is Status.TIEBREAK:
        return "tie-break"
    return "in progress"


def games_table(games: Sequence["GameSummary"]) -> str:
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
                one_line(_game_status(game)),
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
    with _library(arguments, read_only=True) as library:
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
    replayed = _replayed(game, arguments.file)
    with _library(arguments) as library:
        game_id = library.add_game(game, replayed)
    print(game_id)
    return EXIT_OK


def _games_export(arguments: argparse.Namespace) -> int:
    from phase10_keeper.storage.gamefile import write_game

    with _library(arguments, read_only=True) as library:
        game = library.load_game(arguments.id)
    try:
        write_game(Path(arguments.file), game)
    except OSError as error:
        raise UsageError(f"cannot write {arguments.file}: {error.strerror or error}") from None
    return EXIT_OK


def _games_show(arguments: argparse.Namespace) -> int:
    from phase10_keeper.storage.gamefile import standings_to_json

    with _library(arguments, read_only=True) as library:
        game = library.load_game(arguments.id)
    state = _replayed(game, f"game {arguments.id}").final
    if arguments.json:
        print(json.dumps(standings_to_json(state)))
    else:
        print(standings_table(game, state))
    return EXIT_OK


def _percent(share: float) -> str:
    return f"{round(share * 100)}%"


def _table(rows: Sequence[Sequence[str]], left: set[int]) -> list[str]:
    """Rows as aligned columns under a ruled header; columns in `left` align left."""
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    lines = []
    for index, row in enumerate(rows):
        cells = [
            cell.ljust(width) if column in left else cell.rjust(width)
            for column, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  ".join(cells).rstrip())
        if index == 0:
            lines.append("  ".join("-" * width for width in widths))
    return lines


def _phase_words(tally: "PhaseTally | None") -> str:
    if tally is None:
        return "-"
    return f"{tally.label} ({tally.made} of {tally.attempts})"


def stats_table(stats: "LibraryStats", players: Sequence["PlayerStats"]) -> str:
    """The statistics as text: a row per player and, for one player, their phases and
    head-to-head records."""
    finished = f"{stats.finished} finished"
    lines = [f"{stats.games} game{'s' if stats.games != 1 else ''} in the library, {finished}.", ""]
    rows = [("Player", "Games", "Wins", "Win rate", "Hands", "Points/hand", "Out", "Hardest")]
    for player in players:
        rows.append(
            (
                one_line(player.name),
                str(player.games),
                str(player.wins),
                _percent(player.win_rate) if player.finished else "-",
                str(player.hands),
                f"{player.points_per_hand:.1f}" if player.hands else "-",
                str(player.went_out),
                _phase_words(player.hardest_phase),
            )
        )
    lines += _table(rows, left={0, 7})
    if len(players) == 1:
        (player,) = players
        lines += ["", f"Phases of {one_line(player.name)}:"]
        lines += _table(
            [("Phase", "Attempts", "Made", "Share")]
            + [
                (str(tally.label), str(tally.attempts), str(tally.made), _percent(tally.share))
                for tally in player.phases
            ],
            left=set(),
        )
        if player.head_to_head:
            lines += ["", "Head to head (finished games together):"]
            lines += _table(
                [("Against", "Games", "Ahead", "Behind")]
                + [
                    (one_line(row.opponent), str(row.games), str(row.ahead), str(row.behind))
                    for row in player.head_to_head
                ],
                left={0},
            )
    else:
        hardest = stats.hardest_phase
        if hardest is not None:
            lines += [
                "",
                f"Hardest phase over all games: phase {hardest.label}, made in "
                f"{_percent(hardest.share)} of {hardest.attempts} attempts.",
            ]
    return "\n".join(lines)


def _stats(arguments: argparse.Namespace) -> int:
    from phase10_keeper.stats import stats_of_records, stats_to_json
    from phase10_keeper.storage.stats_cache import game_records

    with _library(arguments, read_only=True) as library:
        records, warnings = game_records(library)
    for warning in warnings:
        print(one_line(f"warning: {warning}"), file=sys.stderr)
    stats = stats_of_records([record for _, record in records])
    players: Sequence[PlayerStats] = stats.players
    if arguments.player is not None:
        player = stats.player(arguments.player)
        if player is None:
            raise UsageError(f"no game in the library has a player called {arguments.player!r}")
        players = [player]
    if arguments.json:
        print(json.dumps(stats_to_json(stats, players)))
    elif not stats.games:
        print("The library has no games yet.")
    else:
        print(stats_table(stats, players))
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
    sheet.add_argument(
        "--rules",
        metavar="PRESET",
        help="a blank sheet's phases and rule text: " + PRESETS_HELP + " (default mattel)",
    )
    sheet.add_argument(
        "--lang",
        choices=list(LANGUAGES),
        help="the sheet's language (default: yours where spoken here, else English)",
    )
    sheet.set_defaults(run=_sheet)

    _add_games_commands(commands)

    stats = commands.add_parser(
        "stats", help="statistics of every player over the games in the library"
    )
    stats.add_argument("--player", metavar="NAME", help="only this player (ignoring case)")
    stats.add_argument("--json", action="store_true", help="print one JSON object")
    stats.set_defaults(run=_stats)
    return parser


def _degrade_console() -> None:
    """Text the console's encoding cannot hold comes out as escapes (Zo\\xeb), not as a
    crash: a C locale without UTF-8 mode gives Python an ASCII console.
    """
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and (stream.encoding or "").lower() not in ("utf-8", "utf8"):
            reconfigure(errors="backslashreplace")


class _WarningLines(logging.Handler):
    """What the program logs as a warning, as `warning:` lines on stderr."""

    def emit(self, record: logging.LogRecord) -> None:
        print(one_line(f"warning: {record.getMessage()}"), file=sys.stderr)


def _report_warnings() -> None:
    logger = logging.getLogger("phase10_keeper")
    if not any(isinstance(handler, _WarningLines) for handler in logger.handlers):
        logger.addHandler(_WarningLines(logging.WARNING))


def main(argv: Sequence[str] | None = None) -> int:
    _degrade_console()
    parser = build_parser()
    try:
        arguments = parser.parse_args(argv)
        if arguments.command is None:
            if arguments.data_dir is not None:
                # The app finds its library through the environment, as it does when
                # started from a launcher.
                os.environ[DATA_DIR_VARIABLE] = arguments.data_dir
            return main_gui()
        _report_warnings()
        result: int = arguments.run(arguments)
        # Flushed here, so a reader that stopped early is met below and not at exit.
        sys.stdout.flush()
        return result
    except UsageError as error:
        print(one_line(f"error: {error}"), file=sys.stderr)
        return EXIT_BAD_INPUT
    except MemoryError:
        print("error: not enough memory to do that", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        # The reader stopped reading (`| head`): nothing is wrong with the input. Python
        # would complain again when flushing stdout at exit, so it is pointed elsewhere.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK


def main_gui() -> int:
    """Starts the desktop app (the entry point that opens no console on Windows)."""
    from phase10_keeper.ui.app import run

    return run(sys.argv)
