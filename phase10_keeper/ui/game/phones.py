"""View → Phones at the Table: the phones' page and API for the open game, served beside
the GUI thread, and the codes the players scan.

The game's page takes the keeper's part (`phones_controller`): entries from phones fill
its form (nothing is recorded until the keeper records the hand), and every change made
here reaches the phones. The sharing is kept with the game in the library: started
again on the game (after a quit or a crash), it shows the same codes and the entries
typed on phones, until the keeper's Stop Sharing, which ends them: the codes of a new
start are new.
"""

import ipaddress
import math
import threading
from typing import Any
from urllib.parse import urlsplit

from PySide6.QtCore import QEvent, QObject, QPoint, Qt, QTimer, Signal
from PySide6.QtGui import QTextOption
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFrame,
    QGridLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QStyle,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from phase10_keeper.companion.address import local_network_address
from phase10_keeper.companion.lasting import LastingSharing, lasting_table
from phase10_keeper.companion.server import DEFAULT_PORT, PhoneServer, ThreadedPhoneServer
from phase10_keeper.companion.table import Snapshot, Table
from phase10_keeper.storage.library import Library
from phase10_keeper.ui.game.qr_code import qr_code
from phase10_keeper.ui.game.session import GameSession
from phase10_keeper.ui.text.translate import app_words, tr

QR_SIZE = 180
"""Pixels a code is drawn at: a phone reads it from across a table."""


