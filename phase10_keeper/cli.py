"""The command line: `phase10-keeper` starts the app; subcommands work without a display."""

import argparse
import gc
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, NoReturn

from phase10_keeper import __version__
from phase10_keeper.collector import cycle_collector_paused
from phase10_keeper.command_line import (
    EXIT_BAD_INPUT,
    EXIT_OK,
    UsageError,
    one_line,
    open_library,
    print_warning,
    shown,
    user_words,
)
from phase10_keeper.console import (
    EXIT_INTERRUPTED,
    EXIT_OUTPUT_FAILED,
    OutputError,
    abandon_output,
    streams_open,
)
from phase10_keeper.language import LANGUAGES, Words, system_language
from phase10_keeper.storage.paths import DATA_DIR_VARIABLE

# The rules, the library and the statistics are imported by the commands that use them:
# `phase10-keeper` without a command starts the app, whose window should not wait for them.
if TYPE_CHECKING:
    from phase10_keeper.rules import Game, GameState, Preset, Replay, Status
    from phase10_keeper.stats import LibraryStats, PhaseTally, PlayerStats
    from phase10_keeper.stats.standings import StandingsRow
    from phase10_keeper.storage.library import Library
    from phase10_keeper.storage.summary import GameSummary

_LARGEST_ID = 2**63 - 1
"""The largest integer SQLite stores, so the largest id a library can hold."""


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
        raise UsageError(f"{path}: {error.worded(user_words())}") from None


def _replayed(game: "Game", path: str) -> "Replay":
    """The game replayed, its warnings printed; UsageError if it cannot be."""
    from phase10_keeper.language.wording import problem_line
    from phase10_keeper.rules import GameError, replay

    language = user_words()
    try:
        result = replay(game)
    except GameError as error:
        raise UsageError(f"{path}: {problem_line(language, error.problems[0])}") from None
    for warning in result.warnings:
        print(one_line(f"warning: {path}: {problem_line(language, warning)}"), file=sys.stderr)
    return result


def standings_table(game: "Game", state: "GameState") -> str:
    """The standings in seat order, the seat where the window has the place."""
    from phase10_keeper.language.wording import phase_title, rules_description, status_sentence
    from phase10_keeper.stats.standings import (
        STANDINGS_COLUMNS,
        CellKind,
        Next,
        StandingsColumn,
        standings_rows,
    )

    language = user_words()
    headers = {column: language(column.spec.words.command_line) for column in STANDINGS_COLUMNS}

    def phase_text(row: "StandingsRow") -> str:
        if row.next is Next.LEFT:
            return language("cli.left_before", hand=row.left_before)
        if row.next is Next.ATTEMPTS and row.phase is not None:
            return phase_title(language, row.phase)
        if row.next is Next.CHOOSES:
            return language("cli.chooses")
        return "-"

    def cell(row: "StandingsRow", column: StandingsColumn) -> str:
        spec = column.spec
        match spec.kind:
            case CellKind.NAME:
                return shown(row.name)
            case CellKind.PHASE:
                return phase_text(row)
            case CellKind.NUMBER:
                return str(spec.number(row, in_seats=True))

    in_seats = sorted(standings_rows(state), key=lambda row: row.seat)
    rows = [tuple(headers[column] for column in STANDINGS_COLUMNS)]
    rows += [tuple(cell(row, column) for column in STANDINGS_COLUMNS) for row in in_seats]
    widths = [max(len(row[column]) for row in rows) for column in range(len(STANDINGS_COLUMNS))]
    lines = []
    title = shown(game.title) or language("cli.untitled")
    rules = rules_description(language, game.rules)
    played = language.count("cli.hands", state.hands_played)
    dot = _separator()
    lines.append(f"{title}{dot}{rules}{dot}{played}")
    lines.append("")
    for index, row in enumerate(rows):
        cells = [
            text.ljust(width) if column.left_aligned else text.rjust(width)
            for text, width, column in zip(row, widths, STANDINGS_COLUMNS, strict=True)
        ]
        lines.append("  ".join(cells).rstrip())
        if index == 0:
            lines.append("  ".join("-" * width for width in widths))
    lines.append("")
    lines.append(shown(status_sentence(language, state)))
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
        raise argparse.ArgumentTypeError(user_words()("cli.not_whole_number", text=text)) from None
    if not 1 <= count <= 6:
        raise argparse.ArgumentTypeError(user_words()("cli.sheet_rows", most=6, count=count))
    return count


