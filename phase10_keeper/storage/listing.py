"""The library's part that lists its games, each checked as strictly as a game file is
read, leaving out and naming the damaged ones (see storage.readback)."""

import sqlite3
from collections.abc import Sequence
from heapq import nlargest
from typing import NamedTuple

from phase10_keeper.rules.status import Status
from phase10_keeper.storage.messages import GameDamaged
from phase10_keeper.storage.part import LibraryPart
from phase10_keeper.storage.readback import (
    SUMMARY_COLUMNS,
    damaged_game,
    damaged_hands,
    fetch_all,
    is_text,
    summary_problem,
)
from phase10_keeper.storage.summary import (
    GameSummary,
    listing_order,
    played_order,
    stored_values_problem,
)

_VOUCHED = (
    "EXISTS (SELECT 1 FROM game_records "
    "WHERE game_records.game_id = games.id AND game_records.revision = games.revision)"
)
"""Whether a kept record vouches for the game's rows (see `_hands_damage`)."""

_REVISIONS = f"SELECT id, revision, {_VOUCHED} FROM games"
"""Each game's id and revision, and whether a kept record vouches for its rows."""

_LIVE_VOUCHED = (
    f"SELECT id, started, created, revision, title, {_VOUCHED} FROM games WHERE deleted_at IS NULL"
)
"""The games not deleted, with what orders them, their revision and title, and whether a
kept record vouches for their rows."""

_ALL_VOUCHED = (
    "SELECT (SELECT COUNT(*) FROM games) = (SELECT COUNT(*) FROM games JOIN game_records "
    "ON game_records.game_id = games.id AND game_records.revision = games.revision)"
)
"""Whether a kept record vouches for every game's rows (`_VOUCHED` of each): counted
from the records' index of revisions, as a game has one record at most, without reading
the records themselves."""

_NEWEST_UNFINISHED = (
    "SELECT played_at, id FROM games WHERE played_at IS NOT NULL AND deleted_at IS NULL "
    f"AND status != '{Status.FINISHED.value}' ORDER BY played_at DESC, id DESC LIMIT ?"
)
"""The newest games not deleted nor finished whose moment in the listing's order is kept
(see summary.fixed_moment), as that order's keys, newest first: read from an index."""

_LOOSE_UNFINISHED = (
    "SELECT id, started, created FROM games WHERE played_at IS NULL AND deleted_at IS NULL "
    f"AND status != '{Status.FINISHED.value}'"
)
"""The games not deleted nor finished whose moment is not kept (it hangs on the time
zone), with what orders them."""


class LiveGame(NamedTuple):
    """A game not deleted, as the statistics need it."""

    id: int
    revision: int
    title: str
    played: str
    """When it was played: its start, else when it entered the library (a game file
    need not say when it started)."""


