"""The charts: drawn from the palette, one line per player, hover and keys, table, export."""

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, QSize, Qt
from PySide6.QtGui import QColor, QImage, QMouseEvent, QPainter, QPalette
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

from phase10_keeper.language import words
from phase10_keeper.rules import Game, Join, Status, build_rules, replay
from phase10_keeper.stats import game_series, library_stats
from phase10_keeper.ui.game.game_charts import (
    GameCharts,
    phase_race_data,
    summary_text,
    totals_data,
)
from phase10_keeper.ui.game.game_view import GameView
from phase10_keeper.ui.game.session import GameSession
from phase10_keeper.ui.players.players_view import phase_data
from phase10_keeper.ui.text.translate import use_language
from phase10_keeper.ui.widgets.charts import (
    Bar,
    BarChart,
    BarData,
    ChartLine,
    ChartPanel,
    LineChart,
    LineData,
    line_style,
    series_colour,
)

from ..answers import Answers
from ..games import FOUR, SIX, game_with_hands, went_out

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


def _hand(number: int) -> str:
    return f"Hand {number}"


def _colours(image: QImage) -> set[int]:
    return {
        image.pixel(x, y) for x in range(0, image.width(), 3) for y in range(0, image.height(), 3)
    }


def _has_colour(image: QImage, colour: QColor) -> bool:
    return colour.rgb() in _colours(image)


def test_running_totals_have_a_line_per_player_drawn_in_their_colours(qtbot) -> None:
    chart = LineChart()
    qtbot.addWidget(chart)
    chart.set_data(totals_data(game_series(game_with_hands(SIX, 5))))
    assert chart.series_count() == 6
    image = chart.render_image(QSize(600, 360))
    assert len(_colours(image)) > 20
    for index in range(6):
        assert _has_colour(image, series_colour(index, chart.palette())), index


def test_an_empty_game_draws_an_empty_chart(qtbot) -> None:
    chart = LineChart()
    qtbot.addWidget(chart)
    chart.set_data(totals_data(game_series(game_with_hands(FOUR, 0))))
    assert chart.series_count() == 4
    assert not chart.render_image(QSize(300, 200)).isNull()


def test_the_colours_follow_a_dark_palette(qtbot) -> None:
    chart = LineChart()
    qtbot.addWidget(chart)
    dark = QPalette(chart.palette())
    dark.setColor(QPalette.ColorRole.Base, QColor(20, 20, 24))
    dark.setColor(QPalette.ColorRole.Text, QColor(230, 230, 230))
    chart.setPalette(dark)
    chart.set_data(totals_data(game_series(game_with_hands(FOUR, 3))))
    image = chart.render_image(QSize(400, 300))
    assert QColor(image.pixel(2, 2)) == QColor(20, 20, 24)
    assert series_colour(0, dark).lightnessF() > series_colour(0, QPalette()).lightnessF()


