"""The game file, version 1: reading, writing, every way it can be malformed, and standings."""

import copy
import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from phase10_keeper.rules import (
    MATTEL_PHASES,
    MATTEL_RULES,
    Cards,
    Game,
    GameError,
    Group,
    GroupKind,
    Hand,
    Order,
    Phase,
    PlayerResult,
    Preset,
    RuleSet,
    build_rules,
    preset_rules,
    replay,
)
from phase10_keeper.storage.gamefile import (
    VERSION,
    GameFileError,
    dumps_game,
    game_from_json,
    game_to_json,
    loads_game,
    read_game,
    rules_from_json,
    rules_to_json,
    standings_to_json,
    write_game,
)

GAMES = Path(__file__).resolve().parent.parent / "data" / "games"

CONTRACT_EXAMPLE: dict[str, Any] = {
    "format": "phase10-keeper/game",
    "version": 1,
    "title": "Friday night",
    "started": "2026-11-29T19:30:00+00:00",
    "rules": {"preset": "mattel"},
    "players": ["Priya", "Marcus", "Kwame", "Dana"],
    "first_dealer": "Priya",
    "hands": [
        {
            "went_out": "Priya",
            "results": {
                "Priya": {"made": True},
                "Marcus": {"made": True, "cards": {"low": 1, "high": 1}},
                "Kwame": {"made": True, "cards": {"low": 1, "wild": 1}},
                "Dana": {"made": False, "cards": {"low": 6, "high": 2, "skip": 1, "wild": 1}},
            },
        }
    ],
}


def example(**changes: Any) -> dict[str, Any]:
    document = copy.deepcopy(CONTRACT_EXAMPLE)
    document.update(changes)
    return document


def test_the_contract_example_reads_as_the_worked_hand() -> None:
    game = game_from_json(example())
    assert game.title == "Friday night"
    assert game.started == "2026-11-29T19:30:00+00:00"
    assert game.rules == MATTEL_RULES
    assert game.players == ("Priya", "Marcus", "Kwame", "Dana")
    assert game.first_dealer == "Priya"
    (hand,) = game.hands
    assert hand.went_out == "Priya"
    assert hand.results["Priya"] == PlayerResult(made=True)
    assert hand.results["Dana"] == PlayerResult(
        made=False, cards=Cards(low=6, high=2, skip=1, wild=1)
    )


def test_the_contract_example_gives_the_contract_standings() -> None:
    data = standings_to_json(replay(game_from_json(example())).final)
    assert list(data) == [
        "status",
        "winner",
        "tiebreak_players",
        "hands_played",
        "dealer",
        "ranking",
        "players",
    ]
    assert data["status"] == "in_progress"
    assert data["winner"] is None
    assert data["tiebreak_players"] == []
    assert data["hands_played"] == 1
    assert data["dealer"] == "Marcus"
    assert data["ranking"] == ["Priya", "Marcus", "Kwame", "Dana"]
    assert data["players"][0] == {
        "name": "Priya",
        "phase": 2,
        "completed": [1],
        "total": 0,
        "hand_points": [0],
    }
    assert [p["name"] for p in data["players"]] == ["Priya", "Marcus", "Kwame", "Dana"]
    assert [p["total"] for p in data["players"]] == [0, 15, 30, 90]
    assert [p["phase"] for p in data["players"]] == [2, 2, 2, 1]


def test_only_format_version_players_and_hands_are_required() -> None:
    game = game_from_json(
        {"format": "phase10-keeper/game", "version": 1, "players": ["A", "B"], "hands": []}
    )
    assert game.rules == MATTEL_RULES
    assert game.first_dealer == "A"
    assert (game.title, game.started, game.hands) == ("", None, ())


def test_null_optional_keys_count_as_left_out() -> None:
    document = example(rules=None, title=None, started=None, first_dealer=None)
    document["hands"][0]["results"]["Priya"] = {"made": True, "cards": None, "phase": None}
    game = game_from_json(document)
    assert game.rules == MATTEL_RULES
    assert (game.title, game.started, game.first_dealer) == ("", None, "Priya")
    assert game.hands[0].results["Priya"] == PlayerResult(made=True)
    rules = {"preset": None, "order": None, "target": None, "hands": None}
    assert rules_from_json({**rules, "super_wild": None, "two_strike": None}) == MATTEL_RULES


