"""What screen readers say unasked: a sentence about a change the user did not move the
focus to, such as who deals next once a hand is recorded.

Qt announces from 6.8 on (`QAccessibleAnnouncementEvent`); with an older Qt the window
says nothing more, and the same facts stay on screen in the banner.
"""

from PySide6 import QtGui
from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QWidget
from shiboken6 import isValid


def announce(widget: QWidget, text: str) -> bool:
    """Has screen readers say `text` after what they are saying; whether Qt could."""
    event_class = getattr(QtGui, "QAccessibleAnnouncementEvent", None)
    if event_class is None:
        return False
    # Named here, not where the game page is built: PySide6 sets a class up (its enums)
    # when it is first named, and opening a game does not need this one.
    from PySide6.QtGui import QAccessible

    QAccessible.updateAccessibility(event_class(widget, text))
    return True


def announce_after_paint(widget: QWidget, text: str) -> None:
    """Has screen readers say `text` once `widget`'s window has drawn what changed: the
    change is on screen a frame sooner (the first announcement sets Qt's accessibility
    classes up, some milliseconds). A window not shown announces at once."""
    window = widget.window()
    if not window.isVisible():
        announce(widget, text)
        return
    waiting = window.findChild(_Waiting, options=Qt.FindChildOption.FindDirectChildrenOnly)
    if waiting is None:
        waiting = _Waiting(window)
    waiting.add(widget, text)


class _Waiting(QObject):
    """The announcements waiting for their window's next update request, in the order
    made: the window draws everything changed in it then, and a zero timer started there
    runs once that is on screen."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self._window = window
        self._said: list[tuple[QWidget, str]] = []

    def add(self, widget: QWidget, text: str) -> None:
        if not self._said:
            self._window.installEventFilter(self)
        self._said.append((widget, text))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.UpdateRequest:
            self._window.removeEventFilter(self)
            said, self._said = self._said, []
            QTimer.singleShot(0, self, lambda: _say(said))
        return False


def _say(said: list[tuple[QWidget, str]]) -> None:
    for widget, text in said:
        # A page closed meanwhile has nothing to say.
        if isValid(widget):
            announce(widget, text)
