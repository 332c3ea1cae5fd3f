"""Winning: completing the last phase, lowest totals among completers, and tie-breaks."""

import pytest

from phase10_keeper.rules import (
    MATTEL_RULES,
    Game,
    GameError,
    GameState,
    Hand,
    Preset,
    RuleSet,
    Status,
    WinReason,
    advance,
    build_rules,
    check_hand,
    replay,
)

from .results import made, missed


def play(players: tuple[str, ...], hands: list[Hand], rules: RuleSet = MATTEL_RULES) -> GameState:
    return replay(Game(players, rules, tuple(hands))).final


def test_the_only_completer_wins_whatever_the_totals() -> None:
    # Marcus goes out on hand 1 while Priya misses, then Priya goes out every hand. On
    # hand 10 Priya completes phase 9 and Marcus phase 10, with far more points.
    hands = [Hand("Marcus", {"Priya": missed(low=10), "Marcus": made()})]
    hands += [Hand("Priya", {"Priya": made(), "Marcus": made(wild=1)})] * 9
    state = play(("Priya", "Marcus"), hands)
    assert state.player("Priya").total == 50
    assert state.player("Marcus").total == 9 * 25
    assert state.status is Status.FINISHED
    assert (state.winner, state.win_reason) == ("Marcus", WinReason.ONLY_COMPLETER)
    assert state.ranking() == ("Marcus", "Priya")
    assert state.dealer is None


def test_the_game_goes_on_until_the_last_phase_is_completed() -> None:
    hands = [Hand("A", {"A": made(), "B": missed(low=10)})] * 9
    state = play(("A", "B"), hands)
    assert state.status is Status.IN_PROGRESS
    assert state.winner is None
    assert state.next_phase("A") is not None
    assert state.next_phase("A").label == 10  # type: ignore[union-attr]


def test_among_several_completers_the_lowest_total_wins() -> None:
    # Both reach phase 10 together; Ana goes out on it but carries 225 points.
    hands = [Hand("Ben", {"Ana": made(wild=1), "Ben": made()})] * 9
    hands.append(Hand("Ana", {"Ana": made(), "Ben": made(low=2)}))
    state = play(("Ana", "Ben"), hands)
    assert (state.player("Ana").total, state.player("Ben").total) == (225, 10)
    assert (state.winner, state.win_reason) == ("Ben", WinReason.LOWEST_TOTAL_OF_COMPLETERS)
    assert state.ranking() == ("Ben", "Ana")


def tied_game() -> list[Hand]:
    """Ana and Ben complete phase 10 on hand 10 at 60 points each; Cleo has 50, on phase 9."""
    hands = [Hand("Ana", {"Ana": made(), "Ben": made(low=1), "Cleo": missed(low=10)})]
    hands += [Hand("Cleo", {"Ana": made(low=1), "Ben": made(low=1), "Cleo": made()})] * 8
    hands.append(Hand("Cleo", {"Ana": made(high=2), "Ben": made(low=1, high=1), "Cleo": made()}))
    return hands


PLAYERS = ("Ana", "Ben", "Cleo")


def test_completers_tied_on_points_must_replay() -> None:
    state = play(PLAYERS, tied_game())
    assert [p.total for p in state.players] == [60, 60, 50]
    assert state.status is Status.TIEBREAK
    # Cleo has the lowest total but did not complete the last phase: she is not in it.
    assert state.tiebreak_players == ("Ana", "Ben")
    assert state.tied_total == 60
    assert state.winner is None
    assert state.participants() == ("Ana", "Ben")
    assert [state.next_phase(name) for name in PLAYERS] == [None, None, None]
    assert state.replay_phase() is not None
    assert state.replay_phase().label == 10  # type: ignore[union-attr]
    # The deal still passes one seat on: hand 11 is dealt by the second player.
    assert state.dealer == "Ben"
    assert state.first_player == "Ana"


def test_the_replay_hand_is_won_by_whoever_goes_out() -> None:
    before = play(PLAYERS, tied_game())
    state, _ = advance(before, Hand("Ben", {"Ana": missed(low=10), "Ben": made()}))
    assert state.status is Status.FINISHED
    assert (state.winner, state.win_reason) == ("Ben", WinReason.WENT_OUT_IN_REPLAY)
    # Its points are added like any hand's, to the tied players only.
    assert [p.total for p in state.players] == [110, 60, 50]
    assert [len(p.hand_points) for p in state.players] == [11, 11, 10]
    # It moves no phase.
    assert [p.completed for p in state.players] == [p.completed for p in before.players]
    assert [p.position for p in state.players] == [p.position for p in before.players]
    assert state.hands[-1].replay
    assert state.hands[-1].entries["Ben"].phase == 10
    assert state.ranking() == ("Ben", "Ana", "Cleo")
    assert state.dealer is None


