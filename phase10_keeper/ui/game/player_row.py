"""One player's row of the hand entry form: its widgets, what is typed in them written to
the form's draft, the draft's values shown in them, the fields a problem is about, and
the letters that work on every field of the row.

The row is no widget of its own: its fields sit in the form's one grid, beside the
other rows' and under the column headings, so every column lines up across the table.
"""

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QFont, QIntValidator, QKeyEvent, QPalette
from PySide6.QtWidgets import (
    QCheckBox,
    QGridLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QToolButton,
    QWidget,
)

from phase10_keeper.language.wording import card_label, phase_description
from phase10_keeper.rules import CardKind, Problem
from phase10_keeper.ui.game.draft import HandDraft
from phase10_keeper.ui.game.entry_fields import (
    CountField,
    PhaseBox,
    focus_field,
    in_placeholder_grey,
    set_tool_tip,
    show_name,
)
from phase10_keeper.ui.game.phone_entries import keep_phone_room
from phase10_keeper.ui.text.escape import plain, plain_tooltip
from phase10_keeper.ui.text.translate import app_words, tr
from phase10_keeper.ui.text.wording import phase_title
from phase10_keeper.ui.widgets.steady import SteadyLabel

NAME_WIDTH = 230
COUNT_WIDTH = 54

DraftChange = Callable[[Callable[[HandDraft], None]], None]
"""How a row changes the form's draft: the form makes the change, as one step of its
typing history, and shows the draft again."""


@dataclass(frozen=True)
class RowFonts:
    """The types of a row: the name's, the counts', the points' and the window's own
    (the by-points switch keeps the window's, as the form's buttons do)."""

    name: QFont
    count: QFont
    points: QFont
    window: QFont


