"""Starting the app: the window at once, then the library and the last unfinished game."""

import gc
import linecache
import shutil
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QMessageBox

from phase10_keeper.rules import Game, build_rules
from phase10_keeper.storage.library import Library, LibraryBusy
from phase10_keeper.storage.messages import LibraryKey
from phase10_keeper.ui import app
from phase10_keeper.ui.app_icon import ICON_SIZES, app_icon
from phase10_keeper.ui.main_window import MainWindow
from phase10_keeper.ui.text.escape import isolate

from .answers import Answers
from .games import FOUR, game_with_hands, went_out

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


def _library_of(window: MainWindow) -> Library:
    """The library the window opened."""
    assert window.library is not None
    return window.library


@pytest.fixture
def real_library():
    # The shared set-up points the default library at a fresh folder for every test.
    library = Library.open()
    yield library
    library.close()


@pytest.fixture
def launch(qtbot):
    """Launches the app as `run` does; closes its window, then its library."""
    windows = []

    def launched():
        window = app.launch()
        windows.append(window)
        assert window.isVisible()
        qtbot.waitUntil(lambda: window.library is not None)
        return window

    yield launched
    for window in windows:
        window.close()
        _library_of(window).close()


def test_the_window_shows_before_the_library_is_opened(qtbot) -> None:
    window = app.launch()
    assert window.isVisible()
    assert window.library is None
    assert not window.new_action.isEnabled()
    qtbot.waitUntil(lambda: window.library is not None)
    assert window.new_action.isEnabled()
    assert window.navigation.stack.currentWidget() is window.pages.start_view
    window.close()
    _library_of(window).close()


def test_on_a_first_start_the_window_is_no_bigger_than_the_screen(qtbot) -> None:
    window = app.launch()
    room = window.screen().availableGeometry()
    assert room.width() < 1360  # the offscreen screen is smaller than the default size
    assert window.width() <= room.width()
    assert window.height() <= room.height()
    qtbot.waitUntil(lambda: window.library is not None)
    window.close()
    _library_of(window).close()


def test_the_last_unfinished_game_is_reopened_and_every_change_saved(launch, real_library) -> None:
    game = game_with_hands(FOUR, 2)
    game_id = real_library.add_game(game)
    real_library.set_last_open_game(game_id)
    window = launch()
    session = window.pages.session
    assert session is not None
    assert session.game_id == game_id
    assert session.game == game
    assert window.navigation.stack.currentWidget() is window.pages.game_view
    assert window.windowTitle() == f"{isolate('Friday night')} — Phase 10 Keeper"
    session.record_hand(went_out(FOUR, "Kwame"))
    assert real_library.load_game(game_id).hands == session.game.hands
    window.undo_action.trigger()
    assert real_library.load_game(game_id).hands == game.hands


def test_what_the_start_builds_is_kept_out_of_the_cycle_collectors_passes(
    launch, real_library
) -> None:
    """The window and the game it reopens are built with the cycle collector paused and
    then frozen out of its passes; the collector runs again for all that comes after."""
    real_library.set_last_open_game(real_library.add_game(game_with_hands(FOUR, 3)))
    window = launch()
    assert window.pages.session is not None
    assert gc.isenabled()
    searched = gc.get_objects()
    assert not any(found is window.pages.session.game for found in searched)
    assert not any(found is window.pages.session.state for found in searched)
    later = [window.pages.session.game]
    assert any(found is later for found in gc.get_objects())


def test_a_finished_last_game_shows_the_start_page(launch, real_library) -> None:
    finished = game_with_hands(FOUR, 1, build_rules(target=1))
    real_library.set_last_open_game(real_library.add_game(finished))
    window = launch()
    assert window.pages.session is None
    assert window.navigation.stack.currentWidget() is window.pages.start_view
    assert not window.close_action.isEnabled()
    assert not window.export_sheet_action.isEnabled()


def test_a_library_that_cannot_open_is_explained(qtbot, monkeypatch) -> None:
    answers = Answers()

    def refuse(cls, data_dir=None):
        raise LibraryBusy(LibraryKey.BUSY, path="library.sqlite3", seconds="5")

    monkeypatch.setattr(Library, "open", classmethod(refuse))
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    assert app.run([], answers) == 1
    assert "in use by another copy of phase10-keeper" in answers.warnings[0]


