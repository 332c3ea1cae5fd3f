"""The last page of a filled score sheet: how the game went, as a chart and in words.

The chart is drawn straight on the canvas, in black and white: players' lines differ by
dash pattern and marker, never by colour alone, so the page prints and copies well.
(reportlab's chart package would draw the same, but importing it and building its
objects took most of the time a sheet takes to make.)
"""

import math
from collections.abc import Iterator, Sequence

from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas

from phase10_keeper.language import Words
from phase10_keeper.rules import Game, Replay
from phase10_keeper.sheet.fit import fit_text, printable_form, wrap_text
from phase10_keeper.sheet.geometry import MARGIN
from phase10_keeper.sheet.pen import BOLD, REGULAR, THIN, Pen, width_of
from phase10_keeper.stats import GameSeries, PlayerSeries, game_series, summary_lines
from phase10_keeper.stats.scale import round_step

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

PLOT_LEFT, PLOT_BOTTOM = 44.0, 30.0
"""Room inside the chart's box for the value labels left of and below the plot."""
PLOT_RIGHT_GAP, PLOT_TOP_GAP = 10.0, 24.0
"""Room for the last hand's label on the right and the tie-break label above."""
TICK_LENGTH = 5.0
TICK_LABEL_SIZE = 10.0
MOST_VALUE_TICKS = 7
GRID_GREY = 0.8
LINE_WIDTH = 1.4
MARKER_SIZE = 5.0
MARKER_OUTLINE = 0.1


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
    chart_bottom = MARGIN + legend_height
    draw_running_totals(
        pen, series, words, (MARGIN, chart_bottom), (chart_width, chart_top - chart_bottom)
    )
    draw_legend(pen, series, (MARGIN, MARGIN), chart_width, legend_height)
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


def value_ticks(most: float, length: float) -> list[float]:
    """The running totals labelled up the chart's side, `length` points tall, from 0 to
    `most`: at most seven, at least ten points apart, whole numbers."""
    step = max(1.0, round_step(most / min(MOST_VALUE_TICKS - 1, length / 10)))
    return [number * step for number in range(int(most / step + 1e-8) + 1)]


def seated_runs(series: GameSeries, player: PlayerSeries) -> list[list[tuple[int, int]]]:
    """The (hand, running total) points of a player's line, in runs while they sat at the
    table: a joiner's begins on the total they sat down with, a leaver's ends at the last
    hand they played, as on the window's charts."""
    runs: list[list[tuple[int, int]]] = []
    run: list[tuple[int, int]] = []
    totals = series.while_seated(player.name, (player.start_total, *player.totals))
    for hand, total in enumerate(totals):
        if total is None:
            if run:
                runs.append(run)
            run = []
        else:
            run.append((hand, total))
    if run:
        runs.append(run)
    return runs


def draw_running_totals(
    pen: Pen,
    series: GameSeries,
    words: Words,
    origin: tuple[float, float],
    size: tuple[float, float],
) -> None:
    """One line per player over the hands, in the box at `origin` of `size`; the tie-break
    hand gets a dashed rule."""
    canvas = pen.canvas
    left, bottom = origin
    width, height = size
    pen.text(left, bottom + height - 12, words("summary.chart"), BOLD, 11)
    plot_left, plot_bottom = left + PLOT_LEFT, bottom + PLOT_BOTTOM
    plot_width = width - PLOT_LEFT - PLOT_RIGHT_GAP
    plot_height = height - PLOT_BOTTOM - PLOT_TOP_GAP
    last_hand = max(series.hands, 1)
    most = max(
        (total for player in series.players for total in (player.start_total, *player.totals)),
        default=0,
    )
    top_value = most or 1

    def x_of(hand: float) -> float:
        return plot_left + plot_width * hand / last_hand

    def y_of(total: float) -> float:
        return plot_bottom + plot_height * total / top_value

    canvas.saveState()
    canvas.setLineCap(0)
    canvas.setLineWidth(1)
    canvas.line(plot_left, plot_bottom, plot_left + plot_width, plot_bottom)
    step = _step(series.hands)
    for hand in range(0, last_hand + 1, step):
        x = x_of(hand)
        canvas.line(x, plot_bottom, x, plot_bottom - TICK_LENGTH)
        pen.text(
            x,
            plot_bottom - TICK_LENGTH - TICK_LABEL_SIZE,
            f"{hand}",
            REGULAR,
            TICK_LABEL_SIZE,
            "centre",
        )
    canvas.line(plot_left, plot_bottom, plot_left, plot_bottom + plot_height)
    totals = value_ticks(top_value, plot_height)
    for total in totals:
        y = y_of(total)
        canvas.line(plot_left - TICK_LENGTH, y, plot_left, y)
        pen.text(plot_left - TICK_LENGTH, y - 4, f"{total:.0f}", REGULAR, TICK_LABEL_SIZE, "right")
    canvas.setStrokeGray(GRID_GREY)
    canvas.setLineWidth(0.4)
    for total in totals[1:]:
        canvas.line(plot_left, y_of(total), plot_left + plot_width, y_of(total))
    for index, player in enumerate(series.players):
        for run in seated_runs(series, player):
            points = [(x_of(hand), y_of(total)) for hand, total in run]
            _draw_line(canvas, index, points, points)
    canvas.restoreState()
    pen.text(plot_left + plot_width / 2, bottom + 4, words("summary.hand"), REGULAR, 9)
    if series.tiebreak_hand is not None:
        x = x_of(series.tiebreak_hand)
        canvas.saveState()
        canvas.setDash([3, 2])
        canvas.setLineWidth(0.8)
        canvas.line(x, plot_bottom, x, plot_bottom + plot_height)
        canvas.restoreState()
        pen.text(
            x - 2, plot_bottom + plot_height + 4, words("summary.tiebreak"), REGULAR, 8, "right"
        )


