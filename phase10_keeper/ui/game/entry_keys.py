"""The entry form's keyboard: the arrows move like a spreadsheet's, O, Space and P work
on every field of a row, Enter records, and a count's own undo gives way to the
window's."""

from collections.abc import Sequence
from functools import partial
from typing import Protocol

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import QComboBox, QLineEdit, QWidget

from phase10_keeper.ui.game.draft import HandDraft
from phase10_keeper.ui.game.entry_fields import ARROWS, KEY_EVENTS, ProblemMarks, focus_field
from phase10_keeper.ui.game.player_row import PlayerRow

FOCUS_EVENTS = (QEvent.Type.FocusIn, QEvent.Type.FocusOut)

BOX_KEYS = frozenset((Qt.Key.Key_Home, Qt.Key.Key_End, Qt.Key.Key_PageUp, Qt.Key.Key_PageDown))
"""Keys a phase box would take to step its choice unseen: they do nothing there."""


class KeyedForm(Protocol):
    """What the keys ask of the form they are typed in."""

    editing: int | None
    draft: HandDraft | None

    @property
    def record_button(self) -> QWidget: ...

    def rows(self) -> Sequence[PlayerRow]: ...

    def submit(self) -> None: ...

    def cancel(self) -> None: ...

    def type_phase(self, row: PlayerRow, label: int | None) -> None: ...


