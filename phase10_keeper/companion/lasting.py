"""The table's sharing kept with its game in the library, so that it outlives the
process: the app or `serve` started again on the game serves the same links and the
entries typed on phones, until the keeper stops sharing, the game is finished, or 12
hours pass without a change (storage.sharing keeps it, and says how long it lasts).

Every change at the table is written from the writer's own thread, after the phones are
told of it: neither the phones' event loop nor the window waits for the disk. Only the
phone that sent a change waits, in its answer, until the change is kept (`kept`).
"""

from datetime import UTC, datetime
from typing import TYPE_CHECKING

from phase10_keeper.companion.table import Saver, Table
from phase10_keeper.rules import Game
from phase10_keeper.storage.sharing import SharingWriter

if TYPE_CHECKING:
    from phase10_keeper.storage.library import Library


class LastingSharing:
    """Keeps `table`'s sharing with game `game_id` of the library while it changes."""

    def __init__(self, table: Table, library: "Library", game_id: int) -> None:
        self.table = table
        self._forgotten = False
        self._writer = SharingWriter(library.path, game_id, self._text)
        table.listen(self._changed)
        if not table.keys.restored:
            # New keys: kept at once, so a restart before anything is typed keeps them.
            self._writer.changed()

    def _text(self) -> str | None:
        return None if self._forgotten else self.table.sharing_text()

    def _changed(self, _revision: int) -> None:
        self._writer.changed()

    def kept(self, timeout: float) -> bool:
        """Waits until every change so far is written, at most `timeout` seconds; False if
        it was not."""
        return self._writer.flush(timeout)

    def forget(self) -> None:
        """The keeper stops sharing: the links end with the server, and a new start
        makes new ones."""
        self._forgotten = True
        self._writer.changed()

    @property
    def lasts(self) -> bool:
        """Whether the links outlive this process: not stopped, and the game not over."""
        return not self._forgotten and not self.table.snapshot().state.is_over

    def close(self) -> None:
        """Writes what is waiting; the sharing stays kept for the next start."""
        self.table.unlisten(self._changed)
        self._writer.close()


def lasting_table(
    library: "Library", game_id: int, game: Game, save: Saver | None = None
) -> tuple[Table, LastingSharing]:
    """The table of game `game_id`, with the sharing kept with it (if any still lasts and
    the game is not finished), and what keeps its sharing from now on."""
    kept = library.kept_sharing(game_id, datetime.now(UTC))
    table = Table(game, save, kept)
    return table, LastingSharing(table, library, game_id)
