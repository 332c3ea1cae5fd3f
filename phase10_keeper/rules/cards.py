"""Cards left in a player's hand and what they cost."""

from enum import StrEnum

from phase10_keeper.rules.record import Record, record


class CardKind(StrEnum):
    LOW = "low"
    HIGH = "high"
    SKIP = "skip"
    WILD = "wild"
    SUPER_WILD = "super_wild"

    @property
    def points(self) -> int:
        return CARD_POINTS[self]


CARD_POINTS: dict[CardKind, int] = {
    CardKind.LOW: 5,
    CardKind.HIGH: 10,
    CardKind.SKIP: 15,
    CardKind.WILD: 25,
    CardKind.SUPER_WILD: 50,
}

_LOW_POINTS = CARD_POINTS[CardKind.LOW]
_HIGH_POINTS = CARD_POINTS[CardKind.HIGH]
_SKIP_POINTS = CARD_POINTS[CardKind.SKIP]
_WILD_POINTS = CARD_POINTS[CardKind.WILD]
_SUPER_WILD_POINTS = CARD_POINTS[CardKind.SUPER_WILD]

HAND_SIZE = 10
"""Cards dealt to each player, and what a player who never laid down still holds."""

DECK_LOW = 72
DECK_HIGH = 24
DECK_SKIPS = 4
DECK_WILDS = 8
"""The super wild is one of the eight wilds."""
DECK_SIZE = DECK_LOW + DECK_HIGH + DECK_SKIPS + DECK_WILDS


@record
class Cards(Record):
    """How many cards of each kind a player still holds when the hand ends."""

    low: int = 0
    high: int = 0
    skip: int = 0
    wild: int = 0
    super_wild: int = 0

    def count(self, kind: CardKind) -> int:
        value: int = getattr(self, kind.value)
        return value

    def items(self) -> list[tuple[CardKind, int]]:
        return [
            (CardKind.LOW, self.low),
            (CardKind.HIGH, self.high),
            (CardKind.SKIP, self.skip),
            (CardKind.WILD, self.wild),
            (CardKind.SUPER_WILD, self.super_wild),
        ]

    @property
    def total(self) -> int:
        return self.low + self.high + self.skip + self.wild + self.super_wild

    @property
    def points(self) -> int:
        # Spelled out, with the points per kind looked up once: replaying a long game
        # asks this many thousand times.
        return (
            _LOW_POINTS * self.low
            + _HIGH_POINTS * self.high
            + _SKIP_POINTS * self.skip
            + _WILD_POINTS * self.wild
            + _SUPER_WILD_POINTS * self.super_wild
        )

    @property
    def is_empty(self) -> bool:
        return not (self.low or self.high or self.skip or self.wild or self.super_wild)

    def __add__(self, other: "Cards") -> "Cards":
        return Cards(
            low=self.low + other.low,
            high=self.high + other.high,
            skip=self.skip + other.skip,
            wild=self.wild + other.wild,
            super_wild=self.super_wild + other.super_wild,
        )


NO_CARDS = Cards()
