"""Rule sets: the Mattel rules and the variants tables agree on before the first deal."""

from dataclasses import replace
from enum import StrEnum
from functools import cache

from phase10_keeper.rules.cards import (
    HAND_SIZE,
    MAX_CARD_VALUE,
    MAX_DECK_COUNT,
    OFFICIAL_VALUES,
    STANDARD_DECK,
    CardKind,
    CardValues,
    Deck,
)
from phase10_keeper.rules.phases import MATTEL_PHASES, Phase
from phase10_keeper.rules.problems import Problem, ProblemKey, error
from phase10_keeper.rules.record import Record, record


class RuleSetError(ValueError):
    """A rule set that cannot be played; `problem` says why."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.message)
        self.problem = problem


class Order(StrEnum):
    SEQUENCE = "sequence"
    """Everyone works through the phases in the listed order."""
    CHOOSE = "choose"
    """Each hand a player picks any phase they have not made yet (Masters)."""


class Preset(StrEnum):
    MATTEL = "mattel"
    MASTERS = "masters"
    EVEN = "even"
    ODD = "odd"
    SHORT = "short"
    FIXED_HANDS = "fixed-hands"


SHORT_GAME_TARGET = 5
FIXED_HANDS_DEFAULT = 10
MAX_PHASES = 40
"""Room for a house list of ten more phases after the tenth, twice over."""
MAX_HANDS = 1000
"""Far more than any evening's game; a file with more was not written by a table."""
SMALLEST_DECK = 2 * HAND_SIZE + 1
"""Two players dealt their hands, and the first card of the discard pile."""


@record
class RuleSet(Record):
    """Everything about a game's rules that the score keeper needs.

    `target` is, in sequence order, the 1-based position in `phases` of the phase whose
    completion ends the game; in choose order, how many phases a player must have made.
    `hands`, when set, fixes the number of hands: everyone advances every hand and the
    lowest total wins. `two_strike` only has an effect in sequence order; the game file
    contract does not forbid it elsewhere, so other orders keep the flag and ignore it.
    `card_values` is what each card left in hand costs and `deck` how many of each kind
    the deck holds: the official ones unless the table plays its own.
    """

    preset: Preset
    phases: tuple[Phase, ...]
    order: Order
    target: int
    hands: int | None = None
    super_wild: bool = False
    two_strike: bool = False
    card_values: CardValues = OFFICIAL_VALUES
    deck: Deck = STANDARD_DECK

    def __post_init__(self) -> None:
        problem = self.problem()
        if problem is not None:
            raise RuleSetError(problem)

    def problem(self) -> Problem | None:
        if not self.phases:
            return error(ProblemKey.NO_PHASES)
        if len(self.phases) > MAX_PHASES:
            return error(ProblemKey.TOO_MANY_PHASES, count=len(self.phases), most=MAX_PHASES)
        labels: set[int] = set()
        for phase in self.phases:
            phase_problem = phase.problem()
            if phase_problem is not None:
                return phase_problem
            if phase.label in labels:
                return error(ProblemKey.LABEL_REPEATED, phase=phase.label)
            labels.add(phase.label)
        if not 1 <= self.target <= len(self.phases):
            return error(ProblemKey.TARGET_RANGE, target=self.target, most=len(self.phases))
        if self.hands is not None and self.hands < 1:
            return error(ProblemKey.HANDS_TOO_FEW, hands=self.hands)
        if self.hands is not None and self.hands > MAX_HANDS:
            return error(ProblemKey.HANDS_TOO_MANY, count=self.hands, most=MAX_HANDS)
        return self._cards_problem()

    def _cards_problem(self) -> Problem | None:
        for kind, value in self.card_values.items():
            if not 0 <= value <= MAX_CARD_VALUE:
                return error(
                    ProblemKey.CARD_VALUE_RANGE, kind=kind, value=value, most=MAX_CARD_VALUE
                )
        for kind in (CardKind.LOW, CardKind.HIGH, CardKind.SKIP, CardKind.WILD):
            held = self.deck.of(kind)
            if not 0 <= held <= MAX_DECK_COUNT:
                return error(ProblemKey.DECK_COUNT_RANGE, kind=kind, held=held, most=MAX_DECK_COUNT)
        if self.deck.size < SMALLEST_DECK:
            return error(ProblemKey.DECK_TOO_SMALL, size=self.deck.size, least=SMALLEST_DECK)
        return None

    @property
    def fixed_hands(self) -> bool:
        return self.hands is not None

    @property
    def target_phase(self) -> Phase:
        """In sequence order, the phase whose completion ends the game."""
        return self.phases[self.target - 1]

    def phase(self, label: int) -> Phase | None:
        for phase in self.phases:
            if phase.label == label:
                return phase
        return None

    @property
    def two_strike_applies(self) -> bool:
        """Two-strike moves a player on only where phases are played in order and a miss
        keeps a player on their phase (with a fixed number of hands everyone moves on)."""
        return self.two_strike and self.order is Order.SEQUENCE and self.hands is None

    @property
    def target_label(self) -> int:
        """`target` as a game file writes it: the label of the phase that ends the game in
        sequence order, how many phases must be made in choose order."""
        if self.order is Order.CHOOSE:
            return self.target
        return self.target_phase.label


