"""The main window after Settings → Language changed: its menus are worded again by
themselves (`ui.text.reword`), and each page but the start page by itself on
`QEvent.LanguageChange`. The window words its title and the status bar's Undo again, and
builds the start page again (it holds nothing that could be lost): here are its title and
the focus put back where it was on the page built again."""

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

from phase10_keeper.ui.text.translate import tr

if TYPE_CHECKING:
    from phase10_keeper.ui.page import Page


def window_title(page: "Page | None") -> str:
    """The window's title: the page shown's, or the app's name while no page is."""
    return tr("window.title") if page is None else page.page_title()


def focus_place(page: QWidget, focused: QWidget | None) -> int | None:
    """Where `focused` is among the controls of `page`, so the focus can go to the same
    place on the page built again; None where it is not on the page."""
    controls = page.findChildren(QWidget)
    return controls.index(focused) if focused in controls else None


def focus_at(page: QWidget, place: int | None) -> None:
    """Puts the focus on the control of `page` at `place` (see `focus_place`)."""
    controls = page.findChildren(QWidget)
    if place is not None and place < len(controls):
        controls[place].setFocus()