def test_the_apps_icon_follows_its_first_page(qtbot, monkeypatch, real_library) -> None:
    real_library.set_last_open_game(real_library.add_game(game_with_hands(FOUR, 2)))
    before = QApplication.windowIcon()
    QApplication.setWindowIcon(QIcon())
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    window = app.start([])
    try:
        qtbot.waitUntil(lambda: window.pages.game_view is not None)
        qtbot.waitUntil(lambda: not QApplication.windowIcon().isNull())
        assert window.pages.game_view is not None
        assert window.pages.game_view.isVisible()
        assert len(QApplication.windowIcon().availableSizes()) == len(ICON_SIZES)
    finally:
        window.close()
        if window.library is not None:
            _library_of(window).close()
        QApplication.setWindowIcon(before)


def test_a_message_before_the_first_page_carries_the_apps_icon(monkeypatch) -> None:
    """The icon waits for the first page; a message that comes first sets it itself."""
    before = QApplication.windowIcon()
    QApplication.setWindowIcon(QIcon())
    sizes_shown: list[int] = []

    def refuse(cls, data_dir=None):
        raise LibraryBusy(LibraryKey.BUSY, path="library.sqlite3", seconds="5")

    def shown(box: QMessageBox) -> int:
        sizes_shown.append(len(QApplication.windowIcon().availableSizes()))
        return 0

    monkeypatch.setattr(Library, "open", classmethod(refuse))
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    monkeypatch.setattr(QMessageBox, "exec", shown)
    try:
        assert app.run([]) == 1
    finally:
        QApplication.setWindowIcon(before)
    assert sizes_shown == [len(ICON_SIZES)]


def test_the_icon_has_every_size() -> None:
    sizes = {size.width() for size in app_icon().availableSizes()}
    assert sizes == set(ICON_SIZES)


def _damaged_library_with_backup(game: Game) -> tuple[int, Path, bytes]:
    """A library holding `game`, backed up and then damaged: the game's id, the library
    file and its damaged bytes."""
    library = Library.open()
    game_id = library.add_game(game)
    library_file = library.path
    library.close()
    backups = library_file.parent / "backups"
    backups.mkdir(exist_ok=True)
    shutil.copyfile(library_file, backups / "library-20261101-120000-000000.sqlite3")
    with library_file.open("r+b") as stream:
        stream.seek(0)
        stream.write(b"this is no longer an SQLite database" * 4)
    return game_id, library_file, library_file.read_bytes()


def test_a_damaged_library_is_offered_back_from_its_newest_backup(qtbot, monkeypatch) -> None:
    game_id, library_file, damaged_bytes = _damaged_library_with_backup(game_with_hands(FOUR, 2))
    answers = Answers()
    window = MainWindow(prompts=answers)
    qtbot.addWidget(window)
    assert app.open_library(window)
    assert "damaged" in answers.asked[0]
    assert answers.defaults == [True]
    assert window.library is not None
    assert window.library.load_game(game_id).hands == game_with_hands(FOUR, 2).hands
    _library_of(window).close()
    kept_aside = list((library_file.parent / "damaged").rglob(library_file.name))
    assert [path.read_bytes() for path in kept_aside] == [damaged_bytes]


def test_a_schema_damaged_past_opening_is_offered_back_from_its_newest_backup(qtbot) -> None:
    """A flipped bit in a column's name passes the checks at opening and shows only when
    the window first lists the games: it is damage, offered back as at opening, never
    an unexpected error."""
    game_id, library_file, _ = _damaged_library_with_backup(game_with_hands(FOUR, 2))
    backup = next((library_file.parent / "backups").iterdir())
    shutil.copyfile(backup, library_file)
    with closing(sqlite3.connect(library_file)) as database:
        database.execute("ALTER TABLE games RENAME COLUMN started TO startex")
        database.commit()
    answers = Answers()
    window = MainWindow(prompts=answers)
    qtbot.addWidget(window)
    assert app.open_library(window)
    assert "damaged" in answers.asked[0]
    assert "no such column" in answers.asked[0]
    assert answers.errors == []
    library = _library_of(window)
    assert [summary.id for summary in library.list_games()] == [game_id]
    library.close()
    assert list((library_file.parent / "damaged").rglob(library_file.name))


