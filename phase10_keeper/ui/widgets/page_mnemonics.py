"""Alt+letter for a field on another page of a tab widget.

Qt answers a mnemonic only for a widget that can be seen: with the cursor in a text
field of one page, Alt and the letter of a field on a hidden page typed the letter into
the text field. `follow_mnemonics_across_pages` has such a key open the page holding the
field and put the focus on it (as Qt does where two fields share a letter: the focus
only, nothing pressed or toggled unseen).
"""

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QAbstractButton, QLabel, QTabWidget, QWidget


def mnemonic(text: str) -> str | None:
    """The letter after a single "&" in `text`, lower-cased; None if there is none."""
    index = 0
    while (index := text.find("&", index)) != -1 and index + 1 < len(text):
        following = text[index + 1]
        if following != "&":
            return following.lower()
        index += 2
    return None


def _target(page: QWidget, letter: str) -> QWidget | None:
    """The field on `page` whose mnemonic is `letter`: a button, or a label's buddy."""
    for widget in page.findChildren(QWidget):
        if isinstance(widget, QAbstractButton):
            target: QWidget | None = widget
        elif isinstance(widget, QLabel):
            target = widget.buddy()
        else:
            continue
        text = widget.text() if isinstance(widget, QAbstractButton | QLabel) else ""
        if (
            target is not None
            and mnemonic(text) == letter
            and target.isEnabled()
            and widget.isVisibleTo(page)
        ):
            return target
    return None


class _PageMnemonics(QObject):
    def __init__(self, tabs: QTabWidget) -> None:
        super().__init__(tabs)
        self._tabs = tabs

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.modifiers() == Qt.KeyboardModifier.AltModifier
            and event.text().strip()
        ):
            letter = event.text().strip().lower()
            for index in range(self._tabs.count()):
                if index == self._tabs.currentIndex():
                    continue
                page = self._tabs.widget(index)
                target = _target(page, letter) if page is not None else None
                if target is not None:
                    self._tabs.setCurrentIndex(index)
                    target.setFocus(Qt.FocusReason.ShortcutFocusReason)
                    return True
        return super().eventFilter(watched, event)


def follow_mnemonics_across_pages(tabs: QTabWidget) -> None:
    """Alt+letter in any field of `tabs`' pages reaches a field on another page."""
    watcher = _PageMnemonics(tabs)
    pages = (tabs.widget(index) for index in range(tabs.count()))
    for page in pages:
        for widget in page.findChildren(QWidget) if page is not None else ():
            if widget.focusPolicy() & Qt.FocusPolicy.TabFocus:
                widget.installEventFilter(watcher)