PRESETS_HELP = "mattel, masters, even, odd, short, fixed-hands"
"""The rules presets, written out: naming them from the rules would make every command,
the app's start included, wait for the rules to be imported."""


def _preset(text: str) -> "Preset":
    from phase10_keeper.rules import Preset

    try:
        return Preset(text)
    except ValueError:
        raise UsageError(
            user_words()("cli.rules_preset", presets=PRESETS_HELP, text=text)
        ) from None


def _sheet(arguments: argparse.Namespace) -> int:
    from phase10_keeper.language.wording import problem_text
    from phase10_keeper.rules import Preset, clean_name, name_problem, preset_rules
    from phase10_keeper.sheet import Paper, SheetError, default_paper, write_score_sheet

    language = user_words()
    game = replayed = None
    if arguments.game is not None:
        game = _load(arguments.game)
        replayed = _replayed(game, arguments.game)
        if arguments.players is not None or arguments.names is not None:
            raise UsageError(language("cli.blank_only"))
        if arguments.rules is not None:
            raise UsageError(language("cli.rules_blank_only"))
    names: list[str] = []
    if arguments.names is not None:
        names = [clean_name(name) for name in _typed_text(arguments.names).split(",")]
        if any(not name for name in names):
            raise UsageError(language("cli.empty_name"))
        if len(names) > 6:
            raise UsageError(language("cli.sheet_players", most=6, count=len(names)))
        for name in names:
            problem = name_problem(name)
            if problem is not None:
                raise UsageError(f"--names: {problem_text(language, problem)}")
    paper = Paper(arguments.paper) if arguments.paper is not None else default_paper()
    reads = [] if arguments.game is None else [Path(arguments.game)]
    target = _output(arguments, arguments.out, reads)
    try:
        write_score_sheet(
            target,
            game=game,
            names=names,
            rows=arguments.players or 6,
            paper=paper,
            replayed=replayed,
            rules=preset_rules(_preset(arguments.rules or Preset.MATTEL)),
            language=arguments.lang or system_language(),
        )
    except SheetError as error:
        raise UsageError(error.worded(language)) from None
    except OSError as error:
        reason = error.strerror or error
        raise UsageError(language("cli.cannot_write", path=arguments.out, reason=reason)) from None
    return EXIT_OK


def _game_id(text: str) -> int:
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(user_words()("cli.id_not_number", text=text)) from None
    if number < 1:
        raise argparse.ArgumentTypeError(user_words()("cli.id_below_one", text=text))
    if number > _LARGEST_ID:
        raise argparse.ArgumentTypeError(user_words()("cli.id_too_large", text=text))
    return number


def _data_dir(arguments: argparse.Namespace) -> Path:
    from phase10_keeper.storage.paths import default_data_dir

    return Path(arguments.data_dir) if arguments.data_dir is not None else default_data_dir()


def _output(arguments: argparse.Namespace, path: str, reads: list[Path]) -> "Path | BinaryIO":
    """Where an output goes: standard output for `-`, else the file checked first (never
    the library, an input, a folder, a device, a pipe or a write-protected file)."""
    from phase10_keeper.storage.outputs import STANDARD_OUTPUT, OutputRefused, check_output

    if path == STANDARD_OUTPUT:
        return sys.stdout.buffer
    try:
        return check_output(path, reads=reads, data_dirs=[_data_dir(arguments)])
    except OutputRefused as refused:
        raise UsageError(refused.worded(user_words())) from None


def _summary_to_json(game: "GameSummary") -> dict[str, Any]:
    identity = {"uid": game.uid}
    if game.conflict_of is not None:
        identity["conflict_of"] = game.conflict_of
    return {
        **identity,
        "id": game.id,
        "title": game.title,
        "started": game.started,
        "finished": game.finished,
        "players": list(game.players),
        "hands": game.hands,
        "status": game.status.value,
        "winner": game.winner,
    }