def test_a_damaged_library_is_left_alone_when_the_user_declines(qtbot, monkeypatch) -> None:
    _, library_file, damaged_bytes = _damaged_library_with_backup(game_with_hands(FOUR, 1))
    answers = Answers()
    answers.confirm_answer = False
    exit_codes: list[int] = []
    # No event loop runs here; a real exit would end the next test's loops at once.
    monkeypatch.setattr(QApplication, "exit", lambda code=0: exit_codes.append(code))

    window = MainWindow(prompts=answers)
    qtbot.addWidget(window)
    assert not app.open_library(window)
    assert exit_codes == [1]
    assert "damaged" in answers.warnings[0]
    assert library_file.read_bytes() == damaged_bytes
    assert not (library_file.parent / "damaged").exists()


def _library_behind_its_mark() -> Path:
    """A library whose mark says later changes, and game 9, were saved than it holds."""
    with Library.open() as library:
        library.add_game(game_with_hands(FOUR, 1))
        library_file = library.path
    mark = library_file.with_name(library_file.name + ".revision")
    mark.write_text('{"revision": 40, "last_game_id": 9}\n', encoding="ascii")
    return library_file


def test_the_backup_offer_says_what_each_backup_holds(qtbot, monkeypatch) -> None:
    _damaged_library_with_backup(game_with_hands(FOUR, 2))
    answers = Answers()
    answers.confirm_answer = False
    monkeypatch.setattr(QApplication, "exit", lambda code=0: None)
    window = MainWindow(prompts=answers)
    qtbot.addWidget(window)
    assert not app.open_library(window)
    assert "2026-11-01" in answers.asked[0]
    assert "1 game" in answers.asked[0]
    assert answers.defaults == [True]


def test_a_library_behind_its_mark_can_carry_on_without_reusing_ids(qtbot, monkeypatch) -> None:
    _library_behind_its_mark()
    answers = Answers()
    window = MainWindow(prompts=answers)
    qtbot.addWidget(window)
    assert app.open_library(window)
    assert len(answers.asked) == 1
    assert "behind what was last saved" in answers.asked[0]
    assert window.library is not None
    assert window.library.add_game(game_with_hands(FOUR, 0)) == 10
    _library_of(window).close()


def test_the_window_folds_written_changes_into_the_library_file(
    qtbot, real_library, monkeypatch
) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    window.set_library(real_library)
    real_library.add_game(game_with_hands(FOUR, 3))
    checkpoints: list[bool] = []
    monkeypatch.setattr(real_library, "checkpoint", lambda: checkpoints.append(True))
    assert window._checkpoint_timer.isActive()
    window._checkpoint_timer.timeout.emit()
    assert checkpoints == [True]


def _printed_by(script: str) -> str:
    """What a fresh Python process running `script` prints; it must end well."""
    return subprocess.run(
        [sys.executable, "-c", script], check=True, timeout=60, capture_output=True, text=True
    ).stdout


def test_the_window_is_shown_before_the_rules_are_imported() -> None:
    """The rules, the library and the wording of problems wait for the first paint."""
    script = (
        "import sys\n"
        "from phase10_keeper.ui import app\n"
        "application = app._application([])\n"
        "window = app.MainWindow()\n"
        "window.show()\n"
        "loaded = sorted(name for name in sys.modules if name.startswith('phase10_keeper.'))\n"
        "assert not [name for name in loaded if '.rules' in name or '.storage' in name], loaded\n"
    )
    _printed_by(script)


_PRINT_MODULES_AT_FIRST_PAINT = """
import os, sys
from PySide6.QtCore import QEvent, QObject

class FirstPaint(QObject):
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint:
            print(*sorted(sys.modules), flush=True)
            os._exit(0)
        return False
"""
"""Defines `FirstPaint`, the filter that prints the modules loaded as the window it
watches first paints, and ends the process there."""

_BARE_WINDOW = _PRINT_MODULES_AT_FIRST_PAINT + (
    "from PySide6.QtWidgets import QApplication, QLabel, QMainWindow\n"
    "application = QApplication(sys.argv[:1])\n"
    "window = QMainWindow()\n"
    "window.setCentralWidget(QLabel('Phase 10 Keeper'))\n"
    "window.installEventFilter(FirstPaint(window))\n"
    "window.show()\n"
    "application.exec()\n"
)

