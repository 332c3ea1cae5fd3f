"""Small games whose statistics are worked out by hand, shared by the statistics tests."""

from phase10_keeper.rules import Cards, Game, Hand, Join, PlayerResult, Preset, build_rules

TO_PHASE_2 = build_rules(Preset.MATTEL, target=2)
TO_PHASE_1 = build_rules(Preset.MATTEL, target=1)


def made(low: int = 0) -> PlayerResult:
    return PlayerResult(made=True, cards=Cards(low=low))


def missed() -> PlayerResult:
    return PlayerResult(made=False, cards=Cards(low=10))


def race_to_phase_2(first: str = "Ana", second: str = "Ben") -> Game:
    """Hand 1: Ana goes out, Ben makes phase 1 holding a 5. Hand 2: Ben goes out on phase 2,
    Ana misses it holding ten low cards (50). Ben, the only one to complete phase 2, wins.
    """
    return Game(
        (first, second),
        rules=TO_PHASE_2,
        hands=(
            Hand(first, {first: made(), second: made(low=1)}),
            Hand(second, {first: missed(), second: made()}),
        ),
    )


def tie_break(first: str = "Ana", second: str = "Ben") -> Game:
    """Hand 1: both complete phase 1 with nothing left in hand: a tie at 0. Hand 2, the
    replay: Ben goes out, Ana holds ten low cards (50). Ben wins.
    """
    return Game(
        (first, second),
        rules=TO_PHASE_1,
        hands=(
            Hand(first, {first: made(), second: made()}),
            Hand(second, {first: missed(), second: made()}),
        ),
    )


def one_hand_in(first: str = "Ben", second: str = "Cleo") -> Game:
    """An unfinished Mattel game: Cleo goes out, Ben misses phase 1 holding 50."""
    return Game((first, second), hands=(Hand(second, {first: missed(), second: made()}),))


def late_joiner() -> Game:
    """Ana and Ben play a hand (Ana out, Ben misses: 50); Cy joins at 120 before hand 2,
    which Ben goes out of while Ana and Cy miss."""
    game = Game(("Ana", "Ben"), hands=(Hand("Ana", {"Ana": made(), "Ben": missed()}),))
    game = game.with_seating_change(Join(2, "Cy", total=120))
    return game.with_hand_appended(Hand("Ben", {"Ana": missed(), "Ben": made(), "Cy": missed()}))
