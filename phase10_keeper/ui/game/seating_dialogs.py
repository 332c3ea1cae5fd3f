"""A player leaves the table, or a new one sits down, before the next hand.

Each dialog asks only what the table has to agree on and emits the seating change; the
game session records it, undoably, and the replay does the rest.
"""

from collections.abc import Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QLabel,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from phase10_keeper.language.wording import phase_description
from phase10_keeper.rules import (
    MAX_PLAYERS,
    GameState,
    Join,
    Leave,
    Order,
    clean_name,
    name_key,
    name_problem,
)
from phase10_keeper.rules.game import MAX_STARTING_TOTAL
from phase10_keeper.ui.text.escape import in_sentence, isolate, plain
from phase10_keeper.ui.text.translate import app_words, problem_said, tr, tr_count
from phase10_keeper.ui.widgets.problem_label import ProblemLabel

TOTAL_STEP = 5
"""Every hand score is a multiple of five, so the totals offered step by five."""


def highest_total(state: GameState) -> int:
    """The highest total of the players at the table."""
    return max(player.total for player in state.players if player.seated)


def average_total(state: GameState) -> int:
    """The average total of the players at the table, rounded up to a multiple of five."""
    totals = [player.total for player in state.players if player.seated]
    steps = -(-sum(totals) // (TOTAL_STEP * len(totals)))
    return steps * TOTAL_STEP


class PlayerLeavesDialog(QDialog):
    """Asks who leaves before the next hand. Emits `leaving` with the `Leave`."""

    leaving = Signal(object)

    def __init__(self, state: GameState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.state = state
        self.setWindowTitle(tr("seating.leave_title"))
        self.player_combo = QComboBox()
        self.player_combo.addItems(list(state.participants()))
        # Nobody chosen: the first seat would be whoever leads, and Enter would see them off.
        self.player_combo.setCurrentIndex(-1)
        self.player_combo.setPlaceholderText(tr("seating.leaving_placeholder"))
        self.player_combo.setAccessibleName(tr("seating.leaving_field"))
        self.explanation = QLabel()
        plain(self.explanation)
        self.explanation.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.leave_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.leave_button.setText(tr("seating.leave"))
        form = QFormLayout()
        form.addRow(tr("seating.leaving_label"), self.player_combo)
        layout = self._layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.explanation)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 56)
        self.player_combo.currentTextChanged.connect(self._explain)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self._explain(self.player_combo.currentText())

    def _explain(self, name: str) -> None:
        self.leave_button.setEnabled(bool(name))
        if not name:
            self.explanation.clear()
            return
        others = [other for other in self.state.participants() if other != name]
        if len(others) == 1:
            text = tr(
                "seating.leaves_one_left",
                name=in_sentence(name),
                number=self.state.hand_number,
                other=in_sentence(others[0]),
            )
        else:
            text = tr("seating.leaves", name=in_sentence(name), number=self.state.hand_number)
        self.explanation.setText(text)
        self._fit_explanation()

    def _fit_explanation(self) -> None:
        """Grows the dialog to the explanation's lines: it opens without one, and a
        dialog already shown keeps its height, so its words were cut top and bottom."""
        self._layout.activate()
        needed = self._layout.totalHeightForWidth(self.width())
        self.setMinimumHeight(needed)
        if self.height() < needed:
            self.resize(self.width(), needed)

    def accept(self) -> None:
        if self.player_combo.currentIndex() < 0:
            return
        self.leaving.emit(Leave(self.state.hand_number, self.player_combo.currentText()))
        super().accept()


