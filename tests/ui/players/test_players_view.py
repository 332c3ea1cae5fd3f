"""The Players page: the model, sorting and filtering, a player's page, and renaming or
merging a player across the library as one undoable change."""

import re
from dataclasses import replace

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHeaderView, QTableView

from phase10_keeper.rules import Game, build_rules
from phase10_keeper.stats import PhaseTally, Records
from phase10_keeper.storage.library import Library
from phase10_keeper.ui.main_window import MainWindow
from phase10_keeper.ui.players.player_games import games_headings
from phase10_keeper.ui.players.players_view import (
    Column,
    PlayersView,
    phase_words,
    records_words,
)
from phase10_keeper.ui.text.wording import date_text
from phase10_keeper.ui.widgets.charts import BarChart, LineChart
from phase10_keeper.ui.widgets.text_table import TextTableModel

from ..answers import Answers
from ..games import game_with_hands, went_out

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")

ONE_PHASE = build_rules(target=1)


@pytest.fixture
def library():
    """Three games: Priya wins two short ones, Bob and Robert sit at different tables."""
    library = Library.open()
    first = game_with_hands(("Priya", "Bob"), 1, ONE_PHASE)
    library.add_game(replace(first, started="2026-01-01T20:00:00+00:00", title="New Year"))
    second = game_with_hands(("Priya", "Robert", "Cleo"), 1, ONE_PHASE)
    library.add_game(replace(second, started="2026-01-02T20:00:00+00:00", title="Monday"))
    third = game_with_hands(("Cleo", "Robert"), 2)
    library.add_game(replace(third, started="2026-01-03T20:00:00+00:00", title="Sunday"))
    yield library
    library.close()


@pytest.fixture
def answers() -> Answers:
    return Answers()


@pytest.fixture
def view(qtbot, library, answers) -> PlayersView:
    view = PlayersView(library, answers)
    qtbot.addWidget(view)
    view.refresh()
    return view


def live_games(library: Library) -> list[tuple[int, Game]]:
    return [(game.id, library.load_game(game.id)) for game in reversed(library.list_games())]


def _names(view: PlayersView) -> list[str]:
    proxy = view.proxy
    return [proxy.index(row, Column.PLAYER).data() for row in range(proxy.rowCount())]


def test_the_models_pass_the_model_tester(view, qtmodeltester) -> None:
    qtmodeltester.check(view.model)
    qtmodeltester.check(view.proxy)
    qtmodeltester.check(view.player_page.games_model)
    qtmodeltester.check(view.player_page.rivals_model)
    # Read-only, and the rows go without headings.
    assert not view.model.index(0, Column.PLAYER).flags() & Qt.ItemFlag.ItemIsEditable
    assert view.model.headerData(0, Qt.Orientation.Vertical) is None


def test_every_player_is_listed_most_wins_first(view) -> None:
    assert _names(view) == ["Priya", "Bob", "Cleo", "Robert"]
    priya = view.proxy.index(0, Column.WIN_RATE)
    assert priya.data() == "100%"
    assert view.proxy.index(0, Column.GAMES).data() == "2"
    # Cleo has finished one game, which she lost.
    assert view.proxy.index(2, Column.WIN_RATE).data() == "0%"


def test_sorting_and_filtering(view) -> None:
    view.table.sortByColumn(Column.GAMES, Qt.SortOrder.DescendingOrder)
    # Of equals, the order before: most wins, then by name.
    assert _names(view) == ["Priya", "Cleo", "Robert", "Bob"]
    view.table.sortByColumn(Column.PLAYER, Qt.SortOrder.AscendingOrder)
    assert _names(view) == ["Bob", "Cleo", "Priya", "Robert"]
    view.filter_edit.setText("RO")
    assert _names(view) == ["Robert"]
    view.filter_edit.clear()
    assert len(_names(view)) == 4


