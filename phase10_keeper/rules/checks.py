"""The entry checks: every error and warning a hand raises before it is recorded, from
what the hand sizes and the deck imply (see RULES.md, "What the hand sizes imply")."""

from collections.abc import Callable
from functools import cache
from itertools import accumulate
from math import gcd
from typing import Protocol

from phase10_keeper.rules.cards import HAND_SIZE, Cards, CardValues, Deck
from phase10_keeper.rules.game import Hand, PlayerResult
from phase10_keeper.rules.phases import Phase
from phase10_keeper.rules.problems import Problem, ProblemKey, Severity, Value
from phase10_keeper.rules.ruleset import Order, RuleSet
from phase10_keeper.rules.state import GameState
from phase10_keeper.rules.status import Status


def check_hand(state: GameState, hand: Hand) -> list[Problem]:
    """Every error and warning for recording `hand` as the next hand after `state`."""
    number = state.hand_number
    problems: list[Problem] = []

    def error(
        key: ProblemKey, player: str | None = None, field: str | None = None, **values: Value
    ) -> None:
        problems.append(Problem(Severity.ERROR, key, values, number, player, field))

    if state.is_over:
        error(ProblemKey.HAND_AFTER_END)
        return problems
    participants = state.participants()
    replay = state.status is Status.TIEBREAK
    seated = {player.name for player in state.players}
    for name in hand.results:
        if name not in seated:
            error(ProblemKey.NOT_A_PLAYER, name, name=name)
        elif not state.player(name).seated:
            error(ProblemKey.LEFT_HAS_RESULT, name)
        elif name not in participants:
            error(ProblemKey.NOT_IN_REPLAY, name)
    for name in participants:
        if name not in hand.results:
            error(ProblemKey.NO_RESULT, name)
    if hand.went_out not in participants:
        if hand.went_out in seated and not state.player(hand.went_out).seated:
            error(ProblemKey.LEFT_WENT_OUT, hand.went_out)
        elif hand.went_out in seated:
            error(ProblemKey.WENT_OUT_NOT_IN_REPLAY, hand.went_out)
        else:
            error(ProblemKey.WENT_OUT_UNKNOWN, name=hand.went_out)
    # The super wild fills two places in a phase, so the one player whose phase held it
    # may keep one card more; nobody's phase held it if somebody still has it in hand.
    super_wild_laid = state.rules.super_wild and not any(
        result.cards.super_wild for result in hand.results.values()
    )
    super_wild_makers: list[str] = []
    for name in participants:
        result = hand.results.get(name)
        if result is not None:
            problems.extend(
                _check_result(
                    state,
                    name,
                    result,
                    name == hand.went_out,
                    replay,
                    number,
                    super_wild_makers if super_wild_laid else None,
                )
            )
    for name in super_wild_makers[1:]:
        field = "low" if hand.results[name].points is None else "points"
        error(ProblemKey.SECOND_SUPER_WILD, name, field, other=super_wild_makers[0])
    problems.extend(_check_table(state, hand, number))
    return problems


def _check_result(
    state: GameState,
    name: str,
    result: PlayerResult,
    went_out: bool,
    replay: bool,
    number: int,
    super_wild_makers: list[str] | None,
) -> list[Problem]:
    """Problems with one player's result. Where the super wild may have been laid in a
    phase, `super_wild_makers` collects the makers who hold the one card more it allows.
    """
    rules = state.rules
    problems: list[Problem] = []

    def error(key: ProblemKey, field: str, /, **values: Value) -> None:
        problems.append(Problem(Severity.ERROR, key, values, number, name, field))

    def warning(key: ProblemKey, **values: Value) -> None:
        problems.append(Problem(Severity.WARNING, key, values, number, name, "low"))

    phase = _attempted_phase(state, name, result, replay, error)
    if result.points is not None:
        if went_out and not result.made:
            error(ProblemKey.WENT_OUT_NOT_MADE, "made")
        problems.extend(
            _check_points(
                rules, result, result.points, went_out, phase, number, name, super_wild_makers
            )
        )
        return problems
    negative = _check_counts(rules, result.cards, error)
    _check_held(result, went_out, phase, (name, super_wild_makers), (error, warning), negative)
    return problems


