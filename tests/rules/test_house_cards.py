"""House card values and decks: every total and every entry check follows the game's own
(see the game file contract, version 4)."""

import pytest

from phase10_keeper.rules import (
    MATTEL_RULES,
    CardKind,
    CardValues,
    Deck,
    Game,
    PlayerResult,
    Preset,
    ProblemKey,
    RuleSet,
    RuleSetError,
    Severity,
    build_rules,
    check_hand,
    replay,
    start,
)

from .results import PLAYERS, made, missed, worked_hand
from .test_points import problems_of, scored

WILD_AT_50 = build_rules(Preset.MATTEL, card_values=CardValues(wild=50))
TWO_SKIPS = build_rules(Preset.MASTERS, deck=Deck(skip=2))


def totals(rules: RuleSet) -> dict[str, int]:
    final = replay(Game(PLAYERS, rules, (worked_hand(),))).final
    return {player.name: player.total for player in final.players}


def test_a_wild_at_50_changes_the_totals_of_those_holding_wilds() -> None:
    official = totals(MATTEL_RULES)
    house = totals(WILD_AT_50)
    # Kwame and Dana hold one wild each in the worked hand; Marcus holds none.
    assert house["Kwame"] - official["Kwame"] == 50 - 25
    assert house["Dana"] - official["Dana"] == 50 - 25
    assert house["Marcus"] == official["Marcus"]
    assert house["Priya"] == official["Priya"] == 0


def test_every_kind_costs_what_the_house_says() -> None:
    values = CardValues(low=1, high=2, skip=3, wild=4, super_wild=6)
    rules = build_rules(Preset.MATTEL, super_wild=True, card_values=values)
    hand = worked_hand(Dana=missed(low=5, high=2, skip=1, wild=1, super_wild=1))
    final = replay(Game(PLAYERS, rules, (hand,))).final
    assert final.player("Dana").total == 5 * 1 + 2 * 2 + 3 + 4 + 6


def test_points_typed_must_be_reachable_at_the_house_values() -> None:
    # Only 1-9 cards (at 2) and wilds (at 7) cost anything: ten cards are worth at most
    # eight wilds and two 1-9 cards, and an odd score needs an odd number of wilds.
    values = CardValues(low=2, high=0, skip=0, wild=7)
    rules = build_rules(Preset.MATTEL, card_values=values)
    assert problems_of("Dana", rules, Dana=scored(25)) == []  # a wild and nine 1-9 cards
    assert problems_of("Dana", rules, Dana=scored(60)) == []
    (over,) = problems_of("Dana", rules, Dana=scored(61))
    assert (over.key, over.values["limit"]) == (ProblemKey.MISSED_POINTS_OVER, 60)
    # 47 = 7 + 20 x 2 or 21 + 13 x 2 or ...: every way needs more than ten cards.
    (odd,) = problems_of("Dana", rules, Dana=scored(47))
    assert odd.key is ProblemKey.POINTS_NOT_POSSIBLE


def test_a_score_at_the_official_values_may_not_be_one_at_the_house_values() -> None:
    rules = build_rules(Preset.MATTEL, card_values=CardValues(low=10, high=20, skip=30, wild=40))
    (problem,) = problems_of("Dana", rules, Dana=scored(55))
    assert problem.key is ProblemKey.POINTS_NOT_A_SCORE
    assert problem.values == {"points": 55, "step": 10}
    assert "a multiple of 10" in problem.message
    assert problems_of("Dana", rules, Dana=scored(150)) == []


def test_a_maker_typing_points_is_held_to_what_the_house_values_allow() -> None:
    # Phase 1 (six cards) leaves four: four wilds, at 50 each.
    assert problems_of("Marcus", WILD_AT_50, Marcus=scored(200, made=True)) == []
    (official,) = problems_of("Marcus", Marcus=scored(200, made=True))
    assert (official.key, official.values["limit"]) == (ProblemKey.MADE_POINTS_OVER, 100)
    (problem,) = problems_of("Marcus", WILD_AT_50, Marcus=scored(205, made=True))
    assert (problem.key, problem.values["limit"]) == (ProblemKey.MADE_POINTS_OVER, 200)


