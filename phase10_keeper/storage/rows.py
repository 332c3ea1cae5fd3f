"""A game as rows of the library: its rules, seating and hands as the JSON the game file
writes, and its players seated in order and kept in the roster."""

import json
import operator
import sqlite3
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from phase10_keeper.storage.messages import LibraryError, LibraryKey
from phase10_keeper.storage.summary import first_moment, fixed_moment

# The game file's encoding and the rules are imported where a game is encoded or
# replayed: listing the library needs neither.
if TYPE_CHECKING:
    from phase10_keeper.rules import Game, Replay
    from phase10_keeper.stats import GameRecord


class Saved(NamedTuple):
    """A game as this connection last wrote or read it, to save only what changed since."""

    revision: int
    game: "Game"
    texts: tuple[str, ...]
    replayed: "Replay | None"
    record: "GameRecord | None" = None
    """Its statistics record, where this connection wrote it."""


def new_revision() -> int:
    """A game's revision after a change. Random rather than counted: after a backup is
    restored, a counter could repeat a value for different content, and a stale copy
    would then pass for current."""
    import os

    return int.from_bytes(os.urandom(8), "big") >> 2


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


def game_columns(
    game: "Game", replayed: "Replay", finished: str | None, updated: str, revision: int
) -> dict[str, object]:
    """The columns of a game's row that the game and its replay decide, by name, as a
    new game is inserted and a changed one stored."""
    from phase10_keeper.storage.gamefile import rules_to_json

    state = replayed.final
    return {
        "title": game.title,
        "started": game.started,
        "finished": finished,
        "updated": updated,
        "rules": compact(rules_to_json(game.rules)),
        "first_dealer": game.first_dealer,
        "status": state.status.value,
        "winner": state.winner,
        "revision": revision,
        "seating": seating_text(game),
    }


def insert_game(
    database: sqlite3.Connection,
    game: "Game",
    replayed: "Replay",
    texts: dict[int, str],
    revision: int,
    moments: tuple[str, str],
    identity: tuple[str, str | None],
) -> int:
    """Inserts a new game; returns its id. `moments` is now to the second and to the
    millisecond; `identity` the game's uid and the uid it is a conflict of (or None)."""
    from phase10_keeper.rules.status import Status

    now, now_exactly = moments
    finished = now if replayed.final.status is Status.FINISHED else None
    uid, conflict_of = identity
    columns = {
        **game_columns(game, replayed, finished, now_exactly, revision),
        "created": now,
        "played_at": fixed_moment(game.started, now),
        "uid": uid,
        "conflict_of": conflict_of,
    }
    cursor = database.execute(
        f"INSERT INTO games ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})",
        tuple(columns.values()),
    )
    game_id = cursor.lastrowid
    assert game_id is not None
    write_players(database, game_id, game.players, ())
    write_hands(database, game_id, (), texts, len(game.hands))
    keep_record(database, game_id, revision, replayed)
    return game_id


def played_at(database: sqlite3.Connection, game_id: int, started: str | None) -> float | None:
    """What the row of stored game `game_id` keeps as `played_at` once its start is
    `started`: see `summary.fixed_moment`. When the game entered the library is read
    only for a game without a readable start: a hand recorded reads nothing more."""
    if first_moment(started) is not None:
        return fixed_moment(started, None)
    (created,) = database.execute("SELECT created FROM games WHERE id = ?", (game_id,)).fetchone()
    return fixed_moment(started, created if isinstance(created, str) else None)


def keep_record(
    database: sqlite3.Connection,
    game_id: int,
    revision: int,
    replayed: "Replay",
    earlier: Saved | None = None,
) -> "GameRecord":
    """Keeps the statistics record of the game just written at `revision`, from its
    replay, and returns it: written last, after the game's rows, whose triggers drop the
    record they replace (see storage.migrations, version 7). `earlier` is the game as
    this connection last wrote it: where the replay goes on from its replay, only the
    hands since are counted."""
    from phase10_keeper.stats.players import RECORD_FORMAT, game_record, record_to_json

    counted = None
    if earlier is not None and earlier.record is not None and earlier.replayed is not None:
        states = len(earlier.replayed.states)
        # A replay that goes on from another shares its states, the same objects.
        if len(replayed.states) >= states and replayed.states[states - 1] is earlier.replayed.final:
            counted = earlier.record
    record = game_record(replayed.final, counted)
    database.execute(
        "INSERT OR REPLACE INTO game_records (game_id, revision, format, record) "
        "VALUES (?, ?, ?, ?)",
        (game_id, revision, RECORD_FORMAT, compact(record_to_json(record))),
    )
    return record


def replayed_or_refused(game: "Game", earlier: "Replay | None") -> "Replay":
    """The game replayed (from `earlier`, the replay of its first hands); a game that
    cannot be replayed cannot be saved."""
    from phase10_keeper.rules import GameError, replay, replay_from

    try:
        if earlier is None:
            return replay(game)
        return replay_from(earlier, game)
    except GameError as error:
        raise LibraryError(LibraryKey.CANNOT_SAVE, problem=error.problems[0]) from None


def encoded(
    game: "Game", saved: Saved | None, replayed: "Replay | None"
) -> tuple[dict[int, str], "Replay"]:
    """The stored JSON of every hand and the game replayed, redoing only what changed.

    Encoding and replaying every hand of a long game takes tens of milliseconds;
    recording one more hand should not.
    """
    same_table = saved is not None and (
        saved.game.players,
        saved.game.rules,
        saved.game.first_dealer,
        saved.game.seating,
    ) == (game.players, game.rules, game.first_dealer, game.seating)
    if replayed is None or replayed.final.hands_played != len(game.hands):
        replayed = None
    if saved is None or not same_table:
        every_hand = hand_texts(game, range(len(game.hands)))
        return every_hand, replayed or replayed_or_refused(game, None)
    before = saved.game.hands
    if len(game.hands) >= len(before) and all(map(operator.is_, before, game.hands)):
        # Hands recorded after the saved ones, the most common save: only they are new.
        texts = dict(enumerate(saved.texts))
        texts.update(hand_texts(game, range(len(before), len(game.hands))))
        kept = len(before)
    else:
        texts, kept = _reencoded(game, saved)
    if replayed is not None:
        return texts, replayed
    if saved.replayed is None:
        return texts, replayed_or_refused(game, None)
    return texts, replayed_or_refused(game, saved.replayed.first(kept))


def _reencoded(game: "Game", saved: Saved) -> tuple[dict[int, str], int]:
    """The stored JSON of every hand of `game`, in order, encoding only the hands not in
    the `saved` game, and how many of its first hands are the saved game's."""
    before = saved.game.hands
    by_identity = {id(hand): text for hand, text in zip(before, saved.texts, strict=True)}
    texts: dict[int, str] = {}
    missing = []
    for index, hand in enumerate(game.hands):
        text = by_identity.get(id(hand))
        if text is None and index < len(before) and hand == before[index]:
            text = saved.texts[index]
        if text is None:
            missing.append(index)
        else:
            texts[index] = text
    texts.update(hand_texts(game, missing))
    kept = 0
    for old, new in zip(before, game.hands, strict=False):
        if old is not new and old != new:
            break
        kept += 1
    return dict(sorted(texts.items())), kept
