"""The rules' problems are a key and plain values, worded in the reader's language; their
English wording is the rules' own, and the English catalogue takes it from there."""

import json
import string

import pytest

from phase10_keeper.language import ENGLISH, Words, catalogue, words
from phase10_keeper.language.wording import problem_line, problem_text
from phase10_keeper.resource_files import resource_path
from phase10_keeper.rules import (
    CardKind,
    Cards,
    Game,
    GameError,
    Group,
    GroupKind,
    Hand,
    Join,
    Leave,
    Phase,
    PlayerResult,
    Preset,
    Problem,
    RuleSetError,
    build_rules,
    check_hand,
    name_problem,
    players_problem,
    replay,
    start,
    target_position,
)
from phase10_keeper.rules.problems import ENGLISH_TEMPLATES, ProblemKey

PLAYERS = ("Priya", "Marcus", "Kwame", "Dana")
ONE_LEFT = (Leave(1, "Cy"), Leave(1, "Bo"), Leave(2, "Ana"))


def _made(**cards: int) -> PlayerResult:
    return PlayerResult(made=True, cards=Cards(**cards))


def _missed(**cards: int) -> PlayerResult:
    return PlayerResult(made=False, cards=Cards(**cards))


def _first_hand(went_out: str = "Priya", **results: PlayerResult) -> list[Problem]:
    full = {"Priya": _made(), "Marcus": _made(low=2), "Kwame": _made(low=2)}
    full["Dana"] = _missed(low=10)
    full.update(results)
    return check_hand(start(Game(PLAYERS)), Hand(went_out, full))


def _raised(make: object) -> list[Problem]:
    try:
        assert callable(make)
        make()
    except GameError as error:
        return error.problems
    except RuleSetError as error:
        return [error.problem]
    raise AssertionError("nothing was raised")


def _problems() -> list[Problem]:
    """Problems of as many kinds as a table meets."""
    hands = [
        _first_hand(Marcus=_made(low=-1, high=-2)),
        _first_hand(Dana=_missed(low=7, high=2, skip=1, wild=1)),
        _first_hand(Dana=_missed(low=5, skip=5)),
        _first_hand(Dana=_missed(low=1, wild=9)),
        _first_hand(Kwame=_missed(low=5, wild=5), Dana=_missed(low=5, wild=5)),
        _first_hand(Priya=_missed(low=1)),
        _first_hand(Marcus=_made(low=5)),
        _first_hand(Marcus=_made()),
        _first_hand(Dana=_missed(low=1)),
        _first_hand(Dana=_missed(super_wild=1, low=9)),
        _first_hand(Zed=_made()),
        _first_hand("Zed"),
        _first_hand(Marcus=PlayerResult(made=True, cards=Cards(low=2), phase=3)),
    ]
    high = {name: _missed(high=7, low=3) for name in PLAYERS}
    high["Priya"] = _made()
    hands.append(check_hand(start(Game(PLAYERS)), Hand("Priya", high)))
    masters = Game(PLAYERS, rules=build_rules(Preset.MASTERS))
    for phase in (None, 11):
        chosen = {name: PlayerResult(made=False, cards=Cards(low=10), phase=1) for name in PLAYERS}
        chosen["Dana"] = PlayerResult(made=False, cards=Cards(low=10), phase=phase)
        chosen["Priya"] = PlayerResult(made=True, phase=1)
        hands.append(check_hand(start(masters), Hand("Priya", chosen)))
    raised = [
        _raised(lambda: Game(("Ana",))),
        _raised(lambda: Game(("Ana", "ANA"))),
        _raised(lambda: Game(("Ana", "Bo"), title="T" * 300)),
        _raised(lambda: Game(("Ana", "Bo"), first_dealer="Cy")),
        _raised(
            lambda: Game(
                ("Ana", "Bo", "Cy"), seating=(Leave(1, "Cy"), Leave(1, "Bo"), Leave(2, "Ana"))
            )
        ),
        _raised(lambda: Game(("Ana", "Bo", "Cy"), seating=(Join(1, "Cy", after="Dee"),))),
        _raised(lambda: Game(("Ana", "Bo", "Cy"), seating=(Join(2, "Cy"), Leave(1, "Ana")))),
        _raised(lambda: Game(("Ana", "Bo", "Cy"), seating=(Join(1, "Cy", phase=12),))),
        _raised(lambda: replay(Game(("Ana", "Bo", "Cy"), seating=(Leave(3, "Ana"),)))),
        _raised(lambda: build_rules(target=12)),
        _raised(lambda: build_rules(Preset.FIXED_HANDS, hands=5000)),
        _raised(lambda: build_rules(phases=(Phase(1, (Group(GroupKind.COLOR_RUN, 0),)),))),
        _raised(lambda: build_rules(phases=(Phase(1, (Group(GroupKind.SET, 11),)),))),
        _raised(lambda: target_position(build_rules(Preset.EVEN).phases, build_rules().order, 7)),
    ]
    named = [name_problem("A" * 100), name_problem(" Ana"), players_problem(("Ana",))]
    found = [problem for group in hands + raised for problem in group]
    found += [problem for problem in named if problem is not None]
    return found


