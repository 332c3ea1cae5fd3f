"""Standings are derived by replaying the hand log, one hand at a time.

`advance` takes the state after some hands and the next hand and gives the state after
it, so replaying a log, appending a hand and editing a hand in the middle (replaying
from there) all go through the same steps and cannot disagree.
"""

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from enum import StrEnum
from itertools import accumulate

from phase10_keeper.rules.bulk import cycle_collector_paused
from phase10_keeper.rules.cards import (
    DECK_HIGH,
    DECK_LOW,
    DECK_SKIPS,
    DECK_WILDS,
    HAND_SIZE,
    Cards,
)
from phase10_keeper.rules.game import Game, Hand, PlayerResult
from phase10_keeper.rules.log import Log
from phase10_keeper.rules.phases import Phase
from phase10_keeper.rules.problems import GameError, Problem, Severity
from phase10_keeper.rules.ruleset import Order, RuleSet


class Status(StrEnum):
    IN_PROGRESS = "in_progress"
    TIEBREAK = "tiebreak"
    FINISHED = "finished"


class WinReason(StrEnum):
    ONLY_COMPLETER = "only_completer"
    """The only player to complete the last phase in the final hand."""
    LOWEST_TOTAL_OF_COMPLETERS = "lowest_total_of_completers"
    LOWEST_TOTAL_AFTER_FIXED_HANDS = "lowest_total_after_fixed_hands"
    WENT_OUT_IN_REPLAY = "went_out_in_replay"


@dataclass(frozen=True)
class PlayerState:
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


@dataclass(frozen=True)
class Entry:
    """One cell of the score sheet: what one player did in one hand."""

    phase: int | None
    made: bool
    points: int
    total: int
    """Running total after this hand."""
    cards: Cards


@dataclass(frozen=True)
class HandRecord:
    number: int
    dealer: str
    went_out: str
    replay: bool
    """A tie-break replay hand, played by the tied players only."""
    entries: dict[str, Entry]


@dataclass(frozen=True)
class GameState:
    """Where a game stands after some hands."""

    rules: RuleSet
    players: tuple[PlayerState, ...]
    first_dealer_seat: int
    hands: Log[HandRecord]
    status: Status = Status.IN_PROGRESS
    winner: str | None = None
    win_reason: WinReason | None = None
    tiebreak_players: tuple[str, ...] = ()
    """Players tied on points who must replay; also kept once the replay decided it."""
    tied_total: int | None = None

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
        if self.is_over:
            return None
        playing = self.participants()
        dealer_seat = (self.first_dealer_seat + len(self.hands)) % len(self.players)
        for step in range(1, len(self.players) + 1):
            name = self.players[(dealer_seat + step) % len(self.players)].name
            if name in playing:
                return name
        return None

    def dealer_of(self, hand_index: int) -> str:
        return self.players[(self.first_dealer_seat + hand_index) % len(self.players)].name

    def player(self, name: str) -> PlayerState:
        for player in self.players:
            if player.name == name:
                return player
        raise KeyError(name)

    def participants(self) -> tuple[str, ...]:
        """Who plays the next hand: everyone, or in a tie-break only the tied players."""
        if self.status is Status.TIEBREAK:
            return self.tiebreak_players
        return tuple(player.name for player in self.players)

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
        """The phase the tied players replay, where the rules fix it."""
        if self.rules.order is Order.CHOOSE:
            return None
        if self.rules.hands is not None:
            return self.rules.phases[min(self.rules.hands, len(self.rules.phases)) - 1]
        return self.rules.target_phase

    def ranking(self) -> tuple[str, ...]:
        """The winner first, then most phases completed, then lowest total, then seat."""
        ordered = sorted(
            self.players,
            key=lambda player: (
                player.name != self.winner,
                -len(player.completed),
                player.total,
                player.seat,
            ),
        )
        return tuple(player.name for player in ordered)


def start(game: Game) -> GameState:
    players = tuple(
        PlayerState(
            name=name, seat=seat, position=0, completed=(), total=0, hand_points=Log(), misses=0
        )
        for seat, name in enumerate(game.players)
    )
    return GameState(
        rules=game.rules, players=players, first_dealer_seat=game.first_dealer_seat, hands=Log()
    )


