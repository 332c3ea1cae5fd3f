"""Draws the score sheet with reportlab: only `write_score_sheet` imports this module.

Text goes on the page with plain string-drawing calls, never markup, so a name prints
exactly as typed. Sizes are in points (1/72 inch); 10 mm is about 28 points.
"""

import io
import math
from collections.abc import Sequence
from enum import Enum
from functools import cached_property
from typing import NamedTuple

from reportlab.lib.pagesizes import A4, LETTER, landscape
from reportlab.pdfgen.canvas import Canvas

from phase10_keeper import __version__
from phase10_keeper.language import Words
from phase10_keeper.language.wording import (
    card_label,
    phase_description,
    rules_description,
)
from phase10_keeper.rules import CARD_POINTS, CardKind, Game, Order, Replay, RuleSet
from phase10_keeper.sheet import HANDS_PER_PAGE, Paper, SheetError
from phase10_keeper.sheet.fit import (
    fit_text,
    fit_two_lines,
    printable_form,
    wrap_text,
)
from phase10_keeper.sheet.model import (
    Cell,
    Column,
    Page,
    Sheet,
    blank_sheet,
    filled_sheet,
    replay_checked,
)
from phase10_keeper.sheet.pen import (
    BOLD,
    MEDIUM,
    REGULAR,
    THICK,
    THIN,
    Pen,
    check_printable,
    register_fonts,
    width_of,
)

EN_DASH = "\u2013"
PAGE_SIZES = {Paper.LETTER: landscape(LETTER), Paper.A4: landscape(A4)}

MARGIN = 38.0
"""13.4 mm on every side: inside what common printers can reach."""
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
PHASE_BOX_WIDTH, PHASE_BOX_HEIGHT = 15.0, 13.0
"""The phase box in each hand's cell: room for a handwritten "10"."""

NAME_SIZE, NAME_MIN_SIZE = 12.0, 7.0
NAME_PAD = 6.0
TWO_LINE_NAME_ROW = 40.0
"""Rows at least this tall have room for a long name on two lines."""
POINTS_SIZE = 14.0
ABSENT_GREY = 0.88
"""Behind the struck-through cells of players who sat out a replay hand."""
UNUSED_GREY = 0.94
"""Behind the columns after the last hand of a game of a fixed number of hands."""

LEGEND_TEXT = 8.5
LEGEND_LEADING = 11.0
NOTE_SIZE = 8.0
NOTE_LEADING = 10.0
LEGEND_PAD = 6.0
CARD_BOX_WIDTH = 136.0
CARD_VALUE_RIGHT = 72.0
KEY_BOX_WIDTH = 204.0
KEY_SAMPLE_WIDTH = 40.0
PHASE_LABEL_SLOT = 17.0
PHASE_COLUMN_GAP = 12.0
PHASE_SPARE_MAX = 24.0
PHASE_LINES_MIN = 5
PHASE_LINES_MAX = 10
TRACKER_BOX = 9.5
TRACKER_GAP = 1.3


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


