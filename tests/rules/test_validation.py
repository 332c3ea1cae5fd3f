"""Entry checks: what the hand sizes imply, as errors and warnings that name hand and player."""

import pytest

from phase10_keeper.rules import (
    MATTEL_PHASES,
    Game,
    GameError,
    GameState,
    Hand,
    PlayerResult,
    Preset,
    Problem,
    Severity,
    advance,
    build_rules,
    check_hand,
    replay,
    start,
)

from .results import PLAYERS, made, missed, worked_hand


def state_after(game: Game) -> GameState:
    return replay(game).final


def only(problems: list[Problem], severity: Severity = Severity.ERROR) -> Problem:
    chosen = [problem for problem in problems if problem.severity is severity]
    assert len(chosen) == 1, problems
    return chosen[0]


def first_hand(**changes: PlayerResult) -> list[Problem]:
    return check_hand(start(Game(PLAYERS)), worked_hand(**changes))


def test_the_worked_hand_is_clean() -> None:
    assert first_hand() == []


@pytest.mark.parametrize("kind", ["low", "high", "skip", "wild"])
def test_a_negative_count_is_an_error(kind: str) -> None:
    problem = only(first_hand(Marcus=made(**{kind: -1})))
    assert (problem.hand_number, problem.player, problem.field) == (1, "Marcus", kind)
    assert "negative" in problem.message
    assert str(problem).startswith("hand 1, Marcus: ")


def test_more_than_ten_cards_is_an_error_not_a_warning() -> None:
    problems = first_hand(Dana=missed(low=7, high=2, skip=1, wild=1))
    problem = only(problems)
    assert (problem.player, problem.severity) == ("Dana", Severity.ERROR)
    assert "11 cards" in problem.message
    assert not [p for p in problems if p.severity is Severity.WARNING]


def test_one_player_cannot_hold_more_skips_or_wilds_than_the_deck() -> None:
    skips = first_hand(Dana=missed(low=5, skip=5))
    assert only(skips).field == "skip"
    assert only(skips).player == "Dana"
    wilds = first_hand(Dana=missed(low=1, wild=9))
    assert any(p.player == "Dana" and p.field == "wild" for p in wilds)


def test_the_table_cannot_hold_more_wilds_than_the_deck() -> None:
    problems = first_hand(Kwame=missed(low=5, wild=5), Dana=missed(low=5, wild=5))
    problem = only(problems)
    # Kwame's 5 fit in the deck's 8; Dana's take the table to 10.
    assert (problem.hand_number, problem.player, problem.field) == (1, "Dana", "wild")
    assert "10 wilds" in problem.message
    assert "Kwame 5" in problem.message


def test_the_table_cannot_hold_more_skips_than_the_deck() -> None:
    problems = first_hand(Marcus=made(skip=2), Kwame=made(skip=2), Dana=missed(low=9, skip=1))
    problem = only(problems)
    assert (problem.player, problem.field) == ("Dana", "skip")


def test_the_table_cannot_hold_more_high_cards_than_the_deck() -> None:
    # Three players with ten 10-12s each would need 30 of the deck's 24.
    game = Game(("A", "B", "C", "D"))
    hand = Hand(
        "A",
        {"A": made(), "B": missed(high=10), "C": missed(high=10), "D": missed(high=10)},
    )
    problem = only(check_hand(start(game), hand))
    assert (problem.player, problem.field) == ("D", "high")
    assert "24" in problem.message


def test_the_table_limits_are_reached_but_not_passed() -> None:
    hand = worked_hand(Kwame=missed(low=6, wild=4), Dana=missed(low=2, skip=4, wild=4))
    assert [p for p in check_hand(start(Game(PLAYERS)), hand) if p.is_error] == []


def test_a_player_who_went_out_holds_nothing() -> None:
    problem = only(first_hand(Priya=made(low=1)))
    assert (problem.player, problem.field) == ("Priya", "low")
    assert "went out" in problem.message


def test_a_player_who_went_out_made_the_phase() -> None:
    problem = only(first_hand(Priya=missed()))
    assert (problem.player, problem.field) == ("Priya", "made")


def test_a_maker_holds_at_most_ten_minus_the_phase() -> None:
    # Phase 1 lays down 6 cards, so at most 4 are left.
    assert first_hand(Marcus=made(low=4)) == []
    problem = only(first_hand(Marcus=made(low=5)))
    assert (problem.player, problem.field) == ("Marcus", "low")
    assert "at most 4" in problem.message


