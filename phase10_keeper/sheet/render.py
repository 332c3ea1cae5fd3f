"""Draws the score sheet with reportlab: only `write_score_sheet` imports this module.

Text goes on the page with plain string-drawing calls, never markup, so a name prints
exactly as typed. Sizes are in points (1/72 inch); 10 mm is about 28 points.
"""

import io
import math
from collections.abc import Sequence
from enum import Enum
from typing import NamedTuple

from reportlab.pdfgen.canvas import Canvas

from phase10_keeper import __version__
from phase10_keeper.language import Words
from phase10_keeper.language.wording import (
    rules_description,
)
from phase10_keeper.rules import Game, Order, Replay, RuleSet
from phase10_keeper.sheet.fit import (
    fit_text,
    fit_two_lines,
    printable_form,
    wrap_text,
)
from phase10_keeper.sheet.geometry import MARGIN, PAGE_SIZES
from phase10_keeper.sheet.legend import Legend
from phase10_keeper.sheet.model import (
    Cell,
    Column,
    Page,
    Sheet,
    blank_sheet,
    filled_sheet,
    replay_checked,
)
from phase10_keeper.sheet.paper import HANDS_PER_PAGE, Paper, SheetError
from phase10_keeper.sheet.pen import (
    BOLD,
    EN_DASH,
    MEDIUM,
    PHASE_BOX_HEIGHT,
    PHASE_BOX_WIDTH,
    REGULAR,
    THICK,
    THIN,
    TRACKER_BOX,
    TRACKER_GAP,
    UNUSED_GREY,
    Pen,
    check_printable,
    register_fonts,
    width_of,
)

HEADER_HEIGHT = 44.0
RULES_WIDTH = 330.0
"""Room for the rule set's description at the top right of the page."""
HEAD_ROW_HEIGHT = 30.0
FOOTER_HEIGHT = 12.0
GAP = 10.0
LEGEND_GAP = 14.0
MAX_ROW_HEIGHT = 50.0
"""About 18 mm: taller rows would only stretch a short table down the page."""
NAME_WIDTH = 124.0
TOTAL_WIDTH = 62.0
CARRIED_WIDTH = 46.0
CELL_PAD = 3.0

NAME_SIZE, NAME_MIN_SIZE = 12.0, 7.0
NAME_PAD = 6.0
TWO_LINE_NAME_ROW = 40.0
"""Rows at least this tall have room for a long name on two lines."""
POINTS_SIZE = 14.0
ABSENT_GREY = 0.88
"""Behind the struck-through cells of players who sat out a replay hand."""

NOTE_OVER_TRACKER = 3.5
"""From the phase tracker's top up to the baseline of a note over it."""
LEFT_NOTE_SIZES = (7.5, 6.0)
"""The note of when a player left, in the closed part of their row."""


class Rendered(NamedTuple):
    pdf: bytes
    pages: int


def _phase_box(pen: Pen, x: float, top: float, label: str, *, made: bool) -> None:
    """The phase box at the top left of a hand's cell, with a tick after it when made."""
    y = top - CELL_PAD - PHASE_BOX_HEIGHT
    pen.labelled_box(x + CELL_PAD, y, (PHASE_BOX_WIDTH, PHASE_BOX_HEIGHT), label, 8.5, made=made)
    if made:
        pen.tick(x + CELL_PAD + PHASE_BOX_WIDTH + 1.5, y + 2.5, 10)


class Grid(NamedTuple):
    """Where the table's columns and rows fall on one page."""

    left: float
    top: float
    hand_width: float
    row_height: float
    rows: int
    carried: bool

    @property
    def hands_left(self) -> float:
        return self.left + NAME_WIDTH + (CARRIED_WIDTH if self.carried else 0)

    @property
    def total_left(self) -> float:
        return self.hands_left + HANDS_PER_PAGE * self.hand_width

    @property
    def right(self) -> float:
        return self.total_left + TOTAL_WIDTH

    @property
    def body_top(self) -> float:
        return self.top - HEAD_ROW_HEIGHT

    @property
    def bottom(self) -> float:
        return self.body_top - self.rows * self.row_height

    def hand_x(self, slot: int) -> float:
        return self.hands_left + slot * self.hand_width

    def row_top(self, row: int) -> float:
        return self.body_top - row * self.row_height


