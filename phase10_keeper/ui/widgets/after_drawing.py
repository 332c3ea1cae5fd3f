"""Work that waits until the window has drawn what changed: the change is on screen a
frame sooner, and the work follows at once."""

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QWidget


def after_drawing(window: QWidget, then: Callable[[], object]) -> None:
    """Runs `then` once `window` has next drawn what changed in it, in the order asked;
    at once if the window is not shown. Nothing runs if nothing in it changes."""
    if not window.isVisible():
        then()
        return
    waiting = window.findChild(_Waiting, options=Qt.FindChildOption.FindDirectChildrenOnly)
    if waiting is None:
        waiting = _Waiting(window)
    waiting.add(then)


class _Waiting(QObject):
    """What waits for its window's next update request: the window draws everything
    changed in it then, and a zero timer started there runs once that is on screen. (A
    zero timer started as the change is made runs before the drawing.)"""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self._window = window
        self._waiting: list[Callable[[], object]] = []

    def add(self, then: Callable[[], object]) -> None:
        if not self._waiting:
            self._window.installEventFilter(self)
        self._waiting.append(then)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.UpdateRequest:
            self._window.removeEventFilter(self)
            waiting, self._waiting = self._waiting, []
            QTimer.singleShot(0, self, lambda: _run(waiting))
        return False


def _run(waiting: list[Callable[[], object]]) -> None:
    for then in waiting:
        then()
