"""The window takes the keys back after its dialogs and once shown: an X server without
a window manager gives the keys to no window when a dialog closes, nor to a new window,
and keys typed then went nowhere or, later, to a field nobody looked at."""

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QDialog, QWidget


def open_dialog(dialog: QDialog, take_keys: Callable[[], object]) -> None:
    """Opens one of the window's dialogs, dropped once closed, when `take_keys` gives the
    window the keys back."""
    dialog.finished.connect(dialog.deleteLater)
    dialog.finished.connect(lambda _result: take_keys())
    dialog.open()


class KeysOnShow(QObject):
    """Calls `take_keys` once the window is shown by the app (not by the window system
    restoring it), after the show is done."""

    def __init__(self, window: QWidget, take_keys: Callable[[], object]) -> None:
        super().__init__(window)
        self._take_keys = take_keys
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Show and not event.spontaneous():
            QTimer.singleShot(0, self._take_keys)
        return False
