"""How fast the main window appears and reacts, with a long game open.

    python tests/benchmarks/bench_ui.py [--runs N] [--no-editing]

Start-up is measured on Qt's offscreen platform and, under `xvfb-run -a` (started by
the script itself where there is no X display and xvfb-run is installed), on an X
server too. The rest runs on the X display if there is one, else offscreen.

1. Start-up: a fresh process shows a bare QMainWindow with a QLabel, and another starts
   the app exactly as the `phase10-keeper` command does (`cli.main`: the hold on the
   library, the hand-over to an app already running on the folder, the waker for
   SIGTERM), with a 200-hand game to reopen and the settings of a first start. Each is
   timed from the first line of the process to the window's first paint; on X also
   from the process's launch until the window's pixels are on the X server's screen, as
   someone looking at it (or a script polling the screen) sees it. The app shows its
   window before it opens the library, so its time to content is shown too: until the
   game page, with the game loaded and replayed, has painted; and its peak memory then,
   against the bare window's. Medians of N runs, each pair run one after the other,
   with the machine's load average.
2. Recording: in a 200-hand game, drawn in the app's own style, the time from pressing
   Record to the score grid having repainted, saving to the library included (its sync
   to disk follows the frame, as in the app, and is run between hands, untimed);
   against repainting the grid alone. The hand is in the form's fields (one player
   went out, each other holds cards), and Enter is pressed in the last player's field,
   as a keeper who typed the hand does; the keys go to the first field for the next
   hand. Hands one after another, then each after a pause (as at a table, where a hand
   finds the processor's caches holding other things); in the light colours, and at
   once in the dark ones too, where the style is wrapped for contrast.
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
PAUSE = 0.2
"""Seconds between one hand drawn and the next typed, in the second run of recording:
at a table, minutes."""


def _until_painted(widget) -> float:
    """Processes events until `widget` has painted; returns when its paint began."""
    return _until_repainted(widget)[0]


def _until_repainted(widget) -> tuple[float, float]:
    """Processes events until `widget` has painted: when its paint began, and when the
    pass of the event loop that painted it was done (the paint drawn, and whatever else
    that pass did)."""
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
    done = time.perf_counter()
    widget.removeEventFilter(watcher)
    return painted[0], done


def _after_the_frame() -> None:
    """Runs what the pass that drew a change left for after it, the library's sync to
    disk among it, as the app's event loop does at once: after the change is on screen,
    so outside the time measured, and not left to run inside the next hand's."""
    from PySide6.QtWidgets import QApplication

    QApplication.processEvents()


def _peak_memory() -> float:
    """The process's peak resident memory so far, in MiB."""
    with open("/proc/self/status") as status:
        return int(next(line.split()[1] for line in status if line.startswith("VmHWM:"))) / 1024


def _memory() -> float:
    """The process's resident memory now, in MiB."""
    with open("/proc/self/status") as status:
        return int(next(line.split()[1] for line in status if line.startswith("VmRSS:"))) / 1024


def _at_first_paint(widget, then) -> None:
    """Calls `then()` as `widget` first paints. The filter is on the widget alone: one on
    the application would be handed every object Qt made itself, and PySide6 sets up
    every widget class of Qt (tens of milliseconds) to find such an object's type."""
    from PySide6.QtCore import QEvent, QObject

    class Watcher(QObject):
        def eventFilter(self, watched, event):
            if event.type() == QEvent.Type.Paint:
                widget.removeEventFilter(self)
                then()
            return False

    widget._bench_watcher = Watcher(widget)
    widget.installEventFilter(widget._bench_watcher)


def _report(line: str) -> None:
    """Prints the child's figures; the child then stays, its window on screen, until its
    parent closes its stdin."""
    from PySide6.QtCore import QSocketNotifier
    from PySide6.QtWidgets import QApplication

    print(line, flush=True)
    until_told = QSocketNotifier(0, QSocketNotifier.Type.Read, QApplication.instance())
    until_told.activated.connect(lambda: os._exit(0))


