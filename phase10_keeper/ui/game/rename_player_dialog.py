"""Renaming a player of the open game: a misspelt name is fixed everywhere at once."""

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from phase10_keeper.rules import MAX_PLAYERS, clean_name, players_problem
from phase10_keeper.ui.text.translate import problem_said, tr
from phase10_keeper.ui.widgets.problem_label import ProblemLabel


class RenamePlayerDialog(QDialog):
    renamed = Signal(str, str)
    """The player's old name and the new one, once the user confirms a usable name."""

    def __init__(
        self, players: tuple[str, ...], current: str | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.players = players
        self.setWindowTitle(tr("rename.title"))
        self.setMinimumWidth(360)

        self.player_combo = QComboBox()
        self.player_combo.addItems(list(players))
        self.player_combo.setAccessibleName(tr("rename.player_field"))
        self.name_edit = QLineEdit()
        self.name_edit.setAccessibleName(tr("rename.name_field"))
        self.problem_label = ProblemLabel()
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.rename_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.rename_button.setText(tr("rename.rename"))

        form = QFormLayout()
        form.addRow(tr("rename.player_label"), self.player_combo)
        form.addRow(tr("rename.name_label"), self.name_edit)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(tr("rename.explanation")))
        layout.addLayout(form)
        layout.addWidget(self.problem_label)
        layout.addWidget(self.buttons)

        self.player_combo.currentTextChanged.connect(self._player_chosen)
        self.name_edit.textChanged.connect(self._check)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        if current in players:
            self.player_combo.setCurrentText(current)
        self._player_chosen(self.player_combo.currentText())

    def _player_chosen(self, name: str) -> None:
        self.name_edit.setText(name)
        self.name_edit.selectAll()
        self.name_edit.setFocus()

    def problem(self) -> str | None:
        """Why the typed name cannot be used, or None if it can."""
        old = self.player_combo.currentText()
        new = clean_name(self.name_edit.text())
        names = tuple(new if name == old else name for name in self.players)
        # Renaming changes no one's seat: only the names are checked, however many
        # players have joined the table since the start.
        return problem_said(players_problem(names, count=min(len(names), MAX_PLAYERS)))

    def _check(self) -> None:
        problem = self.problem()
        unchanged = clean_name(self.name_edit.text()) == self.player_combo.currentText()
        self.problem_label.set_problem(problem)
        self.rename_button.setEnabled(problem is None and not unchanged)

    def accept(self) -> None:
        if not self.rename_button.isEnabled():
            return
        self.renamed.emit(self.player_combo.currentText(), clean_name(self.name_edit.text()))
        super().accept()
