"""The window's words, in the language chosen for this run of the app.

Every text the window shows goes through `tr` or `tr_count` with a key of the catalogue
(`resources/translations/<code>.json`, read by `phase10_keeper.language`), never through
Qt's own `tr()`: one path, named placeholders, real plural forms. The language is set
once, as the app starts, and again when Settings changes it (`language_choice`): each
widget that words itself does so again on `QEvent.LanguageChange`.
"""

from typing import TYPE_CHECKING

from phase10_keeper.language import ENGLISH, Words, words

if TYPE_CHECKING:
    from phase10_keeper.rules import Problem


class _Chosen:
    words: Words = words(ENGLISH)


def use_language(code: str) -> None:
    """Words the window in the language with this code from now on."""
    _Chosen.words = words(code)


def app_words() -> Words:
    """The language the window speaks, for wording helpers that take a `Words`."""
    return _Chosen.words


def tr(key: str, **values: object) -> str:
    """The text for `key`, with its named placeholders filled from `values`."""
    return _Chosen.words(key, **values)


def tr_count(key: str, count: int, **values: object) -> str:
    """The text about a number for `key`, in the plural form `count` takes."""
    return _Chosen.words.count(key, count, **values)


def problem_said(problem: "Problem | None") -> str | None:
    """What is wrong, in the window's language (without where), or None for no problem."""
    # The wording imports the rules, which the window's first paint must not wait for.
    from phase10_keeper.language.wording import problem_text

    return None if problem is None else problem_text(_Chosen.words, problem)


def problem_where(problem: "Problem") -> str:
    """What is wrong and where (hand, player), in the window's language."""
    from phase10_keeper.language.wording import problem_line

    return problem_line(_Chosen.words, problem)


def error_said(error: BaseException) -> str:
    """An error's message in the window's language where it words itself (a game file's,
    the library's, the sheet's), else its own text."""
    from phase10_keeper.storage.messages import Worded

    return error.worded(_Chosen.words) if isinstance(error, Worded) else str(error)
