"""The library's part that keeps each game's statistics record beside the game (see
storage.kept_records, which makes and reads them)."""

from collections.abc import Sequence
from typing import TYPE_CHECKING

from phase10_keeper.storage.part import LibraryPart
from phase10_keeper.storage.rows import Saved

if TYPE_CHECKING:
    from phase10_keeper.rules import Game, Replay

_KEPT = "SELECT game_id, revision, record FROM game_records WHERE format = ?"
"""Each record kept in this version's format. Whether it is JSON is found as it is
decoded: sqlite's own check would read every text once more."""


class RecordRows(LibraryPart):
    """The library's part that reads and keeps the games' records."""

    read_only: bool
    _saved: dict[int, Saved]

    def kept_records(self) -> dict[int, tuple[int, str]]:
        """The kept record of every game, by game id: the revision it was made at and its
        text (a text that is not UTF-8 is left out; one that is not JSON is not a record
        either, which reading it finds)."""
        from phase10_keeper.stats import RECORD_FORMAT

        with self._reading() as database:
            database.text_factory = bytes
            try:
                rows = database.execute(_KEPT, (RECORD_FORMAT,)).fetchall()
            finally:
                database.text_factory = str
        kept = {}
        for game_id, revision, text in rows:
            try:
                kept[game_id] = (revision, text.decode("utf-8"))
            except (AttributeError, UnicodeDecodeError):
                continue
        return kept

    def keep_records(self, rows: Sequence[tuple[int, int, str]]) -> None:
        """Keeps records made by replaying games, as (game id, revision, text): each only
        while its game is still at that revision. Not a change of any game, and not kept
        at all in a library opened only to read."""
        if self.read_only or not rows:
            return
        from phase10_keeper.stats import RECORD_FORMAT

        with self._writing(change=False) as database:
            database.executemany(
                "INSERT OR REPLACE INTO game_records (game_id, revision, format, record) "
                "SELECT id, revision, ?, ? FROM games WHERE id = ? AND revision = ?",
                [(RECORD_FORMAT, text, game_id, revision) for game_id, revision, text in rows],
            )

    def take_replay(self, game_id: int, game: "Game", replayed: "Replay") -> None:
        """Keeps `replayed`, the replay of `game` as this connection last read it, and
        the game's statistics record made from it now: the next save then counts only
        the hands recorded since, as every later save does (counting all the hands of a
        200-hand game again took the first hand recorded after opening it 1.5 ms). Kept
        only for the game object `load_game` returned, before anything saved it."""
        saved = self._saved.get(game_id)
        if saved is None or saved.game is not game or saved.replayed is not None:
            return
        from phase10_keeper.stats.players import game_record

        record = game_record(replayed.final)
        self._saved[game_id] = saved._replace(replayed=replayed, record=record)
