"""`phase10-keeper serve`: the phones' page for one game of the library, without a
window. The keeper's own link records hands (saved at once) and undoes the last one.

The server runs in this process's main thread, in an event loop of its own: the library
is written from the thread that opened it, and nothing else here needs a thread. The
command line builds its parser with this module: the server's own imports (asyncio,
aiohttp) wait until `serve` runs.
"""

import argparse
import gc
import json
import os
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from phase10_keeper.command_line import EXIT_OK, UsageError, one_line, open_library, shown
from phase10_keeper.language import Words, system_language, words

if TYPE_CHECKING:
    from phase10_keeper.companion.server import Keep
    from phase10_keeper.companion.table import Table
    from phase10_keeper.rules import Game, Replay
    from phase10_keeper.storage.library import Library
    from phase10_keeper.storage.lock import LibraryHold


def add_serve_command(commands: "argparse._SubParsersAction[Any]", game_id: Any) -> None:
    """Registers `serve`; `game_id` reads a game's id as the other commands do."""
    serve = commands.add_parser(
        "serve",
        help="serve a game to the players' phones on the local network",
        epilog="In a terminal each link's QR code is drawn black on white, with a white "
        "border, so it scans on a light or a dark theme; piped, or with NO_COLOR set, it "
        "is drawn in plain characters, which scan on a dark background only.",
    )
    serve.add_argument(
        "id",
        nargs="?",
        type=game_id,
        metavar="ID",
        help="the game (default: the unfinished game changed last)",
    )
    serve.add_argument(
        "--host",
        metavar="ADDR",
        help="the address to listen on and put in the links "
        "(default: this machine's address on the local network, else 127.0.0.1)",
    )
    serve.add_argument(
        "--port",
        type=_port,
        metavar="N",
        help="the port (default 8765, else the next free one; 0: any free port)",
    )
    serve.add_argument("--json", action="store_true", help="print the links as one JSON line")
    serve.set_defaults(run=run_serve)


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            words(system_language())("cli.not_whole_number", text=text)
        ) from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0 to 65535, not {port}")
    return port


def _hold(data_dir: Path) -> "LibraryHold":
    """The library's one-writer hold; another writer holding it is bad input (exit 2)."""
    from phase10_keeper.storage.lock import hold_library
    from phase10_keeper.storage.messages import LibraryError

    try:
        return hold_library(data_dir)
    except LibraryError as error:
        raise UsageError(error.worded(words(system_language()))) from None


def run_serve(arguments: argparse.Namespace) -> int:
    from phase10_keeper.storage.paths import default_data_dir

    # A server runs for hours and makes garbage with every request: the command line
    # pauses the cycle collector for its short commands, not for this one.
    gc.enable()
    language = words(system_language())
    data_dir = Path(arguments.data_dir) if arguments.data_dir is not None else default_data_dir()
    with _hold(data_dir), open_library(arguments) as library:
        game_id = (
            arguments.id if arguments.id is not None else library.last_changed_unfinished_game()
        )
        if game_id is None:
            raise UsageError(language("phones.serve_no_game"))
        game = library.load_game(game_id)
        import asyncio

        asyncio.run(_serve(arguments, library, game_id, game, language))
    return EXIT_OK


async def _serve(
    arguments: argparse.Namespace,
    library: "Library",
    game_id: int,
    game: "Game",
    language: Words,
) -> None:
    from phase10_keeper.companion.lasting import lasting_table
    from phase10_keeper.language.wording import problem_line
    from phase10_keeper.rules import GameError

    def save(changed: "Game", replayed: "Replay") -> None:
        library.save_game(game_id, changed, replayed)

    try:
        table, lasting = lasting_table(library, game_id, game, save)
    except GameError as error:
        where = language("cli.game", id=game_id)
        raise UsageError(f"{where}: {problem_line(language, error.problems[0])}") from None
    try:
        await _serve_table(arguments, table, game_id, game, language, keep=lasting.kept)
    finally:
        lasting.close()


