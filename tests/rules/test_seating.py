"""Players who join or leave during a game: the game's record of it and the replay."""

import pytest

from phase10_keeper.language import words
from phase10_keeper.language.wording import win_reason
from phase10_keeper.rules import (
    MATTEL_PHASES,
    Game,
    GameError,
    Hand,
    Join,
    Leave,
    Preset,
    Status,
    WinReason,
    advance,
    build_rules,
    check_hand,
    replay,
    replay_from,
)

from .results import made, missed

ABC = ("Ana", "Ben", "Cy")


def hand(went_out: str, *others: str) -> Hand:
    return Hand(went_out, {went_out: made(), **{name: missed(low=10) for name in others}})


def test_a_join_adds_the_player_last() -> None:
    game = Game(ABC).with_seating_change(Join(1, " Dee ", after="Ana", total=50))
    assert game.players == (*ABC, "Dee")
    assert game.starting_players == ABC
    assert game.seating == (Join(1, "Dee", after="Ana", total=50),)


def test_changes_stay_before_the_same_hand_when_hands_are_removed() -> None:
    game = Game(ABC, hands=(hand("Ana", "Ben", "Cy"),) * 3).with_seating_change(Leave(3, "Cy"))
    assert game.with_hand_removed(0).seating == (Leave(2, "Cy"),)
    assert game.with_hand_removed(2).seating == (Leave(3, "Cy"),)
    assert game.with_hand_removed(1).seating == (Leave(2, "Cy"),)


def test_renaming_a_player_renames_their_seating_changes() -> None:
    game = Game(ABC).with_seating_change(Join(2, "Dee", after="Ben"))
    game = game.with_seating_change(Leave(3, "Ben"))
    renamed = game.with_player_renamed("Ben", "Bob")
    assert renamed.seating == (Join(2, "Dee", after="Bob"), Leave(3, "Bob"))


def test_no_change_after_one_player_is_left() -> None:
    with pytest.raises(GameError, match="after the game ended with one player left"):
        Game(("Ana", "Ben", "Dee"), seating=(Leave(1, "Ana"), Join(1, "Dee")))
    with pytest.raises(GameError, match="the first dealer 'Dee' is not a player"):
        Game(("Ana", "Ben", "Dee"), seating=(Join(1, "Dee"),), first_dealer="Dee")


ABCD = ("Ana", "Ben", "Cy", "Dee")


def test_a_leaver_has_no_results_keeps_what_they_had_and_the_deal_skips_them() -> None:
    game = Game(ABCD, hands=(hand("Ana", "Ben", "Cy", "Dee"),)).with_seating_change(Leave(2, "Ben"))
    state = replay(game).final
    assert state.participants() == ("Ana", "Cy", "Dee")
    assert state.dealer == "Cy"  # Ana dealt hand 1; Ben, next round the table, has left
    assert state.first_player == "Dee"
    ben = state.player("Ben")
    assert (ben.seated, ben.total, ben.position, ben.left_before) == (False, 50, 0, 2)
    with_ben = Hand("Ana", {"Ana": made(), "Ben": missed(low=10), "Cy": made(), "Dee": made()})
    problem = next(p for p in check_hand(state, with_ben) if p.is_error)
    assert (problem.player, problem.hand_number) == ("Ben", 2)
    assert "has left the game" in problem.message
    state, _ = advance(state, hand("Cy", "Ana", "Dee"))
    assert state.player("Ben").hand_points == (50,)
    assert state.dealer == "Dee"
    assert [state.dealer_of(index) for index in range(2, 6)] == ["Dee", "Ana", "Cy", "Dee"]


def test_a_leaver_ranks_after_everyone_seated_the_most_recent_first() -> None:
    # Ana goes out twice and leaves, then Ben with the lowest total among the rest.
    game = Game(ABCD, hands=(hand("Ana", "Ben", "Cy", "Dee"), hand("Ana", "Ben", "Cy", "Dee")))
    game = game.with_seating_change(Leave(3, "Ana"))
    game = game.with_hand_appended(hand("Ben", "Cy", "Dee"))
    game = game.with_seating_change(Leave(4, "Ben"))
    state = replay(game).final
    assert [p.total for p in state.players] == [0, 100, 150, 150]
    assert state.ranking() == ("Cy", "Dee", "Ben", "Ana")


