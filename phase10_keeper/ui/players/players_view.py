"""The Players page: everyone in the library with their record, sortable and filterable;
a player's page with their games, their form over time, phase difficulty and head-to-head;
and renaming or merging a player's names across the whole library, as one undoable change.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import IntEnum
from functools import partial
from pathlib import Path
from typing import Any, Protocol

from PySide6.QtCore import (
    QAbstractItemModel,
    QEvent,
    QLocale,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import (
    QAction,
    QFont,
    QKeySequence,
    QStandardItem,
    QStandardItemModel,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from phase10_keeper.collector import cycle_collector_paused
from phase10_keeper.rules import GameError, clean_name, players_problem
from phase10_keeper.stats import (
    PhaseTally,
    PlayerStats,
    Records,
    player_key,
    stats_of_records,
    struggled_phase,
)
from phase10_keeper.storage.kept_records import RecordSource, game_records
from phase10_keeper.storage.library import LibraryError
from phase10_keeper.storage.listing import LiveGame
from phase10_keeper.storage.messages import GameDamaged
from phase10_keeper.ui.library_change import LibraryChanged, LibraryChanges, Undoable
from phase10_keeper.ui.players.player_games import (
    FormDetails,
    GamesColumn,
    LibraryGame,
    PlayerGamesModel,
    games_headings,
)
from phase10_keeper.ui.prompts import Prompts, ask_output_path
from phase10_keeper.ui.text.escape import plain
from phase10_keeper.ui.text.reword import reword_model
from phase10_keeper.ui.text.translate import app_words, error_said, problem_said, tr, tr_count
from phase10_keeper.ui.text.wording import number_text
from phase10_keeper.ui.widgets.charts import (
    Bar,
    BarChart,
    BarData,
    ChartLine,
    ChartPanel,
    LineChart,
    LineData,
    percent_text,
)
from phase10_keeper.ui.widgets.damage_bar import DamageBar
from phase10_keeper.ui.widgets.text_table import ColumnFitter, MeasuredTableModel, TextTableModel

_Index = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()
SORT_ROLE = Qt.ItemDataRole.UserRole + 1
NO_VALUE = "\N{EN DASH}"
KEY_ROLE = Qt.ItemDataRole.UserRole + 2
"""The player's key (their name ignoring case and outer spaces) in every column."""


class PlayersLibrary(RecordSource, Protocol):
    """The parts of the game library the page uses."""

    def live_games(self) -> Sequence[LiveGame]: ...
    def rename_player(self, changes: Sequence[tuple[int, str, str]]) -> None: ...
    def damaged_games(self) -> Sequence[GameDamaged]: ...


def phase_words(tally: PhaseTally) -> str:
    """ "made 2 of 5 attempts (40%), 2.5 tries each"; the tries go unsaid where every
    attempt was made."""
    values = {"made": tally.made, "share": percent_text(tally.share)}
    if 0 < tally.made < tally.attempts:
        tries = number_text(round(tally.attempts / tally.made, 1))
        return tr_count("players.phase_record_tries", tally.attempts, tries=tries, **values)
    return tr_count("players.phase_record", tally.attempts, **values)


def records_words(records: Records) -> str:
    """A player's records across game nights in a sentence, or that none is kept before
    a finished game: "Records: best total 40 · fastest win in 9 hands · …"."""
    if records.best_total is None and records.fastest_win is None and records.nemesis is None:
        return tr("players.records_none")
    locale = QLocale()
    parts = []
    if records.best_total is not None:
        parts.append(tr("players.records_best_total", total=locale.toString(records.best_total)))
    if records.fastest_win is not None:
        parts.append(tr_count("players.records_fastest_win", records.fastest_win))
    # A player who never won has no streak to speak of, and one whose streak has ended
    # is not said to be on a streak of 0.
    best = locale.toString(records.best_streak)
    if records.current_streak:
        current = locale.toString(records.current_streak)
        parts.append(tr("players.records_streaks", best=best, current=current))
    elif records.best_streak:
        parts.append(tr("players.records_best_streak", best=best))
    if records.nemesis is not None:
        parts.append(tr("players.records_nemesis", name=records.nemesis))
    return tr("players.records", records=tr("players.records_separator").join(parts))


