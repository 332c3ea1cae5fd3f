"""The charts of the game being kept: running totals and the phase race, live as hands are
recorded, and the end-of-game summary once it is over.

Every game page has the charts' tab, and few games have it looked at: the charts and the
statistics are imported, and the charts built, when they are first needed.
"""

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QScrollArea, QTabWidget, QWidget

from phase10_keeper.rules import Game, Replay, Status
from phase10_keeper.ui.text.escape import in_sentence
from phase10_keeper.ui.text.translate import app_words, tr, tr_count
from phase10_keeper.ui.text.wording import number_text

if TYPE_CHECKING:
    from phase10_keeper.stats import GameSeries
    from phase10_keeper.ui.widgets.charts import ChartPanel, LineData

CHART_HEIGHT = 120
"""The least a chart of the game page is drawn in: the legend, the axes and a plot."""

AskPath = Callable[[QWidget, str, str, str], Path | None]
Warn = Callable[[QWidget, str, str], None]


def _hand_word(number: int) -> str:
    return tr("game_charts.hand", number=number) if number else tr("game_charts.start")


def totals_data(series: "GameSeries") -> "LineData":
    """One line per player: the running total after each hand, from the total at the start
    (0, or what a player who joined later was given), drawn while they were seated."""
    from phase10_keeper.ui.widgets.charts import ChartLine, LineData

    lines = []
    for player in series.players:
        details = [
            tr(
                "game_charts.start_detail",
                name=player.name,
                total=number_text(player.start_total),
            )
        ]
        for number, (points, total) in enumerate(
            zip(player.points, player.totals, strict=True), start=1
        ):
            when = _hand_word(number)
            if points is None:
                what = tr(
                    "game_charts.sat_out", when=when, name=player.name, total=number_text(total)
                )
            else:
                what = tr_count(
                    "game_charts.points",
                    points,
                    when=when,
                    name=player.name,
                    total=number_text(total),
                )
            details.append(what)
        values = series.while_seated(player.name, (player.start_total, *player.totals))
        lines.append(ChartLine(player.name, values, tuple(details)))
    return LineData(
        title=tr("game_charts.totals_title"),
        x_label=tr("game_charts.hand_axis"),
        lines=tuple(lines),
        highlight=series.leaders[-1] if series.leaders else None,
        x_marks=((series.tiebreak_hand, tr("game_charts.tiebreak")),)
        if series.tiebreak_hand
        else (),
        start_label=_hand_word(0),
    )


def phase_race_data(series: "GameSeries") -> "LineData":
    """One step line per player: how many phases they had made after each hand, drawn
    while they were seated."""
    from phase10_keeper.ui.widgets.charts import ChartLine, LineData

    lines = []
    for player in series.players:
        details = [
            tr_count("game_charts.phases_made", made, when=_hand_word(number), name=player.name)
            for number, made in enumerate((0, *player.phases_made))
        ]
        values = series.while_seated(player.name, (0, *player.phases_made))
        lines.append(ChartLine(player.name, values, tuple(details)))
    return LineData(
        title=tr("game_charts.race_title"),
        x_label=tr("game_charts.hand_axis"),
        lines=tuple(lines),
        step=True,
        highlight=series.leaders[-1] if series.leaders else None,
        x_marks=((series.tiebreak_hand, tr("game_charts.tiebreak")),)
        if series.tiebreak_hand
        else (),
        start_label=_hand_word(0),
    )


def summary_text(series: "GameSeries") -> str:
    """The end-of-game summary as rich text: one bold heading and a sentence per line."""
    from html import escape

    from phase10_keeper.stats import summary_lines

    return "<br>".join(
        tr("game_charts.summary_line", heading=f"<b>{escape(heading)}</b>", text=escape(text))
        for heading, text in summary_lines(series, app_words(), in_sentence)
    )