def test_names_are_trimmed_and_matched_ignoring_case() -> None:
    document = example(players=[" Priya", "Marcus ", "Kwame", "Dana"], first_dealer="marcus")
    results = document["hands"][0]["results"]
    results[" PRIYA "] = results.pop("Priya")
    document["hands"][0]["went_out"] = "priya"
    game = game_from_json(document)
    assert game.players == ("Priya", "Marcus", "Kwame", "Dana")
    assert game.first_dealer == "Marcus"
    assert game.hands[0].went_out == "Priya"
    assert set(game.hands[0].results) == set(game.players)


def test_missing_cards_and_kinds_count_zero() -> None:
    document = example()
    document["hands"][0]["results"]["Marcus"] = {"made": True, "cards": {"high": 1}}
    result = game_from_json(document).hands[0].results["Marcus"]
    assert result.cards == Cards(high=1)


def test_a_newer_version_is_refused_with_a_clear_message() -> None:
    with pytest.raises(GameFileError, match=r"version 5.*newer"):
        game_from_json(example(version=VERSION + 1))


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.pop("format"), "not a phase10-keeper game file"),
        (lambda d: d.update(format="something/else"), "not a phase10-keeper game file"),
        (lambda d: d.pop("version"), "no version"),
        (lambda d: d.update(version="1"), "version must be a whole number"),
        (lambda d: d.update(version=1.0), "version must be a whole number"),
        (lambda d: d.update(version=0), "does not exist"),
        (lambda d: d.pop("players"), "no players"),
        (lambda d: d.pop("hands"), "no hands"),
        (lambda d: d.update(players="Priya"), "players must be a list"),
        (lambda d: d.update(players=["Priya", 7]), "must be text"),
        (lambda d: d.update(players=["Priya"]), "2 to 6 players"),
        (lambda d: d.update(players=list("ABCDEFG")), "2 to 6 players"),
        (lambda d: d.update(players=["Priya", "  "]), "empty"),
        (lambda d: d.update(players=["Priya", "PRIYA"]), "must differ"),
        (lambda d: d.update(first_dealer="Zed"), "first dealer"),
        (lambda d: d.update(title=[]), "title must be text"),
        (lambda d: d.update(started=20261129), "started must be text"),
        (lambda d: d.update(hands={}), "hands must be a list"),
        (lambda d: d.update(rules="mattel"), "rules must be an object"),
        (lambda d: d.update(rules={"preset": "house"}), "'house' is not one of"),
        (lambda d: d.update(rules={"order": "random"}), "rules order"),
        (lambda d: d.update(rules={"target": 11}), "target 11 is not a phase of this game"),
        (lambda d: d.update(rules={"target": "5"}), "target must be a whole number"),
        (lambda d: d.update(rules={"hands": 0}), "at least 1"),
        (lambda d: d.update(rules={"super_wild": "yes"}), "super_wild must be true or false"),
        (lambda d: d.update(rules={"two_strike": 1}), "two_strike must be true or false"),
        (lambda d: d.update(rules={"phases": []}), "empty"),
        (lambda d: d.update(rules={"phases": [{"groups": []}]}), "no label"),
        (lambda d: d.update(rules={"phases": [{"label": 1}]}), "no groups"),
        (
            lambda d: d.update(rules={"phases": [{"label": 1, "groups": [{"kind": "set"}]}]}),
            "needs a kind and a size",
        ),
        (
            lambda d: d.update(
                rules={"phases": [{"label": 1, "groups": [{"kind": "pair", "size": 2}]}]}
            ),
            "'pair' is not one of",
        ),
        (
            lambda d: d.update(
                rules={"phases": [{"label": 1, "groups": [{"kind": "run", "size": 11}]}]}
            ),
            "cannot be played",
        ),
    ],
)
def test_malformed_games_say_what_is_wrong(change: Any, words: str) -> None:
    document = example()
    change(document)
    with pytest.raises(GameFileError, match=words):
        game_from_json(document)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda h: h.pop("went_out"), "hand 1: says nobody went out"),
        (lambda h: h.update(went_out=None), "hand 1: went_out must be text"),
        (lambda h: h.pop("results"), "hand 1: has no results"),
        (lambda h: h.update(results=[]), "hand 1: results must be an object"),
        (lambda h: h["results"].update(Dana=[]), "hand 1, Dana: the result must be an object"),
        (lambda h: h["results"].update(Dana={}), "hand 1, Dana: does not say"),
        (lambda h: h["results"]["Dana"].update(made="no"), "hand 1, Dana: made must be true"),
        (lambda h: h["results"]["Dana"].update(cards=[6]), "hand 1, Dana: cards must be"),
        (
            lambda h: h["results"]["Dana"]["cards"].update(joker=1),
            "hand 1, Dana: unknown card kind 'joker'",
        ),
        (
            lambda h: h["results"]["Dana"]["cards"].update(low=5.5),
            "hand 1, Dana: the count of low cards must be a whole number",
        ),
        (
            lambda h: h["results"]["Dana"]["cards"].update(low=True),
            "hand 1, Dana: the count of low cards must be a whole number",
        ),
        (
            lambda h: h["results"]["Dana"]["cards"].update(high=10**40),
            "hand 1, Dana: the count of high cards is a number too large",
        ),
        (lambda h: h["results"]["Dana"].update(phase="1"), "hand 1, Dana: phase must be"),
        (lambda h: h["results"].update(dana={"made": False}), "hand 1, Dana: has two results"),
    ],
)
def test_malformed_hands_name_the_hand_and_player(change: Any, words: str) -> None:
    document = example()
    change(document["hands"][0])
    with pytest.raises(GameFileError, match=words):
        game_from_json(document)