# The start as the `phase10-keeper` command makes it, the hold on the library and the
# wakers for SIGTERM included; only the window `app.start` returns is watched. Qt is
# imported by the watcher only once the app has imported it.
_REAL_START = (
    "import sys\n"
    "import phase10_keeper.first_start as first_start\n"
    "app_module = first_start.app_module\n"
    "def watched_app_module():\n"
    "    app = app_module()\n"
    "    start = app.start\n"
    "    def watched_start(argv, prompts=None):\n"
    "        window = start(argv, prompts)\n"
    "        exec(WATCHER, globals())\n"
    "        window.installEventFilter(FirstPaint(window))\n"
    "        return window\n"
    "    app.start = watched_start\n"
    "    return app\n"
    "first_start.app_module = watched_app_module\n"
    "from phase10_keeper.cli import main\n"
    "sys.argv[1:] = []\n"
    "sys.exit(main())\n"
).replace("WATCHER", repr(_PRINT_MODULES_AT_FIRST_PAINT))

ALLOWED_BEFORE_THE_FIRST_PAINT = {
    # Beyond what an empty PySide6 window loads: the catalogues, the lock on the library,
    # the waker for SIGTERM and the cycle collector's pause. (The system's language comes
    # from the environment, as the tests set it: `locale` only where no variable names it.)
    "_json", "fcntl", "gc", "json", "json.decoder", "json.encoder", "json.scanner",
    "signal",
    "phase10_keeper", "phase10_keeper.cli", "phase10_keeper.collector",
    "phase10_keeper.command_line",
    "phase10_keeper.console", "phase10_keeper.first_start", "phase10_keeper.language",
    "phase10_keeper.language.bidi", "phase10_keeper.resource_files",
    "phase10_keeper.storage", "phase10_keeper.storage.lock", "phase10_keeper.storage.paths",
    "phase10_keeper.ui", "phase10_keeper.ui.app", "phase10_keeper.ui.app_icon",
    "phase10_keeper.ui.appearance", "phase10_keeper.ui.errors",
    "phase10_keeper.ui.import_check", "phase10_keeper.ui.library",
    "phase10_keeper.ui.library.outside_changes", "phase10_keeper.ui.main_window",
    # The menus, built with the window from the rows that describe them: Settings →
    # Shared Folder's action and the words they are worded again by when the language
    # changes.
    "phase10_keeper.ui.library.shared_folder", "phase10_keeper.ui.page",
    "phase10_keeper.ui.text.reword", "phase10_keeper.ui.window_language",
    "phase10_keeper.ui.text", "phase10_keeper.ui.text.escape",
    "phase10_keeper.ui.text.language_choice", "phase10_keeper.ui.text.language_menu",
    "phase10_keeper.ui.text.translate", "phase10_keeper.ui.widgets",
    "phase10_keeper.ui.widgets.colours", "phase10_keeper.ui.widgets.damage_bar",
    "phase10_keeper.ui.settings", "phase10_keeper.ui.window_actions",
    "phase10_keeper.ui.window_focus", "phase10_keeper.ui.window_settings",
    "phase10_keeper.ui.window_undo",
    # The main window's parts, each a module of its own: it is their composition.
    "phase10_keeper.ui.window_commands", "phase10_keeper.ui.window_menus",
    "phase10_keeper.ui.window_navigation", "phase10_keeper.ui.window_pages",
    "phase10_keeper.ui.window_status",
}  # fmt: skip
"""What the real start may load before its window first paints, beyond an empty window's
modules: the rest (the library's sqlite3, the rules, QtNetwork and hashlib for the
handover, the pages) waits for the paint."""

ALLOWED_ON_WINDOWS = {"msvcrt", "_socket", "socket", "select", "selectors", "array"}
"""Windows locks through msvcrt, and wakes for a signal only through a socket."""


def test_the_real_start_loads_no_more_before_its_first_paint_than_the_first_page_needs(
    real_library,
) -> None:
    """The `phase10-keeper` command with a game to reopen, to its window's first paint,
    against an empty PySide6 window's: a module that comes in early costs every start."""
    real_library.set_last_open_game(real_library.add_game(game_with_hands(FOUR, 3)))
    real_library.close()
    bare = set(_printed_by(_BARE_WINDOW).split())
    started = set(_printed_by(_REAL_START).split())
    assert "phase10_keeper.ui.main_window" in started
    allowed = ALLOWED_BEFORE_THE_FIRST_PAINT
    if sys.platform == "win32":
        allowed = allowed | ALLOWED_ON_WINDOWS
    assert sorted(started - bare - allowed) == []


