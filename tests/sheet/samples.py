"""Valid games of any length for the sheet's tests and benchmark, built with the rules API.

Nobody completes the game until the last hand, and only the players named as finishers
do it then. Card counts follow the rules' hand-size checks, so replays raise no warnings.
"""

from dataclasses import dataclass, field

from phase10_keeper.rules import (
    MATTEL_RULES,
    Cards,
    Game,
    GameState,
    Hand,
    Order,
    PlayerResult,
    RuleSet,
    advance,
    start,
)
from phase10_keeper.rules.cards import DECK_HIGH

SIX = ("Priya", "Marcus", "Kwame", "Dana", "Zoë", "Łukasz")


@dataclass
class _Result:
    made: bool
    phase: int
    low: int = 0
    high: int = 0
    skip: int = 0
    wild: int = 0

    @property
    def points(self) -> int:
        return 5 * self.low + 10 * self.high + 15 * self.skip + 25 * self.wild


@dataclass
class _Plan:
    went_out: str
    results: dict[str, _Result] = field(default_factory=dict)

    def hand(self, rules: RuleSet) -> Hand:
        choose = rules.order is Order.CHOOSE
        return Hand(
            went_out=self.went_out,
            results={
                name: PlayerResult(
                    made=result.made,
                    cards=Cards(
                        low=result.low, high=result.high, skip=result.skip, wild=result.wild
                    ),
                    phase=result.phase if choose else None,
                )
                for name, result in self.results.items()
            },
        )


def _choice(state: GameState, name: str, seat: int) -> int:
    """In choose order, each seat works through the phases from a different starting point."""
    left = [phase.label for phase in state.phases_left(name)]
    return left[seat % len(left)]


def _attempt(state: GameState, name: str, seat: int) -> tuple[int, bool]:
    """The phase this player attempts, and whether making it would end the game."""
    rules = state.rules
    player = state.player(name)
    if rules.order is Order.CHOOSE:
        return _choice(state, name, seat), len(player.completed) == rules.target - 1
    return rules.phases[player.position].label, player.position == rules.target - 1


def _remaining(state: GameState, name: str) -> int:
    """Phases this player must still make before the one that ends the game."""
    rules = state.rules
    player = state.player(name)
    done = len(player.completed) if rules.order is Order.CHOOSE else player.position
    return rules.target - 1 - done


def _cards_in_hand(rules: RuleSet, result: _Result, hand: int, seat: int, went_out: bool) -> None:
    if went_out:
        return
    if result.made:
        phase = rules.phase(result.phase)
        assert phase is not None
        room = 10 - phase.card_count
        # Someone who laid down but did not go out still holds at least one card.
        result.low = min(room, 1 + (hand + seat) % 3)
        result.high = min(room - result.low, (hand + 2 * seat) % 2)
        return
    result.high = (hand + 2 * seat) % 4
    result.skip = 1 if (hand + seat) % 5 == 0 else 0
    result.wild = 1 if (3 * hand + seat) % 7 == 0 else 0
    result.low = 10 - result.high - result.skip - result.wild


def _raise_points(plans: list[_Plan], name: str, points: int) -> None:
    """Adds points to a player's hands missed earlier by holding 10-12s instead of 1-9s."""
    for plan in plans:
        result = plan.results.get(name)
        if result is None or result.made or plan.went_out == name:
            continue
        table_high = sum(other.high for other in plan.results.values())
        swaps = min(points // 5, result.low, DECK_HIGH - table_high)
        result.low -= swaps
        result.high += swaps
        points -= 5 * swaps
        if points == 0:
            return
    raise ValueError("not enough missed hands to even out the totals")


def sample_game(
    hands: int,
    *,
    players: tuple[str, ...] = SIX,
    rules: RuleSet = MATTEL_RULES,
    finishers: tuple[str, ...] = (),
    tied: bool = False,
    replay_winner: str | None = None,
    title: str = "Friday night",
    started: str | None = "2026-11-27T19:30:00+01:00",
    first_dealer: str = "",
) -> Game:
    """A game of `hands` hands, counting a tie-break replay hand if there is one.

    With `finishers`, they all make the last phase in the last regular hand, the first of
    them going out. `tied` evens out their totals so that they tie; `replay_winner`
    (which implies `tied`) goes out in the replay hand that follows.
    """
    regular = hands - (1 if replay_winner else 0)
    game = Game(players=players, rules=rules, first_dealer=first_dealer, title=title)
    state = start(game)
    plans: list[_Plan] = []
    for number in range(regular):
        last = finishers and number == regular - 1
        plan = _Plan(went_out="")
        for seat, name in enumerate(players):
            phase, ending = _attempt(state, name, seat)
            if last:
                made = name in finishers
                assert not made or ending, f"{name} cannot finish in hand {number + 1}"
            elif ending:
                made = False
            elif name in finishers and _remaining(state, name) >= regular - 1 - number:
                made = True
            else:
                # Keeping pace with the game's length leaves phases to make in every hand.
                pace = (number + 1) * (rules.target - 1) * 2 // (3 * max(regular, rules.target)) + 1
                done = rules.target - 1 - _remaining(state, name)
                made = (number + seat) % 3 == 0 and done < pace
            plan.results[name] = _Result(made=made, phase=phase)
        makers = [name for name in players if plan.results[name].made]
        if last:
            plan.went_out = finishers[0]
        else:
            turn = [players[(number + step) % len(players)] for step in range(len(players))]
            candidates = [name for name in turn if name in makers]
            if not candidates:
                candidates = sorted(
                    (name for name in turn if not _attempt(state, name, 0)[1]),
                    key=lambda name: -_remaining(state, name),
                )
                assert candidates, f"nobody can go out in hand {number + 1} without ending it"
                plan.results[candidates[0]].made = True
            plan.went_out = candidates[0]
        for seat, name in enumerate(players):
            _cards_in_hand(rules, plan.results[name], number, seat, name == plan.went_out)
        plans.append(plan)
        state, warnings = advance(state, plan.hand(rules))
        assert not warnings, warnings
    if tied or replay_winner is not None:
        _even_out(plans, finishers)
    if replay_winner is not None:
        plan = _Plan(went_out=replay_winner)
        target = rules.target_phase.label
        for seat, name in enumerate(finishers):
            result = _Result(made=name == replay_winner, phase=target)
            _cards_in_hand(rules, result, regular, seat, name == replay_winner)
            plan.results[name] = result
        plans.append(plan)
    return Game(
        players=players,
        rules=rules,
        hands=tuple(plan.hand(rules) for plan in plans),
        first_dealer=first_dealer,
        title=title,
        started=started,
    )


def _even_out(plans: list[_Plan], finishers: tuple[str, ...]) -> None:
    """Makes the finishers' totals equal after the last regular hand."""
    last = plans[-1]
    for name in finishers[1:]:
        result = last.results[name]
        result.low, result.high = 1, 0

    def total(name: str) -> int:
        return sum(plan.results[name].points for plan in plans if name in plan.results)

    goal = max(total(name) for name in finishers)
    for name in finishers:
        if total(name) < goal:
            _raise_points(plans[:-1], name, goal - total(name))