def test_impossible_but_well_formed_hands_are_left_to_the_rules() -> None:
    document = example()
    document["hands"][0]["results"]["Dana"]["cards"]["low"] = -1
    game = game_from_json(document)
    with pytest.raises(GameError, match=r"hand 1, Dana: .*negative"):
        replay(game)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{", "not valid JSON"),
        ("", "not valid JSON"),
        ("[]", "must be an object"),
        ("null", "must be an object"),
        ("[" * 100_000, "nests"),
        (
            '{"format": "phase10-keeper/game", "version": ' + "9" * 5000 + "}",
            "the file's version is a number too large",
        ),
        (json.dumps(example(title="\ud800")), "title is not valid Unicode"),
        (
            json.dumps(example(players=["Pri\udc00ya", "Marcus", "Kwame", "Dana"])),
            "not valid Unicode",
        ),
    ],
)
def test_unreadable_text_is_refused_cleanly(text: str, words: str) -> None:
    with pytest.raises(GameFileError, match=words):
        loads_game(text)


def test_reading_files(tmp_path: Path) -> None:
    path = tmp_path / "game.phase10.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(example()).encode())
    assert read_game(path).players[0] == "Priya"
    path.write_bytes(b"\xff\xfe{}")
    with pytest.raises(GameFileError, match="not a UTF-8 text file"):
        read_game(path)
    with pytest.raises(GameFileError, match="cannot read"):
        read_game(tmp_path / "missing.json")
    with pytest.raises(GameFileError, match="cannot read"):
        read_game(tmp_path)
    with pytest.raises(GameFileError, match="cannot read"):
        read_game(Path("nul\0byte.json"))


def test_writing_then_reading_a_file(tmp_path: Path) -> None:
    game = game_from_json(example())
    path = tmp_path / "game.phase10.json"
    write_game(path, game)
    assert read_game(path) == game
    assert json.loads(path.read_text(encoding="utf-8")) == example()
    assert [p.name for p in tmp_path.iterdir()] == ["game.phase10.json"]


