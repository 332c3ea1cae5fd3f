"""The panel where a hand is typed in, or a past hand corrected.

The panel only lays out widgets and passes keystrokes to its `HandDraft`; the draft
works out counts and points and asks the rules what is wrong.
"""

from collections.abc import Callable, Collection, Mapping
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QPaintEvent,
    QPalette,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from phase10_keeper.rules import GameState, Hand, Problem
from phase10_keeper.ui.game.draft import (
    DraftSnapshot,
    HandDraft,
    points_players,
    renamed_snapshot,
)
from phase10_keeper.ui.game.entry_fields import (
    Button,
    ProblemMarks,
    SteadyButton,
    empty_grid,
    focus_field,
    in_placeholder_grey,
    paint_panel,
    set_tool_tip,
)
from phase10_keeper.ui.game.entry_keys import FormKeys
from phase10_keeper.ui.game.phone_entries import PhoneOffers, fill_from_phone
from phase10_keeper.ui.game.player_row import (
    PlayerRow,
    RowFonts,
    add_column_headings,
    chain_tab_order,
    problem_fields,
)
from phase10_keeper.ui.settings import POINTS_BY_DEFAULT, read_setting
from phase10_keeper.ui.text.escape import plain_tooltip
from phase10_keeper.ui.text.translate import (
    problem_said,
    problem_where,
    tr,
)
from phase10_keeper.ui.widgets.announcement import announce
from phase10_keeper.ui.widgets.colours import ERROR_COLOUR
from phase10_keeper.ui.widgets.steady import SteadyLabel

if TYPE_CHECKING:
    # Only when the phones' server runs: the form comes up with every game.
    from phase10_keeper.companion.table import Entry, Snapshot

AskedAbout = tuple[GameState, DraftSnapshot, int | None]
"""The hand a question was about: the game it follows, what was typed, the hand corrected."""


def fresh_draft(state: GameState, hand: Hand | None = None) -> HandDraft:
    """A draft of the hand after `state`: each player by points if their last result
    was, or with none yet, as New Game chose for the table."""
    return HandDraft(state, hand, points_players(state, lambda: read_setting(POINTS_BY_DEFAULT)))