def _game_status(game: "GameSummary", language: Words) -> str:
    from phase10_keeper.rules import Status

    if game.status is Status.FINISHED:
        return language("cli.won", name=game.winner) if game.winner else language("cli.finished")
    if game.status is Status.TIEBREAK:
        return language("cli.tiebreak")
    return language("cli.in_progress")


def games_table(games: Sequence["GameSummary"]) -> str:
    """The library's games as a table, one row each, in the order given."""
    language = user_words()
    headers = ("id", "date", "title", "players", "hands", "status")
    rows = [tuple(language(f"cli.games_{header}") for header in headers)]
    # A library holds thousands of games but few winners: each status is worded once.
    statuses: dict[tuple[Status, str | None], str] = {}
    for game in games:
        moment = (game.status, game.winner)
        status = statuses.get(moment)
        if status is None:
            status = statuses[moment] = one_line(_game_status(game, language))
        rows.append(
            (
                str(game.id),
                one_line((game.started or game.created)[:10]),
                one_line(game.title) or "-",
                one_line(", ".join(game.players)),
                str(game.hands),
                status,
            )
        )
    widths = [max(map(len, column)) for column in zip(*rows, strict=True)]
    id_width, date_width, title_width, players_width, hands_width, _ = widths
    lines = []
    for game_id, date, title, players, hands, status in rows:
        line = (
            f"{game_id:>{id_width}}  {date:<{date_width}}  {title:<{title_width}}  "
            f"{players:<{players_width}}  {hands:>{hands_width}}  {status}"
        )
        lines.append(line.rstrip())
        if len(lines) == 1:
            lines.append("  ".join("-" * width for width in widths))
    return "\n".join(lines)


def _warn_of_damage(library: "Library") -> None:
    """A `warning:` line for each damaged game the library met and left out."""
    language = user_words()
    for damage in library.damaged_games():
        print_warning(language("cli.left_out_damaged", message=damage.worded(language)))


def _games_list(arguments: argparse.Namespace) -> int:
    with open_library(arguments, read_only=True) as library:
        games = library.list_games(deleted=arguments.deleted)
        _warn_of_damage(library)
    if arguments.json:
        print(json.dumps({"games": [_summary_to_json(game) for game in games]}))
    elif games:
        print(games_table(games))
    else:
        print(user_words()("cli.no_games"))
    return EXIT_OK


def _games_import(arguments: argparse.Namespace) -> int:
    # The game is checked before the library is even opened: a bad file changes nothing.
    from phase10_keeper.storage.identity import file_uid

    game = _load(arguments.file)
    replayed = _replayed(game, arguments.file)
    uid = file_uid(Path(arguments.file))
    if isinstance(uid, ValueError):
        raise UsageError(user_words()("cli.bad_uid", path=arguments.file, uid=str(uid))) from None
    with open_library(arguments) as library:
        game_id = library.import_game(game, replayed, uid=uid)
    try:
        print(game_id)
        sys.stdout.flush()
    except OSError as error:
        reason = error.strerror or str(error)
        raise OutputError(user_words()("cli.id_not_written", id=game_id, reason=reason)) from None
    return EXIT_OK


def _games_export(arguments: argparse.Namespace) -> int:
    from phase10_keeper.export.identity import shared_uid
    from phase10_keeper.files import write_atomically
    from phase10_keeper.storage.identity import dumps_with_uid

    target = _output(arguments, arguments.file, [])
    with open_library(arguments, read_only=True) as library:
        game = library.load_game(arguments.id)
        uid = shared_uid(library.game_uid(arguments.id), game)
    if arguments.csv:
        from phase10_keeper.export.played_csv import csv_bytes, hand_rows

        state = _replayed(game, user_words()("cli.game", id=arguments.id)).final
        data = csv_bytes(hand_rows(arguments.id, uid, state))
    else:
        data = dumps_with_uid(game, uid).encode("utf-8")
    try:
        if isinstance(target, Path):
            write_atomically(target, data)
        else:
            target.write(data)
    except OSError as error:
        reason = error.strerror or error
        raise UsageError(
            user_words()("cli.cannot_write", path=arguments.file, reason=reason)
        ) from None
    return EXIT_OK


