"""Game files made to hang, crash or fool the reader: each is refused before the work it
would cost, in plain words."""

import json
import os
import unicodedata
from pathlib import Path
from typing import Any

import pytest

from phase10_keeper.rules import MAX_HANDS, MAX_PHASES, Preset, build_rules
from phase10_keeper.storage import gamefile
from phase10_keeper.storage.gamefile import (
    MAX_FILE_BYTES,
    GameFileError,
    loads_game,
    read_game,
    write_game,
)


def document(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": "phase10-keeper/game",
        "version": 1,
        "players": ["Ana", "Bo"],
        "hands": [],
    }
    data.update(changes)
    return data


def one_hand(results: str) -> str:
    """A file whose only hand has `results` written out as raw JSON (keys may repeat)."""
    return (
        '{"format": "phase10-keeper/game", "version": 1, "players": ["Ana", "Bo", "Marcus"], '
        f'"hands": [{{"went_out": "Ana", "results": {results}}}]}}'
    )


def test_two_results_for_one_player_are_refused() -> None:
    text = one_hand(
        '{"Ana": {"made": true}, "Bo": {"made": false, "cards": {"low": 10}}, '
        '"Marcus": {"made": true}, "Marcus": {"made": false, "cards": {"low": 10}}}'
    )
    with pytest.raises(GameFileError, match=r"the key 'Marcus' appears twice"):
        loads_game(text)


def test_a_repeated_top_level_key_is_refused() -> None:
    text = (
        '{"format": "phase10-keeper/game", "version": 1, "players": ["A", "B"], '
        '"players": ["C", "D"], "hands": []}'
    )
    with pytest.raises(GameFileError, match="the key 'players' appears twice"):
        loads_game(text)


def test_results_naming_one_player_twice_in_different_case_say_so() -> None:
    text = one_hand(
        '{"Ana": {"made": true}, "ANA": {"made": true}, "Bo": {"made": false, "cards": '
        '{"low": 10}}, "Marcus": {"made": false, "cards": {"low": 10}}}'
    )
    with pytest.raises(GameFileError) as refused:
        loads_game(text)
    assert str(refused.value) == (
        "hand 1, Ana: has two results, under 'Ana' and 'ANA' (names are matched ignoring capitals)"
    )


def test_a_decomposed_result_key_finds_the_composed_player() -> None:
    nfc, nfd = "Zo\u00eb", "Zoe\u0308"
    data = document(
        players=[nfc, "Bo"],
        hands=[
            {
                "went_out": nfd,
                "results": {nfd: {"made": True}, "Bo": {"made": False, "cards": {"low": 10}}},
            }
        ],
    )
    game = loads_game(json.dumps(data))
    assert game.players == (nfc, "Bo")
    assert set(game.hands[0].results) == {nfc, "Bo"}
    assert game.hands[0].went_out == nfc


def test_a_dotted_capital_i_is_matched_by_a_plain_i() -> None:
    data = document(
        players=["\u0130pek", "Bo"],
        hands=[
            {
                "went_out": "ipek",
                "results": {"IPEK": {"made": True}, "bo": {"made": False, "cards": {"low": 10}}},
            }
        ],
    )
    game = loads_game(json.dumps(data))
    assert game.hands[0].went_out == "\u0130pek"
    assert set(game.hands[0].results) == {"\u0130pek", "Bo"}


def test_players_in_two_normal_forms_are_one_player() -> None:
    data = document(players=["Zo\u00eb", unicodedata.normalize("NFD", "Zo\u00eb")])
    with pytest.raises(GameFileError, match="count as the same name"):
        loads_game(json.dumps(data))


def test_an_invisible_name_is_refused() -> None:
    with pytest.raises(GameFileError, match="nothing visible"):
        loads_game(json.dumps(document(players=["\u200b\u200b", "Bo"])))