def test_a_deck_with_two_skips_refuses_three_skips_at_the_table() -> None:
    game = Game(PLAYERS, TWO_SKIPS)
    hand = worked_hand(
        Priya=made(phase=1),
        Marcus=made(phase=1, low=1, skip=1),
        Kwame=made(phase=1, skip=1),
        Dana=missed(phase=2, low=9, skip=1),
    )
    problems = [p for p in check_hand(start(game), hand) if p.is_error]
    assert [(p.key, p.player, p.values["limit"]) for p in problems] == [
        (ProblemKey.TABLE_SKIP, "Dana", 2)
    ]
    # The same three skips are fine with the official deck's four.
    official = Game(PLAYERS, build_rules(Preset.MASTERS))
    assert not [p for p in check_hand(start(official), hand) if p.is_error]


def test_a_deck_with_two_skips_refuses_three_in_one_hand() -> None:
    rules = build_rules(Preset.MATTEL, deck=Deck(skip=2))
    (problem,) = [
        p
        for p in problems_of("Dana", rules, Dana=missed(low=7, skip=3))
        if p.severity is Severity.ERROR
    ]
    assert (problem.key, problem.values["limit"]) == (ProblemKey.SKIPS_OVER_DECK, 2)


def test_a_small_deck_limits_the_1_9_and_10_12_cards_one_player_holds() -> None:
    rules = build_rules(Preset.MATTEL, deck=Deck(low=8, high=3, skip=4, wild=8))
    errors = [
        p.key
        for p in problems_of("Dana", rules, Dana=missed(low=9, high=1))
        if p.severity is Severity.ERROR
    ]
    assert errors == [ProblemKey.LOWS_OVER_DECK]
    errors = [
        p.key
        for p in problems_of("Dana", rules, Dana=missed(low=6, high=4))
        if p.severity is Severity.ERROR
    ]
    assert errors == [ProblemKey.HIGHS_OVER_DECK]


def test_points_typed_follow_the_deck_too() -> None:
    # Without skips and wilds, ten cards are worth at most ten 10-12 cards.
    rules = build_rules(Preset.MATTEL, deck=Deck(skip=0, wild=0))
    (problem,) = problems_of("Dana", rules, Dana=scored(105))
    assert (problem.key, problem.values["limit"]) == (ProblemKey.MISSED_POINTS_OVER, 100)


@pytest.mark.parametrize(
    ("values", "deck", "key"),
    [
        (CardValues(wild=101), Deck(), ProblemKey.CARD_VALUE_RANGE),
        (CardValues(low=-5), Deck(), ProblemKey.CARD_VALUE_RANGE),
        (CardValues(), Deck(skip=201), ProblemKey.DECK_COUNT_RANGE),
        (CardValues(), Deck(wild=-1), ProblemKey.DECK_COUNT_RANGE),
        (CardValues(), Deck(low=5, high=5, skip=5, wild=5), ProblemKey.DECK_TOO_SMALL),
    ],
)
def test_values_and_decks_out_of_range_are_refused(
    values: CardValues, deck: Deck, key: ProblemKey
) -> None:
    with pytest.raises(RuleSetError) as refused:
        build_rules(Preset.MATTEL, card_values=values, deck=deck)
    assert refused.value.problem.key is key


def test_a_refused_value_says_which_card_and_the_range() -> None:
    with pytest.raises(RuleSetError) as refused:
        build_rules(Preset.MATTEL, card_values=CardValues(wild=150))
    assert str(refused.value) == "a wild card must cost from 0 to 100 points, not 150"
    with pytest.raises(RuleSetError) as refused:
        build_rules(Preset.MATTEL, deck=Deck(skip=300))
    assert str(refused.value) == "the deck must hold from 0 to 200 skip cards, not 300"


def test_the_edges_of_the_ranges_are_allowed() -> None:
    rules = build_rules(
        Preset.MATTEL,
        card_values=CardValues(low=0, high=100, skip=0, wild=100, super_wild=0),
        deck=Deck(low=200, high=0, skip=0, wild=200),
    )
    assert rules.card_values.of(CardKind.HIGH) == 100
    assert rules.deck.size == 400


def test_free_cards_make_every_score_zero() -> None:
    rules = build_rules(Preset.MATTEL, card_values=CardValues(0, 0, 0, 0, 0))
    assert problems_of("Dana", rules, Dana=scored(0)) == []
    (problem,) = problems_of("Dana", rules, Dana=scored(5))
    assert problem.key is ProblemKey.MISSED_POINTS_OVER
    assert totals(rules) == dict.fromkeys(PLAYERS, 0)


def test_results_cost_their_cards_at_the_values_given() -> None:
    result = PlayerResult(made=False, cards=worked_hand().results["Dana"].cards)
    assert result.score(CardValues()) == 90
    assert result.score(CardValues(wild=50)) == 115
    assert PlayerResult(made=False, points=40).score(CardValues(wild=50)) == 40