def check_hand(state: GameState, hand: Hand) -> list[Problem]:
    """Every error and warning for recording `hand` as the next hand after `state`."""
    number = state.hand_number
    problems: list[Problem] = []

    def error(message: str, player: str | None = None, field: str | None = None) -> None:
        problems.append(Problem(Severity.ERROR, message, number, player, field))

    def warning(message: str, player: str | None = None, field: str | None = None) -> None:
        problems.append(Problem(Severity.WARNING, message, number, player, field))

    if state.is_over:
        error("the game is already over; no hand may follow its end")
        return problems
    participants = state.participants()
    replay = state.status is Status.TIEBREAK
    seated = {player.name for player in state.players}
    for name in hand.results:
        if name not in seated:
            error(f"{name!r} is not a player in this game", name)
        elif name not in participants:
            error("is not in the tie-break replay hand; only the tied players play it", name)
    for name in participants:
        if name not in hand.results:
            error("has no result for this hand", name)
    if hand.went_out not in participants:
        if hand.went_out in seated:
            error("cannot go out in the replay hand; only the tied players play it", hand.went_out)
        else:
            error(f"the player who went out, {hand.went_out!r}, is not in this game")
    for name in participants:
        result = hand.results.get(name)
        if result is not None:
            problems.extend(
                _check_result(state, name, result, name == hand.went_out, replay, number)
            )
    problems.extend(_check_table(state, hand, number))
    return problems


def _check_result(
    state: GameState, name: str, result: PlayerResult, went_out: bool, replay: bool, number: int
) -> list[Problem]:
    rules = state.rules
    problems: list[Problem] = []

    def error(message: str, field: str) -> None:
        problems.append(Problem(Severity.ERROR, message, number, name, field))

    phase = _attempted_phase(state, name, result, replay, error)
    cards = result.cards
    negative = [(kind, count) for kind, count in cards.items() if count < 0]
    for kind, count in negative:
        error(f"cannot hold a negative number of {kind.label} cards ({count})", kind.value)
    if cards.super_wild and not rules.super_wild:
        error("holds a super wild, but this game is played without one", "super_wild")
    elif cards.super_wild > 1:
        error(f"holds {cards.super_wild} super wilds; the deck has only one", "super_wild")
    if cards.wild + cards.super_wild > DECK_WILDS:
        error(f"holds {cards.wild + cards.super_wild} wilds; the deck has {DECK_WILDS}", "wild")
    if cards.skip > DECK_SKIPS:
        error(f"holds {cards.skip} skips; the deck has {DECK_SKIPS}", "skip")
    if cards.total > HAND_SIZE:
        error(f"holds {cards.total} cards; nobody can hold more than {HAND_SIZE}", "low")
    if went_out:
        if not result.made:
            error("went out, so must have made the phase", "made")
        if not cards.is_empty:
            error(f"went out, so cannot still hold cards (holds {cards.total})", "low")
    elif result.made and phase is not None and cards.total <= HAND_SIZE:
        most = HAND_SIZE - phase.card_count
        if cards.total > most:
            error(
                f"made phase {phase.label} ({phase.card_count} cards), so holds at most "
                f"{most} cards, not {cards.total}",
                "low",
            )
        elif cards.is_empty:
            problems.append(
                Problem(
                    Severity.WARNING,
                    "holds no cards but did not go out; only the player who went out "
                    "ends the hand with none",
                    number,
                    name,
                    "low",
                )
            )
    elif not result.made and not negative and cards.total < HAND_SIZE:
        problems.append(
            Problem(
                Severity.WARNING,
                f"did not make the phase but holds {cards.total} cards; "
                f"a player who did not make it holds {HAND_SIZE}",
                number,
                name,
                "low",
            )
        )
    return problems


def _attempted_phase(
    state: GameState,
    name: str,
    result: PlayerResult,
    replay: bool,
    error: Callable[[str, str], None],
) -> Phase | None:
    """The phase this player attempted, after checking a `phase` the result gives."""
    rules = state.rules
    expected = state.replay_phase() if replay else _fixed_phase(state, name)
    if rules.order is Order.SEQUENCE or (replay and expected is not None):
        if result.phase is not None and expected is not None and result.phase != expected.label:
            error(f"attempted phase {expected.label}, not phase {result.phase}", "phase")
        return expected
    if result.phase is None:
        if replay:
            return None
        if not state.phases_left(name):
            # Only a fixed number of hands can outlast a player's phase list; such a
            # player plays on with nothing to make.
            if result.made:
                error("has made every phase already, so had none to make", "made")
            return None
        error("must say which phase they attempted (players choose their phase)", "phase")
        return None
    chosen = rules.phase(result.phase)
    if chosen is None:
        labels = ", ".join(str(phase.label) for phase in rules.phases)
        error(f"there is no phase {result.phase} in this game (phases: {labels})", "phase")
        return None
    if not replay and chosen.label in state.player(name).completed:
        error(f"already made phase {chosen.label}; pick one not made yet", "phase")
    return chosen