def _tracker(pen: Pen, x: float, bottom: float, rules: RuleSet, made: frozenset[int]) -> None:
    """The phase labels under a player's name, filled in as they are made (choose order).

    Laid out in lines of as many as fit the name cell, the last line at `bottom`.
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
    if tracker:
        _tracker(pen, x, bottom + 4, sheet.rules, page.made.get(name, frozenset()))
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
    note = _seating_note(sheet, name)
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
        pen.fitted(x, first - size - 3, note, REGULAR, (7, 5.5), room)


def _seating_note(sheet: Sheet, name: str) -> str:
    """Under a name: when the player joined and on what total, or when they left."""
    words = sheet.words
    notes = []
    if name in sheet.joined:
        number, total = sheet.joined[name]
        notes.append(words("sheet.joined_at", hand=number, total=total))
    if name in sheet.left:
        notes.append(words("sheet.left_after", hand=sheet.left[name] - 1))
    return words("sheet.notes_separator").join(notes)


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


def _rule_notes(words: Words, rules: RuleSet) -> list[str]:
    notes = []
    if rules.order is Order.CHOOSE:
        notes.append(words("note.masters"))
    if rules.hands is not None:
        notes.append(words.count("note.fixed_hands", rules.hands))
    elif rules.order is Order.CHOOSE:
        notes.append(words.count("note.ends_choose", rules.target))
    else:
        notes.append(words("note.ends_sequence", phase=rules.target_phase.label))
    if rules.two_strike_applies:
        notes.append(words("note.two_strike"))
    if rules.hands is not None:
        notes.append(words("note.tie_fixed"))
    elif rules.order is Order.CHOOSE:
        notes.append(words("note.tie_choose", phase=rules.phases[-1].label))
    else:
        notes.append(words("note.tie_sequence"))
    return notes


class Legend:
    """The reference strip under the table: phases, card values and how cells are marked.

    `joined` and `left` say someone joined or left during the game: the key explains how
    their rows are marked.
    """

    def __init__(
        self,
        rules: RuleSet,
        filled: bool,
        width: float,
        words: Words,
        *,
        joined: bool = False,
        left: bool = False,
    ) -> None:
        self.rules = rules
        self.filled = filled
        self.width = width
        self.words = words
        self.joined = joined
        self.left = left

    @property
    def phases_width(self) -> float:
        return self.width - CARD_BOX_WIDTH - KEY_BOX_WIDTH - 2 * GAP

    def phase_layout(self) -> tuple[int, list[float]]:
        """Lines per column and each column's width for the phase list.

        As many columns side by side as fit at the phases' natural width, keeping at
        least PHASE_LINES_MIN lines in a column, a little spare width between them. A
        list too wide for that gets columns of PHASE_LINES_MAX lines, narrowed in
        proportion, and its descriptions shrink to fit.
        """
        room = self.phases_width - 2 * LEGEND_PAD + PHASE_COLUMN_GAP
        count = len(self.rules.phases)
        chosen = math.ceil(count / PHASE_LINES_MAX)
        # No more columns than fit at their narrowest, so the search stays short however
        # long the list.
        most = max(chosen, int(room // (PHASE_LABEL_SLOT + PHASE_COLUMN_GAP)))
        for columns in range(chosen, min(count, most) + 1):
            lines = math.ceil(count / columns)
            if columns > 1 and lines < PHASE_LINES_MIN:
                break
            if sum(self._natural_widths(lines)) <= room:
                chosen = columns
        lines = math.ceil(count / chosen)
        widths = self._natural_widths(lines)
        spare = room - sum(widths)
        if spare >= 0:
            # Columns too far apart read as separate lists: keep the rest of the room free.
            return lines, [width + min(spare / len(widths), PHASE_SPARE_MAX) for width in widths]
        return lines, [width * room / sum(widths) for width in widths]

    @cached_property
    def _phase_widths(self) -> list[float]:
        """Each phase description's width, measured once: layouts try many column counts."""
        measure = width_of(REGULAR)
        return [measure(description, LEGEND_TEXT) for description in self._descriptions]

    @cached_property
    def _descriptions(self) -> list[str]:
        return [phase_description(self.words, phase) for phase in self.rules.phases]

    def _natural_widths(self, lines: int) -> list[float]:
        widths = self._phase_widths
        return [
            PHASE_LABEL_SLOT + PHASE_COLUMN_GAP + max(widths[start : start + lines])
            for start in range(0, len(widths), lines)
        ]

    def notes(self) -> list[str]:
        room = self.phases_width - 2 * LEGEND_PAD
        return [
            line
            for note in _rule_notes(self.words, self.rules)
            for line in wrap_text(note, width_of(REGULAR), room, NOTE_SIZE)
        ]

    @property
    def height(self) -> float:
        phases = self.phase_layout()[0] * LEGEND_LEADING + 3 + len(self.notes()) * NOTE_LEADING
        cards = len(self.card_lines()) * LEGEND_LEADING + 3 + len(self.card_notes()) * NOTE_LEADING
        body = max(phases, cards, len(self.key()) * LEGEND_LEADING + 4)
        return 2 * LEGEND_PAD + 12 + body

    def draw(self, pen: Pen, left: float, top: float) -> None:
        height = self.height
        bottom = top - height
        boxes = (
            (left, self.phases_width, self.words("legend.phases"), self._draw_phases),
            (
                left + self.phases_width + GAP,
                CARD_BOX_WIDTH,
                self.words("legend.card_values"),
                self._draw_cards,
            ),
            (
                left + self.width - KEY_BOX_WIDTH,
                KEY_BOX_WIDTH,
                self.words("legend.marking"),
                self._draw_key,
            ),
        )
        for x, width, heading, content in boxes:
            pen.frame(x, bottom, width, height, THIN)
            pen.fitted(
                x + LEGEND_PAD, top - LEGEND_PAD - 8, heading, BOLD, (9, 7), width - 2 * LEGEND_PAD
            )
            content(
                pen,
                x + LEGEND_PAD,
                top - LEGEND_PAD - 12 - LEGEND_LEADING + 2,
                width - 2 * LEGEND_PAD,
            )

    def _draw_phases(self, pen: Pen, x: float, y: float, width: float) -> None:
        lines, widths = self.phase_layout()
        left = x
        for column, column_width in enumerate(widths):
            shown = slice(column * lines, (column + 1) * lines)
            for line, (phase, description) in enumerate(
                zip(self.rules.phases[shown], self._descriptions[shown], strict=True)
            ):
                baseline = y - line * LEGEND_LEADING
                label_right = left + PHASE_LABEL_SLOT - 5
                pen.text(label_right, baseline, str(phase.label), BOLD, LEGEND_TEXT, "right")
                pen.fitted(
                    left + PHASE_LABEL_SLOT,
                    baseline,
                    description,
                    REGULAR,
                    (LEGEND_TEXT, 6.5),
                    column_width - PHASE_LABEL_SLOT - PHASE_COLUMN_GAP,
                )
            left += column_width
        baseline = y - lines * LEGEND_LEADING - 3
        for note in self.notes():
            pen.text(x, baseline, note, REGULAR, NOTE_SIZE)
            baseline -= NOTE_LEADING

    def card_lines(self) -> list[tuple[str, int]]:
        kinds = [CardKind.LOW, CardKind.HIGH, CardKind.SKIP, CardKind.WILD]
        if self.rules.super_wild:
            kinds.append(CardKind.SUPER_WILD)
        return [(card_label(self.words, kind), CARD_POINTS[kind]) for kind in kinds]

    def card_notes(self) -> list[str]:
        note = self.words("legend.card_note")
        return wrap_text(note, width_of(REGULAR), CARD_BOX_WIDTH - 2 * LEGEND_PAD, NOTE_SIZE)

    def _draw_cards(self, pen: Pen, x: float, y: float, width: float) -> None:
        lines = self.card_lines()
        for index, (label, points) in enumerate(lines):
            baseline = y - index * LEGEND_LEADING
            pen.fitted(x, baseline, label, REGULAR, (LEGEND_TEXT, 6), CARD_VALUE_RIGHT - 16)
            pen.text(x + CARD_VALUE_RIGHT, baseline, str(points), BOLD, LEGEND_TEXT, "right")
        baseline = y - len(lines) * LEGEND_LEADING - 3
        for note in self.card_notes():
            pen.text(x, baseline, note, REGULAR, NOTE_SIZE)
            baseline -= NOTE_LEADING

    def key(self) -> list[tuple[str, str]]:
        """Samples of what the cells show, each with the words that explain it."""
        words = self.words
        if self.filled:
            lines = [
                ("missed", words("key.missed")),
                ("made", words("key.made")),
                ("points", words("key.points")),
                ("total", words("key.total")),
                ("dealer", words("key.dealer")),
            ]
        else:
            lines = [
                ("empty", words("key.empty")),
                ("made", words("key.made_blank")),
                ("points", words("key.points")),
                ("total", words("key.total_blank")),
            ]
        if self.rules.order is Order.CHOOSE:
            lines.append(("tracker", words("key.tracker" if self.filled else "key.tracker_blank")))
        if self.joined:
            lines.append(("joined", words("key.joined")))
        if self.left:
            lines.append(("left", words("key.left")))
        if self.rules.hands is not None:
            lines.append(("unused", words.count("key.unused", self.rules.hands)))
            lines.append(("tied", words("key.tied")))
        return lines

    def _draw_key(self, pen: Pen, x: float, y: float, width: float) -> None:
        box = (PHASE_BOX_WIDTH * 0.75, PHASE_BOX_HEIGHT * 0.75)
        for index, (sample, words) in enumerate(self.key()):
            baseline = y - index * LEGEND_LEADING
            if sample in ("missed", "empty"):
                label = "3" if sample == "missed" else ""
                pen.labelled_box(x, baseline - 1.5, box, label, 6.5, made=False)
            elif sample == "made":
                pen.labelled_box(x, baseline - 1.5, box, "3", 6.5, made=True)
                pen.tick(x + box[0] + 1.5, baseline, 9)
            elif sample == "points":
                pen.text(x, baseline, "25", BOLD, 10)
            elif sample == "total":
                total = "Σ 140" if self.filled else self.words("sheet.total")
                pen.fitted(x, baseline, total, REGULAR, (7.5, 5), KEY_SAMPLE_WIDTH - 2)
            elif sample == "dealer":
                dealer = self.words("sheet.dealer", name=self.words("key.sample_name"))
                pen.fitted(x, baseline, dealer, REGULAR, (7.5, 5), KEY_SAMPLE_WIDTH - 2)
            elif sample == "tied":
                tied = self.words("sheet.tied")
                pen.fitted(x, baseline, tied, BOLD, (7.5, 5), KEY_SAMPLE_WIDTH - 2)
            elif sample == "joined":
                pen.fill(x, baseline - 3, box[0], LEGEND_LEADING - 1, UNUSED_GREY)
                pen.line(x + box[0], baseline - 3, x + box[0], baseline + LEGEND_LEADING - 4, THICK)
            elif sample == "left":
                pen.fill(x, baseline - 3, box[0] * 1.6, LEGEND_LEADING - 1, UNUSED_GREY)
                pen.line(x, baseline + 2, x + box[0] * 1.6, baseline + 2, THIN)
                pen.line(x, baseline - 3, x, baseline + LEGEND_LEADING - 4, THICK)
            elif sample == "unused":
                pen.fill(x, baseline - 3, box[0] * 1.6, LEGEND_LEADING - 1, UNUSED_GREY)
                pen.text(x + box[0] * 0.8, baseline, EN_DASH, BOLD, 8, "centre")
            else:
                for place, made in enumerate((True, False, True)):
                    left = x + place * (TRACKER_BOX + TRACKER_GAP)
                    size = (TRACKER_BOX, TRACKER_BOX)
                    pen.labelled_box(left, baseline - 1.5, size, str(place + 1), 6, made=made)
            pen.fitted(
                x + KEY_SAMPLE_WIDTH,
                baseline,
                words,
                REGULAR,
                (LEGEND_TEXT, 6.5),
                width - KEY_SAMPLE_WIDTH,
            )


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
