"""Standings are derived by replaying the hand log, one hand at a time.

`advance` takes the state after some hands and the next hand and gives the state after
it, so replaying a log, appending a hand and editing a hand in the middle (replaying
from there) all go through the same steps and cannot disagree.
"""

from collections.abc import Callable
from enum import StrEnum
from itertools import accumulate
from typing import NamedTuple, Protocol

from phase10_keeper.collector import cycle_collector_paused
from phase10_keeper.rules.cards import (
    DECK_HIGH,
    DECK_LOW,
    DECK_SKIPS,
    DECK_WILDS,
    HAND_SIZE,
    Cards,
)
from phase10_keeper.rules.game import Game, Hand, Leave, PlayerResult, SeatingChange
from phase10_keeper.rules.log import Log
from phase10_keeper.rules.phases import Phase
from phase10_keeper.rules.problems import GameError, Problem, ProblemKey, Severity, Value
from phase10_keeper.rules.record import Record, record
from phase10_keeper.rules.ruleset import Order, RuleSet
from phase10_keeper.rules.status import Status


class WinReason(StrEnum):
    ONLY_COMPLETER = "only_completer"
    """The only player to complete the last phase in the final hand."""
    LOWEST_TOTAL_OF_COMPLETERS = "lowest_total_of_completers"
    LOWEST_TOTAL_AFTER_FIXED_HANDS = "lowest_total_after_fixed_hands"
    WENT_OUT_IN_REPLAY = "went_out_in_replay"
    LAST_AT_TABLE = "last_at_table"
    """Everyone else left the table."""


# A replay makes these by the thousand (one per player per hand): as named tuples they
# are made in half the time frozen dataclasses take, and read as quickly.
class PlayerState(NamedTuple):
    name: str
    seat: int
    position: int
    """Index in the rule set's phase list of the phase attempted next (sequence order)."""
    completed: tuple[int, ...]
    """Labels of the phases made, in the order made."""
    total: int
    hand_points: Log[int]
    """One entry per hand the player took part in."""
    misses: int
    """Hands in a row the current phase was missed (for two-strike)."""
    joined_before: int | None = None
    """For a player who joined during the game, the 1-based hand they joined before."""
    left_before: int | None = None
    """For a player who left, the 1-based hand they left before."""

    @property
    def seated(self) -> bool:
        """Whether the player is at the table now."""
        return self.left_before is None

    def seated_for(self, hand_number: int) -> bool:
        """Whether the player was at the table for this 1-based hand."""
        if self.joined_before is not None and hand_number < self.joined_before:
            return False
        return self.left_before is None or hand_number < self.left_before


class Entry(NamedTuple):
    """One cell of the score sheet: what one player did in one hand."""

    phase: int | None
    made: bool
    points: int
    total: int
    """Running total after this hand."""
    cards: Cards


class HandRecord(NamedTuple):
    number: int
    dealer: str
    went_out: str
    replay: bool
    """A tie-break replay hand, played by the tied players only."""
    entries: dict[str, Entry]


