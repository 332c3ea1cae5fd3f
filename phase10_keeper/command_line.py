"""What every command of the command line shares: the exit codes, the error for bad
input, the user's words, text made safe for the terminal and the library opened for a
command. The entry point (`cli`) and each command's own module import it from here, so
no command imports the entry point."""

import argparse
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from phase10_keeper.language import Words, system_language, words

if TYPE_CHECKING:
    from phase10_keeper.storage.library import Library

EXIT_OK = 0
EXIT_BAD_INPUT = 2


class UsageError(Exception):
    """Bad input from the command line: reported as one `error:` line, exit 2."""


def user_words() -> Words:
    """The user's language, for what the command line says to people (not `--json`)."""
    return words(system_language())


# Controls (C0, DEL, C1) and the bidirectional overrides and isolates: a terminal acts
# on them (retitles itself, clears the screen, reverses text) instead of showing them.
TERMINAL_ACTIVE = [
    *range(0x20),
    *range(0x7F, 0xA0),
    *range(0x202A, 0x202F),
    *range(0x2066, 0x206A),
]


@cache
def _escapes() -> dict[int, str]:
    """The escape of each character a terminal acts on; made the first time a text holds
    one, since the codec it is made with is imported for it."""
    return {code: chr(code).encode("unicode_escape").decode("ascii") for code in TERMINAL_ACTIVE}


def shown(text: str) -> str:
    """`text` as the terminal should show it: control characters written as escapes, the
    way error lines write names with repr, so no name or title can act on the terminal.
    """
    # Every character escaped is one str.isprintable refuses; most texts have none.
    return text if text.isprintable() else text.translate(_escapes())


def one_line(text: str) -> str:
    """`text` fit for one `error:` or `warning:` line: names in a file may hold line breaks
    and control characters.
    """
    # Every line break is a character str.isprintable refuses: most texts are as they are.
    if text.isprintable():
        return text
    return shown(" ".join(text.splitlines()))


def print_warning(message: str) -> None:
    print(one_line(f"warning: {message}"), file=sys.stderr)


@contextmanager
def open_library(arguments: argparse.Namespace, *, read_only: bool = False) -> Iterator["Library"]:
    """The library; `read_only` for commands that only read it, so they work in a folder
    the user cannot write and leave it exactly as it was.
    """
    from phase10_keeper.storage.library import Library, LibraryBehind, LibraryDamaged, LibraryError

    data_dir = Path(arguments.data_dir) if arguments.data_dir is not None else None
    try:
        with Library.open(data_dir, read_only=read_only, warn=print_warning) as library:
            yield library
    except LibraryDamaged as error:
        # Restoring, or carrying on with what is left, is a choice made in the app, which
        # lists the backups and what each holds.
        language = user_words()
        message = error.worded(language)
        if error.backups:
            message = language(
                "cli.restore_backup", message=message, folder=str(error.backups[0].parent)
            )
        elif isinstance(error, LibraryBehind):
            message = language("cli.carry_on_in_app", message=message)
        raise UsageError(message) from None
    except LibraryError as error:
        raise UsageError(error.worded(user_words())) from None
