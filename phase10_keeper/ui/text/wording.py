"""Sentences about a game's state, and the names of the presets, in the window's
language, for every view that shows them. What the rest of the program words too (why
the winner won, the tie, a list of names, a phase) comes from
`phase10_keeper.language.wording`."""

from PySide6.QtCore import QDateTime, QLocale, Qt

from phase10_keeper.language import wording as language_wording
from phase10_keeper.language.wording import preset_name, tie_sentence, win_reason
from phase10_keeper.rules import GameState, Phase, Preset, Status
from phase10_keeper.ui.text.escape import in_sentence
from phase10_keeper.ui.text.translate import app_words, tr


def number_text(value: float, decimals: int | None = None) -> str:
    """A number as the user's locale writes it: a whole number in full (1,234 or 1.234),
    another with `decimals` places, or to six significant digits without trailing zeros
    ("2.5", "100")."""
    if decimals is None and isinstance(value, int):
        return QLocale().toString(value)
    if decimals is None:
        return QLocale().toString(float(value), "g", 6)
    return QLocale().toString(float(value), "f", decimals)


def headline(state: GameState) -> str:
    """The one line at the top of the window: the winner, the tie, or the next hand."""
    if state.status is Status.FINISHED:
        return tr("wording.winner_headline", name=in_sentence(state.winner or ""))
    if state.status is Status.TIEBREAK:
        return tr("wording.tie_headline", total=number_text(state.tied_total or 0))
    return tr("wording.hand_headline", number=state.hand_number)


def detail(state: GameState) -> str:
    """The sentence under the headline: why the game was won, or who deals and plays first."""
    if state.status is Status.FINISHED:
        return tr(
            "wording.winner_detail",
            name=in_sentence(state.winner or ""),
            reason=win_reason(app_words(), state, in_sentence),
        )
    first = in_sentence(state.first_player or "")
    if state.status is Status.TIEBREAK:
        return tr(
            "wording.tie_detail", tie=tie_sentence(app_words(), state, in_sentence), first=first
        )
    return tr("wording.next_hand_detail", dealer=in_sentence(state.dealer or ""), first=first)


def ranking_line(state: GameState) -> str:
    """ "1. Zoë 145 · 2. Łukasz 160 · …" for the final standings."""
    return tr("wording.ranking_separator").join(
        tr(
            "wording.ranking_place",
            place=place,
            name=in_sentence(name),
            total=number_text(state.player(name).total),
        )
        for place, name in enumerate(state.ranking(), start=1)
    )


def phase_title(phase: Phase) -> str:
    """ "Phase 3: 1 set of 4 + 1 run of 4" """
    return language_wording.phase_title(app_words(), phase)


def preset_names() -> dict[Preset, str]:
    """The presets as the dialogs offer them, in the user's language. The short game is
    named without its target phase: the table picks the target beside it."""
    language = app_words()
    names = {preset: preset_name(language, preset) for preset in Preset}
    names[Preset.SHORT] = language("rules.short")
    return names


def status_text(status: Status) -> str:
    return {
        Status.IN_PROGRESS: tr("wording.status_in_progress"),
        Status.TIEBREAK: tr("wording.status_tiebreak"),
        Status.FINISHED: tr("wording.status_finished"),
    }[status]


NO_BREAK_SPACE = "\u00a0"


# The enum members a date is written with, looked up once: looking one up goes through
# Python's enum machinery each time, which a player's thousands of dated games add up to
# most of a second.
_ISO_DATE = Qt.DateFormat.ISODate
_SHORT = QLocale.FormatType.ShortFormat


def _is_c(locale: QLocale) -> bool:
    """Whether this is the C locale. Asked by its name: its language comes back as a
    member of an enum of hundreds, looked up each time."""
    return locale.name() == "C"


def date_text(started: str | None) -> str:
    """An ISO 8601 moment as the user's short local date, in one piece (a line breaks
    around it, never inside it); text that is none, unchanged."""
    return _local_text(started, with_time=False)


def date_time_text(started: str | None) -> str:
    """The local date and time of day of an ISO 8601 moment: one evening's games apart."""
    return _local_text(started, with_time=True)


def _local_text(started: str | None, *, with_time: bool) -> str:
    """The moment's local date, and time of day if asked, each in one piece.

    The C locale (`LANG=C.UTF-8`) has no way of its own to write a date ("1 12 2026"):
    there it is written 2026-12-01 20:15, as the command line writes it.
    """
    if not started:
        return ""
    moment = QDateTime.fromString(started, _ISO_DATE)
    if not moment.isValid():
        return started
    moment = moment.toLocalTime()
    locale = QLocale()
    if _is_c(locale):
        parts = [moment.date().toString(_ISO_DATE)]
        if with_time:
            parts.append(moment.time().toString("HH:mm"))
    else:
        parts = [locale.toString(moment.date(), _SHORT)]
        if with_time:
            parts.append(locale.toString(moment.time(), _SHORT))
    return " ".join(part.replace(" ", NO_BREAK_SPACE) for part in parts)
