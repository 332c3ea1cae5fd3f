"""`phase10-keeper sync FOLDER [--json]`: exchanges the library's games with a shared
folder once (CONTRACTS §5; the exchange itself is storage.sync)."""

import argparse
import json
from pathlib import Path
from typing import Any

from phase10_keeper.command_line import EXIT_OK, UsageError, open_library, print_warning, user_words


def _run(arguments: argparse.Namespace) -> int:
    from phase10_keeper.storage.sync import SyncFolderError, sync

    language = user_words()
    with open_library(arguments) as library:
        try:
            report = sync(library, Path(arguments.folder))
        except SyncFolderError as error:
            raise UsageError(error.said.worded(language)) from None
    for warning in report.warnings:
        print_warning(warning.worded(language))
    if arguments.json:
        summary = {"sent": report.sent, "received": report.received}
        print(json.dumps({**summary, "conflicts": list(report.conflicts)}))
    else:
        print(
            language(
                "cli.sync_done",
                sent=report.sent,
                received=report.received,
                conflicts=len(report.conflicts),
            )
        )
    return EXIT_OK


def add_sync_command(commands: "argparse._SubParsersAction[Any]") -> None:
    """Registers `sync` among the command line's commands."""
    command = commands.add_parser(
        "sync", help="exchange the library's games with a folder shared between computers"
    )
    command.add_argument(
        "folder", metavar="FOLDER", help="a folder a file-sync tool keeps alike (never created)"
    )
    command.add_argument("--json", action="store_true", help="print one JSON object")
    command.set_defaults(run=_run)
