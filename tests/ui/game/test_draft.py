"""The entry form's state, without widgets: counts, made flags and the checks."""

from phase10_keeper.rules import (
    CardKind,
    Cards,
    Game,
    Hand,
    PlayerResult,
    Preset,
    Severity,
    build_rules,
    replay,
    start,
)
from phase10_keeper.ui.game.draft import HandDraft

from ..conftest import result

PLAYERS = ("Priya", "Marcus", "Kwame", "Dana")


def fresh(rules_preset: Preset = Preset.MATTEL, super_wild: bool = False) -> HandDraft:
    game = Game(players=PLAYERS, rules=build_rules(rules_preset, super_wild=super_wild))
    return HandDraft(start(game))


def test_a_player_who_missed_starts_with_ten_low_cards() -> None:
    draft = fresh()
    assert draft.count("Dana", CardKind.LOW) == 10
    assert draft.points("Dana") == 50
    assert draft.is_worked_out("Dana", CardKind.LOW)


def test_other_kinds_take_from_the_ten() -> None:
    draft = fresh()
    draft.set_count("Dana", CardKind.HIGH, 2)
    draft.set_count("Dana", CardKind.SKIP, 1)
    draft.set_count("Dana", CardKind.WILD, 1)
    assert draft.cards("Dana") == Cards(low=6, high=2, skip=1, wild=1)
    assert draft.points("Dana") == 90


def test_a_typed_low_count_is_kept_when_the_phase_is_made() -> None:
    draft = fresh()
    draft.set_count("Dana", CardKind.LOW, 2)
    assert draft.count("Dana", CardKind.LOW) == 2
    assert not draft.is_worked_out("Dana", CardKind.LOW)
    draft.set_made("Dana", True)
    assert draft.cards("Dana") == Cards(low=2)
    draft.set_made("Dana", False)
    assert draft.count("Dana", CardKind.LOW) == 2


def test_an_untyped_low_count_is_worked_out_only_for_a_miss() -> None:
    draft = fresh()
    assert draft.count("Dana", CardKind.LOW) == 10
    draft.set_made("Dana", True)
    assert draft.cards("Dana") == Cards()


def test_going_out_means_made_and_no_cards_but_typed_counts_come_back() -> None:
    draft = fresh()
    draft.set_count("Priya", CardKind.WILD, 1)
    draft.set_went_out("Priya")
    assert draft.made("Priya")
    assert draft.cards("Priya") == Cards()
    draft.set_went_out(None)
    assert draft.count("Priya", CardKind.WILD) == 1


def test_the_worked_hand_from_the_rules_is_recorded_as_typed() -> None:
    draft = fresh()
    draft.set_went_out("Priya")
    draft.set_made("Marcus", True)
    draft.set_count("Marcus", CardKind.LOW, 1)
    draft.set_count("Marcus", CardKind.HIGH, 1)
    draft.set_made("Kwame", True)
    draft.set_count("Kwame", CardKind.LOW, 1)
    draft.set_count("Kwame", CardKind.WILD, 1)
    draft.set_count("Dana", CardKind.HIGH, 2)
    draft.set_count("Dana", CardKind.SKIP, 1)
    draft.set_count("Dana", CardKind.WILD, 1)
    assert draft.problems() == []
    hand = draft.hand()
    assert hand is not None
    after = replay(Game(players=PLAYERS, hands=(hand,))).final
    assert [player.total for player in after.players] == [0, 15, 30, 90]


def test_nobody_went_out_is_an_error_at_the_went_out_field() -> None:
    [problem] = fresh().problems()
    assert problem.severity is Severity.ERROR
    assert problem.field == "went_out"


def test_errors_and_warnings_name_the_player_and_field() -> None:
    draft = fresh()
    draft.set_went_out("Priya")
    draft.set_made("Marcus", True)
    draft.set_count("Marcus", CardKind.LOW, 5)
    draft.set_count("Kwame", CardKind.LOW, 9)
    problems = {(p.player, p.field, p.severity) for p in draft.problems()}
    assert ("Marcus", "low", Severity.ERROR) in problems
    assert ("Kwame", "low", Severity.WARNING) in problems


def test_super_wild_is_a_kind_only_when_the_variant_is_on() -> None:
    assert CardKind.SUPER_WILD not in fresh().kinds
    draft = fresh(super_wild=True)
    assert CardKind.SUPER_WILD in draft.kinds
    draft.set_count("Dana", CardKind.SUPER_WILD, 1)
    assert draft.points("Dana") == 9 * 5 + 50


