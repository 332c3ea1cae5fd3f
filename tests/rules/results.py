"""Results and the worked hand from the rules, shared by the rules tests."""

from phase10_keeper.rules import Cards, Hand, PlayerResult

PLAYERS = ("Priya", "Marcus", "Kwame", "Dana")


def made(phase: int | None = None, **cards: int) -> PlayerResult:
    return PlayerResult(made=True, cards=Cards(**cards), phase=phase)


def missed(phase: int | None = None, **cards: int) -> PlayerResult:
    return PlayerResult(made=False, cards=Cards(**cards), phase=phase)


def worked_hand(**changes: PlayerResult) -> Hand:
    """The worked hand from the rules, with some players' results replaced."""
    results = {
        "Priya": made(),
        "Marcus": made(low=1, high=1),
        "Kwame": made(low=1, wild=1),
        "Dana": missed(low=6, high=2, skip=1, wild=1),
    }
    results.update(changes)
    return Hand("Priya", results)


WORKED_HAND = worked_hand()
