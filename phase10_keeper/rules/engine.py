"""Standings are derived by replaying the hand log, one hand at a time.

`advance` takes the state after some hands and the next hand and gives the state after
it, so replaying a log, appending a hand and editing a hand in the middle (replaying
from there) all go through the same steps and cannot disagree.
"""

from phase10_keeper.collector import cycle_collector_paused
from phase10_keeper.rules.checks import check_hand
from phase10_keeper.rules.game import Game, Hand, Leave, PlayerResult, SeatingChange
from phase10_keeper.rules.log import Log
from phase10_keeper.rules.problems import GameError, Problem, ProblemKey
from phase10_keeper.rules.record import Record, record
from phase10_keeper.rules.ruleset import Order, RuleSet
from phase10_keeper.rules.state import Entry, GameState, HandRecord, PlayerState, WinReason
from phase10_keeper.rules.status import Status


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
    values = state.rules.card_values
    for player in state.players:
        result = results.get(player.name)
        if result is None:
            continue
        points = result.score(values)
        entries[player.name] = Entry(
            attempted[player.name],
            result.made,
            points,
            player.total + points,
            result.cards,
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
    values = state.rules.card_values
    players = tuple(
        # The replay hand moves no one's phase.
        _scored(player, result.score(values), player.completed, player.position, player.misses)
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
    points: int,
    completed: tuple[int, ...],
    position: int,
    misses: int,
) -> PlayerState:
    """The player after a hand: its points added, and the phases where it leaves them."""
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
    points = result.score(rules.card_values)
    if rules.hands is not None:
        return _scored(player, points, completed, next_position, player.misses)
    if rules.order is Order.CHOOSE:
        return _scored(player, points, completed, player.position, player.misses)
    if result.made:
        return _scored(player, points, completed, next_position, 0)
    misses = player.misses + 1
    if rules.two_strike and misses >= 2 and player.position < rules.target - 1:
        return _scored(player, points, completed, player.position + 1, 0)
    return _scored(player, points, completed, player.position, misses)


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
