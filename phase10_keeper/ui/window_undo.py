"""The window's Edit → Undo and Redo: typing in the entry form first, then the last
change on the undo stack of the page shown."""

from collections.abc import Callable
from typing import TYPE_CHECKING

from phase10_keeper.ui.text.translate import tr

if TYPE_CHECKING:
    from PySide6.QtGui import QAction, QUndoStack

    from phase10_keeper.rules import GameState
    from phase10_keeper.ui.game.entry_form import HandEntryForm


def _as_typed(text: str) -> str:
    """A change's name for a menu item, whose "&" would mark a shortcut key: a title or a
    name with "&" in it is shown as typed."""
    return text.replace("&", "&&")


def undo_typing_first(form: "HandEntryForm | None", stack: "QUndoStack | None") -> None:
    """Takes back typing in the form first (`form`: the entry form if its page is shown),
    then the last change on `stack`."""
    if form is not None and form.has_typing():
        form.undo_typing()
        return
    if stack is not None and stack.canUndo():
        stack.undo()


def redo_typing_first(
    form: "HandEntryForm | None",
    stack: "QUndoStack | None",
    state: "GameState | None",
    drop_typing: Callable[[str], bool],
) -> None:
    """Brings typing back first; redoing a change drops typing only when `drop_typing`,
    asked with the change's name, says so. `state`: the open game's."""
    if form is not None and form.can_redo_typing():
        form.redo_typing()
        return
    if stack is None or not stack.canRedo():
        return
    if form is not None and form.has_typing():
        # Asked only about typing of one's own: a hand an undo put back in the form
        # goes back into the log as it was.
        if form.holds_typing() and not drop_typing(stack.redoText()):
            return
        assert state is not None
        form.start(state)
    stack.redo()


def name_undo_actions(
    form: "HandEntryForm | None",
    stack: "QUndoStack | None",
    undo_action: "QAction",
    redo_action: "QAction",
) -> None:
    """Undo and Redo say what they would take back or bring back, and work only then."""
    _name_action(
        undo_action,
        ("window.undo_typing", "window.undo_named", "window.undo"),
        typing=form is not None and form.has_typing(),
        change=stack.undoText() if stack is not None and stack.canUndo() else None,
    )
    _name_action(
        redo_action,
        ("window.redo_typing", "window.redo_named", "window.redo"),
        typing=form is not None and form.can_redo_typing(),
        change=stack.redoText() if stack is not None and stack.canRedo() else None,
    )


def _name_action(
    action: "QAction", keys: tuple[str, str, str], *, typing: bool, change: str | None
) -> None:
    """`action` names the typing it works on, else the page's `change`, else nothing
    and is off; `keys` word the three."""
    typing_key, change_key, plain_key = keys
    if typing:
        action.setText(tr(typing_key))
    elif change is not None:
        action.setText(tr(change_key, action=_as_typed(change)))
    else:
        action.setText(tr(plain_key))
    action.setEnabled(typing or change is not None)
