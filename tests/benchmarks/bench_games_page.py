"""How fast the saved-games page and the start page first show a big library. Not a
test: run it.

    python tests/benchmarks/bench_games_page.py [--runs N]

For libraries of 2,000, 10,000 and 20,000 games: from creating the page until it has
painted, the games read from the library included.
- The saved-games page; the baseline is a plain QTableView over a QStandardItemModel
  filled with the same rows, read with one SQL query.
- The start page, offering the newest games to continue; the baselines are a plain
  QTableView of the same few games, read with one SQL query, and the start page of an
  empty library (what the page costs with no games to read).
Medians of N runs, interleaved.
"""

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from measure import library_of, row
from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QApplication, QTableView, QWidget

SIZE = (1100, 700)


def until_painted(widget: QWidget) -> None:
    painted: list[bool] = []

    class Watcher(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint:
                painted.append(True)
            return False

    watcher = Watcher()
    widget.installEventFilter(watcher)
    while not painted:
        QApplication.processEvents()
    widget.removeEventFilter(watcher)


PLAIN_ROWS = (
    "SELECT title, started, (SELECT group_concat(name, ', ') FROM game_players "
    "WHERE game_id = games.id), (SELECT COUNT(*) FROM hands WHERE game_id = games.id), "
    "status, winner FROM games WHERE deleted_at IS NULL {also} ORDER BY started DESC {limit}"
)


def plain_table(data_dir: Path, *, to_continue: int | None = None) -> float:
    """The plain table of every game; with `to_continue`, of that many newest games not
    finished."""
    import sqlite3

    from phase10_keeper.storage.library import LIBRARY_FILE

    started = time.perf_counter()
    connection = sqlite3.connect(data_dir / LIBRARY_FILE)
    if to_continue is None:
        query = PLAIN_ROWS.format(also="", limit="")
    else:
        query = PLAIN_ROWS.format(also="AND status != 'finished'", limit=f"LIMIT {to_continue}")
    rows = connection.execute(query).fetchall()
    connection.close()
    model = QStandardItemModel(len(rows), 6)
    for number, values in enumerate(rows):
        for column, value in enumerate(values):
            model.setItem(number, column, QStandardItem(str(value or "")))
    view = QTableView()
    view.setModel(model)
    view.resize(*SIZE)
    view.show()
    until_painted(view.viewport())
    elapsed = (time.perf_counter() - started) * 1000
    view.close()
    view.deleteLater()
    QApplication.processEvents()
    return elapsed


def games_page(data_dir: Path) -> float:
    from phase10_keeper.storage.library import Library
    from phase10_keeper.ui.library.games_view import GamesView
    from phase10_keeper.ui.prompts import Prompts

    with Library.open(data_dir) as library:
        started = time.perf_counter()
        view = GamesView(library, Prompts())
        view.resize(*SIZE)
        view.show()
        until_painted(view.table.viewport())
        elapsed = (time.perf_counter() - started) * 1000
        assert view.proxy.rowCount() > 0
        view.close()
        view.deleteLater()
        QApplication.processEvents()
    return elapsed


def start_page(data_dir: Path) -> float:
    from phase10_keeper.storage.library import Library
    from phase10_keeper.ui.library.start_view import StartView

    with Library.open(data_dir) as library:
        started = time.perf_counter()
        view = StartView()
        view.read_games(library)
        view.resize(*SIZE)
        view.show()
        until_painted(view)
        elapsed = (time.perf_counter() - started) * 1000
        view.close()
        view.deleteLater()
        QApplication.processEvents()
    return elapsed


def saved_games_figures(data_dir: Path, games: int, runs: int) -> None:
    plain, page = [], []
    games_page(data_dir)
    for _ in range(runs):
        plain.append(plain_table(data_dir))
        page.append(games_page(data_dir))
    print(f"saved-games page, {games:,} games, first show, median of {runs} runs:")
    baseline = statistics.median(plain)
    row("plain QTableView + QStandardItemModel", f"{baseline:.0f} ms")
    shown = statistics.median(page)
    row("saved-games page", f"{shown:.0f} ms", shown / baseline, "goal <= 2x")


def start_figures(data_dir: Path, empty_dir: Path, games: int, runs: int) -> None:
    from phase10_keeper.ui.library.start_view import RECENT_GAMES

    plain, empty, page = [], [], []
    start_page(data_dir)
    for _ in range(runs):
        plain.append(plain_table(data_dir, to_continue=RECENT_GAMES))
        empty.append(start_page(empty_dir))
        page.append(start_page(data_dir))
    print(f"start page, {games:,} games, first show, median of {runs} runs:")
    baseline = statistics.median(plain)
    row(f"plain QTableView of the {RECENT_GAMES} games to continue", f"{baseline:.0f} ms")
    alone = statistics.median(empty)
    row("start page of an empty library", f"{alone:.0f} ms")
    shown = statistics.median(page)
    row("start page", f"{shown:.0f} ms", shown / alone, "to the empty library's")
    row("", "", shown / baseline, "to the plain table's")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs of each case (default 5)")
    runs = parser.parse_args().runs
    _app = QApplication(sys.argv[:1])
    print(f"load {os.getloadavg()[0]:.2f}")
    from phase10_keeper.storage.library import Library

    with tempfile.TemporaryDirectory() as empty:
        Library.open(Path(empty)).close()
        for games in (2_000, 10_000, 20_000):
            with tempfile.TemporaryDirectory() as folder:
                data_dir = Path(folder)
                library_of(games, data_dir)
                saved_games_figures(data_dir, games, runs)
                start_figures(data_dir, Path(empty), games, runs)


if __name__ == "__main__":
    main()
