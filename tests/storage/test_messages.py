"""The storage layer's messages: each key has English, and a message reads in the
reader's language, its places and kinds of value worded there too."""

import ast
import json
import re
from pathlib import Path

import pytest

from phase10_keeper.language import ENGLISH, Words, catalogue, words
from phase10_keeper.storage.gamefile import GameFileError, loads_game, read_game
from phase10_keeper.storage.library import Library, LibraryError, describe_backup
from phase10_keeper.storage.messages import GameFileKey, JsonType, LibraryKey, PlaceKey

from .test_hostile_files import document

GERMAN_ENTRIES: dict[str, str | dict[str, str]] = {
    "file.not_whole_number": "{what} muss eine ganze Zahl sein, nicht {type}",
    "file.type.text": "Text",
    "file.place.size_of": "die Größe von {within}",
    "file.place.group_of": "Gruppe {group} von {within}",
    "file.place.rules_phase": "Phase {phase} der Regeln",
    "file.too_many_hands": {
        "one": "die Datei hat {count} Runde; höchstens {most}",
        "other": "die Datei hat {count} Runden; höchstens {most}",
    },
    "file.game_problem": "{problem}",
    "problem.player_count": "ein Spiel braucht {least} bis {most} Spieler, nicht {given}",
}


def german() -> Words:
    return Words("de", GERMAN_ENTRIES, words(ENGLISH))


def refusal(game: object) -> GameFileError:
    with pytest.raises(GameFileError) as caught:
        loads_game(json.dumps(game))
    return caught.value


def test_every_key_place_and_kind_of_value_has_english() -> None:
    english = catalogue(ENGLISH)
    for key in GameFileKey:
        assert f"file.{key.value}" in english, key
    for kind in PlaceKey:
        assert f"file.place.{kind.value}" in english, kind
    for value in JsonType:
        assert f"file.type.{value.value}" in english, value
    for library_key in LibraryKey:
        assert f"library.{library_key.value}" in english, library_key


def test_every_key_the_storage_layer_names_has_english() -> None:
    """Keys named as literal text, such as the parts of a library message."""
    storage = Path(__file__).resolve().parents[2] / "phase10_keeper" / "storage"
    pattern = re.compile(r"^(file|library)\.[a-z_.]*[a-z_]$")
    named = {
        node.value
        for path in storage.glob("*.py")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and pattern.match(node.value)
    }
    assert "library.mark_says" in named
    assert not named - set(catalogue(ENGLISH))


def test_a_place_in_the_file_is_worded_in_the_readers_language() -> None:
    rules = {"phases": [{"label": 1, "groups": [{"kind": "set", "size": "3"}]}]}
    error = refusal(document(rules=rules))
    assert error.key is GameFileKey.NOT_WHOLE_NUMBER
    assert str(error) == (
        "the size of group 1 of phase 1 of the rules must be a whole number, not text"
    )
    assert error.worded(german()) == (
        "die Größe von Gruppe 1 von Phase 1 der Regeln muss eine ganze Zahl sein, nicht Text"
    )


def test_a_count_in_a_message_takes_the_plural_form_of_the_language() -> None:
    error = refusal(document(hands=[None] * 1001))
    assert str(error) == "the file has 1001 hands; a game has at most 1000"
    assert error.worded(german()) == "die Datei hat 1001 Runden; höchstens 1000"


def test_a_rules_problem_inside_a_file_error_is_worded_with_it() -> None:
    error = refusal(document(players=["Ana"]))
    assert str(error) == "a game needs 2 to 6 players, not 1"
    assert error.worded(german()) == "ein Spiel braucht 2 bis 6 Spieler, nicht 1"


def test_a_value_is_filled_in_once_as_it_is(tmp_path: Path) -> None:
    folder = tmp_path / "{what}"
    folder.mkdir()
    with pytest.raises(GameFileError) as caught:
        read_game(folder)
    assert str(caught.value) == f"cannot read {folder}: it is a folder, not a game file"
    assert caught.value.worded(german()) == str(caught.value)


def test_a_library_error_is_worded_in_the_readers_language(tmp_path: Path) -> None:
    with Library.open(tmp_path) as library:
        with pytest.raises(LibraryError) as caught:
            library.load_game(7)
        library.add_game(loads_game(json.dumps(document())))
        backup = library._backup()
    assert str(caught.value) == "there is no game 7 in the library"
    language = Words("de", {"library.no_game": "kein Spiel {id} in der Sammlung"}, german())
    assert caught.value.worded(language) == "kein Spiel 7 in der Sammlung"
    plural = {"one": "{count} Spiel", "other": "{count} Spiele"}
    language = Words("de", {"library.games": plural}, german())
    assert describe_backup(backup).endswith(", 1 game")
    assert describe_backup(backup, language).endswith(", 1 Spiel")