class GameCharts(QWidget):
    """Running totals and the phase race of one game, with the summary once it is over.

    `set_game(game, replay)` shows a game (with `fresh`, another game than before);
    `gameFinished` is emitted when the game shown unfinished becomes finished (the game
    page then brings the summary forward).
    """

    gameFinished = Signal()

    def __init__(
        self,
        ask_path: AskPath | None = None,
        warn: Warn | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.series: GameSeries | None = None
        self._pending: tuple[Game, Replay] | None = None
        self._shown_unfinished = False
        self._ask_path = ask_path
        self._warn = warn
        self._panels: tuple[ChartPanel, ChartPanel] | None = None
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        # Beside the charts, and scrolled if it must be: over them, the summary's lines
        # took their height from the grid above when the game ended.
        self.summary_area = QScrollArea()
        self.summary_area.setWidget(self.summary)
        self.summary_area.setWidgetResizable(True)
        self.summary_area.setFrameShape(QFrame.Shape.NoFrame)
        self.summary_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.summary_area.hide()
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.summary_area, 1)
        layout.addWidget(self.tabs, 2)
        self._word()

    def _word(self) -> None:
        self.summary.setAccessibleName(tr("game_charts.summary"))
        if self._panels is not None:
            totals, race = self._panels
            self.tabs.setTabText(self.tabs.indexOf(totals), tr("game_charts.totals_tab"))
            self.tabs.setTabText(self.tabs.indexOf(race), tr("game_charts.race_tab"))

    def reword(self) -> None:
        """Words the charts again in the language now spoken (Settings → Language)."""
        self._word()
        if self._panels is not None and self.series is not None:
            self._show(self.series)

    @property
    def totals(self) -> "ChartPanel":
        return self._built()[0]

    @property
    def race(self) -> "ChartPanel":
        return self._built()[1]

    def _built(self) -> "tuple[ChartPanel, ChartPanel]":
        if self._panels is None:
            from phase10_keeper.ui.widgets.charts import ChartPanel, LineChart

            totals = ChartPanel(
                LineChart(),
                partial(tr, "game_charts.totals_chart"),
                self._ask_path,
                self._warn,
                self,
            )
            race = ChartPanel(
                LineChart(), partial(tr, "game_charts.race_chart"), self._ask_path, self._warn, self
            )
            # The charts draw in the room the grid leaves under it once the game is over,
            # rather than run off the bottom of the window: their buttons go beside the
            # tabs, the current chart's alone in view.
            corner = QWidget()
            buttons = QHBoxLayout(corner)
            buttons.setContentsMargins(0, 0, 0, 0)
            for panel in (totals, race):
                panel.chart.setMinimumHeight(CHART_HEIGHT)
                buttons.addWidget(panel.buttons)
            self.tabs.addTab(totals, tr("game_charts.totals_tab"))
            self.tabs.addTab(race, tr("game_charts.race_tab"))
            self.tabs.setCornerWidget(corner)
            # A corner widget set while the tabs are hidden stays hidden when they show.
            corner.show()
            self.tabs.currentChanged.connect(self._show_buttons)
            self._panels = (totals, race)
            self._show_buttons()
        return self._panels

    def _show_buttons(self) -> None:
        for panel in self._built():
            panel.buttons.setVisible(panel is self.tabs.currentWidget())

    def set_game(self, game: Game, replayed: Replay, *, fresh: bool = False) -> None:
        """Shows this game; while the charts are hidden, only once they are shown again,
        so recording a hand costs nothing for charts no one looks at."""
        finished = replayed.final.status is Status.FINISHED
        just_finished = finished and not fresh and self._shown_unfinished
        self._shown_unfinished = not finished
        self._pending = (game, replayed)
        if self.isVisible() or just_finished:
            self._draw()
        if just_finished:
            self.gameFinished.emit()

    def showEvent(self, event: QShowEvent) -> None:
        self._built()
        self._draw()
        super().showEvent(event)

    def _draw(self) -> None:
        if self._pending is None:
            return
        from phase10_keeper.stats import game_series

        self.series = game_series(*self._pending)
        self._pending = None
        self._show(self.series)

    def _show(self, series: "GameSeries") -> None:
        self.totals.set_lines(totals_data(series), _hand_word)
        self.race.set_lines(phase_race_data(series), _hand_word)
        finished = series.status is Status.FINISHED
        self.summary.setVisible(finished)
        self.summary_area.setVisible(finished)
        self.summary.setText(summary_text(series) if finished else "")