def _check_counts(rules: RuleSet, cards: Cards, error: Callable[..., None]) -> bool:
    """Errors for counts no hand holds: below zero, more than the deck has of a kind, more
    than a hand. Whether a count is below zero."""
    negative = (
        [(kind, count) for kind, count in cards.items() if count < 0]
        if min(cards.low, cards.high, cards.skip, cards.wild, cards.super_wild) < 0
        else []
    )
    for kind, count in negative:
        error(ProblemKey.NEGATIVE_CARDS, kind.value, kind=kind, held=count)
    if cards.super_wild and not rules.super_wild:
        error(ProblemKey.SUPER_WILD_NOT_PLAYED, "super_wild")
    elif cards.super_wild > 1:
        error(ProblemKey.SUPER_WILDS_OVER_DECK, "super_wild", count=cards.super_wild)
    deck = rules.deck
    if cards.wild + cards.super_wild > deck.wild:
        wilds = cards.wild + cards.super_wild
        error(ProblemKey.WILDS_OVER_DECK, "wild", count=wilds, limit=deck.wild)
    if cards.skip > deck.skip:
        error(ProblemKey.SKIPS_OVER_DECK, "skip", count=cards.skip, limit=deck.skip)
    if cards.low > deck.low:
        error(ProblemKey.LOWS_OVER_DECK, "low", count=cards.low, limit=deck.low)
    if cards.high > deck.high:
        error(ProblemKey.HIGHS_OVER_DECK, "high", count=cards.high, limit=deck.high)
    if cards.total > HAND_SIZE:
        error(ProblemKey.CARDS_OVER_HAND, "low", count=cards.total, limit=HAND_SIZE)
    return bool(negative)


def _check_held(
    result: PlayerResult,
    went_out: bool,
    phase: Phase | None,
    player: tuple[str, list[str] | None],
    say: tuple[Callable[..., None], Callable[..., None]],
    negative: bool,
) -> None:
    """What the cards held say of going out and of the phase: the player (their name and
    the super wild's makers) and how to say an error and a warning."""
    name, super_wild_makers = player
    error, warning = say
    cards = result.cards
    held = cards.total
    if went_out:
        if not result.made:
            error(ProblemKey.WENT_OUT_NOT_MADE, "made")
        if not cards.is_empty:
            error(ProblemKey.WENT_OUT_HOLDS_CARDS, "low", held=held)
    elif result.made and phase is not None and held <= HAND_SIZE:
        most = HAND_SIZE - phase.card_count
        if super_wild_makers is not None and held == most + 1:
            super_wild_makers.append(name)
        elif held > most:
            key = ProblemKey.MADE_HOLDS_TOO_MANY
            if super_wild_makers is not None:
                most += 1
                key = ProblemKey.MADE_HOLDS_TOO_MANY_SUPER_WILD
            error(
                key,
                "low",
                phase=phase.label,
                phase_cards=phase.card_count,
                count=most,
                held=held,
            )
        elif cards.is_empty:
            warning(ProblemKey.NO_CARDS_NOT_OUT)
    elif not result.made and not negative and held < HAND_SIZE:
        warning(ProblemKey.MISSED_HOLDS_FEW, count=held, hand_size=HAND_SIZE)


