"""How fast the main window appears and reacts, with a long game open.

    python tests/benchmarks/bench_ui.py [--runs N] [--no-editing]
    xvfb-run -a python tests/benchmarks/bench_ui.py [--runs N]   (on an X server)

Without a display it runs on Qt's offscreen platform.

1. Start-up: a fresh process shows a bare QMainWindow with a QLabel, and another starts
   the app as `phase10-keeper` does, with a 200-hand game to reopen and the settings of a
   first start. Each is timed from the first line of the process to the window's first
   paint. The app shows its window before it opens the library, so its time to content
   is shown too: until the game page, with the game loaded and replayed, has painted;
   and its peak memory then, against the bare window's. Medians of N runs.
2. Recording: in a 200-hand game, the time from pressing Record to the score grid
   having repainted, saving to the library included; against repainting the grid alone.
3. Editing hand 1 of a 2,000-hand game (where the rules cap a game's hands, the
   longest game within the cap), until the grid has repainted (saving and the
   undo history included), and the memory the process holds over 100 such edits.
   (`--no-editing` leaves this out: before replays were linear it took many gigabytes.)
"""

import time

STARTED = time.perf_counter()
"""A child's clock starts here, on its first line: what it times imports what it needs
itself, as the app and the bare window would."""

import os  # noqa: E402
import sys  # noqa: E402

if "DISPLAY" not in os.environ:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

HANDS = 200
EDITS = 100


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


def _peak_memory() -> float:
    """The process's peak resident memory so far, in MiB."""
    with open("/proc/self/status") as status:
        return int(next(line.split()[1] for line in status if line.startswith("VmHWM:"))) / 1024


def _memory() -> float:
    """The process's resident memory now, in MiB."""
    with open("/proc/self/status") as status:
        return int(next(line.split()[1] for line in status if line.startswith("VmRSS:"))) / 1024


def child(kind: str, data_dir: str) -> None:
    if kind == "bare":
        from PySide6.QtWidgets import QApplication, QLabel, QMainWindow

        _app = QApplication(sys.argv[:1])
        window = QMainWindow()
        window.setCentralWidget(QLabel("Phase 10 Keeper"))
        window.resize(1360, 840)
        window.show()
        painted = _until_painted(window)
        print(f"{(painted - STARTED) * 1000:.1f} {_peak_memory():.1f}")
    else:
        os.environ["PHASE10_KEEPER_DATA_DIR"] = data_dir
        # What the `phase10-keeper` command runs, up to the event loop.
        import phase10_keeper.cli  # noqa: F401 - the command's module, imported first
        from phase10_keeper.first_start import app_module

        # The checks that Qt can open a window, then the app's module.
        app = app_module()
        assert app is not None
        app_window = app.start(sys.argv[:1])
        from PySide6.QtWidgets import QApplication

        painted = _until_painted(app_window)
        while app_window.game_view is None:
            QApplication.processEvents()
        filled = _until_painted(app_window.game_view)
        assert app_window.session is not None
        assert app_window.session.state.hands_played == HANDS
        print(
            f"{(painted - STARTED) * 1000:.1f} {(filled - STARTED) * 1000:.1f} {_peak_memory():.1f}"
        )
    sys.stdout.flush()
    os._exit(0)


if __name__ == "__main__" and sys.argv[1:2] == ["--child"]:
    child(sys.argv[2], sys.argv[3])

import statistics  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402
from pathlib import Path  # noqa: E402

from measure import hands_allowed, row  # noqa: E402


def long_game(hands: int = HANDS):
    from phase10_keeper.rules import Cards, Game, Hand, PlayerResult, build_rules

    players = (
        "Maximilian Alexander Featherstonehaugh",
        "Zoë",
        "Łukasz",
        "Priya",
        "Marcus",
        "Kwame",
    )
    game = Game(players=players, rules=build_rules(hands=hands + 100), title="Long game")
    for number in range(hands):
        out = players[number % len(players)]
        results = {
            name: PlayerResult(made=True)
            if name == out
            else PlayerResult(made=False, cards=Cards(low=7, high=2, wild=1))
            for name in players
        }
        game = game.with_hand_appended(Hand(went_out=out, results=results))
    return game