def _fixed_phase(state: GameState, name: str) -> Phase | None:
    if state.rules.order is Order.CHOOSE:
        return None
    return state.rules.phases[state.player(name).position]


_TABLE_LIMITS: tuple[tuple[str, str, int, Callable[[Cards], int]], ...] = (
    ("low", "1-9 cards", DECK_LOW, lambda cards: cards.low),
    ("high", "10-12 cards", DECK_HIGH, lambda cards: cards.high),
    ("skip", "skips", DECK_SKIPS, lambda cards: cards.skip),
    ("wild", "wilds", DECK_WILDS, lambda cards: cards.wild + cards.super_wild),
)
_SUPER_WILD_LIMIT = ("super_wild", "super wilds", 1, lambda cards: cards.super_wild)


def _check_table(state: GameState, hand: Hand, number: int) -> list[Problem]:
    """Kinds of card held across the table beyond what the deck has.

    No one player is at fault, but an error must name a player: it names the one whose
    count, added up in seating order, goes past the deck, and lists every holder. One
    player over the deck alone already has an error of their own.
    """
    seated = [player.name for player in state.players]
    names = [name for name in seated if name in hand.results]
    names += [name for name in hand.results if name not in seated]
    limits = [*_TABLE_LIMITS, _SUPER_WILD_LIMIT] if state.rules.super_wild else _TABLE_LIMITS
    problems = []
    for field, what, limit, count_of in limits:
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
        listed = ", ".join(f"{name} {count}" for name, count in holders)
        problems.append(
            Problem(
                Severity.ERROR,
                f"the players hold {held} {what} between them ({listed}); "
                f"the deck has only {limit}",
                number,
                past_limit,
                field,
            )
        )
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
    for player in state.players:
        result = hand.results.get(player.name)
        if result is None:
            continue
        entries[player.name] = Entry(
            phase=attempted[player.name],
            made=result.made,
            points=result.cards.points,
            total=player.total + result.cards.points,
            cards=result.cards,
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
    record = _record(state, hand, attempted)
    players = tuple(
        # The replay hand moves no one's phase.
        _scored(player, result, player.completed, player.position, player.misses)
        if (result := hand.results.get(player.name)) is not None
        else player
        for player in state.players
    )
    return replace(
        state,
        players=players,
        hands=state.hands.appended(record),
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
    return replace(
        player,
        total=player.total + points,
        hand_points=player.hand_points.appended(points),
        completed=completed,
        position=position,
        misses=misses,
    )


def _after_hand(state: GameState, hand: Hand) -> GameState:
    rules = state.rules
    attempted: dict[str, int | None] = {}
    completers: list[str] = []
    players = []
    for player in state.players:
        result = hand.results[player.name]
        label = result.phase if rules.order is Order.CHOOSE else rules.phases[player.position].label
        attempted[player.name] = label
        moved = _moved(rules, player, result, label)
        if _completes_game(rules, player, moved, result, label):
            completers.append(player.name)
        players.append(moved)
    after = replace(
        state, players=tuple(players), hands=state.hands.appended(_record(state, hand, attempted))
    )
    if rules.hands is not None:
        if after.hands_played >= rules.hands:
            return _decide(after, [p.name for p in after.players], fixed_hands=True)
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
        return replace(
            state, status=Status.TIEBREAK, tiebreak_players=tuple(best), tied_total=lowest
        )
    if fixed_hands:
        reason = WinReason.LOWEST_TOTAL_AFTER_FIXED_HANDS
    elif len(contenders) == 1:
        reason = WinReason.ONLY_COMPLETER
    else:
        reason = WinReason.LOWEST_TOTAL_OF_COMPLETERS
    return replace(state, status=Status.FINISHED, winner=best[0], win_reason=reason)


@dataclass(frozen=True)
class Replay:
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
    return replay_from(Replay(states=Log((start(game),)), warnings=()), game.hands)


def replay_from(earlier: Replay, hands: Iterable[Hand]) -> Replay:
    """`earlier` continued by `hands`: the same steps a replay from the start takes."""
    states = earlier.states
    warnings = list(earlier.warnings)
    state = earlier.final
    with cycle_collector_paused():
        for hand in hands:
            state, problems = advance(state, hand)
            states = states.appended(state)
            warnings.extend(problems)
    return Replay(states=states, warnings=tuple(warnings))


def standings(game: Game) -> GameState:
    return replay(game).final
