"""Painting for the score grid: each cell reads like a cell of the paper sheet."""

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPalette
from PySide6.QtWidgets import QApplication, QStyle, QStyledItemDelegate, QStyleOptionViewItem

from phase10_keeper.ui.grid_model import Cell, ScoreGridModel

MADE_COLOUR = QColor(46, 150, 80)
MISSED_COLOUR = QColor(205, 70, 60)
"""Both read on light and dark backgrounds; the ✓ and ✗ marks carry the meaning too."""

CELL_SIZE = QSize(66, 50)
TOTAL_SIZE = QSize(84, 50)
PADDING = 6


class ScoreCellDelegate(QStyledItemDelegate):
    """Reads whole cells from the model's Python methods: one call per cell instead of a
    round trip through `index.data()` for every role it paints."""

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        panel = QStyleOptionViewItem(option)
        self.initStyleOption(panel, index)
        panel.text = ""
        style = panel.widget.style() if panel.widget is not None else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, panel, painter, panel.widget)

        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        role = QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text
        ink = option.palette.color(role)
        muted = QColor(ink)
        muted.setAlphaF(0.6)
        rect = option.rect.adjusted(PADDING, 3, -PADDING, -3)

        painter.save()
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        model = index.model()
        assert isinstance(model, ScoreGridModel)
        row, column = index.row(), index.column()
        if column == model.total_column:
            total = model.total(row)
            font = QFont(option.font)
            font.setBold(True)
            font.setPointSizeF(option.font.pointSizeF() * 1.35)
            painter.setFont(font)
            painter.setPen(ink)
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(total))
        else:
            cell = model.cell(row, column)
            absence = model.absence(row, column) if cell is None else None
            if absence is not None:
                # Not at the table: the cell is shaded and says why, in small letters.
                shade = QColor(ink)
                shade.setAlphaF(0.08)
                painter.fillRect(option.rect, shade)
                small = QFont(option.font)
                small.setPointSizeF(option.font.pointSizeF() * 0.82)
                painter.setFont(small)
                painter.setPen(muted)
                painter.drawText(
                    rect, Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap, absence
                )
            elif cell is None:
                painter.setPen(muted)
                painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, "—")
            else:
                self._paint_cell(painter, option, rect, cell, ink, muted, selected)
        painter.restore()

    @staticmethod
    def _paint_cell(
        painter: QPainter,
        option: QStyleOptionViewItem,
        rect: QRect,
        cell: Cell,
        ink: QColor,
        muted: QColor,
        selected: bool,
    ) -> None:
        small = QFont(option.font)
        small.setPointSizeF(option.font.pointSizeF() * 0.82)
        corner = rect.adjusted(0, 0, 0, -rect.height() // 2)
        if cell.phase is not None:
            phase_font = QFont(small)
            phase_font.setStrikeOut(not cell.made)
            painter.setFont(phase_font)
            painter.setPen(muted)
            label = f"{'T' if cell.replay else 'P'}{cell.phase}"
            painter.drawText(corner, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, label)
            offset = painter.fontMetrics().horizontalAdvance(label) + 3
            corner = corner.adjusted(offset, 0, 0, 0)
        mark_font = QFont(small)
        mark_font.setBold(True)
        painter.setFont(mark_font)
        if selected:
            painter.setPen(ink)
        else:
            painter.setPen(MADE_COLOUR if cell.made else MISSED_COLOUR)
        mark = "✓" if cell.made else "✗"
        painter.drawText(corner, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, mark)
        if cell.went_out:
            painter.setFont(small)
            painter.setPen(muted)
            painter.drawText(
                rect,
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop,
                QApplication.translate("ScoreCellDelegate", "out"),
            )
        points_font = QFont(option.font)
        points_font.setPointSizeF(option.font.pointSizeF() * 1.25)
        painter.setFont(points_font)
        painter.setPen(ink)
        painter.drawText(
            rect, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom, str(cell.points)
        )

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        model = index.model()
        if isinstance(model, ScoreGridModel) and index.column() == model.total_column:
            return TOTAL_SIZE
        return CELL_SIZE