def test_a_players_page_has_their_games_form_phases_and_rivals(view) -> None:
    assert view.select_player("cleo")
    page = view.player_page
    assert page.heading.text() == "Cleo"
    assert page.games_model.rowCount() == 2
    # Newest game first.
    assert page.games_model.index(0, 1).data() == "Sunday"
    form = page.form.chart
    assert isinstance(form, LineChart)
    assert form.series_count() == 1
    assert form.data.point_count == 2
    phases = page.phases.chart
    assert isinstance(phases, BarChart)
    assert phases.series_count() == 1
    rivals = page.rivals_model
    assert [rivals.index(row, 0).data() for row in range(rivals.rowCount())] == [
        "Priya",
        "Robert",
    ]
    assert view.library_phases.chart.series_count() == 1
    games = page.games_model
    assert [games.game_id(row) for row in range(games.rowCount())] == [3, 2]


def test_a_players_games_are_fitted_and_worded_as_every_row_would_be(view) -> None:
    """Robert's games, worded as the view asks for them: each column but the title as
    wide as Qt's own fitting over every row makes it, and the form chart's words for
    each game, the first played first."""
    assert view.select_player("robert")
    page = view.player_page
    games = page.games_model
    texts = [
        [games.index(row, column).data() for column in range(games.columnCount())]
        for row in range(games.rowCount())
    ]
    assert texts[0][1:] == ["Sunday", "2 of 2", texts[0][3], texts[0][4]]
    measured_model = TextTableModel(games_headings())
    measured = QTableView()
    measured.setModel(measured_model)
    header = measured.horizontalHeader()
    header.setResizeContentsPrecision(-1)
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    measured_model.set_rows(texts)
    for column in (0, 2, 3, 4):
        assert page.games.columnWidth(column) == measured.columnWidth(column), column
    form = page.form.chart
    assert isinstance(form, LineChart)
    details = form.data.lines[0].details
    assert len(details) == 2
    assert details[0] == f"Game 1 (Monday): 2 of 3, {texts[1][3]} points per hand"
    assert details[-1] == f"Game 2 (Sunday): 2 of 2, {texts[0][3]} points per hand"
    assert list(details[1:]) == [details[1]]


def test_a_players_page_has_their_records_across_game_nights(view, answers) -> None:
    """Priya won both finished games, the second after the first: a streak of two."""
    assert view.select_player("Priya")
    records = view.player_page.records
    assert records.accessibleName() == "Records across game nights"
    assert records.text() == (
        "Records across game nights: best total 0 · fastest win in 1 hand"
        " · longest winning streak 2, now 2."
    )
    # Bob never won: no streak is said of him, not "streak 0, now 0".
    assert view.select_player("Bob")
    assert records.text() == "Records across game nights: best total 50 · nemesis Priya."
    assert records_words(Records()) == (
        "Records across game nights: none yet, until a game they sat in is finished."
    )


def test_a_streak_that_has_ended_is_said_without_a_streak_of_0_now() -> None:
    ended = Records(best_total=40, fastest_win=9, best_streak=3, current_streak=0)
    assert records_words(ended) == (
        "Records across game nights: best total 40 · fastest win in 9 hands"
        " · longest winning streak 3."
    )
    going = Records(best_total=40, fastest_win=9, best_streak=3, current_streak=1)
    assert "longest winning streak 3, now 1." in records_words(going)


def test_records_follow_a_rename(view, answers) -> None:
    assert view.select_player("Priya")
    assert view.rename_selected("Pri")
    assert view.select_player("Bob")
    assert view.player_page.records.text().endswith("nemesis Pri.")


def test_a_phase_record_counts_attempts_and_names_the_tries_only_after_a_miss() -> None:
    assert phase_words(PhaseTally(3, attempts=1, made=1)) == "made 1 of 1 attempt (100%)"
    assert phase_words(PhaseTally(3, attempts=4, made=4)) == "made 4 of 4 attempts (100%)"
    assert phase_words(PhaseTally(3, attempts=3, made=0)) == "made 0 of 3 attempts (0%)"
    assert (
        phase_words(PhaseTally(3, attempts=5, made=2))
        == "made 2 of 5 attempts (40%), 2.5 tries each"
    )
    assert phase_words(PhaseTally(3, attempts=6, made=3)).endswith(", 2 tries each")


def test_the_players_page_writes_dates_and_numbers_as_the_locale_does(view, german_locale) -> None:
    view.refresh()
    assert view.select_player("Cleo")
    page = view.player_page
    date, _, _, per_hand, _ = (page.games_model.index(0, column).data() for column in range(5))
    assert re.fullmatch(r"\d\d\.\d\d\.\d\d", date)
    assert re.fullmatch(r"\d+,\d", per_hand)
    assert view.model.index(0, Column.POINTS_PER_HAND).data().count(",") == 1
    assert phase_words(PhaseTally(3, attempts=5, made=2)).endswith("2,5 tries each")


