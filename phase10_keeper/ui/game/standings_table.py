"""The game page's standings: a table whose columns are as wide as their widest cell,
the players' names taking the rest."""

import math
from collections.abc import Callable

from PySide6.QtCore import QEvent, QRect, Qt
from PySide6.QtGui import QFont, QFontMetricsF, QPainter
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QStyle, QStyleOptionViewItem

from phase10_keeper.rules import GameState
from phase10_keeper.stats.standings import STANDINGS_COLUMNS, shown_columns
from phase10_keeper.ui.game.standings_model import (
    STRETCHED,
    DrawnCellDelegate,
    PlayerCellDelegate,
    StandingsModel,
    column_number,
)
from phase10_keeper.ui.widgets.drawn_table import DrawnTableView

REMEMBERED_TEXTS = 2000
"""How many measured texts the table keeps before it measures anew."""


class StandingsTable(DrawnTableView):
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
        self.setItemDelegate(DrawnCellDelegate(self))
        # A long name is cut at its end, its marks (deals, winner) kept in view.
        self.setItemDelegateForColumn(column_number(STRETCHED), PlayerCellDelegate(self))
        self.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 12)
        self._advances: dict[tuple[str, bool], float] = {}
        """How wide each text the columns held is, in bold or not: a hand changes a few
        of them, and measuring all again was most of fitting the columns."""
        self._advances_in: tuple[str, str] = ("", "")
        """The keys of the regular and bold fonts `_advances` were measured in."""
        self._title_widths: dict[tuple[int, str, str], int] = {}
        """Each column's width for its title, by its column, title, the titles' font and
        the style: the header asks the model about every role of the title to find it."""

    def set_base_font(self, base: QFont) -> None:
        """The rows' type."""
        self.setFont(base)
        self.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 12)

    def event(self, event: QEvent) -> bool:
        # The columns fit again when the width changes, before the table lays out.
        if event.type() == QEvent.Type.Resize:
            self.fit()
        return super().event(event)

    def plain_cells(
        self, painter: QPainter, option: QStyleOptionViewItem
    ) -> Callable[[QRect, int, int], None]:
        # Each cell from the image its delegate kept, how cells are drawn found once.
        model = self.standings_model
        how = DrawnCellDelegate.drawing(painter, option)
        delegates = []
        for column in range(model.columnCount()):
            delegate = self.itemDelegateForColumn(column) or self.itemDelegate()
            assert isinstance(delegate, DrawnCellDelegate)
            delegates.append(delegate)

        def draw(cell: QRect, row: int, column: int) -> None:
            option.rect = cell
            delegates[column].paint_kept(painter, option, model, row, column, how)

        return draw

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
        rows = range(model.rowCount())

        advances = self._text_widths(regular, bold)
        # The title's width follows its text, the titles' font and the style drawing it.
        titles = f"{header.font().key()} {self.style().name()}"

        def needed(column: int, cells: list[tuple[tuple[str, bool], ...]]) -> int:
            widest = max((advances(*row[column]) for row in cells), default=0.0)
            return max(self._title_width(column, titles), math.ceil(widest) + 2 * (margin + 1))

        stretched = column_number(STRETCHED)
        shown = [
            column
            for column in range(model.columnCount())
            if column != stretched and not self.isColumnHidden(column)
        ]
        # The phases in few words where in full they would leave the names no room: a
        # name cut short beside a phase cut short read as neither.
        # The room of the rows, less a scroll bar's should one show.
        room = self.maximumViewportSize().width() - self.style().pixelMetric(
            QStyle.PixelMetric.PM_ScrollBarExtent, None, self
        )
        # Measured in both wordings without telling the view, which draws the phases
        # again only if the wording shown changes.
        shown_compact = model.compact
        model.compact = False
        cells = [model.cells(row) for row in rows]
        widths = {column: needed(column, cells) for column in shown}
        if sum(widths.values()) + needed(stretched, cells) > room:
            model.compact = True
            cells = [model.cells(row) for row in rows]
            widths = {column: needed(column, cells) for column in shown}
        compact, model.compact = model.compact, shown_compact
        model.set_compact(compact)
        for column, width in widths.items():
            if header.sectionSize(column) != width:
                header.resizeSection(column, width)

    def _text_widths(
        self, regular: QFontMetricsF, bold: QFontMetricsF
    ) -> Callable[[str, bool], float]:
        """How wide a text is, in bold or not: measured once a text, while the fonts stay."""
        fonts = (self.font().key(), self.standings_model.bold_font().resolve(self.font()).key())
        if fonts != self._advances_in or len(self._advances) > REMEMBERED_TEXTS:
            self._advances.clear()
            self._advances_in = fonts
        advances = self._advances

        def width(text: str, in_bold: bool) -> float:
            found = advances.get((text, in_bold))
            if found is None:
                found = advances[(text, in_bold)] = (
                    bold if in_bold else regular
                ).horizontalAdvance(text)
            return found

        return width

    def _title_width(self, column: int, titles_font: str) -> int:
        """The width the header wants for a column's title, in `titles_font` and style."""
        title = self.standings_model.headerData(column, Qt.Orientation.Horizontal)
        key = (column, str(title), titles_font)
        found = self._title_widths.get(key)
        if found is None:
            if len(self._title_widths) > REMEMBERED_TEXTS:
                self._title_widths.clear()
            found = self._title_widths[key] = self.horizontalHeader().sectionSizeHint(column)
        return found
