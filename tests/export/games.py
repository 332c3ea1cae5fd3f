"""Small finished games whose every number is worked out by hand in the tests."""

from phase10_keeper.rules import Cards, Game, Hand, Join, Leave, PlayerResult, Preset, build_rules

BO = 'Bo, the "Boss"'
ZOE = "Zoë 🎲"


def _made(low: int = 0) -> PlayerResult:
    return PlayerResult(made=True, cards=Cards(low=low))


def _missed(low: int, high: int = 0) -> PlayerResult:
    return PlayerResult(made=False, cards=Cards(low=low, high=high))


def plain_game() -> Game:
    """Two hands of a fixed-hands game; names with a comma, quotes and an emoji."""
    return Game(
        ("Ann", BO, ZOE),
        rules=build_rules(Preset.FIXED_HANDS, hands=2),
        started="2026-11-29T19:30:00+00:00",
        hands=(
            Hand("Ann", {"Ann": _made(), BO: _made(low=2), ZOE: _missed(low=9, high=1)}),
            Hand(BO, {"Ann": _missed(low=10), BO: _made(), ZOE: _made(low=1)}),
        ),
    )


def seating_game() -> Game:
    """Bo, left of the first dealer, leaves before hand 2; Di joins after Ann before
    hand 3 with 30 points. Ann wins with 15 after three hands."""
    return Game(
        ("Ann", "Bo", "Cy", "Di"),
        rules=build_rules(Preset.FIXED_HANDS, hands=3),
        started="2026-11-29T19:30:00+00:00",
        seating=(Leave(2, "Bo"), Join(3, "Di", after="Ann", total=30)),
        hands=(
            Hand("Bo", {"Ann": _made(low=2), "Bo": _made(), "Cy": _made(low=1)}),
            Hand("Cy", {"Ann": _made(low=1), "Cy": _made()}),
            Hand("Ann", {"Ann": _made(), "Di": _missed(low=10), "Cy": _missed(low=10)}),
        ),
    )


def tiebreak_game() -> Game:
    """Ann and Bo tie on 5 after two hands; Bo goes out in the replay, dealt by Cy."""
    return Game(
        ("Ann", "Bo", "Cy"),
        rules=build_rules(Preset.FIXED_HANDS, hands=2),
        started="2026-11-29T19:30:00+00:00",
        hands=(
            Hand("Ann", {"Ann": _made(), "Bo": _made(low=1), "Cy": _made(low=1)}),
            Hand("Bo", {"Ann": _made(low=1), "Bo": _made(), "Cy": _made(low=2)}),
            Hand("Bo", {"Ann": _missed(low=10), "Bo": _made()}),
        ),
    )


def unfinished_game() -> Game:
    return Game(
        ("Ann", "Bo"),
        started="2026-11-29T19:30:00+00:00",
        hands=(Hand("Ann", {"Ann": _made(), "Bo": _missed(low=10)}),),
    )
