"""The reference strip under the sheet's table: the phases, what cards count and how the
cells are marked, with the rule notes that apply."""

import math
from functools import cached_property

from phase10_keeper.language import Words
from phase10_keeper.language.wording import card_label, phase_description
from phase10_keeper.rules import CardKind, Order, RuleSet
from phase10_keeper.sheet.fit import wrap_text
from phase10_keeper.sheet.pen import (
    BOLD,
    EN_DASH,
    PHASE_BOX_HEIGHT,
    PHASE_BOX_WIDTH,
    REGULAR,
    THICK,
    THIN,
    TRACKER_BOX,
    TRACKER_GAP,
    UNUSED_GREY,
    Pen,
    width_of,
)

BOX_GAP = 10.0
"""Between the legend's three boxes."""
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
        return self.width - CARD_BOX_WIDTH - KEY_BOX_WIDTH - 2 * BOX_GAP

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
                left + self.phases_width + BOX_GAP,
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
        values = self.rules.card_values
        return [(card_label(self.words, kind), values.of(kind)) for kind in kinds]

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
