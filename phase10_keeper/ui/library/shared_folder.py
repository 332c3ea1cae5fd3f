"""Settings → Shared Folder: the window's part of sharing the library through a folder
that a file-sync tool keeps alike on several computers (CONTRACTS §5; the exchange itself
is storage.sync).

The window syncs once it is first drawn (never slowing its start), `AFTER_CHANGE_MS`
after the last change of a game, `AFTER_ARRIVAL_MS` after files arrive in another
computer's device folder (a file watcher), and every `EVERY_MS` for the folders a watcher
hears nothing from (network and FUSE mounts). One sync at a time, each on a worker thread
with a library connection of its own (`sync_library`): the window never waits for it.
What a sync brings in reaches the pages as any other program's change does
(`outside_changes`), asked right after the sync rather than at the next look.

The worker is a daemon thread rather than a QThread: a QThread still running when the app
ends aborts the process, while the sync it runs can be abandoned safely at any point (its
changes are SQLite transactions, its files are written beside and renamed). Quitting asks
a sync running to stop, which it does before its next game or file (the next sync does
the rest), asks nothing of the user, and waits `QUIT_WAIT_S` at most for it (a batch
being stored or flushed to disk ends well within that) before going.

A folder that cannot be used (not there, the stick unplugged: its marker vanished) is said
on the saved-games page and in the status bar; nothing was exchanged, nothing is lost, and
the next sync tries again.
"""

import contextlib
import threading
import weakref
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from PySide6.QtCore import QEvent, QFileSystemWatcher, QObject, QTime, QTimer, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel, QStackedWidget, QWidget

from phase10_keeper.ui.library.outside_changes import LibraryWatch
from phase10_keeper.ui.settings import SHARED_FOLDER, forget_setting, read_setting, write_setting
from phase10_keeper.ui.text.escape import plain
from phase10_keeper.ui.text.reword import keep_actions_worded
from phase10_keeper.ui.text.translate import app_words, error_said, tr

if TYPE_CHECKING:
    from phase10_keeper.storage.library import Library
    from phase10_keeper.storage.sync import SyncReport
    from phase10_keeper.ui.prompts import Prompts

AFTER_CHANGE_MS = 3000
AFTER_ARRIVAL_MS = 2000
EVERY_MS = 60_000
CHANGE_CHECK_MS = 1000
"""How often the library is asked whether a game changed (one read of one value)."""
QUIT_WAIT_S = 3.0

_APP_FOLDER = "phase10-keeper"
_DEVICES = "devices"


class SharingPages(Protocol):
    games_view: Any


class SharingNavigation(Protocol):
    stack: QStackedWidget


class SharingWindow(Protocol):
    """What sharing reads of the main window (a QWidget: the sharing is its child)."""

    @property
    def library(self) -> "Library | None": ...
    @property
    def pages(self) -> SharingPages: ...
    @property
    def navigation(self) -> SharingNavigation: ...

    @property
    def prompts(self) -> "Prompts": ...
    def say(self, text: str, offer_undo: bool = False) -> None: ...
    def after_next_paint(self, callback: "Callable[[], object]") -> None: ...


class SyncDone(NamedTuple):
    """What a worker hands back: the report, or the words of why nothing was exchanged
    (neither: it stopped when asked); and the thread the sync ran on."""

    report: "SyncReport | None"
    problem: str | None
    thread: int


def _run_sync(data_dir: Path, folder: Path, stop: threading.Event) -> SyncDone:
    """One sync, on the worker thread, until done or `stop` is set."""
    from phase10_keeper.storage.messages import LibraryError
    from phase10_keeper.storage.sync import SyncFolderError, SyncStopped, sync_library

    thread = threading.get_ident()
    try:
        return SyncDone(sync_library(data_dir, folder, stop=stop), None, thread)
    except SyncStopped:
        return SyncDone(None, None, thread)
    except SyncFolderError as error:
        return SyncDone(None, error.said.worded(app_words()), thread)
    except LibraryError as error:
        return SyncDone(None, error_said(error), thread)
    except OSError as error:
        return SyncDone(None, tr("sharing.cannot_use", reason=error.strerror or error), thread)