def child(kind: str, data_dir: str) -> None:
    if kind == "bare":
        from PySide6.QtWidgets import QApplication, QLabel, QMainWindow

        app = QApplication(sys.argv[:1])
        window = QMainWindow()
        window.setCentralWidget(QLabel("Phase 10 Keeper"))
        window.resize(1360, 840)
        window.show()
        _at_first_paint(
            window,
            lambda: _report(f"{(time.perf_counter() - STARTED) * 1000:.1f} {_peak_memory():.1f}"),
        )
        app.exec()
        return
    os.environ["PHASE10_KEEPER_DATA_DIR"] = data_dir
    # The `phase10-keeper` command, from the top: its module, then `main` without
    # arguments, which checks that Qt can open a window, imports the app and runs it.
    # Watched: the window `app.start` returns, and what it does once the library's first
    # page has been drawn (`app.use_app_icon`).
    import phase10_keeper.first_start as first_start

    app_module = first_start.app_module

    def watched_app_module():
        app = app_module()
        assert app is not None
        start, after_library = app.start, app.use_app_icon
        painted: list[float] = []
        windows = []

        def filled() -> None:
            # What the app does once the library's first page has been drawn.
            session = windows[0].pages.session
            assert session is not None
            assert session.state.hands_played == HANDS
            _report(
                f"{(painted[0] - STARTED) * 1000:.1f} "
                f"{(time.perf_counter() - STARTED) * 1000:.1f} {_peak_memory():.1f}"
            )
            after_library()

        def watched_start(argv, prompts=None):
            window = start(argv, prompts)
            windows.append(window)
            _at_first_paint(window, lambda: painted.append(time.perf_counter()))
            return window

        app.use_app_icon = filled
        app.start = watched_start
        return app

    first_start.app_module = watched_app_module
    from phase10_keeper.cli import main

    sys.argv[1:] = []
    main()


if __name__ == "__main__" and sys.argv[1:2] == ["--child"]:
    child(sys.argv[2], sys.argv[3])

import shutil  # noqa: E402
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


class Screen:
    """One pixel of the X server's screen, read through Xlib: what someone looking at
    the screen sees, whatever the app's process believes it has drawn."""

    POINT = (600, 400)
    """A point both windows cover, placed at the screen's top left as they are on a
    first start without a window manager."""

    def __init__(self) -> None:
        import ctypes

        xlib = ctypes.CDLL("libX11.so.6")
        xlib.XOpenDisplay.restype = ctypes.c_void_p
        xlib.XOpenDisplay.argtypes = [ctypes.c_char_p]
        xlib.XDefaultRootWindow.restype = ctypes.c_ulong
        xlib.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        xlib.XGetImage.restype = ctypes.c_void_p
        xlib.XGetImage.argtypes = [
            ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int,
            ctypes.c_uint, ctypes.c_uint, ctypes.c_ulong, ctypes.c_int,
        ]  # fmt: skip
        xlib.XGetPixel.restype = ctypes.c_ulong
        xlib.XGetPixel.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int]
        xlib.XDestroyImage.argtypes = [ctypes.c_void_p]
        self._xlib = xlib
        self._display = xlib.XOpenDisplay(None)
        if not self._display:
            raise RuntimeError("cannot open the X display")
        self._root = xlib.XDefaultRootWindow(self._display)

    def pixel(self) -> int:
        all_planes, z_pixmap = 0xFFFFFFFF, 2
        x, y = self.POINT
        image = self._xlib.XGetImage(self._display, self._root, x, y, 1, 1, all_planes, z_pixmap)
        value = int(self._xlib.XGetPixel(image, 0, 0))
        self._xlib.XDestroyImage(image)
        return value

    def wait_while(self, value: int, child: subprocess.Popen[str]) -> None:
        """Until the pixel is no longer `value`, or the child has ended."""
        while self.pixel() == value and child.poll() is None:
            time.sleep(0.002)

    def wait_for(self, value: int, seconds: float = 5) -> None:
        deadline = time.perf_counter() + seconds
        while self.pixel() != value and time.perf_counter() < deadline:
            time.sleep(0.001)


def _timed_child(
    kind: str, data_dir: str, environment: dict[str, str], screen: Screen | None
) -> list[float]:
    """A child's figures, and on X first the time from its launch until its window's
    pixels were on the screen."""
    empty = screen.pixel() if screen is not None else 0
    launched = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, __file__, "--child", kind, data_dir],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=environment,
    )
    seen = []
    if screen is not None:
        screen.wait_while(empty, child)
        seen.append((time.perf_counter() - launched) * 1000)
    assert child.stdout is not None
    assert child.stdin is not None
    line = child.stdout.readline()
    child.stdin.close()
    if child.wait() != 0 or not line:
        raise RuntimeError(f"the {kind} child failed")
    if screen is not None:
        # The window gone, the screen as it was before the next launch.
        screen.wait_for(empty)
    return seen + [float(figure) for figure in line.split()]


