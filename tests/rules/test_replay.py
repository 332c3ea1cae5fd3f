"""Replaying a hand log: points, phases, the deal, variants, and editing the log."""

import gc
import tracemalloc

import pytest

from phase10_keeper.rules import (
    Cards,
    Game,
    GameState,
    Hand,
    PlayerResult,
    Preset,
    Replay,
    Status,
    advance,
    build_rules,
    replay,
    replay_from,
    start,
)

from .results import PLAYERS, WORKED_HAND, made, missed


def standings(game: Game) -> GameState:
    return replay(game).final


def phases(state: GameState) -> dict[str, int | None]:
    return {
        player.name: (phase.label if (phase := state.next_phase(player.name)) else None)
        for player in state.players
    }


def test_the_worked_hand() -> None:
    state = standings(Game(PLAYERS, hands=(WORKED_HAND,)))
    assert {p.name: p.total for p in state.players} == {
        "Priya": 0,
        "Marcus": 15,
        "Kwame": 30,
        "Dana": 90,
    }
    assert phases(state) == {"Priya": 2, "Marcus": 2, "Kwame": 2, "Dana": 1}
    assert [p.completed for p in state.players] == [(1,), (1,), (1,), ()]
    assert state.status is Status.IN_PROGRESS
    assert state.hands_played == 1
    # Priya dealt hand 1 (the first player listed); the deal passes to Marcus.
    assert state.dealer == "Marcus"
    assert state.first_player == "Kwame"


def test_the_hand_record_keeps_each_cell_of_the_sheet() -> None:
    record = standings(Game(PLAYERS, hands=(WORKED_HAND,))).hands[0]
    assert (record.number, record.dealer, record.went_out, record.replay) == (
        1,
        "Priya",
        "Priya",
        False,
    )
    dana = record.entries["Dana"]
    assert (dana.phase, dana.made, dana.points, dana.total) == (1, False, 90, 90)
    assert dana.cards == Cards(low=6, high=2, skip=1, wild=1)


def test_totals_carry_from_hand_to_hand() -> None:
    second = Hand(
        "Dana",
        {
            "Priya": missed(low=10),
            "Marcus": made(high=2),
            "Kwame": missed(low=5, high=5),
            "Dana": made(),
        },
    )
    state = standings(Game(PLAYERS, hands=(WORKED_HAND, second)))
    assert [p.total for p in state.players] == [50, 35, 105, 90]
    assert [p.hand_points for p in state.players] == [(0, 50), (15, 20), (30, 75), (90, 0)]
    # Made it: on to the next phase. Missed: the same phase again.
    assert phases(state) == {"Priya": 2, "Marcus": 3, "Kwame": 2, "Dana": 2}
    assert [p.completed for p in state.players] == [(1,), (1, 2), (1,), (1,)]


def test_the_deal_passes_left_from_the_first_dealer_and_wraps() -> None:
    hands = tuple(
        Hand("A", {"A": made(), "B": missed(low=10), "C": missed(low=10)}) for _ in range(4)
    )
    game = Game(("A", "B", "C"), hands=hands, first_dealer="B")
    run = replay(game)
    assert [record.dealer for record in run.final.hands] == ["B", "C", "A", "B"]
    assert [state.dealer for state in run.states] == ["B", "C", "A", "B", "C"]
    assert run.final.first_player == "A"


def test_two_strike_moves_a_player_on_after_two_misses_in_a_row() -> None:
    rules = build_rules(Preset.MATTEL, two_strike=True)

    def hand(b: PlayerResult) -> Hand:
        return Hand("A", {"A": made(), "B": b})

    game = Game(
        ("A", "B"),
        rules,
        (hand(missed(low=10)), hand(missed(low=10)), hand(missed(low=10)), hand(made(low=1))),
    )
    states = replay(game).states
    assert [phases(s)["B"] for s in states] == [1, 1, 2, 2, 3]
    # Moving on by two strikes is not completing the phase.
    assert states[-1].player("B").completed == (2,)


def test_a_made_phase_resets_the_two_strike_count() -> None:
    rules = build_rules(Preset.MATTEL, two_strike=True)
    b_results = [missed(low=10), made(low=1), missed(low=10), made(low=1), missed(low=10)]
    hands = tuple(Hand("A", {"A": made(), "B": result}) for result in b_results)
    states = replay(Game(("A", "B"), rules, hands)).states
    assert [phases(s)["B"] for s in states] == [1, 1, 2, 2, 3, 3]


def test_without_two_strike_a_player_stays_on_a_missed_phase() -> None:
    hands = tuple(Hand("A", {"A": made(), "B": missed(low=10)}) for _ in range(4))
    assert phases(standings(Game(("A", "B"), hands=hands)))["B"] == 1


def test_two_strike_never_moves_past_the_phase_that_ends_the_game() -> None:
    rules = build_rules(Preset.SHORT, two_strike=True)
    begin = start(Game(("A", "B"), rules))
    # B has already missed phase 4 once; reaching it by play would take eight hands.
    b = begin.player("B")._replace(position=3, misses=1)
    state = begin._replace(players=(begin.player("A"), b))
    seen = [phases(state)["B"]]
    for _ in range(3):
        state, _ = advance(state, Hand("A", {"A": made(), "B": missed(low=10)}))
        seen.append(phases(state)["B"])
    # Phase 5 ends the short game, so it must be made: strikes stop there.
    assert seen == [4, 5, 5, 5]
    assert state.status is Status.IN_PROGRESS


