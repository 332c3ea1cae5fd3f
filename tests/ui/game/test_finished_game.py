"""A finished game worth looking at, on a laptop's screen and in every language: the
grid keeps its size when the summary comes forward, no text of a cell or a heading is
cut, and the running totals follow each player only while seated."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFontMetrics, QFontMetricsF
from PySide6.QtWidgets import QApplication, QStyle

from phase10_keeper.language import LANGUAGES
from phase10_keeper.rules import Game, Hand, Join, Leave, build_rules
from phase10_keeper.stats.standings import STANDINGS_COLUMNS, StandingsColumn
from phase10_keeper.ui.game.delegates import PADDING, absence_layout, cell_type
from phase10_keeper.ui.game.game_charts import totals_data
from phase10_keeper.ui.game.session import GameSession
from phase10_keeper.ui.game.standings_model import column_number
from phase10_keeper.ui.main_window import MainWindow
from phase10_keeper.ui.text.translate import use_language

from ..games import went_out

TABLE = ("Maximilian Alexander", "Alexandra-Sophie", "Zoë", "Łukasz", "Priya", "Kwame")
JOINER = "Evangeline"
LAPTOP = (1280, 630)
SMALL_WIDESCREEN = (1366, 678)

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")

PLAYER, PHASE, DONE, TOTAL = (
    column_number(column)
    for column in (
        StandingsColumn.PLAYER,
        StandingsColumn.PHASE,
        StandingsColumn.DONE,
        StandingsColumn.TOTAL,
    )
)


def table_game(target: int = 5) -> Game:
    """Six at the table; Łukasz leaves before hand 3, Evangeline joins before hand 4;
    Zoë goes out every hand but the third: the game ends with hand 5 at target 5."""
    game = Game(players=TABLE, rules=build_rules(target=target))
    seated = list(TABLE)

    def hand(winner: str, **made: int) -> None:
        nonlocal game
        game = game.with_hand_appended(went_out(tuple(seated), winner, **made))

    hand("Zoë", Priya=2)
    hand("Zoë", Kwame=1)
    game = game.with_seating_change(Leave(3, "Łukasz"))
    seated.remove("Łukasz")
    hand("Priya", Zoë=1)
    game = game.with_seating_change(Join(4, JOINER, after="Zoë", total=100))
    seated.insert(3, JOINER)
    hand("Zoë", Priya=1, **{JOINER: 1})
    return game


def last_hand(game: Game) -> Hand:
    """Zoë goes out of hand 5 and completes phase 5."""
    seated = ("Maximilian Alexander", "Alexandra-Sophie", "Zoë", JOINER, "Priya", "Kwame")
    return went_out(seated, "Zoë", Kwame=1)


def _near(seen: QColor, colour: QColor) -> bool:
    seen_rgb = (seen.red(), seen.green(), seen.blue())
    rgb = (colour.red(), colour.green(), colour.blue())
    return all(abs(a - b) < 40 for a, b in zip(seen_rgb, rgb, strict=True))


@pytest.fixture
def window_at(qtbot):
    def make(game: Game, size: tuple[int, int]) -> MainWindow:
        window = MainWindow()
        qtbot.addWidget(window)
        window.navigation.open_session(GameSession(game))
        window.resize(*size)
        window.show()
        qtbot.waitExposed(window)
        QApplication.processEvents()
        return window

    return make


@pytest.mark.parametrize("size", [LAPTOP, SMALL_WIDESCREEN])
def test_the_grid_keeps_its_size_when_the_summary_comes_forward(window_at, size) -> None:
    game = table_game()
    finished = game.with_hand_appended(last_hand(game))
    window = window_at(finished, size)
    view = window.pages.game_view
    before = (view.grid.height(), view.grid.rowHeight(0), view.grid.font().pointSizeF())
    view.side_tabs.setCurrentWidget(view.charts)
    QApplication.processEvents()
    assert not view.charts.summary.isHidden()
    after = (view.grid.height(), view.grid.rowHeight(0), view.grid.font().pointSizeF())
    assert after == before
    grid_bottom = view.grid.mapTo(window, view.grid.rect().bottomLeft()).y()
    tabs_top = view.side_tabs.mapTo(window, view.side_tabs.rect().topLeft()).y()
    assert tabs_top > grid_bottom
    for row in range(view.grid_model.rowCount()):
        assert view.grid.rowViewportPosition(row) + view.grid.rowHeight(row) <= (
            view.grid.viewport().height()
        )


def test_the_summary_comes_forward_when_the_last_hand_is_recorded(window_at) -> None:
    game = table_game()
    window = window_at(game, LAPTOP)
    view = window.pages.game_view
    window.pages.session.record_hand(last_hand(game))
    QApplication.processEvents()
    assert view.side_tabs.currentWidget() is view.charts
    grid_bottom = view.grid.mapTo(window, view.grid.rect().bottomLeft()).y()
    tabs_top = view.side_tabs.mapTo(window, view.side_tabs.rect().topLeft()).y()
    assert tabs_top > grid_bottom
    assert view.grid.rowHeight(0) >= 36


@pytest.mark.parametrize("size", [LAPTOP, SMALL_WIDESCREEN])
@pytest.mark.parametrize("language", LANGUAGES)
def test_cell_texts_fit_their_cells_in_every_language(window_at, language, size) -> None:
    use_language(language)
    game = table_game()
    window = window_at(game.with_hand_appended(last_hand(game)), size)
    view = window.pages.game_view
    grid, model = view.grid, view.grid_model
    absent = 0
    for row in range(model.rowCount()):
        for column in range(model.hand_count):
            text = model.absence(row, column)
            if text is None:
                continue
            absent += 1
            rect = grid.visualRect(model.index(row, column)).adjusted(PADDING, 3, -PADDING, -3)
            small = cell_type(grid.font(), rect.height()).small
            font, flags = absence_layout(text, small, rect)
            assert not flags & Qt.TextFlag.TextWrapAnywhere, (language, text)
            needed = QFontMetrics(font).boundingRect(rect, int(flags), text)
            assert rect.contains(needed), (language, text, needed, rect)
            # Read as small type, not shrunk to a smudge.
            assert font.pointSizeF() >= small.pointSizeF() * 0.7
    assert absent == 3 + 3  # Łukasz's last three hands, Evangeline's first three


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_standings_headings_and_cells_fit_their_columns(window_at, language) -> None:
    use_language(language)
    window = window_at(table_game(target=10), LAPTOP)
    view = window.pages.game_view
    standings, model = view.standings, view.standings_model
    header = standings.horizontalHeader()
    margin = standings.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, header)
    for column in range(len(STANDINGS_COLUMNS)):
        if standings.isColumnHidden(column):
            continue
        title = model.headerData(column, Qt.Orientation.Horizontal)
        needed = header.fontMetrics().horizontalAdvance(title) + 2 * margin
        assert header.sectionSize(column) >= needed, (language, title)
    regular = standings.fontMetrics()
    bold = QFontMetrics(model.bold_font().resolve(standings.font()))
    for row in range(model.rowCount()):
        for column in (PHASE, DONE, TOTAL):
            metrics = bold if model.is_bold(row, column) else regular
            text = model.text(row, column)
            assert metrics.horizontalAdvance(text) < standings.columnWidth(column), (
                language,
                text,
            )
    # The players' column keeps room for a name beside the others.
    assert standings.columnWidth(PLAYER) >= regular.horizontalAdvance("Alexandra-So")
    assert sum(standings.columnWidth(column) for column in range(len(STANDINGS_COLUMNS))) <= (
        standings.viewport().width()
    )


def test_the_running_totals_follow_each_player_only_while_seated() -> None:
    game = table_game()
    session = GameSession(game)
    from phase10_keeper.stats import game_series

    data = totals_data(game_series(game, session.replay))
    lines = {line.name: line.values for line in data.lines}
    # After hands 0 (the start) to 4: Łukasz played hands 1 and 2, then left.
    assert lines["Łukasz"][:3] == (0, 50, 100)
    assert lines["Łukasz"][3:] == (None, None)
    # Evangeline sat down after hand 3 on 100: her line starts there.
    assert lines[JOINER] == (None, None, None, 100, 105)
    assert all(value is not None for value in lines["Zoë"])


def test_a_line_with_gaps_is_drawn_only_where_it_has_values(qtbot) -> None:
    from phase10_keeper.ui.widgets.charts import ChartLine, LineChart, LineData, line_style

    chart = LineChart()
    qtbot.addWidget(chart)
    chart.resize(500, 300)
    line = ChartLine("Evangeline", (None, None, 100, 105), ("", "", "joined", "hand 3"))
    chart.set_data(LineData("Totals", "Hand", (line,)))
    image = chart.render_image()
    colour = line_style(0, chart.palette())[0]

    def inked(left: float, right: float) -> int:
        return sum(
            1
            for x in range(int(left), int(right))
            for y in range(int(chart._plot.top()), int(chart._plot.bottom()))
            if _near(QColor(image.pixel(x, y)), colour)
        )

    assert inked(chart._x_position(0) + 2, chart._x_position(2) - 8) == 0
    assert inked(chart._x_position(2) + 8, chart._x_position(3) - 2) > 0
    chart.set_data(LineData("Totals", "Hand", (line,)))
    chart.setFocus()
    qtbot.keyClick(chart, Qt.Key.Key_Home)
    assert chart.focus_text() == "joined"


LONG_TABLE = (
    "Maximilian Alexander",
    "Alexandra-Sophie",
    "Bartholomew Jones",
    "Priya Raghunathan",
    "Marcus Wellington",
    "Kwame Mensah-Bonsu",
)


def tied_game() -> Game:
    """Alexandra-Sophie and Bartholomew Jones complete phase 2 on 10 points each."""
    game = Game(players=LONG_TABLE, rules=build_rules(target=2))
    first = went_out(LONG_TABLE, "Alexandra-Sophie", **{"Bartholomew Jones": 2})
    second = went_out(LONG_TABLE, "Bartholomew Jones", **{"Alexandra-Sophie": 2})
    return game.with_hand_appended(first).with_hand_appended(second)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_standings_keep_whole_names_beside_a_tie_break(window_at, language) -> None:
    use_language(language)
    window = window_at(tied_game(), LAPTOP)
    view = window.pages.game_view
    assert window.pages.session.state.tiebreak_players
    standings, model = view.standings, view.standings_model
    # Qt's item views leave the focus frame's margin and a pixel each side of a text,
    # and lay it out in fractions of a pixel.
    margin = standings.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin) + 1
    bold = QFontMetricsF(model.bold_font().resolve(standings.font()))
    regular = QFontMetricsF(standings.font())
    for row in range(model.rowCount()):
        for column in (PLAYER, PHASE):
            metrics = bold if model.is_bold(row, column) else regular
            text = model.text(row, column)
            room = standings.columnWidth(column) - 2 * margin
            assert metrics.horizontalAdvance(text) <= room, (language, text)
    # The phase in full is a tooltip away.
    tip = model.index(0, PHASE).data(Qt.ItemDataRole.ToolTipRole)
    assert ":" in tip or "—" in tip


def test_a_tie_break_won_leaves_the_summary_its_room(window_at) -> None:
    from phase10_keeper.ui.game.game_view import SIDE_PANEL_HEIGHT

    from ..conftest import result

    window = window_at(tied_game(), LAPTOP)
    view = window.pages.game_view
    replay_hand = Hand(
        "Alexandra-Sophie",
        {"Alexandra-Sophie": result(True), "Bartholomew Jones": result(False, low=10)},
    )
    # The tie-break's form has two rows: the grid had grown into the room it left.
    window.pages.session.record_hand(replay_hand)
    QApplication.processEvents()
    assert window.pages.session.state.winner == "Alexandra-Sophie"
    assert view.side_tabs.currentWidget() is view.charts
    grid_bottom = view.grid.mapTo(window, view.grid.rect().bottomLeft()).y()
    tabs_top = view.side_tabs.mapTo(window, view.side_tabs.rect().topLeft()).y()
    assert tabs_top > grid_bottom
    assert view.side_tabs.height() >= SIDE_PANEL_HEIGHT - 10