def _metadata(canvas: Canvas, sheet: Sheet) -> None:
    words = sheet.words
    rules = rules_description(words, sheet.rules)
    canvas.setTitle(
        words("meta.title_of", title=sheet.title) if sheet.title else words("meta.title")
    )
    if sheet.filled:
        hands = sum(len(page.columns) for page in sheet.pages)
        players = words("names.separator").join(sheet.players)
        subject = words.count("meta.subject_filled", hands, players=players, rules=rules)
    else:
        subject = words("meta.subject_blank", rules=rules)
    canvas.setSubject(subject)
    canvas.setAuthor("phase10-keeper")
    canvas.setCreator(f"phase10-keeper {__version__}")
    canvas.setKeywords(words("meta.keywords"))


def _draw_header(pen: Pen, sheet: Sheet, page: Page, left: float, right: float, top: float) -> None:
    words = sheet.words
    pen.text(left, top - 18, "Phase 10", BOLD, 22)
    subtitle = words("sheet.score_sheet")
    pen.text(left + width_of(BOLD)("Phase 10", 22) + 8, top - 18, subtitle, REGULAR, 13)
    lines = wrap_text(rules_description(words, sheet.rules), width_of(BOLD), RULES_WIDTH, 10)
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
    for index, line in enumerate(lines):
        pen.fitted(right, top - 12 - 12 * index, line, BOLD, (10, 7), RULES_WIDTH, "right")
    baseline = top - 38
    if len(sheet.pages) > 1:
        last = page.first_hand + HANDS_PER_PAGE - 1
        where = words(
            "sheet.page_of",
            page=page.number,
            pages=len(sheet.pages),
            first=page.first_hand,
            last=last,
        )
        pen.text(right, baseline, where, REGULAR, 9, "right")
    x = left
    if sheet.title:
        room = right - left - 2 * RULES_WIDTH / 3
        x += pen.fitted(left, baseline, printable_form(sheet.title), BOLD, (12, 8), room) + 14
    else:
        x = _write_in_line(pen, x, baseline, words("sheet.game"), 220) + 30
    if sheet.date:
        pen.text(x, baseline, sheet.date, REGULAR, 10)
    else:
        _write_in_line(pen, x, baseline, words("sheet.date"), 130)


def _write_in_line(pen: Pen, x: float, baseline: float, label: str, length: float) -> float:
    """A label and a line to write on after it; returns where the line ends."""
    pen.text(x, baseline, label, REGULAR, 9)
    start = x + width_of(REGULAR)(label, 9) + 4
    pen.line(start, baseline - 2, start + length, baseline - 2, THIN)
    return start + length


def _draw_head_row(pen: Pen, sheet: Sheet, page: Page, grid: Grid) -> None:
    words = sheet.words
    top, middle = grid.top, grid.top - HEAD_ROW_HEIGHT / 2
    pen.fitted(grid.left + NAME_PAD, middle - 3.5, words("sheet.player"), BOLD, (10, 7), NAME_WIDTH)
    if page.carried is not None:
        centre = grid.left + NAME_WIDTH + CARRIED_WIDTH / 2
        room = CARRIED_WIDTH - 4
        pen.fitted(centre, top - 13, words("sheet.carried"), BOLD, (9, 6), room, "centre")
        carried_from = words("sheet.carried_from", page=page.number - 1)
        pen.fitted(centre, top - 23, carried_from, REGULAR, (7, 5), room, "centre")
    for slot in range(HANDS_PER_PAGE):
        x = grid.hand_x(slot)
        centre = x + grid.hand_width / 2
        column = page.columns[slot] if slot < len(page.columns) else None
        kind = _slot_kind(sheet, page, slot)
        if kind is SlotKind.UNUSED:
            pen.text(centre, middle - 4.5, EN_DASH, BOLD, 13, "centre")
            continue
        if kind is SlotKind.REPLAY_IF_TIED:
            pen.fitted(
                centre,
                top - 14 if any(page.dealers) else middle - 3.5,
                words("sheet.tied"),
                BOLD,
                (9.5, 6),
                grid.hand_width - 4,
                "centre",
            )
        elif (column is not None and column.replay) or _replay_slot(sheet, page) == slot:
            replay = words("sheet.replay")
            pen.fitted(centre, top - 14, replay, BOLD, (9.5, 6), grid.hand_width - 4, "centre")
        else:
            # Without dealers under them, the numbers sit in the middle of the row.
            baseline = top - 15 if any(page.dealers) else middle - 4.5
            pen.text(centre, baseline, str(page.first_hand + slot), BOLD, 13, "centre")
        dealer = page.dealers[slot] if slot < len(page.dealers) else ""
        if dealer:
            pen.fitted(
                centre,
                top - 25,
                words("sheet.dealer", name=printable_form(dealer)),
                REGULAR,
                (7, 5.5),
                grid.hand_width - 4,
                "centre",
            )
    pen.fitted(
        grid.total_left + TOTAL_WIDTH / 2,
        middle - 3.5,
        words("sheet.total"),
        BOLD,
        (11, 7),
        TOTAL_WIDTH - 4,
        "centre",
    )


