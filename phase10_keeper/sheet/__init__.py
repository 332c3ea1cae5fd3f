"""The printable paper score sheet: blank, with names, or filled from a game.

Importing this package stays cheap: the PDF library loads only when a sheet is written,
so the app and the command line start without it.
"""

import locale
import os
from collections.abc import Sequence
from enum import StrEnum
from pathlib import Path
from typing import BinaryIO

from phase10_keeper.files import write_atomically
from phase10_keeper.language import ENGLISH, Words, words
from phase10_keeper.rules import MATTEL_RULES, Game, Problem, Replay, RuleSet

HANDS_PER_PAGE = 12
"""Columns for hands on a page of the sheet, which the app's score grid shows alike."""


class Paper(StrEnum):
    LETTER = "letter"
    A4 = "a4"


class SheetError(ValueError):
    """A sheet that cannot be made as asked: a catalogue key and its values say why, in
    the reader's language by `worded`, and in English as the message."""

    def __init__(self, key: str, /, **values: "str | int | Problem") -> None:
        self.key = key
        self.values = values
        super().__init__(self.worded(words(ENGLISH)))

    def worded(self, language: Words) -> str:
        from phase10_keeper.language.wording import problem_line

        values = {
            name: problem_line(language, value) if isinstance(value, Problem) else value
            for name, value in self.values.items()
        }
        return language(self.key, **values)


_LETTER_TERRITORIES = frozenset({"US", "CA"})
_TERRITORY_NAMES = {"UNITED STATES": "US", "CANADA": "CA"}
"""Windows spells locales out, such as "English_United States"."""


def _territory(locale_name: str) -> str | None:
    """ "en_US.UTF-8@euro" -> "US"; None for "C", "POSIX" and names without one."""
    base = locale_name.split(".")[0].split("@")[0]
    if "_" not in base:
        return None
    territory = base.split("_", 1)[1].upper()
    return _TERRITORY_NAMES.get(territory, territory)


def default_paper() -> Paper:
    """Letter where the user's locale is the US or Canada, A4 everywhere else."""
    territory = None
    # POSIX precedence: LC_ALL overrides LC_PAPER, which overrides LANG.
    for variable in ("LC_ALL", "LC_PAPER", "LANG"):
        value = os.environ.get(variable)
        if value:
            territory = _territory(value)
            break
    if territory is None:
        # Windows and macOS apps started from the desktop often have no such variables.
        name = locale.getlocale()[0]
        territory = _territory(name) if name else None
    return Paper.LETTER if territory in _LETTER_TERRITORIES else Paper.A4


def write_score_sheet(
    target: Path | BinaryIO,
    *,
    game: Game | None = None,
    names: Sequence[str] = (),
    rows: int = 6,
    paper: Paper = Paper.A4,
    rules: RuleSet = MATTEL_RULES,
    title: str = "",
    replayed: Replay | None = None,
    language: str = ENGLISH,
) -> int:
    """Writes the score sheet as a PDF and returns its page count.

    Filled from `game` (its players, rules, title and hands; `rules` is then ignored
    and `title`, when given, replaces the game's) or blank: a row for each of `names`,
    or else `rows` empty rows. The paper is A4 unless given: callers that speak for the
    user pass `default_paper()`. `replayed` is the game's replay where the caller
    already has one. `language` is the code of one of `LANGUAGES`, English unless given.
    SheetError when the sheet cannot be made, before anything is written to `target`.
    """
    from phase10_keeper.sheet.render import render_sheet

    data = render_sheet(
        game=game,
        names=names,
        rows=rows,
        paper=paper,
        rules=rules,
        title=title,
        words=words(language),
        replayed=replayed,
    )
    if isinstance(target, Path):
        # Written beside and renamed: a full disk cannot leave half of a sheet in place
        # of the one that was there.
        write_atomically(target, data.pdf)
    else:
        target.write(data.pdf)
    return data.pages


__all__ = ["HANDS_PER_PAGE", "Paper", "SheetError", "default_paper", "write_score_sheet"]