def _counted(monkeypatch: pytest.MonkeyPatch, owner: object, name: str) -> list[tuple[Any, ...]]:
    """Replaces `owner.name` by itself counting its calls; the list grows by one a call.
    The work a refusal does is counted, not timed: a busy machine slows every clock."""
    calls: list[tuple[Any, ...]] = []
    original = getattr(owner, name)

    def counting(*arguments: Any, **values: Any) -> Any:
        calls.append(arguments)
        return original(*arguments, **values)

    monkeypatch.setattr(owner, name, counting)
    return calls


def test_a_house_list_of_twenty_thousand_phases_is_refused_before_reading_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    phases = [{"label": n, "groups": [{"kind": "set", "size": 3}]} for n in range(1, 20_001)]
    text = json.dumps(document(rules={"preset": "mattel", "phases": phases}))
    read = _counted(monkeypatch, gamefile, "_phase_from_json")
    with pytest.raises(GameFileError) as refused:
        loads_game(text)
    assert read == []
    assert str(refused.value) == (f"the rules list 20000 phases; a game has at most {MAX_PHASES}")


def test_the_rules_refuse_too_many_phases_before_checking_each(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from phase10_keeper.rules import Group, GroupKind, Phase

    phases = tuple(Phase(n, (Group(GroupKind.SET, 3),)) for n in range(1, 20_001))
    checked = _counted(monkeypatch, Phase, "problem")
    with pytest.raises(ValueError, match=f"at most {MAX_PHASES}"):
        build_rules(Preset.MATTEL, phases=phases)
    # The preset's own ten phases are checked as its rules are made; none of the list's.
    given = {id(phase) for phase in phases}
    assert [call for call in checked if id(call[0]) in given] == []


def test_a_phase_with_a_million_groups_is_refused_before_reading_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    groups = [{"kind": "set", "size": 1}] * 1_000_000
    text = json.dumps(document(rules={"phases": [{"label": 1, "groups": groups}]}))
    made = _counted(monkeypatch, gamefile, "Group")
    with pytest.raises(GameFileError, match="phase 1 of the rules has 1000000 groups"):
        loads_game(text)
    assert made == []


def test_too_many_hands_are_refused() -> None:
    hand = {
        "went_out": "Ana",
        "results": {"Ana": {"made": True}, "Bo": {"made": False, "cards": {"low": 10}}},
    }
    text = json.dumps(document(hands=[hand] * (MAX_HANDS + 1)))
    with pytest.raises(GameFileError, match=f"at most {MAX_HANDS}"):
        loads_game(text)


def test_a_fixed_number_of_hands_beyond_the_limit_is_refused() -> None:
    with pytest.raises(GameFileError, match=f"at most {MAX_HANDS}"):
        loads_game(json.dumps(document(rules={"preset": "fixed-hands", "hands": 10**9})))


def test_a_huge_name_is_refused_with_a_clear_message() -> None:
    with pytest.raises(GameFileError, match="10000 characters long; a name has at most"):
        loads_game(json.dumps(document(players=["N" * 10_000, "Bo"])))


def test_a_file_over_the_size_limit_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "huge.phase10.json"
    with path.open("wb") as stream:
        stream.truncate(MAX_FILE_BYTES + 1)
    with pytest.raises(GameFileError) as refused:
        read_game(path)
    assert str(refused.value) == (
        f"{path} is {MAX_FILE_BYTES + 1:,} bytes, too large to be a game file "
        f"(the limit is {MAX_FILE_BYTES:,})"
    )


def test_an_endless_device_is_refused() -> None:
    with pytest.raises(GameFileError, match="/dev/zero is not a regular file"):
        read_game(Path("/dev/zero"))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX only")
def test_a_named_pipe_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "game.phase10.json"
    os.mkfifo(fifo)
    with pytest.raises(GameFileError, match="is not a regular file"):
        read_game(fifo)


def test_a_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(GameFileError, match="it is a folder, not a game file"):
        read_game(tmp_path)


def test_a_written_game_file_follows_the_umask(tmp_path: Path) -> None:
    from phase10_keeper.rules import Game

    previous = os.umask(0o022)
    try:
        write_game(tmp_path / "game.phase10.json", Game(players=("Ana", "Bo")))
    finally:
        os.umask(previous)
    assert (tmp_path / "game.phase10.json").stat().st_mode & 0o777 == 0o644
