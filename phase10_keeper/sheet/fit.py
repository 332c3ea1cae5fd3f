"""Fitting text into a width: shrink, then shorten with an ellipsis; wrapping notes.

Measurement is passed in as a function, so this module needs no PDF library and its
behaviour can be checked with any width function.
"""

import unicodedata
from collections.abc import Callable

WidthOf = Callable[[str, float], float]
"""The drawn width of a text at a font size, in points."""

ELLIPSIS = "…"
ONE_LINE_SHRINK = 0.8
"""A text shrunk by no more than this much reads better on one line than broken in two."""


def printable_form(text: str) -> str:
    """The composed form, so that "e" + combining accent draws as the one glyph "é"."""
    return unicodedata.normalize("NFC", text)


def right_to_left(text: str) -> bool:
    """Whether the text has letters of a right-to-left script (Hebrew, Arabic)."""
    return any(unicodedata.bidirectional(char) in ("R", "AL") for char in text)


def _cut(text: str, length: int) -> str:
    """The first `length` characters, never splitting a letter from its accents."""
    while 0 < length < len(text) and unicodedata.combining(text[length]):
        length -= 1
    return text[:length]


def fit_text(
    text: str, width_of: WidthOf, width: float, size: float, min_size: float
) -> tuple[str, float]:
    """The text and font size that fit `width`: as given, smaller, or cut short with "…".

    The size shrinks no lower than `min_size`; a text still too wide at that size
    keeps as many leading characters as fit before the ellipsis.
    """
    natural = width_of(text, size)
    if natural <= width:
        return text, size
    # Sizes in tenths of a point keep the arithmetic honest with rounding below.
    smaller = int(size * width / natural * 10) / 10
    if smaller >= min_size and width_of(text, smaller) <= width:
        return text, smaller
    low, high = 0, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if width_of(_cut(text, middle).rstrip() + ELLIPSIS, min_size) <= width:
            low = middle
        else:
            high = middle - 1
    kept = _cut(text, low).rstrip()
    if width_of(kept + ELLIPSIS, min_size) > width:
        return "", min_size
    return kept + ELLIPSIS, min_size


def _breaks(text: str) -> list[tuple[str, str]]:
    """Each way to break the text in two: at a space (dropped) or after a hyphen."""
    found = []
    for index, char in enumerate(text):
        if char == " ":
            found.append((text[:index].rstrip(), text[index + 1 :].lstrip()))
        elif char == "-" and 0 < index < len(text) - 1:
            found.append((text[: index + 1], text[index + 1 :]))
    return [(first, second) for first, second in found if first and second]


def fit_two_lines(
    text: str, width_of: WidthOf, width: float, size: float, min_size: float
) -> tuple[list[str], float]:
    """Like `fit_text`, but the text may break once, at a space or after a hyphen.

    One line is kept while it fits whole at ONE_LINE_SHRINK of `size` or more.
    Otherwise the break that allows the largest size is taken, if that beats one line
    or shows more of the text. Both lines share one size; a second line still too wide
    at `min_size` ends with "…".
    """
    single, single_size = fit_text(text, width_of, width, size, min_size)
    if single == text and single_size >= size * ONE_LINE_SHRINK:
        return [single], single_size
    best: tuple[list[str], float] | None = None
    for first, second in _breaks(text):
        first_fit, first_size = fit_text(first, width_of, width, size, min_size)
        if first_fit != first:
            continue
        second_size = fit_text(second, width_of, width, first_size, min_size)[1]
        shared = min(first_size, second_size)
        if best is None or shared > best[1]:
            best = ([first, second], shared)
    if best is None:
        return [single], single_size
    (first, second), shared = best
    lines = [first, fit_text(second, width_of, width, shared, shared)[0]]
    if shared > single_size or len("".join(lines)) > len(single):
        return lines, shared
    return [single], single_size


def wrap_text(text: str, width_of: WidthOf, width: float, size: float) -> list[str]:
    """Lines of whole words no wider than `width`; a word wider than that is cut to fit."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        candidate = f"{current} {word}" if current else word
        if width_of(candidate, size) <= width:
            current = candidate
            continue
        if current:
            lines.append(current)
        current, _ = fit_text(word, width_of, width, size, size)
    if current:
        lines.append(current)
    return lines