def _check_points(
    rules: RuleSet,
    result: PlayerResult,
    points: int,
    went_out: bool,
    phase: Phase | None,
    number: int,
    name: str,
    super_wild_makers: list[str] | None,
) -> list[Problem]:
    """Problems with a result typed as the total `points`: the checks the cards get, as
    far as a total shows them (which kinds of card it holds, it does not)."""
    problems: list[Problem] = []

    def error(key: ProblemKey, /, **values: Value) -> None:
        problems.append(Problem(Severity.ERROR, key, values, number, name, "points"))

    def warning(key: ProblemKey, /, **values: Value) -> None:
        problems.append(Problem(Severity.WARNING, key, values, number, name, "points"))

    # The super wild may be in this player's hand only if nobody holds it by count.
    super_wild = super_wild_makers is not None
    values, deck = rules.card_values, rules.deck
    step = _score_step(values, super_wild=rules.super_wild)
    if not result.cards.is_empty:
        error(ProblemKey.POINTS_AND_CARDS)
    elif points < 0 or (step and points % step):
        error(ProblemKey.POINTS_NOT_A_SCORE, points=points, step=step)
    elif went_out:
        if points:
            error(ProblemKey.WENT_OUT_SCORES_POINTS, points=points)
    elif not result.made:
        ten = worth(HAND_SIZE, exactly=True, super_wild=super_wild, values=values, deck=deck)
        fewer = worth(HAND_SIZE, exactly=False, super_wild=super_wild, values=values, deck=deck)
        if points > max(ten):
            error(ProblemKey.MISSED_POINTS_OVER, points=points, limit=max(ten))
        elif points not in fewer:
            error(ProblemKey.POINTS_NOT_POSSIBLE, count=HAND_SIZE, points=points)
        elif points < min(ten):
            warning(ProblemKey.MISSED_POINTS_FEW, points=points, least=min(ten))
    elif phase is not None:
        _check_made_points(points, phase, (name, super_wild_makers), rules, (error, warning))
    return problems


def _check_made_points(
    points: int,
    phase: Phase,
    player: tuple[str, list[str] | None],
    rules: RuleSet,
    say: tuple[Callable[..., None], Callable[..., None]],
) -> None:
    """Whether a player who made `phase` can hold `points` after it: the player (their
    name and the super wild's makers) and how to say an error and a warning."""
    name, super_wild_makers = player
    error, warning = say
    super_wild = super_wild_makers is not None
    values, deck = rules.card_values, rules.deck
    most = HAND_SIZE - phase.card_count
    kept = worth(most, exactly=False, super_wild=super_wild, values=values, deck=deck)
    # A phase that held the super wild leaves one card more (but not the super wild).
    laid = (
        worth(most + 1, exactly=False, super_wild=False, values=values, deck=deck)
        if super_wild
        else frozenset()
    )
    if points in kept:
        if points == 0:
            warning(ProblemKey.NO_CARDS_NOT_OUT)
    elif points in laid:
        assert super_wild_makers is not None
        super_wild_makers.append(name)
    else:
        limit = max(kept | laid)
        count = most + 1 if laid else most
        if points > limit:
            key = ProblemKey.MADE_POINTS_OVER_SUPER_WILD if laid else ProblemKey.MADE_POINTS_OVER
            error(
                key,
                phase=phase.label,
                phase_cards=phase.card_count,
                count=count,
                limit=limit,
                points=points,
            )
        else:
            error(ProblemKey.POINTS_NOT_POSSIBLE, count=count, points=points)


def _score_step(values: CardValues, *, super_wild: bool) -> int:
    """The number every score is a multiple of at these values: 5 at the official ones;
    0 where every card is free."""
    step = gcd(values.low, values.high, values.skip, values.wild)
    return gcd(step, values.super_wild) if super_wild else step


@cache
def worth(
    cards: int, *, exactly: bool, super_wild: bool, values: CardValues, deck: Deck
) -> frozenset[int]:
    """Every points total that `cards` cards (or, unless `exactly`, no more than that
    many) can be worth at `values`, within what `deck` has; with `super_wild`, one of
    them may be the super wild. Empty where the deck cannot make that many."""
    totals: set[int] = set()
    for super_wilds in range(2 if super_wild and cards and deck.wild else 1):
        for wild in range(min(deck.wild - super_wilds, cards - super_wilds) + 1):
            for skip in range(min(deck.skip, cards - super_wilds - wild) + 1):
                rest = cards - super_wilds - wild - skip
                for high in range(min(deck.high, rest) + 1):
                    if exactly:
                        if rest - high > deck.low:
                            continue
                        lows = range(rest - high, rest - high + 1)
                    else:
                        lows = range(min(deck.low, rest - high) + 1)
                    totals.update(
                        values.super_wild * super_wilds
                        + values.wild * wild
                        + values.skip * skip
                        + values.high * high
                        + values.low * low
                        for low in lows
                    )
    return frozenset(totals)


class _ResultError(Protocol):
    def __call__(self, key: ProblemKey, field: str, /, **values: Value) -> None: ...


