"""The last page of a filled score sheet: how the game went, as a chart and in words.

Drawn with reportlab's own chart package, in black and white: players' lines differ by
dash pattern and marker, never by colour alone, so the page prints and copies well.
"""

from collections.abc import Sequence

from reportlab.graphics import renderPDF
from reportlab.graphics.charts.lineplots import LinePlot
from reportlab.graphics.shapes import Drawing, Line, String
from reportlab.graphics.widgets.markers import makeMarker
from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas

from phase10_keeper.language import Words
from phase10_keeper.rules import Game, Replay
from phase10_keeper.sheet.fit import fit_text, printable_form, wrap_text
from phase10_keeper.sheet.render import BOLD, MARGIN, REGULAR, THIN, Pen, width_of
from phase10_keeper.stats import GameSeries, game_series, summary_lines

MARKERS = ("FilledCircle", "Square", "FilledTriangle", "Diamond", "Cross", "FilledSquare")
DASHES: tuple[tuple[float, ...] | None, ...] = (None, (6, 3), (2, 2), (8, 3, 2, 3), (1, 3), (4, 4))
GREYS = (0.0, 0.0, 0.25, 0.0, 0.35, 0.2)
"""Dark enough to print; the dash pattern and marker tell the lines apart."""
SUMMARY_WIDTH = 250.0
TEXT_SIZE = 10.0
LEADING = 14.0
LEGEND_ROW = 13.0
LEGEND_COLUMNS = 2
"""Two names to a row: three would cut a name of 20 characters short."""


