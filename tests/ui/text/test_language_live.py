"""Settings → Language is followed at once: the menus, the page shown and the others,
without losing what is typed or where the keys are."""

import re
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QLocale, QSettings, Qt, QTranslator
from PySide6.QtWidgets import QApplication, QLabel, QMenu

from phase10_keeper.language import words
from phase10_keeper.storage.library import Library
from phase10_keeper.ui.main_window import MainWindow
from phase10_keeper.ui.players.players_view import SORT_ROLE, Column
from phase10_keeper.ui.text.language_choice import start_in_language

from ..answers import Answers
from ..games import FOUR, game_with_hands

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints", "raise")


@pytest.fixture
def window(qtbot) -> Iterator[MainWindow]:
    app = QCoreApplication.instance()
    assert app is not None
    start_in_language(app, QSettings())
    library = Library.open()
    answers = Answers()
    window = MainWindow(library, prompts=answers, open_url=answers.open_url)
    window.show()
    qtbot.waitExposed(window)
    yield window
    # Gone before its library closes: the language set back below reaches every window.
    window.close()
    window.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
    library.close()
    for translator in app.findChildren(QTranslator):
        app.removeTranslator(translator)
        translator.deleteLater()
    QLocale.setDefault(QLocale.system())


def _choose(window: MainWindow, name: str) -> None:
    """The language picked in Settings → Language, as the user picks it."""
    menus = [action.menu() for action in window.menuBar().actions()]
    settings = next(m for m in menus if isinstance(m, QMenu) and m.actions()[0].menu())
    language = settings.actions()[0].menu()
    assert isinstance(language, QMenu)
    next(action for action in language.actions() if action.text() == name).trigger()


def _menu_titles(window: MainWindow) -> list[str]:
    return [action.text() for action in window.menuBar().actions() if action.isVisible()]


def _says(code: str, key: str, **values: object) -> str:
    return words(code)(key, **values)


def _check_game_page(window: MainWindow, code: str) -> None:
    view = window.pages.game_view
    assert view is not None
    form = view.form
    assert form.hint.text() == _says(code, "entry.hint")
    assert form.record_button.text() == _says(code, "entry.record_hand", number=4)
    headers = [label.text() for label in form.findChildren(QLabel, "columnHeader")]
    assert _says(code, "entry.column_went_out") in headers
    standings = view.standings_model
    titles = [
        standings.headerData(column, Qt.Orientation.Horizontal)
        for column in range(standings.columnCount())
    ]
    assert _says(code, "standings.now_on") in titles, titles
    grid = view.grid_model
    total = grid.headerData(grid.total_column, Qt.Orientation.Horizontal)
    assert total == _says(code, "grid.total"), total
    tabs = [view.side_tabs.tabText(index) for index in range(view.side_tabs.count())]
    assert tabs == [_says(code, "game.standings"), _says(code, "game.charts")]
    assert view.edit_actions()[0].text() == _says(code, "game.correct_selected")


def test_a_language_chosen_is_spoken_at_once_keeping_typing_and_focus(window, qtbot) -> None:
    assert window.library is not None
    game_id = window.library.add_game(game_with_hands(FOUR, 3))
    # Every page built in English before the language changes.
    window.navigation.show_library()
    window.navigation.show_players()
    assert window.navigation.open_game(game_id)
    view = window.pages.game_view
    assert view is not None
    row = view.form.rows()[1]
    field = next(iter(row.counts.values()))
    field.setFocus()
    qtbot.keyClicks(field, "7")
    assert field.text() == "7"
    _check_game_page(window, "en")

    _choose(window, "Deutsch")

    assert _menu_titles(window)[0] == _says("de", "window.menu_file")
    assert window.new_action.text() == _says("de", "window.new_game")
    assert window.statusBar().currentMessage() == _says(
        "de", "settings.language_now", language="Deutsch"
    )
    assert window.pages.game_view is view
    _check_game_page(window, "de")
    row = view.form.rows()[1]
    field = next(iter(row.counts.values()))
    assert field.text() == "7"
    assert field.hasFocus()
    assert view.form.has_typing()
    # The caret is where it was: the next digit goes on with the count.
    qtbot.keyClicks(field, "1")
    assert field.text() == "71"
    view.form.undo_typing()
    assert field.text() == "7"

    board = window.commands.show_scoreboard()
    assert board is not None
    _choose(window, "Polski")
    assert board.windowTitle() == _says("pl", "scoreboard.title")
    assert board.keys.text() == _says("pl", "scoreboard.keys")
    _choose(window, "Deutsch")
    assert board.windowTitle() == _says("de", "scoreboard.title")
    board.close()

    window.navigation.show_start()
    assert window.pages.start_view is not None
    assert window.pages.start_view.new_button.text() == _says("de", "start.new_game")
    window.navigation.show_library()
    assert window.pages.games_view is not None
    assert window.pages.games_view.search.placeholderText() == _says(
        "de", "games.filter_placeholder"
    )
    assert window.windowTitle() == _says("de", "window.library_title")
    players = window.navigation.show_players()
    assert players.filter_edit.placeholderText() == _says("de", "players.filter_placeholder")
    window.navigation.leave_library()
    assert window.pages.game_view is view

    _choose(window, "English")

    assert _menu_titles(window)[0] == _says("en", "window.menu_file")
    _check_game_page(window, "en")
    field = next(iter(view.form.rows()[1].counts.values()))
    assert field.text() == "7"


