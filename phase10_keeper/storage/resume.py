"""The library's part that says who plays and what to resume: the roster of names, and
the game to open at launch."""

import sqlite3
from typing import TYPE_CHECKING

from phase10_keeper.rules.status import Status
from phase10_keeper.storage.messages import LibraryError
from phase10_keeper.storage.part import LibraryPart


class ResumeRows(LibraryPart):
    """The library's part that keeps the roster and the game to resume."""

    if TYPE_CHECKING:

        def _no_game(self, game_id: int) -> LibraryError: ...

        @staticmethod
        def _set_meta(database: sqlite3.Connection, values: dict[str, str]) -> None: ...

    def roster(self) -> list[str]:
        """Every player name known, the most games first (deleted games not counted), then
        the most recently played, then alphabetically.
        """
        with self._reading() as database:
            rows = database.execute(
                "SELECT players.name, COUNT(games.id), MAX(games.updated) FROM players "
                "LEFT JOIN game_players ON game_players.player_id = players.id "
                "LEFT JOIN games ON games.id = game_players.game_id "
                "AND games.deleted_at IS NULL "
                "GROUP BY players.id"
            ).fetchall()
        rows.sort(key=lambda row: row[0].casefold())
        rows.sort(key=lambda row: row[2] or "", reverse=True)
        rows.sort(key=lambda row: row[1], reverse=True)
        return [row[0] for row in rows]

    def last_open_game(self) -> int | None:
        """The game to resume on launch: the one open when the app last quit, unless it
        has been deleted or finished since."""
        with self._reading() as database:
            row = database.execute(
                "SELECT games.id FROM meta JOIN games ON games.id = CAST(meta.value AS INTEGER) "
                "WHERE meta.key = 'last_open_game' AND games.deleted_at IS NULL "
                "AND games.status != ?",
                (Status.FINISHED.value,),
            ).fetchone()
        return None if row is None else int(row[0])

    def last_changed_unfinished_game(self) -> int | None:
        """The unfinished game (not deleted) saved most recently, if any: `updated` is kept
        to the millisecond, so that two saves within one second still come in order."""
        with self._reading() as database:
            row = database.execute(
                "SELECT id FROM games WHERE deleted_at IS NULL AND status != ? "
                "ORDER BY updated DESC, id DESC LIMIT 1",
                (Status.FINISHED.value,),
            ).fetchone()
        return None if row is None else int(row[0])

    def set_last_open_game(self, game_id: int | None) -> None:
        """Remembers the game to resume at the next launch (None: none). Remembering the
        game remembered already writes nothing: every write is a commit synced to disk,
        and the app remembers the game each time it opens one."""
        with self._reading() as database:
            row = database.execute("SELECT value FROM meta WHERE key = 'last_open_game'").fetchone()
        if (None if row is None else row[0]) == (None if game_id is None else str(game_id)):
            return
        with self._writing(change=False) as database:
            if game_id is None:
                database.execute("DELETE FROM meta WHERE key = 'last_open_game'")
                return
            if database.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is None:
                raise self._no_game(game_id)
            self._set_meta(database, {"last_open_game": str(game_id)})
