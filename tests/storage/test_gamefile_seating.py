"""Game file version 2: players who join or leave, and what older readers make of it."""

from pathlib import Path
from typing import Any

import pytest

from phase10_keeper.rules import Cards, Game, Hand, Join, Leave, PlayerResult
from phase10_keeper.storage import gamefile
from phase10_keeper.storage.gamefile import (
    GameFileError,
    dumps_game,
    game_from_json,
    game_to_json,
    loads_game,
    read_game,
)

WRITTEN_V1 = Path(__file__).resolve().parent / "fixtures" / "written_v1"

MISSED = PlayerResult(made=False, cards=Cards(low=10))
SEATED = Game(
    players=("Priya", "Marcus", "Dana", "Eve"),
    hands=(Hand("Priya", {"Priya": PlayerResult(True), "Marcus": MISSED, "Dana": MISSED}),),
    seating=(
        Leave(before_hand=2, name="Dana"),
        Join(before_hand=2, name="Eve", after="Priya", total=50, phase=1),
    ),
)


def document(**changes: Any) -> dict[str, Any]:
    data = game_to_json(SEATED)
    data.update(changes)
    return data


def test_a_game_with_seating_changes_is_written_as_version_2() -> None:
    data = game_to_json(SEATED)
    assert data["version"] == 2
    assert data["seating"] == [
        {"before_hand": 2, "leave": "Dana"},
        {"before_hand": 2, "join": "Eve", "after": "Priya", "total": 50, "phase": 1},
    ]
    assert list(data) == [
        "format",
        "version",
        "rules",
        "players",
        "first_dealer",
        "seating",
        "hands",
    ]
    assert loads_game(dumps_game(SEATED)) == SEATED


def test_the_contract_example_reads() -> None:
    game = game_from_json(
        {
            "format": "phase10-keeper/game",
            "version": 2,
            "players": ["Priya", "Marcus", "Kwame", "Dana", "Eve"],
            "seating": [
                {"before_hand": 5, "leave": "Dana"},
                {"before_hand": 7, "join": "Eve", "after": "Kwame", "total": 120, "phase": 1},
            ],
            "hands": [],
        }
    )
    assert game.seating == (
        Leave(5, "Dana"),
        Join(7, "Eve", after="Kwame", total=120, phase=1),
    )
    assert game.starting_players == ("Priya", "Marcus", "Kwame", "Dana")


def test_a_join_without_options_sits_last_on_zero_and_the_first_phase() -> None:
    data = document(
        seating=[{"before_hand": 2, "join": " eve "}], players=["Priya", "Marcus", "Dana", "Eve"]
    )
    assert game_from_json(data).seating == (Join(2, "Eve"),)
    assert game_to_json(game_from_json(data))["seating"] == [
        {"before_hand": 2, "join": "Eve", "total": 0}
    ]


@pytest.mark.parametrize("path", sorted(WRITTEN_V1.glob("*.phase10.json")), ids=lambda p: p.name)
def test_games_without_seating_changes_are_written_byte_for_byte_as_version_1(path: Path) -> None:
    """The fixtures are what the version 1 writer wrote; writing them again changes nothing."""
    game = read_game(path)
    assert not game.seating
    assert dumps_game(game).encode("utf-8") == path.read_bytes()


def test_the_version_1_reader_refuses_a_version_2_file_clearly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(gamefile, "VERSION", 1)
    with pytest.raises(GameFileError) as refused:
        loads_game(dumps_game(SEATED))
    assert str(refused.value) == (
        "this game file is version 2, from a newer phase10-keeper; "
        "this one reads version 1: please update the app"
    )


@pytest.mark.parametrize(
    ("seating", "words"),
    [
        ("Dana", "seating must be a list"),
        ([{"leave": "Dana"}], "seating change 1 does not say before which hand"),
        ([{"before_hand": 0, "leave": "Dana"}], "before_hand 0 must be 1 or more"),
        ([{"before_hand": 2}], "either a player who leaves or one who joins"),
        ([{"before_hand": 2, "leave": "Dana", "join": "Eve"}], "either a player who leaves"),
        ([{"before_hand": 2, "leave": "Zed"}], "'Zed', who leaves, is not a player"),
        ([{"before_hand": 2, "join": "Zed"}], "'Zed', who joins, is not listed in players"),
        ([{"before_hand": 2, "join": "Eve", "total": "50"}], "total must be a whole number"),
        ([{"before_hand": 2, "join": "Eve", "total": -5}], "cannot start on a total of -5"),
        ([{"before_hand": 2, "join": "Eve", "phase": 11}], "there is no phase 11"),
        ([{"before_hand": 2, "join": "Eve", "after": "Zed"}], "cannot sit after 'Zed'"),
        (
            [{"before_hand": 3, "leave": "Dana"}, {"before_hand": 2, "join": "Eve"}],
            "is listed after a change before hand 3",
        ),
        (
            [{"before_hand": 2, "join": "Eve"}, {"before_hand": 3, "join": "Eve"}],
            "players who join are listed last",
        ),
        (
            [{"before_hand": 2, "leave": "Dana"}, {"before_hand": 3, "leave": "Dana"}],
            "'Dana' is not at the table to leave",
        ),
    ],
)
def test_malformed_seating_says_what_is_wrong(seating: object, words: str) -> None:
    with pytest.raises(GameFileError, match=words):
        game_from_json(document(seating=seating))


def test_players_who_join_are_listed_last() -> None:
    with pytest.raises(GameFileError, match="players who join are listed last"):
        game_from_json(document(players=["Priya", "Eve", "Marcus", "Dana"]))


def test_seating_in_a_version_1_file_is_refused() -> None:
    with pytest.raises(GameFileError, match="version 1, but players joining or leaving"):
        game_from_json(document(version=1))


def test_a_starting_phase_is_refused_where_players_choose() -> None:
    with pytest.raises(GameFileError, match="players choose their phase"):
        game_from_json(
            document(
                rules={"preset": "masters"},
                hands=[],
                seating=[{"before_hand": 1, "join": "Eve", "phase": 3}],
                players=["Priya", "Marcus", "Dana", "Eve"],
            )
        )


def test_a_seventh_seated_player_is_refused() -> None:
    players = ["A", "B", "C", "D", "E", "F", "G"]
    with pytest.raises(GameFileError, match="a table seats 6"):
        game_from_json(
            document(players=players, hands=[], seating=[{"before_hand": 1, "join": "G"}])
        )
    # Once someone has left, there is room again.
    game = game_from_json(
        document(
            players=players,
            hands=[],
            first_dealer="A",
            seating=[{"before_hand": 1, "leave": "A"}, {"before_hand": 1, "join": "G"}],
        )
    )
    assert game.starting_players == tuple(players[:6])
