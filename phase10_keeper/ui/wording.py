"""Sentences about a game's state, translated, for every view that shows them."""

from PySide6.QtCore import QCoreApplication, QDateTime, QLocale, Qt

from phase10_keeper.rules import GameState, Status, WinReason
from phase10_keeper.ui.user_text import in_sentence


def _tr(text: str) -> str:
    return QCoreApplication.translate("wording", text)


def names_list(names: tuple[str, ...] | list[str]) -> str:
    """ "A", "A and B", "A, B and C", each name as a sentence shows it."""
    names = [in_sentence(name) for name in names]
    if len(names) == 1:
        return names[0]
    return _tr("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])


def win_reason(reason: WinReason | None) -> str:
    reasons = {
        WinReason.ONLY_COMPLETER: _tr("the only one to complete the last phase"),
        WinReason.LOWEST_TOTAL_OF_COMPLETERS: _tr(
            "the lowest total among those who completed the last phase"
        ),
        WinReason.LOWEST_TOTAL_AFTER_FIXED_HANDS: _tr("the lowest total after the last hand"),
        WinReason.WENT_OUT_IN_REPLAY: _tr("went out first in the tie-break replay hand"),
        WinReason.LAST_AT_TABLE: _tr("the only player left at the table"),
    }
    return reasons[reason] if reason is not None else ""


def headline(state: GameState) -> str:
    """The one line at the top of the window: the winner, the tie, or the next hand."""
    if state.status is Status.FINISHED:
        return _tr("{winner} wins").format(winner=in_sentence(state.winner or ""))
    if state.status is Status.TIEBREAK:
        return _tr("Tie at {total} points").format(total=state.tied_total)
    return _tr("Hand {number}").format(number=state.hand_number)


def detail(state: GameState) -> str:
    """The sentence under the headline: why the game was won, or who deals and plays first."""
    if state.status is Status.FINISHED:
        return _tr("{winner}: {reason}.").format(
            winner=in_sentence(state.winner or ""), reason=win_reason(state.win_reason)
        )
    if state.status is Status.TIEBREAK:
        phase = state.replay_phase()
        what = (
            _tr("replay phase {label}").format(label=phase.label)
            if phase is not None
            else _tr("play one more hand")
        )
        return _tr(
            "{players} tied on {total} points: only they {what}; whoever goes out first "
            "wins. {dealer} deals, {first} plays first."
        ).format(
            players=names_list(state.tiebreak_players),
            total=state.tied_total,
            what=what,
            dealer=in_sentence(state.dealer or ""),
            first=in_sentence(state.first_player or ""),
        )
    return _tr("{dealer} deals, {first} plays first.").format(
        dealer=in_sentence(state.dealer or ""), first=in_sentence(state.first_player or "")
    )


def ranking_line(state: GameState) -> str:
    """ "1. Zoë 145 · 2. Łukasz 160 · …" for the final standings."""
    parts = []
    for place, name in enumerate(state.ranking(), start=1):
        parts.append(
            _tr("{place}. {name} {total}").format(
                place=place, name=in_sentence(name), total=state.player(name).total
            )
        )
    return " · ".join(parts)


def status_text(status: Status) -> str:
    return {
        Status.IN_PROGRESS: _tr("In progress"),
        Status.TIEBREAK: _tr("Tie-break to play"),
        Status.FINISHED: _tr("Finished"),
    }[status]


def date_text(started: str | None) -> str:
    """An ISO 8601 moment as the user's short local date; text that is none, unchanged."""
    if not started:
        return ""
    moment = QDateTime.fromString(started, Qt.DateFormat.ISODate)
    if not moment.isValid():
        return started
    return QLocale().toString(moment.toLocalTime().date(), QLocale.FormatType.ShortFormat)