async def _serve_table(
    arguments: argparse.Namespace,
    table: "Table",
    game_id: int,
    game: "Game",
    language: Words,
    *,
    keep: "Keep | None" = None,
) -> None:
    """Serves `table` until a signal; `keep` keeps its changes with the game."""
    import asyncio
    import signal

    from phase10_keeper.companion.address import LOOPBACK, local_network_address
    from phase10_keeper.companion.server import DEFAULT_PORT, PhoneServer

    host = arguments.host if arguments.host is not None else local_network_address()
    port = arguments.port if arguments.port is not None else DEFAULT_PORT
    server = PhoneServer(table, host, port, language, next_free=arguments.port is None, keep=keep)
    try:
        await server.start()
    except OSError as error:
        reason = error.strerror or str(error)
        raise UsageError(
            language("phones.serve_cannot_listen", host=host, port=port, reason=reason)
        ) from None
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for number in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(number, stop.set)
    try:
        links = {"game": game_id, **server.links()}
        if arguments.json:
            print(json.dumps(links))
        else:
            print(_links_text(game, links, language))
        if arguments.host is None and host == LOOPBACK:
            # No network address was found: the links lead to this computer only.
            print(language("phones.serve_no_network"), file=sys.stderr)
        sys.stdout.flush()
        await stop.wait()
    finally:
        # The sharing is kept with the game (unless it is finished): the phones wait for
        # the table to come back rather than take it for closed.
        await server.close(for_good=table.snapshot().state.is_over)
    if not arguments.json:
        print(language("phones.serve_closed"))


def _links_text(game: "Game", links: dict[str, Any], language: Words) -> str:
    """The links as text, each with its QR code drawn in the terminal's characters."""
    title = shown(game.title) or language("cli.untitled")
    parts = [language("phones.serve_title", title=title), language("phones.serve_http"), ""]
    labelled = [
        (language("phones.serve_keeper"), links["keeper"]),
        (language("phones.serve_viewer"), links["viewer"]),
        *(
            (language("phones.serve_player", name=one_line(name)), link)
            for name, link in links["players"].items()
        ),
    ]
    for label, link in labelled:
        parts += [label, link, _qr_text(link), ""]
    parts.append(language("phones.serve_stop"))
    return "\n".join(parts)


QUIET_ZONE = 4
"""Light modules around a code drawn in colour: the width QR codes ask for."""
_BLACK, _WHITE = 16, 231
"""The xterm 256-colour cube's black and white: fixed colours, not the theme's (the 16
named colours are the theme's to change)."""


def draws_in_colour(stream: TextIO) -> bool:
    """Whether codes go to `stream` in explicit colours: a terminal, and no NO_COLOR."""
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty()) and not os.environ.get("NO_COLOR")


def _qr_text(link: str, *, colour: bool | None = None) -> str:
    """The link's QR code in half-block characters, where the console can show them:
    `colour` (by default where `draws_in_colour` says), each module black or white
    whatever the terminal's theme, in a white quiet zone; plain, dark modules as blank
    space, which scans on a dark terminal."""
    import io

    import segno

    code = segno.make(link, error="m")
    if colour is None:
        colour = draws_in_colour(sys.stdout)
    if colour:
        text = _coloured(code.matrix_iter(scale=1, border=QUIET_ZONE))
    else:
        drawn = io.StringIO()
        code.terminal(out=drawn, compact=True, border=2)
        text = drawn.getvalue().rstrip("\n")
    try:
        text.encode(sys.stdout.encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return ""
    return text


def _coloured(rows: "Iterable[Iterable[int]]") -> str:
    """Two rows of modules a line: an upper half block in the top module's colour on the
    bottom one's, each colour said outright, the colours reset at each line's end."""
    matrix = [list(row) for row in rows]
    if len(matrix) % 2:
        matrix.append([False] * len(matrix[0]))
    lines = []
    for top, bottom in zip(matrix[::2], matrix[1::2], strict=True):
        line, said = [], None
        for upper, lower in zip(top, bottom, strict=True):
            colours = (_BLACK if upper else _WHITE, _BLACK if lower else _WHITE)
            if colours != said:
                line.append(f"\x1b[38;5;{colours[0]};48;5;{colours[1]}m")
                said = colours
            line.append("\N{UPPER HALF BLOCK}")
        lines.append("".join(line) + "\x1b[0m")
    return "\n".join(lines)