class HandEntryForm(QFrame):
    """The hand being typed, with its own undo history of what was typed: Undo takes
    back typing before it takes back any recorded hand."""

    submitted = Signal(object)
    """A `Hand` that passed the checks (warnings accepted)."""
    cancelled = Signal()
    typingChanged = Signal()
    """What can be undone or redone in the form changed."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.accept_warnings: Callable[[list[Problem]], bool] = lambda problems: True
        self.phone_table: Callable[[], Snapshot | None] = lambda: None
        """The phones' table as it is now, read when the form shows the next hand again."""
        self.draft: HandDraft | None = None
        self.editing: int | None = None
        """The 0-based index of the hand being corrected, or None for the next hand."""
        self._rows: list[PlayerRow] = []
        self._shape: tuple[object, ...] = ()
        self._history: list[DraftSnapshot] = []
        self._at = 0
        self._showing_problems = False
        self._put_back: DraftSnapshot | None = None
        """The hand an undo put back in the form, until the form is started again."""
        self._titles = ("entry.hand_title", "entry.record_hand", 0)
        """The catalogue keys of the form's title and its button, and the hand's number."""
        self._phones = PhoneOffers()
        self._asking = False
        """The question about an unusual hand is open."""
        self._changed_by_phone = False
        """A phone's entry changed the hand while the question was open."""

        self._build_labels()
        self._build_buttons()
        self._keep_window_type()
        self._lay_out()

    def _build_labels(self) -> None:
        """The hand's title, the keys' hint and the problems."""
        self.title = SteadyLabel()
        title_font = QFont(self.font())
        title_font.setPointSizeF(self.font().pointSizeF() * 1.25)
        title_font.setBold(True)
        self.title.setFont(title_font)
        self.hint = QLabel(tr("entry.hint"))
        # One line, so the panel fits a laptop screen under the grid.
        self.hint.setToolTip(tr("entry.hint_tip"))
        self.hint.setWordWrap(True)
        self.problems_label = QLabel()
        problems_palette = self.problems_label.palette()
        problems_palette.setColor(QPalette.ColorRole.WindowText, QColor(ERROR_COLOUR))
        self.problems_label.setPalette(problems_palette)
        self.problems_label.setWordWrap(True)
        self.problems_label.setTextFormat(Qt.TextFormat.PlainText)

    def _build_buttons(self) -> None:
        """The grid the players' rows go in, and Record, Cancel and Clear."""
        self.grid = QGridLayout()
        self.grid.setHorizontalSpacing(12)
        self.grid.setVerticalSpacing(3)
        self.record_button = SteadyButton()
        self.record_button.setDefault(True)
        self.record_button.clicked.connect(self.submit)
        self.cancel_button = Button(tr("entry.cancel"))
        self.cancel_button.clicked.connect(self.cancel)
        self.cancel_button.setAutoDefault(False)
        self.clear_button = Button(tr("entry.clear"))
        self.clear_button.clicked.connect(self._clear)
        self.clear_button.setAutoDefault(False)
        # Out of the Tab chain: Tab past the last field, then Space, wiped the hand.
        self.clear_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)

    def _keep_window_type(self) -> None:
        # Only the table of the hand takes the larger type the page gives the form; the
        # hint, the problems and the buttons keep the window's. Setting the size the font
        # already has makes it theirs: Qt passes a font set on the form later on to its
        # children only in what they have not set themselves.
        window_font = self._window_font = QFont(self.font())
        window_font.setPointSizeF(window_font.pointSizeF())
        for widget in (self.hint, self.record_button, self.cancel_button, self.clear_button):
            widget.setFont(window_font)
        problems_font = QFont(window_font)
        problems_font.setBold(True)
        self.problems_label.setFont(problems_font)

    def _lay_out(self) -> None:
        buttons = QHBoxLayout()
        buttons.addWidget(self.problems_label, 1)
        buttons.addStretch(0)
        buttons.addWidget(self.clear_button)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.record_button)

        header = QHBoxLayout()
        header.addWidget(self.title)
        header.addSpacing(16)
        header.addWidget(self.hint, 1)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 8, 12, 8)
        layout.setSpacing(6)
        layout.addLayout(header)
        layout.addLayout(self.grid)
        layout.addLayout(buttons)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self._marks = ProblemMarks(self)
        self._keys = FormKeys(self, self._marks, self)
        in_placeholder_grey(self.hint, self.palette())

    # -- building ----------------------------------------------------------------------

    def start(
        self,
        state: GameState,
        editing: int | None = None,
        hand: Hand | None = None,
        *,
        typed: bool = False,
    ) -> None:
        """Shows an empty form for the hand after `state`, or `hand` to correct it.

        With `typed`, `hand` is put in the form as if just typed: one Undo empties it.
        """
        self._begin(state, editing, hand, typed=typed)
        self._take_pending()

    def _begin(
        self, state: GameState, editing: int | None, hand: Hand | None, *, typed: bool
    ) -> None:
        self.draft = fresh_draft(state, None if typed else hand)
        self._phones.forget()
        self._history = [self.draft.snapshot()]
        self._at = 0
        self._put_back = None
        if typed and hand is not None:
            self._put_back = fresh_draft(state, hand).snapshot()
            self._history.append(self._put_back)
            self._at = 1
            self.draft.restore(self._history[1])
        self.editing = editing
        if editing is not None:
            self._titles = ("entry.correct_title", "entry.save_hand", state.hand_number)
        elif state.tiebreak_players:
            self._titles = ("entry.tiebreak_title", "entry.record_hand", state.hand_number)
        else:
            self._titles = ("entry.hand_title", "entry.record_hand", state.hand_number)
        self._word_hand()
        self.cancel_button.setVisible(editing is not None)
        draft = self.draft
        self._show_hint()
        shape = (
            draft.participants,
            draft.kinds,
            tuple(draft.phase_choices(name) for name in draft.participants),
        )
        # Building the rows is the slow part of recording a hand, and the next hand
        # nearly always has the same players and inputs: reuse the widgets then.
        if shape != self._shape:
            self._shape = shape
            self._build()
        for row in self._rows:
            row.word(draft)
        self.show_problems([])
        self.refresh(force=True)
        self.focus_first()
        self.typingChanged.emit()

    def _word_hand(self) -> None:
        title, button, number = self._titles
        self.title.setText(tr(title, number=number))
        self.record_button.setText(tr(button, number=number))
        assert self.draft is not None
        self.hint.setText(tr("entry.hint_phase" if self.draft.chooses_phase else "entry.hint"))

    def retranslate(self) -> None:
        """Words the form in the language now spoken (Settings → Language): the rows are
        built again in it, keeping what is typed, its undo history and the field that
        has the keys."""
        self.hint.setToolTip(tr("entry.hint_tip"))
        self.cancel_button.setText(tr("entry.cancel"))
        self.clear_button.setText(tr("entry.clear"))
        if self.draft is None or not self._rows:
            return
        focused = self.window().focusWidget()
        fields = [[*row.cells(), row.total] for row in self._rows]
        at = next(
            ((r, c) for r, cells in enumerate(fields) for c, f in enumerate(cells) if f is focused),
            None,
        )
        caret = focused.cursorPosition() if isinstance(focused, QLineEdit) else 0
        selected = focused.selectionStart() if isinstance(focused, QLineEdit) else -1
        length = focused.selectionLength() if isinstance(focused, QLineEdit) else 0
        self._word_hand()
        self._build()
        for row in self._rows:
            row.word(self.draft)
        self.refresh(force=True)
        self._recheck()
        if at is not None:
            row_index, column = at
            field = [*self._rows[row_index].cells(), self._rows[row_index].total][column]
            field.setFocus(Qt.FocusReason.OtherFocusReason)
            # The caret or selection as it was: the next digit goes on with the count.
            if isinstance(field, QLineEdit):
                field.setCursorPosition(caret)
                if selected >= 0:
                    field.setSelection(selected, length)

    def stop(self) -> None:
        """No hand to enter: the game is over."""
        self.draft = None
        self.editing = None
        self._history = []
        self._at = 0
        self.typingChanged.emit()

    def keep_typing(self, state: GameState) -> bool:
        """Carries what is typed over to the next hand after `state` if it has the same
        players and inputs (the log changed under the form); False if it cannot."""
        draft = self.draft
        if draft is None or self.editing is not None:
            return False
        fresh = HandDraft(state)
        if (fresh.participants, fresh.kinds, fresh.chooses_phase) != (
            draft.participants,
            draft.kinds,
            draft.chooses_phase,
        ):
            return False
        history, at, taken = self._history, self._at, self._phones.entries
        self._begin(state, None, None, typed=False)
        self._history, self._at, self._phones.entries = history, at, taken
        assert self.draft is not None
        self.draft.restore(history[at])
        self.refresh(force=True)
        self._take_pending()
        self.typingChanged.emit()
        return True

    def rename_typed(self, state: GameState, old: str, new: str) -> None:
        """What is typed, and its history, follow a player's new name: `state` is the game's
        after the rename."""
        if self.draft is None or self.editing is not None or old not in self.draft.participants:
            return
        history = [renamed_snapshot(snapshot, old, new) for snapshot in self._history]
        at, taken = self._at, self._phones.entries
        self._begin(state, None, None, typed=False)
        self._history, self._at, self._phones.entries = history, at, taken
        assert self.draft is not None
        self.draft.restore(history[at])
        self.refresh(force=True)
        self._take_pending()

    # -- the typing history ------------------------------------------------------------

    def bring_back(self, snapshot: DraftSnapshot) -> None:
        """Puts typing kept from before in the form, as if just typed: one Undo empties it."""
        assert self.draft is not None
        del self._history[self._at + 1 :]
        self._history.append(snapshot)
        self._at += 1
        self.draft.restore(snapshot)
        self.refresh(force=True)
        self.typingChanged.emit()

    def has_typing(self) -> bool:
        """True if anything was typed since the form was last started."""
        return self._at > 0

    def holds_typing(self) -> bool:
        """True if the form holds something the user typed: not empty, nor just the hand
        an undo put back in it."""
        now = self._history[self._at] if self._history else None
        return now is not None and now not in (self._history[0], self._put_back)

    def can_redo_typing(self) -> bool:
        return self._at < len(self._history) - 1

    def undo_typing(self) -> None:
        if self.has_typing():
            self._go_to(self._at - 1)

    def redo_typing(self) -> None:
        if self.can_redo_typing():
            self._go_to(self._at + 1)

    def _go_to(self, at: int) -> None:
        assert self.draft is not None
        self._at = at
        self.draft.restore(self._history[at])
        self.refresh(force=True)
        self._recheck()
        self.typingChanged.emit()

    def _change(self, change: Callable[[HandDraft], None]) -> None:
        """A row's field changed: `change` writes it to the draft, as one step of the
        typing history."""
        assert self.draft is not None
        change(self.draft)
        self._typed()

    def _typed(self, anew: Collection[str] = ()) -> None:
        """Remembers the draft after a change, and updates what is shown: the rows of
        `anew` (filled from phones) in full, even the field being typed in."""
        assert self.draft is not None
        self._show_hint()
        snapshot = self.draft.snapshot()
        if snapshot != self._history[self._at]:
            del self._history[self._at + 1 :]
            self._history.append(snapshot)
            self._at += 1
            self.typingChanged.emit()
        self.refresh(anew=anew)
        self._recheck()

    def _recheck(self) -> None:
        """Problems shown after a try to record follow the entry as it is fixed; a note
        about the last change (a phase made already) goes with the next."""
        if self._showing_problems and self.draft is not None:
            self.show_problems(self.draft.problems())
        elif self.problems_label.text():
            self.problems_label.clear()

    def _build(self) -> None:
        assert self.draft is not None
        draft = self.draft
        empty_grid(self.grid)
        self._rows = []
        self._keys.forget()
        add_column_headings(self.grid, draft, self._window_font, self.palette())
        count_font = QFont(self.font())
        points_font = QFont(count_font)
        points_font.setBold(True)
        name_font = QFont(count_font)
        name_font.setWeight(QFont.Weight.DemiBold)
        fonts = RowFonts(name_font, count_font, points_font, self._window_font)
        column = 0
        for row_index, name in enumerate(draft.participants):
            row = PlayerRow(name, draft, fonts, self._change, partial(self._take_phone, name))
            column = row.place(self.grid, row_index + 1, self._phones.running)
            self._rows.append(row)
            cells = row.cells()
            self._keys.watch(row.total, row_index, len(cells) - len(row.counts))
            for cell_column, cell in enumerate([*cells, row.total]):
                # Start from the values a refreshed cell usually has: only a cell whose
                # value changes is marked again. Set before the keys are filtered, so
                # their change events do not pass through the filter too.
                cell.setProperty("problem", "")
                cell.setProperty("typed", True)
                self._keys.watch(cell, row_index, cell_column)
        self.grid.setColumnStretch(column + 3, 1)
        # A layout shows new children of a visible panel only later, and a hidden
        # widget cannot take the focus the next keystroke needs.
        for index in range(self.grid.count()):
            item = self.grid.itemAt(index)
            child = item.widget() if item is not None else None
            if child is not None and child not in [row.phone for row in self._rows]:
                child.show()
        for row in self._rows:
            row.total.hide()
        self._marks.marked.clear()
        self._marks.fields = {cell for row in self._rows for cell in [*row.chain(), row.total]}
        self._marks.fields |= {self.record_button, self.cancel_button}
        self._marks.raise_()
        chain_tab_order(self._rows, (self.cancel_button, self.record_button))

    # -- showing the draft -------------------------------------------------------------

    def refresh(self, *, force: bool = False, anew: Collection[str] = ()) -> None:
        """Makes every widget show the draft, leaving text the user is typing alone
        unless `force`, or in the rows of the players `anew`."""
        draft = self.draft
        if draft is None:
            return
        switched = False
        for row in self._rows:
            switched |= row.show(draft, self.palette(), force=force, anew=row.name in anew)
        if switched:
            chain_tab_order(self._rows, (self.cancel_button, self.record_button))
        self._phones.show(draft if self.editing is None else None, self._rows)

    def show_problems(self, problems: list[Problem]) -> None:
        """Marks each field a problem is about and lists the problems under the table."""
        if not problems and not self._showing_problems:
            # Nothing is marked: the form shows no problem since the last call cleared
            # them (recording a hand clears them twice, and each field is asked).
            if self.problems_label.text():
                self.problems_label.clear()
            return
        self._showing_problems = bool(problems)
        for row in self._rows:
            for cell in [*row.cells(), *row.counts.values(), row.total]:
                self._marks.mark(cell, "")
                set_tool_tip(cell, "")
        if not problems:
            # Only if it says something: QLabel.clear lays the form out and paints it anew.
            if self.problems_label.text():
                self.problems_label.clear()
            return
        draft = self.draft
        assert draft is not None
        lines = []
        said: dict[QWidget, list[str]] = {}
        for problem in problems:
            for widget in problem_fields(self._rows, problem, draft):
                # An error's mark is not turned into a warning's by a later problem.
                if widget.property("problem") != "error":
                    self._marks.mark(widget, problem.severity.value)
                said.setdefault(widget, []).append(problem_said(problem) or "")
            mark = "✗" if problem.is_error else "⚠"
            # The form is the hand: a problem names only the player it is about.
            lines.append(f"{mark} {problem_where(replace(problem, hand_number=None))}")
        for widget, texts in said.items():
            widget.setToolTip(plain_tooltip("\n".join(texts)))
        self.problems_label.setText("\n".join(lines))

    def paintEvent(self, event: QPaintEvent) -> None:
        paint_panel(self, QPalette.ColorRole.Mid, 1)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._marks.resize(self.size())

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        # A larger type (Settings → Appearance): the rows, whose fields have fonts of their
        # own, are built again in it, keeping what is typed.
        if event.type() == QEvent.Type.FontChange and self.draft is not None and self._rows:
            self._build()
            self.refresh(force=True)
            self._recheck()
        # The window's palette changed (light to dark): the greys follow it.
        if event.type() == QEvent.Type.PaletteChange:
            in_placeholder_grey(self.hint, self.palette())
            for index in range(self.grid.count()):
                item = self.grid.itemAt(index)
                widget = item.widget() if item is not None else None
                if isinstance(widget, QLabel) and widget.objectName() == "columnHeader":
                    in_placeholder_grey(widget, self.palette())
            for row in self._rows:
                row.colour_counts(self.palette())

    def focus_first(self) -> None:
        for row in self._rows:
            for cell in row.cells()[2:]:
                if cell.isEnabled():
                    focus_field(cell)
                    return

    # -- reacting to the user ----------------------------------------------------------

    def type_phase(self, row: PlayerRow, label: int | None) -> None:
        """The phase typed in a row's box: chosen if the player may try it; one made
        already, or digits that spell no phase yet ("1" of "10" once 1 is made), leave
        the row with no phase, and a phase made is said under the table."""
        assert row.phase is not None
        index = row.phase.findData(label) if label is not None else -1
        if index >= 0:
            row.phase.setCurrentIndex(index)
            return
        row.phase.setCurrentIndex(0)
        if label is not None:
            self.problems_label.setText(
                "✗ " + tr("entry.phase_made_already", name=row.name, phase=label)
            )

    def _clear(self) -> None:
        """Empties the form, as one step Undo takes back."""
        if self.draft is not None:
            self.draft.restore(fresh_draft(self.draft.state).snapshot())
            self.show_problems([])
            self.refresh(force=True)
            self._typed()
            self.focus_first()

    # -- entries from phones ------------------------------------------------------------

    def take_phone_entries(self, entries: Mapping[str, "Entry"] | None) -> None:
        """The entries phones sent for this hand (None: the phones have stopped), as
        `PhoneOffers.take` fills the rows with them."""
        draft = None if self.editing is not None else self.draft
        focused = self.window().focusWidget()
        filled = self._phones.take(draft, self._history[0] if draft else None, self._rows, entries)
        if filled:
            self._changed_by_phone = self._changed_by_phone or self._asking
            self._typed(anew=filled)
            # Nothing from the network moves the keys, unless it took their field away.
            moved_to = self._keys.keep(focused)
            if moved_to is not None:
                name = self._rows[self._keys.position[focused][0]].name
                field = moved_to.accessibleName() or self.record_button.text()
                self._show_hint(tr("entry.keys_moved_by_phone", name=name, field=field))

    def _take_pending(self) -> None:
        """Takes the entries the phones hold for the next hand when the form shows it
        again: one sent while a past hand was corrected is told to the window only once."""
        table = self.phone_table() if self._phones.running and self.editing is None else None
        # Until the table follows a hand just recorded or taken back, its entries are for
        # another hand; it tells the form once it has followed.
        if table and self.draft and table.state.hand_number == self.draft.state.hand_number:
            self.take_phone_entries(table.pending)

    def _show_hint(self, note: str = "") -> None:
        """The keys' hint, or in its place a `note` of what the keeper's last step did not."""
        if note:
            self.hint.setText(note)
            announce(self, note)
        elif self.draft is not None:
            self.hint.setText(tr("entry.hint_phase" if self.draft.chooses_phase else "entry.hint"))

    def _take_phone(self, name: str) -> None:
        """The keeper chose the phone's entry over what was typed."""
        entry = self._phones.entries.get(name)
        if entry is None or self.draft is None:
            return
        fill_from_phone(self.draft, name, entry)
        self._typed(anew=[name])
        # Back in the row, not on the button (or in the grid), so Enter records.
        next(row for row in self._rows if row.name == name).focus_entry()

    def rows(self) -> list[PlayerRow]:
        """The players' rows, in the order of the table."""
        return self._rows

    def cancel(self) -> None:
        self.cancelled.emit()

    def submit(self) -> None:
        """Records the hand if nothing is wrong, after asking once about warnings."""
        draft = self.draft
        if draft is None:
            return
        problems = draft.problems()
        errors = [problem for problem in problems if problem.is_error]
        if errors:
            self.show_problems(errors)
            self._focus_problem(errors[0])
            return
        # The hand is fixed before the question: the question runs the event loop, and a
        # phone's entry or a change at the table can reach the form while it is open.
        hand = draft.hand()
        asked_about: AskedAbout = (draft.state, draft.snapshot(), self.editing)
        self._changed_by_phone = False
        if problems:
            self._asking = True
            try:
                accepted = self.accept_warnings(problems)
            finally:
                self._asking = False
            if self._changed_while_asked(asked_about):
                return
            if not accepted:
                self.show_problems(problems)
                self._focus_problem(problems[0])
                return
        self.show_problems([])
        self.submitted.emit(hand)

    def _changed_while_asked(self, asked_about: "AskedAbout") -> bool:
        """Whether the hand in the form is no longer the one just asked about; if so,
        nothing is recorded: the form shows the hand as it is now, says why above its
        problems, and Enter asks again."""
        state, snapshot, editing = asked_about
        draft = self.draft
        if (
            draft is not None
            and draft.state is state
            and draft.snapshot() == snapshot
            and self.editing == editing
        ):
            return False
        if draft is not None:
            self.show_problems(draft.problems())
        key = "entry.changed_by_phone" if self._changed_by_phone else "entry.changed_while_asked"
        # The mark the form gives a warning; the catalogues' texts stay printable on paper.
        note = f"⚠ {tr(key)}"
        self.problems_label.setText("\n".join(filter(None, [note, self.problems_label.text()])))
        return True

    def _focus_problem(self, problem: Problem) -> None:
        assert self.draft is not None
        fields = problem_fields(self._rows, problem, self.draft)
        fields = [field for field in fields if field.isEnabled()]
        if fields:
            # Selected even if focused already: the fix typed next must replace what is
            # wrong, not join it.
            focus_field(fields[0])
