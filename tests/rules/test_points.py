"""Results typed as points totals: the checks the cards get, in points (RULES.md, the last
entry check), and replays that count them like the cards they stand for."""

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from phase10_keeper.rules import (
    MATTEL_RULES,
    OFFICIAL_VALUES,
    STANDARD_DECK,
    Cards,
    Game,
    Group,
    GroupKind,
    Hand,
    Phase,
    PlayerResult,
    Preset,
    Problem,
    ProblemKey,
    RuleSet,
    Severity,
    build_rules,
    check_hand,
    replay,
    start,
)
from phase10_keeper.rules.cards import DECK_SKIPS, DECK_WILDS, HAND_SIZE
from phase10_keeper.rules.checks import worth

from .results import PLAYERS, worked_hand
from .test_properties import PROPERTY, games

OFFICIAL = {"values": OFFICIAL_VALUES, "deck": STANDARD_DECK}
SUPER_WILD = build_rules(Preset.MATTEL, super_wild=True)


def scored(points: int, *, made: bool = False, phase: int | None = None) -> PlayerResult:
    return PlayerResult(made=made, phase=phase, points=points)


def problems_of(
    player: str, rules: RuleSet = MATTEL_RULES, **changes: PlayerResult
) -> list[Problem]:
    game = Game(PLAYERS, rules)
    problems = check_hand(start(game), worked_hand(**changes))
    return [problem for problem in problems if problem.player == player]


def keys(problems: list[Problem]) -> list[tuple[Severity, ProblemKey]]:
    return [(problem.severity, problem.key) for problem in problems]


@pytest.mark.parametrize("points", [50, 55, 90, 225, 230])
def test_a_non_maker_may_score_what_ten_cards_are_worth(points: int) -> None:
    assert problems_of("Dana", Dana=scored(points)) == []


def test_a_non_maker_cannot_score_more_than_ten_cards_are_worth() -> None:
    (problem,) = problems_of("Dana", Dana=scored(235))
    assert (problem.key, problem.field, problem.hand_number) == (
        ProblemKey.MISSED_POINTS_OVER,
        "points",
        1,
    )
    assert problem.message == (
        "did not make the phase, so holds ten cards, worth at most 230, not 235"
    )


def test_a_non_maker_below_ten_cards_worth_is_a_warning_as_nine_cards_are() -> None:
    (problem,) = problems_of("Dana", Dana=scored(45))
    assert (problem.severity, problem.key) == (Severity.WARNING, ProblemKey.MISSED_POINTS_FEW)
    assert "at least 50" in problem.message


def test_with_the_super_wild_ten_cards_are_worth_more() -> None:
    assert problems_of("Dana", SUPER_WILD, Dana=scored(255)) == []
    (problem,) = problems_of("Dana", SUPER_WILD, Dana=scored(260))
    assert problem.values["limit"] == 255


@pytest.mark.parametrize("points", [-5, 52, 3])
def test_a_score_is_a_multiple_of_five_and_never_negative(points: int) -> None:
    (problem,) = problems_of("Dana", Dana=scored(points))
    assert problem.key is ProblemKey.POINTS_NOT_A_SCORE
    assert problem.values == {"points": points, "step": 5}


def test_the_player_who_went_out_scores_nothing() -> None:
    assert problems_of("Priya", Priya=scored(0, made=True)) == []
    (problem,) = problems_of("Priya", Priya=scored(5, made=True))
    assert problem.key is ProblemKey.WENT_OUT_SCORES_POINTS
    assert keys(problems_of("Priya", Priya=scored(0))) == [
        (Severity.ERROR, ProblemKey.WENT_OUT_NOT_MADE)
    ]


def test_a_maker_of_phase_one_scores_what_four_cards_can_be_worth() -> None:
    assert problems_of("Marcus", Marcus=scored(100, made=True)) == []
    (over,) = problems_of("Marcus", Marcus=scored(105, made=True))
    assert over.key is ProblemKey.MADE_POINTS_OVER
    assert over.message == (
        "made phase 1 (6 cards), so holds at most 4 cards, worth at most 100, not 105"
    )
    # Three wilds are 75, and no fourth card is worth 20.
    (gap,) = problems_of("Marcus", Marcus=scored(95, made=True))
    assert gap.key is ProblemKey.POINTS_NOT_POSSIBLE
    assert gap.message == ("scores 95, but holds at most 4 cards, and no such cards add up to that")


def test_a_maker_with_no_points_is_asked_as_one_with_no_cards() -> None:
    (problem,) = problems_of("Marcus", Marcus=scored(0, made=True))
    assert (problem.severity, problem.key) == (Severity.WARNING, ProblemKey.NO_CARDS_NOT_OUT)
    assert problem.field == "points"


