"""Presets and overrides: what each variant in the rules changes for the keeper."""

import pytest

from phase10_keeper.language import words
from phase10_keeper.language.wording import rules_description
from phase10_keeper.rules import (
    MATTEL_PHASES,
    MATTEL_RULES,
    Group,
    GroupKind,
    Order,
    Phase,
    Preset,
    RuleSet,
    RuleSetError,
    build_rules,
    preset_rules,
    target_position,
)

ENGLISH = words()


def labels(preset: Preset) -> list[int]:
    return [phase.label for phase in preset_rules(preset).phases]


def test_mattel_is_the_ten_phases_in_order_to_the_last() -> None:
    rules = preset_rules(Preset.MATTEL)
    assert rules == MATTEL_RULES
    assert rules.phases == MATTEL_PHASES
    assert rules.order is Order.SEQUENCE
    assert rules.target_phase.label == 10
    assert rules.hands is None
    assert not rules.fixed_hands
    assert not rules.super_wild
    assert not rules.two_strike


def test_masters_lets_players_choose_and_ends_at_ten_made() -> None:
    rules = preset_rules(Preset.MASTERS)
    assert rules.order is Order.CHOOSE
    assert rules.target == 10
    assert rules.phases == MATTEL_PHASES


def test_even_and_odd_keep_the_mattel_labels() -> None:
    assert labels(Preset.EVEN) == [2, 4, 6, 8, 10]
    assert labels(Preset.ODD) == [1, 3, 5, 7, 9]
    assert preset_rules(Preset.EVEN).target_phase.label == 10
    assert preset_rules(Preset.ODD).target_phase.label == 9
    assert preset_rules(Preset.EVEN).phase(4) == MATTEL_PHASES[3]
    assert preset_rules(Preset.EVEN).phase(3) is None


def test_short_game_ends_at_phase_five() -> None:
    rules = preset_rules(Preset.SHORT)
    assert rules.target == 5
    assert rules.target_phase.label == 5
    assert len(rules.phases) == 10


def test_fixed_hands_defaults_to_ten_hands() -> None:
    rules = preset_rules(Preset.FIXED_HANDS)
    assert rules.hands == 10
    assert rules.fixed_hands
    assert rules.order is Order.SEQUENCE


def test_overrides_apply_on_top_of_a_preset() -> None:
    rules = build_rules(Preset.FIXED_HANDS, hands=4, super_wild=True, two_strike=True)
    assert (rules.hands, rules.super_wild, rules.two_strike) == (4, True, True)
    assert build_rules(Preset.MATTEL, order=Order.CHOOSE).order is Order.CHOOSE
    assert build_rules(Preset.MATTEL, target=7).target_phase.label == 7
    assert build_rules(Preset.MASTERS, target=3).target == 3


def test_a_house_list_without_target_plays_the_whole_list() -> None:
    house = (
        Phase(1, (Group(GroupKind.RUN, 6),)),
        Phase(2, (Group(GroupKind.COLOR_RUN, 4), Group(GroupKind.EVEN_ODD, 4))),
        Phase(3, (Group(GroupKind.SET, 3),)),
    )
    rules = build_rules(Preset.MATTEL, phases=house)
    assert rules.phases == house
    assert rules.target == 3
    assert build_rules(Preset.MASTERS, phases=house).target == 3


def test_a_short_game_on_a_house_list_still_ends_at_five() -> None:
    house = tuple(Phase(label, (Group(GroupKind.SET, 3),)) for label in range(1, 8))
    assert build_rules(Preset.SHORT, phases=house).target == 5
    with pytest.raises(RuleSetError, match="between 1 and 3"):
        build_rules(Preset.SHORT, phases=house[:3])


@pytest.mark.parametrize(
    ("overrides", "words"),
    [
        ({"phases": ()}, "empty"),
        ({"target": 0}, "between 1 and 10"),
        ({"target": 11}, "between 1 and 10"),
        ({"hands": 0}, "at least 1"),
        ({"phases": (MATTEL_PHASES[0], MATTEL_PHASES[0])}, "more than once"),
        ({"phases": (Phase(1, (Group(GroupKind.RUN, 11),)),)}, "more than the 10"),
    ],
)
def test_unplayable_rules_are_refused(overrides: dict[str, object], words: str) -> None:
    with pytest.raises(RuleSetError, match=words):
        build_rules(Preset.MATTEL, **overrides)  # type: ignore[arg-type]


def test_two_strike_in_choose_order_is_kept_though_it_changes_nothing() -> None:
    # The contract defines two-strike for sequence order and forbids it nowhere.
    assert build_rules(Preset.MASTERS, two_strike=True).two_strike


def test_the_description_names_the_preset_and_what_differs() -> None:
    assert rules_description(ENGLISH, MATTEL_RULES) == "Mattel rules"
    even = build_rules(Preset.EVEN, super_wild=True)
    assert rules_description(ENGLISH, even) == "Even phases only, super wild"
    assert rules_description(ENGLISH, build_rules(Preset.MATTEL, target=5, two_strike=True)) == (
        "Mattel rules, ends at phase 5, two-strike"
    )
    fixed = build_rules(Preset.FIXED_HANDS, hands=6)
    assert rules_description(ENGLISH, fixed) == "Fixed number of hands, 6 hands"
    assert rules_description(ENGLISH, build_rules(Preset.MASTERS, target=4)) == (
        "Masters Edition (choose your phase), ends at 4 phases made"
    )


@pytest.mark.parametrize(
    ("rules", "description"),
    [
        (build_rules(Preset.SHORT, target=6), "Short game (first to make phase 6)"),
        (build_rules(Preset.SHORT, hands=10), "Short game, 10 hands"),
        (build_rules(Preset.MASTERS, two_strike=True), "Masters Edition (choose your phase)"),
        (build_rules(Preset.FIXED_HANDS, two_strike=True), "Fixed number of hands"),
        (build_rules(Preset.MASTERS, order=Order.SEQUENCE), "Masters Edition, phases in order"),
        (build_rules(Preset.EVEN, target=3), "Even phases only, ends at phase 6"),
        (
            build_rules(
                Preset.MATTEL,
                phases=tuple(Phase(n, (Group(GroupKind.SET, 3),)) for n in range(1, 21)),
            ),
            "Mattel rules, house phase list",
        ),
    ],
)
def test_the_description_says_only_what_the_rules_do(rules: RuleSet, description: str) -> None:
    assert rules_description(ENGLISH, rules) == description


def test_a_target_in_a_file_is_a_label_where_the_list_has_it() -> None:
    even = preset_rules(Preset.EVEN).phases
    assert target_position(even, Order.SEQUENCE, 6) == 3
    assert target_position(even, Order.SEQUENCE, 3) == 3
    assert target_position(even, Order.CHOOSE, 4) == 4
    with pytest.raises(RuleSetError, match="target 7 is not a phase"):
        target_position(even, Order.SEQUENCE, 7)
