"""How fast the saved-games page first shows a big library. Not a test: run it.

    python tests/benchmarks/bench_games_page.py [--runs N]

For libraries of 2,000, 10,000 and 20,000 games: from creating the page until its table has
painted, the games read from the library included. The baseline is a plain QTableView
over a QStandardItemModel filled with the same rows, read with one SQL query. Medians
of N runs, interleaved.
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


def plain_table(data_dir: Path) -> float:
    import sqlite3

    from phase10_keeper.storage.library import LIBRARY_FILE

    started = time.perf_counter()
    connection = sqlite3.connect(data_dir / LIBRARY_FILE)
    rows = connection.execute(
        "SELECT title, started, (SELECT group_concat(name, ', ') FROM game_players "
        "WHERE game_id = games.id), (SELECT COUNT(*) FROM hands WHERE game_id = games.id), "
        "status, winner FROM games WHERE deleted_at IS NULL ORDER BY started DESC"
    ).fetchall()
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs of each case (default 5)")
    runs = parser.parse_args().runs
    _app = QApplication(sys.argv[:1])
    for games in (2_000, 10_000, 20_000):
        with tempfile.TemporaryDirectory() as folder:
            data_dir = Path(folder)
            library_of(games, data_dir)
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


if __name__ == "__main__":
    main()
