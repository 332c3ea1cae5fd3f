"""What a page of the window tells the main window: the start page, a game, the saved
games and the players each present it, and the main window asks nothing else of a page
to show it.

A page is its widget; the main window puts it on its stack (under its heading and a Back
button, if it has a heading), shows its title, makes its undo stack the one Undo and Redo
work on, lists its actions in the Edit menu below Undo and Redo (a separator between),
and enables what of the File menu works on it.
"""

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from PySide6.QtWidgets import QLabel, QWidget

from phase10_keeper.ui.text.reword import keep_worded

if TYPE_CHECKING:
    from PySide6.QtGui import QAction, QUndoStack


class Page(Protocol):
    exports_game: bool
    """The File menu's Export game writes this page's game: the open one, or the one selected."""

    prints_sheet: bool
    """The File menu's Export score sheet prints this page's game."""

    @property
    def undo_stack(self) -> "QUndoStack":
        """What Undo and Redo take back and bring back while the page is shown."""
        ...

    def page_title(self) -> str:
        """The window's title while the page is shown."""
        ...

    def page_heading(self) -> str | None:
        """A heading above the page, beside a Back button to the page the user came from;
        None for the pages that are where one goes back to (the start page, a game)."""
        ...

    def edit_actions(self) -> Sequence["QAction"]:
        """What the Edit menu offers below Undo and Redo while the page is shown."""
        ...


def headed_frame(page: Page, back_action: "QAction") -> QWidget:
    """The page below its heading (worded again in a new language) and a Back button."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QHBoxLayout, QToolButton, QVBoxLayout

    back = QToolButton()
    back.setDefaultAction(back_action)
    back.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
    back.setArrowType(Qt.ArrowType.LeftArrow)
    heading = QLabel()
    keep_worded(heading, lambda: heading.setText(page.page_heading() or ""))
    font = heading.font()
    font.setPointSizeF(font.pointSizeF() * 1.4)
    font.setBold(True)
    heading.setFont(font)
    # The heading lines up with the table inside the view's own margins.
    assert isinstance(page, QWidget)
    view_layout = page.layout()
    assert view_layout is not None
    inner = view_layout.contentsMargins()
    top = QHBoxLayout()
    top.setContentsMargins(inner.left(), 0, inner.right(), 0)
    top.addWidget(back)
    top.addSpacing(8)
    top.addWidget(heading, 1)
    frame = QWidget()
    layout = QVBoxLayout(frame)
    layout.setContentsMargins(8, 12, 8, 4)
    layout.addLayout(top)
    layout.addWidget(page, 1)
    return frame