PROBLEMS = _problems()


def test_the_problems_cover_most_keys() -> None:
    assert len({problem.key for problem in PROBLEMS}) >= 30


def test_every_problem_key_has_an_english_template() -> None:
    for key in ProblemKey:
        assert f"problem.{key.value}" in ENGLISH_TEMPLATES, key
    for kind in CardKind:
        assert f"problem.card.{kind.value}" in ENGLISH_TEMPLATES
    for group in GroupKind:
        assert f"problem.group.{group.value.replace('-', '_')}" in ENGLISH_TEMPLATES


def _placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_a_text_about_a_number_is_one_in_plural_forms() -> None:
    for key, template in ENGLISH_TEMPLATES.items():
        if isinstance(template, str):
            assert "count" not in _placeholders(template), key
        else:
            assert tuple(template) == ("one", "other"), key
            assert "count" in _placeholders(template["other"]), key


@pytest.mark.parametrize("problem", PROBLEMS, ids=lambda problem: problem.key.value)
def test_values_are_plain_data(problem: Problem) -> None:
    for name, value in problem.values.items():
        assert name.isidentifier()
        items = value if isinstance(value, tuple) else (value,)
        for item in items:
            pairs = item if isinstance(item, tuple) else (item,)
            assert all(type(part) in (int, str, CardKind, GroupKind) for part in pairs), name
    template = ENGLISH_TEMPLATES[f"problem.{problem.key.value}"]
    texts = [template] if isinstance(template, str) else list(template.values())
    assert set(problem.values) == set().union(*(_placeholders(text) for text in texts))


@pytest.mark.parametrize("problem", PROBLEMS, ids=lambda problem: problem.key.value)
def test_the_english_line_is_the_problems_own_text(problem: Problem) -> None:
    assert problem_text(words(ENGLISH), problem) == problem.message
    assert problem_line(words(ENGLISH), problem) == str(problem)


def test_the_english_catalogue_takes_the_problem_texts_from_the_rules() -> None:
    english = catalogue(ENGLISH)
    stored = json.loads(resource_path("translations", "en.json").read_text(encoding="utf-8"))
    for key, template in ENGLISH_TEMPLATES.items():
        assert english[key] == template
        assert key not in stored, f"en.json repeats {key}"


def test_a_problem_is_worded_in_the_readers_language() -> None:
    german = Words(
        "de",
        {
            "problem.cards_over_hand": {
                "one": "hält {count} Karte; höchstens {limit}",
                "other": "hält {count} Karten; höchstens {limit}",
            },
            "problem.where": "Runde {hand}, {player}: {message}",
            "problem.table_skip": {
                "one": "{count} Aussetzen am Tisch ({holders}), nur {limit}",
                "other": "{count} Aussetzen am Tisch ({holders}), nur {limit}",
            },
            "problem.holding": "{name}: {held}",
            "problem.separator": "; ",
            "problem.negative_cards": "weniger als keine {kind}-Karten ({held})",
            "problem.card.low": "1 bis 9",
        },
        words(ENGLISH),
    )
    (over,) = _first_hand(Dana=_missed(low=7, high=2, skip=1, wild=1))
    assert problem_line(german, over) == "Runde 1, Dana: hält 11 Karten; höchstens 10"
    (table,) = _first_hand(Marcus=_made(skip=2), Kwame=_made(skip=2), Dana=_missed(skip=1, low=9))
    assert (
        problem_text(german, table) == "5 Aussetzen am Tisch (Marcus: 2; Kwame: 2; Dana: 1), nur 4"
    )
    (negative,) = _first_hand(Marcus=_made(low=-1))
    assert problem_text(german, negative) == "weniger als keine 1 bis 9-Karten (-1)"