def startup(runs: int, data_dir: str, scratch: str) -> dict[str, float]:
    # An installed app has its bytecode compiled; the children may cache theirs (outside
    # the source tree) even where the environment forbids it, and a first run, not
    # counted, fills that cache. The app's settings (its window's place, its language) are
    # a first start's, not those of whoever runs the benchmark.
    environment = {
        name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"
    }
    environment["PYTHONPYCACHEPREFIX"] = str(Path(scratch) / "bytecode")
    environment["XDG_CONFIG_HOME"] = str(Path(scratch) / "settings")
    times: dict[str, list[float]] = {
        "bare": [],
        "window": [],
        "content": [],
        "bare memory": [],
        "content memory": [],
    }
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
                times["bare memory"].append(figures[1])
            else:
                times["window"].append(figures[0])
                times["content"].append(figures[1])
                times["content memory"].append(figures[2])
    return {kind: statistics.median(values) for kind, values in times.items()}


def recording(runs: int, data_dir: str) -> tuple[list[float], list[float]]:
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
    repaints = []
    for number in range(runs):
        started = time.perf_counter()
        view.grid.viewport().update()
        repaints.append((_until_painted(view.grid.viewport()) - started) * 1000)
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
    return latencies, repaints


def editing(data_dir: str, long_hands: int) -> tuple[list[float], float, float]:
    """Edits hand 1 of a long game again and again: each edit's time until the grid has
    repainted, and the memory held after 10 edits and after EDITS more."""
    from PySide6.QtWidgets import QApplication

    from phase10_keeper.rules import Cards, Hand, PlayerResult
    from phase10_keeper.storage.library import Library
    from phase10_keeper.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    library = Library.open(Path(data_dir))
    library.set_last_open_game(library.add_game(long_game(long_hands)))
    window = MainWindow(library)
    window.show()
    _until_painted(window)
    view = window.game_view
    assert view is not None
    first = view.session.game.hands[0]
    other = Hand(
        went_out=first.went_out,
        results={
            name: result if name == first.went_out else PlayerResult(False, Cards(low=8, high=2))
            for name, result in first.results.items()
        },
    )
    latencies = []
    held_after_ten = 0.0
    for number in range(10 + EDITS):
        if number == 10:
            held_after_ten = _memory()
        started = time.perf_counter()
        view.session.replace_hand(0, other if number % 2 == 0 else first)
        latencies.append((_until_painted(view.grid.viewport()) - started) * 1000)
    held_after_all = _memory()
    assert view.session.undo_stack.count() == 10 + EDITS
    window.close()
    library.close()
    app.processEvents()
    return latencies, held_after_ten, held_after_all


def main() -> int:
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 7
    from phase10_keeper.storage.library import Library

    with tempfile.TemporaryDirectory() as data_dir, tempfile.TemporaryDirectory() as scratch:
        library = Library.open(Path(data_dir))
        library.set_last_open_game(library.add_game(long_game()))
        library.close()
        medians = startup(runs, data_dir, scratch)
        print(f"start-up to first paint, median of {runs} runs:")
        bare = medians["bare"]
        row("bare QMainWindow + QLabel", f"{bare:.0f} ms")
        row("app window", f"{medians['window']:.0f} ms", medians["window"] / bare, "goal <= 1.3x")
        row(
            f"app, {HANDS}-hand game painted",
            f"{medians['content']:.0f} ms",
            medians["content"] / bare,
            "goal <= 2x",
        )
        row("peak memory, bare window", f"{medians['bare memory']:.0f} MiB")
        row(
            "peak memory, app at its content",
            f"{medians['content memory']:.0f} MiB",
            medians["content memory"] / medians["bare memory"],
            "goal <= 1.3x",
        )
        latencies, repaints = recording(runs * 3, data_dir)
    print(f"recording a hand in a {HANDS}-hand game until the grid has repainted:")
    repaint = statistics.median(repaints)
    row("repainting the grid alone, median", f"{repaint:.1f} ms")
    recorded = statistics.median(latencies)
    row("recording, saving and repainting, median", f"{recorded:.1f} ms", recorded / repaint)
    row("recording, worst", f"{max(latencies):.1f} ms", None, "goal: median <= 5 ms")
    if "--no-editing" in sys.argv:
        return 0
    with tempfile.TemporaryDirectory() as data_dir:
        long_hands = hands_allowed(2_000)
        edits, held_before, held_after = editing(data_dir, long_hands)
    print(f"editing hand 1 of a {long_hands:,}-hand game until the grid has repainted:")
    edited = statistics.median(edits)
    row("edit, median", f"{edited:.1f} ms", None, "goal <= 100 ms")
    row("edit, worst", f"{max(edits):.1f} ms")
    row("memory held after 10 edits", f"{held_before:.0f} MiB")
    row(
        f"memory held after {EDITS} more",
        f"{held_after:.0f} MiB",
        held_after / held_before,
        "goal: flat",
    )
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
