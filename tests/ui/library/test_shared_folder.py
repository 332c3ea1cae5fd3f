"""Settings → Shared Folder in the window: two libraries sharing one folder (CONTRACTS §5),
each in a window of its own. A sync runs on a worker thread, never the window's; what it
brings shows on the pages; a game changed on both computers shows as a conflict, and the
keeper's choice is what both libraries end with; an unplugged folder is said and loses
nothing.

No sleeps: a sync is waited for through its `synced` signal (it runs on files in the
test's own folder), and the debounce timers are run by emitting their timeout."""

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from phase10_keeper.rules import Game
from phase10_keeper.storage import sync as exchange
from phase10_keeper.storage.library import Library
from phase10_keeper.storage.sync import SyncStopped, sync_library
from phase10_keeper.ui.library.conflicts import Choice, ConflictDialog
from phase10_keeper.ui.library.outside_changes import LibraryWatch
from phase10_keeper.ui.library.shared_folder import (
    SharedFolder,
    SyncDone,
    sharing,
)
from phase10_keeper.ui.main_window import MainWindow
from phase10_keeper.ui.settings import SHARED_FOLDER

from ..answers import Answers
from ..games import FOUR, went_out

WAIT_MS = 30_000
"""How long a test waits at most for a sync on its own files: only a sync that never
ends runs into it."""

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    shared = tmp_path / "shared"
    shared.mkdir()
    return shared


def _window(qtbot, data_dir: Path) -> MainWindow:
    window = MainWindow(Library.open(data_dir), prompts=Answers())
    qtbot.addWidget(window)
    return window


@pytest.fixture
def windows(qtbot, tmp_path: Path) -> Iterator[tuple[MainWindow, MainWindow]]:
    pair = (_window(qtbot, tmp_path / "a"), _window(qtbot, tmp_path / "b"))
    yield pair
    for window in pair:
        window.close()
        assert window.library is not None
        window.library.close()


def _synced(qtbot, window: MainWindow, start=None) -> SyncDone:
    """Runs a sync (or `start`, which starts one) and waits for it to end."""
    share = sharing(window)
    with qtbot.waitSignal(share.synced, timeout=WAIT_MS) as blocker:
        (start or share.sync_now)()
    done = blocker.args[0]
    assert isinstance(done, SyncDone)
    return done


def _share(qtbot, window: MainWindow, folder: Path) -> SyncDone:
    return _synced(qtbot, window, lambda: sharing(window).share(folder))


def _listed(library: Library) -> list[tuple[object, ...]]:
    """What converging means: the same games, alike, on every library."""
    return sorted(
        (game.uid, game.title, game.players, game.hands, game.conflict_of, game.deleted is None)
        for game in [*library.list_games(), *library.list_games(deleted=True)]
    )


def _same_everywhere(first: Library, second: Library) -> None:
    assert _listed(first) == _listed(second)
    for game in first.list_games():
        twin = next(other for other in second.list_games() if other.uid == game.uid)
        assert first.load_game(game.id).hands == second.load_game(twin.id).hands


def _start_game(window: MainWindow) -> int:
    assert window.library is not None
    game_id = window.library.add_game(Game(players=FOUR, title="Friday night"))
    window.navigation.open_game(game_id)
    return game_id


def test_a_hand_recorded_in_one_window_reaches_the_other_after_its_sync(
    qtbot, windows, folder: Path
) -> None:
    window_a, window_b = windows
    _share(qtbot, window_a, folder)
    _share(qtbot, window_b, folder)
    _start_game(window_a)
    hand = went_out(FOUR, "Priya")
    assert window_a.pages.session is not None
    window_a.pages.session.record_hand(hand)
    share_a = sharing(window_a)
    # The change starts the debounce; its end starts the sync, on another thread.
    share_a.check_changes()
    assert share_a.after_change.isActive()
    sent = _synced(qtbot, window_a, share_a.after_change.timeout.emit)
    assert sent.report is not None
    assert sent.report.sent == 1
    assert sent.thread != threading.get_ident()

    window_b.navigation.show_library()
    assert window_b.pages.games_view is not None
    assert window_b.pages.games_view.model.rowCount() == 0
    received = _synced(qtbot, window_b)
    assert received.report is not None
    assert received.report.received == 1
    assert received.thread != threading.get_ident()
    # The page shown took the game in as soon as the sync ended.
    view = window_b.pages.games_view
    assert view.model.rowCount() == 1
    assert view.model.summary(0).hands == 1
    assert window_b.library is not None
    assert window_a.library is not None
    _same_everywhere(window_a.library, window_b.library)
    line = sharing(window_b).status_line()
    assert line is not None
    assert not line.isHidden()
    # It publishes what it holds, the game just received too.
    assert "Sent: 1. Received: 1. Conflicts to choose: 0." in line.text()
    # Nothing new: a second round on each changes nothing.
    for window in windows:
        again = _synced(qtbot, window)
        assert again.report is not None
        assert (again.report.sent, again.report.received) == (0, 0)


