"""Words that follow Settings → Language at once: a widget worded by a function is worded
again by it when the language changes (`QEvent.LanguageChange`, which every widget gets)."""

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget

from phase10_keeper.ui.text.translate import tr

# Only named here: the window's first paint has no model, and PySide takes a while to set
# up the class.
if TYPE_CHECKING:
    from PySide6.QtCore import QAbstractItemModel


class _Rewording(QObject):
    def __init__(self, widget: QWidget, word: Callable[[], object]) -> None:
        super().__init__(widget)
        self._word = word
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LanguageChange:
            self._word()
        return False


def keep_worded(widget: QWidget, word: Callable[[], object]) -> None:
    """Calls `word` now, and again each time the language changes while `widget` lives."""
    word()
    _Rewording(widget, word)


def keep_actions_worded(widget: QWidget, keyed: Sequence[tuple[QAction, str]]) -> None:
    """Gives each action the text of its catalogue key, now and at each change of the
    language while `widget` lives; a menu is worded through its `menuAction()`."""

    def word() -> None:
        for action, key in keyed:
            action.setText(tr(key))

    keep_worded(widget, word)


def reword_model(model: "QAbstractItemModel") -> None:
    """Tells the views of a model that words its headings and cells as they are read that
    every one of them reads differently now, in the language just chosen."""
    # Here, not with the module: the window's first paint must not build Qt's enums.
    from PySide6.QtCore import Qt

    columns, rows = model.columnCount(), model.rowCount()
    if columns:
        model.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, columns - 1)
    if rows:
        model.headerDataChanged.emit(Qt.Orientation.Vertical, 0, rows - 1)
    if rows and columns:
        model.dataChanged.emit(model.index(0, 0), model.index(rows - 1, columns - 1))