def _hover(widget: QWidget, point: QPoint) -> None:
    """The pointer moved to `point`, sent to the widget itself: QTest.mouseMove goes
    through the cursor, which an earlier test may have left right there (no move)."""
    global_point = QPointF(widget.mapToGlobal(point))
    move = QMouseEvent(
        QEvent.Type.MouseMove,
        QPointF(point),
        global_point,
        Qt.MouseButton.NoButton,
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(widget, move)


def test_keys_and_hover_show_the_hand_points_and_total(qtbot) -> None:
    chart = LineChart()
    qtbot.addWidget(chart)
    chart.resize(600, 360)
    chart.set_data(totals_data(game_series(game_with_hands(FOUR, 3))))
    chart.show()
    qtbot.waitExposed(chart)
    assert chart.focus_text() is not None
    chart.setFocus()
    QTest.keyClick(chart, Qt.Key.Key_Right)
    # The first key shows the last hand of the first player.
    assert chart.focus_text() == "Hand 3 · Priya: 50 points, total 100"
    QTest.keyClick(chart, Qt.Key.Key_Left)
    QTest.keyClick(chart, Qt.Key.Key_Down)
    assert chart.focus_text() == "Hand 2 · Marcus: 0 points, total 50"
    assert chart.accessibleDescription() == chart.focus_text()
    QTest.keyClick(chart, Qt.Key.Key_Home)
    assert chart.focus_text() == "Start · Marcus: 0"
    # The pointer is placed against the plot as last painted: paint it now, whatever
    # the event loop has done so far.
    chart.grab()
    # After hand 1 Priya has 0 and the others 50: the pointer at 50 finds Marcus first.
    _hover(chart, QPoint(round(chart._x_position(1)), round(chart._y_position(50))))
    assert chart.focus_text() == "Hand 1 · Marcus: 50 points, total 50"
    _hover(chart, QPoint(round(chart._x_position(1)), round(chart._y_position(0))))
    assert chart.focus_text() == "Hand 1 · Priya: 0 points, total 0"


def test_the_phase_race_steps_through_the_phases_made(qtbot) -> None:
    data = phase_race_data(game_series(game_with_hands(FOUR, 4)))
    assert data.step
    # Everyone but the player who went out missed: each made one phase in four hands.
    assert [line.values for line in data.lines] == [
        (0, 1, 1, 1, 1),
        (0, 0, 1, 1, 1),
        (0, 0, 0, 1, 1),
        (0, 0, 0, 0, 1),
    ]


def test_the_table_has_the_same_numbers_and_passes_the_model_tester(qtbot, qtmodeltester) -> None:
    panel = ChartPanel(LineChart(), lambda: "Running totals chart")
    qtbot.addWidget(panel)
    panel.set_lines(totals_data(game_series(game_with_hands(FOUR, 3))), _hand)
    model = panel.table_model
    qtmodeltester.check(model)
    assert (model.rowCount(), model.columnCount()) == (4, 4)
    assert model.headerData(0, Qt.Orientation.Horizontal) == "Priya"
    assert model.headerData(0, Qt.Orientation.Vertical) == "Start"
    assert model.headerData(3, Qt.Orientation.Vertical) == "Hand 3"
    assert model.index(3, 0).data() == "100"
    panel.table_button.click()
    assert panel.stack.currentWidget() is panel.table
    assert panel.table.accessibleName() == "Running totals chart as a table"


def test_the_table_writes_numbers_as_the_locale_does(qtbot, german_locale) -> None:
    panel = ChartPanel(LineChart(), lambda: "Form chart")
    qtbot.addWidget(panel)
    form = ChartLine("Ann", (12.5, 1250.0), ("first", "second"))
    panel.set_lines(LineData("Form", "Game", (form,), first_x=1), lambda x: f"Spiel {x}")
    model = panel.table_model
    assert model.headerData(1, Qt.Orientation.Vertical) == "Spiel 2"
    assert [model.index(row, 0).data() for row in range(2)] == ["12,5", "1.250"]


def test_a_chart_exports_as_png_and_svg(qtbot, tmp_path: Path) -> None:
    asked: list[str] = []
    target = tmp_path / "totals.svg"

    def ask(_parent, _title, name, _filter):
        asked.append(name)
        return target

    panel = ChartPanel(LineChart(), lambda: "Running totals chart", ask_path=ask)
    qtbot.addWidget(panel)
    panel.set_lines(totals_data(game_series(game_with_hands(FOUR, 3))), _hand)
    assert panel.export() == target
    assert asked == ["running-totals-chart.png"]
    svg = target.read_text(encoding="utf-8")
    assert "<svg" in svg
    assert "Priya" in svg
    png = tmp_path / "totals.png"
    assert panel.export(png) == png
    assert QImage(str(png)).width() >= 640


def test_phase_difficulty_bars_mark_the_hardest_phase(qtbot) -> None:
    stats = library_stats([game_with_hands(FOUR, 6)])
    data = phase_data(stats.phases, stats.hardest_phase)
    chart = BarChart()
    qtbot.addWidget(chart)
    chart.set_data(data)
    assert chart.series_count() == 1
    # Six hands, the one who went out the only one to make their phase: Priya and
    # Marcus made phases 1 and 2, Priya then missed phase 3.
    assert [bar.label for bar in data.bars] == ["1", "2", "3"]
    assert data.highlight == "3"
    assert "hardest: 3" in chart.accessibleDescription()
    assert len(_colours(chart.render_image(QSize(400, 300)))) > 5
    chart.set_data(BarData("t", "x", (Bar("1", 0.5, "half"),)))
    chart.setFocus()
    QTest.keyClick(chart, Qt.Key.Key_Right)
    assert chart.focus_text() == "half"


class _WindowsShown(QObject):
    """Notes the class of every widget shown as a window of its own."""

    def __init__(self) -> None:
        super().__init__()
        self.shown: list[str] = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        shown = event.type() == QEvent.Type.Show
        if shown and isinstance(watched, QWidget) and watched.isWindow():
            self.shown.append(type(watched).__name__)
        return False


def test_a_chart_panel_opens_no_window_of_its_own(qtbot) -> None:
    # Its Export button, shown before it had a parent, was a window for a moment: built
    # in a shown window, the panel took the focus from where the user was typing.
    app = QApplication.instance()
    assert app is not None
    watch = _WindowsShown()
    app.installEventFilter(watch)
    try:
        panel = ChartPanel(LineChart(), lambda: "Running totals chart", ask_path=lambda *_: None)
    finally:
        app.removeEventFilter(watch)
    qtbot.addWidget(panel)
    assert not panel.export_button.isHidden()
    assert watch.shown == []


def test_the_game_page_charts_follow_each_hand_live(qtbot) -> None:
    session = GameSession(game_with_hands(FOUR, 4, build_rules(target=2)))
    view = GameView(session, Answers())
    qtbot.addWidget(view)
    assert view.side_tabs.tabText(1) == "Charts"
    assert view.side_tabs.currentWidget() is view.standings
    view.show()
    qtbot.waitExposed(view)
    view.side_tabs.setCurrentWidget(view.charts)
    chart = view.charts.totals.chart
    assert isinstance(chart, LineChart)
    assert chart.series_count() == 4
    assert chart.data.point_count == 5
    assert view.charts.summary.isHidden()
    # Priya makes phase 2 (the last) and goes out: the game ends and the summary shows.
    session.record_hand(went_out(FOUR, "Priya"))
    assert session.state.status is Status.FINISHED
    assert chart.data.point_count == 6
    assert view.side_tabs.currentWidget() is view.charts
    assert not view.charts.summary.isHidden()
    assert "Priya" in view.charts.summary.text()
    assert chart.data.highlight == "Priya"


def test_hidden_charts_are_drawn_when_shown(qtbot) -> None:
    session = GameSession(game_with_hands(FOUR, 2))
    view = GameView(session, Answers())
    qtbot.addWidget(view)
    view.show()
    qtbot.waitExposed(view)
    chart = view.charts.totals.chart
    assert isinstance(chart, LineChart)
    assert chart.data.point_count == 0
    session.record_hand(went_out(FOUR, "Kwame"))
    view.side_tabs.setCurrentWidget(view.charts)
    assert chart.data.point_count == 4


def test_a_finished_game_opened_does_not_jump_to_the_charts(qtbot) -> None:
    game = game_with_hands(FOUR, 1, build_rules(target=1))
    charts = GameCharts()
    qtbot.addWidget(charts)
    with qtbot.assertNotEmitted(charts.gameFinished):
        charts.set_game(game, replay(game), fresh=True)
    assert not charts.summary.isHidden()


def test_past_six_players_every_line_still_has_a_style_of_its_own(qtbot) -> None:
    # With players who left and joined, a game can draw more lines than there are colours.
    palette = LineChart().palette()
    styles = [line_style(index, palette) for index in range(12)]
    looks = [(colour.rgb(), dash, marker) for colour, dash, marker in styles]
    assert len(set(looks)) == len(looks)
    # The same colour comes back only with another marker.
    assert styles[6][2] != styles[0][2]


def test_a_joiners_line_starts_on_their_starting_total() -> None:
    game = Game(FOUR).with_hand_appended(went_out(FOUR, "Priya"))
    game = game.with_seating_change(Join(2, "Eve", total=120))
    game = game.with_hand_appended(went_out((*FOUR, "Eve"), "Eve"))
    eve = totals_data(game_series(game)).lines[-1]
    assert eve.name == "Eve"
    # Drawn from the hand she sat down at, not flat from the start of the game.
    assert eve.values == (None, 120, 120)
    assert eve.details[0].endswith("Eve: 120")


def test_a_long_name_in_the_table_is_cut_at_the_end_and_whole_in_its_tooltip(qtbot) -> None:
    name = "Anne-Sophie Lefèvre-Dubois"
    panel = ChartPanel(LineChart(), lambda: "Running totals chart")
    qtbot.addWidget(panel)
    players = (name, *FOUR[1:])
    panel.set_lines(totals_data(game_series(game_with_hands(players, 2))), _hand)
    header = panel.table.horizontalHeader()
    assert header.textElideMode() == Qt.TextElideMode.ElideRight
    tip = panel.table_model.headerData(0, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
    assert tip == name


class _TextsDrawn(QPainter):
    def __init__(self, image: QImage) -> None:
        super().__init__(image)
        self.texts: list[str] = []

    # Every overload of drawText at once, to see each text drawn.
    def drawText(self, *arguments: Any) -> None:  # type: ignore[override]
        self.texts.append(next(arg for arg in arguments if isinstance(arg, str)))
        super().drawText(*arguments)


def test_a_title_too_long_for_the_chart_is_cut_short_not_clipped(qtbot) -> None:
    chart = BarChart()
    qtbot.addWidget(chart)
    title = "Phase difficulty for Anne-Sophie Lefèvre-Dubois: share of attempts made, all games"
    chart.set_data(BarData(title, "Phase", (Bar("1", 0.5, "1 of 2"),)))
    size = QSize(300, 200)
    image = QImage(size, QImage.Format.Format_ARGB32)
    painter = _TextsDrawn(image)
    chart.draw(painter, size)
    painter.end()
    first, second = painter.texts[:2]
    assert second.endswith("…")
    assert title.startswith(f"{first} {second[:-1]}")
    for line in (first, second):
        assert chart.fontMetrics().horizontalAdvance(line) < size.width()


def test_a_title_too_long_for_one_line_goes_on_to_a_second_whole(qtbot) -> None:
    # The Players page's phase chart beside the player's games at 1280x720, in German.
    chart = BarChart()
    qtbot.addWidget(chart)
    title = (
        "Schwierigkeit der Phasen für Alexandra-Sophie von Hohenzollern: "
        "Anteil geschaffter Versuche"
    )
    chart.set_data(BarData(title, "Phase", (Bar("1", 0.5, "1 of 2"),)))
    size = QSize(498, 400)
    image = QImage(size, QImage.Format.Format_ARGB32)
    painter = _TextsDrawn(image)
    chart.draw(painter, size)
    painter.end()
    assert " ".join(painter.texts[:2]) == title
    # The plot starts below the title's two lines.
    assert chart._plot.top() > 3 * chart.fontMetrics().height()


def test_the_summary_sets_each_heading_in_bold_and_a_name_as_typed() -> None:
    players = ("<i>Bo</i>", "Cy")
    game = game_with_hands(players, 1, build_rules(target=1))
    text = summary_text(game_series(game, replay(game)))
    assert text.startswith("<b>Winner</b>: \u2068&lt;i&gt;Bo&lt;/i&gt;\u2069")
    assert "<i>" not in text
    phases = phase_race_data(game_series(game, replay(game)))
    assert phases.lines[1].details[1] == "Hand 1 · Cy: 0 phases made"
    assert phases.lines[0].details[1] == "Hand 1 · <i>Bo</i>: 1 phase made"


def test_the_summary_isolates_each_name_it_lists() -> None:
    players = ("דנה", "Bo", "Cy")
    game = Game(players=players, rules=build_rules(target=3))
    for first in ("דנה", "Bo"):
        game = game.with_hand_appended(went_out(players, first, Cy=3))
    text = summary_text(game_series(game, replay(game)))
    assert "\u2068דנה\u2069, \u2068Bo\u2069" in text
    assert "\u2068Cy\u2069 leads" in text


def test_the_summary_speaks_the_windows_language() -> None:
    game = game_with_hands(("Bo", "Cy"), 1, build_rules(target=1))
    use_language("de")
    text = summary_text(game_series(game, replay(game)))
    assert text.startswith(f"<b>{words('de')('summary.winner')}</b>")


@pytest.mark.parametrize("language", ["en", "de", "fr", "es", "nl", "pl"])
def test_the_words_over_the_hardest_bar_fit_in_every_language(language: str) -> None:
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QFontMetrics

    from phase10_keeper.ui.text.translate import tr, use_language
    from phase10_keeper.ui.widgets.charts import bar_label_rect

    use_language(language)
    metrics = QFontMetrics(BarChart().font())
    text = tr("charts.bar_value_hardest", percent="33 %")
    bar = QRectF(10, 100, 60, 80)  # a narrow bar near the chart's left edge
    rect = bar_label_rect(metrics, text, bar, 500)
    assert rect.width() >= metrics.horizontalAdvance(text)
    assert rect.left() >= 0


def test_seven_long_names_leave_the_plot_most_of_a_small_chart(qtbot) -> None:
    names = (
        "Maximilian Alexander Featherstonehaugh",
        "Zoë Wünschmann-Łukasiewicz",
        "Małgorzata Brzęczyszczykiewicz",
        "Alexandra-Sophie von Hohenzollern",
        "Bartholomew Montgomery-Smythe",
        "Przemysław Szczepankiewicz",
        "Krzysztof Grzegorz Wiśniewski-Kowalczyk",
    )
    chart = LineChart()
    qtbot.addWidget(chart)
    lines = tuple(
        ChartLine(name, (0, 10 * n, 20 * n), ("", "", "")) for n, name in enumerate(names)
    )
    chart.set_data(LineData("Running totals", "Hand", lines, highlight=names[-1]))
    size = QSize(446, 232)  # the game page's chart at 1280x720
    image = QImage(size, QImage.Format.Format_ARGB32)
    painter = _TextsDrawn(image)
    chart.draw(painter, size)
    painter.end()
    assert chart._plot.height() >= size.height() * 0.4
    # Each name in the legend is whole, or its first words whole and "…": never a word
    # cut ("Maximilian Al…").
    for name in names:
        label = next(text for text in painter.texts if text.startswith(name.split()[0]))
        shown = label.removesuffix(" ★")
        assert shown == name or (
            shown.endswith("…") and name.startswith(shown.removesuffix("…") + " ")
        ), shown
        assert chart.fontMetrics().horizontalAdvance(label) < size.width() / 2


def test_the_hardest_bars_words_go_above_its_share_where_one_line_is_too_wide(qtbot) -> None:
    use_language("de")
    chart = BarChart()
    qtbot.addWidget(chart)
    bars = tuple(Bar(str(n), share, "") for n, share in enumerate((0.6, 0.75, 1, 1, 0.33), 1))
    chart.set_data(BarData("Phasen", "Phase", bars, highlight="5"))
    size = QSize(498, 400)
    image = QImage(size, QImage.Format.Format_ARGB32)
    painter = _TextsDrawn(image)
    chart.draw(painter, size)
    painter.end()
    assert "am schwersten" in painter.texts
    assert "33\xa0%" in painter.texts
