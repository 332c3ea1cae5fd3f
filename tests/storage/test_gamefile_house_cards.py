"""Game file version 4: a house's card values and deck, in files, the library, exports
and the statistics; and every field of the rules kept through all of them."""

import json
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

from phase10_keeper.cli import main
from phase10_keeper.rules import (
    MATTEL_PHASES,
    MATTEL_RULES,
    Cards,
    CardValues,
    Deck,
    Game,
    Hand,
    Join,
    Order,
    PlayerResult,
    Preset,
    RuleSet,
    build_rules,
    replay,
    start,
)
from phase10_keeper.stats import library_stats
from phase10_keeper.storage.gamefile import (
    GameFileError,
    dumps_game,
    format_version,
    game_from_json,
    game_to_json,
    loads_game,
    read_game,
)
from phase10_keeper.storage.library import Library

PLAYERS = ("Priya", "Marcus", "Dana")
HOUSE = build_rules(Preset.MASTERS, card_values=CardValues(wild=20), deck=Deck(skip=2))


def first_hand(rules: RuleSet) -> Hand:
    """Priya goes out, Marcus makes his phase holding a wild, Dana misses holding ten
    cards of every kind; each says their phase where the players choose."""
    state = start(Game(PLAYERS, rules))

    def phase(name: str) -> int | None:
        return state.phases_left(name)[0].label if rules.order is Order.CHOOSE else None

    return Hand(
        "Priya",
        {
            "Priya": PlayerResult(made=True, phase=phase("Priya")),
            "Marcus": PlayerResult(made=True, cards=Cards(wild=1), phase=phase("Marcus")),
            "Dana": PlayerResult(
                made=False, cards=Cards(low=6, high=2, skip=1, wild=1), phase=phase("Dana")
            ),
        },
    )


def played(rules: RuleSet) -> Game:
    return Game(PLAYERS, rules, (first_hand(rules),))


def test_a_game_with_house_cards_is_written_as_version_4_naming_only_what_differs() -> None:
    game = played(HOUSE)
    data = game_to_json(game)
    assert data["version"] == 4
    assert data["rules"] == {
        "preset": "masters",
        "card_values": {"wild": 20},
        "deck": {"skip": 2},
    }
    assert loads_game(dumps_game(game)) == game


def test_totals_read_from_a_file_use_its_card_values() -> None:
    data = game_to_json(played(MATTEL_RULES))
    data["version"] = 4
    data["rules"]["card_values"] = {"wild": 50, "high": 12}
    game = game_from_json(data)
    assert replay(game).final.player("Dana").total == 6 * 5 + 2 * 12 + 15 + 50


def test_other_games_keep_the_version_they_need() -> None:
    assert format_version(played(MATTEL_RULES)) == 1
    seated = played(MATTEL_RULES).with_seating_change(Join(before_hand=2, name="Eve"))
    assert format_version(seated) == 2
    house_and_seated = played(HOUSE).with_seating_change(Join(before_hand=2, name="Eve"))
    assert format_version(house_and_seated) == 4
    assert loads_game(dumps_game(house_and_seated)) == house_and_seated


def test_official_values_written_out_in_full_read_as_the_official_rules() -> None:
    data = game_to_json(played(MATTEL_RULES))
    data["version"] = 4
    data["rules"]["card_values"] = {"low": 5, "wild": 25}
    data["rules"]["deck"] = {"skip": 4}
    assert game_from_json(data).rules == MATTEL_RULES


def house_document(version: int, key: str) -> dict[str, Any]:
    data = game_to_json(played(MATTEL_RULES))
    data["version"] = version
    data["rules"][key] = {"wild": 20} if key == "card_values" else {"skip": 2}
    return data


@pytest.mark.parametrize("key", ["card_values", "deck"])
@pytest.mark.parametrize("version", [1, 2, 3])
def test_an_older_file_with_house_cards_is_refused_naming_the_key(version: int, key: str) -> None:
    with pytest.raises(GameFileError) as caught:
        game_from_json(house_document(version, key))
    assert str(caught.value) == (
        f"the game file is version {version}, but house card values and decks ({key}) "
        "need version 4"
    )
    assert game_from_json(house_document(4, key)).rules != MATTEL_RULES


@pytest.mark.parametrize(
    ("key", "counts", "message"),
    [
        ("card_values", {"joker": 5}, "unknown card kind 'joker'"),
        ("deck", {"super_wild": 1}, "unknown card kind 'super_wild'"),
        ("card_values", {"wild": "20"}, "wild must be a whole number"),
        ("card_values", {"wild": 101}, "a wild card must cost from 0 to 100 points, not 101"),
        ("deck", {"skip": -1}, "the deck must hold from 0 to 200 skip cards, not -1"),
        ("deck", [], "card_values|deck"),
    ],
)
def test_house_cards_that_cannot_be_played_are_refused(
    key: str, counts: object, message: str
) -> None:
    data = game_to_json(played(MATTEL_RULES))
    data["version"] = 4
    data["rules"][key] = counts
    with pytest.raises(GameFileError, match=message):
        game_from_json(data)


