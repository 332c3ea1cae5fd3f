"""The window's status bar: one line of news, an Undo button beside a line that offers
it, and how far the open game is saved.

Made when first needed, or with the library, and not with the empty window: the first
status bar a process makes (its size grip) costs more than the rest of the window's
first frame.
"""

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QUndoGroup
from PySide6.QtWidgets import QLabel, QMainWindow, QPushButton

from phase10_keeper.ui.text.escape import plain
from phase10_keeper.ui.text.translate import tr
from phase10_keeper.ui.widgets.colours import ERROR_COLOUR

if TYPE_CHECKING:
    from PySide6.QtWidgets import QStatusBar

MESSAGE_MS = 8000


class WindowStatus(QObject):
    """The status bar of `window`; its Undo button undoes on `undo_group`'s active stack."""

    def __init__(self, window: QMainWindow, undo_group: QUndoGroup) -> None:
        super().__init__(window)
        self._window = window
        self._undo_group = undo_group
        self._widgets: tuple[QLabel, QPushButton] | None = None
        self._undo_offered_for = ""

    def bar(self) -> "QStatusBar":
        """The status bar, with its save label and the Undo button a message may offer."""
        bar: QStatusBar = self._window.statusBar()
        if self._widgets is None:
            from PySide6.QtCore import Qt

            from phase10_keeper.ui.widgets.steady import SteadyLabel

            save_label = SteadyLabel()
            plain(save_label)
            bar.addPermanentWidget(save_label)
            undo = QPushButton(tr("window.undo"))
            undo.setAutoDefault(False)
            undo.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            undo.clicked.connect(self._undo_clicked)
            undo.hide()
            bar.addPermanentWidget(undo)
            bar.messageChanged.connect(self._message_changed)
            # Added to a window already on screen, the bar would show only on the next
            # turn of the event loop, after the page built now had been laid out in the
            # room the bar takes.
            bar.show()
            self._widgets = (save_label, undo)
        return bar

    @property
    def save_label(self) -> QLabel:
        """How far the open game is saved, at the right of the status bar."""
        self.bar()
        assert self._widgets is not None
        return self._widgets[0]

    @property
    def undo_button(self) -> QPushButton:
        """The Undo button beside a message that offers it."""
        self.bar()
        assert self._widgets is not None
        return self._widgets[1]

    def say(self, text: str, offer_undo: bool = False) -> None:
        """One line in the status bar; with `offer_undo`, an Undo button beside it."""
        self._undo_offered_for = text if offer_undo else ""
        self.bar().showMessage(text, MESSAGE_MS)
        self.undo_button.setVisible(offer_undo)

    def saved(self, text: str, ok: bool) -> None:
        """How the open game's last save went."""
        self.save_label.setStyleSheet("" if ok else f"color: {ERROR_COLOUR}; font-weight: bold;")
        self.save_label.setText(text if ok else "✗ " + text)

    def withdraw_undo(self) -> None:
        """The Undo button goes: what its message offered to undo is no longer the last."""
        self._undo_offered_for = ""
        self.undo_button.hide()

    def history_moved(self) -> None:
        """The open game's undo history moved (a change undone, redone or made): a
        message that offered to undo the last change no longer tells how things stand,
        so it goes with its button; the save label says what was taken back."""
        bar = self.bar()
        if self._undo_offered_for and bar.currentMessage() == self._undo_offered_for:
            bar.clearMessage()
        self.withdraw_undo()

    def _message_changed(self, text: str) -> None:
        if text != self._undo_offered_for:
            self.withdraw_undo()

    def _undo_clicked(self) -> None:
        stack = self._undo_group.activeStack()
        self.withdraw_undo()
        self.bar().clearMessage()
        if stack is not None and stack.canUndo():
            stack.undo()
