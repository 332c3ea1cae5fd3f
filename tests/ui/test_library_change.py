"""The one runner of the pages' changes to the library: what each change, undo and redo
changed is said once, to every page; a refusal pushes nothing and says nothing."""

from PySide6.QtCore import QObject
from PySide6.QtGui import QUndoStack

from phase10_keeper.ui.library_change import LibraryChanged, LibraryChanges, Undoable


class Store:
    """Stands for the library: a title that a change sets, unless it refuses."""

    def __init__(self) -> None:
        self.title = "Sunday"
        self.refusing = False

    def retitle(self, title: str) -> LibraryChanged | None:
        if self.refusing:
            return None
        self.title = title
        return LibraryChanged(retitled=((1, title),))


def _runner(qtbot) -> tuple[LibraryChanges, QObject, QUndoStack, list[tuple[object, object]]]:
    page = QObject()
    runner = LibraryChanges(page)
    stack = QUndoStack(page)
    heard: list[tuple[object, object]] = []
    runner.changed.connect(lambda changed, initiator: heard.append((changed, initiator)))
    return runner, page, stack, heard


def test_a_change_taken_is_said_and_becomes_a_step_undone_and_redone_as_said(qtbot) -> None:
    runner, page, stack, heard = _runner(qtbot)
    store = Store()
    undoable = Undoable(
        stack, "Rename", lambda: store.retitle("Friday"), lambda: store.retitle("Sunday")
    )
    assert runner.run(page, lambda: store.retitle("Friday"), undoable)
    assert store.title == "Friday"
    assert heard == [(LibraryChanged(retitled=((1, "Friday"),)), page)]
    assert stack.count() == 1
    assert stack.undoText() == "Rename"

    stack.undo()
    assert store.title == "Sunday"
    assert heard[-1] == (LibraryChanged(retitled=((1, "Sunday"),)), page)
    stack.redo()
    assert store.title == "Friday"
    assert heard[-1] == (LibraryChanged(retitled=((1, "Friday"),)), page)
    assert len(heard) == 3


def test_a_refused_change_pushes_nothing_and_says_nothing(qtbot) -> None:
    runner, page, stack, heard = _runner(qtbot)
    store = Store()
    store.refusing = True
    undoable = Undoable(
        stack, "Rename", lambda: store.retitle("Friday"), lambda: store.retitle("Sunday")
    )
    assert not runner.run(page, lambda: store.retitle("Friday"), undoable)
    assert stack.count() == 0
    assert heard == []


def test_an_undo_the_library_refuses_leaves_the_history_unsaid(qtbot) -> None:
    runner, page, stack, heard = _runner(qtbot)
    store = Store()
    undoable = Undoable(
        stack, "Rename", lambda: store.retitle("Friday"), lambda: store.retitle("Sunday")
    )
    assert runner.run(page, lambda: store.retitle("Friday"), undoable)
    store.refusing = True
    stack.undo()
    assert store.title == "Friday"
    assert stack.count() == 0
    assert len(heard) == 1


def test_a_change_without_a_step_is_said_only(qtbot) -> None:
    runner, page, stack, heard = _runner(qtbot)
    gone = LibraryChanged(deleted=frozenset({2}))
    assert runner.run(page, lambda: gone)
    assert heard == [(gone, page)]
    assert stack.count() == 0
