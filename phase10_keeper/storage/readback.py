"""What the library reads back is checked as strictly as a game file is.

SQLite checks its own pages, not what they hold: a flipped bit in a status, a date, a
name or a hand's JSON reads back without complaint. Every value is checked here against
what the app writes, so a damaged game is named as damaged (and left out of lists and
statistics), never a KeyError or UnicodeDecodeError, and never blocks the other games.
"""

import json
import sqlite3
from collections.abc import Collection, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from phase10_keeper.rules.status import Status
from phase10_keeper.storage.identity import is_uid
from phase10_keeper.storage.messages import GameDamaged, Said
from phase10_keeper.storage.summary import stored_values_problem

# The game file's reader is imported where a game is read: listing needs none of it.
if TYPE_CHECKING:
    from phase10_keeper.rules import Game

_NOT_UTF8 = "Could not decode to UTF-8"
_STATUSES = frozenset(status.value for status in Status)

SUMMARY_COLUMNS = (
    "id, title, started, finished, created, status, winner, deleted_at, first_dealer, "
    "(SELECT COUNT(*) FROM hands WHERE hands.game_id = games.id), "
    "json_valid(rules) AND (seating IS NULL OR json_valid(seating)), "
    "typeof(revision) = 'integer', "
    "(SELECT MIN(seat) = 0 AND MAX(seat) = COUNT(*) - 1 FROM game_players "
    "WHERE game_players.game_id = games.id), "
    "(SELECT COUNT(*) = COALESCE(MAX(number), 0) FROM hands WHERE hands.game_id = games.id), "
    "uid, conflict_of"
)
"""What a summary is made of, and what of the rest of the row can be checked in SQLite."""

SUSPECT_HANDS = (
    "SELECT game_id, json_valid(data), CAST(data AS BLOB) FROM hands "
    "WHERE (NOT json_valid(data) OR data GLOB '*[^ -~]*') AND {games}"
)
"""The hands that are not JSON, and those with any byte beyond printable ASCII, whose
UTF-8 is checked in Python, one by one: what names the games when some hand is not UTF-8.
"""

_NOT_JSON_HANDS = "SELECT DISTINCT game_id FROM hands WHERE NOT json_valid(data) AND {games}"
_HANDS_AS_TEXT = "SELECT group_concat(data, '') FROM hands WHERE {games} GROUP BY game_id"
"""Each game's hands as one text: the module decodes every text as strict UTF-8 in C, and
fails the query on the first that is not, far faster than matching each hand's bytes."""

_ALL_GAMES = "1"
_THESE_GAMES = "game_id IN (SELECT value FROM json_each(?))"


def _tolerant(data: bytes) -> str:
    return data.decode("utf-8", "surrogateescape")


def fetch_all(
    database: sqlite3.Connection, sql: str, parameters: Sequence[object] = ()
) -> list[Any]:
    """Every row; where a text is not UTF-8, its bytes are kept as lone surrogates, which
    `is_text` refuses, instead of failing the whole query over one value."""
    try:
        return database.execute(sql, parameters).fetchall()
    except sqlite3.OperationalError as error:
        if _NOT_UTF8 not in str(error):
            raise
    database.text_factory = _tolerant
    try:
        return database.execute(sql, parameters).fetchall()
    finally:
        database.text_factory = str