def test_the_replay_winner_need_not_have_the_lowest_total_after_it() -> None:
    before = play(PLAYERS, tied_game())
    state, _ = advance(before, Hand("Ana", {"Ana": made(), "Ben": missed(low=10)}))
    assert state.winner == "Ana"
    assert state.ranking()[0] == "Ana"


@pytest.mark.parametrize(
    ("hand", "player"),
    [
        (Hand("Ana", {"Ana": made(), "Ben": missed(low=10), "Cleo": missed(low=10)}), "Cleo"),
        (Hand("Ana", {"Ana": made()}), "Ben"),
        (Hand("Cleo", {"Ana": missed(low=10), "Ben": missed(low=10)}), "Cleo"),
        (Hand("Ana", {"Ana": made(9), "Ben": missed(low=10)}), "Ana"),
    ],
    ids=["a-player-not-tied", "a-tied-player-missing", "went-out-not-tied", "wrong-phase"],
)
def test_the_replay_hand_is_for_the_tied_players_on_the_last_phase(hand: Hand, player: str) -> None:
    problems = [p for p in check_hand(play(PLAYERS, tied_game()), hand) if p.is_error]
    assert problems
    assert all(p.hand_number == 11 for p in problems)
    assert player in {p.player for p in problems}


def test_no_hand_may_follow_the_end_of_the_game() -> None:
    hands = [*tied_game(), Hand("Ben", {"Ana": missed(low=10), "Ben": made()})]
    extra = Hand("Cleo", {"Ana": missed(low=10), "Ben": missed(low=10), "Cleo": made()})
    with pytest.raises(GameError) as caught:
        replay(Game(PLAYERS, hands=(*hands, extra)))
    assert caught.value.problems[0].hand_number == 12
    assert "over" in str(caught.value)


def test_the_lowest_total_wins_after_a_fixed_number_of_hands() -> None:
    rules = build_rules(Preset.FIXED_HANDS, hands=2)
    hands = [
        Hand("B", {"A": missed(low=10), "B": made(), "C": made(wild=4)}),
        Hand("A", {"A": made(), "B": missed(high=10), "C": made(wild=3)}),
    ]
    state = play(("A", "B", "C"), hands, rules)
    assert [p.total for p in state.players] == [50, 100, 175]
    assert (state.winner, state.win_reason) == ("A", WinReason.LOWEST_TOTAL_AFTER_FIXED_HANDS)
    # After the winner the lowest total ranks first, though C made more phases than B.
    assert [p.completed for p in state.players] == [(2,), (1,), (1, 2)]
    assert state.ranking() == ("A", "B", "C")


def test_a_fixed_game_in_progress_ranks_by_total_alone() -> None:
    rules = build_rules(Preset.FIXED_HANDS, hands=5)
    hand = Hand("A", {"A": made(), "B": made(wild=4), "C": missed(low=10)})
    state = play(("A", "B", "C"), [hand], rules)
    assert state.status is Status.IN_PROGRESS
    assert state.ranking() == ("A", "C", "B")


def test_a_fixed_game_is_not_ended_by_completing_the_last_phase() -> None:
    rules = build_rules(Preset.FIXED_HANDS, hands=3, phases=build_rules().phases[:2])
    hands = [Hand("A", {"A": made(), "B": missed(low=10)})] * 2
    state = play(("A", "B"), hands, rules)
    assert state.player("A").completed == (1, 2)
    assert state.status is Status.IN_PROGRESS


def test_an_exact_tie_after_fixed_hands_is_replayed() -> None:
    rules = build_rules(Preset.FIXED_HANDS, hands=2)
    hands = [
        Hand("A", {"A": made(), "B": missed(low=10)}),
        Hand("B", {"A": missed(low=10), "B": made()}),
    ]
    state = play(("A", "B"), hands, rules)
    assert state.status is Status.TIEBREAK
    assert state.tiebreak_players == ("A", "B")
    # They replay the phase of the last hand.
    assert state.replay_phase() is not None
    assert state.replay_phase().label == 2  # type: ignore[union-attr]
    state, _ = advance(state, Hand("B", {"A": missed(low=10), "B": made(2)}))
    assert (state.winner, state.win_reason) == ("B", WinReason.WENT_OUT_IN_REPLAY)
    assert state.hands_played == 3


