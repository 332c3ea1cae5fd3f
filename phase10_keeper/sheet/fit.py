"""Fitting text into a width: shrink, then shorten with an ellipsis; wrapping notes.

Measurement is passed in as a function, so this module needs no PDF library and its
behaviour can be checked with any width function.
"""

import unicodedata
from collections.abc import Callable

WidthOf = Callable[[str, float], float]
"""The drawn width of a text at a font size, in points."""

ELLIPSIS = "…"


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