def test_a_game_without_a_start_date_is_dated_by_when_it_entered_the_library(
    qtbot, answers
) -> None:
    # As on the saved-games page and in `games list`: an imported file that gave no start
    # date is dated by its import, not left with an empty Date cell.
    library = Library.open()
    try:
        library.add_game(game_with_hands(("Priya", "Bob"), 1, ONE_PHASE))
        entered = library.list_games()[0].created
        view = PlayersView(library, answers)
        qtbot.addWidget(view)
        view.refresh()
        assert view.select_player("Priya")
        assert entered
        assert view.player_page.games_model.index(0, 0).data() == date_text(entered)
    finally:
        library.close()


def test_a_name_that_looks_like_a_placeholder_is_shown_as_typed(view, answers) -> None:
    assert view.select_player("Bob")
    answers.confirm_answer = False
    assert not view.rename_selected("{new} %3 {count}")
    assert answers.asked[-1] == "Rename Bob to {new} %3 {count} in every game (1)?"


def test_renaming_a_player_changes_every_game_and_undoes_as_one(view, library, answers) -> None:
    assert view.select_player("Robert")
    answers.text_answer = "Rob"
    assert view.rename_selected()
    assert answers.asked[-1] == "Rename Robert to Rob in every game (2)?"
    assert [game.players for _, game in live_games(library)] == [
        ("Priya", "Bob"),
        ("Priya", "Rob", "Cleo"),
        ("Cleo", "Rob"),
    ]
    assert "Rob" in library.roster()
    assert "Robert" not in library.roster()
    assert _names(view)[-1] == "Rob"
    assert view.selected_player() is not None
    assert view.undo_stack.undoText() == "rename Robert to Rob"
    view.undo_stack.undo()
    assert [game.players for _, game in live_games(library)][2] == ("Cleo", "Robert")
    assert "Robert" in _names(view)
    view.undo_stack.redo()
    assert "Rob" in _names(view)


def test_merging_two_spellings_of_one_person(view, library, answers) -> None:
    view.select_player("Bob")
    assert view.rename_selected("robert")
    assert answers.asked == ["Merge Bob into Robert? Their game will say Robert."]
    assert _names(view) == ["Priya", "Cleo", "Robert"]
    robert = view.stats.player("Robert")
    assert robert is not None
    assert robert.games == 3
    assert live_games(library)[0][1].players == ("Priya", "Robert")
    view.undo_stack.undo()
    assert live_games(library)[0][1].players == ("Priya", "Bob")
    view.select_player("Cleo")
    answers.confirm_answer = False
    assert not view.rename_selected("bob")
    assert answers.asked[-1] == "Merge Cleo into Bob? Their games (2) will all say Bob."


def test_two_people_at_one_table_cannot_be_merged(view, library, answers) -> None:
    view.select_player("Cleo")
    assert not view.rename_selected("Robert")
    assert answers.warnings == [
        "Cleo and Robert both played in the game “Monday”, so they are two people."
    ]
    assert view.undo_stack.count() == 0


def test_a_rename_can_be_declined_or_refused(view, library, answers) -> None:
    view.select_player("Bob")
    answers.confirm_answer = False
    assert not view.rename_selected("Bobby")
    assert live_games(library)[0][1].players == ("Priya", "Bob")
    assert not view.rename_selected("   ")
    assert answers.warnings[-1].endswith("a player's name is empty")
    answers.text_answer = None
    assert not view.rename_selected()