def _conflict(qtbot, windows, folder: Path) -> None:
    """The same game with a different first hand on each computer, synced both ways."""
    window_a, window_b = windows
    _share(qtbot, window_a, folder)
    _start_game(window_a)
    _synced(qtbot, window_a)
    _share(qtbot, window_b, folder)
    assert window_b.library is not None
    (game,) = window_b.library.list_games()
    window_b.navigation.open_game(game.id)
    assert window_a.pages.session is not None
    assert window_b.pages.session is not None
    window_a.pages.session.record_hand(went_out(FOUR, "Priya"))
    window_b.pages.session.record_hand(went_out(FOUR, "Kwame"))
    _synced(qtbot, window_a)
    kept = _synced(qtbot, window_b)
    assert kept.report is not None
    assert len(kept.report.conflicts) == 1
    _synced(qtbot, window_a)


@pytest.mark.parametrize("choice", list(Choice))
def test_a_conflict_shows_and_the_keepers_choice_is_what_both_end_with(
    qtbot, windows, folder: Path, choice: Choice
) -> None:
    window_a, window_b = windows
    _conflict(qtbot, windows, folder)
    for window in windows:
        window.navigation.show_library()
        view = window.pages.games_view
        assert view is not None
        assert not view.conflict_bar.isHidden()
        assert "at once: 1." in view.conflict_bar.text.text()
        assert len(view.model.conflicts) == 2
        assert window.library is not None
        assert len(window.library.list_games()) == 2
    assert window_a.library is not None
    assert window_b.library is not None
    _same_everywhere(window_a.library, window_b.library)

    view = window_b.pages.games_view
    assert view is not None
    # The bar lists only the games with a conflict.
    view.conflict_bar.show_button.click()
    assert view.proxy.rowCount() == 2
    shown: list[ConflictDialog] = []

    def answer(dialog: ConflictDialog) -> bool:
        shown.append(dialog)
        dialog.choose(choice)
        return True

    assert isinstance(window_b.prompts, Answers)
    window_b.prompts.dialog_answer = answer
    first_id, second_id = view.model.conflicts[min(view.model.conflicts)]
    second_hands = window_b.library.load_game(second_id).hands
    view.table.selectRow(0)
    view.open_selected()
    # The two versions side by side: the hands differ, so the totals are in bold.
    (dialog,) = shown
    totals = dialog.cells[3]
    assert totals[0].text() != totals[1].text()
    assert totals[0].font().bold()
    assert window_b.pages.session is not None  # the game open before stays open
    assert view.conflict_bar.isHidden()
    assert not view.conflict_bar.show_button.isChecked()
    live = window_b.library.list_games()
    assert all(game.conflict_of is None for game in live)
    assert len(live) == (2 if choice is Choice.BOTH else 1)
    if choice is Choice.SECOND:
        assert window_b.library.load_game(first_id).hands == second_hands

    _synced(qtbot, window_b)
    _synced(qtbot, window_a)
    _same_everywhere(window_a.library, window_b.library)
    for window in windows:
        window.navigation.show_library()
        assert window.pages.games_view is not None
        assert window.pages.games_view.conflict_bar.isHidden()
    # And it stays so.
    for window in windows:
        again = _synced(qtbot, window)
        assert again.report is not None
        assert (again.report.sent, again.report.received) == (0, 0)


def test_an_unplugged_folder_is_said_and_nothing_is_lost(qtbot, windows, folder: Path) -> None:
    window_a, _ = windows
    _share(qtbot, window_a, folder)
    _start_game(window_a)
    assert window_a.pages.session is not None
    window_a.pages.session.record_hand(went_out(FOUR, "Priya"))
    marker = folder / "phase10-keeper" / "folder.json"
    kept_marker = marker.read_bytes()
    # The stick is pulled out: its mount point is an empty folder.
    marker.unlink()
    window_a.navigation.show_library()
    failed = _synced(qtbot, window_a)
    assert failed.report is None
    assert failed.problem is not None
    line = sharing(window_a).status_line()
    assert line is not None
    assert "is the drive plugged in?" in line.text()
    assert "nothing is lost" in line.text()
    assert "plugged in" in window_a.statusBar().currentMessage()
    assert not (folder / "phase10-keeper" / "folder.json").exists()
    assert window_a.library is not None
    (game,) = window_a.library.list_games()
    assert game.hands == 1
    # Sharing goes on: the slow timer tries again, and the stick back in, it syncs.
    assert sharing(window_a).every.isActive()
    marker.write_bytes(kept_marker)
    done = _synced(qtbot, window_a, sharing(window_a).every.timeout.emit)
    assert done.report is not None
    assert done.report.sent == 1
    assert "Sent: 1." in line.text()


