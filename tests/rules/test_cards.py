"""Card values and hand counts, straight from the scoring table in the rules."""

from hypothesis import given, settings
from hypothesis import strategies as st

from phase10_keeper.rules import (
    HAND_SIZE,
    NO_CARDS,
    OFFICIAL_VALUES,
    STANDARD_DECK,
    CardKind,
    Cards,
    CardValues,
)
from phase10_keeper.rules.cards import DECK_SKIPS, DECK_WILDS


def test_points_per_card_follow_the_scoring_table() -> None:
    assert dict(OFFICIAL_VALUES.items()) == {
        CardKind.LOW: 5,
        CardKind.HIGH: 10,
        CardKind.SKIP: 15,
        CardKind.WILD: 25,
        CardKind.SUPER_WILD: 50,
    }
    assert CardValues() == OFFICIAL_VALUES


def test_the_deck_has_108_cards_of_four_kinds() -> None:
    # 1-9 and 10-12 in four colours, two of each; 8 wilds; 4 skips.
    assert STANDARD_DECK.low == 9 * 4 * 2
    assert STANDARD_DECK.high == 3 * 4 * 2
    assert (STANDARD_DECK.wild, STANDARD_DECK.skip) == (8, 4)
    assert STANDARD_DECK.size == 108
    assert STANDARD_DECK.of(CardKind.SUPER_WILD) == 1
    assert HAND_SIZE == 10


def test_worked_hand_scores() -> None:
    # Marcus: a 3 and a 12. Kwame: a wild and a 2. Dana: 1, 4, 4, 7, 8, 9, 10, 12, skip, wild.
    marcus = Cards(low=1, high=1)
    kwame = Cards(low=1, wild=1)
    dana = Cards(low=6, high=2, skip=1, wild=1)
    points = OFFICIAL_VALUES.points
    assert (points(marcus), points(kwame), points(dana)) == (15, 30, 90)
    assert (marcus.total, kwame.total, dana.total) == (2, 2, 10)


def test_no_cards_is_empty_and_costs_nothing() -> None:
    assert NO_CARDS.is_empty
    assert OFFICIAL_VALUES.points(NO_CARDS) == 0
    assert NO_CARDS.total == 0
    assert not Cards(skip=1).is_empty


def test_count_and_items_name_every_kind() -> None:
    cards = Cards(low=1, high=2, skip=3, wild=4, super_wild=5)
    assert [kind for kind, _ in cards.items()] == list(CardKind)
    assert [cards.count(kind) for kind in CardKind] == [1, 2, 3, 4, 5]


def test_adding_cards_adds_each_kind() -> None:
    total = Cards(low=1, wild=2) + Cards(low=3, skip=1, super_wild=1)
    assert total == Cards(low=4, skip=1, wild=2, super_wild=1)


@st.composite
def ten_card_hands(draw: st.DrawFn) -> Cards:
    skip = draw(st.integers(0, DECK_SKIPS))
    wild = draw(st.integers(0, min(DECK_WILDS, HAND_SIZE - skip)))
    high = draw(st.integers(0, HAND_SIZE - skip - wild))
    return Cards(low=HAND_SIZE - skip - wild - high, high=high, skip=skip, wild=wild)


@settings(max_examples=60, deadline=None)
@given(ten_card_hands())
def test_a_player_who_did_not_make_the_phase_scores_50_to_250(cards: Cards) -> None:
    assert cards.total == HAND_SIZE
    points = OFFICIAL_VALUES.points(cards)
    assert 50 <= points <= 250
    assert points % 5 == 0


def test_house_values_cost_each_kind_its_own() -> None:
    # A table that counts wilds at 50 and skips at 20.
    house = CardValues(wild=50, skip=20)
    dana = Cards(low=6, high=2, skip=1, wild=1)
    assert house.points(dana) == 6 * 5 + 2 * 10 + 20 + 50
    assert house.points(dana) - OFFICIAL_VALUES.points(dana) == (50 - 25) + (20 - 15)
    assert [house.of(kind) for kind in CardKind] == [5, 10, 20, 50, 50]
