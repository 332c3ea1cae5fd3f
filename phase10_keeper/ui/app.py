"""Starts the desktop app: the window first, then the library and the last unfinished game.

The window is shown before the library and the rules are even imported, and filled once
it has painted, so it appears about as fast as an empty Qt window. The style that keeps
check boxes visible on a dark palette is put in place then too, before any page shows,
and the app's icon once the first page has been drawn.
"""

import gc
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication

from phase10_keeper import __version__
from phase10_keeper.collector import cycle_collector_paused
from phase10_keeper.ui import errors
from phase10_keeper.ui.app_icon import use_app_icon
from phase10_keeper.ui.appearance import Scheme, apply_scheme, chosen_scheme
from phase10_keeper.ui.main_window import MainWindow, forget_sources
from phase10_keeper.ui.text.language_choice import start_in_language
from phase10_keeper.ui.text.translate import app_words, error_said, tr
from phase10_keeper.ui.window_settings import restore_window_state

if TYPE_CHECKING:
    from phase10_keeper.storage.library import Library, LibraryDamaged
    from phase10_keeper.storage.lock import LibraryHold
    from phase10_keeper.storage.messages import LibraryError
    from phase10_keeper.ui.prompts import Prompts


def _application(argv: list[str]) -> QApplication:
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(argv)
    app.setApplicationName("phase10-keeper")
    app.setOrganizationName("phase10-keeper")
    app.setApplicationVersion(__version__)
    QGuiApplication.setDesktopFileName("io.github.phase10keeper.Phase10Keeper")
    start_in_language(app, QSettings())
    # The colours chosen in Settings → Appearance, before the window first paints.
    scheme = chosen_scheme(QSettings())
    if scheme is not Scheme.SYSTEM:
        apply_scheme(app, scheme)
    return app


def _library_message(error: Exception) -> str:
    from phase10_keeper.storage.library import LibraryDamaged, describe_backup

    text = tr("app.library_cannot_open", error=error_said(error))
    if isinstance(error, LibraryDamaged) and error.backups:
        backups = "\n".join(describe_backup(backup, app_words()) for backup in error.backups)
        text += "\n\n" + tr("app.backups", folder=error.backups[0].parent, backups=backups)
    return text


def _carry_on_or_quit(window: MainWindow, message: str, carry_on: str, *, critical: bool) -> bool:
    """Asks whether to carry on as `carry_on` says, or quit. Carrying on is the default:
    it loses nothing (a damaged file is kept aside, and the backups stay on offer)."""
    return window.prompts.confirm(
        window,
        tr("window.title"),
        message,
        accept=carry_on,
        reject=tr("app.quit"),
        critical=critical,
        default_accept=True,
    )


def open_library(window: MainWindow) -> bool:
    """Opens the library into the window; on failure says why and ends the app with 1.

    A damaged library with a good backup is offered back from that backup; the damaged
    file is kept aside, never deleted. Damage found only once the window reads the
    library (a flipped bit in the schema) is offered back alike.
    """
    from phase10_keeper.storage.library import LibraryDamaged, LibraryError

    try:
        library = _opened(window)
        errors.log_to(library.data_dir)
        try:
            window.set_library(library)
        except LibraryDamaged as damaged:
            library.close()
            library = _restored(window, damaged)
            window.set_library(library)
    except LibraryError as error:
        window.prompts.warn(window, tr("window.title"), _library_message(error))
        QApplication.exit(1)
        return False
    return True


def _opened(window: MainWindow) -> "Library":
    from phase10_keeper.storage.library import Library, LibraryDamaged

    try:
        return Library.open()
    except LibraryDamaged as damaged:
        return _restored(window, damaged)


def _restored(window: MainWindow, damaged: "LibraryDamaged") -> "Library":
    """The library from its newest backup, or as it is when only behind its mark, if the
    user agrees; else `damaged` is raised again."""
    from phase10_keeper.storage.library import Library, LibraryBehind

    message = _library_message(damaged)
    restore = tr("app.restore_backup")
    carry_on = tr("app.carry_on")
    if damaged.backups and _carry_on_or_quit(window, message, restore, critical=True):
        return Library.open_from_backup(damaged.backups[0])
    if isinstance(damaged, LibraryBehind) and _carry_on_or_quit(
        window, message, carry_on, critical=False
    ):
        return Library.open(accept_behind=True)
    raise damaged