def test_a_failed_write_leaves_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.phase10.json"
    path.write_text("old", encoding="utf-8")

    def fail(source: str, target: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(OSError, match="disk full"):
        write_game(path, game_from_json(example()))
    assert path.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["game.phase10.json"]


def test_written_results_follow_the_seating_and_leave_out_empty_parts() -> None:
    hand = Hand(
        "B",
        {
            "B": PlayerResult(made=True, phase=3),
            "A": PlayerResult(made=False, cards=Cards(low=10)),
        },
    )
    game = Game(("A", "B"), build_rules(Preset.MASTERS), (hand,), title="", started=None)
    data = game_to_json(game)
    assert "title" not in data
    assert "started" not in data
    assert data["first_dealer"] == "A"
    assert data["rules"] == {"preset": "masters"}
    assert list(data["hands"][0]["results"]) == ["A", "B"]
    assert data["hands"][0]["results"]["B"] == {"made": True, "phase": 3}
    assert data["hands"][0]["results"]["A"] == {"made": False, "cards": {"low": 10}}
    assert loads_game(dumps_game(game)) == game


def test_non_ascii_names_are_written_as_text() -> None:
    game = Game(("Zoë", "Łukasz"))
    assert '"Zoë"' in dumps_game(game)
    assert loads_game(dumps_game(game)) == game


HOUSE = (
    Phase(3, (Group(GroupKind.SET, 4), Group(GroupKind.RUN, 4))),
    Phase(11, (Group(GroupKind.COLOR_RUN, 5), Group(GroupKind.EVEN_ODD, 4))),
    Phase(12, (Group(GroupKind.COLOR, 6),)),
)


@pytest.mark.parametrize(
    ("rules", "data"),
    [
        (preset_rules(Preset.MATTEL), {"preset": "mattel"}),
        (preset_rules(Preset.MASTERS), {"preset": "masters"}),
        (preset_rules(Preset.EVEN), {"preset": "even"}),
        (preset_rules(Preset.ODD), {"preset": "odd"}),
        (preset_rules(Preset.SHORT), {"preset": "short"}),
        (preset_rules(Preset.FIXED_HANDS), {"preset": "fixed-hands"}),
        (build_rules(Preset.FIXED_HANDS, hands=6), {"preset": "fixed-hands", "hands": 6}),
        (build_rules(Preset.MATTEL, target=7), {"preset": "mattel", "target": 7}),
        (build_rules(Preset.SHORT, target=3), {"preset": "short", "target": 3}),
        (
            build_rules(Preset.MATTEL, order=Order.CHOOSE, super_wild=True, two_strike=True),
            {"preset": "mattel", "order": "choose", "super_wild": True, "two_strike": True},
        ),
        (
            build_rules(Preset.MATTEL, phases=HOUSE),
            {
                "preset": "mattel",
                "phases": [
                    {
                        "label": 3,
                        "groups": [{"kind": "set", "size": 4}, {"kind": "run", "size": 4}],
                    },
                    {
                        "label": 11,
                        "groups": [
                            {"kind": "color-run", "size": 5},
                            {"kind": "even-odd", "size": 4},
                        ],
                    },
                    {"label": 12, "groups": [{"kind": "color", "size": 6}]},
                ],
            },
        ),
        (
            build_rules(Preset.MASTERS, phases=HOUSE, target=2),
            {
                "preset": "masters",
                "phases": rules_to_json(build_rules(phases=HOUSE))["phases"],
                "target": 2,
            },
        ),
    ],
)
def test_rules_are_written_as_the_preset_and_what_differs(
    rules: RuleSet, data: dict[str, Any]
) -> None:
    assert rules_to_json(rules) == data
    assert rules_from_json(data) == rules
    assert rules_from_json(json.loads(json.dumps(rules_to_json(rules)))) == rules


def test_a_written_short_game_on_a_long_house_list_keeps_its_target() -> None:
    house = tuple(Phase(label, (Group(GroupKind.SET, 2),)) for label in range(1, 13))
    for target in (5, 12):
        rules = build_rules(Preset.SHORT, phases=house, target=target)
        assert rules_from_json(rules_to_json(rules)) == rules


@pytest.mark.parametrize(
    ("data", "label"),
    [
        ({"preset": "even", "target": 6}, 6),
        ({"preset": "even", "target": 2}, 2),
        ({"preset": "even", "target": 3}, 6),  # no label of the list: the third phase
        ({"preset": "odd", "target": 5}, 5),
    ],
)
def test_a_target_is_a_phase_label_and_else_a_position(data: dict[str, Any], label: int) -> None:
    rules = rules_from_json(data)
    assert rules.target_phase.label == label
    assert rules_to_json(rules).get("target", rules.phases[-1].label) == label


def test_a_target_that_is_neither_label_nor_position_is_refused() -> None:
    with pytest.raises(GameFileError, match=r"target 7 is not a phase .*phases: 2, 4, 6, 8, 10"):
        rules_from_json({"preset": "even", "target": 7})


def test_a_house_list_target_is_written_as_its_label() -> None:
    rules = build_rules(Preset.MATTEL, phases=HOUSE, target=2)
    assert rules_to_json(rules)["target"] == 11
    assert rules_from_json({**rules_to_json(rules), "target": 2}) == rules
    # Choose order counts phases made: a count, never a label.
    masters = rules_from_json(
        {"preset": "masters", "phases": rules_to_json(rules)["phases"], "target": 3}
    )
    assert masters.target == 3


@st.composite
def any_rules(draw: st.DrawFn) -> RuleSet:
    preset = draw(st.sampled_from(list(Preset)))
    phases = draw(
        st.none()
        | st.lists(st.sampled_from(MATTEL_PHASES), min_size=5, max_size=10, unique=True).map(tuple)
    )
    count = len(phases if phases is not None else preset_rules(preset).phases)
    return build_rules(
        preset,
        phases=phases,
        order=draw(st.none() | st.sampled_from(list(Order))),
        target=draw(st.none() | st.integers(1, count)),
        hands=draw(st.none() | st.integers(1, 30)),
        super_wild=draw(st.booleans()),
        two_strike=draw(st.booleans()),
    )


@settings(max_examples=100, deadline=None)
@given(any_rules())
def test_rules_round_trip(rules: RuleSet) -> None:
    assert rules_from_json(json.loads(json.dumps(rules_to_json(rules)))) == rules


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False)
    | st.text(max_size=8)
    | st.sampled_from(["mattel", "masters", "set", "Priya", "low", "phase10-keeper/game"]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                ["format", "version", "players", "hands", "rules", "went_out", "results", "made"]
            )
            | st.text(max_size=6),
            inner,
            max_size=5,
        )
    ),
    max_leaves=25,
)