def fetch_all_log(
    database: sqlite3.Connection, game_id: int
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The names in seating order and each hand's stored JSON (see fetch_all)."""
    players = fetch_all(
        database, "SELECT name FROM game_players WHERE game_id = ? ORDER BY seat", (game_id,)
    )
    hands = fetch_all(
        database, "SELECT data FROM hands WHERE game_id = ? ORDER BY number", (game_id,)
    )
    return tuple(name for (name,) in players), tuple(text for (text,) in hands)


def is_text(value: object) -> bool:
    """Whether `value` is a text as the app writes it: a string of valid UTF-8."""
    if not isinstance(value, str):
        return False
    if value.isascii():
        return True
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _is_moment(value: object, *, optional: bool) -> bool:
    if value is None:
        return optional
    if not is_text(value):
        return False
    try:
        datetime.fromisoformat(str(value))
    except ValueError:
        return False
    return True


def summary_problem(row: Sequence[object], players: Sequence[object]) -> str | None:
    """The first value of a summary row (SUMMARY_COLUMNS) and its players that is not as
    the app writes it, by its column's name; None if all are."""
    (
        _,
        title,
        started,
        finished,
        created,
        status,
        winner,
        deleted,
        dealer,
        hands,
        json_ok,
        counted,
        seats_ok,
        numbers_ok,
        uid,
        conflict_of,
    ) = row
    if not players or not all(is_text(name) and name for name in players):
        return "game_players.name"
    checks = (
        ("title", is_text(title)),
        # When a game started is the game file's text, which need be no date.
        ("started", started is None or is_text(started)),
        ("finished", _is_moment(finished, optional=True)),
        ("created", _is_moment(created, optional=False)),
        ("deleted_at", _is_moment(deleted, optional=True)),
        ("status", status in _STATUSES),
        ("winner", winner is None or winner in players),
        ("first_dealer", dealer in players),
        ("hands", isinstance(hands, int)),
        ("rules", json_ok == 1),
        ("revision", counted == 1),
        # The app seats players 0, 1, 2... and numbers hands 1, 2, 3...
        ("game_players.seat", seats_ok == 1),
        ("hands.number", numbers_ok == 1),
        ("uid", is_uid(uid)),
        ("conflict_of", conflict_of is None or is_uid(conflict_of)),
    )
    return next((column for column, good in checks if not good), None)


def damaged_hands(
    database: sqlite3.Connection, game_ids: Collection[int] | None = None
) -> dict[int, str]:
    """The games (these, or all) whose hands are not JSON or not UTF-8, with the column to
    name."""
    if game_ids is not None and not game_ids:
        return {}
    games = _ALL_GAMES if game_ids is None else _THESE_GAMES
    parameters = () if game_ids is None else (json.dumps(list(game_ids)),)
    damaged = {
        game_id: "hands.data"
        for (game_id,) in database.execute(_NOT_JSON_HANDS.format(games=games), parameters)
    }
    try:
        for _ in database.execute(_HANDS_AS_TEXT.format(games=games), parameters):
            pass
    except sqlite3.OperationalError as error:
        if _NOT_UTF8 not in str(error):
            raise
        damaged.update(_hands_not_utf8(database, games, parameters))
    return damaged


def _hands_not_utf8(
    database: sqlite3.Connection, games: str, parameters: Sequence[object]
) -> dict[int, str]:
    damaged = {}
    for game_id, is_json, data in database.execute(SUSPECT_HANDS.format(games=games), parameters):
        try:
            bytes(data).decode("utf-8")
        except UnicodeDecodeError:
            is_json = 0
        if not is_json:
            damaged[game_id] = "hands.data"
    return damaged


def damaged_game(game_id: int, column: str) -> GameDamaged:
    return GameDamaged(game_id, Said("library.bad_value", {"column": column}))


def game_from_rows(
    game_id: int, row: Sequence[Any], players: tuple[str, ...], texts: tuple[str, ...]
) -> "tuple[Game, int]":
    """The game its rows hold (SUMMARY_COLUMNS, then rules, seating and revision) and its
    revision; GameDamaged if anything in them is not what the app writes, or does not
    read as strictly as a game file is read."""
    from phase10_keeper.storage.gamefile import (
        FORMAT,
        VERSION,
        GameFileError,
        game_from_json,
        loads_json,
    )

    *summary, rules, seating, revision = row
    column = summary_problem(summary, players)
    if column is None and not isinstance(revision, int):
        column = "revision"
    if column is None and not is_text(rules):
        column = "rules"
    if column is None and seating is not None and not is_text(seating):
        column = "seating"
    if column is None and not all(map(is_text, texts)):
        column = "hands.data"
    if column is None:
        column = stored_values_problem(rules, seating, players)
    if column is not None:
        raise damaged_game(game_id, column)
    try:
        game = game_from_json(
            {
                "format": FORMAT,
                "version": VERSION,
                "title": summary[1],
                "started": summary[2],
                "rules": loads_json(rules),
                "players": list(players),
                "first_dealer": summary[8],
                "seating": None if seating is None else loads_json(seating),
                "hands": [loads_json(text) for text in texts],
            }
        )
    except GameFileError as error:
        raise GameDamaged(game_id, error) from None
    return game, revision


def same_game(database: sqlite3.Connection, game: "Game") -> int | None:
    """The id of a game stored (not deleted) with the same players, first dealer, rules,
    seating and hands as `game`, its title and date aside; None if there is none."""
    from phase10_keeper.storage.gamefile import rules_to_json
    from phase10_keeper.storage.rows import compact, hand_texts, seating_text

    texts = tuple(hand_texts(game, range(len(game.hands))).values())
    candidates = database.execute(
        "SELECT id FROM games WHERE deleted_at IS NULL AND rules = ? "
        "AND first_dealer = ? AND seating IS ? ORDER BY id",
        (compact(rules_to_json(game.rules)), game.first_dealer, seating_text(game)),
    ).fetchall()
    for (game_id,) in candidates:
        if fetch_all_log(database, game_id) == (game.players, texts):
            found: int = game_id
            return found
    return None
