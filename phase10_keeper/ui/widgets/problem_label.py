"""A one-line problem message with a warning icon, for the app's dialogs."""

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QStyle, QWidget

from phase10_keeper.ui.text.escape import plain


class ProblemLabel(QWidget):
    """A warning icon and one message, hidden while there is nothing to say."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.icon = QLabel()
        size = self.style().pixelMetric(QStyle.PixelMetric.PM_SmallIconSize)
        icon = self.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning)
        self.icon.setPixmap(icon.pixmap(size, size))
        self.icon.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.label = QLabel()
        self.label.setWordWrap(True)
        plain(self.label)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.icon)
        layout.addWidget(self.label, 1)
        self.hide()

    def text(self) -> str:
        return self.label.text()

    def set_problem(self, text: str | None) -> None:
        """Shows the message, first letter raised; None or "" hides it."""
        if text:
            self.label.setText(text[:1].upper() + text[1:])
        else:
            self.label.clear()
        self.setVisible(bool(text))
