"""Share Result: the results card of the game, shown, copied to the clipboard, or saved
as a PNG for the group chat; for a finished game, the code each player scans to log it
in BG Stats."""

from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QByteArray, Qt, QUrl
from PySide6.QtGui import QDesktopServices, QGuiApplication, QImage, QImageWriter, QPixmap
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from phase10_keeper.export.bgstats import play_link
from phase10_keeper.export.identity import shared_uid
from phase10_keeper.rules import Game, Replay
from phase10_keeper.ui.game.qr_code import qr_code
from phase10_keeper.ui.game.result_card import result_card
from phase10_keeper.ui.prompts import Prompts, ask_output_path
from phase10_keeper.ui.text.escape import plain
from phase10_keeper.ui.text.translate import tr

PREVIEW_WIDTH = 432
"""The card shown at two fifths of its size: whole on a laptop's screen."""
PNG_SUFFIX = ".png"
CODE_SIZE = 180
"""The BG Stats code, as large as the phones' codes: a phone reads it across the table."""


def write_png(image: QImage, path: Path) -> bool:
    """Writes `image` as a PNG file; whether it was written."""
    return QImageWriter(str(path), QByteArray(b"png")).write(image)


class ShareDialog(QDialog):
    """The card of `game`, with Copy Image and Save as PNG.

    Constructor: `ShareDialog(game, replayed, prompts, records=(), parent=None,
    open_url=None)`; `records` are the lines about the records the game set; `open_url`
    opens a link (QDesktopServices.openUrl unless given). `copy()` puts the card on the
    clipboard; `save(path=None)` writes it where the user says, or to `path`. For a
    finished game, `bgstats_link` is the link that logs it in BG Stats, shown as a code
    to scan and opened by `log_in_bgstats()`; None before the end.
    """

    def __init__(
        self,
        game: Game,
        replayed: Replay,
        prompts: Prompts,
        records: Sequence[str] = (),
        parent: QWidget | None = None,
        open_url: Callable[[QUrl], bool] | None = None,
        *,
        uid: str | None = None,
    ) -> None:
        super().__init__(parent)
        self.game = game
        self.prompts = prompts
        self._open_url = open_url or QDesktopServices.openUrl
        self.bgstats_link: str | None = None
        if replayed.final.is_over:
            # A game file without a start: the play is dated now, which BG Stats shows
            # for the players to correct before they save it.
            started = game.started or datetime.now().astimezone().isoformat()
            self.bgstats_link = play_link(shared_uid(uid, game), started, replayed)
        self.setWindowTitle(tr("share.title"))
        self.image = result_card(game, replayed, self.palette(), self.font(), records)

        intro = QLabel(tr("share.intro"))
        intro.setWordWrap(True)
        self.preview = QLabel()
        self.preview.setAccessibleName(tr("share.card_name"))
        self.preview.setPixmap(
            QPixmap.fromImage(
                self.image.scaledToWidth(PREVIEW_WIDTH, Qt.TransformationMode.SmoothTransformation)
            )
        )
        self.preview.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.feedback = QLabel()
        plain(self.feedback)
        self.feedback.setWordWrap(True)

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.copy_button = QPushButton(tr("share.copy"))
        self.save_button = QPushButton(tr("share.save"))
        self.buttons.addButton(self.copy_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.buttons.addButton(self.save_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.copy_button.clicked.connect(self.copy)
        self.save_button.clicked.connect(lambda: self.save())
        self.buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.preview, 1)
        if self.bgstats_link is not None:
            self._add_bgstats(layout, self.bgstats_link)
        layout.addWidget(self.feedback)
        layout.addWidget(self.buttons)
        # Only once the buttons are inside the dialog: a default set before is forgotten
        # when it shows, and the first button, Close, takes Enter.
        self.copy_button.setDefault(True)

    def _add_bgstats(self, layout: QVBoxLayout, link: str) -> None:
        """The code every player scans with their phone, and the button that opens the
        link here, for a player who keeps BG Stats on this computer."""
        bgstats_intro = QLabel(tr("share.bgstats_intro"))
        bgstats_intro.setWordWrap(True)
        self.bgstats_code = qr_code(link, CODE_SIZE)
        self.bgstats_code.setAccessibleName(tr("share.bgstats_code_name"))
        self.bgstats_button = QPushButton(tr("share.bgstats_open"))
        self.bgstats_button.setAutoDefault(False)
        self.bgstats_button.clicked.connect(self.log_in_bgstats)
        layout.addWidget(bgstats_intro)
        layout.addWidget(self.bgstats_code, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addWidget(self.bgstats_button, 0, Qt.AlignmentFlag.AlignHCenter)

    def log_in_bgstats(self) -> bool:
        """Opens the link that logs the game in BG Stats; whether it opened."""
        if self.bgstats_link is None:
            return False
        return self._open_url(QUrl(self.bgstats_link))

    def copy(self) -> None:
        clipboard = QGuiApplication.clipboard()
        clipboard.setImage(self.image)
        self.feedback.setText(tr("share.copied"))

    def suggested_name(self) -> str:
        if self.game.title:
            return tr("share.file_name", title=self.game.title) + PNG_SUFFIX
        return tr("share.file_name_untitled") + PNG_SUFFIX

    def save(self, path: Path | None = None) -> Path | None:
        """Writes the card as a PNG; the path written, or None (cancelled, or failed
        after telling the user)."""
        if path is None:
            path = ask_output_path(
                self.prompts,
                self,
                tr("share.save_title"),
                self.suggested_name(),
                tr("share.png_files"),
                suffix=PNG_SUFFIX,
            )
            if path is None:
                return None
        if not write_png(self.image, path):
            self.prompts.warn(
                self, tr("share.cannot_save_title"), tr("share.cannot_save", path=path)
            )
            return None
        self.feedback.setText(tr("share.saved", path=path))
        return path
