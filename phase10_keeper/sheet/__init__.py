"""The printable paper score sheet: blank, with names, or filled from a game.

Importing this package stays cheap: the PDF library loads only when a sheet is written,
so the app and the command line start without it.
"""

from collections.abc import Sequence
from pathlib import Path
from typing import BinaryIO

from phase10_keeper.files import write_atomically
from phase10_keeper.language import ENGLISH, words
from phase10_keeper.rules import MATTEL_RULES, Game, Replay, RuleSet
from phase10_keeper.sheet.paper import HANDS_PER_PAGE, Paper, SheetError, default_paper


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