def test_a_count_beyond_the_games_deck_is_refused_when_read() -> None:
    data = game_to_json(played(MATTEL_RULES))
    data["version"] = 4
    data["rules"]["deck"] = {"low": 10, "high": 10, "skip": 0, "wild": 1}
    data["hands"][0]["results"]["Dana"]["cards"] = {"low": 22}
    with pytest.raises(GameFileError, match="the whole deck has 21"):
        game_from_json(data)


def test_statistics_count_the_house_values() -> None:
    game = played(HOUSE)
    dana = library_stats([game]).player("Dana")
    assert dana is not None
    assert dana.points == 6 * 5 + 2 * 10 + 15 + 20


# One rule set per field of RuleSet, each differing from the Mattel rules in that field:
# a field added to the rules without a way through files, the library, exports and the
# statistics fails the tests below until it has one.
VARIED: dict[str, RuleSet] = {
    "preset": build_rules(Preset.EVEN),
    "phases": build_rules(phases=MATTEL_PHASES[:4]),
    "order": build_rules(order=Order.CHOOSE),
    "target": build_rules(target=7),
    "hands": build_rules(hands=12),
    "super_wild": build_rules(super_wild=True),
    "two_strike": build_rules(two_strike=True),
    "card_values": build_rules(card_values=CardValues(low=7, wild=50)),
    "deck": build_rules(deck=Deck(skip=2, high=30)),
}
RULE_FIELDS = [field.name for field in fields(RuleSet)]


def varied(name: str) -> RuleSet:
    if name not in VARIED:
        pytest.fail(f"RuleSet.{name} has no sample in VARIED: add one that differs from Mattel")
    rules = VARIED[name]
    assert getattr(rules, name) != getattr(MATTEL_RULES, name)
    return rules


@pytest.mark.parametrize("name", RULE_FIELDS)
def test_every_rule_field_round_trips_through_a_game_file(name: str, tmp_path: Path) -> None:
    game = played(varied(name))
    assert loads_game(dumps_game(game)) == game
    path = tmp_path / "game.phase10.json"
    path.write_text(dumps_game(game), encoding="utf-8")
    assert getattr(read_game(path).rules, name) == getattr(game.rules, name)


@pytest.mark.parametrize("name", RULE_FIELDS)
def test_every_rule_field_is_listed_and_exported_by_the_library(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = played(varied(name))
    data_dir = tmp_path / "data"
    with Library.open(data_dir) as library:
        game_id = library.add_game(game)
    with Library.open(data_dir) as library:
        assert [summary.id for summary in library.list_games()] == [game_id]
        assert library.damaged_games() == []
        assert library.load_game(game_id) == game
    out = tmp_path / "exported.phase10.json"
    assert main(["--data-dir", str(data_dir), "games", "export", str(game_id), str(out)]) == 0
    assert read_game(out) == game
    capsys.readouterr()
    assert main(["--data-dir", str(data_dir), "games", "list", "--json"]) == 0
    listed, err = capsys.readouterr()
    assert "warning:" not in err
    assert [entry["id"] for entry in json.loads(listed)["games"]] == [game_id]


@pytest.mark.parametrize("name", RULE_FIELDS)
def test_every_rule_field_is_counted_by_the_stats_command(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = played(varied(name))
    data_dir = tmp_path / "data"
    with Library.open(data_dir) as library:
        library.add_game(game)
    assert main(["--data-dir", str(data_dir), "stats", "--json"]) == 0
    out, err = capsys.readouterr()
    assert "warning:" not in err
    stats = json.loads(out)
    assert stats["games"] == 1
    totals = {player.name: player.total for player in replay(game).final.players}
    assert {player["name"]: player["points"] for player in stats["players"]} == totals


@pytest.mark.parametrize("name", RULE_FIELDS)
def test_every_rule_field_reaches_a_second_library_through_a_shared_folder(
    name: str, tmp_path: Path
) -> None:
    from phase10_keeper.storage.sync import sync

    game = played(varied(name))
    shared = tmp_path / "shared"
    shared.mkdir()
    with Library.open(tmp_path / "here") as here:
        here.add_game(game)
        sync(here, shared)
    with Library.open(tmp_path / "there") as there:
        report = sync(there, shared)
        assert report.received == 1
        assert report.warnings == ()
        (summary,) = there.list_games()
        assert there.load_game(summary.id).rules == game.rules
