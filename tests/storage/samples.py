"""Games to store, and a clock the tests move by hand."""

from datetime import UTC, datetime, timedelta

from phase10_keeper.rules import Cards, Game, Hand, PlayerResult, Preset, build_rules

PLAYERS = ("Priya", "Marcus", "Kwame", "Dana")


def table_hand(players: tuple[str, ...], index: int) -> Hand:
    """A plausible hand: one player goes out, the next made the phase, the rest did not."""
    went_out = players[index % len(players)]
    made = players[(index + 1) % len(players)]
    results = {}
    for name in players:
        if name == went_out:
            results[name] = PlayerResult(made=True)
        elif name == made:
            results[name] = PlayerResult(made=True, cards=Cards(high=1))
        else:
            results[name] = PlayerResult(made=False, cards=Cards(low=7, high=2, wild=1))
    return Hand(went_out=went_out, results=results)


def long_game(hands: int, players: tuple[str, ...] = PLAYERS) -> Game:
    """A game that is still going after `hands` hands: nobody runs out of phases."""
    return Game(
        players=players,
        rules=build_rules(Preset.FIXED_HANDS, hands=hands + 100),
        hands=tuple(table_hand(players, index) for index in range(hands)),
        title="A long evening",
        started="2026-11-20T19:00:00+00:00",
    )


def friday_game(hands: int = 3) -> Game:
    return Game(
        players=PLAYERS,
        hands=tuple(table_hand(PLAYERS, index) for index in range(hands)),
        first_dealer="Marcus",
        title="Friday night",
        started="2026-11-27T19:30:00+00:00",
    )


class FakeClock:
    """A clock the test moves by hand, to check what happens a day later."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 29, 19, 30, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)