def fit_to_screen(window: MainWindow) -> None:
    """On a first start, no bigger than the screen: a 1280x720 laptop has no room for the
    default size, and the Record button must not start out of sight."""
    screen = window.screen() or QGuiApplication.primaryScreen()
    if screen is None:
        return
    room = screen.availableGeometry()
    window.resize(window.size().boundedTo(room.size()))


def _contrast_style(app: QApplication) -> None:
    """The app's style wrapped for contrast in a dark palette: set once the window has
    painted, as its classes take longer to load than the empty window takes to build,
    and before the first page, whose check boxes and radio buttons it draws. The empty
    window shows none."""
    from phase10_keeper.ui.widgets.contrast_style import use_contrast_style

    use_contrast_style(app)


@contextmanager
def _kept_for_good() -> Iterator[None]:
    """Builds what lasts as long as the app with Python's cycle collector paused, then
    puts every object there is out of the collector's reach (`gc.freeze`): the modules
    imported so far as well.

    The window, and the library and game it reopens, live until the game is closed or
    the app quits. Run every few hundred new objects, the collector searched them for
    cycles again and again as they piled up (4-5 ms of reopening a game), and went on
    searching them in each full pass while the game was played. The price: what of the
    reopened game forms a cycle stays until the app quits, not until the game closes
    (0.6 MB for a game of 200 hands).
    """
    with cycle_collector_paused():
        try:
            yield
        finally:
            gc.freeze()


def launch(
    prompts: "Prompts | None" = None,
    before_library: Callable[[], object] | None = None,
    after_library: Callable[[], object] | None = None,
) -> MainWindow:
    """Shows the window where the user left it. Once it has painted, `before_library`
    runs, and then the library fills the window; once that has been drawn,
    `after_library` runs. Once a process: what it builds is kept for good."""
    with _kept_for_good():
        forget_sources()
        window = MainWindow(prompts=prompts)
        if not restore_window_state(window, QSettings()):
            fit_to_screen(window)
        if before_library is not None:
            window.after_next_paint(before_library)
        window.after_next_paint(lambda: _fill(window, after_library))
        window.show()
    return window


def _fill(window: MainWindow, after_library: Callable[[], object] | None) -> None:
    with _kept_for_good():
        open_library(window)
    if after_library is not None:
        window.after_next_paint(after_library)


def start(argv: list[str], prompts: "Prompts | None" = None) -> MainWindow:
    """Everything the app does before its event loop runs: the application, the window
    and what is to fill it, and the handler of unexpected errors."""
    app = _application(argv if argv else sys.argv[:1])
    # The icon waits for the first page: handing it to the window system takes longer
    # than drawing a page. The title bar and task bar show it a moment later; a message
    # before the page (a library that cannot be opened) sets it itself.
    window = launch(
        prompts,
        before_library=lambda: _contrast_style(app),
        after_library=use_app_icon,
    )
    from phase10_keeper.storage.paths import default_data_dir

    errors.install(window, default_data_dir())
    return window


def come_forward(window: MainWindow, files: list[str]) -> None:
    """Brings the window to the front, as asked by a later start, and opens each file;
    what is typed is kept first, whatever the files do."""
    from PySide6.QtCore import Qt

    window.pages.keep_typing()

    window.setWindowState(window.windowState() & ~Qt.WindowState.WindowMinimized)
    window.show()
    window.raise_()
    window.activateWindow()
    for file in files:
        window.commands.import_game_file(Path(file))


def _storage_error() -> "type[LibraryError]":
    """The storage layer's error, imported only once one is to be caught: Python reads an
    `except` clause's class only when something was raised."""
    from phase10_keeper.storage.messages import LibraryError

    return LibraryError


