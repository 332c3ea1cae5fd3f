"""The house phase-list editor: phases built from groups of cards, described as you go.

`PhaseListDraft` holds the list being edited and knows every edit; `PhaseListEditor`
is only its face, so the editing rules are tested without widgets.
"""

from collections.abc import Iterable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QValidator
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QStyle,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from phase10_keeper.language.wording import phase_description
from phase10_keeper.rules import MATTEL_PHASES, Group, GroupKind, Phase
from phase10_keeper.rules.phases import MAX_PHASE_CARDS
from phase10_keeper.ui.text.translate import app_words, problem_said, tr, tr_count
from phase10_keeper.ui.widgets.problem_label import ProblemLabel

NEW_GROUP = Group(GroupKind.SET, 3)
"""What "Add group" and "Add phase" start from: the smallest group most phases have."""


def kind_names() -> dict[GroupKind, str]:
    """The group kinds as the editor offers them, in the user's language."""
    return {
        GroupKind.SET: tr("rules_editor.kind_set"),
        GroupKind.RUN: tr("rules_editor.kind_run"),
        GroupKind.COLOR: tr("rules_editor.kind_color"),
        GroupKind.COLOR_RUN: tr("rules_editor.kind_color_run"),
        GroupKind.EVEN_ODD: tr("rules_editor.kind_even_odd"),
    }


class PhaseListDraft:
    """A house phase list while it is being written.

    Phases keep the labels they came with (even phases stay 2, 4, ...) until a phase is
    added, removed or moved: then the list is numbered 1, 2, ... in its new order, as a
    table writing its own list would number it. Indexes are 0-based. `problem()` says
    what stops the list from being played (a phase with no groups, too many cards).
    """

    def __init__(self, phases: Iterable[Phase] = MATTEL_PHASES) -> None:
        given = list(phases)
        self._groups: list[list[Group]] = [list(phase.groups) for phase in given]
        self._labels: list[int] | None = [phase.label for phase in given]

    def __len__(self) -> int:
        return len(self._groups)

    def groups(self, index: int) -> tuple[Group, ...]:
        return tuple(self._groups[index])

    def phase(self, index: int) -> Phase:
        label = index + 1 if self._labels is None else self._labels[index]
        return Phase(label, tuple(self._groups[index]))

    def phases(self) -> tuple[Phase, ...]:
        return tuple(self.phase(index) for index in range(len(self._groups)))

    def add_phase(self, index: int | None = None) -> int:
        """Inserts a new phase at `index` (default: the end); returns where it went."""
        position = len(self._groups) if index is None else max(0, min(index, len(self._groups)))
        self._groups.insert(position, [NEW_GROUP])
        self._labels = None
        return position

    def remove_phase(self, index: int) -> None:
        del self._groups[index]
        self._labels = None

    def move_phase(self, index: int, step: int) -> int:
        """Moves a phase up (step -1) or down (+1), stopping at the ends; its new index."""
        target = max(0, min(index + step, len(self._groups) - 1))
        self._groups.insert(target, self._groups.pop(index))
        if target != index:
            self._labels = None
        return target

    def add_group(self, index: int, group: Group = NEW_GROUP) -> int:
        self._groups[index].append(group)
        return len(self._groups[index]) - 1

    def remove_group(self, index: int, group_index: int) -> None:
        del self._groups[index][group_index]

    def set_group(self, index: int, group_index: int, group: Group) -> None:
        self._groups[index][group_index] = group

    def problem(self) -> str | None:
        """Why this list cannot be played, or None if it can."""
        if not self._groups:
            return tr("rules_editor.list_empty")
        for phase in self.phases():
            problem = phase.problem()
            if problem is not None:
                return problem_said(problem)
        return None


def phase_text(phase: Phase) -> str:
    """One line for a phase in a list: "Phase 3: 1 set of 4 + 1 run of 4 (8 cards)"."""
    if not phase.groups:
        return tr("rules_editor.phase_no_groups", phase=phase.label)
    return tr_count(
        "rules_editor.phase_line",
        phase.card_count,
        phase=phase.label,
        description=phase_description(app_words(), phase),
    )


def _digits(text: str) -> str:
    return "".join(character for character in text if character.isdecimal())


