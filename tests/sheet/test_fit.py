"""Fitting names into their cells: shrink to a minimum size, then shorten with "…"."""

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st
from reportlab.pdfbase.pdfmetrics import stringWidth

from phase10_keeper.sheet import Paper
from phase10_keeper.sheet.fit import (
    ELLIPSIS,
    fit_text,
    fit_two_lines,
    printable_form,
    right_to_left,
    wrap_text,
)
from phase10_keeper.sheet.geometry import MARGIN
from phase10_keeper.sheet.pen import BOLD, register_fonts, width_of
from phase10_keeper.sheet.render import (
    NAME_MIN_SIZE,
    NAME_PAD,
    NAME_SIZE,
    NAME_WIDTH,
)

from .pdfs import read_sheet, text_origins

register_fonts([])
bold_width = width_of(BOLD)
ROOM = 100.0


def test_short_text_is_left_alone() -> None:
    assert fit_text("Ann", bold_width, ROOM, NAME_SIZE, NAME_MIN_SIZE) == ("Ann", NAME_SIZE)


def test_a_longer_name_shrinks_before_it_is_shortened() -> None:
    text, size = fit_text("Nguyễn Thị Minh Khai", bold_width, ROOM, NAME_SIZE, NAME_MIN_SIZE)
    assert text == "Nguyễn Thị Minh Khai"
    assert NAME_MIN_SIZE <= size < NAME_SIZE
    assert bold_width(text, size) <= ROOM


def test_a_very_long_name_is_shortened_with_an_ellipsis_at_the_minimum_size() -> None:
    name = "Maximiliane Friederike von Hohenzollern-Sigmaringen"
    text, size = fit_text(name, bold_width, ROOM, NAME_SIZE, NAME_MIN_SIZE)
    assert size == NAME_MIN_SIZE
    assert text.endswith(ELLIPSIS)
    assert name.startswith(text[:-1])
    assert bold_width(text, size) <= ROOM
    longer = name[: len(text)].rstrip() + ELLIPSIS
    assert bold_width(longer, size) > ROOM


def test_shortening_never_drops_the_accent_off_a_letter() -> None:
    name = printable_form("Nguye\u0302\u0303n") * 20
    decomposed = unicodedata.normalize("NFD", name)
    text, _ = fit_text(decomposed, bold_width, 50, NAME_SIZE, NAME_MIN_SIZE)
    assert not unicodedata.combining(text[-2])


def test_nothing_fits_in_no_room() -> None:
    assert fit_text("Ann", bold_width, 1, NAME_SIZE, NAME_MIN_SIZE) == ("", NAME_MIN_SIZE)


@given(
    text=st.text(alphabet=st.characters(codec="latin-1", categories=["L", "N", "P", "Zs"])),
    room=st.floats(min_value=0, max_value=400),
)
def test_fitted_text_always_fits(text: str, room: float) -> None:
    shown, size = fit_text(text, bold_width, room, NAME_SIZE, NAME_MIN_SIZE)
    assert NAME_MIN_SIZE <= size <= NAME_SIZE
    assert bold_width(shown, size) <= room
    assert shown == text or shown == "" or shown.endswith(ELLIPSIS)


@given(
    text=st.text(alphabet=st.sampled_from("aZë Ł-W.é"), max_size=80),
    room=st.floats(min_value=0, max_value=300),
)
def test_two_fitted_lines_always_fit(text: str, room: float) -> None:
    lines, size = fit_two_lines(text, bold_width, room, NAME_SIZE, NAME_MIN_SIZE)
    assert 1 <= len(lines) <= 2
    assert NAME_MIN_SIZE <= size <= NAME_SIZE
    assert all(bold_width(line, size) <= room for line in lines)


@pytest.mark.parametrize("paper", list(Paper))
def test_names_drawn_on_the_sheet_stay_in_their_cell(paper: Paper) -> None:
    names = [
        "Maximiliane Friederike von Hohenzollern-Sigmaringen",
        "Wolfeschlegelsteinhausenbergerdorff",
        "Ελευθερία Παπαδοπούλου-Κωνσταντινίδου",
        "Anna-Katharina Müller-Lüdenscheidt",
        "Nguyễn Thị Minh Khai",
        "Zoë",
    ]
    reader = read_sheet(names=names, paper=paper)
    right = MARGIN + NAME_WIDTH - NAME_PAD
    in_name_column = [
        (text.strip(), x, size)
        for text, x, _, size in text_origins(reader, 0)
        if x < MARGIN + NAME_WIDTH
    ]
    texts = [text for text, *_ in in_name_column]
    drawn = in_name_column[texts.index("Player") + 1 : texts.index("Phases")]
    for text, x, size in drawn:
        assert size >= NAME_MIN_SIZE
        assert x + stringWidth(text, BOLD, size) <= right + 0.01, text
    shown = "".join(text if text.endswith("-") else text + " " for text, *_ in drawn)
    for name in names:
        if name.startswith("Wolfe"):
            assert "Wolfeschlegelsteinhausen" in shown
            assert ELLIPSIS in shown
        else:
            assert name in shown


def test_a_name_breaks_between_words_rather_than_shrink_far() -> None:
    name = "Maximiliane Friederike von Hohenzollern-Sigmaringen"
    lines, size = fit_two_lines(name, bold_width, ROOM, NAME_SIZE, NAME_MIN_SIZE)
    assert len(lines) == 2
    assert lines == ["Maximiliane Friederike von", "Hohenzollern-Sigmaringen"]
    assert size > NAME_MIN_SIZE
    assert all(bold_width(line, size) <= ROOM for line in lines)
    assert fit_two_lines("Zoë", bold_width, ROOM, NAME_SIZE, NAME_MIN_SIZE) == (["Zoë"], NAME_SIZE)
    one_word = "Wolfeschlegelsteinhausenbergerdorffwelchevoralternwarengewissenhaft"
    lines, size = fit_two_lines(one_word, bold_width, ROOM, NAME_SIZE, NAME_MIN_SIZE)
    assert lines == [fit_text(one_word, bold_width, ROOM, NAME_SIZE, NAME_MIN_SIZE)[0]]
    assert lines[0].endswith(ELLIPSIS)


def test_a_name_may_break_after_a_hyphen() -> None:
    name = "Παπαδοπούλου-Κωνσταντινίδου"
    lines, _ = fit_two_lines(name, bold_width, ROOM, NAME_SIZE, NAME_MIN_SIZE)
    assert lines == ["Παπαδοπούλου-", "Κωνσταντινίδου"]


def test_a_second_line_too_long_is_cut_short() -> None:
    name = "Ann " + "Wolfeschlegelsteinhausenbergerdorffwelchevoralternwarengewissenhaft"
    lines, size = fit_two_lines(name, bold_width, ROOM, NAME_SIZE, NAME_MIN_SIZE)
    assert size == NAME_MIN_SIZE
    assert lines[-1].endswith(ELLIPSIS)
    assert all(bold_width(line, size) <= ROOM for line in lines)


def test_wrapping_keeps_whole_words_within_the_width() -> None:
    note = "The game ends when someone completes phase 10; the lowest total wins."
    lines = wrap_text(note, bold_width, 120, 8)
    assert len(lines) > 1
    assert " ".join(lines) == note
    assert all(bold_width(line, 8) <= 120 for line in lines)


def test_right_to_left_scripts_are_recognised() -> None:
    assert right_to_left("שרה")
    assert right_to_left("Ann سارة")
    assert not right_to_left("Дмитрий Ελένη Łukasz")
