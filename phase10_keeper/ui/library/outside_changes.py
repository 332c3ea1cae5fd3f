"""Changes another program made to the library, shown on the page that lists its games.

`games import` may add a game while the app runs (it writes through SQLite beside the
app's hold on the library, `storage.lock`), and so may a second window in the same
process, and a sync with a shared folder (`shared_folder`) adds and changes games. The
saved-games page and the start page read the library again when that happens, leaving
the user's selection, scroll position and typing as they were; a game open in the window
that another connection saved since is opened again (`take_newer_open_game`: a hand
recorded on another computer shows as soon as the sync brings it); the other pages read
the library each time they are shown. A game open in the window is also guarded by its
revision when it is saved (`GameChanged`), for a change that comes between two looks.

How a change is noticed: SQLite's `PRAGMA data_version` (`Library.data_version`), which
moves when another connection commits and never for this one's own writes, so the
app's own changes (each of which refreshes its page already) are not read twice. It is
asked when the window becomes active (coming back from the terminal shows the game at
once) and every `CHECK_MS` while the app runs. One look costs a few microseconds (two or
three `stat`s of a file), thousands of times less than reading a list of 300 games
again (`tests/benchmarks/bench_outside_changes.py`). A file watcher on the revision mark
would cost nothing at all between changes, but it fires for the app's own writes too,
loses the file when a mark is replaced by renaming, says nothing on network folders,
and misses the change whenever writing the mark fails (the mark is only a note): the
data version would have to be asked anyway.
"""

from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QEvent, QObject, QTimer

if TYPE_CHECKING:
    from phase10_keeper.storage.library import Library
    from phase10_keeper.ui.library.games_view import GamesView
    from phase10_keeper.ui.library.start_view import StartView
    from phase10_keeper.ui.page import Page

CHECK_MS = 2000
"""How often the library is asked whether another program changed it."""


class LibraryPages(Protocol):
    """The main window's pages that list the library's games."""

    start_view: "StartView | None"
    games_view: "GamesView | None"


class LibraryNavigation(Protocol):
    """Which page the main window shows, and the open game reopened when newer."""

    shown_page: "Page | None"

    def take_newer_open_game(self) -> bool: ...


class LibraryWindow(Protocol):
    """What the watch reads of the main window (a QObject: the watch is its child)."""

    @property
    def library(self) -> "Library | None": ...
    @property
    def pages(self) -> LibraryPages: ...
    @property
    def navigation(self) -> LibraryNavigation: ...


class LibraryWatch(QObject):
    """Asks the window's library whether another connection changed it, every
    `interval_ms` and when the window becomes active, and refreshes the page shown if it
    lists the library's games. Made with `watch_library`."""

    def __init__(self, window: QObject, pages: LibraryWindow, interval_ms: int) -> None:
        super().__init__(window)
        self._window = pages
        self._library: Library | None = None
        self._version: int | None = None
        self.timer = QTimer(self, interval=interval_ms)
        self.timer.timeout.connect(self.check)
        window.installEventFilter(self)

    def follow(self, library: "Library") -> None:
        """Watches `library` from now on: what it holds now is shown already."""
        self._library = library
        self._version = self._data_version(library)
        self.timer.start()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.WindowActivate:
            self.check()
        return super().eventFilter(watched, event)

    def check(self) -> None:
        library = self._library
        if library is None or library is not self._window.library:
            return
        version = self._data_version(library)
        if version is None or version == self._version:
            return
        self._version = version
        self._window.navigation.take_newer_open_game()
        page = self._window.navigation.shown_page
        games, start = self._window.pages.games_view, self._window.pages.start_view
        if games is not None and page is games:
            games.refresh_in_place()
        elif start is not None and page is start:
            start.read_games(library, refresh=True)

    @staticmethod
    def _data_version(library: "Library") -> int | None:
        """None when the library cannot say: the next thing the user does with it says
        why, where they are looking."""
        # Imported here: the window is drawn before anything of the storage is loaded.
        from phase10_keeper.storage.messages import LibraryError

        try:
            return library.data_version()
        except LibraryError:
            return None


def watch_library(window: LibraryWindow, interval_ms: int = CHECK_MS) -> None:
    """Shows on the window's library pages what other programs change in its library
    (the one the window uses now; called again whenever it takes another)."""
    assert isinstance(window, QObject)
    watch = window.findChild(LibraryWatch)
    if watch is None:
        watch = LibraryWatch(window, window, interval_ms)
    if window.library is not None:
        watch.follow(window.library)