class PlayerRow:
    """The widgets of one player's row, in the order Tab visits them, wired to the
    form's draft through `change`; `take_phone` takes the entry the row's phone
    button offers."""

    def __init__(
        self,
        name: str,
        draft: HandDraft,
        fonts: RowFonts,
        change: DraftChange,
        take_phone: Callable[[], None],
    ) -> None:
        self.name = name
        self._change = change
        self.label = QLabel()
        plain(self.label)
        self.label.setFont(fonts.name)
        show_name(self.label, name, NAME_WIDTH)
        self.went_out = QRadioButton()
        self.went_out.setAutoExclusive(False)
        self.went_out.setAccessibleName(tr("entry.went_out_name", name=name))
        self.went_out.toggled.connect(lambda checked: change(partial(self._went_out, checked)))
        self.made = QCheckBox()
        self.made.setAccessibleName(tr("entry.made_name", name=name))
        self.made.toggled.connect(
            lambda checked: change(lambda draft: draft.set_made(name, checked))
        )
        self.phase: PhaseBox | None = self._phase_box(draft) if draft.chooses_phase else None
        self.counts: dict[CardKind, QLineEdit] = {
            kind: self._count_field(kind, fonts.count) for kind in draft.kinds
        }
        self.total = CountField()
        """The points total, typed instead of the counts while the row is by points."""
        self._set_up_total(fonts.count)
        self.by_points = QToolButton()
        self.showing_total = False
        """The total is shown in place of the counts."""
        self.points = SteadyLabel(least="0000")
        self._set_up_points(fonts)
        self.phone = QPushButton()
        """What the player's phone sent, when Phones at the Table runs: marks the row
        filled from it, or offers it where the keeper typed something else."""
        self.phone.hide()
        self.phone.clicked.connect(lambda _checked=False: take_phone())
        self._worded_for: tuple[object, ...] = ()
        """The phase and the wording the name's tooltip was last worded for."""
        self._typed_shown: dict[QLineEdit, bool] = {}
        """Whether each field was last coloured as typed or as worked out; a field not
        in it is coloured as typed, as the form starts every field."""

    def _went_out(self, checked: bool, draft: HandDraft) -> None:
        if checked:
            draft.set_went_out(self.name)
        elif draft.went_out == self.name:
            draft.set_went_out(None)

    def _phase_box(self, draft: HandDraft) -> PhaseBox:
        """Where a player who chooses their phase (Masters) says which they tried."""
        name = self.name
        combo = PhaseBox()
        combo.setAccessibleName(tr("entry.phase_name", name=name))
        combo.addItem("—", None)
        for choice in draft.phase_choices(name):
            combo.addItem(
                tr(
                    "entry.phase_choice",
                    phase=choice.label,
                    description=phase_description(app_words(), choice),
                ),
                choice.label,
            )
        combo.fit()
        combo.currentIndexChanged.connect(
            lambda _i: self._change(lambda draft: draft.set_phase(name, combo.currentData()))
        )
        return combo

    def _count_field(self, kind: CardKind, font: QFont) -> CountField:
        """How many cards of `kind` the player holds."""
        name = self.name
        edit = CountField()
        edit.setFont(font)
        edit.setValidator(QIntValidator(0, 99, edit))
        edit.setMaxLength(2)
        edit.setFixedWidth(COUNT_WIDTH)
        edit.setAlignment(Qt.AlignmentFlag.AlignCenter)
        edit.setAccessibleName(
            tr("entry.cards_held", name=name, cards=card_label(app_words(), kind))
        )
        edit.textEdited.connect(
            lambda text: self._change(
                lambda draft: draft.set_count(name, kind, int(text) if text else None)
            )
        )
        return edit

    def _set_up_total(self, font: QFont) -> None:
        """The points total typed in place of the counts, while the row is by points."""
        name = self.name
        total = self.total
        total.setFont(font)
        total.setValidator(QIntValidator(0, 999, total))
        total.setMaxLength(3)
        total.setFixedWidth(COUNT_WIDTH * 2)
        total.setAlignment(Qt.AlignmentFlag.AlignCenter)
        total.setAccessibleName(tr("entry.total_name", name=name))
        total.textEdited.connect(
            lambda text: self._change(
                lambda draft: draft.set_points(name, int(text) if text else None)
            )
        )
        total.hide()

    def _set_up_points(self, fonts: RowFonts) -> None:
        """The row's points, and the switch between counts and a total."""
        name = self.name
        self.points.setFont(fonts.points)
        self.points.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.points.setAccessibleName(tr("entry.points_name", name=name))
        button = self.by_points
        button.setText(tr("entry.by_points"))
        button.setCheckable(True)
        button.setFont(fonts.window)
        # Out of the Tab chain, as Clear is: P switches it from the keyboard.
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        button.setToolTip(tr("entry.by_points_tip"))
        button.setAccessibleName(tr("entry.by_points_name", name=name))
        button.toggled.connect(lambda on: self._change(lambda draft: draft.set_by_points(name, on)))

    def place(self, grid: QGridLayout, grid_row: int, phone_room: bool) -> int:
        """Puts the row's fields in the grid's row `grid_row`, keeping room for the phone
        button if `phone_room`; the column of its points."""
        centre = Qt.AlignmentFlag.AlignHCenter
        grid.addWidget(self.label, grid_row, 0)
        column = 1
        for widget in (self.went_out, self.made):
            grid.addWidget(widget, grid_row, column, centre)
            column += 1
        if self.phase is not None:
            grid.addWidget(self.phase, grid_row, column)
            column += 1
        for edit in self.counts.values():
            grid.addWidget(edit, grid_row, column, centre)
            column += 1
        first_count = column - len(self.counts)
        grid.addWidget(self.total, grid_row, first_count, 1, len(self.counts), centre)
        # At the right of its column, under the heading, as wide as four digits.
        grid.addWidget(self.points, grid_row, column, Qt.AlignmentFlag.AlignRight)
        grid.addWidget(self.by_points, grid_row, column + 1)
        keep_phone_room(self.phone, phone_room)
        grid.addWidget(self.phone, grid_row, column + 2)
        return column

    def cells(self) -> list[QWidget]:
        """The row's fields, one for each column: by points, the total stands in every
        column of the counts."""
        cells: list[QWidget] = [self.went_out, self.made]
        if self.phase is not None:
            cells.append(self.phase)
        if self.showing_total:
            cells.extend(self.total for _ in self.counts)
        else:
            cells.extend(self.counts.values())
        return cells

    def chain(self) -> list[QWidget]:
        """The fields in the order Tab visits them."""
        return list(dict.fromkeys(self.cells()))

    def focus_entry(self) -> None:
        """Gives the keys to where the row's cards or points are typed."""
        focus_field(self.total if self.showing_total else next(iter(self.counts.values())))

    def word(self, draft: HandDraft) -> None:
        """The name's tooltip: the name, and the phase the player tries if it is fixed."""
        phase = draft.fixed_phase(self.name)
        # Worded again only when the phase or the language changes: at every hand
        # recorded, wording the phase of six rows was a tenth of a millisecond.
        worded_for = (phase, app_words())
        if worded_for == self._worded_for:
            return
        self._worded_for = worded_for
        set_tool_tip(
            self.label,
            plain_tooltip(
                self.name
                if phase is None
                else tr("entry.player_phase_tip", name=self.name, phase=phase_title(phase))
            ),
        )

    # -- showing the draft -------------------------------------------------------------

    def show(self, draft: HandDraft, panel: QPalette, *, force: bool, anew: bool) -> bool:
        """Makes the row's widgets show the draft, leaving text the user is typing alone
        unless `force` or `anew` (filled from a phone); counts the draft worked out in
        `panel`'s grey. Whether the row switched between counts and a total."""
        name = self.name
        by_points = draft.by_points(name)
        switched = self.showing_total != by_points
        if switched:
            self._show_by_points(by_points)
        went_out = draft.went_out == name
        for widget, checked in ((self.went_out, went_out), (self.made, draft.made(name))):
            if widget.isChecked() != checked:
                widget.blockSignals(True)
                widget.setChecked(checked)
                widget.blockSignals(False)
        self.made.setEnabled(not went_out)
        if self.phase is not None:
            wanted = self.phase.findData(draft.players[name].phase)
            if wanted >= 0 and wanted != self.phase.currentIndex():
                self.phase.blockSignals(True)
                self.phase.setCurrentIndex(wanted)
                self.phase.blockSignals(False)
            set_tool_tip(self.phase, self.phase.currentText())
        worked_out = tr("entry.worked_out")
        # Only the fields shown take the draft's numbers: the others take them when
        # the row switches to them (this call, then). A new hand set every hidden total.
        for kind, edit in self.counts.items():
            edit.setEnabled(not went_out)
            if self.showing_total:
                continue
            typed = kind in draft.players[name].typed and not went_out
            # The field being typed in keeps its text, so backspacing is not undone.
            self._show_number(edit, draft.count(name, kind), typed, force or anew)
            self._mark_typed(edit, typed, panel)
            set_tool_tip(edit, worked_out if draft.is_worked_out(name, kind) else "")
        self.total.setEnabled(not went_out)
        points = draft.points(name)
        if self.showing_total:
            typed = not draft.is_points_worked_out(name)
            self._show_number(self.total, points, typed, force or anew)
            self._mark_typed(self.total, typed, panel)
        self.points.setText(str(points))
        return switched

    @staticmethod
    def _show_number(edit: QLineEdit, number: int, typed: bool, force: bool) -> None:
        shown = str(number)
        kept = typed and edit.hasFocus()
        if edit.text() != shown and (force or not kept):
            edit.setText(shown)
            if edit.hasFocus():
                edit.selectAll()

    def _show_by_points(self, by_points: bool) -> None:
        """Shows the total in place of the counts, or the counts again."""
        # The window's focus, not the field's own: a window not active (no window manager
        # gives it back after a dialog) still sends its keys to it.
        focused = self.total.window().focusWidget() in (self.total, *self.counts.values())
        self.showing_total = by_points
        self.by_points.blockSignals(True)
        self.by_points.setChecked(by_points)
        self.by_points.blockSignals(False)
        # The button names what it switches to.
        self.by_points.setText(tr("entry.by_cards" if by_points else "entry.by_points"))
        self.by_points.setToolTip(tr("entry.by_cards_tip" if by_points else "entry.by_points_tip"))
        self.total.setVisible(by_points)
        for edit in self.counts.values():
            edit.setVisible(not by_points)
        if focused:
            # The field typed in is gone: the one in its place takes the keys.
            self.focus_entry()

    def _mark_typed(self, edit: QLineEdit, typed: bool, panel: QPalette) -> None:
        """A count the draft worked out, rather than one typed, shows in grey."""
        # Kept here as well as on the field: asking the field's property at each of the
        # thirty fields a hand shows again was a tenth of the form's time.
        if self._typed_shown.get(edit, True) is typed:
            return
        self._typed_shown[edit] = typed
        edit.setProperty("typed", typed)
        colour_count(edit, panel)

    def colour_counts(self, panel: QPalette) -> None:
        """The counts typed in `panel`'s text colour, those worked out in its grey."""
        for edit in self.counts.values():
            colour_count(edit, panel)

    # -- problems ----------------------------------------------------------------------

    def fields_for(self, problem: Problem, draft: HandDraft) -> list[QWidget]:
        """The row's inputs a problem is about: a table-wide problem has none but
        went-out."""
        if problem.player is None and problem.field != "went_out":
            return []
        if problem.player not in (None, self.name):
            return []
        if problem.field == "went_out":
            return [self.went_out]
        if problem.field == "made":
            return [self.made]
        if problem.field == "phase":
            return [] if self.phase is None else [self.phase]
        if problem.field == "points":
            return [self.total]
        if problem.field == CardKind.LOW.value:
            return self._holding_fields(draft)
        return [edit for kind, edit in self.counts.items() if kind.value == problem.field]

    def _holding_fields(self, draft: HandDraft) -> list[QWidget]:
        """The count fields a problem with the cards held is about: those that hold cards.

        The checks file problems with the number of cards held under 1-9, the kind
        worked out from the others; the culprit may be any kind typed.
        """
        holding: list[QWidget] = [
            edit
            for kind, edit in self.counts.items()
            if edit.isEnabled() and draft.count(self.name, kind)
        ]
        return holding or [self.counts[CardKind.LOW]]

    # -- the row's letters ---------------------------------------------------------------

    def key(self, watched: QObject, event: QKeyEvent, leave: Callable[[], None]) -> bool:
        """O, P, T and Space, on any field of the row (`watched`): whether the key was
        one of them, done. `leave` moves the keys off a row whose player went out."""
        key = Qt.Key(event.key())
        letter = not event.modifiers() & ~Qt.KeyboardModifier.ShiftModifier
        if key == Qt.Key.Key_O and letter:
            self.went_out.setChecked(not self.went_out.isChecked())
            if not self.made.isEnabled():
                leave()
            return True
        if key == Qt.Key.Key_P and letter:
            # From every field of the row; the digits typed next are the total's.
            self.by_points.toggle()
            if self.showing_total:
                focus_field(self.total)
            elif watched is self.total:
                focus_field(next(iter(self.counts.values())))
            return True
        if key == Qt.Key.Key_T and letter:
            # Takes the phone's entry the row's button offers (its tooltip says so).
            if self.phone.isVisible() and self.phone.isEnabled():
                self.phone.click()
            return True
        if key == Qt.Key.Key_Space and not event.modifiers():
            # On every control of the row, as the hint says: a radio button or a list
            # would take Space as "select" (a player marked as out by mistake).
            if self.made.isEnabled():
                self.made.setChecked(not self.made.isChecked())
            return True
        return False


