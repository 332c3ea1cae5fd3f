"""Issue 33 item 17: `serve`'s QR codes, read back as a terminal shows them. Drawn in
colour, every module is black or white whatever the terminal's theme; plain (piped, or
NO_COLOR), the code is drawn for a dark terminal, as before."""

import io
import re
import sys

import pytest
import segno

from phase10_keeper.serve_command import QUIET_ZONE, _qr_text, draws_in_colour

LINK = "http://192.168.1.20:8765/#key=Pz6wZ9tQ1mVb3rXkLc8yNa"
PALETTE = {16: "dark", 231: "light"}
"""The xterm cube's black and white."""
THEMES = {"light terminal": ("dark", "light"), "dark terminal": ("light", "dark")}
"""Each theme's own (foreground, background)."""
_SGR = re.compile(r"\x1b\[([0-9;]*)m")


def _shown(text: str, theme: tuple[str, str]) -> list[list[bool]]:
    """What a terminal of `theme` shows `text` as: rows of modules, True where dark."""
    default_fg, default_bg = theme
    rows: list[list[bool]] = []
    for line in text.split("\n"):
        fg, bg = default_fg, default_bg
        top: list[bool] = []
        bottom: list[bool] = []
        # Split by the colour codes: text and codes, by turns.
        for index, piece in enumerate(_SGR.split(line)):
            if index % 2:
                numbers = [int(n) for n in piece.split(";") if n] or [0]
                while numbers:
                    number = numbers.pop(0)
                    if number == 0:
                        fg, bg = default_fg, default_bg
                    elif number in (38, 48):
                        assert numbers.pop(0) == 5
                        colour = PALETTE[numbers.pop(0)]
                        fg, bg = (colour, bg) if number == 38 else (fg, colour)
                    else:
                        raise AssertionError(f"an unexpected colour code {number}")
                continue
            for character in piece:
                upper, lower = {
                    "▀": (fg, bg),
                    "▄": (bg, fg),
                    "█": (fg, fg),
                    " ": (bg, bg),
                }[character]
                top.append(upper == "dark")
                bottom.append(lower == "dark")
        rows += [top, bottom]
    return rows


def _matrix(border: int) -> list[list[bool]]:
    return [
        [bool(module) for module in row]
        for row in segno.make(LINK, error="m").matrix_iter(scale=1, border=border)
    ]


@pytest.mark.parametrize("theme", THEMES)
def test_a_code_in_colour_shows_segnos_matrix_on_a_light_and_a_dark_terminal(theme: str):
    shown = _shown(_qr_text(LINK, colour=True), THEMES[theme])
    wanted = _matrix(QUIET_ZONE)
    # An odd count of rows: the last line's lower half is more quiet zone.
    assert shown[: len(wanted)] == wanted
    assert not any(any(row) for row in shown[len(wanted) :])


def test_a_plain_code_has_no_colour_and_shows_the_matrix_on_a_dark_terminal():
    plain = _qr_text(LINK, colour=False)
    assert "\x1b" not in plain
    wanted = _matrix(2)
    assert _shown(plain, THEMES["dark terminal"])[: len(wanted)] == wanted
    # On a light terminal it is the negative: the reason colour is the default.
    assert _shown(plain, THEMES["light terminal"])[: len(wanted)] != wanted


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_colour_is_for_a_terminal_without_no_color(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert draws_in_colour(_Terminal())
    assert not draws_in_colour(io.StringIO())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not draws_in_colour(_Terminal())
    monkeypatch.setattr(sys, "stdout", _Terminal())
    assert "\x1b" not in _qr_text(LINK)