def test_a_maker_on_the_run_of_nine_holds_at_most_one_card() -> None:
    rules = build_rules(Preset.MATTEL, phases=(MATTEL_PHASES[5],))
    state = start(Game(("A", "B"), rules))
    assert check_hand(state, Hand("A", {"A": made(), "B": made(wild=1)})) == []
    problem = only(check_hand(state, Hand("A", {"A": made(), "B": made(low=2)})))
    assert problem.player == "B"
    assert "at most 1" in problem.message


def test_a_non_maker_with_fewer_than_ten_cards_is_only_a_warning() -> None:
    problems = first_hand(Dana=missed(low=5, high=2, skip=1, wild=1))
    assert [p for p in problems if p.is_error] == []
    warning = only(problems, Severity.WARNING)
    assert (warning.hand_number, warning.player) == (1, "Dana")
    assert "9 cards" in warning.message
    assert str(warning).startswith("hand 1, Dana: ")


def test_a_maker_who_did_not_go_out_with_an_empty_hand_is_only_a_warning() -> None:
    # Playing your last card is going out, so only the player who went out can
    # end empty-handed; an empty hand elsewhere is most likely a count left blank.
    problems = first_hand(Marcus=made())
    assert [p for p in problems if p.is_error] == []
    warning = only(problems, Severity.WARNING)
    assert (warning.hand_number, warning.player, warning.field) == (1, "Marcus", "low")
    assert "did not go out" in warning.message


def test_a_warning_does_not_stop_the_hand_being_recorded() -> None:
    state, warnings = advance(start(Game(PLAYERS)), worked_hand(Dana=missed(low=9)))
    assert [w.player for w in warnings] == ["Dana"]
    assert state.player("Dana").total == 45


def test_super_wild_only_with_the_variant() -> None:
    problem = only(first_hand(Dana=missed(low=9, super_wild=1)))
    assert (problem.player, problem.field) == ("Dana", "super_wild")
    rules = build_rules(Preset.MATTEL, super_wild=True)
    state = start(Game(PLAYERS, rules))
    assert check_hand(state, worked_hand(Dana=missed(low=9, super_wild=1))) == []


def test_there_is_only_one_super_wild() -> None:
    state = start(Game(PLAYERS, build_rules(Preset.MATTEL, super_wild=True)))
    problem = only(check_hand(state, worked_hand(Dana=missed(low=8, super_wild=2))))
    assert (problem.player, problem.field) == ("Dana", "super_wild")
    across = worked_hand(Kwame=made(super_wild=1), Dana=missed(low=9, super_wild=1))
    problem = only(check_hand(state, across))
    assert (problem.player, problem.field) == ("Dana", "super_wild")


def test_the_phase_that_held_the_super_wild_leaves_one_card_more() -> None:
    # Marcus laid phase 1 (6 places) with the super wild filling two: 5 cards are left.
    state = start(Game(PLAYERS, build_rules(Preset.MATTEL, super_wild=True)))
    assert check_hand(state, worked_hand(Marcus=made(low=5))) == []
    too_many = only(check_hand(state, worked_hand(Marcus=made(low=6))))
    assert (too_many.player, too_many.field) == ("Marcus", "low")
    assert "at most 5 cards" in too_many.message
    # Without the variant the same count is impossible.
    assert only(first_hand(Marcus=made(low=5))).player == "Marcus"


def test_only_one_phase_can_hold_the_super_wild() -> None:
    state = start(Game(PLAYERS, build_rules(Preset.MATTEL, super_wild=True)))
    problem = only(check_hand(state, worked_hand(Marcus=made(low=5), Kwame=made(low=5))))
    assert (problem.player, problem.field) == ("Kwame", "low")
    assert "Marcus" in problem.message
    # A super wild still in someone's hand was laid in nobody's phase.
    held = worked_hand(Marcus=made(low=5), Dana=missed(low=9, super_wild=1))
    assert only(check_hand(state, held)).player == "Marcus"


def test_the_super_wild_is_one_of_the_eight_wilds() -> None:
    state = start(Game(PLAYERS, build_rules(Preset.MATTEL, super_wild=True)))
    hand = worked_hand(Kwame=missed(low=6, wild=4), Dana=missed(low=5, wild=4, super_wild=1))
    problem = only(check_hand(state, hand))
    assert (problem.player, problem.field) == ("Dana", "wild")


def test_every_player_needs_a_result() -> None:
    hand = worked_hand()
    del hand.results["Kwame"]  # type: ignore[attr-defined]
    problem = only(check_hand(start(Game(PLAYERS)), hand))
    assert (problem.hand_number, problem.player) == (1, "Kwame")