def test_the_window_reaches_the_page_and_reloads_the_open_game(qtbot, library, answers) -> None:
    window = MainWindow(library, prompts=answers)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert window.pages.start_view is not None
    window.pages.start_view.players_button.click()
    assert window.navigation.shown_page is window.pages.players_view
    window.back_action.trigger()
    assert window.navigation.stack.currentWidget() is window.pages.start_view
    window.players_action.trigger()
    view = window.pages.players_view
    assert view is not None
    # Activating one of a player's games opens it.
    view.select_player("Robert")
    games = view.player_page.games
    games.activated.emit(games.model().index(0, 0))
    assert window.pages.session is not None
    assert window.pages.session.game.title == "Sunday"
    assert window.navigation.stack.currentWidget() is window.pages.game_view
    window.players_action.trigger()
    assert window.undo_action.isVisible()
    view.select_player("Robert")
    assert view.rename_selected("Rob")
    assert window.pages.session is not None
    assert window.pages.session.game.players == ("Cleo", "Rob")
    assert window.navigation.shown_page is window.pages.players_view
    assert window.undo_action.text() == "Undo rename Robert to Rob"
    window.undo_action.trigger()
    assert window.pages.session.game.players == ("Cleo", "Robert")
    # Back on the game page, undo is the game's again.
    window.back_action.trigger()
    assert window.navigation.stack.currentWidget() is window.pages.game_view
    window.pages.session.record_hand(went_out(("Cleo", "Robert"), "Cleo"))
    assert window.undo_action.text() == "Undo record hand 3"


def test_a_long_name_fits_its_column_on_a_laptop(qtbot, answers) -> None:
    name = "Anne-Sophie Lefèvre-Dubois"
    with Library.open() as library:
        library.add_game(game_with_hands((name, "Christopher Montgomery Jr"), 2))
        view = PlayersView(library, answers)
        qtbot.addWidget(view)
        view.resize(1280, 600)
        view.show()
        qtbot.waitExposed(view)
        view.refresh()
        table = view.table
        room = table.columnWidth(Column.PLAYER) - 2 * table.style().pixelMetric(
            table.style().PixelMetric.PM_FocusFrameHMargin
        )
        assert table.fontMetrics().horizontalAdvance(name) < room


def test_a_player_who_made_every_phase_first_time_has_no_hardest_phase(view) -> None:
    # Priya made phase 1 at her only tries: no phase was hard for her.
    row = _names(view).index("Priya")
    cell = view.proxy.index(row, Column.HARDEST)
    # Said in the words `stats` prints, not as a dash (which says nothing is known).
    assert cell.data() == "never missed"
    assert cell.data(Qt.ItemDataRole.ToolTipRole) == "Every phase made at the first try"
    assert view.select_player("priya")
    phases = view.player_page.phases.chart
    assert isinstance(phases, BarChart)
    assert phases.data.highlight is None
    # Bob missed phase 1: it is his hardest.
    assert view.proxy.index(_names(view).index("Bob"), Column.HARDEST).data() == "1"


def test_an_empty_head_to_head_table_says_why(qtbot, answers) -> None:
    library = Library.open()
    library.add_game(game_with_hands(("Dee", "Eli"), 1))  # not finished
    view = PlayersView(library, answers)
    qtbot.addWidget(view)
    view.refresh()
    assert view.select_player("dee")
    page = view.player_page
    assert page.rivals_model.rowCount() == 0
    assert page.rivals.isHidden()
    assert not page.rivals_note.isHidden()
    assert page.rivals_note.text() == (
        "No finished game with others yet: head-to-head records count finished games."
    )
    library.close()


def test_a_game_a_player_left_says_they_left_and_before_which_hand(qtbot, answers) -> None:
    from phase10_keeper.rules import Leave

    library = Library.open()
    game = game_with_hands(("Ana", "Ben", "Cy"), 2).with_seating_change(Leave(3, "Cy"))
    # Ana and Ben play on and the game ends: it is finished, but not for Cy.
    library.add_game(game_with_hands_after(game, 20))
    view = PlayersView(library, answers)
    qtbot.addWidget(view)
    view.refresh()
    assert view.select_player("cy")
    assert view.player_page.games_model.index(0, 4).data() == "left before hand 3"
    assert view.select_player("ben")
    assert view.player_page.games_model.index(0, 4).data() in ("won", "finished")
    library.close()


def game_with_hands_after(game: Game, hands: int) -> Game:
    """`game` played on by whoever is seated until it ends (at most `hands` more)."""
    from phase10_keeper.rules import Status, replay

    for _ in range(hands):
        state = replay(game).final
        if state.status is Status.FINISHED:
            break
        seated = state.participants()
        game = game.with_hand_appended(went_out(seated, seated[0]))
    return game


