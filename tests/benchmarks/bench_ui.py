"""How fast the main window appears and reacts, with a long game open.

    python tests/benchmarks/bench_ui.py [--runs N]

1. Start-up: a fresh process shows a bare QMainWindow, and another starts the app as
   `phase10-keeper` does, with a 200-hand game to reopen. Each is timed from the first
   line of the process to the window's first paint. The app shows its window before it
   opens the library, so its time to content is shown too: until the game page, with
   the game loaded and replayed, has painted. Medians of N runs.
2. Recording: in a 200-hand game, the time from pressing Record to the score grid
   having repainted, saving to the library included.
"""

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

STARTED = time.perf_counter()
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

HANDS = 200
FRAME_MS = 1000 / 60


def long_game():
    from phase10_keeper.rules import Cards, Game, Hand, PlayerResult, build_rules

    players = (
        "Maximilian Alexander Featherstonehaugh",
        "Zoë",
        "Łukasz",
        "Priya",
        "Marcus",
        "Kwame",
    )
    game = Game(players=players, rules=build_rules(hands=HANDS + 100), title="Long game")
    for number in range(HANDS):
        out = players[number % len(players)]
        results = {
            name: PlayerResult(made=True)
            if name == out
            else PlayerResult(made=False, cards=Cards(low=7, high=2, wild=1))
            for name in players
        }
        game = game.with_hand_appended(Hand(went_out=out, results=results))
    return game


def _until_painted(widget) -> float:
    """Processes events until `widget` has painted; returns when that happened."""
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtWidgets import QApplication

    painted: list[float] = []

    class Watcher(QObject):
        def eventFilter(self, watched, event):
            if event.type() == QEvent.Type.Paint and not painted:
                painted.append(time.perf_counter())
            return False

    watcher = Watcher()
    widget.installEventFilter(watcher)
    while not painted:
        QApplication.processEvents()
    widget.removeEventFilter(watcher)
    return painted[0]


def child(kind: str, data_dir: str) -> None:
    from PySide6.QtWidgets import QApplication, QMainWindow

    _app = QApplication(sys.argv[:1])
    if kind == "bare":
        window = QMainWindow()
        window.resize(1360, 840)
        window.show()
        painted = _until_painted(window)
        print(f"{(painted - STARTED) * 1000:.1f}")
    else:
        os.environ["PHASE10_KEEPER_DATA_DIR"] = data_dir
        from phase10_keeper.ui.app import launch

        app_window = launch()
        painted = _until_painted(app_window)
        while app_window.game_view is None:
            QApplication.processEvents()
        filled = _until_painted(app_window.game_view)
        assert app_window.session is not None
        assert app_window.session.state.hands_played == HANDS
        print(f"{(painted - STARTED) * 1000:.1f} {(filled - STARTED) * 1000:.1f}")
    sys.stdout.flush()
    os._exit(0)


def startup(runs: int, data_dir: str, bytecode_dir: str) -> dict[str, float]:
    # An installed app has its bytecode compiled; the children may cache theirs (outside
    # the source tree) even where the environment forbids it, and a first run, not
    # counted, fills that cache.
    environment = {
        name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"
    }
    environment["PYTHONPYCACHEPREFIX"] = bytecode_dir
    times: dict[str, list[float]] = {"bare": [], "window": [], "content": []}
    for run in range(runs + 1):
        for kind in ("bare", "app"):
            output = subprocess.run(
                [sys.executable, __file__, "--child", kind, data_dir],
                check=True,
                capture_output=True,
                text=True,
                env=environment,
            ).stdout
            if run == 0:
                continue
            figures = [float(figure) for figure in output.strip().splitlines()[-1].split()]
            if kind == "bare":
                times["bare"].append(figures[0])
            else:
                times["window"].append(figures[0])
                times["content"].append(figures[1])
    return {kind: statistics.median(values) for kind, values in times.items()}


def recording(runs: int, data_dir: str) -> list[float]:
    from PySide6.QtWidgets import QApplication

    from phase10_keeper.rules import CardKind
    from phase10_keeper.storage.library import Library
    from phase10_keeper.ui.main_window import MainWindow

    app = QApplication(sys.argv[:1])
    library = Library.open(Path(data_dir))
    window = MainWindow(library)
    window.show()
    _until_painted(window)
    view = window.game_view
    assert view is not None
    latencies = []
    for number in range(runs):
        form = view.form
        assert form.draft is not None
        names = form.draft.participants
        form.draft.set_went_out(names[number % len(names)])
        form.draft.set_count(names[(number + 1) % len(names)], CardKind.HIGH, 3)
        started = time.perf_counter()
        form.submit()
        painted = _until_painted(view.grid.viewport())
        latencies.append((painted - started) * 1000)
    assert view.session.state.hands_played == HANDS + runs
    library.close()
    app.processEvents()
    return latencies


def main() -> int:
    if sys.argv[1:2] == ["--child"]:
        child(sys.argv[2], sys.argv[3])
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 7
    from phase10_keeper.storage.library import Library

    with tempfile.TemporaryDirectory() as data_dir, tempfile.TemporaryDirectory() as bytecode:
        library = Library.open(Path(data_dir))
        library.set_last_open_game(library.add_game(long_game()))
        library.close()
        medians = startup(runs, data_dir, bytecode)
        print(f"start-up to first paint, median of {runs} runs:")
        bare = medians["bare"]
        print(f"  bare QMainWindow                     {bare:7.1f} ms")
        print(f"  app window                           {medians['window']:7.1f} ms")
        print(f"  ratio                                {medians['window'] / bare:7.2f}")
        print(f"  app, {HANDS}-hand game painted         {medians['content']:7.1f} ms")
        print(f"  ratio                                {medians['content'] / bare:7.2f}")
        latencies = recording(runs * 3, data_dir)
    print(f"recording a hand in a {HANDS}-hand game until the grid has repainted:")
    print(
        f"  median {statistics.median(latencies):.1f} ms, worst {max(latencies):.1f} ms "
        f"(one frame at 60 Hz is {FRAME_MS:.1f} ms)"
    )
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
