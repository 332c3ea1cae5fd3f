"""The window words the game file's and the library's errors in its own language."""

from pathlib import Path

import pytest

from phase10_keeper.language import Entry, Words, words
from phase10_keeper.storage.library import Library, LibraryDamaged
from phase10_keeper.ui import app
from phase10_keeper.ui.library.game_files import GameTransferError, load_game_file
from phase10_keeper.ui.text import translate


def _german(monkeypatch: pytest.MonkeyPatch, entries: dict[str, Entry]) -> None:
    """The window in German, with `entries` as German texts besides the catalogue's."""
    monkeypatch.setattr(translate._Chosen, "words", Words("de", entries, words("de")))


def test_a_game_file_that_cannot_be_read_is_explained_in_the_windows_language(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _german(
        monkeypatch,
        {
            "file.not_json": "die Datei ist kein gültiges JSON (Zeile {line}, Spalte {column})",
        },
    )
    path = tmp_path / "game.phase10.json"
    path.write_text("{nope", encoding="utf-8")
    with pytest.raises(GameTransferError) as caught:
        load_game_file(path)
    assert str(caught.value) == f"{path}: die Datei ist kein gültiges JSON (Zeile 1, Spalte 2)"


def test_a_damaged_library_is_explained_in_the_windows_language(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "library.sqlite3").write_bytes(b"not a library" * 20)
    with pytest.raises(LibraryDamaged) as caught:
        Library.open(tmp_path)
    assert str(caught.value).endswith("there is no good backup to restore")
    _german(
        monkeypatch,
        {
            "app.library_cannot_open": "Die Spielesammlung lässt sich nicht öffnen:\n{error}",
            "library.damaged": "{path} ist beschädigt ({detail}); {advice}",
            "library.no_good_backup": "es gibt keine gute Sicherung",
        },
    )
    assert app._library_message(caught.value) == (
        "Die Spielesammlung lässt sich nicht öffnen:\n"
        f"{tmp_path / 'library.sqlite3'} ist beschädigt (file is not a database); "
        "es gibt keine gute Sicherung"
    )
