"""Sentences and names about a game, in one language: the phases, the rules, who won
and why. The command line, the statistics and the printed sheet all word them here."""

from collections.abc import Sequence
from datetime import date, datetime

from phase10_keeper.language import NameShown, Words, as_it_is
from phase10_keeper.rules import (
    MASTERS_TIN_DECK,
    OFFICIAL_VALUES,
    STANDARD_DECK,
    CardKind,
    GameState,
    Group,
    Order,
    Phase,
    Preset,
    Problem,
    RuleSet,
    Status,
    WinReason,
    preset_rules,
)

_PRINTED_DATES = {
    "en": "{day} {month_name} {year}",
    "de": "{day:02}.{month:02}.{year}",
    "fr": "{day:02}/{month:02}/{year}",
    "es": "{day:02}/{month:02}/{year}",
    "nl": "{day:02}-{month:02}-{year}",
    "pl": "{day:02}.{month:02}.{year}",
}
"""How each language writes a date on paper: the form its readers expect on a printed
page, whichever country they are in (English in the day-month-year order that neither
side of the Atlantic misreads)."""
_DATE_AND_TIME = {"fr": "{date} {time}"}
"""Where a language joins a date and a time of day otherwise than with a comma."""
_ENGLISH_MONTHS = [
    "Jan",
    "Feb",
    "Mar",
    "Apr",
    "May",
    "Jun",
    "Jul",
    "Aug",
    "Sep",
    "Oct",
    "Nov",
    "Dec",
]


def printed_date(code: str, day: date) -> str:
    """The date as the language with this code writes it on paper: 6 Dec 2026, 06.12.2026."""
    return _PRINTED_DATES[code].format(
        day=day.day, month=day.month, year=day.year, month_name=_ENGLISH_MONTHS[day.month - 1]
    )


def printed_moment(code: str, moment: datetime) -> str:
    """A date and a time of day (24-hour) as the language writes them on paper."""
    pattern = _DATE_AND_TIME.get(code, "{date}, {time}")
    return pattern.format(date=printed_date(code, moment.date()), time=moment.strftime("%H:%M"))


def listed_names(words: Words, names: Sequence[str], shown: NameShown = as_it_is) -> str:
    """ "Ana", "Ana and Bo", "Ana, Bo and Cy" """
    if len(names) == 1:
        return shown(names[0])
    return words(
        "names.and",
        names=words("names.separator").join(shown(name) for name in names[:-1]),
        last=shown(names[-1]),
    )


def group_description(words: Words, group: Group, count: int = 1) -> str:
    """Words for `count` groups like this one: "2 sets of 3", "7 cards of one colour"."""
    kind = group.kind.value.replace("-", "_")
    sized = f"phase.{kind}.{group.size}"
    key = sized if words.has(sized) else f"phase.{kind}"
    return words.count(key, count, size=group.size)


def phase_description(words: Words, phase: Phase) -> str:
    """Words for the whole phase: "1 set of 4 + 1 run of 4"."""
    parts: list[str] = []
    index = 0
    groups = phase.groups
    while index < len(groups):
        repeats = 1
        while index + repeats < len(groups) and groups[index + repeats] == groups[index]:
            repeats += 1
        parts.append(group_description(words, groups[index], repeats))
        index += repeats
    return words("phase.joiner").join(parts)


def phase_title(words: Words, phase: Phase) -> str:
    """ "Phase 3: 1 set of 4 + 1 run of 4" """
    return words(
        "wording.phase_title", phase=phase.label, description=phase_description(words, phase)
    )


def card_label(words: Words, kind: CardKind) -> str:
    """The name of a kind of card left in hand: "1-9" (with an en dash), "Skip"."""
    return words(f"card.{kind.value}")