def test_the_first_paint_waits_for_qts_enums_and_the_style_and_the_icon_for_the_page() -> None:
    """PySide6 builds a class's enums when the class is first used: all of `Qt`'s take
    longer than the rest of the empty window. The contrast style's classes wait for the
    first paint too, and are in place before the library opens (in a dark palette, where
    the style is wrapped for contrast); the icon's eight sizes wait until the library's
    first page has been drawn."""
    script = (
        "import sys\n"
        "import PySide6.QtCore, PySide6.QtWidgets\n"
        "from PySide6.QtWidgets import QApplication\n"
        "from phase10_keeper.ui import app\n"
        "seen = []\n"
        "contrast_style, use_app_icon = app._contrast_style, app.use_app_icon\n"
        "def at_first_paint(application):\n"
        "    seen.append([\n"
        "        name\n"
        "        for module, name in ((PySide6.QtCore, 'Qt'), (PySide6.QtWidgets, 'QStyle'),\n"
        "                             (PySide6.QtWidgets, 'QStatusBar'))\n"
        "        if name in vars(module)\n"
        "    ])\n"
        "    seen.append(QApplication.windowIcon().isNull())\n"
        "    from phase10_keeper.ui.appearance import dark_palette\n"
        "    application.setPalette(dark_palette())\n"
        "    contrast_style(application)\n"
        "def instead_of_the_library(window):\n"
        "    seen.append(type(QApplication.style()).__name__)\n"
        "    seen.append(QApplication.windowIcon().isNull())\n"
        "    window.update()\n"
        "    return True\n"
        "def after_the_page():\n"
        "    use_app_icon()\n"
        "    print(*seen, len(QApplication.windowIcon().availableSizes()))\n"
        "    QApplication.exit(0)\n"
        "app._contrast_style = at_first_paint\n"
        "app.open_library = instead_of_the_library\n"
        "app.use_app_icon = after_the_page\n"
        "sys.exit(app.run([]))\n"
    )
    shown = _printed_by(script)
    assert shown.split() == ["[]", "True", "ContrastStyle", "True", str(len(ICON_SIZES))]


def test_reopening_a_game_spares_strptime_and_qts_other_widget_classes(tmp_path) -> None:
    """Work the reopened game's first paint does not need: strptime's first call (it
    reads when the newest backup was made), PySide6 setting up every widget class of Qt
    (such as QWizard) to find the type of a widget Qt made itself, the grid's viewport,
    and the classes of the dialogs the page may ask with."""
    library = Library.open(tmp_path)
    library.set_last_open_game(library.add_game(game_with_hands(FOUR, 3)))
    library.close()
    assert list((tmp_path / "backups").iterdir())
    script = (
        "import sys\n"
        "from pathlib import Path\n"
        "import PySide6.QtWidgets\n"
        "from phase10_keeper.storage.library import Library\n"
        "from phase10_keeper.ui import app\n"
        "application = app._application([])\n"
        "window = app.MainWindow()\n"
        "window.show()\n"
        f"window.set_library(Library.open(Path({str(tmp_path)!r})))\n"
        "window.pages.game_view.grab()\n"
        "widgets = vars(PySide6.QtWidgets)\n"
        "print('_strptime' in sys.modules, [name for name in ('QWizard', 'QMessageBox',\n"
        "      'QFileDialog', 'QInputDialog') if name in widgets])\n"
        "window.library.close()\n"
    )
    shown = _printed_by(script)
    assert shown.split() == ["False", "[]"]


def test_a_status_bar_made_on_a_window_on_screen_shows_at_once(qtbot, real_library) -> None:
    """The page the library brings is laid out in the room the status bar leaves."""
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.set_library(real_library)
    assert window.statusBar().isVisible()
    assert window.status.save_label.isVisibleTo(window)


def test_the_log_file_handlers_load_with_the_first_record_not_at_start_up(tmp_path) -> None:
    script = (
        "import sys\n"
        "from pathlib import Path\n"
        "from phase10_keeper.ui import app, errors\n"
        "application = app._application([])\n"
        "window = app.launch()\n"
        f"errors.install(window, Path({str(tmp_path)!r}))\n"
        "assert 'logging.handlers' not in sys.modules\n"
        "errors.logger.error('the first record')\n"
        "assert 'logging.handlers' in sys.modules\n"
    )
    _printed_by(script)
    assert "the first record" in (tmp_path / "phase10-keeper.log").read_text(encoding="utf-8")


def test_the_sources_qt_had_read_are_let_go_once_the_library_is_open(launch) -> None:
    # Qt's bindings read each module imported after them into linecache.
    linecache.getlines(app.__file__)
    assert app.__file__ in linecache.cache
    launch()
    assert app.__file__ not in linecache.cache
