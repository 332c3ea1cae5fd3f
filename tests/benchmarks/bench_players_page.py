"""How fast the Players page shows a big library. Not a test: run it.

    python tests/benchmarks/bench_players_page.py [--games N] [--runs N]

On a library of N games (10,000 unless told; one in eight finished, others ended in a
tie to break or still going), from creating the page until its tables have painted,
the library read and the statistics made included:
- as the app leaves the library, with each game's statistics record kept as it was saved;
- once, in a library an earlier version kept, with no record kept yet (every game
  replayed, and its record kept);
- read again while the library stays open, as when the user comes back to the page.
The baseline is a plain QTableView over a QStandardItemModel for each of the page's two
tables, holding the same rows (every player with their games, wins and hands; the first
player's games with their dates and titles), read with one SQL query each. Medians of N
runs, interleaved, each begun with the cycle collector's full pass: a page deleted is
freed by that pass alone (its charts hold its methods, a cycle), and whichever run came
next, the baseline's too, would pay for freeing the last one's statistics.
"""

import argparse
import gc
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from measure import forget_records, library_of, row
from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QApplication, QSplitter, QTableView, QWidget

SIZE = (1100, 700)


def until_painted(*widgets: QWidget) -> None:
    """Lets the event loop run until each widget has painted."""
    painted: set[QObject] = set()

    class Watcher(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint:
                painted.add(watched)
            return False

    watcher = Watcher()
    for widget in widgets:
        widget.installEventFilter(watcher)
    while len(painted) < len(widgets):
        QApplication.processEvents()
    for widget in widgets:
        widget.removeEventFilter(watcher)


def deleted() -> None:
    """Deletes the widgets closed: outside an event loop, `processEvents` leaves them be,
    and every page of every run would stay, for each collector's pass to search."""
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


HANDS = "(SELECT COUNT(*) FROM hands WHERE hands.game_id = games.id)"
PLAYERS = (
    f"SELECT game_players.name, COUNT(*), SUM(games.winner = game_players.name), SUM({HANDS}) "
    "FROM game_players JOIN games ON games.id = game_players.game_id "
    "WHERE games.deleted_at IS NULL GROUP BY game_players.name ORDER BY 3 DESC, 1"
)
GAMES_OF = (
    f"SELECT games.started, games.title, game_players.seat, {HANDS}, games.status "
    "FROM games JOIN game_players ON game_players.game_id = games.id "
    "WHERE games.deleted_at IS NULL AND game_players.name = ? ORDER BY games.started DESC"
)


def plain_model(rows: list[tuple[object, ...]]) -> QStandardItemModel:
    model = QStandardItemModel(len(rows), len(rows[0]) if rows else 0)
    for number, values in enumerate(rows):
        for column, value in enumerate(values):
            model.setItem(number, column, QStandardItem(str(value or "")))
    return model


def plain_tables(data_dir: Path) -> float:
    import sqlite3

    from phase10_keeper.storage.library import LIBRARY_FILE

    gc.collect()
    started = time.perf_counter()
    connection = sqlite3.connect(data_dir / LIBRARY_FILE)
    players = connection.execute(PLAYERS).fetchall()
    games = connection.execute(GAMES_OF, (players[0][0],)).fetchall()
    connection.close()
    splitter = QSplitter()
    tables = []
    for rows in (players, games):
        view = QTableView()
        view.setModel(plain_model(rows))
        splitter.addWidget(view)
        tables.append(view)
    splitter.resize(*SIZE)
    splitter.show()
    until_painted(*(view.viewport() for view in tables))
    elapsed = (time.perf_counter() - started) * 1000
    splitter.close()
    splitter.deleteLater()
    deleted()
    return elapsed


def players_page(data_dir: Path, *, records_kept: bool) -> float:
    from phase10_keeper.storage.library import Library
    from phase10_keeper.ui.players.players_view import PlayersView
    from phase10_keeper.ui.prompts import Prompts

    if not records_kept:
        forget_records(data_dir)
    with Library.open(data_dir) as library:
        gc.collect()
        started = time.perf_counter()
        view = PlayersView(library, Prompts())
        view.refresh()
        view.resize(*SIZE)
        view.show()
        until_painted(view.table.viewport(), view.player_page.games.viewport())
        elapsed = (time.perf_counter() - started) * 1000
        assert view.proxy.rowCount() > 0
        assert view.player_page.games_model.rowCount() > 0
        view.close()
        view.deleteLater()
        deleted()
    return elapsed


def players_page_again(data_dir: Path) -> float:
    """The page shown, then read again with the library still open (as when the user
    comes back to it): from `refresh` until the events it queued have run."""
    from phase10_keeper.storage.library import Library
    from phase10_keeper.ui.players.players_view import PlayersView
    from phase10_keeper.ui.prompts import Prompts

    with Library.open(data_dir) as library:
        view = PlayersView(library, Prompts())
        view.refresh()
        view.resize(*SIZE)
        view.show()
        until_painted(view.table.viewport(), view.player_page.games.viewport())
        gc.collect()
        started = time.perf_counter()
        view.refresh()
        # Whatever it changed painted (with nothing changed, nothing need paint).
        QApplication.processEvents()
        elapsed = (time.perf_counter() - started) * 1000
        view.close()
        view.deleteLater()
        deleted()
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="games (default 10,000)")
    parser.add_argument("--runs", type=int, default=3, help="runs of each case (default 3)")
    options = parser.parse_args()
    games, runs = options.games, options.runs
    _app = QApplication(sys.argv[:1])
    with tempfile.TemporaryDirectory() as folder:
        data_dir = Path(folder)
        library_of(games, data_dir, finished=True)
        plain, first, kept, again = [], [], [], []
        players_page(data_dir, records_kept=True)
        for _ in range(runs):
            plain.append(plain_tables(data_dir))
            first.append(players_page(data_dir, records_kept=False))
            kept.append(players_page(data_dir, records_kept=True))
            again.append(players_page_again(data_dir))
        print(
            f"Players page, {games:,} games, median of {runs} runs (load {os.getloadavg()[0]:.2f}):"
        )
        baseline = statistics.median(plain)
        row("plain QTableViews + QStandardItemModels", f"{baseline:.0f} ms")
        shown = statistics.median(first)
        row(
            "Players page, once after an upgrade: no records kept",
            f"{shown:.0f} ms",
            shown / baseline,
        )
        shown = statistics.median(kept)
        row(
            "Players page, records kept as the games were saved",
            f"{shown:.0f} ms",
            shown / baseline,
            "goal <= 1 s and <= 2x",
        )
        shown = statistics.median(again)
        row(
            "Players page read again, library open",
            f"{shown:.0f} ms",
            shown / baseline,
            "goal <= 0.3 s",
        )


if __name__ == "__main__":
    main()