@pytest.mark.parametrize("language", ["de", "pl"])
def test_long_names_in_the_players_table_are_read_whole_at_1280x720(qtbot, language) -> None:
    from PySide6.QtCore import QRect
    from PySide6.QtWidgets import QApplication, QStyle

    from phase10_keeper.ui.text.translate import use_language

    use_language(language)
    names = (
        "Maximilian Alexander Featherstonehaugh",
        "Alexandra-Sophie von Hohenzollern",
        "Małgorzata Brzęczyszczykiewicz",
    )
    library = Library.open()
    library.add_game(game_with_hands(names, 2))
    window = MainWindow(library)
    qtbot.addWidget(window)
    window.resize(1280, 630)
    window.show()
    qtbot.waitExposed(window)
    table = window.navigation.show_players().table
    QApplication.processEvents()
    margin = table.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, table) + 1
    room = table.columnWidth(Column.PLAYER) - 2 * margin
    for row in range(table.model().rowCount()):
        name = table.model().index(row, Column.PLAYER).data()
        if not table.wordWrap():
            assert table.fontMetrics().horizontalAdvance(name) <= room, name
            continue
        needed = table.fontMetrics().boundingRect(
            QRect(0, 0, room, 10_000), Qt.TextFlag.TextWordWrap, name
        )
        assert needed.width() <= room, name
        assert needed.height() <= table.rowHeight(row), name
    window.close()
    library.close()


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_the_players_detail_tabs_are_reached_by_keys(qtbot, library) -> None:
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    window = MainWindow(library)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    players = window.navigation.show_players()
    players.table.selectRow(0)
    players.table.setFocus()
    tabs = players.player_page.tabs
    # Ctrl+PgDown and Ctrl+Tab from the table turn the player's tabs.
    QTest.keyClick(players.table, Qt.Key.Key_PageDown, Qt.KeyboardModifier.ControlModifier)
    assert tabs.currentIndex() == 1
    QTest.keyClick(players.table, Qt.Key.Key_Tab, Qt.KeyboardModifier.ControlModifier)
    assert tabs.currentIndex() == 2
    QTest.keyClick(players.table, Qt.Key.Key_PageUp, Qt.KeyboardModifier.ControlModifier)
    assert tabs.currentIndex() == 1
    # Tab leaves the table (it no longer walks its cells) and reaches the tab bar.
    players.table.setFocus()
    for _ in range(12):
        focused = QApplication.focusWidget()
        assert focused is not None
        QTest.keyClick(focused, Qt.Key.Key_Tab)
        if QApplication.focusWidget() is tabs.tabBar():
            break
    assert QApplication.focusWidget() is tabs.tabBar()


def test_reading_again_keeps_the_statistics_until_a_game_changes(view, library) -> None:
    made = view.stats
    view.refresh()
    assert view.stats is made
    priya = view.stats.player("Priya")
    assert priya is not None
    assert priya.games == 2
    library.rename_game(1, "New Year's Day")
    view.refresh()
    assert view.stats is not made
    assert view.stats == made
    assert "New Year's Day" in [game.title for game in view.games]
    library.delete_game(1)
    view.refresh()
    priya = view.stats.player("Priya")
    assert priya is not None
    assert priya.games == 1


def test_the_saved_games_page_reads_a_rename_itself_and_the_players_page_a_deletion(
    qtbot, library, answers
) -> None:
    """Each page reads what another changed in the library from the one runner of
    changes, and shows it without being shown again."""
    window = MainWindow(library, prompts=answers)
    qtbot.addWidget(window)
    window.navigation.show_library()
    games = window.pages.games_view
    assert games is not None
    players = window.navigation.show_players()
    players.select_player("Robert")
    assert players.rename_selected("Rob")
    listed = [games.model.summary(row).players for row in range(games.model.rowCount())]
    assert ("Cleo", "Rob") in listed
    assert not any("Robert" in names for names in listed)
    players.undo_stack.undo()
    listed = [games.model.summary(row).players for row in range(games.model.rowCount())]
    assert not any("Rob" in names for names in listed)

    window.navigation.show_library()
    robert_games = [game.id for game in library.list_games() if "Robert" in game.players]
    answers.confirm_answer = True
    for game_id in robert_games:
        assert games.select_game(game_id)
        games.delete_action.trigger()
    assert players.stats.player("Robert") is None