def test_a_short_game_ends_when_phase_five_is_completed() -> None:
    rules = build_rules(Preset.SHORT)
    hands = [Hand("A", {"A": made(), "B": missed(low=10)})] * 5
    states = replay(Game(("A", "B"), rules, tuple(hands))).states
    assert [s.status for s in states[:5]] == [Status.IN_PROGRESS] * 5
    assert states[5].status is Status.FINISHED
    assert states[5].winner == "A"
    assert states[5].player("A").completed == (1, 2, 3, 4, 5)


def test_the_even_game_ends_on_phase_ten() -> None:
    hands = [Hand("A", {"A": made(), "B": missed(low=10)})] * 5
    state = play(("A", "B"), hands, build_rules(Preset.EVEN))
    assert state.player("A").completed == (2, 4, 6, 8, 10)
    assert state.winner == "A"


class TestMasters:
    rules = build_rules(Preset.MASTERS, target=3)

    def test_the_game_ends_when_someone_has_made_target_phases(self) -> None:
        hands = [
            Hand("A", {"A": made(4), "B": made(1, low=2), "C": missed(8, low=10)}),
            Hand("B", {"A": made(1, low=1), "B": made(2), "C": made(8, wild=3)}),
        ]
        two = play(("A", "B", "C"), hands, self.rules)
        assert two.status is Status.IN_PROGRESS
        hands.append(Hand("C", {"A": made(9, high=1), "B": missed(3, low=5, high=5), "C": made(1)}))
        state = play(("A", "B", "C"), hands, self.rules)
        assert [p.completed for p in state.players] == [(4, 1, 9), (1, 2), (8, 1)]
        assert [p.total for p in state.players] == [15, 85, 125]
        assert (state.winner, state.win_reason) == ("A", WinReason.ONLY_COMPLETER)
        assert state.ranking() == ("A", "B", "C")

    def test_two_reaching_the_target_together_are_split_by_total(self) -> None:
        hands = [
            Hand("A", {"A": made(1), "B": made(1, low=1)}),
            Hand("B", {"A": made(2, low=2), "B": made(2)}),
            Hand("A", {"A": made(3), "B": made(3, low=2)}),
        ]
        state = play(("A", "B"), hands, self.rules)
        assert [p.total for p in state.players] == [10, 15]
        assert (state.winner, state.win_reason) == ("A", WinReason.LOWEST_TOTAL_OF_COMPLETERS)

    def test_a_tie_is_replayed_on_phase_ten(self) -> None:
        hands = [
            Hand("A", {"A": made(1), "B": made(1, low=1)}),
            Hand("B", {"A": made(2, low=1), "B": made(2)}),
            Hand("A", {"A": made(3), "B": made(3)}),
        ]
        state = play(("A", "B"), hands, self.rules)
        assert state.status is Status.TIEBREAK
        assert state.replay_phase() == MATTEL_RULES.phases[-1]
        made_before = check_hand(state, Hand("B", {"A": missed(3, low=10), "B": made(1)}))
        assert {(p.player, p.field) for p in made_before if p.is_error} == {
            ("A", "phase"),
            ("B", "phase"),
        }
        assert "attempted phase 10, not phase 1" in str(made_before[-1])
        state, _ = advance(state, Hand("B", {"A": missed(low=10), "B": made(10)}))
        assert state.winner == "B"
        assert state.hands[-1].entries["A"].phase == 10


def test_ranking_without_a_winner_puts_phases_before_points_then_seats() -> None:
    hand = Hand(
        "A",
        {"A": made(), "B": made(wild=4), "C": missed(low=10), "D": missed(low=10)},
    )
    state = play(("A", "B", "C", "D"), [hand])
    # B made the phase with 100 points: ahead of C and D with 50. C and D tie: seat order.
    assert state.ranking() == ("A", "B", "C", "D")
    flipped = play(("D", "C", "B", "A"), [hand])
    assert flipped.ranking() == ("A", "B", "D", "C")