class GameState(NamedTuple):
    """Where a game stands after some hands."""

    rules: RuleSet
    players: tuple[PlayerState, ...]
    """Everyone who has sat at the table so far, in the order of the game's players."""
    first_dealer: str
    circle: tuple[str, ...]
    """Everyone who has sat at the table so far, in seating order round it; the deal
    passes along it, skipping those who left."""
    hands: Log[HandRecord]
    status: Status = Status.IN_PROGRESS
    winner: str | None = None
    win_reason: WinReason | None = None
    tiebreak_players: tuple[str, ...] = ()
    """Players tied on points who must replay; also kept once the replay decided it."""
    tied_total: int | None = None
    seating: tuple[SeatingChange, ...] = ()
    """The seating changes that have taken effect."""

    @property
    def hands_played(self) -> int:
        return len(self.hands)

    @property
    def hand_number(self) -> int:
        """The 1-based number of the next hand."""
        return len(self.hands) + 1

    @property
    def is_over(self) -> bool:
        return self.status is Status.FINISHED

    @property
    def dealer(self) -> str | None:
        """Who deals the next hand; None once the game is over."""
        if self.is_over:
            return None
        return self.dealer_of(len(self.hands))

    @property
    def first_player(self) -> str | None:
        """Who plays first in the next hand: the next participant left of the dealer."""
        dealer = self.dealer
        if dealer is None:
            return None
        playing = self.participants()
        return next(name for name in self._round_from(dealer) if name in playing)

    def dealer_of(self, hand_index: int) -> str:
        """Who dealt the hand at this 0-based index, or deals it if nobody joins or
        leaves before then: the deal passes to the next seated player every hand."""
        if hand_index < len(self.hands):
            return self.hands[hand_index].dealer
        if self.hands:
            anchor, steps = self.hands[-1].dealer, hand_index - len(self.hands) + 1
        elif self.player(self.first_dealer).seated:
            anchor, steps = self.first_dealer, hand_index
        else:
            anchor, steps = self.first_dealer, hand_index + 1
        if steps == 0:
            return anchor
        seated = list(self._round_from(anchor))
        return seated[(steps - 1) % len(seated)]

    def _round_from(self, name: str) -> tuple[str, ...]:
        """The seated players round the table, starting left of `name`."""
        seated = {player.name for player in self.players if player.seated}
        at = self.circle.index(name)
        after = self.circle[at + 1 :] + self.circle[: at + 1]
        return tuple(other for other in after if other in seated)

    def player(self, name: str) -> PlayerState:
        for player in self.players:
            if player.name == name:
                return player
        raise KeyError(name)

    def participants(self) -> tuple[str, ...]:
        """Who plays the next hand: everyone seated, or in a tie-break the tied players."""
        if self.status is Status.TIEBREAK:
            return self.tiebreak_players
        return tuple(player.name for player in self.players if player.seated)

    def next_phase(self, name: str) -> Phase | None:
        """The phase this player attempts next, where the rules fix it."""
        if self.status is not Status.IN_PROGRESS or self.rules.order is Order.CHOOSE:
            return None
        return self.rules.phases[self.player(name).position]

    def phases_left(self, name: str) -> tuple[Phase, ...]:
        """In choose order, the phases this player may still pick."""
        made = set(self.player(name).completed)
        return tuple(phase for phase in self.rules.phases if phase.label not in made)

    def replay_phase(self) -> Phase | None:
        """The phase the tied players replay: the last phase (in choose order the list's
        last, Mattel's phase 10), or after a fixed number of hands that of the last hand."""
        if self.rules.hands is not None:
            return self.rules.phases[min(self.rules.hands, len(self.rules.phases)) - 1]
        if self.rules.order is Order.CHOOSE:
            return self.rules.phases[-1]
        return self.rules.target_phase

    def ranking(self) -> tuple[str, ...]:
        """The winner first, then those still seated before those who left (the most
        recent leaver first), then most phases completed (not in a game of a fixed
        number of hands, where everyone moves on every hand), then lowest total, then
        seat."""
        fixed_hands = self.rules.hands is not None
        ordered = sorted(
            self.players,
            key=lambda player: (
                player.name != self.winner,
                -(player.left_before or len(self.hands) + 2),
                0 if fixed_hands else -len(player.completed),
                player.total,
                player.seat,
            ),
        )
        return tuple(player.name for player in ordered)


def start(game: Game) -> GameState:
    """Where the game stands before the first hand, with the seating changes before it."""
    players = tuple(
        PlayerState(
            name=name, seat=seat, position=0, completed=(), total=0, hand_points=Log(), misses=0
        )
        for seat, name in enumerate(game.starting_players)
    )
    state = GameState(
        rules=game.rules,
        players=players,
        first_dealer=game.first_dealer,
        circle=game.starting_players,
        hands=Log(),
    )
    return seat_changes(state, game)


def seat_changes(state: GameState, game: Game) -> GameState:
    """`state` with the seating changes `game` makes before the next hand that `state`
    has not taken in yet."""
    for change in game.seating[len(state.seating) :]:
        if change.before_hand != state.hand_number:
            break
        state = _changed_seating(state, change, game.players.index(change.name))
    return state


def _changed_seating(state: GameState, change: SeatingChange, seat: int) -> GameState:
    number = state.hand_number
    if state.status is Status.TIEBREAK:
        raise GameError.single(ProblemKey.SEATING_IN_TIEBREAK, number, change.name)
    if state.is_over:
        raise GameError.single(ProblemKey.SEATING_AFTER_END, number, change.name)
    seating = (*state.seating, change)
    if isinstance(change, Leave):
        players = tuple(
            player._replace(left_before=number) if player.name == change.name else player
            for player in state.players
        )
        left = state._replace(players=players, seating=seating)
        remaining = left.participants()
        if len(remaining) == 1:
            return left._replace(
                status=Status.FINISHED,
                winner=remaining[0],
                win_reason=WinReason.LAST_AT_TABLE,
            )
        return left
    phase = state.rules.phase(change.phase) if change.phase is not None else None
    joined = PlayerState(
        name=change.name,
        seat=seat,
        position=0 if phase is None else state.rules.phases.index(phase),
        completed=(),
        total=change.total,
        hand_points=Log(),
        misses=0,
        joined_before=number,
    )
    at = len(state.circle) if change.after is None else state.circle.index(change.after) + 1
    return state._replace(
        players=(*state.players, joined),
        circle=(*state.circle[:at], change.name, *state.circle[at:]),
        seating=seating,
    )


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
        error(ProblemKey.SECOND_SUPER_WILD, name, "low", other=super_wild_makers[0])
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
    cards = result.cards
    held = cards.total
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
    if cards.wild + cards.super_wild > DECK_WILDS:
        wilds = cards.wild + cards.super_wild
        error(ProblemKey.WILDS_OVER_DECK, "wild", count=wilds, limit=DECK_WILDS)
    if cards.skip > DECK_SKIPS:
        error(ProblemKey.SKIPS_OVER_DECK, "skip", count=cards.skip, limit=DECK_SKIPS)
    if held > HAND_SIZE:
        error(ProblemKey.CARDS_OVER_HAND, "low", count=held, limit=HAND_SIZE)
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
    return problems


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