def phase_data(
    tallies: Sequence[PhaseTally], hardest: PhaseTally | None, whose: str = ""
) -> BarData:
    """Phase difficulty as bars: the share of attempts made for each phase label."""
    if whose:
        title = tr("players.difficulty_title_of", name=whose)
    else:
        title = tr("players.difficulty_title")
    return BarData(
        title=title,
        x_label=tr("players.phase_axis"),
        bars=tuple(
            Bar(
                str(tally.label),
                tally.share,
                tr("players.phase_detail", phase=tally.label, record=phase_words(tally)),
            )
            for tally in tallies
        ),
        highlight=str(hardest.label) if hardest is not None else None,
    )


class Column(IntEnum):
    PLAYER = 0
    GAMES = 1
    WINS = 2
    WIN_RATE = 3
    HANDS = 4
    POINTS_PER_HAND = 5
    WENT_OUT = 6
    HARDEST = 7


# Headings of two words take two lines: the numbers under them are narrow, and the width
# is wanted for the names.
_HEADINGS = {
    Column.PLAYER: "players.column_player",
    Column.GAMES: "players.column_games",
    Column.WINS: "players.column_wins",
    Column.WIN_RATE: "players.column_win_rate",
    Column.HANDS: "players.column_hands",
    Column.POINTS_PER_HAND: "players.column_points_per_hand",
    Column.WENT_OUT: "players.column_went_out",
    Column.HARDEST: "players.column_hardest",
}


def _header(column: Column) -> str:
    return tr(_HEADINGS[column])


_COLUMNS = tuple(Column)
_ALIGNMENT = Qt.ItemDataRole.TextAlignmentRole
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
_FLAGS = Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemNeverHasChildren


class PlayersModel(QStandardItemModel):
    """Every player of the library, one row each, in the statistics' order.

    The cells are Qt's own items, each worded once: sorting, fitting the columns and the
    rows to their texts and painting ask for every cell again and again (for a club's
    three hundred players, nine hundred thousand times), which a model of Python's own
    answers a call into Python at a time."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(0, len(_COLUMNS), parent)
        self._players: tuple[PlayerStats, ...] = ()
        self._locale = QLocale().name()
        """The locale the cells were worded in."""
        self.setHorizontalHeaderLabels([_header(column) for column in _COLUMNS])

    def set_players(self, players: Sequence[PlayerStats]) -> None:
        self._players = tuple(players)
        self._locale = QLocale().name()
        rows = [self._items(player) for player in self._players]
        # One reset, not a signal for each row and cell: the views and the sorting proxy
        # take in the new rows at once.
        self.beginResetModel()
        blocked = self.blockSignals(True)
        try:
            self.setRowCount(0)
            for items in rows:
                self.appendRow(items)
        finally:
            self.blockSignals(blocked)
        self.endResetModel()

    def reword(self) -> None:
        """Every cell and heading worded again, in the language just chosen."""
        self._locale = QLocale().name()
        blocked = self.blockSignals(True)
        try:
            self.setHorizontalHeaderLabels([_header(column) for column in _COLUMNS])
            for row, player in enumerate(self._players):
                values = self._sort_values(player)
                for column in _COLUMNS:
                    item = self.item(row, column)
                    item.setText(self._text(player, column, values[column]))
                    item.setToolTip(self._tip(player, column))
        finally:
            self.blockSignals(blocked)
        reword_model(self)

    def follow_locale(self) -> None:
        """Every cell written again if the locale's ways with numbers changed since."""
        if QLocale().name() != self._locale:
            self.reword()

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        # The rows have no headings (Qt's own would number them).
        if orientation == Qt.Orientation.Vertical:
            return None
        return super().headerData(section, orientation, role)

    def _items(self, player: PlayerStats) -> list[QStandardItem]:
        """The player's row: a cell a column, with its text, what it sorts by, whose it
        is and, for the numbers, its alignment."""
        values = self._sort_values(player)
        items = []
        for column in _COLUMNS:
            item = QStandardItem(self._text(player, column, values[column]))
            item.setFlags(_FLAGS)
            item.setData(values[column], SORT_ROLE)
            item.setData(player.key, KEY_ROLE)
            if column is not Column.PLAYER:
                item.setData(_RIGHT, _ALIGNMENT)
            tip = self._tip(player, column)
            if tip:
                item.setToolTip(tip)
            items.append(item)
        return items

    @staticmethod
    def _tip(player: PlayerStats, column: Column) -> str:
        if column is not Column.HARDEST:
            return ""
        hardest = player.hardest_phase
        if hardest is not None:
            return phase_words(hardest)
        return tr("players.no_hardest_tip") if player.phases else ""

    @staticmethod
    def _text(player: PlayerStats, column: Column, value: Any) -> str:
        if column is Column.PLAYER:
            return player.name
        if column is Column.WIN_RATE:
            return percent_text(player.win_rate) if player.finished else NO_VALUE
        if column is Column.POINTS_PER_HAND:
            return number_text(player.points_per_hand, 1) if player.hands else NO_VALUE
        if column is Column.HARDEST:
            if player.never_missed:
                return tr("stats.never_missed")
            hardest = player.hardest_phase
            return str(hardest.label) if hardest is not None else NO_VALUE
        return QLocale().toString(value)

    @staticmethod
    def _sort_values(player: PlayerStats) -> tuple[Any, ...]:
        """What each column sorts by, in the columns' order."""
        hardest = player.hardest_phase
        return (
            player.name.casefold(),
            player.games,
            player.wins,
            player.win_rate if player.finished else -1.0,
            player.hands,
            player.points_per_hand if player.hands else -1.0,
            player.went_out,
            hardest.label if hardest is not None else -1,
        )