def test_a_result_for_someone_not_at_the_table_is_an_error() -> None:
    problem = only(first_hand(Zed=missed(low=10)))
    assert problem.player == "Zed"


def test_the_player_who_went_out_must_be_at_the_table() -> None:
    hand = Hand("Zed", worked_hand().results)
    problems = check_hand(start(Game(PLAYERS)), hand)
    assert any("Zed" in str(problem) for problem in problems if problem.is_error)


def test_a_given_phase_must_be_the_one_the_rules_fix() -> None:
    assert first_hand(Marcus=made(1, low=1)) == []
    problem = only(first_hand(Marcus=made(2, low=1)))
    assert (problem.player, problem.field) == ("Marcus", "phase")


def test_problems_of_later_hands_carry_their_number() -> None:
    game = Game(PLAYERS, hands=(worked_hand(),))
    state = state_after(game)
    hand = Hand(
        "Marcus",
        {"Priya": made(), "Marcus": made(), "Kwame": missed(low=10), "Dana": made(low=5)},
    )
    problem = only(check_hand(state, hand))
    # Priya is on phase 2 (7 cards: at most 3 left); Dana is still on phase 1 (at most 4).
    assert (problem.hand_number, problem.player) == (2, "Dana")
    assert "at most 4" in problem.message


def test_replay_stops_at_the_first_impossible_hand() -> None:
    bad = worked_hand(Marcus=made(low=-2))
    game = Game(PLAYERS, hands=(worked_hand(), worked_hand(), bad, bad))
    with pytest.raises(GameError) as caught:
        replay(game)
    assert {(p.hand_number, p.player) for p in caught.value.problems} == {(3, "Marcus")}
    assert str(caught.value).startswith("hand 3, Marcus: ")


def test_advance_reports_every_error_of_the_hand() -> None:
    hand = worked_hand(Priya=made(low=1), Marcus=made(low=-1), Dana=missed(low=11))
    with pytest.raises(GameError) as caught:
        advance(start(Game(PLAYERS)), hand)
    assert {p.player for p in caught.value.problems} == {"Priya", "Marcus", "Dana"}


class TestChosenPhases:
    """Masters order: the player names the phase, and it must be one not yet made."""

    rules = build_rules(Preset.MASTERS)

    def state(self, *hands: Hand) -> GameState:
        return state_after(Game(("A", "B"), self.rules, hands))

    def test_the_phase_is_required(self) -> None:
        problem = only(check_hand(self.state(), Hand("A", {"A": made(4), "B": missed(low=10)})))
        assert (problem.player, problem.field) == ("B", "phase")

    def test_the_phase_must_exist(self) -> None:
        hand = Hand("A", {"A": made(4), "B": missed(11, low=10)})
        problem = only(check_hand(self.state(), hand))
        assert (problem.player, problem.field) == ("B", "phase")

    def test_a_made_phase_cannot_be_picked_again(self) -> None:
        state = self.state(Hand("A", {"A": made(4), "B": missed(2, low=10)}))
        assert check_hand(state, Hand("B", {"A": missed(5, low=10), "B": made(2)})) == []
        problem = only(check_hand(state, Hand("B", {"A": made(4, low=1), "B": made(1)})))
        assert (problem.hand_number, problem.player, problem.field) == (2, "A", "phase")

    def test_the_limit_for_a_maker_follows_the_chosen_phase(self) -> None:
        # Phase 6 (run of 9) leaves 1 card, phase 1 (two sets of 3) leaves 4.
        assert check_hand(self.state(), Hand("A", {"A": made(4), "B": made(1, low=4)})) == []
        problem = only(check_hand(self.state(), Hand("A", {"A": made(4), "B": made(6, low=2)})))
        assert "at most 1" in problem.message


def test_in_a_fixed_game_a_player_with_every_phase_made_names_none() -> None:
    rules = build_rules(Preset.MASTERS, phases=MATTEL_PHASES[:1], hands=3)
    game = Game(("A", "B"), rules, (Hand("A", {"A": made(1), "B": missed(1, low=10)}),))
    state = state_after(game)
    assert state.phases_left("A") == ()
    assert check_hand(state, Hand("B", {"A": missed(low=10), "B": made(1)})) == []
    problem = only(check_hand(state, Hand("B", {"A": made(low=1), "B": made(1)})))
    assert (problem.player, problem.field) == ("A", "made")