class FormKeys(QObject):
    """Watches the form's fields for the keys that work across them."""

    def __init__(self, form: KeyedForm, marks: ProblemMarks, parent: QObject) -> None:
        """`marks`: what draws the ring round the field with the keys."""
        super().__init__(parent)
        self.form = form
        self._marks = marks
        self.position: dict[QObject, tuple[int, int]] = {}
        """Each field watched: its row, and its column in the row's cells."""
        self._moving_inside: QLineEdit | None = None
        """The count whose cursor the arrows move, after Home or End in it."""
        self._phase_typed = ""
        """The digits typed in the focused phase box since it took the focus."""

    def watch(self, cell: QWidget, row_index: int, column: int) -> None:
        self.position.setdefault(cell, (row_index, column))
        cell.installEventFilter(self)

    def forget(self) -> None:
        self.position = {}

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # Asked once: each ask makes a Python enum, and every event of every field
        # passes here.
        kind = event.type()
        if kind in FOCUS_EVENTS:
            self._marks.ring_moved()
        if kind == QEvent.Type.FocusOut:
            self._phase_typed = ""
            if watched is self._moving_inside:
                self._moving_inside = None
        if kind == QEvent.Type.Wheel and isinstance(watched, QComboBox):
            # A wheel turned over a phase box on the way down the form changed the
            # phase unseen: it turns only the box being typed in.
            return not watched.hasFocus()
        if kind not in KEY_EVENTS or watched not in self.position:
            return False
        if kind == QEvent.Type.ShortcutOverride:
            assert isinstance(event, QKeyEvent)
            # A count field's own undo is worth nothing; Ctrl+Z must undo the last hand.
            if event.matches(QKeySequence.StandardKey.Undo) or event.matches(
                QKeySequence.StandardKey.Redo
            ):
                event.ignore()
                return True
            return False
        assert isinstance(event, QKeyEvent)
        if event.matches(QKeySequence.StandardKey.Undo) or event.matches(
            QKeySequence.StandardKey.Redo
        ):
            # Nothing to undo: the key must not reach the field either (a list would
            # search for it, and miss the next digit typed).
            return True
        # The ring moves with a key that moves the focus, told to the field or not.
        self._marks.ring_moved_later()
        return self._key_pressed(watched, event)

    def _key_pressed(self, watched: QObject, event: QKeyEvent) -> bool:
        row_index, column = self.position[watched]
        row = self.form.rows()[row_index]
        key = Qt.Key(event.key())
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.form.submit()
            return True
        if key == Qt.Key.Key_Escape and self.form.editing is not None:
            self.form.cancel()
            return True
        if row.key(watched, event, partial(self._step_off, row_index, column)):
            return True
        if isinstance(watched, QLineEdit) and key in (Qt.Key.Key_Home, Qt.Key.Key_End):
            # Home and End step inside the count, as in a spreadsheet's cell being edited:
            # the arrows then move the cursor until it reaches the count's edge.
            self._moving_inside = watched
            return False
        if isinstance(watched, QComboBox) and (phase_key := self._phase_key(row, event)):
            return phase_key
        if key in ARROWS:
            return self._arrow_key(watched, (row_index, column), event)
        return False

    def _arrow_key(self, watched: QObject, place: tuple[int, int], event: QKeyEvent) -> bool:
        """An arrow moves to the next field that way, unless it moves inside a count."""
        step = ARROWS[Qt.Key(event.key())]
        if event.modifiers() & (
            Qt.KeyboardModifier.ShiftModifier | Qt.KeyboardModifier.AltModifier
        ):
            # Shift+arrow selects in a count; Alt+↓ opens a phase box's list.
            return False
        if isinstance(watched, QLineEdit) and step[1] and self._moves_inside(watched, step[1]):
            return False
        self._move(*place, *step)
        return True

    def _step_off(self, row_index: int, column: int) -> None:
        """The keys leave a row whose player went out for the next player's field of the
        same column, or the one before, or the record button."""
        if not (self._move(row_index, column, 1, 0) or self._move(row_index, column, -1, 0)):
            self.form.record_button.setFocus(Qt.FocusReason.TabFocusReason)

    def keep(self, focused: QWidget | None) -> QWidget | None:
        """After a phone's entry filled rows: the keys go back to `focused`, where the
        keeper had them (Qt moves them on from a field disabled under them). Only if the
        entry took that field away do they move, as O moves them; then the field they
        moved to is returned, for the form to say so."""
        if focused is None or focused not in self.position:
            return None
        window = focused.window()
        if focused.isEnabled() and not focused.isHidden():
            if window.focusWidget() is not focused:
                focused.setFocus(Qt.FocusReason.OtherFocusReason)
            return None
        row_index, column = self.position[focused]
        now = window.focusWidget()
        in_its_place = focused.isEnabled() and now is not None and now.isEnabled()
        if not (in_its_place and self.position.get(now, (-1, 0))[0] == row_index):
            # Disabled (its player went out), not replaced by the row's total or counts.
            self._step_off(row_index, column)
        return window.focusWidget()

    def _moves_inside(self, edit: QLineEdit, direction: int) -> bool:
        """Whether ← or → moves the cursor in `edit` rather than to the next field: only
        after Home or End there, or with part of the count selected; as in a spreadsheet,
        an arrow after a digit goes on to the next field ("1 ← 1" gave 11)."""
        selected = len(edit.selectedText())
        if selected and selected < len(edit.text()):
            return True
        if edit is not self._moving_inside or selected:
            return False
        return edit.cursorPosition() != (len(edit.text()) if direction > 0 else 0)

    def _move(self, row_index: int, column: int, down: int, right: int) -> bool:
        """Focuses the nearest enabled cell that way, like a spreadsheet; False if none.
        A total by points spans the counts' columns: it is one cell to move across."""
        rows = self.form.rows()
        here = rows[row_index].cells()[column]
        while True:
            row_index += down
            column += right
            if not 0 <= row_index < len(rows):
                return False
            cells = rows[row_index].cells()
            if not 0 <= column < len(cells):
                return False
            if cells[column] is not here and cells[column].isEnabled():
                focus_field(cells[column])
                return True

    def _phase_key(self, row: PlayerRow, event: QKeyEvent) -> bool:
        """A key in a phase box: True if it is dealt with here. Digits choose the phase
        whose label they spell, exactly, as a list's keyboard search does, but never the
        nearest ("1" once phase 1 is made chose 10); Alt+↓ and F4 open the list, and the
        keys that would step the choice unseen do nothing. The arrows move on (below)."""
        key = Qt.Key(event.key())
        modifiers = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if key in ARROWS and modifiers & Qt.KeyboardModifier.AltModifier:
            return False
        if key in BOX_KEYS:
            return True
        text = event.text()
        if not text or not text.isprintable() or modifiers & ~Qt.KeyboardModifier.ShiftModifier:
            return False
        if not text.isdigit():
            # A letter would search the list's words; Space, O and P were taken above.
            return True
        draft = self.form.draft
        # Every phase of the game's rules, made or not.
        phases = [] if draft is None else draft.state.rules.phases
        spelt = [str(phase.label) for phase in phases]
        typed = self._phase_typed + text
        if not any(label.startswith(typed) for label in spelt):
            typed = text
        if not any(label.startswith(typed) for label in spelt):
            self._phase_typed = ""
            return True
        self._phase_typed = typed
        self.form.type_phase(row, int(typed) if typed in spelt else None)
        return True