class PlayerJoinsDialog(QDialog):
    """Asks who sits down before the next hand, where, and on what total and phase.

    `roster` offers the names of earlier games. Emits `joining` with the `Join`.
    """

    joining = Signal(object)

    def __init__(
        self,
        state: GameState,
        players: Sequence[str],
        roster: Sequence[str] = (),
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.state = state
        self.players = tuple(players)
        self.setWindowTitle(tr("seating.join_title"))
        self.name_combo = self._name_field(roster)
        self.seat_combo = self._seat_field(state)
        totals_grid = self._totals(state)
        self.phase_combo = self._phase_field(state)

        self.problem_label = ProblemLabel()
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.join_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.join_button.setText(tr("seating.join"))

        form = QFormLayout()
        form.addRow(tr("seating.name_label"), self.name_combo)
        form.addRow(tr("seating.seat_label"), self.seat_combo)
        form.addRow(tr("seating.total_label"), totals_grid)
        if state.rules.order is Order.SEQUENCE:
            form.addRow(tr("seating.phase_label"), self.phase_combo)
        layout = QVBoxLayout(self)
        layout.addWidget(
            QLabel(tr("seating.joins_before", number=state.hand_number)),
        )
        layout.addLayout(form)
        layout.addWidget(self.problem_label)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 60)

        self.name_combo.currentTextChanged.connect(self._check)
        self.number_spin.valueChanged.connect(lambda _: self.number_radio.setChecked(True))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self._check()

    def _name_field(self, roster: Sequence[str]) -> QComboBox:
        """The joiner's name: typed, or picked from the names of earlier games not at the
        table."""
        taken = {name_key(name) for name in self.players}
        combo = QComboBox()
        combo.setEditable(True)
        combo.addItems([name for name in roster if name_key(name) not in taken])
        combo.setCurrentIndex(-1)
        combo.setAccessibleName(tr("seating.name_field"))
        line_edit = combo.lineEdit()
        assert line_edit is not None
        line_edit.setPlaceholderText(tr("seating.name_placeholder"))
        return combo

    @staticmethod
    def _seat_field(state: GameState) -> QComboBox:
        """Where the joiner sits: after a seated player, or last."""
        combo = QComboBox()
        combo.setAccessibleName(tr("seating.seat_field"))
        for name in (name for name in state.circle if state.player(name).seated):
            combo.addItem(tr("seating.seat_after", name=isolate(name)), name)
        combo.addItem(tr("seating.seat_last"), None)
        combo.setCurrentIndex(combo.count() - 1)
        return combo

    def _totals(self, state: GameState) -> QGridLayout:
        """The joiner's starting total: 0, the highest, the average or a number typed."""
        highest, average = highest_total(state), average_total(state)
        self.zero_radio = QRadioButton(tr("seating.total_zero"))
        self.highest_radio = QRadioButton(tr("seating.total_highest", total=highest))
        self.average_radio = QRadioButton(
            tr("seating.total_average", step=TOTAL_STEP, total=average)
        )
        self.number_radio = QRadioButton(tr("seating.total_other"))
        self.number_spin = QSpinBox()
        self.number_spin.setRange(0, MAX_STARTING_TOTAL)
        self.number_spin.setSingleStep(TOTAL_STEP)
        self.number_spin.setAccessibleName(tr("seating.total_field"))
        self.totals = QButtonGroup(self)
        for value, radio in (
            (0, self.zero_radio),
            (highest, self.highest_radio),
            (average, self.average_radio),
        ):
            self.totals.addButton(radio)
            radio.setProperty("total", value)
        self.totals.addButton(self.number_radio)
        self.zero_radio.setChecked(True)
        grid = QGridLayout()
        grid.addWidget(self.zero_radio, 0, 0)
        grid.addWidget(self.highest_radio, 1, 0)
        grid.addWidget(self.average_radio, 2, 0)
        grid.addWidget(self.number_radio, 3, 0)
        grid.addWidget(self.number_spin, 3, 1)
        return grid

    @staticmethod
    def _phase_field(state: GameState) -> QComboBox:
        """The phase the joiner starts on, where phases go in order."""
        combo = QComboBox()
        combo.setAccessibleName(tr("seating.phase_field"))
        for phase in state.rules.phases:
            combo.addItem(
                tr(
                    "seating.phase_choice",
                    phase=phase.label,
                    description=phase_description(app_words(), phase),
                ),
                phase.label,
            )
        return combo

    def starting_total(self) -> int:
        if self.number_radio.isChecked():
            return self.number_spin.value()
        checked = self.totals.checkedButton()
        assert checked is not None
        value = checked.property("total")
        assert isinstance(value, int)
        return value

    def problem(self) -> str | None:
        """Why the player cannot join as entered, or None if they can."""
        name = clean_name(self.name_combo.currentText())
        if not name:
            return tr("seating.name_missing")
        problem = problem_said(name_problem(name))
        if problem is not None:
            return problem[0].upper() + problem[1:] + "."
        if name_key(name) in {name_key(player) for player in self.players}:
            return tr("seating.name_taken", name=in_sentence(name))
        if len(self.state.participants()) >= MAX_PLAYERS:
            return tr_count("seating.table_full", MAX_PLAYERS)
        return None

    def _check(self) -> None:
        problem = self.problem()
        name = clean_name(self.name_combo.currentText())
        # An empty name is not worth a warning before anything is typed.
        self.problem_label.set_problem(problem if name else None)
        self.join_button.setEnabled(problem is None)

    def change(self) -> Join:
        phase = None
        if self.state.rules.order is Order.SEQUENCE:
            phase = self.phase_combo.currentData()
        return Join(
            before_hand=self.state.hand_number,
            name=clean_name(self.name_combo.currentText()),
            after=self.seat_combo.currentData(),
            total=self.starting_total(),
            phase=phase,
        )

    def accept(self) -> None:
        if self.problem() is not None:
            self._check()
            return
        self.joining.emit(self.change())
        super().accept()
