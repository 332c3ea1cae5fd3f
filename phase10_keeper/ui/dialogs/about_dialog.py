"""The About box: what the program is, its version, its licence and its icon."""

from PySide6.QtCore import Qt
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from phase10_keeper import __version__
from phase10_keeper.resource_files import resource_path
from phase10_keeper.ui.text.translate import tr

ICON_SIZE = 96
LICENCE = "MIT"


class AboutDialog(QDialog):
    """Constructor: `AboutDialog(parent=None)`; show it with `open()` or `exec()`."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("about.title"))

        self.icon = QLabel()
        self.icon.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignHCenter)
        # The 128-pixel icon scaled down stays sharp on screens with 1.25 to 1.33 times
        # as many pixels; Qt picks the device pixel ratio from the label's screen.
        pixmap = QPixmap(str(resource_path("icons", "phase10-keeper-128.png")))
        ratio = self.devicePixelRatioF()
        scaled = pixmap.scaled(
            round(ICON_SIZE * ratio),
            round(ICON_SIZE * ratio),
            Qt.AspectRatioMode.KeepAspectRatio,
            Qt.TransformationMode.SmoothTransformation,
        )
        scaled.setDevicePixelRatio(ratio)
        self.icon.setPixmap(scaled)
        self.icon.setAccessibleName(tr("about.icon"))

        self.name = QLabel(tr("about.name"))
        font = self.name.font()
        font.setPointSizeF(font.pointSizeF() * 1.6)
        font.setBold(True)
        self.name.setFont(font)
        self.version = QLabel(tr("about.version", version=__version__))
        self.version.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.description = QLabel(tr("about.description"))
        self.description.setWordWrap(True)
        self.licence = QLabel(tr("about.licence", licence=LICENCE))
        self.licence.setWordWrap(True)

        text = QVBoxLayout()
        text.setSpacing(8)
        for label in (self.name, self.version, self.description, self.licence):
            text.addWidget(label)
        text.addStretch(1)
        body = QHBoxLayout()
        body.setSpacing(20)
        body.addWidget(self.icon)
        body.addLayout(text, 1)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(body)
        layout.addWidget(buttons)
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 72)