def target_position(phases: tuple[Phase, ...], order: Order, number: int) -> int:
    """The `target` a game file gives, as RuleSet.target holds it.

    In sequence order a number is the label of the phase that ends the game; a number
    that is no label of the list is a 1-based position, as files written before labels
    were meant. In choose order it is how many phases must be made.
    """
    if order is Order.CHOOSE:
        return number
    for position, phase in enumerate(phases, 1):
        if phase.label == number:
            return position
    if 1 <= number <= len(phases):
        return number
    labels = tuple(phase.label for phase in phases)
    raise RuleSetError(error(ProblemKey.TARGET_NOT_A_PHASE, target=number, labels=labels))


@cache
def preset_rules(preset: Preset) -> RuleSet:
    """The rule set a preset stands for, before any overrides. Made once a preset (a rule
    set cannot change): saving a hand and wording the rules compare with it."""
    phases = MATTEL_PHASES
    if preset is Preset.EVEN:
        phases = tuple(phase for phase in MATTEL_PHASES if phase.label % 2 == 0)
    elif preset is Preset.ODD:
        phases = tuple(phase for phase in MATTEL_PHASES if phase.label % 2 == 1)
    order = Order.CHOOSE if preset is Preset.MASTERS else Order.SEQUENCE
    target = SHORT_GAME_TARGET if preset is Preset.SHORT else len(phases)
    hands = FIXED_HANDS_DEFAULT if preset is Preset.FIXED_HANDS else None
    return RuleSet(preset=preset, phases=phases, order=order, target=target, hands=hands)


def build_rules(
    preset: Preset = Preset.MATTEL,
    *,
    phases: tuple[Phase, ...] | None = None,
    order: Order | None = None,
    target: int | None = None,
    hands: int | None = None,
    super_wild: bool = False,
    two_strike: bool = False,
    card_values: CardValues = OFFICIAL_VALUES,
    deck: Deck = STANDARD_DECK,
) -> RuleSet:
    """A preset with overrides; a missing target means the whole (possibly new) list."""
    base = preset_rules(preset)
    chosen_phases = base.phases if phases is None else phases
    if target is None:
        target = SHORT_GAME_TARGET if preset is Preset.SHORT else len(chosen_phases)
    return replace(
        base,
        phases=chosen_phases,
        order=base.order if order is None else order,
        target=target,
        hands=base.hands if hands is None else hands,
        super_wild=super_wild,
        two_strike=two_strike,
        card_values=card_values,
        deck=deck,
    )


MATTEL_RULES = preset_rules(Preset.MATTEL)