def _card_target(arguments: argparse.Namespace) -> "Path | BinaryIO | None":
    """Where `--card` writes, checked before anything is read; None without the option.
    A PNG is bytes no terminal can show: `-` takes standard output only when it goes to a
    file or a pipe."""
    if arguments.card is None:
        return None
    target = _output(arguments, arguments.card, [])
    if not isinstance(target, Path) and sys.stdout.isatty():
        raise UsageError(user_words()("cli.card_to_terminal"))
    return target


def _games_show(arguments: argparse.Namespace) -> int:
    from phase10_keeper.storage.gamefile import standings_to_json

    card = _card_target(arguments)
    with open_library(arguments, read_only=True) as library:
        game = library.load_game(arguments.id)
        replayed = _replayed(game, user_words()("cli.game", id=arguments.id))
        if arguments.bgstats:
            from phase10_keeper.export.bgstats import play_link
            from phase10_keeper.export.identity import played_at, shared_uid

            if not replayed.final.is_over:
                raise UsageError(user_words()("cli.not_finished_for_bgstats", id=arguments.id))
            link = play_link(
                shared_uid(library.game_uid(arguments.id), game),
                played_at(library, arguments.id, game),
                replayed,
            )
        if card is not None:
            from phase10_keeper.ui.game.card_file import card_bytes

            image = card_bytes(
                library, arguments.id, game=game, replayed=replayed, language=system_language()
            )
    if isinstance(card, Path):
        from phase10_keeper.files import write_atomically

        try:
            write_atomically(card, image)
        except OSError as error:
            reason = error.strerror or error
            message = user_words()("cli.cannot_write", path=arguments.card, reason=reason)
            raise UsageError(message) from None
    elif card is not None:
        # Standard output carries the image alone: the standings would spoil it.
        card.write(image)
        return EXIT_OK
    state = replayed.final
    if arguments.bgstats:
        print(link)
    elif arguments.json:
        print(json.dumps(standings_to_json(state)))
    else:
        print(standings_table(game, state))
    return EXIT_OK


def _percent(share: float, language: Words) -> str:
    return language("cli.percent", number=round(share * 100))


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


def _phase_words(tally: "PhaseTally | None", language: Words) -> str:
    if tally is None:
        return "-"
    return language("cli.phase_tally", phase=tally.label, made=tally.made, attempts=tally.attempts)


def _headers(language: Words, *keys: str) -> tuple[str, ...]:
    return tuple(language(f"cli.{key}") for key in keys)


def _records_row(player: "PlayerStats") -> tuple[str, ...]:
    records = player.records
    return (
        one_line(player.name),
        "-" if records.best_total is None else str(records.best_total),
        "-" if records.fastest_win is None else str(records.fastest_win),
        str(records.best_streak),
        str(records.current_streak),
        "-" if records.nemesis is None else one_line(records.nemesis),
    )


def stats_table(stats: "LibraryStats", players: Sequence["PlayerStats"]) -> str:
    """The statistics as text: a row per player and, for one player, their phases and
    head-to-head records."""
    language = user_words()
    lines = [language.count("cli.library_games", stats.games, finished=stats.finished), ""]
    lines += _players_table(players, language)
    lines += ["", language("cli.records")]
    lines += _table(
        [
            _headers(
                language,
                "stats_player",
                "best_total",
                "fastest_win",
                "best_streak",
                "current_streak",
                "nemesis",
            )
        ]
        + [_records_row(player) for player in players],
        left={0, 5},
    )
    if len(players) == 1:
        lines += _one_player(players[0], language)
    elif stats.hardest_phase is not None:
        hardest = stats.hardest_phase
        lines += [
            "",
            language.count(
                "cli.hardest_overall",
                hardest.attempts,
                phase=hardest.label,
                share=_percent(hardest.share, language),
            ),
        ]
    return "\n".join(lines)