def test_masters_needs_a_phase_for_each_player() -> None:
    draft = fresh(Preset.MASTERS)
    assert draft.chooses_phase
    assert len(draft.phase_choices("Dana")) == 10
    # Each starts at the lowest phase not made: a first hand needs no phase typed.
    assert {name: draft.players[name].phase for name in PLAYERS} == dict.fromkeys(PLAYERS, 1)
    draft.set_went_out("Priya")
    for name in PLAYERS:
        draft.set_phase(name, None)
    assert {p.player for p in draft.problems() if p.field == "phase"} == set(PLAYERS)
    for label, name in enumerate(PLAYERS, start=1):
        draft.set_phase(name, label)
    assert draft.problems() == []
    hand = draft.hand()
    assert hand is not None
    assert hand.results["Kwame"].phase == 3


def test_a_recorded_hand_fills_the_draft_as_it_was() -> None:
    hand = Hand(
        went_out="Marcus",
        results={
            "Priya": result(False, low=6, high=2, skip=1, wild=1),
            "Marcus": result(True),
            "Kwame": result(True, low=3),
            "Dana": result(False, low=9),
        },
    )
    draft = HandDraft(start(Game(players=PLAYERS)), hand)
    assert draft.went_out == "Marcus"
    assert draft.is_worked_out("Priya", CardKind.LOW)
    assert not draft.is_worked_out("Dana", CardKind.LOW)
    assert draft.hand() == hand


def test_a_result_by_points_is_a_total_checked_in_points() -> None:
    draft = HandDraft(start(Game(players=PLAYERS)), by_points=frozenset({"Dana"}))
    draft.set_went_out("Priya")
    assert draft.by_points("Dana")
    assert draft.points("Dana") == 50  # ten 1-9 cards, until a total is typed
    assert draft.is_points_worked_out("Dana")
    draft.set_points("Dana", 85)
    hand = draft.hand()
    assert hand is not None
    assert hand.results["Dana"].points == 85
    assert hand.results["Dana"].cards == Cards()
    assert hand.results["Marcus"].points is None  # by cards
    assert [problem for problem in draft.problems() if problem.is_error] == []
    draft.set_points("Dana", 240)
    errors = [problem for problem in draft.problems() if problem.is_error]
    assert [(problem.player, problem.field) for problem in errors] == [("Dana", "points")]
    draft.set_made("Marcus", True)
    draft.set_by_points("Marcus", True)
    assert draft.points("Marcus") == 0
    draft.set_points("Marcus", 105)  # phase 1 leaves four cards: 100 at most
    assert ("Marcus", "points") in [
        (problem.player, problem.field) for problem in draft.problems() if problem.is_error
    ]


def test_switching_to_points_and_back_keeps_both_and_undoes() -> None:
    draft = fresh()
    draft.set_count("Dana", CardKind.HIGH, 2)
    before = draft.snapshot()
    draft.set_by_points("Dana", True)
    draft.set_points("Dana", 60)
    assert draft.points("Dana") == 60
    draft.set_by_points("Dana", False)
    assert draft.points("Dana") == 8 * 5 + 2 * 10  # the cards, as typed
    draft.restore(before)
    assert not draft.by_points("Dana")
    assert draft.count("Dana", CardKind.HIGH) == 2


def test_a_recorded_points_result_comes_back_by_points() -> None:
    state = start(Game(players=PLAYERS))
    hand = Hand(
        "Priya",
        {
            "Priya": result(True),
            "Marcus": result(True, low=1),
            "Kwame": result(False, low=10),
            "Dana": PlayerResult(made=False, points=95),
        },
    )
    draft = HandDraft(state, hand)
    assert draft.by_points("Dana")
    assert draft.points("Dana") == 95
    assert not draft.by_points("Kwame")
    assert draft.hand() == hand


def test_going_out_leaves_a_player_by_points_as_they_were() -> None:
    from phase10_keeper.ui.game.draft import points_players

    by_points = {name: PlayerResult(made=False, points=60) for name in PLAYERS[1:]}
    first = Hand("Priya", {"Priya": result(True), **by_points})
    by_points_again = {name: PlayerResult(made=False, points=60) for name in PLAYERS[:3]}
    second = Hand("Dana", {**by_points_again, "Dana": result(True)})
    game = Game(players=PLAYERS).with_hand_appended(first).with_hand_appended(second)
    state = replay(game).final
    # Dana went out of hand 2 (no cards, no points): by points still, as in hand 1.
    asked: list[bool] = []

    def default() -> bool:
        asked.append(True)
        return False

    assert points_players(state, default) == frozenset({"Priya", "Marcus", "Kwame", "Dana"})
    # Everyone's last telling result says how they go on: the table's choice is not read.
    assert asked == []
    only_first = replay(Game(players=PLAYERS).with_hand_appended(first)).final
    # Priya has only gone out: that says nothing, so the table's choice holds.
    assert "Priya" not in points_players(only_first, default=lambda: False)
    assert "Priya" in points_players(only_first, default=lambda: True)