def test_one_maker_may_hold_the_card_more_the_super_wild_leaves() -> None:
    assert problems_of("Marcus", SUPER_WILD, Marcus=scored(125, made=True)) == []
    (over,) = problems_of("Marcus", SUPER_WILD, Marcus=scored(130, made=True))
    assert over.key is ProblemKey.MADE_POINTS_OVER_SUPER_WILD
    assert over.values["count"] == 5
    # A run of 9 leaves one card; 20 takes two, so that phase held the super wild.
    run_of_nine = build_rules(
        Preset.MATTEL, phases=(Phase(1, (Group(GroupKind.RUN, 9),)),), super_wild=True
    )
    assert problems_of("Marcus", run_of_nine, Marcus=scored(20, made=True)) == []
    both = problems_of(
        "Kwame", run_of_nine, Marcus=scored(20, made=True), Kwame=scored(35, made=True)
    )
    assert keys(both) == [(Severity.ERROR, ProblemKey.SECOND_SUPER_WILD)]
    assert (both[0].field, both[0].values) == ("points", {"other": "Marcus"})


def test_nobody_lays_the_super_wild_that_someone_holds_by_count() -> None:
    held = PlayerResult(made=False, cards=Cards(low=9, super_wild=1))
    (problem,) = problems_of("Marcus", SUPER_WILD, Dana=held, Marcus=scored(125, made=True))
    assert problem.key is ProblemKey.MADE_POINTS_OVER


def test_a_result_gives_cards_or_points_never_both() -> None:
    both = PlayerResult(made=False, cards=Cards(low=10), points=50)
    (problem,) = problems_of("Dana", Dana=both)
    assert (problem.key, problem.field) == (ProblemKey.POINTS_AND_CARDS, "points")


def test_the_deck_across_the_table_asks_nothing_of_totals() -> None:
    # Six non-makers worth 230 each would need 48 wilds; totals cannot show it.
    players = ("A", "B", "C", "D", "E", "F")
    results = {name: scored(230) for name in players[1:]}
    results["A"] = scored(0, made=True)
    assert check_hand(start(Game(players)), Hand("A", results)) == []


def test_a_replay_counts_typed_points_like_cards() -> None:
    hand = worked_hand(Dana=scored(55), Marcus=scored(15, made=True))
    final = replay(Game(PLAYERS, hands=(hand,))).final
    assert [player.total for player in final.players] == [0, 15, 30, 55]
    (record,) = final.hands
    assert record.entries["Dana"].points == 55
    assert record.entries["Dana"].cards.is_empty


@given(
    st.integers(0, HAND_SIZE + 1),
    st.booleans(),
    st.integers(0, 11),
    st.integers(0, 11),
    st.integers(0, DECK_SKIPS),
    st.integers(0, DECK_WILDS),
    st.integers(0, 1),
)
def test_what_cards_are_worth_is_every_total_of_cards_that_many(
    count: int, super_wild: bool, low: int, high: int, skip: int, wild: int, supers: int
) -> None:
    cards = Cards(low=low, high=high, skip=skip, wild=wild, super_wild=supers if super_wild else 0)
    within = cards.wild + cards.super_wild <= DECK_WILDS
    points = OFFICIAL_VALUES.points(cards)
    assert (within and cards.total == count) <= (
        points in worth(count, exactly=True, super_wild=super_wild, **OFFICIAL)
    )
    assert (within and cards.total <= count) <= (
        points in worth(count, exactly=False, super_wild=super_wild, **OFFICIAL)
    )
    assert all(
        total % 5 == 0 for total in worth(count, exactly=False, super_wild=super_wild, **OFFICIAL)
    )


@pytest.mark.parametrize(("super_wild", "most"), [(False, 230), (True, 255)])
def test_ten_cards_are_worth_every_multiple_of_five_between_their_least_and_most(
    super_wild: bool, most: int
) -> None:
    ten = worth(HAND_SIZE, exactly=True, super_wild=super_wild, **OFFICIAL)
    assert ten == set(range(50, most + 1, 5))


def typed(game: Game, chosen: list[bool]) -> Game:
    """The game with some results (as `chosen` picks, in turn) typed as their points."""
    picks = iter(chosen * (len(game.hands) * 6 + 1))
    values = game.rules.card_values
    hands = tuple(
        Hand(
            hand.went_out,
            {
                name: PlayerResult(
                    made=result.made,
                    phase=result.phase,
                    points=result.score(values),
                )
                if next(picks)
                else result
                for name, result in hand.results.items()
            },
        )
        for hand in game.hands
    )
    return replace(game, hands=hands)


@PROPERTY
@given(games(), st.lists(st.booleans(), min_size=1, max_size=7))
def test_typing_a_valid_hand_as_points_changes_no_standing(game: Game, chosen: list[bool]) -> None:
    """Whatever the cards were, their points total passes the checks and counts the same."""
    by_cards = replay(game)
    by_points = replay(typed(game, chosen))
    for cards_state, points_state in zip(by_cards.states, by_points.states, strict=True):
        assert [
            (player.total, player.completed, player.position) for player in points_state.players
        ] == [(player.total, player.completed, player.position) for player in cards_state.players]
        assert (points_state.status, points_state.winner, points_state.ranking()) == (
            cards_state.status,
            cards_state.winner,
            cards_state.ranking(),
        )
    assert all(not problem.is_error for problem in by_points.warnings)