def test_the_start_page_follows_with_its_focus(window, qtbot) -> None:
    start = window.pages.start_view
    assert start is not None
    start.library_button.setFocus()
    _choose(window, "Deutsch")
    assert window.pages.start_view is not None
    assert window.pages.start_view.library_button.text() == _says("de", "start.library")
    assert QApplication.focusWidget() is window.pages.start_view.library_button
    window.navigation.show_library()
    assert window.pages.games_view is not None
    heading = window.navigation.stack.currentWidget().findChildren(QLabel)
    assert _says("de", "window.library_heading") in [label.text() for label in heading]


def test_the_help_windows_left_open_follow_the_language(window, qtbot) -> None:
    how_to = window.commands.how_to_keep_score()
    keys = window.commands.keyboard_help()
    _choose(window, "Deutsch")
    qtbot.waitUntil(lambda: keys.windowTitle() == _says("de", "help.shortcuts_title"))
    assert how_to.windowTitle() == _says("de", "help.how_to_title")
    step = re.sub(r"<[^>]+>", "", _says("de", "help.step_record"))
    assert step in how_to.browser.toPlainText()
    # The keys page reads the menus, worded again first.
    assert _says("de", "help.anywhere") in keys.browser.toPlainText()
    assert _says("de", "window.new_game").replace("&", "").rstrip("…") in keys.browser.toPlainText()


def test_the_players_page_and_the_charts_follow_the_language(window) -> None:
    assert window.library is not None
    game_id = window.library.add_game(game_with_hands(FOUR, 3))
    players = window.navigation.show_players()
    players.table.selectRow(0)
    assert window.navigation.open_game(game_id)
    view = window.pages.game_view
    assert view is not None
    totals = view.charts.totals
    _choose(window, "Deutsch")

    table = players.model
    heading = table.headerData(Column.POINTS_PER_HAND, Qt.Orientation.Horizontal)
    assert heading == _says("de", "players.column_points_per_hand")
    per_hand = table.index(0, Column.POINTS_PER_HAND).data()
    # Written as the German locale does, and sorted by the number still.
    assert re.fullmatch(r"\d+,\d", per_hand)
    assert table.index(0, Column.POINTS_PER_HAND).data(SORT_ROLE) == pytest.approx(
        float(per_hand.replace(",", ".")), abs=0.05
    )
    page = players.player_page
    heading = page.games_model.headerData(0, Qt.Orientation.Horizontal)
    assert heading == _says("de", "players.game_date")
    rivals = page.rivals_model.headerData(0, Qt.Orientation.Horizontal)
    assert rivals == _says("de", "players.rival_against")
    tabs = [page.tabs.tabText(index) for index in range(page.tabs.count())]
    assert tabs[0] == _says("de", "players.tab_games")
    assert tabs[3] == _says("de", "players.tab_rivals")
    assert page.form.table_button.text() == _says("de", "charts.table")
    assert totals.chart.accessibleName() == _says("de", "game_charts.totals_chart")
    assert totals.export_button.text() == _says("de", "charts.export")