def test_the_even_game_goes_through_even_labels() -> None:
    rules = build_rules(Preset.EVEN)
    hands = tuple(Hand("A", {"A": made(), "B": missed(low=10)}) for _ in range(2))
    states = replay(Game(("A", "B"), rules, hands)).states
    assert [phases(s)["A"] for s in states] == [2, 4, 6]
    assert states[-1].player("A").completed == (2, 4)
    assert states[-1].hands[1].entries["A"].phase == 4


def test_the_odd_game_goes_through_odd_labels() -> None:
    hands = (Hand("A", {"A": made(), "B": missed(low=10)}),)
    state = standings(Game(("A", "B"), build_rules(Preset.ODD), hands))
    assert phases(state) == {"A": 3, "B": 1}


def test_a_fixed_number_of_hands_moves_everyone_on_every_hand() -> None:
    rules = build_rules(Preset.FIXED_HANDS, hands=12)
    hands = tuple(Hand("A", {"A": made(), "B": missed(low=10)}) for _ in range(11))
    states = replay(Game(("A", "B"), rules, hands)).states
    # Phase 10 is reached on hand 10 and played again after it; making it ends nothing.
    assert [phases(s)["B"] for s in states] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10]
    assert states[-1].status is Status.IN_PROGRESS
    assert states[-1].player("A").completed == tuple(range(1, 11))
    assert states[-1].player("B").completed == ()


def test_masters_records_the_chosen_phase_and_no_next_phase() -> None:
    hand = Hand("A", {"A": made(7), "B": missed(3, low=10)})
    state = standings(Game(("A", "B"), build_rules(Preset.MASTERS), (hand,)))
    assert phases(state) == {"A": None, "B": None}
    assert state.player("A").completed == (7,)
    assert state.hands[0].entries["B"].phase == 3
    assert [p.label for p in state.phases_left("A")] == [1, 2, 3, 4, 5, 6, 8, 9, 10]


def test_warnings_are_kept_with_their_hand() -> None:
    short = Hand("A", {"A": made(), "B": missed(low=9)})
    fine = Hand("B", {"A": missed(low=10), "B": made()})
    run = replay(Game(("A", "B"), hands=(fine, short, fine, short)))
    assert [(w.hand_number, w.player) for w in run.warnings] == [(2, "B"), (4, "B")]
    assert [w.hand_number for w in run.first(3).warnings] == [2]


def test_continuing_a_replay_equals_replaying_the_whole_log() -> None:
    hands = (
        WORKED_HAND,
        Hand(
            "Dana",
            {"Priya": missed(low=9), "Marcus": made(), "Kwame": made(), "Dana": made()},
        ),
        WORKED_HAND,
    )
    whole = replay(Game(PLAYERS, hands=hands))
    for cut in range(len(hands) + 1):
        prefix = replay(Game(PLAYERS, hands=hands[:cut]))
        assert replay_from(prefix, Game(PLAYERS, hands=hands)) == whole
        assert whole.first(cut) == prefix


def test_editing_a_hand_replays_the_rest() -> None:
    game = Game(PLAYERS, hands=(WORKED_HAND, WORKED_HAND))
    edited = game.with_hand_replaced(
        0, Hand("Marcus", {**WORKED_HAND.results, "Priya": made(low=2), "Marcus": made()})
    )
    state = standings(edited)
    assert [p.hand_points for p in state.players] == [(10, 0), (0, 15), (30, 30), (90, 90)]
    assert edited.with_hand_removed(0).hands == (WORKED_HAND,)
    with pytest.raises(IndexError):
        game.with_hand_replaced(2, WORKED_HAND)


def test_renaming_a_player_renames_them_in_the_log() -> None:
    game = Game(PLAYERS, hands=(WORKED_HAND,), first_dealer="Priya")
    renamed = game.with_player_renamed("Priya", " Pia ")
    assert renamed.players[0] == "Pia"
    assert renamed.first_dealer == "Pia"
    assert renamed.hands[0].went_out == "Pia"
    assert standings(renamed).player("Pia").completed == (1,)


def test_replay_starts_from_a_state_before_any_hand() -> None:
    run = replay(Game(PLAYERS))
    assert run == Replay(states=run.states, warnings=())
    assert len(run.states) == 1
    assert phases(run.final) == dict.fromkeys(PLAYERS, 1)
    assert run.final.dealer == "Priya"


def _memory_held_by_a_replay(hands: int) -> int:
    game = Game(
        PLAYERS,
        build_rules(Preset.FIXED_HANDS, hands=hands + 1),
        tuple(
            Hand("Priya", {"Priya": made(), **dict.fromkeys(PLAYERS[1:], missed(low=10))})
            for _ in range(hands)
        ),
    )
    gc.collect()
    tracemalloc.start()
    try:
        kept = replay(game)
        held = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert kept.final.hands_played == hands
    return held


def test_a_replay_holds_memory_in_proportion_to_its_hands() -> None:
    # Every state sharing the log, twice the hands hold twice the memory; copying the
    # log into every state would hold four times as much.
    assert _memory_held_by_a_replay(600) < 2.3 * _memory_held_by_a_replay(300)