def _tracker(pen: Pen, x: float, bottom: float, rules: RuleSet, made: frozenset[int]) -> float:
    """The phase labels under a player's name, filled in as they are made (choose order).

    Laid out in lines of as many as fit the name cell, the last line at `bottom`; returns
    the top of the first line.
    """
    step = TRACKER_BOX + TRACKER_GAP
    per_line = max(1, int((NAME_WIDTH - 2 * NAME_PAD + TRACKER_GAP) // step))
    lines = math.ceil(len(rules.phases) / per_line)
    for index, phase in enumerate(rules.phases):
        line, place = divmod(index, per_line)
        pen.labelled_box(
            x + place * step,
            bottom + (lines - 1 - line) * step,
            (TRACKER_BOX, TRACKER_BOX),
            str(phase.label),
            6 if phase.label < 10 else 5,
            made=phase.label in made,
        )
    return bottom + (lines - 1) * step + TRACKER_BOX


def _winner_tag(pen: Pen, words: Words, x: float, y: float) -> None:
    """A reversed "WINNER" label with its lower left at (x, y)."""
    pen.fill(x, y, _winner_tag_width(words), 11)
    pen.canvas.setFillGray(1)
    pen.text(x + 3, y + 3, words("sheet.winner_tag"), BOLD, 7.5)
    pen.canvas.setFillGray(0)


def _winner_tag_width(words: Words) -> float:
    return width_of(BOLD)(words("sheet.winner_tag"), 7.5) + 6


def _draw_name_cell(pen: Pen, sheet: Sheet, page: Page, grid: Grid, row: int) -> None:
    name = sheet.players[row]
    top = grid.row_top(row)
    bottom = top - grid.row_height
    x, room = grid.left + NAME_PAD, NAME_WIDTH - 2 * NAME_PAD
    tracker = sheet.rules.order is Order.CHOOSE
    tracker_top = bottom
    if tracker:
        made = page.made.get(name, frozenset())
        tracker_top = _tracker(pen, x, bottom + 4, sheet.rules, made)
    if not name:
        return
    winner = sheet.filled and name == sheet.winner and page.number == len(sheet.pages)
    if winner and tracker:
        # The line under the name is taken, so the tag goes beside it.
        room -= _winner_tag_width(sheet.words) + 4
        _winner_tag(pen, sheet.words, x + room + 4, top - 17)
    elif winner:
        _winner_tag(pen, sheet.words, x, bottom + 5)
    text = printable_form(name)
    measure = width_of(BOLD)
    note = _seating_note(sheet, name, leaving=_closed_cells(sheet, page, grid, name) is None)
    if tracker or note or grid.row_height < TWO_LINE_NAME_ROW:
        shown, size = fit_text(text, measure, room, NAME_SIZE, NAME_MIN_SIZE)
        lines = [shown]
    else:
        lines, size = fit_two_lines(text, measure, room, NAME_SIZE, NAME_MIN_SIZE)
    leading = size * 1.15
    if tracker or winner or note:
        first = top - 16
    else:
        first = (top + bottom) / 2 - size * 0.36 + (len(lines) - 1) * leading / 2
    for index, line in enumerate(lines):
        pen.text(x, first - index * leading, line, BOLD, size)
    if note:
        # In a short row, up from the phase tracker to keep its descenders off the boxes.
        baseline = max(first - size - 3, tracker_top + NOTE_OVER_TRACKER)
        pen.fitted(x, baseline, note, REGULAR, (7, 5.5), room)


def _seating_note(sheet: Sheet, name: str, *, leaving: bool) -> str:
    """Under a name: when the player joined and on what total, and, with `leaving`,
    when they left."""
    words = sheet.words
    notes = []
    if name in sheet.joined:
        number, total = sheet.joined[name]
        notes.append(words("sheet.joined_at", hand=number, total=total))
    if leaving and name in sheet.left:
        notes.append(_left_note(sheet, name))
    return words("sheet.notes_separator").join(notes)


def _left_note(sheet: Sheet, name: str) -> str:
    return sheet.words("sheet.left_after", hand=sheet.left[name] - 1)


def _closed_cells(sheet: Sheet, page: Page, grid: Grid, name: str) -> tuple[float, float] | None:
    """Where the note of when a player left goes in the closed part of their row on this
    page: the left end of the room and its width. None where the page has no closed part
    or one too narrow for the note, which then goes under the name."""
    if name not in sheet.left:
        return None
    slots = [
        slot
        for slot in range(HANDS_PER_PAGE)
        if page.first_hand + slot >= sheet.left[name]
        and _slot_kind(sheet, page, slot) is not SlotKind.UNUSED
    ]
    if not slots:
        return None
    left = grid.hand_x(slots[0]) + CELL_PAD + 1
    room = grid.hand_x(slots[-1]) + grid.hand_width - CELL_PAD - left
    if width_of(REGULAR)(_left_note(sheet, name), LEFT_NOTE_SIZES[1]) > room:
        return None
    return left, room


def _draw_left_notes(pen: Pen, sheet: Sheet, page: Page, grid: Grid) -> None:
    """When each player who left did so, above the line that crosses out the rest of
    their row, on a patch of the row's grey that keeps the column lines out of it."""
    for row, name in enumerate(sheet.players):
        closed = _closed_cells(sheet, page, grid, name)
        if closed is None:
            continue
        x, room = closed
        note = _left_note(sheet, name)
        shown, size = fit_text(note, width_of(REGULAR), room, *LEFT_NOTE_SIZES)
        top = grid.row_top(row)
        middle = top - grid.row_height / 2
        # From the line across the row up to the row's top, as if the cells were one.
        patch = (width_of(REGULAR)(shown, size) + 2, grid.row_height / 2 - 2 * THIN)
        pen.fill(x - 1, middle + THIN, *patch, UNUSED_GREY)
        pen.text(x, (top + middle) / 2 - size * 0.36, shown, REGULAR, size)


def _draw_hand_cell(
    pen: Pen, x: float, top: float, grid: Grid, cell: Cell | None, *, open_cell: bool
) -> None:
    bottom = top - grid.row_height
    right = x + grid.hand_width - 4
    if cell is None:
        if open_cell:
            _phase_box(pen, x, top, "", made=False)
        return
    _phase_box(pen, x, top, "" if cell.phase is None else str(cell.phase), made=cell.made)
    pen.text(
        right,
        bottom + max(12.0, grid.row_height * 0.34),
        str(cell.points),
        BOLD,
        POINTS_SIZE,
        "right",
    )
    pen.text(right, bottom + 3.5, f"Σ {cell.total}", REGULAR, 7, "right")


def _replay_slot(sheet: Sheet, page: Page) -> int | None:
    """The column left for a tie-break replay hand still to be played, if on this page."""
    last_page = page.number == len(sheet.pages)
    if sheet.replay_players and last_page and len(page.columns) < HANDS_PER_PAGE:
        return len(page.columns)
    return None


class SlotKind(Enum):
    HAND = "hand"
    """A hand played, to be played, or a replay hand played or due."""
    REPLAY_IF_TIED = "replay-if-tied"
    """After the last of a fixed number of hands, while the game is undecided."""
    UNUSED = "unused"
    """Beyond the last of a fixed number of hands: no hand is ever written here."""


def _slot_kind(sheet: Sheet, page: Page, slot: int) -> SlotKind:
    limit = sheet.rules.hands
    number = page.first_hand + slot
    if limit is None or number <= limit or slot < len(page.columns):
        return SlotKind.HAND
    if _replay_slot(sheet, page) == slot:
        return SlotKind.HAND
    if number == limit + 1 and sheet.more_to_play and not sheet.replay_players:
        return SlotKind.REPLAY_IF_TIED
    return SlotKind.UNUSED


def _not_seated(pen: Pen, x: float, top: float, grid: Grid, *, left: bool) -> None:
    """A cell of a player not at the table: before joining, greyed; after leaving, greyed
    and crossed out along the row, which a heavy line closes after their last hand."""
    bottom = top - grid.row_height
    pen.fill(x, bottom, grid.hand_width, grid.row_height, UNUSED_GREY)
    if left:
        middle = top - grid.row_height / 2
        pen.line(x, middle, x + grid.hand_width, middle, THIN)


def _strike(pen: Pen, x: float, top: float, grid: Grid) -> None:
    """A cell of a player who sat out a replay hand: greyed and crossed by a diagonal."""
    pen.fill(x, top - grid.row_height, grid.hand_width, grid.row_height, ABSENT_GREY)
    pen.line(x, top - grid.row_height, x + grid.hand_width, top, THIN)


def _draw_body(pen: Pen, sheet: Sheet, page: Page, grid: Grid) -> None:
    for row, name in enumerate(sheet.players):
        top = grid.row_top(row)
        _draw_name_cell(pen, sheet, page, grid, row)
        if page.carried is not None:
            pen.text(
                grid.left + NAME_WIDTH + CARRIED_WIDTH / 2,
                top - grid.row_height / 2 - 4,
                str(page.carried[name]),
                REGULAR,
                11,
                "centre",
            )
        replay_slot = _replay_slot(sheet, page)
        for slot in range(HANDS_PER_PAGE):
            x = grid.hand_x(slot)
            if _slot_kind(sheet, page, slot) is SlotKind.UNUSED:
                pen.fill(x, top - grid.row_height, grid.hand_width, grid.row_height, UNUSED_GREY)
                continue
            number = page.first_hand + slot
            if not sheet.seated_for(name, number):
                left = sheet.left.get(name)
                _not_seated(pen, x, top, grid, left=left is not None and number >= left)
                if number == left:
                    pen.line(x, top, x, top - grid.row_height, THICK)
                continue
            if sheet.joined.get(name, (1, 0))[0] == number > 1:
                # Where a player joined, a heavy line opens their row.
                pen.line(x, top, x, top - grid.row_height, THICK)
            column: Column | None = page.columns[slot] if slot < len(page.columns) else None
            sits_out = name not in column.cells if column is not None else False
            if slot == replay_slot:
                sits_out = name not in sheet.replay_players
            if sits_out:
                _strike(pen, x, top, grid)
                continue
            cell = column.cells[name] if column is not None else None
            # After a replay hand still to come the game is over, so no further cells open.
            open_cell = sheet.more_to_play and (replay_slot is None or slot == replay_slot)
            _draw_hand_cell(pen, x, top, grid, cell, open_cell=open_cell)
        if page.totals is not None and (page.columns or page.carried is not None):
            pen.text(
                grid.right - 6,
                top - grid.row_height / 2 - 5,
                str(page.totals[name]),
                BOLD,
                15,
                "right",
            )


def _draw_lines(pen: Pen, grid: Grid) -> None:
    for row in range(1, grid.rows):
        y = grid.row_top(row)
        pen.line(grid.left, y, grid.right, y, THIN)
    for slot in range(1, HANDS_PER_PAGE):
        x = grid.hand_x(slot)
        pen.line(x, grid.top, x, grid.bottom, THIN)
    pen.line(grid.left, grid.body_top, grid.right, grid.body_top, MEDIUM)
    pen.line(grid.left + NAME_WIDTH, grid.top, grid.left + NAME_WIDTH, grid.bottom, MEDIUM)
    if grid.carried:
        pen.line(grid.hands_left, grid.top, grid.hands_left, grid.bottom, MEDIUM)
    pen.line(grid.total_left, grid.top, grid.total_left, grid.bottom, THICK)
    pen.frame(grid.left, grid.bottom, grid.right - grid.left, grid.top - grid.bottom, THICK)


def _draw_footer(
    pen: Pen, sheet: Sheet, page: Page, left: float, right: float, bottom: float
) -> None:
    stamp = f"phase10-keeper {__version__}"
    pen.text(right, bottom + 2, stamp, REGULAR, 7, "right")
    room = right - left - width_of(REGULAR)(stamp, 7) - 20
    words = sheet.words
    if page.number < len(sheet.pages):
        pen.text(left, bottom + 2, words("sheet.continued", page=page.number + 1), REGULAR, 9)
    elif sheet.filled:
        pen.fitted(left, bottom + 2, printable_form(sheet.outcome), BOLD, (10, 7), room)
    else:
        winner = words("sheet.winner")
        pen.text(left, bottom + 2, winner, BOLD, 10)
        start = left + width_of(BOLD)(winner, 10) + 5
        pen.line(start, bottom, start + 220, bottom, THIN)


def page_layout(sheet: Sheet, page: Page, paper: Paper) -> tuple[Grid, Legend]:
    """Where the table and the legend under it go on a page of this paper."""
    page_width, page_height = PAGE_SIZES[paper]
    width = page_width - 2 * MARGIN
    legend = Legend(
        sheet.rules,
        sheet.filled,
        width,
        sheet.words,
        joined=bool(sheet.joined),
        left=bool(sheet.left),
    )
    grid_top = page_height - MARGIN - HEADER_HEIGHT - GAP
    below = LEGEND_GAP + legend.height + GAP + FOOTER_HEIGHT + MARGIN
    room = grid_top - HEAD_ROW_HEIGHT - below
    carried = page.carried is not None
    fixed = NAME_WIDTH + TOTAL_WIDTH + (CARRIED_WIDTH if carried else 0)
    grid = Grid(
        left=MARGIN,
        top=grid_top,
        hand_width=(width - fixed) / HANDS_PER_PAGE,
        row_height=min(MAX_ROW_HEIGHT, room / len(sheet.players)),
        rows=len(sheet.players),
        carried=carried,
    )
    return grid, legend


def _draw_page(pen: Pen, sheet: Sheet, page: Page, paper: Paper) -> None:
    page_width, page_height = PAGE_SIZES[paper]
    left, right = MARGIN, page_width - MARGIN
    _draw_header(pen, sheet, page, left, right, page_height - MARGIN)
    grid, legend = page_layout(sheet, page, paper)
    _draw_head_row(pen, sheet, page, grid)
    _draw_body(pen, sheet, page, grid)
    _draw_lines(pen, grid)
    _draw_left_notes(pen, sheet, page, grid)
    # Right under the table: a short table leaves its spare room at the foot of the page.
    legend.draw(pen, left, legend_top(grid))
    _draw_footer(pen, sheet, page, left, right, MARGIN)


def legend_top(grid: Grid) -> float:
    return grid.bottom - LEGEND_GAP


def render_sheet(
    *,
    game: Game | None,
    names: Sequence[str],
    rows: int,
    paper: Paper,
    rules: RuleSet,
    title: str,
    words: Words,
    replayed: Replay | None = None,
) -> Rendered:
    if game is not None and names:
        raise SheetError("sheet.error.names_with_game")
    if game is not None:
        if replayed is None or replayed.final.hands_played != len(game.hands):
            replayed = replay_checked(game)
        sheet = filled_sheet(game, title, replayed, words)
    else:
        sheet = blank_sheet(names, rows, rules, title, words)
    names_shown = [printable_form(name) for name in sheet.players]
    title_shown = printable_form(sheet.title)
    fonts = register_fonts([*names_shown, title_shown])
    for name in names_shown:
        check_printable(name, "name", fonts)
    check_printable(title_shown, "title", fonts)
    buffer = io.BytesIO()
    canvas = Canvas(
        buffer,
        pagesize=PAGE_SIZES[paper],
        invariant=1,
        pageCompression=1,
        lang=words.code,
        initialFontName=REGULAR,
    )
    _metadata(canvas, sheet)
    pen = Pen(canvas)
    for page in sheet.pages:
        _draw_page(pen, sheet, page, paper)
        canvas.showPage()
    if game is not None and game.hands:
        from phase10_keeper.sheet.summary_page import draw_summary_page

        draw_summary_page(canvas, game, PAGE_SIZES[paper], words, replayed)
        canvas.showPage()
    canvas.save()
    return Rendered(pdf=buffer.getvalue(), pages=canvas.getPageNumber() - 1)
