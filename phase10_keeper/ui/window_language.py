"""The main window after Settings → Language changed: its menus are worded again by
themselves (`ui.text.reword`), and each page but the start page by itself on
`QEvent.LanguageChange`; here the window's title, the status bar's Undo and the start
page, built again (it holds nothing that could be lost), its focus where it was."""

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

from phase10_keeper.ui.text.translate import tr

if TYPE_CHECKING:
    from phase10_keeper.ui.main_window import MainWindow


def reword_window(window: "MainWindow") -> None:
    page = window.shown_page
    window.setWindowTitle(tr("window.title") if page is None else page.page_title())
    if window.library is not None:
        window.status_undo.setText(tr("window.undo"))
    old = window.start_view
    if old is None:
        return
    controls = old.findChildren(QWidget)
    focused = window.focusWidget()
    at = controls.index(focused) if focused in controls else None
    window.start_view = None
    window.pages.removeWidget(old)
    old.deleteLater()
    if page is old:
        window.shown_page = None
    # A window not on screen (closing) builds it again only when it is next shown.
    if page is old and window.isVisible():
        window.show_start()
        assert window.start_view is not None
        now = window.start_view.findChildren(QWidget)
        if at is not None and at < len(now):
            now[at].setFocus()
