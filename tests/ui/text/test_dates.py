"""Dates as people read them: the locale's short date, ISO 8601 where the locale is C
(as the command line writes them), never broken across lines, and the time of day where
a list tells one evening's games apart."""

import re
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QLocale

from phase10_keeper.rules import Status
from phase10_keeper.ui.library.start_view import StartView
from phase10_keeper.ui.text.wording import date_text, date_time_text

from ..library.test_start_view import Summary

# Midday in UTC: the same date in every time zone the tests run in.
STARTED = "2026-12-01T12:00:00+00:00"


@pytest.fixture
def c_locale() -> Iterator[None]:
    before = QLocale()
    QLocale.setDefault(QLocale.c())
    yield
    QLocale.setDefault(before)


def test_the_c_locale_reads_dates_as_iso(c_locale) -> None:
    assert date_text(STARTED) == "2026-12-01"
    assert re.fullmatch(r"2026-12-01 \d\d:\d\d", date_time_text(STARTED))


def test_a_locales_date_keeps_its_own_form_and_gains_the_time(german_locale) -> None:
    assert date_text(STARTED) == "01.12.26"
    assert re.fullmatch(r"01\.12\.26 \d\d:\d\d", date_time_text(STARTED))


def test_a_date_never_breaks_across_lines(qtbot) -> None:
    before = QLocale()
    QLocale.setDefault(QLocale(QLocale.Language.Hungarian, QLocale.Country.Hungary))
    try:
        text = date_text(STARTED)
        assert " " not in text
        view = StartView()
        qtbot.addWidget(view)
        game = Summary(1, "Friday", STARTED, None, ("Ann", "Bo"), 2, Status.IN_PROGRESS, None)
        view.set_games([game])
        description = view.continue_buttons[1].description()
        assert description.endswith(text)
    finally:
        QLocale.setDefault(before)


def test_no_date_is_no_text(c_locale) -> None:
    assert date_text(None) == ""
    assert date_time_text(None) == ""
    assert date_time_text("not a date") == "not a date"