def _hold(data_dir: Path, files: list[str], prompts: "Prompts | None") -> "LibraryHold | int":
    """This app's hold on the library; else the exit code: 0 once another writer has it
    (a running app, brought forward with the files to open, or `serve`, which is named),
    1 if the library cannot be held at all."""
    # The lock's own module: its errors' (the storage layer's messages) waits for a
    # refusal, and the library's module (sqlite3, the backups, the rules) for the first
    # paint, as it does when no other app is running.
    from phase10_keeper.storage.lock import hold_library

    try:
        return hold_library(data_dir)
    except _storage_error() as refused:
        error = refused
    from phase10_keeper.storage.messages import LibraryHeld

    if isinstance(error, LibraryHeld):
        from phase10_keeper.ui.single_instance import hand_over

        if hand_over(data_dir, files):
            return 0
    from phase10_keeper.ui.prompts import Prompts

    message = _library_message(error)
    # Said on stderr too, for a start from a terminal: a script waits on the message box.
    if sys.stderr is not None:
        with suppress(OSError, ValueError):
            print(message, file=sys.stderr, flush=True)
    (prompts or Prompts()).warn(None, tr("window.title"), message)
    # The one writer there is keeps the library: this start has done what it can.
    return 0 if isinstance(error, LibraryHeld) else 1


def _listen(window: MainWindow, data_dir: Path) -> None:
    from phase10_keeper.ui.single_instance import InstanceServer

    server = InstanceServer(data_dir, window)
    server.asked.connect(lambda asked: come_forward(window, asked))


_TERMINATE_WAKERS: list[object] = []
"""What wakes the event loop for SIGTERM, kept for as long as the app runs."""


def end_on_terminate(app: QApplication) -> None:
    """SIGTERM (a logout, `kill`) ends the app as quitting does, so the window keeps what
    is typed first.

    Python runs a signal's handler between any two steps of whatever Python code runs at
    the time: in the middle of an import, of a click's slot, of a write to the library.
    Quitting there closed the window and kept the typing with that work half done (a
    module half imported made keeping the typing fail, and the typing was lost). So the
    handler does nothing but stand in for the default, which kills the process at once;
    Python also writes the signal's number to a pipe the event loop watches, and the
    app quits from the event loop, between two of its events, when it reads SIGTERM there.
    A SIGTERM before the event loop runs waits in the pipe until it does.
    """
    import signal

    from PySide6.QtCore import QSocketNotifier

    watched, written, read = _wakeup_pipe()
    signal.set_wakeup_fd(written)
    signal.signal(signal.SIGTERM, lambda number, frame: None)
    notifier = QSocketNotifier(watched, QSocketNotifier.Type.Read, app)
    notifier.activated.connect(lambda: _quit_if_terminated(read))
    _TERMINATE_WAKERS.append(notifier)


def _wakeup_pipe() -> tuple[int, int, Callable[[], bytes]]:
    """A pipe for Python to write signals' numbers to, neither end of which blocks: the
    descriptor to watch, the one to write to, and what reads what waits. A plain pipe
    where there is one: the `socket` module takes longer to import than all the rest of
    this. Windows wakes only through a socket."""
    if sys.platform == "win32":
        import socket

        reader, writer = socket.socketpair()
        reader.setblocking(False)
        writer.setblocking(False)
        _TERMINATE_WAKERS.append((reader, writer))
        return reader.fileno(), writer.fileno(), lambda: reader.recv(64)
    reader_fd, writer_fd = os.pipe()
    os.set_blocking(reader_fd, False)
    os.set_blocking(writer_fd, False)
    return reader_fd, writer_fd, lambda: os.read(reader_fd, 64)


def _quit_if_terminated(read: Callable[[], bytes]) -> None:
    """Quits if SIGTERM is among the signals' numbers waiting to be read."""
    import signal

    with suppress(BlockingIOError):
        if int(signal.SIGTERM) in read():
            QApplication.quit()


def run(argv: list[str], prompts: "Prompts | None" = None) -> int:
    """The app from start to quit: one per data folder, so a second start hands over to
    the first (see single_instance) and ends."""
    from phase10_keeper.storage.paths import default_data_dir

    app = _application(argv if argv else sys.argv[:1])
    # Qt's own options (-platform and the like) are gone from its list: the rest are files.
    files = app.arguments()[1:]
    data_dir = default_data_dir()
    hold = _hold(data_dir, files, prompts)
    if isinstance(hold, int):
        return hold
    window = start(argv, prompts)
    end_on_terminate(app)
    # Listening waits for the first paint: QtNetwork takes longer to load than the empty
    # window takes to draw, and a later start waits for the answer.
    window.after_next_paint(lambda: _listen(window, data_dir))
    if files:
        window.after_next_paint(lambda: come_forward(window, files))
    try:
        return QApplication.exec()
    finally:
        if window.isVisible():
            window.close()
        if window.library is not None:
            window.library.close()
        hold.release()
