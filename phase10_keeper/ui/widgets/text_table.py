"""A small read-only table of texts, for the tables beside the charts and on the players'
page: a heading per column and, where wanted, per row."""

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QHeaderView, QTableView

_Index = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()


class MeasuredTableModel(QAbstractTableModel):
    """A table model that can say which row holds a column's widest text, for
    `ColumnFitter`."""

    def widest_row(self, column: int, metrics: QFontMetrics) -> int | None:
        """The first row holding the column's widest text in these metrics (None if
        there are no rows)."""
        raise NotImplementedError


class TextTableModel(MeasuredTableModel):
    """Constructor: `TextTableModel(headers=(), parent=None, *, cell_alignment=None)`;
    `set_rows(rows, headers=None, row_headers=())` shows new texts (and headings). A
    heading cut short in a narrow column has its whole text as its tooltip."""

    def __init__(
        self,
        headers: Sequence[str] = (),
        parent: QObject | None = None,
        *,
        cell_alignment: Qt.AlignmentFlag | None = None,
    ) -> None:
        super().__init__(parent)
        self._headers: Sequence[str] = tuple(headers)
        self._row_headers: Sequence[str] = ()
        self._rows: Sequence[Sequence[str]] = ()
        self._alignment = None if cell_alignment is None else int(cell_alignment)

    def set_rows(
        self,
        rows: Sequence[Sequence[str]],
        headers: Sequence[str] | None = None,
        row_headers: Sequence[str] = (),
    ) -> None:
        """The rows and their headings are kept as given, not copied (they may be
        worded as asked for): not to be changed after."""
        self.beginResetModel()
        self._rows = rows
        if headers is not None:
            self._headers = tuple(headers)
        self._row_headers = row_headers
        self.endResetModel()

    def set_headers(self, headers: Sequence[str]) -> None:
        """New headings for the columns there are, as in another language."""
        if len(headers) != len(self._headers):
            self.beginResetModel()
            self._headers = tuple(headers)
            self.endResetModel()
            return
        self._headers = tuple(headers)
        if self._headers:
            self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(self._headers) - 1)

    def widest_row(self, column: int, metrics: QFontMetrics) -> int | None:
        """The first row holding the column's widest text in these metrics (None if there
        are no rows): each distinct text is measured once."""
        first_row: dict[str, int] = {}
        for number, row in enumerate(self._rows):
            first_row.setdefault(row[column], number)
        if not first_row:
            return None
        return first_row[max(first_row, key=metrics.horizontalAdvance)]

    def rowCount(self, parent: _Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(self._headers)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return None
        labels = self._headers if orientation == Qt.Orientation.Horizontal else self._row_headers
        return labels[section] if 0 <= section < len(labels) else None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self._rows[index.row()][index.column()]
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return self._alignment
        return None


class ColumnFitter(QObject):
    """Keeps each column of `view` but `stretch` as wide as its widest text or heading,
    as QHeaderView's ResizeToContents does, and `stretch` taking the width left over.

    ResizeToContents asks the delegate for the size of every cell of the first thousand
    rows, each time the rows or the font change: a quarter of a second for a player's
    thousands of games. Here each distinct text is measured once, and Qt's own size hint
    asked of one cell per column, the widest: the same widths for a fraction of it."""

    def __init__(self, view: QTableView, model: MeasuredTableModel, stretch: int) -> None:
        super().__init__(view)
        self._view = view
        self._model = model
        self._stretch = stretch
        header = view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
        model.modelReset.connect(self.fit)
        model.headerDataChanged.connect(self.fit)
        view.installEventFilter(self)
        self.fit()

    def fit(self) -> None:
        view, model = self._view, self._model
        header = view.horizontalHeader()
        metrics = view.fontMetrics()
        for column in range(model.columnCount()):
            if column == self._stretch:
                continue
            width = header.sectionSizeHint(column)
            row = model.widest_row(column, metrics)
            if row is not None:
                cell = view.sizeHintForIndex(model.index(row, column)).width()
                # A column's own hint counts its grid line, as QTableView's does.
                width = max(width, cell + (1 if view.showGrid() else 0))
            header.resizeSection(column, width)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self.fit()
        return False
