"""A small read-only table of texts, for the tables beside the charts and on the players'
page: a heading per column and, where wanted, per row."""

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

_Index = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()


class TextTableModel(QAbstractTableModel):
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
        self.beginResetModel()
        self._rows = tuple(tuple(row) for row in rows)
        if headers is not None:
            self._headers = tuple(headers)
        self._row_headers = tuple(row_headers)
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
