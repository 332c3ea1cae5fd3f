"""Games for the UI tests, built from the rules engine alone."""

from phase10_keeper.rules import Game, Hand, RuleSet, build_rules

from .conftest import result

SIX = ("Maximilian Alexander Featherstonehaugh", "Zoë", "Łukasz", "Priya", "Marcus", "Kwame")
FOUR = ("Priya", "Marcus", "Kwame", "Dana")


def went_out(players: tuple[str, ...], winner: str, **made_with: int) -> Hand:
    """`winner` went out; players named in `made_with` made it holding that many 1-9 cards;
    everyone else missed holding ten 1-9 cards."""
    results = {}
    for name in players:
        if name == winner:
            results[name] = result(True)
        elif name in made_with:
            results[name] = result(True, low=made_with[name])
        else:
            results[name] = result(False, low=10)
    return Hand(went_out=winner, results=results)


def game_with_hands(players: tuple[str, ...], count: int, rules: RuleSet | None = None) -> Game:
    """`count` hands in which the went-out player rotates round the table."""
    game = Game(players=players, rules=rules or build_rules(), title="Friday night")
    for number in range(count):
        game = game.with_hand_appended(went_out(players, players[number % len(players)]))
    return game


def long_game(hands: int = 200) -> Game:
    """A fixed-hands game long enough to test speed: nobody ends it early."""
    rules = build_rules(hands=hands + 50)
    return game_with_hands(SIX, hands, rules)
