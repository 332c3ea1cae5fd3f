"""The one runner of the pages' changes to the library, and what each change changed.

A page makes a change through the window's one `LibraryChanges`: the library takes it
or refuses it (the page says why, through the prompts, and nothing more happens); taken,
it becomes a step of the page's undo history, and `changed` tells every page what it
changed, as it does again at each undo and redo of the step. Each page reads the
`LibraryChanged` itself (the saved games and the players list what they show again, the
open game takes on a new title or spelling, or closes when deleted): the window relays
nothing between pages.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack


@dataclass(frozen=True)
class LibraryChanged:
    """What a change to the library changed."""

    deleted: frozenset[int] = frozenset()
    """The games moved to the bin (or merged away: the version of a game changed on two
    computers that was not kept)."""
    restored: frozenset[int] = frozenset()
    """The games taken back out of the bin."""
    retitled: tuple[tuple[int, str], ...] = ()
    """The games given a new title, as (game id, title)."""
    renamed: tuple[tuple[int, str, str], ...] = ()
    """The players renamed in games, as (game id, old name, new name)."""


Step = Callable[[], LibraryChanged | None]
"""A change made in the library: what it changed, or None if the library refused it
(and the page said why)."""


class Undoable(NamedTuple):
    """How a change is taken back and made again: a step on a page's undo history."""

    stack: QUndoStack
    text: str
    """The step's name, for Edit → Undo and Redo."""
    forward: Step
    back: Step


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


class LibraryChanges(QObject):
    """The runner the pages make their changes to the library through.

    Signal: `changed(LibraryChanged, QObject)`: what a change, an undo or a redo changed,
    and the page that made it (a page need not read again what it has just shown).
    """

    changed = Signal(object, QObject)

    def run(self, initiator: QObject, change: Step, undoable: Undoable | None = None) -> bool:
        """Makes `change`; taken, says what it changed and, if `undoable`, pushes it on
        that undo history. Whether the library took it."""
        changed = change()
        if changed is None:
            return False
        self.changed.emit(changed, initiator)
        if undoable is not None:
            undoable.stack.push(
                LibraryChange(
                    undoable.text,
                    lambda: self._step(initiator, undoable.forward),
                    lambda: self._step(initiator, undoable.back),
                )
            )
        return True

    def _step(self, initiator: QObject, step: Step) -> bool:
        changed = step()
        if changed is None:
            return False
        self.changed.emit(changed, initiator)
        return True
