"""A game as rows of the library: its rules, seating and hands as the JSON the game file
writes, and its players seated in order and kept in the roster."""

import json
import sqlite3
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

# The game file's encoding is imported where a game is encoded: listing the library
# needs none of it.
if TYPE_CHECKING:
    from phase10_keeper.rules import Game


def compact(data: object) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def seating_text(game: "Game") -> str | None:
    """The stored JSON of the game's seating changes, as the game file writes them."""
    from dataclasses import replace

    from phase10_keeper.storage.gamefile import game_to_json

    if not game.seating:
        return None
    return compact(game_to_json(replace(game, hands=()))["seating"])


def hand_texts(game: "Game", indexes: Sequence[int]) -> dict[int, str]:
    """The stored JSON of the hands at these positions, as the game file writes them."""
    from phase10_keeper.storage.gamefile import hands_to_json

    hands = hands_to_json(game.players, [game.hands[index] for index in indexes])
    return dict(zip(indexes, map(compact, hands), strict=True))


def stored_log(
    database: sqlite3.Connection, game_id: int
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The names in seating order and each hand's stored JSON, as the game's rows hold them."""
    players = tuple(
        name
        for (name,) in database.execute(
            "SELECT name FROM game_players WHERE game_id = ? ORDER BY seat", (game_id,)
        )
    )
    texts = tuple(
        text
        for (text,) in database.execute(
            "SELECT data FROM hands WHERE game_id = ? ORDER BY number", (game_id,)
        )
    )
    return players, texts


def write_players(
    database: sqlite3.Connection,
    game_id: int,
    players: Iterable[str],
    before: Iterable[str],
) -> None:
    from phase10_keeper.rules import name_key

    database.execute("DELETE FROM game_players WHERE game_id = ?", (game_id,))
    keys = set()
    for seat, name in enumerate(players):
        key = name_key(name)
        keys.add(key)
        # The roster keeps the spelling used most recently.
        database.execute(
            "INSERT INTO players (key, name) VALUES (?, ?) "
            "ON CONFLICT (key) DO UPDATE SET name = excluded.name",
            (key, name),
        )
        database.execute(
            "INSERT INTO game_players (game_id, seat, name, player_id) "
            "SELECT ?, ?, ?, id FROM players WHERE key = ?",
            (game_id, seat, name, key),
        )
    # A name that was corrected away in its only game should not stay in the
    # roster to be offered again.
    for key in {name_key(name) for name in before} - keys:
        database.execute(
            "DELETE FROM players WHERE key = ? AND NOT EXISTS "
            "(SELECT 1 FROM game_players WHERE game_players.player_id = players.id)",
            (key,),
        )


def write_hands(
    database: sqlite3.Connection,
    game_id: int,
    stored: Sequence[str],
    texts: dict[int, str],
    count: int,
) -> None:
    changed = [
        (texts[index], game_id, index + 1)
        for index in range(min(count, len(stored)))
        if texts[index] != stored[index]
    ]
    if changed:
        database.executemany("UPDATE hands SET data = ? WHERE game_id = ? AND number = ?", changed)
    if count > len(stored):
        database.executemany(
            "INSERT INTO hands (game_id, number, data) VALUES (?, ?, ?)",
            [(game_id, index + 1, texts[index]) for index in range(len(stored), count)],
        )
    elif count < len(stored):
        database.execute("DELETE FROM hands WHERE game_id = ? AND number > ?", (game_id, count))