class SharedFolder(QObject):
    """The window's sharing: the Settings action, the syncs, and what they said.

    Signals: `synced(object)`, a `SyncDone` once a sync ended (on the window's thread);
    `statusChanged(str)`, the line that says when it last synced and what."""

    synced = Signal(object)
    statusChanged = Signal(str)
    _done = Signal(object)
    """From the worker thread to the window's: queued."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self._window: SharingWindow = window  # type: ignore[assignment]
        self._widget = window
        self.action = QAction(self)
        keep_actions_worded(window, [(self.action, "sharing.menu")])
        self.action.triggered.connect(lambda: self.choose())
        self.after_change = QTimer(self, singleShot=True, interval=AFTER_CHANGE_MS)
        self.after_arrival = QTimer(self, singleShot=True, interval=AFTER_ARRIVAL_MS)
        self.every = QTimer(self, interval=EVERY_MS)
        self.change_check = QTimer(self, interval=CHANGE_CHECK_MS)
        for timer in (self.after_change, self.after_arrival, self.every):
            timer.timeout.connect(self.sync_now)
        self.change_check.timeout.connect(self.check_changes)
        self.watcher = QFileSystemWatcher(self)
        self.watcher.directoryChanged.connect(self._arrived)
        self.worker: threading.Thread | None = None
        self._stop = threading.Event()
        """Set to stop the running sync (each sync has one of its own)."""
        self._again = False
        self._changed_at: str | None = None
        """When a game last changed, as the library said at the last look."""
        self._synced_from: str | None = None
        """When a game last changed, as the library said when the running sync began."""
        self._own: str | None = None
        """This library's device folder, whose changes are the sync's own writes."""
        self._status: Callable[[], str] = str
        """Words the line on how sharing went, in the language spoken."""
        self._line: QLabel | None = None
        self._done.connect(self._finished)
        self._window.navigation.stack.currentChanged.connect(lambda _: self.status_line())
        window.installEventFilter(self)

    def folder(self) -> Path | None:
        value = read_setting(SHARED_FOLDER)
        return Path(value) if value else None

    def follow(self) -> None:
        """Shares the window's library (the one it uses now) once the window is drawn."""
        library = self._window.library
        if library is None or self.folder() is None:
            return
        self._changed_at = self._last_changed(library)
        self._start_timers()
        self._window.after_next_paint(self.sync_now)

    # -- the setting ---------------------------------------------------------------------

    def choose(self) -> None:
        """Settings → Shared Folder…: a folder to share through, or, while sharing, whether
        to stop (then to share through another folder, choose it again)."""
        window = self._window
        assert isinstance(window, QWidget)
        folder = self.folder()
        if folder is not None:
            if window.prompts.confirm(
                window,
                tr("sharing.title"),
                tr("sharing.shared_through", folder=folder),
                details=self.status,
                accept=tr("sharing.stop"),
                reject=tr("sharing.keep"),
            ):
                self.share(None)
            return
        chosen = window.prompts.choose_folder(window, tr("sharing.choose_title"))
        if chosen is not None:
            self.share(chosen)

    def share(self, folder: Path | None) -> None:
        """Shares through `folder` from now on (syncing at once), or stops (None)."""
        if folder is None:
            forget_setting(SHARED_FOLDER)
            self._stop_timers()
            self._set_status(partial(tr, "sharing.stopped"))
            self._window.say(self.status)
            return
        write_setting(SHARED_FOLDER, str(folder))
        self._set_status(partial(tr, "sharing.started", folder=folder))
        library = self._window.library
        if library is not None:
            self._changed_at = self._last_changed(library)
        self._start_timers()
        self.sync_now()

    def _start_timers(self) -> None:
        self.every.start()
        self.change_check.start()
        self._watch()

    def _stop_timers(self) -> None:
        for timer in (self.after_change, self.after_arrival, self.every, self.change_check):
            timer.stop()
        watched = self.watcher.directories()
        if watched:
            self.watcher.removePaths(watched)

    # -- when to sync --------------------------------------------------------------------

    def check_changes(self) -> None:
        """A sync `AFTER_CHANGE_MS` after the last change of a game (each change moves
        the sync later, so a game night's hands make one sync, not one each)."""
        library = self._window.library
        if library is None:
            return
        changed = self._last_changed(library)
        if changed != self._changed_at:
            self._changed_at = changed
            self.after_change.start()

    def _arrived(self, path: str) -> None:
        if Path(path).name != self._own:
            self.after_arrival.start()
        self._watch()

    def _watch(self) -> None:
        """Watches the folders where other computers' files arrive: the devices folder
        (a new computer's folder appears) and each device folder but this library's."""
        folder = self.folder()
        if folder is None:
            return
        devices = folder / _APP_FOLDER / _DEVICES
        wanted = [str(devices)] if devices.is_dir() else [str(folder)]
        if devices.is_dir():
            with contextlib.suppress(OSError):
                wanted += [str(path) for path in devices.iterdir() if path.name != self._own]
        watched = self.watcher.directories()
        # This library's own folder, once known, and folders gone are watched no more.
        stale = [path for path in watched if path not in wanted]
        if stale:
            self.watcher.removePaths(stale)
        missing = [path for path in wanted if path not in watched]
        if missing:
            # A folder the watcher cannot follow is left to the timer.
            self.watcher.addPaths(missing)

    def sync_now(self) -> None:
        """Starts a sync on a worker thread, or one more after the one running."""
        library, folder = self._window.library, self.folder()
        if library is None or folder is None:
            return
        if self.worker is not None:
            self._again = True
            return
        self._again = False
        self.after_change.stop()
        self.after_arrival.stop()
        self._synced_from = self._last_changed(library)
        data_dir = library.data_dir
        stop = self._stop = threading.Event()
        self.worker = threading.Thread(
            target=lambda: self._hand_back(_run_sync(data_dir, folder, stop)),
            name="phase10-keeper sync",
            daemon=True,
        )
        self.worker.start()

    def _hand_back(self, done: SyncDone) -> None:
        """On the worker thread: the result to the window's thread, unless the window is
        gone (the app quit while the sync ran)."""
        with contextlib.suppress(RuntimeError):
            self._done.emit(done)

    # -- what a sync did -----------------------------------------------------------------

    def _finished(self, done: SyncDone) -> None:
        self.worker = None
        window = self._window
        library = window.library
        report = done.report
        if report is None and done.problem is None:
            # Stopped as the window closed: nothing to say, nothing more to start.
            self.synced.emit(done)
            return
        if report is None:
            self._set_status(partial(tr, "sharing.failed", reason=done.problem or ""))
            window.say(self.status)
        else:
            self._report(report)
            self._own = self._device(library)
            watch = self._widget.findChild(LibraryWatch)
            if isinstance(watch, LibraryWatch):
                watch.check()
        self._watch()
        self.synced.emit(done)
        changed = None if library is None else self._last_changed(library)
        if self.folder() is None:
            return
        if self._again:
            self.sync_now()
        elif changed != self._synced_from and report is not None and report.received == 0:
            # A game changed while the sync ran: the next one shares it.
            self._changed_at = changed
            self.after_change.start()
        else:
            self._changed_at = changed

    def _report(self, report: "SyncReport") -> None:
        when = QTime.currentTime().toString("HH:mm")

        def word() -> str:
            line = tr(
                "sharing.synced",
                time=when,
                sent=report.sent,
                received=report.received,
                conflicts=len(report.conflicts),
            )
            warnings = [warning.worded(app_words()) for warning in report.warnings]
            return "\n".join([line, *warnings])

        self._set_status(word)
        if report.received or report.conflicts or report.warnings:
            self._window.say(self.status.replace("\n", " "))

    @property
    def status(self) -> str:
        """The line on how sharing went, in the language spoken."""
        return self._status()

    def _set_status(self, word: Callable[[], str]) -> None:
        self._status = word
        self._show_status()

    def _show_status(self) -> None:
        text = self.status
        line = self.status_line()
        if line is not None:
            line.setText(text)
            line.setVisible(bool(text))
        self.statusChanged.emit(text)

    def status_line(self) -> QLabel | None:
        """The line on the saved-games page that says how sharing went, made there when
        the page is first asked for it."""
        view = self._window.pages.games_view
        if view is None:
            return None
        if self._line is None or self._line.parent() is not view:
            line = self._line = QLabel(self.status)
            plain(line)
            line.setWordWrap(True)
            line.setVisible(bool(self.status))
            layout = view.layout()
            # Under the table, above the notice and the buttons.
            layout.insertWidget(layout.count() - 2, line)
        return self._line

    # -- quitting ------------------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Close:
            self.finish()
        elif event.type() == QEvent.Type.LanguageChange:
            self._show_status()
        return super().eventFilter(watched, event)

    def finish(self, wait_s: float = QUIT_WAIT_S) -> bool:
        """Stops syncing as the window closes: a sync running is asked to stop and gets
        `wait_s` seconds to, then is left behind safely. Whether none runs now."""
        self._stop_timers()
        self._again = False
        self._stop.set()
        worker = self.worker
        if worker is not None:
            worker.join(wait_s)
        return worker is None or not worker.is_alive()

    @staticmethod
    def _device(library: "Library | None") -> str | None:
        from phase10_keeper.storage.messages import LibraryError

        try:
            return None if library is None else library.device_id()
        except LibraryError:
            return None

    @staticmethod
    def _last_changed(library: "Library") -> str | None:
        from phase10_keeper.storage.messages import LibraryError

        try:
            return library.last_changed()
        except LibraryError:
            return None


_SHARINGS: "weakref.WeakKeyDictionary[QWidget, SharedFolder]" = weakref.WeakKeyDictionary()
"""Each window's sharing. Not sought among the window's children: `findChild` hands every
object of the window to Python, and PySide sets up the class of each (its menus' tool
buttons and widget actions, QIcon), which took milliseconds of the window's first paint."""


def sharing(window: QWidget) -> SharedFolder:
    """The window's sharing, made when first asked for."""
    found = _SHARINGS.get(window)
    if found is None:
        found = _SHARINGS[window] = SharedFolder(window)
    return found


def shared_folder_action(window: QWidget) -> QAction:
    """Settings → Shared Folder…, for the window's menu."""
    return sharing(window).action


def share_library(window: QWidget) -> None:
    """Shares the library the window now uses through the folder the settings name."""
    sharing(window).follow()