def startup(runs: int, data_dir: str, scratch: str, on_x: bool) -> dict[str, float]:
    # An installed app has its bytecode compiled; the children may cache theirs (outside
    # the source tree) even where the environment forbids it, and a first run, not
    # counted, fills that cache. The app's settings (its window's place, its language) are
    # a first start's, not those of whoever runs the benchmark.
    environment = {
        name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"
    }
    environment["PYTHONPYCACHEPREFIX"] = str(Path(scratch) / "bytecode")
    environment["XDG_CONFIG_HOME"] = str(Path(scratch) / "settings")
    if on_x:
        environment.pop("QT_QPA_PLATFORM", None)
    else:
        environment["QT_QPA_PLATFORM"] = "offscreen"
    screen = Screen() if on_x else None
    names = {
        "bare": ["bare", "bare memory"],
        "app": ["window", "content", "content memory"],
    }
    times: dict[str, list[float]] = {}
    for run in range(runs + 1):
        for kind in ("bare", "app"):
            figures = _timed_child(kind, data_dir, environment, screen)
            if run == 0:
                continue
            labels = (["visible " + kind] if on_x else []) + names[kind]
            for label, figure in zip(labels, figures, strict=True):
                times.setdefault(label, []).append(figure)
    return {label: statistics.median(values) for label, values in times.items()}