def rules_description(words: Words, rules: RuleSet) -> str:
    """One line for what the rules do: "Mattel rules", "Even phases only, super wild".

    Only what has an effect is named: a target with a fixed number of hands, or
    two-strike where players choose their phase, change nothing and go unmentioned.
    """
    default = preset_rules(rules.preset)
    choose = rules.order is Order.CHOOSE
    ends_by_target = rules.hands is None
    if rules.preset is Preset.SHORT and ends_by_target and not choose:
        parts = [words("rules.short_to_phase", phase=rules.target_phase.label)]
    elif rules.preset is Preset.SHORT:
        parts = [words("rules.short")]
    elif rules.preset is Preset.MASTERS and not choose:
        parts = [words("rules.masters")]
    else:
        parts = [preset_name(words, rules.preset)]
    if rules.phases != default.phases:
        parts.append(words("rules.house_phases"))
    if rules.order is not default.order:
        parts.append(words("rules.choose" if choose else "rules.in_order"))
    # A short game names its target already; elsewhere the whole list is the default.
    named_target = rules.preset is Preset.SHORT and not choose
    if ends_by_target and not named_target and rules.target != len(rules.phases):
        if choose:
            parts.append(words.count("rules.ends_at_phases", rules.target))
        else:
            parts.append(words("rules.ends_at_phase", phase=rules.target_phase.label))
    if rules.hands is not None and rules.hands != default.hands:
        parts.append(words.count("rules.hands", rules.hands))
    if rules.super_wild:
        parts.append(words("rules.super_wild"))
    if rules.two_strike_applies:
        parts.append(words("rules.two_strike"))
    if rules.card_values != OFFICIAL_VALUES:
        parts.append(words("rules.house_card_values"))
    if rules.deck == MASTERS_TIN_DECK:
        parts.append(words("rules.masters_tin_deck"))
    elif rules.deck != STANDARD_DECK:
        parts.append(words("rules.house_deck"))
    return words("rules.separator").join(parts)


def preset_name(words: Words, preset: Preset) -> str:
    return words(f"preset.{preset.value}")


def win_reason(words: Words, state: GameState, shown: NameShown = as_it_is) -> str:
    """Why the winner of a finished game won."""
    rules = state.rules
    winner = state.winner or ""
    total = state.player(winner).total if winner else 0
    choose = rules.order is Order.CHOOSE
    if state.win_reason in (WinReason.ONLY_COMPLETER, WinReason.LOWEST_TOTAL_OF_COMPLETERS):
        key = (
            "reason.only_completer"
            if state.win_reason is WinReason.ONLY_COMPLETER
            else "reason.lowest_of_completers"
        )
        if choose:
            return words.count(f"{key}.choose", rules.target, total=total)
        return words(f"{key}.sequence", phase=rules.target_phase.label, total=total)
    if state.win_reason is WinReason.LOWEST_TOTAL_AFTER_FIXED_HANDS:
        return words.count("reason.fixed_hands", rules.hands or 0, total=total)
    if state.win_reason is WinReason.LAST_AT_TABLE:
        return words("reason.last_at_table")
    others = [name for name in state.tiebreak_players if name != winner]
    return words(
        "reason.tiebreak", total=state.tied_total, names=listed_names(words, others, shown)
    )


def tie_sentence(words: Words, state: GameState, shown: NameShown = as_it_is) -> str:
    """Who tied, on what, and what they play now."""
    phase = state.replay_phase()
    values = {
        "total": state.tied_total,
        "names": listed_names(words, state.tiebreak_players, shown),
        "dealer": shown(state.dealer or ""),
    }
    if phase is None:
        return words("outcome.tie_any_phase", **values)
    return words("outcome.tie", phase=phase.label, **values)


def status_sentence(words: Words, state: GameState) -> str:
    """One sentence on where the game stands: who won, who must replay, or who deals."""
    if state.status is Status.FINISHED:
        return words("cli.wins", name=state.winner, reason=win_reason(words, state))
    if state.status is Status.TIEBREAK:
        return tie_sentence(words, state)
    return words(
        "cli.next_hand", hand=state.hand_number, dealer=state.dealer, first=state.first_player
    )


def problem_text(words: Words, problem: Problem) -> str:
    """What is wrong, without where: "went out, so must have made the phase"."""
    return problem.worded(words)


def problem_line(words: Words, problem: Problem) -> str:
    """What is wrong and where: "hand 3, Ana: went out, so must have made the phase"."""
    message = problem_text(words, problem)
    hand, player = problem.hand_number, problem.player
    if hand is not None and player is not None:
        return words("problem.where", hand=hand, player=player, message=message)
    if hand is not None:
        return words("problem.where_hand", hand=hand, message=message)
    if player is not None:
        return words("problem.where_player", player=player, message=message)
    return message