class PlayersFilter(QSortFilterProxyModel):
    """Sorts by the model's sort values and keeps the players whose name contains the
    filter text, ignoring case."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setSortRole(SORT_ROLE)
        self.setFilterKeyColumn(Column.PLAYER)
        self.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)


def _table(model: QAbstractItemModel, name: str, stretch: int, *, wrap: bool = False) -> QTableView:
    """A read-only table whose column `stretch` takes the width left over; with `wrap`,
    a text too long for its column goes on over more lines, its row as tall as needed."""
    view = QTableView()
    view.setModel(model)
    view.setAccessibleName(name)
    view.setAlternatingRowColors(True)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.verticalHeader().hide()
    view.setWordWrap(wrap)
    # Tab moves on to the next control, as everywhere else, rather than from cell to cell:
    # the player's tabs after the table could be reached with the mouse only.
    view.setTabKeyNavigation(False)
    view.setTextElideMode(Qt.TextElideMode.ElideRight)
    if wrap:
        view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    if isinstance(model, MeasuredTableModel):
        ColumnFitter(view, model, stretch)
    else:
        view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        view.horizontalHeader().setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
    return view


def _rivals_headings() -> list[str]:
    return [
        tr("players.rival_against"),
        tr("players.rival_games"),
        tr("players.rival_ahead"),
        tr("players.rival_behind"),
    ]


class PlayerPage(QWidget):
    """One player: their record in a sentence, their games, their form over time, how
    hard each phase was for them and their head-to-head records."""

    def __init__(
        self,
        ask_path: Callable[[QWidget, str, str, str], Path | None] | None = None,
        warn: Callable[[QWidget, str, str], None] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.heading = QLabel()
        font = QFont(self.heading.font())
        font.setPointSizeF(font.pointSizeF() * 1.3)
        font.setBold(True)
        self.heading.setFont(font)
        self.record = QLabel()
        self.records = QLabel()
        plain(self.heading, self.record, self.records)
        self.record.setWordWrap(True)
        self.records.setWordWrap(True)
        # With their headings from the start: `_table` stretches one of their columns.
        self.games_model = PlayerGamesModel(self)
        self.games = _table(self.games_model, "", stretch=GamesColumn.TITLE)
        self.form = ChartPanel(LineChart(), partial(tr, "players.form_chart"), ask_path, warn)
        self.phases = ChartPanel(BarChart(), partial(tr, "players.phases_chart"), ask_path, warn)
        self.rivals_model = TextTableModel(_rivals_headings(), self)
        self.rivals = _table(self.rivals_model, "", stretch=0)
        # An empty table says nothing; this says why it is empty.
        self.rivals_note = QLabel()
        self.rivals_note.setWordWrap(True)
        self.rivals_note.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        rivals_tab = QWidget()
        rivals_layout = QVBoxLayout(rivals_tab)
        rivals_layout.addWidget(self.rivals_note)
        rivals_layout.addWidget(self.rivals, 1)
        self.tabs = QTabWidget()
        for tab in (self.games, self.form, self.phases, rivals_tab):
            self.tabs.addTab(tab, "")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.heading)
        layout.addWidget(self.record)
        layout.addWidget(self.records)
        layout.addWidget(self.tabs, 1)
        self._word()

    def _word(self) -> None:
        """The page's own words in the language spoken; what it shows of a player is
        worded when shown (`show_player`, again after a change of language)."""
        self.records.setAccessibleName(tr("players.records_name"))
        self.games_model.set_headers(games_headings())
        self.games.setAccessibleName(tr("players.games_name"))
        self.games.setToolTip(tr("players.games_tip"))
        self.rivals_model.set_headers(_rivals_headings())
        self.rivals.setAccessibleName(tr("players.rivals_name"))
        self.rivals_note.setText(tr("players.no_rivals"))
        for index, key in enumerate(
            ("players.tab_games", "players.tab_form", "players.tab_phases", "players.tab_rivals")
        ):
            self.tabs.setTabText(index, tr(key))

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange:
            self._word()

    def show_player(self, player: PlayerStats, games: Sequence[LibraryGame]) -> None:
        self.heading.setText(player.name)
        locale = QLocale()
        self.record.setText(
            tr(
                "players.record",
                games=locale.toString(player.games),
                finished=locale.toString(player.finished),
                wins=locale.toString(player.wins),
                hands=locale.toString(player.hands),
                points=locale.toString(player.points),
                went_out=locale.toString(player.went_out),
            )
        )
        self.records.setText(records_words(player.records))
        self.games_model.set_games(player.played, games)
        self.form.set_lines(
            LineData(
                title=tr("players.form_title"),
                x_label=tr("players.form_axis"),
                lines=(
                    ChartLine(
                        player.name,
                        tuple(played.points_per_hand for played in player.played),
                        FormDetails(player.played, games),
                    ),
                ),
                first_x=1,
                integer_y=False,
            ),
            lambda number: tr("players.form_row", number=number),
        )
        self.phases.set_bars(
            phase_data(player.phases, player.hardest_phase, player.name),
            tr("players.attempts_made"),
        )
        self.rivals_model.set_rows(
            [
                [row.opponent, str(row.games), str(row.ahead), str(row.behind)]
                for row in player.head_to_head
            ]
        )
        self.rivals.setVisible(bool(player.head_to_head))
        self.rivals_note.setVisible(not player.head_to_head)


@dataclass(frozen=True)
class NameChange:
    game_id: int
    old: str
    new: str


class PlayersView(QWidget):
    """Every player of the library, and the selected player's page.

    Constructor: `PlayersView(library, prompts, changes=None, parent=None)`; `refresh()`
    reads the library again. `changes` is the window's runner of changes to the library
    (one of its own unless given), which the view makes its renames through and reads
    the other pages' changes from. Signal: `openRequested(int)` (a game id).
    `undo_stack` holds the renames; `rename_action` renames or merges the selected player.
    """

    exports_game = False
    prints_sheet = False

    openRequested = Signal(int)
    """A game id: the user asked to open one of the player's games."""

    def __init__(
        self,
        library: PlayersLibrary,
        prompts: Prompts,
        changes: LibraryChanges | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.library = library
        self.prompts = prompts
        self.changes = LibraryChanges(self) if changes is None else changes
        self.changes.changed.connect(self._library_changed)
        self.stats = stats_of_records(())
        self.games: list[LibraryGame] = []
        self._listing: Sequence[LiveGame] | None = None
        """The games the statistics were made of, as `live_games` gave them."""
        self.undo_stack = QUndoStack(self)

        self.model = PlayersModel(self)
        self.proxy = PlayersFilter(self)
        self.proxy.setSourceModel(self.model)
        self.filter_edit = QLineEdit()
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.textChanged.connect(self.proxy.setFilterFixedString)
        # Long names on two lines: cut, "Alexandra-Sophie v…" could be anyone of a family.
        self.table = _table(self.proxy, tr("players.table_name"), stretch=Column.PLAYER, wrap=True)
        self.table.setSortingEnabled(True)
        # Sorting is stable: players with as many wins stay in name order.
        self.table.sortByColumn(Column.WINS, Qt.SortOrder.DescendingOrder)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.selectionModel().currentRowChanged.connect(lambda *_: self._show_selected())
        self.library_phases = ChartPanel(
            BarChart(), partial(tr, "players.library_chart"), self._ask_path, self._warn
        )
        self.player_page = PlayerPage(self._ask_path, self._warn)
        self.player_page.games.activated.connect(
            lambda index: self.openRequested.emit(self.player_page.games_model.game_id(index.row()))
        )
        self.empty = QLabel()
        self.empty.setWordWrap(True)

        self.rename_action = QAction(self)
        self.rename_action.triggered.connect(lambda: self.rename_selected())
        rename_button = QPushButton()
        rename_button.clicked.connect(self.rename_action.trigger)
        self.rename_button = rename_button

        top = QHBoxLayout()
        top.addWidget(self.filter_edit, 1)
        top.addWidget(rename_button)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addLayout(top)
        left_layout.addWidget(self.empty)
        left_layout.addWidget(self.table, 3)
        left_layout.addWidget(self.library_phases, 2)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(left)
        splitter.addWidget(self.player_page)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        splitter.setChildrenCollapsible(False)
        self.damage_bar = DamageBar("players.damaged_left_out")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.addWidget(self.damage_bar)
        layout.addWidget(splitter)
        self._turn_tabs_by_keys()
        self._word()

    def _word(self) -> None:
        """The page's own words, in the language spoken (again when it changes)."""
        self._language = app_words().code
        self.filter_edit.setPlaceholderText(tr("players.filter_placeholder"))
        self.filter_edit.setAccessibleName(tr("players.filter_name"))
        self.table.setAccessibleName(tr("players.table_name"))
        self.empty.setText(tr("players.empty"))
        self.rename_action.setText(tr("players.rename_action"))
        self.rename_button.setText(tr("players.rename_button"))
        self.rename_button.setToolTip(tr("players.rename_tip"))

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange and app_words().code != self._language:
            self._word()
            # The table's headings, the chart and the player's page, from the records read
            # already: a window's library may be closed by now.
            self.model.reword()
            self.library_phases.set_bars(
                phase_data(self.stats.phases, struggled_phase(self.stats.phases)),
                tr("players.attempts_made"),
            )
            self._show_selected()

    def _turn_tabs_by_keys(self) -> None:
        """Ctrl+Tab and Ctrl+PgDown (with Shift, or PgUp, back) turn the player's tabs from
        anywhere on the page, as they do in any tab widget the focus is in."""
        keys = {
            QKeySequence(Qt.Modifier.CTRL | Qt.Key.Key_Tab): 1,
            QKeySequence(Qt.Modifier.CTRL | Qt.Key.Key_PageDown): 1,
            QKeySequence(Qt.Modifier.CTRL | Qt.Modifier.SHIFT | Qt.Key.Key_Backtab): -1,
            QKeySequence(Qt.Modifier.CTRL | Qt.Key.Key_PageUp): -1,
        }
        for sequence, step in keys.items():
            action = QAction(self)
            action.setShortcut(sequence)
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            action.triggered.connect(lambda _checked=False, by=step: self._turn_tab(by))
            self.addAction(action)

    def _turn_tab(self, step: int) -> None:
        tabs = self.player_page.tabs
        if tabs.isVisible() and tabs.count():
            tabs.setCurrentIndex((tabs.currentIndex() + step) % tabs.count())

    def _ask_path(self, parent: QWidget, title: str, name: str, filters: str) -> Path | None:
        return ask_output_path(self.prompts, parent, title, name, filters)

    def _warn(self, parent: QWidget, title: str, text: str) -> None:
        self.prompts.warn(parent, title, text)

    def page_title(self) -> str:
        return tr("window.players_title")

    def page_heading(self) -> str:
        return tr("window.players_heading")

    def edit_actions(self) -> Sequence[QAction]:
        return (self.rename_action,)

    def refresh(self) -> None:
        """Reads the library again; games that cannot be replayed are left out. Where
        no game has changed since the last time (each still has its revision and its
        listing), the statistics made then still hold and are kept."""
        selected = self.selected_key()
        # The listing, the records and the statistics are many small objects that live
        # on without cycles: the collector would search them again and again as they are
        # made. Paused for all of them, it searches them once, when it runs again.
        with cycle_collector_paused():
            listing = self.library.live_games()
            if listing != self._listing:
                self._count(listing)
            else:
                self.model.follow_locale()
        self.damage_bar.show_damage(self.library.damaged_games())
        has_players = bool(self.stats.players)
        self.empty.setVisible(not has_players)
        self.player_page.setVisible(has_players)
        self.select_player(selected or (self.stats.players[0].key if has_players else ""))

    def _count(self, listing: Sequence[LiveGame]) -> None:
        """The statistics of these games (as `live_games` gives them), shown."""
        records, _ = game_records(self.library, [(game.id, game.revision) for game in listing])
        games = {game.id: game for game in listing}
        self.games = [
            LibraryGame(game_id, games[game_id].title, games[game_id].played, record)
            for game_id, record in records
            if game_id in games
        ]
        self.stats = stats_of_records([game.record for game in self.games])
        self._listing = listing
        self.model.set_players(self.stats.players)
        self.library_phases.set_bars(
            phase_data(self.stats.phases, struggled_phase(self.stats.phases)),
            tr("players.attempts_made"),
        )

    def selected_key(self) -> str | None:
        index = self.table.currentIndex()
        return str(index.data(KEY_ROLE)) if index.isValid() else None

    def selected_player(self) -> PlayerStats | None:
        key = self.selected_key()
        return self.stats.player(key) if key is not None else None

    def select_player(self, name: str) -> bool:
        """Selects the player with this name (ignoring case); whether they are listed."""
        key = player_key(name)
        for row in range(self.proxy.rowCount()):
            index = self.proxy.index(row, Column.PLAYER)
            if index.data(KEY_ROLE) == key:
                # A new current row shows its player (`currentRowChanged`); the same row
                # is shown again here, once.
                moved = self.table.currentIndex().row() != row
                self.table.setCurrentIndex(index)
                self.table.selectRow(row)
                if not moved:
                    self._show_selected()
                return True
        return False

    def _show_selected(self) -> None:
        player = self.selected_player()
        self.rename_action.setEnabled(player is not None)
        self.rename_button.setEnabled(player is not None)
        if player is not None:
            self.player_page.show_player(player, self.games)

    # -- renaming --------------------------------------------------------------------

    def rename_selected(self, new_name: str | None = None) -> bool:
        """Renames the selected player in every game, or merges them into the player whose
        name `new_name` is (asked for unless given); whether anything changed."""
        player = self.selected_player()
        if player is None:
            return False
        if new_name is None:
            new_name = self.prompts.ask_text(
                self,
                tr("players.rename_title"),
                tr("players.rename_label", name=player.name),
                player.name,
            )
            if new_name is None:
                return False
        new_name = clean_name(new_name)
        other = self.stats.player(new_name) if new_name else None
        merging = other is not None and other.key != player.key
        if other is not None and merging:
            # Merged into someone, a player takes on that player's spelling.
            new_name = other.name
        changes, problem = self._changes(player, new_name)
        if problem is not None:
            self.prompts.warn(self, tr("players.cannot_rename"), problem)
            return False
        if not changes:
            return False
        games = len({change.game_id for change in changes})
        names = {"name": player.name, "new": new_name}
        if merging:
            question = tr_count("players.merge_question", games, **names)
            accept = tr("players.merge_accept")
            text = tr("players.undo_merge", **names)
        else:
            question = tr_count("players.rename_question", games, **names)
            accept = tr("players.rename_accept")
            text = tr("players.undo_rename", **names)
        if not self.prompts.confirm(
            self,
            tr("players.rename_title"),
            question,
            accept=accept,
            reject=tr("players.rename_reject"),
        ):
            return False
        back = tuple(NameChange(c.game_id, c.new, c.old) for c in changes)
        forward = tuple(changes)
        if not self.changes.run(
            self,
            lambda: self._apply(forward),
            Undoable(
                self.undo_stack, text, lambda: self._apply(forward), lambda: self._apply(back)
            ),
        ):
            return False
        self.select_player(new_name)
        return True

    def _changes(self, player: PlayerStats, new_name: str) -> tuple[list[NameChange], str | None]:
        """The games whose spelling changes, or why the name cannot be given."""
        new_key = player_key(new_name)
        changes = []
        for game in self.games:
            players = game.players
            old = next((name for name in players if player_key(name) == player.key), None)
            if old is None or old == new_name:
                continue
            if new_key != player.key and any(player_key(name) == new_key for name in players):
                return [], tr("players.two_people", name=player.name, new=new_name, title=game.name)
            problem = players_problem(tuple(new_name if name == old else name for name in players))
            if problem is not None:
                return [], problem_said(problem)
            changes.append(NameChange(game.id, old, new_name))
        return changes, None

    def _apply(self, changes: Sequence[NameChange]) -> LibraryChanged | None:
        """Renames in every game at once, in one transaction: all or, refused (a full disk,
        a game saved elsewhere meanwhile), none, which is said (None)."""
        try:
            self.library.rename_player([(c.game_id, c.old, c.new) for c in changes])
        except (LibraryError, GameError) as error:
            self.prompts.warn(self, tr("players.cannot_rename"), error_said(error))
            self.refresh()
            return None
        self.refresh()
        return LibraryChanged(renamed=tuple((c.game_id, c.old, c.new) for c in changes))

    def _library_changed(self, _changed: LibraryChanged, initiator: QObject) -> None:
        """Another page changed the library (a game deleted, restored or renamed): the
        statistics are made again of the games it holds now."""
        if initiator is not self:
            self.refresh()
