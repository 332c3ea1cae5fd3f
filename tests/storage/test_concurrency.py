"""Two copies of the app on one library: both see every change and neither corrupts it."""

import sqlite3
import subprocess
import sys
import threading
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

import pytest

from phase10_keeper.storage.library import LIBRARY_FILE, Library, LibraryBusy

from .samples import PLAYERS, friday_game, table_hand

REPOSITORY = Path(__file__).resolve().parents[2]

WRITER = """
import sys
from pathlib import Path
from phase10_keeper.rules import Game
from phase10_keeper.storage.library import Library

name, count = sys.argv[1], int(sys.argv[2])
with Library.open(Path(sys.argv[3])) as library:
    for number in range(count):
        library.add_game(Game(players=(name, "Guest"), title=f"{name} {number}"))
"""


def test_two_copies_see_each_others_changes(
    library: Library, reopen: Callable[[], Library]
) -> None:
    other = reopen()
    first = library.add_game(friday_game())
    other.rename_game(first, "from the other window")
    second = other.add_game(friday_game(1))
    assert [game.id for game in library.list_games()] == [second, first]
    assert library.list_games()[-1].title == "from the other window"
    assert library.load_game(second) == friday_game(1)


def test_copies_writing_at_once_from_several_processes(data_dir: Path) -> None:
    Library.open(data_dir).close()
    writers = [
        subprocess.Popen([sys.executable, "-c", WRITER, name, "40", str(data_dir)], cwd=REPOSITORY)
        for name in ("Ann", "Bob", "Cy")
    ]
    assert [writer.wait(timeout=60) for writer in writers] == [0, 0, 0]
    with Library.open(data_dir) as library:
        titles = {game.title for game in library.list_games()}
    assert titles == {f"{name} {number}" for name in ("Ann", "Bob", "Cy") for number in range(40)}
    with closing(sqlite3.connect(data_dir / LIBRARY_FILE)) as database:
        assert database.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_a_copy_that_holds_the_library_too_long_gets_a_clear_message(data_dir: Path) -> None:
    with Library.open(data_dir, timeout=0.2) as library:
        game_id = library.add_game(friday_game())
        with closing(sqlite3.connect(library.path, isolation_level=None)) as other:
            other.execute("BEGIN IMMEDIATE")
            with pytest.raises(LibraryBusy) as busy:
                library.save_game(game_id, friday_game(4))
            assert str(busy.value) == (
                f"the game library {library.path} is in use by another copy of "
                "phase10-keeper, which kept it busy for over 0.2 seconds; close the other "
                "copy or try again"
            )
            # Reading never waits for a writer, and opening needs no lock either.
            assert library.load_game(game_id) == friday_game()
            with Library.open(data_dir, timeout=0.2) as second:
                assert [game.id for game in second.list_games()] == [game_id]
            other.execute("COMMIT")
        library.save_game(game_id, friday_game(4))
        assert library.load_game(game_id) == friday_game(4)


def test_a_short_wait_for_the_other_copy_is_no_error(library: Library) -> None:
    game_id = library.add_game(friday_game())
    with closing(
        sqlite3.connect(library.path, isolation_level=None, check_same_thread=False)
    ) as other:
        other.execute("BEGIN IMMEDIATE")
        release = threading.Timer(0.2, other.execute, ("COMMIT",))
        release.start()
        game = friday_game().with_hand_appended(table_hand(PLAYERS, 1))
        library.save_game(game_id, game)
        release.join()
    assert library.load_game(game_id) == game


def test_opening_while_another_copy_writes_never_looks_behind(data_dir: Path) -> None:
    Library.open(data_dir).close()
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER, "Ann", "150", str(data_dir)], cwd=REPOSITORY
    )
    opened = 0
    try:
        while writer.poll() is None:
            # LibraryBehind here would be a false alarm about a healthy library.
            with Library.open(data_dir, read_only=opened % 2 == 0) as library:
                library.list_games()
            opened += 1
    finally:
        assert writer.wait(timeout=60) == 0
    assert opened > 0
    with Library.open(data_dir) as library:
        assert len(library.list_games()) == 150


def test_the_data_version_moves_for_another_copys_commits_only(
    library: Library, reopen: Callable[[], Library]
) -> None:
    other = reopen()
    before = library.data_version()
    game_id = library.add_game(friday_game())
    library.rename_game(game_id, "own change")
    library.checkpoint()
    assert library.data_version() == before
    other.rename_game(game_id, "the other copy's change")
    assert library.data_version() != before
    after = library.data_version()
    assert library.list_games()[0].title == "the other copy's change"
    assert library.data_version() == after
