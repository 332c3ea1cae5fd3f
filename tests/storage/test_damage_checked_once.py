"""A game's hands are read and checked only when no kept record vouches for its rows,
and then once per revision; a game damaged since, by another connection, is still found."""

import sqlite3
from collections.abc import Collection
from contextlib import closing

import pytest

from phase10_keeper.storage import listing
from phase10_keeper.storage.library import Library
from phase10_keeper.storage.readback import damaged_hands

from .samples import friday_game, long_game

# Valid JSON whose string holds a byte that is no UTF-8: only the UTF-8 check finds it.
NOT_UTF8_HAND = "CAST(X'7b2277656e745f6f7574223a2022ff227d' AS TEXT)"
NOT_JSON_HAND = '\'{"went_out": "Pri\''


def _damage_behind_its_back(library: Library, game_id: int, data_sql: str) -> None:
    """Another connection writes garbage over a hand and gives the game a new revision."""
    with closing(sqlite3.connect(library.path)) as database:
        database.execute(
            f"UPDATE hands SET data = {data_sql} WHERE game_id = ? AND number = 1", (game_id,)
        )
        database.execute("UPDATE games SET revision = revision + 1 WHERE id = ?", (game_id,))
        database.commit()


class _CountedChecks:
    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.checked: list[int | None] = []
        monkeypatch.setattr(listing, "damaged_hands", self)

    def __call__(
        self, database: sqlite3.Connection, game_ids: Collection[int] | None = None
    ) -> dict[int, str]:
        self.checked.extend([None] if game_ids is None else game_ids)
        return damaged_hands(database, game_ids)


def _three_games(library: Library) -> list[int]:
    return [library.add_game(friday_game(hands)) for hands in (1, 2, 3)]


@pytest.mark.parametrize("data_sql", [NOT_UTF8_HAND, NOT_JSON_HAND], ids=["not UTF-8", "not JSON"])
def test_a_game_damaged_by_another_connection_after_a_listing_is_still_left_out(
    library: Library, data_sql: str
) -> None:
    first, second, third = _three_games(library)
    assert {game.id for game in library.list_games()} == {first, second, third}
    _damage_behind_its_back(library, second, data_sql)
    assert {game.id for game in library.list_games()} == {first, third}
    (damage,) = library.damaged_games()
    assert damage.game_id == second
    assert "hands.data" in str(damage)


def test_games_the_app_saved_are_listed_without_reading_their_hands(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Their kept statistics records vouch for their rows: any change to the rows, by any
    connection, would have dropped them."""
    games = _three_games(library)
    library.delete_game(games[2])
    library.restore_game(games[2])
    counted = _CountedChecks(monkeypatch)
    assert {game.id for game in library.list_games()} == set(games)
    library.list_games(deleted=True)
    library.list_games("Priya")
    assert counted.checked == [games[2]], "only the game whose record the restore dropped"
    counted.checked.clear()
    library.list_games()
    assert counted.checked == [], "checked once per revision"


def test_only_a_game_changed_by_another_program_is_checked_again(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second, third = _three_games(library)
    library.list_games()
    counted = _CountedChecks(monkeypatch)
    library.save_game(second, long_game(4))
    _damage_behind_its_back(library, first, NOT_UTF8_HAND)
    listed = {game.id for game in library.list_games()}
    assert counted.checked == [first]
    assert listed == {second, third}
    assert [game_id for game_id, _ in library.live_revisions()] == [second, third]


def test_hands_not_utf8_are_named_by_game_among_good_ones(library: Library) -> None:
    first, second, third = _three_games(library)
    _damage_behind_its_back(library, second, NOT_UTF8_HAND)
    _damage_behind_its_back(library, third, NOT_JSON_HAND)
    with closing(sqlite3.connect(library.path)) as database:
        assert damaged_hands(database) == {second: "hands.data", third: "hands.data"}
        assert damaged_hands(database, [first, second]) == {second: "hands.data"}
        assert damaged_hands(database, [first]) == {}
        assert damaged_hands(database, []) == {}
