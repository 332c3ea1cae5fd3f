"""The ten Mattel phases and the words for phases and groups."""

import pytest

from phase10_keeper.language import words
from phase10_keeper.language.wording import group_description, phase_description, phase_title
from phase10_keeper.rules import MATTEL_PHASES, Group, GroupKind, Phase

ENGLISH = words()

RULES_TABLE = [
    (1, "2 sets of 3", 6),
    (2, "1 set of 3 + 1 run of 4", 7),
    (3, "1 set of 4 + 1 run of 4", 8),
    (4, "1 run of 7", 7),
    (5, "1 run of 8", 8),
    (6, "1 run of 9", 9),
    (7, "2 sets of 4", 8),
    (8, "7 cards of one colour", 7),
    (9, "1 set of 5 + 1 set of 2", 7),
    (10, "1 set of 5 + 1 set of 3", 8),
]


def test_mattel_phases_match_the_rules_table() -> None:
    described = [(p.label, phase_description(ENGLISH, p), p.card_count) for p in MATTEL_PHASES]
    assert described == RULES_TABLE


def test_every_mattel_phase_is_playable() -> None:
    assert all(phase.problem() is None for phase in MATTEL_PHASES)


def test_title_names_the_label() -> None:
    assert phase_title(ENGLISH, MATTEL_PHASES[2]) == "Phase 3: 1 set of 4 + 1 run of 4"


@pytest.mark.parametrize(
    ("group", "count", "text"),
    [
        (Group(GroupKind.SET, 3), 1, "1 set of 3"),
        (Group(GroupKind.SET, 3), 2, "2 sets of 3"),
        (Group(GroupKind.RUN, 4), 2, "2 runs of 4"),
        (Group(GroupKind.COLOR, 7), 1, "7 cards of one colour"),
        (Group(GroupKind.COLOR, 3), 2, "2 groups of 3 cards of one colour"),
        (Group(GroupKind.COLOR_RUN, 4), 1, "1 run of 4 in one colour"),
        (Group(GroupKind.COLOR_RUN, 3), 2, "2 runs of 3 in one colour"),
        (Group(GroupKind.EVEN_ODD, 8), 1, "8 cards, all even or all odd"),
        (Group(GroupKind.EVEN_ODD, 4), 2, "2 groups of 4 even or odd cards"),
    ],
)
def test_group_words(group: Group, count: int, text: str) -> None:
    assert group_description(ENGLISH, group, count) == text


def test_house_phase_words_join_groups_and_count_repeats() -> None:
    phase = Phase(
        11,
        (
            Group(GroupKind.COLOR_RUN, 3),
            Group(GroupKind.COLOR_RUN, 3),
            Group(GroupKind.EVEN_ODD, 4),
        ),
    )
    assert phase_description(ENGLISH, phase) == (
        "2 runs of 3 in one colour + 4 cards, all even or all odd"
    )
    assert phase.card_count == 10
    assert phase.problem() is None


def test_only_neighbouring_equal_groups_are_counted_together() -> None:
    set_3, run_4 = Group(GroupKind.SET, 3), Group(GroupKind.RUN, 4)
    phase = Phase(1, (set_3, run_4, set_3))
    assert phase_description(ENGLISH, phase) == "1 set of 3 + 1 run of 4 + 1 set of 3"


@pytest.mark.parametrize(
    ("phase", "words"),
    [
        (Phase(0, (Group(GroupKind.SET, 3),)), "positive"),
        (Phase(1, ()), "no groups"),
        (Phase(1, (Group(GroupKind.SET, 0),)), "at least 1 card"),
        (Phase(1, (Group(GroupKind.RUN, 13),)), "longer than 12"),
        (Phase(1, (Group(GroupKind.COLOR_RUN, 13),)), "longer than 12"),
        (Phase(1, (Group(GroupKind.SET, 11),)), "more than the 10"),
        (Phase(1, (Group(GroupKind.RUN, 9), Group(GroupKind.SET, 2))), "more than the 10"),
    ],
)
def test_unplayable_phases_say_why(phase: Phase, words: str) -> None:
    problem = phase.problem()
    assert problem is not None
    assert words in problem.message


def test_a_phase_of_exactly_ten_cards_is_playable() -> None:
    assert Phase(1, (Group(GroupKind.COLOR, 10),)).problem() is None
    assert Phase(1, (Group(GroupKind.RUN, 5), Group(GroupKind.RUN, 5))).problem() is None


def test_a_huge_group_size_is_refused_without_summing_it() -> None:
    # Two sizes of 4300 digits sum to more digits than Python will print.
    size = 9 * 10**4299
    phase = Phase(1, (Group(GroupKind.SET, size), Group(GroupKind.SET, size)))
    problem = phase.problem()
    assert problem is not None
    assert "more than the 10" in problem.message
