"""The line over the entry form that says the game could not be saved, where the user
looks while typing, until it is saved again."""

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel

from phase10_keeper.ui.text.translate import tr
from phase10_keeper.ui.widgets.colours import ERROR_COLOUR

# On the label it styles: one on the whole page made Qt style every widget of it (the
# grid, the standings, the charts) through style sheet rules.
SAVE_PROBLEM_STYLE = f"QLabel {{ color: {ERROR_COLOUR}; font-weight: bold; }}"


class SaveNote(QLabel):
    """Says why the game's last change was not saved; hidden once a save succeeds.

    Signal: `roomChanged`, the note was shown, said something else or hidden: the page
    shares out its room again."""

    roomChanged = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.setStyleSheet(SAVE_PROBLEM_STYLE)
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.hide()

    def saved(self) -> None:
        if not self.isHidden():
            self.hide()
            self.roomChanged.emit()

    def refused(self, text: str) -> None:
        """The library refused the save (`text` says why)."""
        self.setText("✗ " + text)
        self.show()
        self.roomChanged.emit()

    def failed(self, text: str) -> None:
        """Writing the game failed (`text` says why)."""
        self.setText(tr("game.save_failed", problem=text))
        self.show()
        self.roomChanged.emit()