def _players_table(players: Sequence["PlayerStats"], language: Words) -> list[str]:
    """A row per player: games, wins, hands, points, going out and the hardest phase."""
    rows = [
        _headers(
            language,
            "stats_player",
            "stats_games",
            "stats_wins",
            "stats_win_rate",
            "stats_hands",
            "stats_points",
            "stats_out",
            "stats_hardest",
        )
    ]
    for player in players:
        rows.append(
            (
                one_line(player.name),
                str(player.games),
                str(player.wins),
                _percent(player.win_rate, language) if player.finished else "-",
                str(player.hands),
                f"{player.points_per_hand:.1f}" if player.hands else "-",
                str(player.went_out),
                language("stats.never_missed")
                if player.never_missed
                else _phase_words(player.hardest_phase, language),
            )
        )
    return _table(rows, left={0, 7})


def _one_player(player: "PlayerStats", language: Words) -> list[str]:
    """One player's phases, and their head-to-head records."""
    lines = ["", language("cli.phases_of", name=one_line(player.name))]
    lines += _table(
        [_headers(language, "tally_phase", "tally_attempts", "tally_made", "tally_share")]
        + [
            (
                str(tally.label),
                str(tally.attempts),
                str(tally.made),
                _percent(tally.share, language),
            )
            for tally in player.phases
        ],
        left=set(),
    )
    if player.head_to_head:
        lines += ["", language("cli.head_to_head")]
        lines += _table(
            [_headers(language, "against", "against_games", "ahead", "behind")]
            + [
                (one_line(row.opponent), str(row.games), str(row.ahead), str(row.behind))
                for row in player.head_to_head
            ],
            left={0},
        )
    return lines


def _stats(arguments: argparse.Namespace) -> int:
    from phase10_keeper.stats import stats_of_records, stats_to_json
    from phase10_keeper.storage.kept_records import game_records

    with open_library(arguments, read_only=True) as library:
        records, warnings = game_records(library)
        _warn_of_damage(library)
    language = user_words()
    if warnings:
        # The wording of problems loads the rules: read from kept records, the
        # statistics need none of them.
        from phase10_keeper.language.wording import problem_line

        for game_id, problem in warnings:
            message = problem_line(language, problem)
            left_out = language("cli.left_out", id=game_id, message=message)
            print(one_line(f"warning: {left_out}"), file=sys.stderr)
    stats = stats_of_records([record for _, record in records])
    players: Sequence[PlayerStats] = stats.players
    if arguments.player is not None:
        name = _typed_text(arguments.player)
        player = stats.player(name)
        if player is None:
            raise UsageError(language("cli.no_player", name=name))
        players = [player]
    if arguments.json:
        print(json.dumps(stats_to_json(stats, players)))
    elif not stats.games:
        print(language("cli.no_games"))
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
    listing.add_argument("--deleted", action="store_true", help="list the deleted games instead")
    listing.set_defaults(run=_games_list)

    importing = actions.add_parser("import", help="add a game file to the library")
    importing.add_argument("file", metavar="FILE", help="a phase10-keeper game file")
    importing.set_defaults(run=_games_import)

    exporting = actions.add_parser("export", help="write a game from the library to a file")
    exporting.add_argument("id", type=_game_id, metavar="ID", help="the game's id")
    exporting.add_argument("file", metavar="FILE", help="the game file to write")
    exporting.add_argument("--csv", action="store_true", help="one CSV row per player per hand")
    exporting.set_defaults(run=_games_export)

    showing = actions.add_parser("show", help="print a game's standings, as `standings` does")
    showing.add_argument("id", type=_game_id, metavar="ID", help="the game's id")
    printing = showing.add_mutually_exclusive_group()
    printing.add_argument("--json", action="store_true", help="print one JSON object")
    printing.add_argument(
        "--bgstats", action="store_true", help="print the link to log it in BG Stats"
    )
    showing.add_argument(
        "--card", metavar="OUT.png", help="also write the results card, a PNG 1080 pixels wide"
    )
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

    from phase10_keeper.desktop_entry import add_command as add_desktop_entry_command

    add_desktop_entry_command(commands)

    from phase10_keeper.serve_command import add_serve_command

    add_serve_command(commands, _game_id)

    from phase10_keeper.sync_command import add_sync_command

    add_sync_command(commands)
    return parser