class CardCountBox(QSpinBox):
    """A number of cards, shown with its noun in the plural form the number takes
    ("1 card", "4 cards"), which a fixed suffix cannot do."""

    def textFromValue(self, value: int) -> str:
        return tr_count("rules_editor.group_cards", value)

    def valueFromText(self, text: str) -> int:
        digits = _digits(text)
        return int(digits) if digits else self.value()

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        digits = _digits(text)
        if digits and self.minimum() <= int(digits) <= self.maximum():
            return QValidator.State.Acceptable, text, pos
        return QValidator.State.Intermediate, text, pos


class _GroupRow(QWidget):
    """One group of the selected phase: what kind, how many cards, and a remove button."""

    changed = Signal(Group)
    removeRequested = Signal()

    def __init__(self, group: Group, number: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.kind = QComboBox()
        for kind, name in kind_names().items():
            self.kind.addItem(name, kind.value)
        self.kind.setCurrentIndex(self.kind.findData(group.kind.value))
        self.kind.setAccessibleName(tr("rules_editor.group_kind_field", number=number))
        self.count = CardCountBox()
        self.count.setRange(1, MAX_PHASE_CARDS)
        self.count.setValue(group.size)
        self.count.setAccessibleName(tr("rules_editor.group_size_field", number=number))
        self.remove = QToolButton()
        self.remove.setIcon(self.style().standardIcon(QStyle.StandardPixmap.SP_DialogDiscardButton))
        self.remove.setToolTip(tr("rules_editor.remove_group", number=number))
        self.remove.setAccessibleName(tr("rules_editor.remove_group", number=number))
        layout.addWidget(self.kind, 1)
        layout.addWidget(self.count)
        layout.addWidget(self.remove)
        self.kind.currentIndexChanged.connect(self._emit)
        self.count.valueChanged.connect(self._emit)
        self.remove.clicked.connect(self.removeRequested)

    def group(self) -> Group:
        return Group(GroupKind(self.kind.currentData()), self.count.value())

    def _emit(self) -> None:
        self.changed.emit(self.group())


class PhaseListEditor(QWidget):
    """Edits a house phase list.

    Signals: `phasesChanged()` after every edit.
    Methods: `phases()`, `set_phases(phases)`, `problem()`, and the edit slots
    `add_phase()`, `remove_phase()`, `move_up()`, `move_down()`, `add_group()`.
    """

    phasesChanged = Signal()

    def __init__(self, phases: Iterable[Phase] = MATTEL_PHASES, parent: QWidget | None = None):
        super().__init__(parent)
        self.draft = PhaseListDraft(phases)
        self._rows: list[_GroupRow] = []

        self.phase_list = QListWidget()
        self.phase_list.setAccessibleName(tr("rules_editor.phase_list"))
        self.phase_list.setSpacing(1)
        self.phase_list.setMinimumWidth(self.fontMetrics().averageCharWidth() * 44)
        self.add_phase_button = QPushButton(tr("rules_editor.add_phase"))
        self.remove_phase_button = QPushButton(tr("rules_editor.remove_phase"))
        self.up_button = QPushButton(tr("rules_editor.move_up"))
        self.down_button = QPushButton(tr("rules_editor.move_down"))
        self.up_button.setShortcut(QKeySequence(Qt.Modifier.ALT | Qt.Key.Key_Up))
        self.down_button.setShortcut(QKeySequence(Qt.Modifier.ALT | Qt.Key.Key_Down))
        self.up_button.setToolTip(tr("rules_editor.move_up_tip"))
        self.down_button.setToolTip(tr("rules_editor.move_down_tip"))
        buttons = QHBoxLayout()
        for button in (
            self.add_phase_button,
            self.remove_phase_button,
            self.up_button,
            self.down_button,
        ):
            buttons.addWidget(button)
        buttons.addStretch(1)
        left = QVBoxLayout()
        left.addWidget(self.phase_list, 1)
        left.addLayout(buttons)

        self.phase_box = QGroupBox()
        self.groups_layout = QVBoxLayout()
        self.groups_layout.setSpacing(6)
        self.add_group_button = QPushButton(tr("rules_editor.add_group"))
        self.add_group_button.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.description = QLabel()
        self.description.setWordWrap(True)
        self.description.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        box_layout = QFormLayout(self.phase_box)
        box_layout.addRow(self.groups_layout)
        box_layout.addRow(self.add_group_button)
        box_layout.addRow(self.description)
        right = QVBoxLayout()
        right.addWidget(self.phase_box)
        right.addStretch(1)

        self.problem_label = ProblemLabel()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        columns = QHBoxLayout()
        columns.addLayout(left, 3)
        columns.addLayout(right, 2)
        layout.addLayout(columns, 1)
        layout.addWidget(self.problem_label)

        self.phase_list.currentRowChanged.connect(self._show_phase)
        self.add_phase_button.clicked.connect(self.add_phase)
        self.remove_phase_button.clicked.connect(self.remove_phase)
        self.up_button.clicked.connect(self.move_up)
        self.down_button.clicked.connect(self.move_down)
        self.add_group_button.clicked.connect(self.add_group)
        self._refill(0)

    def phases(self) -> tuple[Phase, ...]:
        return self.draft.phases()

    def set_phases(self, phases: Iterable[Phase]) -> None:
        self.draft = PhaseListDraft(phases)
        self._refill(0)
        self.phasesChanged.emit()

    def problem(self) -> str | None:
        return self.draft.problem()

    def current(self) -> int:
        return self.phase_list.currentRow()

    def select(self, index: int) -> None:
        self.phase_list.setCurrentRow(index)

    def add_phase(self) -> None:
        index = self.draft.add_phase(self.current() + 1 if self.current() >= 0 else None)
        self._changed(index)

    def remove_phase(self) -> None:
        index = self.current()
        if index < 0:
            return
        self.draft.remove_phase(index)
        self._changed(min(index, len(self.draft) - 1))

    def move_up(self) -> None:
        if self.current() >= 0:
            self._changed(self.draft.move_phase(self.current(), -1))

    def move_down(self) -> None:
        if self.current() >= 0:
            self._changed(self.draft.move_phase(self.current(), 1))

    def add_group(self) -> None:
        index = self.current()
        if index >= 0:
            self.draft.add_group(index)
            self._changed(index)

    def _changed(self, current: int) -> None:
        self._refill(current)
        self.phasesChanged.emit()

    def _refill(self, current: int) -> None:
        self.phase_list.blockSignals(True)
        self.phase_list.clear()
        for phase in self.draft.phases():
            item = QListWidgetItem(phase_text(phase))
            self.phase_list.addItem(item)
        self.phase_list.blockSignals(False)
        self.phase_list.setCurrentRow(current)
        self._show_phase(current)

    def _show_phase(self, index: int) -> None:
        for row in self._rows:
            self.groups_layout.removeWidget(row)
            row.deleteLater()
        self._rows = []
        has_phase = 0 <= index < len(self.draft)
        self.phase_box.setEnabled(has_phase)
        self.remove_phase_button.setEnabled(has_phase)
        self.up_button.setEnabled(has_phase and index > 0)
        self.down_button.setEnabled(has_phase and index < len(self.draft) - 1)
        if has_phase:
            label = self.draft.phase(index).label
            self.phase_box.setTitle(tr("rules_editor.groups_of_phase", phase=label))
            for group_index, group in enumerate(self.draft.groups(index)):
                row = _GroupRow(group, group_index + 1)
                row.changed.connect(lambda group, g=group_index: self._group_changed(g, group))
                row.removeRequested.connect(lambda g=group_index: self._remove_group(g))
                self.groups_layout.addWidget(row)
                self._rows.append(row)
        else:
            self.phase_box.setTitle(tr("rules_editor.no_phase"))
        self._describe()

    def _group_changed(self, group_index: int, group: Group) -> None:
        index = self.current()
        self.draft.set_group(index, group_index, group)
        item = self.phase_list.item(index)
        if item is not None:
            item.setText(phase_text(self.draft.phase(index)))
        self._describe()
        self.phasesChanged.emit()

    def _remove_group(self, group_index: int) -> None:
        index = self.current()
        self.draft.remove_group(index, group_index)
        self._changed(index)

    def _describe(self) -> None:
        index = self.current()
        if 0 <= index < len(self.draft):
            phase = self.draft.phase(index)
            self.description.setText(phase_text(phase))
            self.add_group_button.setEnabled(phase.card_count < MAX_PHASE_CARDS)
        else:
            self.description.clear()
        self.problem_label.set_problem(self.draft.problem())