class PhonesAtTable(QObject):
    """The phones' server for one game session, while it runs."""

    entriesChanged = Signal()
    """The table changed (an entry from a phone, most often). Emitted in the window's
    thread, once for however many changes came in while the window was busy."""
    _changedElsewhere = Signal()
    """Emitted from the server's thread: Qt queues it to the window's."""

    def __init__(self, session: GameSession, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self._lasting: LastingSharing | None = None
        if isinstance(session.store, Library) and session.game_id is not None:
            self.table, self._lasting = lasting_table(session.store, session.game_id, session.game)
        else:
            self.table = Table(session.game)
        self._lock = threading.Lock()
        self._told = False
        """Whether a change is on its way to the window's thread and not yet taken: six
        phones entering at once must cost the window one refresh, not six in a row."""
        self._changedElsewhere.connect(self._take_change)
        server = PhoneServer(
            self.table,
            local_network_address(),
            DEFAULT_PORT,
            app_words(),
            next_free=True,
            keep=self._lasting.kept if self._lasting is not None else None,
        )
        self._running = ThreadedPhoneServer(server)
        try:
            self._running.start()
        except BaseException:
            self._close_lasting()
            raise
        self.table.listen(self._table_changed)
        # The table follows a change once the window has drawn it: following wakes the
        # server's and the sharing's threads, whose Python took turns with the window's
        # while it drew the hand (2 to 3 ms of a hand recorded with six phones). The form
        # takes the phones' entries for the next hand only once the table has followed.
        self._following = QTimer(self, singleShot=True, interval=0)
        self._following.timeout.connect(self._follow_once_drawn)
        self._turns_waited = 0
        session.changed.connect(self._following.start)

    @property
    def links(self) -> dict[str, Any]:
        """Every link, a player who joined since the start with theirs."""
        return self._running.server.links()

    def _table_changed(self, _revision: int) -> None:
        with self._lock:
            if self._told:
                return
            self._told = True
        self._changedElsewhere.emit()

    def _take_change(self) -> None:
        # Cleared before the window reads the table: a change after this is told anew.
        with self._lock:
            self._told = False
        self.entriesChanged.emit()

    def _follow_once_drawn(self) -> None:
        # Two turns of the event loop: in the first, the grid and the standings lay out
        # what changed (their own 0 ms timers, started before this one); in the second,
        # they draw it, and then this timer runs, after the paints that turn sent.
        self._turns_waited += 1
        if self._turns_waited < 2:
            self._following.start()
            return
        self._turns_waited = 0
        self._follow()

    def _follow(self) -> None:
        self.table.follow(self.session.game, self.session.replay)

    def snapshot(self) -> Snapshot:
        return self.table.snapshot()

    def forget(self) -> None:
        """Stop Sharing: the links end with the server; a new start makes new ones."""
        if self._lasting is not None:
            self._lasting.forget()

    def stop(self, *, wait: bool = True) -> None:
        """Ends every phone's session at once, and the server: waited for, or (not
        `wait`) in the server's thread while the window goes on. The sharing stays kept
        with the game unless `forget` came first, and the phones are told so: they wait
        for the table to come back, or show it closed."""
        self.session.changed.disconnect(self._following.start)
        if self._following.isActive():
            # The sharing kept for the next start follows the game as the window left it.
            self._following.stop()
            self._turns_waited = 0
            self._follow()
        self.table.unlisten(self._table_changed)
        lasts = self._lasting is not None and self._lasting.lasts
        self._running.stop(wait=wait, for_good=not lasts)
        self._close_lasting()

    def _close_lasting(self) -> None:
        if self._lasting is not None:
            self._lasting.close()
            self._lasting = None


def _on_this_computer_only(link: str) -> bool:
    """Whether `link` leads to a loopback address, which no phone can reach."""
    host = urlsplit(link).hostname or ""
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def _address(link: str) -> QTextEdit:
    """The link in full, for a phone that cannot scan: broken anywhere, as it has no
    spaces for a label to wrap at, and selected and copied whole."""
    address = QTextEdit()
    address.setReadOnly(True)
    address.setTabChangesFocus(True)
    address.setFrameShape(QFrame.Shape.NoFrame)
    address.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    address.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    address.viewport().setAutoFillBackground(False)
    width = QR_SIZE + 40
    address.setLineWrapMode(QTextEdit.LineWrapMode.FixedPixelWidth)
    address.setLineWrapColumnOrWidth(width)
    address.setWordWrapMode(QTextOption.WrapMode.WrapAnywhere)
    address.setPlainText(link)
    address.setAlignment(Qt.AlignmentFlag.AlignHCenter)
    document = address.document()
    document.setTextWidth(width)
    address.setFixedSize(width, math.ceil(document.size().height()))
    return address


class PhonesDialog(QDialog):
    """The codes to scan, one per seated player and one for the scoreboard."""

    stopRequested = Signal()

    def __init__(
        self, links: dict[str, Any], parent: QWidget | None = None, avoid: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._intro = QLabel()
        self._intro.setWordWrap(True)
        # No network address: the codes lead to this computer only, and no phone can
        # reach them until it joins the phones' Wi-Fi and sharing starts again.
        self.no_network = QLabel()
        self.no_network.setWordWrap(True)
        self.no_network.setStyleSheet("font-weight: bold;")
        self.no_network.setVisible(_on_this_computer_only(str(links["viewer"])))
        self.links: dict[str, Any] = {}
        self._scroll = QScrollArea()
        self._scroll.setWidgetResizable(True)
        self.follow(links)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self._stop = QPushButton()
        buttons.addButton(self._stop, QDialogButtonBox.ButtonRole.DestructiveRole)
        self._stop.clicked.connect(self.stopRequested)
        # Closed, not only hidden: the window takes the keys back when it is finished.
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self._intro)
        layout.addWidget(self.no_network)
        layout.addWidget(self._scroll, 1)
        layout.addWidget(buttons)
        self._word()
        # One row of codes high (the rest a scroll, or Page Down, away).
        self.resize(3 * (QR_SIZE + 60) + 40, QR_SIZE + 110 + 150)
        if parent is not None:
            self._place(parent.window(), avoid)

    def _word(self) -> None:
        self.setWindowTitle(tr("phones.window_title"))
        self._intro.setText(tr("phones.window_intro"))
        self.no_network.setText(tr("phones.window_no_network"))
        self._stop.setText(tr("phones.window_stop"))

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange:
            self._word()
            # The scoreboard's label and every code's name for screen readers.
            links, self.links = self.links, {}
            self.follow(links)

    def _place(self, window: QWidget, avoid: QWidget | None) -> None:
        """Beside the window where the screen has room for it; else over the window's
        top right corner, over the grid, and no lower than `avoid` (the form being typed
        in): under a window manager's title bar, the codes covered Points and Record."""
        frame = window.frameGeometry()
        screen = window.screen().availableGeometry()
        if screen.right() - frame.right() >= self.width():
            self.move(frame.right() + 1, frame.top())
            return
        if frame.left() - screen.left() >= self.width():
            self.move(frame.left() - self.width(), frame.top())
            return
        top = window.geometry().top()
        if avoid is not None and avoid.isVisible():
            title_bar = self.style().pixelMetric(QStyle.PixelMetric.PM_TitleBarHeight)
            room = avoid.mapToGlobal(QPoint(0, 0)).y() - top - title_bar
            least = self.minimumSizeHint().height()
            self.resize(self.width(), max(least, min(self.height(), room)))
        self.move(max(frame.left(), frame.right() - self.width()), top)

    def follow(self, links: dict[str, Any]) -> None:
        """Shows the codes of `links`: a player who joins gets a code at once."""
        if links == self.links:
            return
        self.links = links
        codes = QWidget()
        grid = QGridLayout(codes)
        players = links["players"]
        labelled = [*players.items(), (tr("phones.window_scoreboard"), links["viewer"])]
        for index, (label, link) in enumerate(labelled):
            column = index % 3
            row = index // 3 * 3
            name = QLabel(str(label))
            name.setTextFormat(Qt.TextFormat.PlainText)
            name.setAlignment(Qt.AlignmentFlag.AlignHCenter)
            code = qr_code(str(link), QR_SIZE)
            code.setAccessibleName(tr("phones.window_code_of", name=str(label)))
            address = _address(str(link))
            address.setAccessibleName(tr("phones.window_link_of", name=str(label)))
            grid.addWidget(name, row, column, Qt.AlignmentFlag.AlignHCenter)
            grid.addWidget(code, row + 1, column, Qt.AlignmentFlag.AlignHCenter)
            grid.addWidget(address, row + 2, column, Qt.AlignmentFlag.AlignHCenter)
        # The scroll area deletes the codes it showed.
        self._scroll.setWidget(codes)