class ListingRows(LibraryPart):
    """The library's part that lists its games."""

    _damaged: dict[int, GameDamaged]
    """Every damaged game this connection has met, by id."""
    _hands_checked: dict[int, tuple[int, str | None]]
    """Per game, the revision its hands were last checked at (reading every hand) and
    the damage found then: every write of a game's hands gives it a new revision, so
    a game's hands are checked again only when it changed."""
    _rules_checked: dict[object, str | None]
    """The damage found in each stored rules text (most games share a few)."""

    def damaged_games(self) -> list[GameDamaged]:
        """Every damaged game this connection has met, by id: each was left out of the
        lists, or refused when loaded."""
        return [self._damaged[game_id] for game_id in sorted(self._damaged)]

    def _damaged_game(self, damage: GameDamaged) -> GameDamaged:
        self._damaged[damage.game_id] = damage
        return damage

    def list_games(self, player: str | None = None, *, deleted: bool = False) -> list[GameSummary]:
        """The games, newest first; only those with a player whose name contains `player`
        (ignoring case); with `deleted`, the deleted games instead of the others. A
        damaged game is left out, and named by `damaged_games`.
        """
        with self._reading() as database:
            summaries = self._summaries(database, "(deleted_at IS NOT NULL) = ?", (deleted,))
        if player is not None:
            from phase10_keeper.rules import name_key

            needle = name_key(player)
            summaries = [
                game for game in summaries if any(needle in name_key(name) for name in game.players)
            ]
        summaries.sort(key=listing_order, reverse=True)
        return summaries

    def games_to_continue(self, count: int) -> list[GameSummary]:
        """The `count` newest games not finished (nor deleted), newest first, as
        `list_games` lists them. Where a kept record vouches for every game (see
        `_hands_damage`), only those games' rows are read: the start page of a club's ten
        thousand games shows as fast as an empty library's. Else every game is checked,
        and the damaged ones named by `damaged_games`."""
        with self._reading() as database:
            (all_vouched,) = database.execute(_ALL_VOUCHED).fetchone()
            if all_vouched:
                kept = database.execute(_NEWEST_UNFINISHED, (count,)).fetchall()
                loose = database.execute(_LOOSE_UNFINISHED).fetchall()
                newest = nlargest(count, [*kept, *(played_order(*row) for row in loose)])
                chosen = [game_id for _, game_id in newest]
                marks = ", ".join("?" * len(chosen))
                listed = self._summaries(database, f"id IN ({marks})", chosen, checked=False)
            else:
                listed = None
        if listed is None:
            listed = [game for game in self.list_games() if game.status is not Status.FINISHED]
        listed.sort(key=listing_order, reverse=True)
        return listed[:count]

    def game_titles(self) -> list[str]:
        """The titles of the games not deleted, for a new game's title to differ from:
        a damaged game's title too, where it is text; read without the checks of a
        listing, which a title needs none of."""
        with self._reading() as database:
            rows = fetch_all(database, "SELECT title FROM games WHERE deleted_at IS NULL")
        return [title for (title,) in rows if is_text(title)]

    def _summaries(
        self,
        database: sqlite3.Connection,
        which: str,
        parameters: Sequence[object],
        *,
        checked: bool = True,
    ) -> list[GameSummary]:
        """The games `which` (an SQL condition on `games`) picks, in no order, each
        checked unless a kept record vouches for it; a damaged one is left out and named
        by `damaged_games`. Without `checked`, the caller has found that records vouch for
        every game in this transaction."""
        rows = fetch_all(
            database,
            f"SELECT {SUMMARY_COLUMNS}, rules, seating FROM games WHERE {which}",
            parameters,
        )
        seated: dict[int, list[str]] = {}
        for game_id, name in fetch_all(
            database,
            "SELECT game_id, name FROM game_players WHERE game_id IN "
            f"(SELECT id FROM games WHERE {which}) ORDER BY game_id, seat",
            parameters,
        ):
            if game_id in seated:
                seated[game_id].append(name)
            else:
                seated[game_id] = [name]
        hands_damage, vouched = self._hands_damage(database) if checked else ({}, set())
        statuses = {status.value: status for status in Status}
        summaries = []
        for *row, rules, seating in rows:
            game_id, title, started, finished, created, status, winner, deleted_at = row[:8]
            players = seated.get(game_id, ())
            if checked and game_id not in vouched:
                column = hands_damage.get(game_id) or self._row_problem(
                    row, players, rules, seating
                )
                if column is not None:
                    self._damaged_game(damaged_game(game_id, column))
                    continue
            summaries.append(
                GameSummary(
                    game_id,
                    title,
                    started,
                    finished,
                    tuple(players),
                    row[9],
                    statuses[status],
                    winner,
                    created=created,
                    deleted=deleted_at,
                    uid=row[14],
                    conflict_of=row[15],
                )
            )
        return summaries

    def _row_problem(
        self, row: list[object], players: Sequence[str], rules: object, seating: object
    ) -> str | None:
        """The column of the game's row, players, rules or seating whose value is not as
        the app writes it, if any."""
        column = summary_problem(row, players)
        if column is None and seating is not None:
            return stored_values_problem(rules, seating, players)
        if column is None:
            # Most games share a few rules texts, whose check is the same for each.
            if rules not in self._rules_checked:
                self._rules_checked[rules] = stored_values_problem(rules, None, players)
            return self._rules_checked[rules]
        return column

    def _hands_damage(self, database: sqlite3.Connection) -> tuple[dict[int, str], set[int]]:
        """The games whose hands are damaged, by id; and the games vouched for by their
        kept statistics record, whose rows are as they were when the record was made from
        them, checked (any change to them drops it: see storage.kept_records), and need
        no check now. The hands of games whose revision is the one they were checked at
        are not read again either. All games are checked at once, deleted or not: the
        saved-games page lists both."""
        checked = self._hands_checked
        revisions = []
        vouched = set()
        for game_id, revision, recorded in database.execute(_REVISIONS):
            if recorded:
                vouched.add(game_id)
            else:
                revisions.append((game_id, revision))
        unchecked = [
            game_id
            for game_id, revision in revisions
            if game_id not in checked or checked[game_id][0] != revision
        ]
        found = damaged_hands(
            database, None if not vouched and len(unchecked) == len(revisions) else unchecked
        )
        revision_of = dict(revisions)
        for gone in checked.keys() - revision_of.keys():
            del checked[gone]
        for game_id in unchecked:
            revision = revision_of[game_id]
            if isinstance(revision, int):
                checked[game_id] = (revision, found.get(game_id))
        damaged = {
            game_id: damage for game_id, (_, damage) in checked.items() if damage is not None
        }
        return damaged | found, vouched

    def live_revisions(self) -> list[tuple[int, int]]:
        """The id and revision of every game that is not deleted, oldest first. A game's
        revision changes whenever it is saved, so it tells whether a copy is current."""
        return [(game.id, game.revision) for game in self.live_games()]

    def live_games(self) -> list[LiveGame]:
        """Every game that is not deleted, oldest first: its id, revision and title, and
        when it was played.

        Where a kept record vouches for every game (see `_hands_damage`), nothing need be
        checked, and nothing else read: the statistics of ten thousand games start here.
        Else they are those of `live_listing`, each game checked."""
        with self._reading() as database:
            rows = fetch_all(database, _LIVE_VOUCHED)
        if all(vouched for *_, vouched in rows):
            rows.sort(key=lambda row: played_order(*row[:3]))
            return [
                LiveGame(game_id, revision, title, started or created)
                for game_id, started, created, revision, title, _ in rows
            ]
        return [
            LiveGame(game.id, revision, game.title, game.started or game.created)
            for game, revision in self.live_listing()
        ]

    def live_listing(self) -> list[tuple[GameSummary, int]]:
        """Every game that is not deleted, with its revision, oldest first: what
        `list_games` and `live_revisions` say, read once."""
        with self._reading() as database:
            revisions: dict[int, object] = dict(
                database.execute("SELECT id, revision FROM games WHERE deleted_at IS NULL")
            )
        live = []
        for game in reversed(self.list_games()):
            revision = revisions.get(game.id)
            if isinstance(revision, int):
                live.append((game, revision))
            elif game.id in revisions:
                self._damaged_game(damaged_game(game.id, "revision"))
        return live
