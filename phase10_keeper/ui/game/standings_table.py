"""The game page's standings: a table whose columns are as wide as their widest cell,
the players' names taking the rest."""

import math

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QFont, QFontMetricsF
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QStyle, QTableView

from phase10_keeper.rules import GameState
from phase10_keeper.stats.standings import STANDINGS_COLUMNS, shown_columns
from phase10_keeper.ui.game.standings_model import (
    STRETCHED,
    PlayerCellDelegate,
    StandingsModel,
    column_number,
)


class StandingsTable(QTableView):
    """The standings of the game: `show` shows them after a state, each column but the
    names' fitted to what it holds, again whenever the table's width changes."""

    def __init__(self, model: StandingsModel, base: QFont, titles: QFont) -> None:
        """`base`: the rows' type; `titles`: the column titles', smaller."""
        super().__init__()
        self.standings_model = model
        self.setModel(model)
        self.setFont(base)
        self.verticalHeader().hide()
        # The column titles stay in the page's type, smaller than the rows'.
        self.horizontalHeader().setFont(titles)
        self.horizontalHeader().setFixedHeight(self.fontMetrics().height() + 12)
        self.setShowGrid(False)
        self.setAlternatingRowColors(True)
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setWordWrap(False)
        header = self.horizontalHeader()
        # Sized by `fit` when the standings change: sized to their contents by the
        # header, the columns were measured again on every layout and paint, asking the
        # model hundreds of times (4 ms of opening a game).
        header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        header.setSectionResizeMode(column_number(STRETCHED), QHeaderView.ResizeMode.Stretch)
        # A long name is cut at its end, its marks (deals, winner) kept in view.
        self.setItemDelegateForColumn(column_number(STRETCHED), PlayerCellDelegate(self))
        self.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 12)

    def set_base_font(self, base: QFont) -> None:
        """The rows' type."""
        self.setFont(base)
        self.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 12)

    def event(self, event: QEvent) -> bool:
        # The columns fit again when the width changes, before the table lays out.
        if event.type() == QEvent.Type.Resize:
            self.fit()
        return super().event(event)

    def show_state(self, state: GameState) -> None:
        """The standings after `state`, with the columns that tell something of it."""
        self.standings_model.set_state(state)
        shown = shown_columns(state)
        for column in STANDINGS_COLUMNS:
            self.setColumnHidden(column_number(column), column not in shown)
        self.fit()

    def fit(self) -> None:
        """Each column but the stretched one as wide as its widest cell or its title,
        measured as Qt's item views measure a line of text."""
        header = self.horizontalHeader()
        model = self.standings_model
        # In fractions of a pixel, as the view lays the texts out: measured in whole ones,
        # a text could be a fraction too wide and cut short.
        regular = QFontMetricsF(self.font())
        # The model's bold type is the view's own, made bold.
        bold = QFontMetricsF(model.bold_font().resolve(self.font()))
        margin = self.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, self)

        def needed(column: int) -> int:
            widest = max(
                (
                    (bold if model.is_bold(row, column) else regular).horizontalAdvance(
                        model.text(row, column)
                    )
                    for row in range(model.rowCount())
                ),
                default=0.0,
            )
            return max(header.sectionSizeHint(column), math.ceil(widest) + 2 * (margin + 1))

        stretched = column_number(STRETCHED)
        shown = [
            column
            for column in range(model.columnCount())
            if column != stretched and not self.isColumnHidden(column)
        ]
        # The phases in few words where in full they would leave the names no room: a
        # name cut short beside a phase cut short read as neither.
        # The room of the rows, less a scroll bar's should one show: the viewport itself
        # is Qt's, and handing it to Python costs the first paint (see the grid's).
        room = self.maximumViewportSize().width() - self.style().pixelMetric(
            QStyle.PixelMetric.PM_ScrollBarExtent, None, self
        )
        model.set_compact(False)
        widths = {column: needed(column) for column in shown}
        if sum(widths.values()) + needed(stretched) > room:
            model.set_compact(True)
            widths = {column: needed(column) for column in shown}
        for column, width in widths.items():
            if header.sectionSize(column) != width:
                header.resizeSection(column, width)
