"""Cards left in a player's hand and what they cost."""

from enum import StrEnum

from phase10_keeper.rules.record import Record, record


class CardKind(StrEnum):
    LOW = "low"
    HIGH = "high"
    SKIP = "skip"
    WILD = "wild"
    SUPER_WILD = "super_wild"


HAND_SIZE = 10
"""Cards dealt to each player, and what a player who never laid down still holds."""

DECK_LOW = 72
DECK_HIGH = 24
DECK_SKIPS = 4
DECK_WILDS = 8
"""The official deck; the super wild is one of the eight wilds."""
MAX_CARD_VALUE = 100
"""The most a house may make one card cost."""
MAX_DECK_COUNT = 200
"""The most cards of one kind a house deck may hold: two decks shuffled together, and
room to spare."""


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


@record
class CardValues(Record):
    """What a card left in hand costs, by kind: the official values unless the table
    counts its own."""

    low: int = 5
    high: int = 10
    skip: int = 15
    wild: int = 25
    super_wild: int = 50

    def of(self, kind: CardKind) -> int:
        value: int = getattr(self, kind.value)
        return value

    def items(self) -> list[tuple[CardKind, int]]:
        return [(kind, self.of(kind)) for kind in CardKind]

    def points(self, cards: Cards) -> int:
        """What `cards` cost at these values."""
        # Spelled out: replaying a long game asks this many thousand times.
        return (
            self.low * cards.low
            + self.high * cards.high
            + self.skip * cards.skip
            + self.wild * cards.wild
            + self.super_wild * cards.super_wild
        )


OFFICIAL_VALUES = CardValues()


@record
class Deck(Record):
    """How many cards of each kind the deck holds; the super wild is one of the wilds."""

    low: int = DECK_LOW
    high: int = DECK_HIGH
    skip: int = DECK_SKIPS
    wild: int = DECK_WILDS

    def of(self, kind: CardKind) -> int:
        """How many of `kind` the deck holds: a super wild is one of the wilds, and there
        is only one."""
        if kind is CardKind.SUPER_WILD:
            return min(1, self.wild)
        value: int = getattr(self, kind.value)
        return value

    @property
    def size(self) -> int:
        return self.low + self.high + self.skip + self.wild


STANDARD_DECK = Deck()
MASTERS_TIN_DECK = Deck(skip=2)
"""The deck of the Fundex Phase 10 Masters tin, which has two skips."""