_TABLE_LIMITS: tuple[tuple[str, ProblemKey, int, Callable[[Cards], int]], ...] = (
    ("low", ProblemKey.TABLE_LOW, DECK_LOW, lambda cards: cards.low),
    ("high", ProblemKey.TABLE_HIGH, DECK_HIGH, lambda cards: cards.high),
    ("skip", ProblemKey.TABLE_SKIP, DECK_SKIPS, lambda cards: cards.skip),
    ("wild", ProblemKey.TABLE_WILD, DECK_WILDS, lambda cards: cards.wild + cards.super_wild),
)
_SUPER_WILD_LIMIT = ("super_wild", ProblemKey.TABLE_SUPER_WILD, 1, lambda cards: cards.super_wild)


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
    limits = [*_TABLE_LIMITS, _SUPER_WILD_LIMIT] if state.rules.super_wild else _TABLE_LIMITS
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


def advance(state: GameState, hand: Hand) -> tuple[GameState, list[Problem]]:
    """The state after `hand`, and the warnings it raised; GameError if it is impossible."""
    problems = check_hand(state, hand)
    errors = [problem for problem in problems if problem.is_error]
    if errors:
        raise GameError(errors)
    if state.status is Status.TIEBREAK:
        return _after_replay(state, hand), problems
    return _after_hand(state, hand), problems


def _record(state: GameState, hand: Hand, attempted: dict[str, int | None]) -> HandRecord:
    entries = {}
    results = hand.results
    for player in state.players:
        result = results.get(player.name)
        if result is None:
            continue
        cards = result.cards
        points = cards.points
        entries[player.name] = Entry(
            attempted[player.name], result.made, points, player.total + points, cards
        )
    return HandRecord(
        number=state.hand_number,
        dealer=state.dealer_of(len(state.hands)),
        went_out=hand.went_out,
        replay=state.status is Status.TIEBREAK,
        entries=entries,
    )


def _after_replay(state: GameState, hand: Hand) -> GameState:
    replayed = state.replay_phase()
    attempted = {
        name: replayed.label if replayed is not None else result.phase
        for name, result in hand.results.items()
    }
    hand_record = _record(state, hand, attempted)
    players = tuple(
        # The replay hand moves no one's phase.
        _scored(player, result, player.completed, player.position, player.misses)
        if (result := hand.results.get(player.name)) is not None
        else player
        for player in state.players
    )
    return state._replace(
        players=players,
        hands=state.hands.appended(hand_record),
        status=Status.FINISHED,
        winner=hand.went_out,
        win_reason=WinReason.WENT_OUT_IN_REPLAY,
    )


def _scored(
    player: PlayerState,
    result: PlayerResult,
    completed: tuple[int, ...],
    position: int,
    misses: int,
) -> PlayerState:
    """The player after a hand: its points added, and the phases where it leaves them."""
    points = result.cards.points
    # Made whole, in the order of the fields, rather than by `_replace`: a replay makes one
    # per player per hand, and this takes an eighth off replaying a game.
    return PlayerState(
        player.name,
        player.seat,
        position,
        completed,
        player.total + points,
        player.hand_points.appended(points),
        misses,
        player.joined_before,
        player.left_before,
    )