def _degrade_console() -> None:
    """Text the console's encoding cannot hold comes out as escapes (Zo\\xeb), not as a
    crash: a C locale without UTF-8 mode gives Python an ASCII console.
    """
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and (stream.encoding or "").lower() not in ("utf-8", "utf8"):
            reconfigure(errors="backslashreplace")


def _run_command(arguments: argparse.Namespace) -> int:
    """Runs the command with the cycle collector paused. One command runs, then the
    process ends: the collector would only search the modules the command imports and
    the results it builds, which all live to the end, again and again (a fifth of the
    time of `stats`, a twentieth of `sheet`). Garbage without cycles is freed as ever."""
    with cycle_collector_paused():
        result: int = arguments.run(arguments)
    return result


def _writes_to_standard_output(arguments: argparse.Namespace) -> bool:
    """Whether the command prints its result: all but a sheet or an export to a file."""
    from phase10_keeper.storage.outputs import STANDARD_OUTPUT

    if arguments.run is _sheet:
        return bool(arguments.out == STANDARD_OUTPUT)
    if arguments.run is _games_export:
        return bool(arguments.file == STANDARD_OUTPUT)
    return True


def _check_data_dir(arguments: argparse.Namespace) -> None:
    if arguments.data_dir is not None and not arguments.data_dir.strip():
        # An empty name would put a library in whatever folder the command runs in.
        raise UsageError(user_words()("cli.data_dir_empty"))


def main(argv: Sequence[str] | None = None) -> int:
    _degrade_console()
    if not (sys.argv[1:] if argv is None else argv):
        # The app, without first building the parser of every command: its window waits.
        return main_gui()
    parser = build_parser()
    try:
        arguments = parser.parse_args(argv)
        _check_data_dir(arguments)
        if arguments.command is None:
            if arguments.data_dir is not None:
                # The app finds its library through the environment, as it does when
                # started from a launcher.
                os.environ[DATA_DIR_VARIABLE] = arguments.data_dir
            # The app is given its own name alone: the options were the command line's.
            return main_gui(sys.argv[:1])
        if not streams_open() and _writes_to_standard_output(arguments):
            # Checked first, so that nothing is done (a game imported) that cannot be said.
            raise OutputError(user_words()("cli.output_closed"))
        result = _run_command(arguments)
        # Flushed here, so a reader that stopped early is met below and not at exit.
        sys.stdout.flush()
        if argv is None:
            # The process ends with this command, and what it built lives to the end: the
            # collector's passes over all of it at exit would cost a tenth of `sheet`.
            gc.freeze()
        return result
    except UsageError as error:
        print(one_line(f"error: {error}"), file=sys.stderr)
        return EXIT_BAD_INPUT
    except MemoryError:
        print(f"error: {user_words()('cli.no_memory')}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        # The reader stopped reading (`| head`): nothing is wrong with the input. Python
        # would complain again when flushing stdout at exit, so it is pointed elsewhere.
        abandon_output()
        return EXIT_OK
    except OutputError as error:
        abandon_output()
        print(one_line(f"error: {error}"), file=sys.stderr)
        return EXIT_OUTPUT_FAILED
    except OSError as error:
        # Every file a command writes says its own failure: what is left is standard
        # output, closed or full (`> /dev/full`).
        abandon_output()
        reason = error.strerror or str(error)
        print(
            one_line(f"error: {user_words()('cli.output_failed', reason=reason)}"), file=sys.stderr
        )
        return EXIT_OUTPUT_FAILED
    except KeyboardInterrupt:
        abandon_output()
        print(f"error: {user_words()('cli.interrupted')}", file=sys.stderr)
        return EXIT_INTERRUPTED


def main_gui(argv: list[str] | None = None) -> int:
    """Starts the desktop app (the entry point that opens no console on Windows); the
    files named after it (in `argv`, else the process's arguments) are opened in it, or
    in the app already running."""
    from phase10_keeper.first_start import start_app

    return start_app(sys.argv if argv is None else argv)
