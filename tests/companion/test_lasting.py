"""The table's sharing kept with its game: the same keys and entries on a new start,
until the keeper stops sharing, the game is finished, or the entries' hand has gone."""

from collections.abc import Iterator
from pathlib import Path

import pytest

from phase10_keeper.companion.lasting import lasting_table
from phase10_keeper.companion.table import StaleRevision, Table
from phase10_keeper.rules import Game
from phase10_keeper.storage.gamefile import read_game
from phase10_keeper.storage.library import Library

from .helpers import PLAYERS, first_hand

GAMES = Path(__file__).resolve().parent.parent / "data" / "games"
MADE = {"made": True, "cards": {"low": 1}}


@pytest.fixture
def library(tmp_path: Path) -> Iterator[Library]:
    with Library.open(tmp_path / "data") as opened:
        yield opened


def _served_once(library: Library, game_id: int, **entries: dict[str, object]) -> Table:
    """The table as one start served it, with `entries` typed on phones; then stopped."""
    table, lasting = lasting_table(library, game_id, library.load_game(game_id))
    for name, entry in entries.items():
        table.enter(name, entry, name)
    lasting.close()
    return table


def test_a_new_start_has_the_same_keys_entries_and_a_later_revision(library: Library):
    game_id = library.add_game(Game(players=PLAYERS))
    before = _served_once(library, game_id, Priya=MADE)
    after = _served_once(library, game_id)
    assert after.keys.to_json() == before.keys.to_json()
    assert set(after.snapshot().pending) == {"Priya"}
    assert after.snapshot().revision > before.snapshot().revision


def test_a_game_changed_meanwhile_keeps_the_keys_but_not_the_entries(library: Library):
    game_id = library.add_game(Game(players=PLAYERS))
    before = _served_once(library, game_id, Priya=MADE)
    shown = before.snapshot().revision
    library.save_game(game_id, library.load_game(game_id).with_hand_appended(first_hand()))
    after = _served_once(library, game_id)
    assert after.keys.to_json() == before.keys.to_json()
    assert after.snapshot().pending == {}
    with pytest.raises(StaleRevision):
        after.enter("Marcus", MADE, "Marcus", shown)


def test_stop_sharing_and_a_finished_game_end_the_links(library: Library):
    game_id = library.add_game(Game(players=PLAYERS))
    table, lasting = lasting_table(library, game_id, library.load_game(game_id))
    lasting.forget()
    lasting.close()
    assert _served_once(library, game_id).keys.keeper != table.keys.keeper
    finished = library.add_game(read_game(GAMES / "mattel-finished.phase10.json"))
    first = _served_once(library, finished)
    assert _served_once(library, finished).keys.keeper != first.keys.keeper


def test_a_kept_sharing_that_does_not_read_back_gives_new_keys():
    game = Game(players=PLAYERS)
    for kept in ["", "[]", '{"keys": {"keeper": 1}}', "{" * 5000]:
        assert not Table(game, None, kept).keys.restored