def _after_hand(state: GameState, hand: Hand) -> GameState:
    rules = state.rules
    attempted: dict[str, int | None] = {}
    completers: list[str] = []
    players = []
    for player in state.players:
        if not player.seated:
            players.append(player)
            continue
        result = hand.results[player.name]
        label = result.phase if rules.order is Order.CHOOSE else rules.phases[player.position].label
        attempted[player.name] = label
        moved = _moved(rules, player, result, label)
        if _completes_game(rules, player, moved, result, label):
            completers.append(player.name)
        players.append(moved)
    after = state._replace(
        players=tuple(players), hands=state.hands.appended(_record(state, hand, attempted))
    )
    if rules.hands is not None:
        if after.hands_played >= rules.hands:
            return _decide(after, list(after.participants()), fixed_hands=True)
        return after
    if completers:
        return _decide(after, completers, fixed_hands=False)
    return after


def _moved(
    rules: RuleSet, player: PlayerState, result: PlayerResult, label: int | None
) -> PlayerState:
    """The player after a hand (not a replay hand): scored, and moved on or not."""
    completed = player.completed
    if result.made and label is not None and label not in completed:
        completed = (*completed, label)
    next_position = min(player.position + 1, len(rules.phases) - 1)
    if rules.hands is not None:
        return _scored(player, result, completed, next_position, player.misses)
    if rules.order is Order.CHOOSE:
        return _scored(player, result, completed, player.position, player.misses)
    if result.made:
        return _scored(player, result, completed, next_position, 0)
    misses = player.misses + 1
    if rules.two_strike and misses >= 2 and player.position < rules.target - 1:
        return _scored(player, result, completed, player.position + 1, 0)
    return _scored(player, result, completed, player.position, misses)


def _completes_game(
    rules: RuleSet, before: PlayerState, after: PlayerState, result: PlayerResult, label: int | None
) -> bool:
    if not result.made:
        return False
    if rules.order is Order.CHOOSE:
        return len(before.completed) < rules.target <= len(after.completed)
    return label == rules.target_phase.label


def _decide(state: GameState, contenders: list[str], *, fixed_hands: bool) -> GameState:
    totals = {name: state.player(name).total for name in contenders}
    lowest = min(totals.values())
    best = [name for name in contenders if totals[name] == lowest]
    if len(best) > 1:
        return state._replace(
            status=Status.TIEBREAK, tiebreak_players=tuple(best), tied_total=lowest
        )
    if fixed_hands:
        reason = WinReason.LOWEST_TOTAL_AFTER_FIXED_HANDS
    elif len(contenders) == 1:
        reason = WinReason.ONLY_COMPLETER
    else:
        reason = WinReason.LOWEST_TOTAL_OF_COMPLETERS
    return state._replace(status=Status.FINISHED, winner=best[0], win_reason=reason)


@record
class Replay(Record):
    """The result of replaying a whole log: every state along the way and all warnings.

    The states share their hand logs, so a replay holds memory in proportion to its
    hands, and continuing it or cutting it back copies no earlier state.
    """

    states: Log[GameState]
    """states[0] is before the first hand; states[-1] is where the game stands now."""
    warnings: tuple[Problem, ...]

    @property
    def final(self) -> GameState:
        return self.states[-1]

    def first(self, hand_count: int) -> "Replay":
        """This replay cut back to its first `hand_count` hands."""
        return Replay(
            states=self.states.first(hand_count + 1),
            warnings=tuple(
                problem
                for problem in self.warnings
                if problem.hand_number is not None and problem.hand_number <= hand_count
            ),
        )


def replay(game: Game) -> Replay:
    """Replays the hand log from the start; GameError names the first impossible hand."""
    return replay_from(Replay(states=Log((start(game),)), warnings=()), game)


def replay_from(earlier: Replay, game: Game) -> Replay:
    """`earlier`, the replay of the first hands of `game`, continued to its end: the same
    steps a replay from the start takes. The seating changes `earlier` has not taken in
    yet may only be those before its next hand (as when someone has just left)."""
    state = earlier.final
    applied = len(state.seating)
    if game.seating[:applied] != state.seating or any(
        change.before_hand < state.hand_number for change in game.seating[applied:]
    ):
        raise ValueError("the replay to continue does not have the game's seating changes")
    states = earlier.states
    seated = seat_changes(state, game)
    if seated is not state:
        state = seated
        states = states.first(len(states) - 1).appended(state)
    warnings = list(earlier.warnings)
    with cycle_collector_paused():
        for hand in game.hands[state.hands_played :]:
            state, problems = advance(state, hand)
            state = seat_changes(state, game)
            states = states.appended(state)
            warnings.extend(problems)
    late = [change for change in game.seating if change.before_hand > state.hand_number]
    if late:
        raise GameError.single(
            ProblemKey.SEATING_TOO_LATE,
            late[0].before_hand,
            late[0].name,
            hand=late[0].before_hand,
            count=state.hands_played,
        )
    return Replay(states=states, warnings=tuple(warnings))
