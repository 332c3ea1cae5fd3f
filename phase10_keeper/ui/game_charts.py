"""The charts of the game being kept: running totals and the phase race, live as hands are
recorded, and the end-of-game summary once it is over."""

from collections.abc import Callable
from html import escape
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QLabel, QTabWidget, QVBoxLayout, QWidget

from phase10_keeper.rules import Game, Replay, Status
from phase10_keeper.stats import GameSeries, game_series, summary_lines
from phase10_keeper.ui.charts import ChartLine, ChartPanel, LineChart, LineData

AskPath = Callable[[QWidget, str, str, str], Path | None]
Warn = Callable[[QWidget, str, str], None]


def _tr(text: str) -> str:
    return QCoreApplication.translate("GameCharts", text)


def _hand_word(number: int) -> str:
    return _tr("Hand %1").replace("%1", str(number)) if number else _tr("Start")


def totals_data(series: GameSeries) -> LineData:
    """One line per player: the running total after each hand, from the total at the start
    (0, or what a player who joined later was given)."""
    lines = []
    for player in series.players:
        details = [f"{_tr('Start')} · {player.name}: {player.start_total}"]
        for number, (points, total) in enumerate(
            zip(player.points, player.totals, strict=True), start=1
        ):
            if points is None:
                what = _tr("%1 sat out, total %2").replace("%1", player.name)
            else:
                what = _tr("%1: %3 points, total %2").replace("%1", player.name)
                what = what.replace("%3", str(points))
            details.append(f"{_hand_word(number)} · {what.replace('%2', str(total))}")
        lines.append(ChartLine(player.name, (player.start_total, *player.totals), tuple(details)))
    return LineData(
        title=_tr("Running totals"),
        x_label=_tr("Hand"),
        lines=tuple(lines),
        highlight=series.leaders[-1] if series.leaders else None,
        x_marks=((series.tiebreak_hand, _tr("tie-break")),) if series.tiebreak_hand else (),
        start_label=_tr("Start"),
    )


def phase_race_data(series: GameSeries) -> LineData:
    """One step line per player: how many phases they had made after each hand."""
    lines = []
    for player in series.players:
        details = [
            f"{_hand_word(number)} · "
            + _tr("%1: %2 phases made").replace("%1", player.name).replace("%2", str(made))
            for number, made in enumerate((0, *player.phases_made))
        ]
        lines.append(ChartLine(player.name, (0, *player.phases_made), tuple(details)))
    return LineData(
        title=_tr("Phase race: phases made"),
        x_label=_tr("Hand"),
        lines=tuple(lines),
        step=True,
        highlight=series.leaders[-1] if series.leaders else None,
        x_marks=((series.tiebreak_hand, _tr("tie-break")),) if series.tiebreak_hand else (),
        start_label=_tr("Start"),
    )


def summary_text(series: GameSeries) -> str:
    """The end-of-game summary as rich text: one bold heading and a sentence per line."""
    return "<br>".join(
        f"<b>{escape(heading)}:</b> {escape(text)}" for heading, text in summary_lines(series)
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
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setAccessibleName(_tr("How the game went"))
        self.totals = ChartPanel(LineChart(), _tr("Running totals chart"), ask_path, warn)
        self.race = ChartPanel(LineChart(), _tr("Phase race chart"), ask_path, warn)
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(self.totals, _tr("Totals"))
        self.tabs.addTab(self.race, _tr("Phase race"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.summary)
        layout.addWidget(self.tabs, 1)

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
        self._draw()
        super().showEvent(event)

    def _draw(self) -> None:
        if self._pending is None:
            return
        series = self.series = game_series(*self._pending)
        self._pending = None
        self.totals.set_lines(totals_data(series), _hand_word)
        self.race.set_lines(phase_race_data(series), _hand_word)
        finished = series.status is Status.FINISHED
        self.summary.setVisible(finished)
        self.summary.setText(summary_text(series) if finished else "")