def report_startup(runs: int, data_dir: str, scratch: str, on_x: bool) -> None:
    medians = startup(runs, data_dir, scratch, on_x)
    load = ", ".join(f"{figure:.2f}" for figure in os.getloadavg())
    where = "on an X server (Xvfb)" if on_x else "offscreen"
    print(f"start-up {where}, median of {runs} runs (load average {load}):")
    bare = medians["bare"]
    if on_x:
        row(
            "launch to window on screen: bare window",
            f"{medians['visible bare']:.0f} ms",
        )
        row(
            "launch to window on screen: phase10-keeper",
            f"{medians['visible app']:.0f} ms",
            medians["visible app"] / medians["visible bare"],
            "goal <= 1.2x",
        )
    row("first line to first paint: bare window", f"{bare:.0f} ms")
    row(
        "first line to first paint: phase10-keeper",
        f"{medians['window']:.0f} ms",
        medians["window"] / bare,
        "goal <= 1.2x",
    )
    row(
        f"phase10-keeper, {HANDS}-hand game painted",
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


def recording(
    runs: int, data_dir: str, pause: float, *, dark: bool = False
) -> dict[str, list[float]]:
    """Each hand's time from Record until the grid's repaint began and until it was done,
    and the same for repainting the grid alone; in ms. Each hand is typed `pause` seconds
    after the one before was drawn, the process idle meanwhile, as at a table: a hand
    that follows another at once finds the processor's caches still holding all it needs,
    and takes two thirds of the time. In the app's dark colours if `dark`, where the
    style is wrapped for contrast (its Python runs for every part of every widget drawn);
    else in the light ones."""
    import gc

    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from phase10_keeper.rules import CardKind
    from phase10_keeper.storage.library import Library
    from phase10_keeper.ui.appearance import dark_palette
    from phase10_keeper.ui.main_window import MainWindow
    from phase10_keeper.ui.widgets.contrast_style import follow_palette, use_contrast_style

    app = QApplication.instance() or QApplication(sys.argv[:1])
    light = app.style().standardPalette()
    app.setPalette(dark_palette() if dark else light)
    # Drawn in the style the app draws in these colours.
    use_contrast_style(app)
    library = Library.open(Path(data_dir))
    window = MainWindow(library)
    window.show()
    _until_painted(window)
    # The keys reach only an active window.
    window.activateWindow()
    # A digit typed before the first hand, as a keeper types the cards before Enter: the
    # first key the window takes makes the Python classes of what the keys pass through.
    QTest.keyClick(window.focusWidget(), Qt.Key.Key_3)
    # As the app does once the window has reopened the game.
    gc.freeze()
    view = window.pages.game_view
    assert view is not None
    played = view.session.state.hands_played
    times: dict[str, list[float]] = {"began": [], "done": [], "alone began": [], "alone done": []}
    for number in range(runs):
        time.sleep(pause)
        started = time.perf_counter()
        view.grid.viewport().update()
        began, done = _until_repainted(view.grid.viewport())
        times["alone began"].append((began - started) * 1000)
        times["alone done"].append((done - started) * 1000)
        form = view.form
        assert form.draft is not None
        names = form.draft.participants
        out = names[number % len(names)]
        form.draft.set_went_out(out)
        # Each player who did not go out holds cards, as at a table.
        for seat, name in enumerate(names):
            if name != out:
                form.draft.set_count(name, CardKind.HIGH, 1 + (number + seat) % 4)
        form.refresh(force=True)
        last = form.rows()[-1]
        last.focus_entry()
        _after_the_frame()
        started = time.perf_counter()
        QTest.keyClick(window.focusWidget(), Qt.Key.Key_Return)
        began, done = _until_repainted(view.grid.viewport())
        times["began"].append((began - started) * 1000)
        times["done"].append((done - started) * 1000)
        _after_the_frame()
    assert view.session.state.hands_played == played + runs
    window.close()
    library.close()
    app.setPalette(light)
    follow_palette(app)
    app.processEvents()
    gc.unfreeze()
    return times


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
    view = window.pages.game_view
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
        _after_the_frame()
    held_after_all = _memory()
    assert view.session.undo_stack.count() == 10 + EDITS
    window.close()
    library.close()
    app.processEvents()
    return latencies, held_after_ten, held_after_all


def _recording_afresh(runs: int, pause: float, *, dark: bool = False) -> dict[str, list[float]]:
    """`recording` in a library of its own, holding the 200-hand game."""
    from phase10_keeper.storage.library import Library

    with tempfile.TemporaryDirectory() as data_dir:
        library = Library.open(Path(data_dir))
        library.set_last_open_game(library.add_game(long_game()))
        library.close()
        return recording(runs, data_dir, pause, dark=dark)


def main() -> int:
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 7
    from phase10_keeper.storage.library import Library

    with tempfile.TemporaryDirectory() as data_dir, tempfile.TemporaryDirectory() as scratch:
        library = Library.open(Path(data_dir))
        library.set_last_open_game(library.add_game(long_game()))
        library.close()
        report_startup(runs, data_dir, scratch, on_x=False)
        if "DISPLAY" in os.environ:
            report_startup(runs, data_dir, scratch, on_x=True)
        elif shutil.which("xvfb-run"):
            subprocess.run(
                ["xvfb-run", "-a", sys.executable, __file__, "--on-x", str(runs), data_dir],
                check=True,
            )
        else:
            print("start-up on an X server: skipped (no X display, no xvfb-run)")
    # Each run in a game of its own, which it plays on from the 200th hand.
    recorded = {pause: _recording_afresh(runs * 5, pause) for pause in (0.0, PAUSE)}
    in_dark = _recording_afresh(runs * 5, 0.0, dark=True)
    load = ", ".join(f"{figure:.2f}" for figure in os.getloadavg())
    print(
        f"recording a hand in a {HANDS}-hand game until the grid has repainted, "
        f"{runs * 5} hands (load average {load}):"
    )
    for pause, times in recorded.items():
        kind = f"recording {pause * 1000:.0f} ms after the last" if pause else "recording at once"
        if not pause:
            row(
                "repainting the grid alone, median",
                f"{statistics.median(times['alone done']):.1f} ms",
            )
        row(f"{kind}, repaint begins, median", f"{statistics.median(times['began']):.1f} ms")
        row(f"{kind}, median", f"{statistics.median(times['done']):.1f} ms", None, "goal <= 5 ms")
        row(f"{kind}, worst", f"{max(times['done']):.1f} ms", None, "goal <= 16 ms")
    row("recording at once, dark colours, median", f"{statistics.median(in_dark['done']):.1f} ms")
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


if __name__ == "__main__" and sys.argv[1:2] == ["--on-x"]:
    with tempfile.TemporaryDirectory() as scratch:
        report_startup(int(sys.argv[2]), sys.argv[3], scratch, on_x=True)
    sys.exit(0)

if __name__ == "__main__":
    sys.exit(main())