def test_the_setting_chooses_a_folder_and_stops_sharing(qtbot, windows, folder: Path) -> None:
    window_a, _ = windows
    answers = window_a.prompts
    assert isinstance(answers, Answers)
    answers.folder_answer = folder
    share = sharing(window_a)
    done = _synced(qtbot, window_a, share.action.trigger)
    assert done.report is not None
    assert QSettings().value(SHARED_FOLDER.key) == str(folder)
    assert (folder / "phase10-keeper" / "folder.json").is_file()
    # Chosen again while sharing, it offers to stop.
    answers.confirm_answer = True
    share.action.trigger()
    assert QSettings().value(SHARED_FOLDER.key) is None
    assert not share.every.isActive()
    assert not share.watcher.directories()
    assert "no longer shared" in share.status
    share.check_changes()
    share.sync_now()
    assert share.worker is None


def test_one_sync_at_a_time_and_another_after_it_when_asked_meanwhile(
    qtbot, windows, folder: Path
) -> None:
    window_a, _ = windows
    share = sharing(window_a)
    QSettings().setValue(SHARED_FOLDER.key, str(folder))
    runs: list[SyncDone] = []
    share.synced.connect(runs.append)
    share.sync_now()
    worker = share.worker
    assert worker is not None
    share.sync_now()
    assert share.worker is worker
    qtbot.waitUntil(lambda: len(runs) == 2, timeout=WAIT_MS)
    assert runs[0].thread != threading.get_ident()
    assert runs[1].thread != threading.get_ident()
    assert share.worker is None


def test_the_watch_follows_other_computers_folders_not_its_own(
    qtbot, windows, folder: Path
) -> None:
    window_a, window_b = windows
    _share(qtbot, window_a, folder)
    _share(qtbot, window_b, folder)
    assert window_a.library is not None
    assert window_b.library is not None
    devices = folder / "phase10-keeper" / "devices"
    own, other = window_b.library.device_id(), window_a.library.device_id()
    watched = set(sharing(window_b).watcher.directories())
    assert str(devices) in watched
    assert str(devices / other) in watched
    assert str(devices / own) not in watched
    # Files arriving in the other computer's folder start the debounce.
    share = sharing(window_b)
    share._arrived(str(devices / other))
    assert share.after_arrival.isActive()


def test_the_window_syncs_once_drawn_and_lets_a_sync_end_when_it_closes(
    qtbot, tmp_path: Path, folder: Path
) -> None:
    QSettings().setValue(SHARED_FOLDER.key, str(folder))
    window = _window(qtbot, tmp_path / "a")
    share = window.findChild(SharedFolder)
    assert isinstance(share, SharedFolder)
    assert share.worker is None
    with qtbot.waitSignal(share.synced, timeout=WAIT_MS):
        window.show()
    share.sync_now()
    worker = share.worker
    assert worker is not None
    window.close()
    assert not worker.is_alive()
    assert not share.every.isActive()
    assert window.library is not None
    window.library.close()


def test_a_save_of_the_open_game_meets_a_newer_version_synced_before_the_window_looked(
    qtbot, windows, folder: Path
) -> None:
    window_a, window_b = windows
    _share(qtbot, window_a, folder)
    _start_game(window_a)
    _synced(qtbot, window_a)
    _share(qtbot, window_b, folder)
    assert window_b.library is not None
    (game,) = window_b.library.list_games()
    window_b.navigation.open_game(game.id)
    window_b.show()
    a_hand, b_hand = went_out(FOUR, "Priya"), went_out(FOUR, "Kwame")
    assert window_a.pages.session is not None
    assert window_b.pages.session is not None
    window_a.pages.session.record_hand(a_hand)
    _synced(qtbot, window_a)
    # B's library takes A's hand from another connection, between two looks of B's window
    # (which looks no more here).
    watch = window_b.findChild(LibraryWatch)
    assert isinstance(watch, LibraryWatch)
    watch.timer.stop()
    sync_library(window_b.library.data_dir, folder)
    # B's copy is stale: its hand is not saved over A's; B shows A's hand, with its own
    # back in the form to record next.
    window_b.pages.session.record_hand(b_hand)
    view = window_b.pages.game_view
    assert view is not None
    qtbot.waitUntil(lambda: not view.save_problem.isHidden(), timeout=WAIT_MS)
    assert window_b.library.load_game(game.id).hands == (a_hand,)
    assert window_b.pages.session.game.hands == (a_hand,)
    assert view.form.draft.went_out == "Kwame"
    view.form.submit()
    assert window_b.library.load_game(game.id).hands == (a_hand, b_hand)