def test_a_joiner_starts_on_the_agreed_total_and_phase_where_they_sit() -> None:
    game = Game(ABC, hands=(hand("Ana", "Ben", "Cy"),)).with_seating_change(
        Join(2, "Dee", after="Ana", total=120, phase=3)
    )
    state = replay(game).final
    dee = state.player("Dee")
    assert (dee.total, tuple(dee.hand_points), dee.joined_before) == (120, (), 2)
    assert state.next_phase("Dee") == MATTEL_PHASES[2]
    assert state.participants() == ("Ana", "Ben", "Cy", "Dee")
    # Dee sits left of Ana, who dealt hand 1: Dee deals next, then Ben.
    assert [state.dealer_of(index) for index in range(1, 5)] == ["Dee", "Ben", "Cy", "Ana"]
    missing = [p.player for p in check_hand(state, hand("Ana", "Ben", "Cy")) if p.is_error]
    assert missing == ["Dee"]
    state, _ = advance(state, hand("Dee", "Ana", "Ben", "Cy"))
    assert state.player("Dee").completed == (3,)
    assert state.player("Dee").total == 120
    assert state.hands[-1].dealer == "Dee"


def test_a_join_without_a_seat_sits_last_on_zero_and_phase_one() -> None:
    state = replay(Game(ABC).with_seating_change(Join(1, "Dee"))).final
    assert state.circle == ("Ana", "Ben", "Cy", "Dee")
    assert (state.player("Dee").total, state.next_phase("Dee")) == (0, MATTEL_PHASES[0])
    assert state.dealer == "Ana"


def test_a_leave_that_would_leave_one_player_ends_the_game() -> None:
    game = Game(("Ana", "Ben"), hands=(hand("Ana", "Ben"),)).with_seating_change(Leave(2, "Ana"))
    state = replay(game).final
    assert (state.status, state.winner, state.win_reason) == (
        Status.FINISHED,
        "Ben",
        WinReason.LAST_AT_TABLE,
    )
    assert win_reason(words("en"), state) == "the only player left at the table"
    assert state.ranking() == ("Ben", "Ana")
    assert state.dealer is None
    with pytest.raises(GameError, match="already over"):
        replay(game.with_hand_appended(hand("Ben")))


def test_nobody_joins_or_leaves_during_a_tie_break() -> None:
    rules = build_rules(Preset.FIXED_HANDS, hands=1)
    tied = Game(ABC, rules, hands=(Hand("Ana", {"Ana": made(), "Ben": made(), "Cy": made()}),))
    assert replay(tied).final.status is Status.TIEBREAK
    with pytest.raises(GameError, match="during a tie-break") as caught:
        replay(tied.with_seating_change(Leave(2, "Cy")))
    assert (caught.value.problems[0].hand_number, caught.value.problems[0].player) == (2, "Cy")


def test_a_leaver_cannot_win_a_game_of_a_fixed_number_of_hands() -> None:
    rules = build_rules(Preset.FIXED_HANDS, hands=2)
    game = Game(ABC, rules, hands=(hand("Ana", "Ben", "Cy"),)).with_seating_change(Leave(2, "Ana"))
    game = game.with_hand_appended(Hand("Ben", {"Ben": made(), "Cy": made(low=1)}))
    state = replay(game).final
    assert state.player("Ana").total == 0
    assert (state.winner, state.ranking()) == ("Ben", ("Ben", "Cy", "Ana"))


def test_a_change_may_come_at_most_before_the_next_hand() -> None:
    with pytest.raises(GameError, match="only 0 hands were played"):
        replay(Game(ABC).with_seating_change(Leave(2, "Cy")))


def test_continuing_a_replay_takes_in_a_change_before_the_next_hand() -> None:
    game = Game(ABCD, hands=(hand("Ana", "Ben", "Cy", "Dee"),))
    earlier = replay(game)
    changed = game.with_seating_change(Leave(2, "Dee")).with_seating_change(Join(2, "Eve"))
    assert replay_from(earlier, changed) == replay(changed)
    with pytest.raises(ValueError, match="does not have the game's seating changes"):
        replay_from(replay(changed), game)