def _draw_line(
    canvas: Canvas,
    index: int,
    points: Sequence[tuple[float, float]],
    marked: Sequence[tuple[float, float]],
) -> None:
    """The line of the player at `index` through `points`, with a marker at each of
    `marked`."""
    colour, dashes, marker = line_style(index)
    canvas.saveState()
    canvas.setStrokeColor(colour)
    canvas.setFillColor(colour)
    canvas.setLineWidth(LINE_WIDTH)
    canvas.setLineJoin(1)
    if dashes:
        canvas.setDash(list(dashes))
    path = canvas.beginPath()
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    canvas.drawPath(path, stroke=1, fill=0)
    canvas.setDash()
    canvas.setLineJoin(0)
    canvas.setLineWidth(MARKER_OUTLINE)
    for x, y in marked:
        _draw_marker(canvas, marker, x, y)
    canvas.restoreState()


def _draw_marker(canvas: Canvas, marker: str, x: float, y: float) -> None:
    """A marker of MARKERS, `MARKER_SIZE` across, centred on (x, y), filled in the
    canvas's fill colour."""
    half = MARKER_SIZE / 2
    kind = marker.removeprefix("Filled")
    if kind == "Circle":
        canvas.circle(x, y, half, stroke=1, fill=1)
        return
    if kind == "Square":
        canvas.rect(x - half, y - half, MARKER_SIZE, MARKER_SIZE, stroke=1, fill=1)
        return
    path = canvas.beginPath()
    corners = [(x + across, y + up) for across, up in _marker_outline(kind, half)]
    path.moveTo(*corners[0])
    for corner in corners[1:]:
        path.lineTo(*corner)
    path.close()
    canvas.drawPath(path, stroke=1, fill=1)


def _marker_outline(kind: str, half: float) -> Iterator[tuple[float, float]]:
    """The corners of a polygon marker, from its centre."""
    if kind == "Triangle":
        across, down = math.cos(math.radians(30)) * half, math.sin(math.radians(30)) * half
        yield from ((0, half), (-across, -down), (across, -down))
    elif kind == "Diamond":
        yield from ((-half, 0), (0, half), (half, 0), (0, -half))
    elif kind == "Cross":
        arm = MARKER_SIZE / 6
        yield from (
            (-arm, -half),
            (-arm, -arm),
            (-half, -arm),
            (-half, arm),
            (-arm, arm),
            (-arm, half),
            (arm, half),
            (arm, arm),
            (half, arm),
            (half, -arm),
            (arm, -arm),
            (arm, -half),
        )
    else:
        raise ValueError(f"no marker {kind!r}")


def _step(hands: int) -> int:
    """Hand numbers on the axis: every hand while they fit, else every 2nd, 5th, 10th."""
    for step in (1, 2, 5, 10, 20, 50):
        if hands / step <= 25:
            return step
    return 100


def legend_entries(
    series: GameSeries, width: float, height: float
) -> list[tuple[int, float, float, str, float]]:
    """Where each player's sample line goes in the legend's box and the name beside it,
    two to a row, the leader (the winner, once there is one) starred: the player's
    index, the line's start, the name as shown and its type size."""
    column_width = (width - PLOT_LEFT) / LEGEND_COLUMNS
    leader = series.leaders[-1] if series.leaders else None
    entries = []
    for index, player in enumerate(series.players):
        x = PLOT_LEFT + (index % LEGEND_COLUMNS) * column_width
        y = height - 8 - (index // LEGEND_COLUMNS) * LEGEND_ROW
        label = printable_form(player.name) + (" ★" if player.name == leader else "")
        shown, size = fit_text(label, width_of(REGULAR), column_width - 32, 9, 7)
        entries.append((index, x, y, shown, size))
    return entries


def draw_legend(
    pen: Pen, series: GameSeries, origin: tuple[float, float], width: float, height: float
) -> None:
    """Each player's line style and marker beside their name, in the box at `origin`."""
    left, bottom = origin
    for index, x, y, shown, size in legend_entries(series, width, height):
        start, y = left + x, bottom + y
        _draw_line(pen.canvas, index, [(start, y), (start + 20, y)], [(start + 10, y)])
        pen.text(start + 26, y - 3, shown, REGULAR, size)


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
