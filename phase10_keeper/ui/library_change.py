"""A change the library has made, as a step of a page's undo history: the saved-games
page's deletions, restorations and renames, and the Players page's renames across the
library, all undo and redo the same way."""

from collections.abc import Callable

from PySide6.QtGui import QUndoCommand


class LibraryChange(QUndoCommand):
    """A change the library has made already: the first redo (on push) does nothing.
    `back` undoes it and `forward` makes it again, each saying whether the library took
    it; one it refused (and said why) leaves the history, which cannot step past it."""

    def __init__(self, text: str, forward: Callable[[], bool], back: Callable[[], bool]) -> None:
        super().__init__(text)
        self._forward = forward
        self._back = back
        self._done = True

    def redo(self) -> None:
        if self._done:
            self._done = False
        elif not self._forward():
            self.setObsolete(True)

    def undo(self) -> None:
        if not self._back():
            self.setObsolete(True)
