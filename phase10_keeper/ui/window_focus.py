"""The window takes the keys back after its dialogs and once shown: an X server without
a window manager gives the keys to no window when a dialog closes, nor to a new window,
and keys typed then went nowhere or, later, to a field nobody looked at. Shared by the
window and its pages, which take the keys back after the questions they ask."""

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QWidget

# Only named here: the window's first paint opens no dialog, and PySide takes a while to
# set up the class.
if TYPE_CHECKING:
    from PySide6.QtWidgets import QDialog


def take_keys_back(window: QWidget) -> None:
    """`window` asks for the keys back as a question closes, and once more a moment later
    if by then no window of the app has them. An X server without a window manager may
    handle a file dialog's closing after the first ask and so refuse it; the window then
    took plain keys but none of its shortcuts. Asking again only when no window has the
    keys leaves them with a window opened meanwhile."""
    window.activateWindow()
    QTimer.singleShot(0, window, lambda: _ask_again_if_nobody_has_them(window))


def _ask_again_if_nobody_has_them(window: QWidget) -> None:
    if QApplication.activeWindow() is None and window.isVisible():
        window.activateWindow()


def open_dialog(dialog: "QDialog", take_keys: Callable[[], object]) -> None:
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


def show_window(dialog: "QDialog", take_keys: Callable[[], object]) -> None:
    """Shows a window the app keeps beside its own (help, the phones' codes): it takes the
    keys whenever shown, on its first control, so Esc closes it and Page Down scrolls it;
    once it closes, `take_keys` gives the main window the keys back."""
    dialog.finished.connect(lambda _result: take_keys())
    KeysOnShow(dialog, lambda: _take_keys_in(dialog))
    dialog.show()


def _take_keys_in(window: QWidget) -> None:
    # Named here, not at the top: the window's first paint waits for every Qt enum
    # class PySide6 sets up, and it needs none of these.
    from PySide6.QtCore import Qt

    window.activateWindow()
    field = window.focusWidget() or _first_control(window)
    if field is not None:
        field.setFocus(Qt.FocusReason.ActiveWindowFocusReason)


def _first_control(window: QWidget) -> QWidget | None:
    """The first control Tab would visit in `window`."""
    from PySide6.QtCore import Qt

    widget = window.nextInFocusChain()
    while widget is not None and widget is not window:
        if (
            widget.focusPolicy() & Qt.FocusPolicy.TabFocus
            and widget.isEnabled()
            and widget.isVisibleTo(window)
        ):
            return widget
        widget = widget.nextInFocusChain()
    return None