def _open_on_both(qtbot, windows, folder: Path) -> int:
    """A game started in window A, shared, and open in window B too; its id in B."""
    window_a, window_b = windows
    _share(qtbot, window_a, folder)
    _start_game(window_a)
    _synced(qtbot, window_a)
    _share(qtbot, window_b, folder)
    assert window_b.library is not None
    (game,) = window_b.library.list_games()
    assert window_b.navigation.open_game(game.id)
    window_b.show()
    return game.id


def test_a_sync_that_brings_a_newer_version_of_the_open_game_shows_it_at_once(
    qtbot, windows, folder: Path
) -> None:
    window_a, window_b = windows
    game_id = _open_on_both(qtbot, windows, folder)
    a_hand, b_hand = went_out(FOUR, "Priya"), went_out(FOUR, "Kwame")
    assert window_a.pages.session is not None
    window_a.pages.session.record_hand(a_hand)
    _synced(qtbot, window_a)
    stale = window_b.pages.session
    assert stale is not None
    assert stale.game.hands == ()
    received = _synced(qtbot, window_b)
    assert received.report is not None
    assert received.report.received == 1
    # Shown as soon as the sync ended, on the game's page, without a save refused first.
    session, view = window_b.pages.session, window_b.pages.game_view
    assert session is not None
    assert view is not None
    assert session is not stale
    assert session.game.hands == (a_hand,)
    assert window_b.navigation.shown_page is view
    assert view.save_problem.isHidden()
    session.record_hand(b_hand)
    assert view.save_problem.isHidden()
    assert window_b.library is not None
    assert window_b.library.load_game(game_id).hands == (a_hand, b_hand)
    # A sync that brings nothing new leaves the open game as it is.
    _synced(qtbot, window_b)
    assert window_b.pages.session is session


def test_the_open_game_takes_a_newer_version_while_another_page_is_shown(
    qtbot, windows, folder: Path
) -> None:
    window_a, window_b = windows
    _open_on_both(qtbot, windows, folder)
    a_hand = went_out(FOUR, "Priya")
    assert window_a.pages.session is not None
    window_a.pages.session.record_hand(a_hand)
    _synced(qtbot, window_a)
    window_b.navigation.show_library()
    games = window_b.pages.games_view
    _synced(qtbot, window_b)
    assert window_b.navigation.shown_page is games
    assert window_b.pages.session is not None
    assert window_b.pages.session.game.hands == (a_hand,)
    window_b.navigation.leave_library()
    assert window_b.pages.game_view is not None
    assert window_b.navigation.shown_page is window_b.pages.game_view


def test_closing_the_window_stops_a_sync_running_at_once_and_asks_nothing(
    qtbot, tmp_path: Path, folder: Path, monkeypatch
) -> None:
    QSettings().setValue(SHARED_FOLDER.key, str(folder))
    window = _window(qtbot, tmp_path / "a")
    share = sharing(window)
    running = threading.Event()
    stopped: list[bool] = []

    def endless(library: Library, shared: Path, *, stop: threading.Event) -> None:
        """A sync with no end but being asked to stop."""
        running.set()
        stopped.append(stop.wait(WAIT_MS / 1000))
        raise SyncStopped

    monkeypatch.setattr(exchange, "sync", endless)
    share.sync_now()
    worker = share.worker
    assert worker is not None
    assert running.wait(WAIT_MS / 1000)
    status = share.status
    window.close()
    # Asked to stop, the sync ended before the window was gone.
    assert stopped == [True]
    assert not worker.is_alive()
    assert isinstance(window.prompts, Answers)
    assert window.prompts.asked == []
    qtbot.waitUntil(lambda: share.worker is None, timeout=WAIT_MS)
    # A sync stopped says nothing, and starts no other.
    assert share.status == status
    assert share.worker is None
    assert not share.after_change.isActive()
    assert window.library is not None
    window.library.close()


def test_the_line_on_how_sharing_went_follows_a_change_of_language(
    qtbot, windows, folder: Path
) -> None:
    from PySide6.QtCore import QCoreApplication, QEvent

    from phase10_keeper.language import words
    from phase10_keeper.ui.text.translate import use_language

    window, _ = windows
    window.navigation.show_library()
    done = _share(qtbot, window, folder)
    assert done.report is not None
    line = sharing(window).status_line()
    assert line is not None
    english = line.text()
    use_language("de")
    try:
        QCoreApplication.sendEvent(window, QEvent(QEvent.Type.LanguageChange))
        report = done.report
        said = words("de")(
            "sharing.synced",
            time=english.split()[3].rstrip("."),
            sent=report.sent,
            received=report.received,
            conflicts=len(report.conflicts),
        )
        assert line.text() == said
    finally:
        use_language("en")
        QCoreApplication.sendEvent(window, QEvent(QEvent.Type.LanguageChange))
    assert line.text() == english
