"""Names and titles that look like markup or reverse text are shown as typed, never obeyed."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QRect, QSettings, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QLabel, QMessageBox, QWidget

from phase10_keeper.rules import (
    MAX_NAME_LENGTH,
    Game,
    Problem,
    ProblemKey,
    Severity,
    clean_name,
    name_key,
    name_problem,
)
from phase10_keeper.ui.game.player_row import NAME_WIDTH
from phase10_keeper.ui.game.session import GameSession
from phase10_keeper.ui.main_window import MainWindow
from phase10_keeper.ui.text.escape import isolate
from phase10_keeper.ui.window_settings import restore_window_state, save_window_state

from .games import went_out

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")

MARKUP = "<b>Bo & Co</b>"
IMAGE = "<img src=x>"
OVERRIDE = "\u202eevil"
HOSTILE = (MARKUP, IMAGE, OVERRIDE, "Dana")

SMALLEST_LAPTOP_WIDTH = 1280


def hostile_game(players: tuple[str, ...] = HOSTILE, hands: int = 1) -> Game:
    game = Game(players=players, title=f"<i>{MARKUP}</i>")
    for number in range(hands):
        game = game.with_hand_appended(went_out(players, players[number % len(players)]))
    return game


def open_game(qtbot, library, game: Game) -> MainWindow:
    window = MainWindow()
    qtbot.addWidget(window)
    window.navigation.open_session(GameSession(game, library, library.add_game(game)))
    window.show()
    qtbot.waitExposed(window)
    return window


def labels_showing(widget: QWidget, *texts: str) -> list[QLabel]:
    return [
        label
        for label in widget.findChildren(QLabel)
        if any(text in label.text() for text in texts)
    ]


def test_every_label_with_a_name_shows_it_as_plain_text(qtbot, library) -> None:
    window = open_game(qtbot, library, hostile_game())
    found = labels_showing(window, MARKUP, IMAGE, OVERRIDE)
    assert found, "the names should be on screen"
    for label in found:
        assert label.textFormat() == Qt.TextFormat.PlainText, label.objectName() or label.text()


def test_names_in_sentences_are_isolated(qtbot, library) -> None:
    window = open_game(qtbot, library, hostile_game())
    sentences = [label.text() for label in labels_showing(window, " deals")]
    assert sentences
    for sentence in sentences:
        for name in HOSTILE:
            if name in sentence:
                assert isolate(name) in sentence, sentence


def test_the_undo_menu_isolates_names(qtbot, library) -> None:
    window = open_game(qtbot, library, hostile_game())
    assert window.pages.session is not None
    window.pages.session.rename_player(OVERRIDE, "\u202eworse")
    undo = window.pages.session.undo_stack.undoText()
    assert isolate(OVERRIDE) in undo
    assert isolate("\u202eworse") in undo


def test_a_warning_box_with_names_is_plain_text(qtbot, library, monkeypatch) -> None:
    shown: list[QMessageBox] = []

    def capture(box: QMessageBox) -> int:
        shown.append(box)
        return 0

    monkeypatch.setattr(QMessageBox, "exec", capture)
    window = open_game(qtbot, library, hostile_game())
    warning = Problem(Severity.WARNING, ProblemKey.NO_CARDS_NOT_OUT, {}, 1, MARKUP, "low")
    assert window.pages.game_view is not None
    window.pages.game_view.ask_to_accept_warnings([warning])
    assert shown
    assert shown[0].textFormat() == Qt.TextFormat.PlainText


def test_a_long_name_does_not_widen_the_window(qtbot, library) -> None:
    short = open_game(qtbot, library, hostile_game(("Ana", "Wu", "Bo"), hands=2))
    long_name = "W" * MAX_NAME_LENGTH
    window = open_game(qtbot, library, hostile_game(("Ana", long_name, "Bo"), hands=2))
    # The name is cut short in the entry form: it can take that column's width, no more.
    widened = window.minimumSizeHint().width() - short.minimumSizeHint().width()
    assert widened <= NAME_WIDTH
    assert window.minimumSizeHint().width() <= SMALLEST_LAPTOP_WIDTH


def test_a_saved_geometry_larger_than_the_screen_is_not_restored(qtbot) -> None:
    screen = QGuiApplication.primaryScreen().availableGeometry()
    big = MainWindow()
    qtbot.addWidget(big)
    big.setGeometry(QRect(0, 0, 99_699, 3_000))
    save_window_state(big, QSettings())
    window = MainWindow()
    qtbot.addWidget(window)
    restore_window_state(window, QSettings())
    assert window.width() <= screen.width()
    assert window.height() <= screen.height()


# Each name ends in a snowman, so a name such as "1" is not found in "1 hand played".
visible_names = (
    st.text(st.characters(exclude_categories=["Cs"]), max_size=16)
    .map(lambda text: clean_name(text + "\u2603"))
    .filter(lambda name: name_problem(name) is None)
)


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(names=st.lists(visible_names, min_size=2, max_size=6, unique_by=name_key))
def test_any_names_are_shown_as_plain_text(qtbot, library, names: list[str]) -> None:
    game = Game(players=tuple(names), title=names[0])
    game = game.with_hand_appended(went_out(game.players, game.players[0]))
    window = open_game(qtbot, library, game)
    for label in window.findChildren(QLabel):
        if any(name in label.text() for name in names):
            assert label.textFormat() == Qt.TextFormat.PlainText, label.text()
    window.close()


def test_a_long_name_is_cut_short_in_the_banner(qtbot, library) -> None:
    long_name = "W" * MAX_NAME_LENGTH
    window = open_game(qtbot, library, hostile_game((long_name, "Ana", "Bo"), hands=0))
    assert window.pages.game_view is not None
    detail = window.pages.game_view.banner.detail.text()
    assert long_name not in detail
    assert "WWWW…" in detail


def test_a_name_as_long_as_people_have_is_whole_in_the_banner(qtbot, library) -> None:
    names = ("Christopher Montgomery Jr", "Anne-Sophie Lefèvre-Dubois Sr", "Bo")
    window = open_game(qtbot, library, hostile_game(names, hands=0))
    assert window.pages.game_view is not None
    detail = window.pages.game_view.banner.detail.text()
    assert isolate(names[0]) in detail
    assert isolate(names[1]) in detail


def test_the_window_title_isolates_the_game_title(qtbot, library) -> None:
    window = open_game(qtbot, library, hostile_game())
    assert window.windowTitle().startswith(isolate(f"<i>{MARKUP}</i>"))


def test_the_players_page_shows_a_name_as_plain_text(qtbot) -> None:
    from phase10_keeper.storage.library import Library
    from phase10_keeper.ui.players.players_view import PlayersView

    from .answers import Answers

    with Library.open() as real:
        real.add_game(hostile_game())
        view = PlayersView(real, prompts=Answers())
        qtbot.addWidget(view)
        view.refresh()
        assert view.select_player(MARKUP)
        shown = labels_showing(view, MARKUP)
        assert shown
        for label in shown:
            assert label.textFormat() == Qt.TextFormat.PlainText
