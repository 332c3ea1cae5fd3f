"""What the sheet's callers and its drawing share, without the PDF library: the paper,
as the user's locale has it unless chosen, the hands a page holds, and the error for a
sheet that cannot be made."""

import locale
import os
from enum import StrEnum

from phase10_keeper.language import ENGLISH, Words, words
from phase10_keeper.rules import Problem

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