def read_and_replay(value: object) -> str | None:
    """Everything a reader does with a file; the message of a clean refusal, if any.

    Any exception but GameFileError and GameError escapes and fails the test.
    """
    try:
        standings_to_json(replay(game_from_json(value)).final)
    except (GameFileError, GameError) as error:
        return str(error)
    return None


@settings(max_examples=300, deadline=None)
@given(JSON)
def test_any_json_value_is_a_game_or_a_clean_error(value: object) -> None:
    assert read_and_replay(value) != ""


def paths(value: object, prefix: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += paths(item, (*prefix, index))
    return found


VALID_FILES = sorted(path for path in GAMES.glob("*.phase10.json") if "broken" not in path.name)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(VALID_FILES), st.data())
def test_any_change_to_a_valid_file_is_a_game_or_a_clean_error(
    path: Path, data: st.DataObject
) -> None:
    document = json.loads(path.read_text(encoding="utf-8"))
    for _ in range(data.draw(st.integers(1, 3))):
        where = data.draw(st.sampled_from(paths(document)[1:]))
        parent: Any = document
        for step in where[:-1]:
            parent = parent[step]
        if data.draw(st.booleans()) and isinstance(parent, dict):
            del parent[where[-1]]
        else:
            parent[where[-1]] = data.draw(JSON | st.integers(-3, 12))
    assert read_and_replay(document) != ""


def test_the_valid_example_files_are_valid() -> None:
    assert len(VALID_FILES) >= 5
    for path in VALID_FILES:
        replay(read_game(path))