def _attempted_phase(
    state: GameState,
    name: str,
    result: PlayerResult,
    replay: bool,
    error: _ResultError,
) -> Phase | None:
    """The phase this player attempted, after checking a `phase` the result gives."""
    rules = state.rules
    expected = state.replay_phase() if replay else _fixed_phase(state, name)
    if rules.order is Order.SEQUENCE or (replay and expected is not None):
        if result.phase is not None and expected is not None and result.phase != expected.label:
            error(ProblemKey.WRONG_PHASE, "phase", expected=expected.label, given=result.phase)
        return expected
    if result.phase is None:
        if replay:
            return None
        if not state.phases_left(name):
            # Only a fixed number of hands can outlast a player's phase list; such a
            # player plays on with nothing to make.
            if result.made:
                error(ProblemKey.MADE_EVERY_PHASE, "made")
            return None
        error(ProblemKey.PHASE_NOT_SAID, "phase")
        return None
    chosen = rules.phase(result.phase)
    if chosen is None:
        labels = tuple(phase.label for phase in rules.phases)
        error(ProblemKey.NO_SUCH_PHASE, "phase", phase=result.phase, labels=labels)
        return None
    if not replay and chosen.label in state.player(name).completed:
        error(ProblemKey.PHASE_MADE_ALREADY, "phase", phase=chosen.label)
    return chosen


def _fixed_phase(state: GameState, name: str) -> Phase | None:
    if state.rules.order is Order.CHOOSE:
        return None
    return state.rules.phases[state.player(name).position]


_Limit = tuple[str, ProblemKey, int, Callable[[Cards], int]]


@cache
def _table_limits(deck: Deck, super_wild: bool) -> tuple[_Limit, ...]:
    limits: tuple[_Limit, ...] = (
        ("low", ProblemKey.TABLE_LOW, deck.low, lambda cards: cards.low),
        ("high", ProblemKey.TABLE_HIGH, deck.high, lambda cards: cards.high),
        ("skip", ProblemKey.TABLE_SKIP, deck.skip, lambda cards: cards.skip),
        ("wild", ProblemKey.TABLE_WILD, deck.wild, lambda cards: cards.wild + cards.super_wild),
    )
    if super_wild:
        limits += (("super_wild", ProblemKey.TABLE_SUPER_WILD, 1, lambda cards: cards.super_wild),)
    return limits


def _check_table(state: GameState, hand: Hand, number: int) -> list[Problem]:
    """Kinds of card held across the table beyond what the deck has.

    No one player is at fault, but an error must name a player: it names the one whose
    count, added up in seating order, goes past the deck, and lists every holder. One
    player over the deck alone already has an error of their own.
    """
    # Added up in one pass, as each limit's count_of would: a replay asks this every hand.
    low = high = skip = wild = super_wild = 0
    for result in hand.results.values():
        cards = result.cards
        low += max(cards.low, 0)
        high += max(cards.high, 0)
        skip += max(cards.skip, 0)
        wild += max(cards.wild + cards.super_wild, 0)
        super_wild += max(cards.super_wild, 0)
    across = {"low": low, "high": high, "skip": skip, "wild": wild, "super_wild": super_wild}
    limits = _table_limits(state.rules.deck, state.rules.super_wild)
    over = [
        (field, key, limit, count_of)
        for field, key, limit, count_of in limits
        if across[field] > limit
    ]
    if not over:
        return []
    seated = [player.name for player in state.players]
    names = [name for name in seated if name in hand.results]
    names += [name for name in hand.results if name not in seated]
    problems = []
    for field, key, limit, count_of in over:
        counts = [(name, count_of(hand.results[name].cards)) for name in names]
        holders = [(name, count) for name, count in counts if count > 0]
        if any(count > limit for _, count in holders):
            continue
        running = accumulate(count for _, count in holders)
        past_limit = next(
            (name for (name, _), held in zip(holders, running, strict=True) if held > limit), None
        )
        if past_limit is None:
            continue
        held = sum(count for _, count in holders)
        values: dict[str, Value] = {"count": held, "holders": tuple(holders), "limit": limit}
        problems.append(Problem(Severity.ERROR, key, values, number, past_limit, field))
    return problems