def draw_summary_page(
    canvas: Canvas,
    game: Game,
    page_size: tuple[float, float],
    words: Words,
    replayed: Replay | None = None,
) -> None:
    """Draws the page on the canvas's current page (the caller ends the page), in the
    language of `words`; `replayed` is the game's replay where the caller has it."""
    series = game_series(game, replayed)
    pen = Pen(canvas)
    width, height = page_size
    top = height - MARGIN
    pen.text(MARGIN, top - 18, "Phase 10", BOLD, 22)
    title_left = MARGIN + width_of(BOLD)("Phase 10", 22) + 8
    pen.text(title_left, top - 18, words("summary.title"), REGULAR, 13)
    if game.title:
        title, size = fit_text(
            printable_form(game.title), width_of(BOLD), width / 2 - MARGIN, 12, 8
        )
        pen.text(width - MARGIN, top - 16, title, BOLD, size, "right")
    pen.line(MARGIN, top - 30, width - MARGIN, top - 30, THIN)
    chart_width = width - 2 * MARGIN - SUMMARY_WIDTH - 24
    chart_top = top - 44
    legend_height = LEGEND_ROW * -(-len(series.players) // LEGEND_COLUMNS) + 8
    chart = running_totals_chart(series, words, chart_width, chart_top - MARGIN - legend_height)
    renderPDF.draw(chart, canvas, MARGIN, MARGIN + legend_height)
    renderPDF.draw(legend(series, chart_width, legend_height), canvas, MARGIN, MARGIN)
    _draw_summary(pen, series, words, width - MARGIN - SUMMARY_WIDTH, chart_top)


def line_style(index: int) -> tuple[colors.Color, tuple[float, ...] | None, str]:
    """The grey, dashes and marker of the line at `index`. A game with players who left
    and joined can have more than six lines: each time the styles come round again, the
    markers move on by one, so no two lines look alike."""
    grey = GREYS[index % len(GREYS)]
    return (
        colors.Color(grey, grey, grey),
        DASHES[index % len(DASHES)],
        MARKERS[(index + index // len(DASHES)) % len(MARKERS)],
    )


def running_totals_chart(series: GameSeries, words: Words, width: float, height: float) -> Drawing:
    """One line per player over the hands; the tie-break hand gets a dashed rule."""
    drawing = Drawing(width, height)
    drawing.add(String(0, height - 12, words("summary.chart"), fontName=BOLD, fontSize=11))
    plot = LinePlot()
    plot.x, plot.y = 44, 30
    plot.width, plot.height = width - 54, height - 30 - 24
    plot.data = [
        [(0, player.start_total)]
        + [(hand, total) for hand, total in enumerate(player.totals, start=1)]
        for player in series.players
    ]
    for index in range(len(series.players)):
        colour, dashes, marker = line_style(index)
        line = plot.lines[index]
        line.strokeColor = colour
        line.strokeWidth = 1.4
        line.strokeDashArray = dashes
        line.symbol = makeMarker(marker, size=5, fillColor=colour, strokeColor=colour)
    plot.xValueAxis.valueMin = 0
    plot.xValueAxis.valueMax = max(series.hands, 1)
    plot.xValueAxis.valueStep = _step(series.hands)
    plot.xValueAxis.labels.fontName = REGULAR
    plot.xValueAxis.labelTextFormat = "%d"
    plot.yValueAxis.valueMin = 0
    plot.yValueAxis.labels.fontName = REGULAR
    plot.yValueAxis.labelTextFormat = "%d"
    plot.yValueAxis.visibleGrid = True
    plot.yValueAxis.gridStrokeColor = colors.Color(0.8, 0.8, 0.8)
    plot.yValueAxis.gridStrokeWidth = 0.4
    drawing.add(plot)
    drawing.add(
        String(plot.x + plot.width / 2, 4, words("summary.hand"), fontName=REGULAR, fontSize=9)
    )
    if series.tiebreak_hand is not None:
        x = plot.x + plot.width * series.tiebreak_hand / max(series.hands, 1)
        drawing.add(
            Line(x, plot.y, x, plot.y + plot.height, strokeDashArray=(3, 2), strokeWidth=0.8)
        )
        drawing.add(
            String(
                x - 2,
                plot.y + plot.height + 4,
                words("summary.tiebreak"),
                fontName=REGULAR,
                fontSize=8,
                textAnchor="end",
            )
        )
    return drawing


def _step(hands: int) -> int:
    """Hand numbers on the axis: every hand while they fit, else every 2nd, 5th, 10th."""
    for step in (1, 2, 5, 10, 20, 50):
        if hands / step <= 25:
            return step
    return 100


def legend(series: GameSeries, width: float, height: float) -> Drawing:
    """Each player's line style and marker beside their name, two to a row; the leader
    (the winner, once there is one) starred."""
    drawing = Drawing(width, height)
    column_width = (width - 44) / LEGEND_COLUMNS
    leader = series.leaders[-1] if series.leaders else None
    for index, player in enumerate(series.players):
        colour, dashes, marker = line_style(index)
        x = 44 + (index % LEGEND_COLUMNS) * column_width
        y = height - 8 - (index // LEGEND_COLUMNS) * LEGEND_ROW
        drawing.add(
            Line(x, y, x + 20, y, strokeColor=colour, strokeWidth=1.4, strokeDashArray=dashes)
        )
        symbol = makeMarker(marker, size=5, fillColor=colour, strokeColor=colour)
        symbol.x, symbol.y = x + 10, y
        drawing.add(symbol)
        label = printable_form(player.name) + (" ★" if player.name == leader else "")
        shown, size = fit_text(label, width_of(REGULAR), column_width - 32, 9, 7)
        drawing.add(String(x + 26, y - 3, shown, fontName=REGULAR, fontSize=size))
    return drawing


def _draw_summary(pen: Pen, series: GameSeries, words: Words, left: float, top: float) -> None:
    pen.text(left, top - 12, words("summary.summary"), BOLD, 11)
    y = top - 12 - LEADING * 1.4
    for heading, text in summary_lines(series, words):
        pen.text(left, y, heading, BOLD, TEXT_SIZE)
        y -= LEADING
        for line in _wrapped(printable_form(text), SUMMARY_WIDTH):
            pen.text(left, y, line, REGULAR, TEXT_SIZE)
            y -= LEADING
        y -= 4
    y -= 8
    pen.fitted(left, y, words("summary.player"), BOLD, (9, 6), SUMMARY_WIDTH - 140)
    for right, key in ((90, "summary.phases"), (45, "summary.out"), (0, "summary.total")):
        heading = words(key)
        pen.fitted(left + SUMMARY_WIDTH - right, y, heading, BOLD, (9, 6), 42, "right")
    pen.line(left, y - 4, left + SUMMARY_WIDTH, y - 4, THIN)
    for player in series.players:
        y -= LEADING
        pen.fitted(left, y, printable_form(player.name), REGULAR, (9, 7), SUMMARY_WIDTH - 130)
        made = player.phases_made[-1] if player.phases_made else 0
        total = player.totals[-1] if player.totals else 0
        pen.text(left + SUMMARY_WIDTH - 90, y, str(made), REGULAR, 9, "right")
        pen.text(left + SUMMARY_WIDTH - 45, y, str(player.went_out), REGULAR, 9, "right")
        pen.text(left + SUMMARY_WIDTH, y, str(total), REGULAR, 9, "right")


def _wrapped(text: str, width: float) -> Sequence[str]:
    return wrap_text(text, width_of(REGULAR), width, TEXT_SIZE)