def colour_count(edit: QLineEdit, panel: QPalette) -> None:
    """A count typed in `panel`'s text colour, one worked out in its placeholder grey."""
    palette = edit.palette()
    role = QPalette.ColorRole.Text if edit.property("typed") else QPalette.ColorRole.PlaceholderText
    palette.setColor(QPalette.ColorRole.Text, panel.color(role))
    edit.setPalette(palette)


def add_column_headings(grid: QGridLayout, draft: HandDraft, font: QFont, panel: QPalette) -> None:
    """The headings over the columns the rows of `draft` fill, in the grid's first row,
    in `font` and `panel`'s grey."""
    centre = Qt.AlignmentFlag.AlignHCenter
    headings = [tr("entry.column_player"), tr("entry.column_went_out"), tr("entry.column_made")]
    if draft.chooses_phase:
        headings.append(tr("entry.column_phase"))
    headings += [card_label(app_words(), kind) for kind in draft.kinds]
    headings.append(tr("entry.column_points"))
    for column, text in enumerate(headings):
        align = Qt.AlignmentFlag.AlignLeft if column == 0 else centre
        if column == len(headings) - 1:
            align = Qt.AlignmentFlag.AlignRight
        label = QLabel(text)
        label.setObjectName("columnHeader")
        label.setFont(font)
        in_placeholder_grey(label, panel)
        label.setAlignment(align | Qt.AlignmentFlag.AlignBottom)
        grid.addWidget(label, 0, column)


def chain_tab_order(rows: Sequence[PlayerRow], buttons: Sequence[QWidget]) -> None:
    """Tab visits the fields shown, row by row, then the `buttons`."""
    chain = [cell for row in rows for cell in row.chain()]
    chain += buttons
    for first, second in itertools.pairwise(chain):
        QWidget.setTabOrder(first, second)


def problem_fields(rows: Sequence[PlayerRow], problem: Problem, draft: HandDraft) -> list[QWidget]:
    """The inputs a problem is about: a table-wide problem has none but went-out."""
    return [field for row in rows for field in row.fields_for(problem, draft)]
