"""The game library in the app: a table of saved games to open, rename, delete, restore
or filter, and single games imported from and exported to game files.

`GamesTableModel` and `GamesFilterProxy` hold the table's logic; `GamesView` adds the
buttons. Questions to the user go through `Prompts`, so tests answer them without
modal dialogs.
"""

import heapq
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, Protocol, TypeVar

from PySide6.QtCore import (
    QAbstractTableModel,
    QEvent,
    QLocale,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QPoint,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import (
    QAction,
    QColor,
    QFont,
    QFontMetrics,
    QGuiApplication,
    QKeySequence,
    QPalette,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QCheckBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QStyle,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from phase10_keeper.rules import Game
from phase10_keeper.storage.gamefile import SUFFIX
from phase10_keeper.storage.messages import LibraryError
from phase10_keeper.ui.library.conflicts import (
    Choice,
    ConflictBar,
    ConflictDialog,
    conflict_pairs,
    keep,
)
from phase10_keeper.ui.library.game_files import (
    GameTransferError,
    export_game,
    file_name_for,
    game_file_filter,
    load_game_file,
)
from phase10_keeper.ui.library_change import LibraryChanged, LibraryChanges, Step, Undoable
from phase10_keeper.ui.prompts import Prompts, ask_output_path
from phase10_keeper.ui.text.escape import isolate, plain, plain_tooltip
from phase10_keeper.ui.text.reword import reword_model
from phase10_keeper.ui.text.translate import app_words, error_said, tr
from phase10_keeper.ui.text.wording import date_text, date_time_text, status_text
from phase10_keeper.ui.widgets.damage_bar import DamageBar
from phase10_keeper.ui.window_focus import take_keys_back

GAME_ID_ROLE = Qt.ItemDataRole.UserRole
CSV_SUFFIX = ".csv"

AnyIndex = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()


_Answer = TypeVar("_Answer")


class GameLibrary(Protocol):
    """The parts of the game library the view uses."""

    def list_games(self, player: str | None = None, *, deleted: bool = False) -> Sequence[Any]: ...
    def import_game(self, game: Game) -> int: ...
    def load_game(self, game_id: int) -> Game: ...
    def save_game(self, game_id: int, game: Game) -> None: ...
    def keep_apart(self, game_id: int) -> None: ...
    def game_uid(self, game_id: int) -> str | None: ...
    def rename_game(self, game_id: int, title: str) -> None: ...
    def delete_game(self, game_id: int) -> None: ...
    def restore_game(self, game_id: int) -> None: ...
    def damaged_games(self) -> Sequence[Any]: ...


def _muted_text() -> QColor:
    """Text colour part way to the background: dimmer than normal text, yet still readable
    on plain and alternate rows, in light and dark palettes alike.
    """
    palette = QGuiApplication.palette()
    text = palette.color(QPalette.ColorRole.Text)
    base = palette.color(QPalette.ColorRole.Base)
    return QColor.fromRgbF(
        0.7 * text.redF() + 0.3 * base.redF(),
        0.7 * text.greenF() + 0.3 * base.greenF(),
        0.7 * text.blueF() + 0.3 * base.blueF(),
    )


def _day_of(game: Any) -> str:
    """When a game was played: its start, or for a game file that does not say, when it
    entered the library (as `games list` shows it)."""
    return str(game.started or game.created or "")


class GamesTableModel(QAbstractTableModel):
    """One row per saved game, newest first as the library lists them. Deleted games (those
    whose summary has a `deleted` time) read "Deleted" as their status and are drawn in a
    dimmed italic font.

    The model sorts itself (the proxy hands sorting down to it): each column's sort keys
    are worked out once per list of games, and sorted with Python's sort, instead of
    asking `data()` for two keys at every comparison.
    """

    TITLE, DATE, PLAYERS, HANDS, STATUS, WINNER = range(6)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._listed: list[Any] = []
        """The games in the order given (the library lists them newest first)."""
        self._order: list[int] = []
        """For each row, the game's place in `_listed`."""
        self._games: list[Any] = []
        """The games in row order."""
        self._sort_keys: dict[int, list[Any]] = {}
        """Per column, the sort key of each game in `_listed`, worked out when first needed."""
        self._sorted_by: tuple[int, Qt.SortOrder] | None = None
        self.conflicts: dict[int, tuple[int, int]] = {}
        """The games changed on two computers at once (see `conflicts.conflict_pairs`)."""

    def set_games(self, games: Sequence[Any]) -> None:
        self.beginResetModel()
        self._listed = list(games)
        self.conflicts = conflict_pairs(self._listed)
        self._sort_keys.clear()
        self._put_in_order(range(len(self._listed)))
        self.endResetModel()

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        self._sorted_by = (column, order)
        self.layoutAboutToBeChanged.emit()
        places_before = self._order
        self._put_in_order(places_before)
        row_now = {place: row for row, place in enumerate(self._order)}
        moved_to = [row_now[place] for place in places_before]
        old = self.persistentIndexList()
        self.changePersistentIndexList(
            old, [self.index(moved_to[index.row()], index.column()) for index in old]
        )
        self.layoutChanged.emit()

    def _put_in_order(self, places: Sequence[int]) -> None:
        """Orders the games at these places in `_listed` by the sort column. Games with
        equal keys keep the order they had, as in Qt's own (stable) sort: sorting by one
        column, then another, orders by the second, then the first."""
        column, order = self._sorted_by or (-1, Qt.SortOrder.AscendingOrder)
        if 0 <= column < self.columnCount():
            keys = self._keys(column)
            self._order = sorted(
                places, key=keys.__getitem__, reverse=order is Qt.SortOrder.DescendingOrder
            )
        else:
            self._order = list(places)
        self._games = [self._listed[place] for place in self._order]

    def _keys(self, column: int) -> list[Any]:
        if column not in self._sort_keys:
            self._sort_keys[column] = [self._sort_key(game, column) for game in self._listed]
        return self._sort_keys[column]

    def _sort_key(self, game: Any, column: int) -> Any:
        if column == self.DATE:
            return _day_of(game)
        if column == self.HANDS:
            return game.hands
        return self._text(game, column).casefold()

    def summary(self, row: int) -> Any:
        return self._games[row]

    def is_deleted(self, row: int) -> bool:
        return self._games[row].deleted is not None

    def row_of(self, game_id: int) -> int | None:
        for row, game in enumerate(self._games):
            if game.id == game_id:
                return row
        return None

    def longest_texts(self, column: int, count: int) -> list[str]:
        """The `count` longest texts of a column, by characters: what sizing the column
        measures instead of every row. Dates have one length in the locale's format, so
        the first rows stand for them all."""
        games: Iterable[Any] = self._games
        if column == self.DATE:
            games = self._games[:count]
        elif column in (self.HANDS, self.STATUS):
            # Few values, each worded once: one game for each.
            games = {self._shown_value(game, column): game for game in self._games}.values()
        texts = (self._text(game, column) for game in games)
        return heapq.nlargest(count, texts, key=len)

    def _shown_value(self, game: Any, column: int) -> object:
        if column == self.HANDS:
            return game.hands
        return game.status, game.deleted is None

    def rowCount(self, parent: AnyIndex = _ROOT) -> int:
        return 0 if parent.isValid() else len(self._games)

    def columnCount(self, parent: AnyIndex = _ROOT) -> int:
        return 0 if parent.isValid() else self.WINNER + 1

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation is Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            names = (
                tr("games.column_title"),
                tr("games.column_date"),
                tr("games.column_players"),
                tr("games.column_hands"),
                tr("games.column_status"),
                tr("games.column_winner"),
            )
            return names[section] if 0 <= section < len(names) else None
        return None

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._games):
            return None
        game = self._games[index.row()]
        column = index.column()
        if role == GAME_ID_ROLE:
            return game.id
        deleted = game.deleted is not None
        if column == self.TITLE and game.id in self.conflicts:
            if role == Qt.ItemDataRole.DecorationRole:
                # The style's own icon: an icon theme is not there on every desktop.
                return QApplication.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning)
            if role == Qt.ItemDataRole.ToolTipRole:
                return tr("conflicts.mark_tip")
        if role == Qt.ItemDataRole.ToolTipRole and deleted and column == self.STATUS:
            return tr("games.deleted_on", date=date_text(game.deleted))
        if role == Qt.ItemDataRole.ToolTipRole:
            return plain_tooltip(self._text(game, column))
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(game, column)
        if role == Qt.ItemDataRole.FontRole and deleted:
            font = QFont()
            font.setItalic(True)
            return font
        if role == Qt.ItemDataRole.ForegroundRole and deleted:
            return _muted_text()
        if role == Qt.ItemDataRole.TextAlignmentRole and column == self.HANDS:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def _text(self, game: Any, column: int) -> str:
        if column == self.TITLE:
            return str(game.title or tr("games.untitled"))
        if column == self.DATE:
            # With the time of day: one evening's games apart.
            return date_time_text(_day_of(game))
        if column == self.PLAYERS:
            return tr("names.separator").join(isolate(name) for name in game.players)
        if column == self.HANDS:
            return QLocale().toString(game.hands)
        if column == self.STATUS:
            return (
                tr("games.status_deleted") if game.deleted is not None else status_text(game.status)
            )
        return str(game.winner or "")


class GamesFilterProxy(QSortFilterProxyModel):
    """Keeps the games where a player's name or the title contains the filter text.

    It leaves sorting to the source model, a `GamesTableModel`, which sorts faster, and
    shows the rows it keeps in the source's order."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._needle = ""
        self._conflicts_only = False

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        source = self.sourceModel()
        if source is not None:
            source.sort(column, order)

    def set_conflicts_only(self, only: bool) -> None:
        """Lists only the games changed on two computers at once, or all again."""
        self._conflicts_only = only
        self.set_filter_text(self._needle)

    def set_filter_text(self, text: str) -> None:
        # Qt 6.10 replaced invalidateRowsFilter (now deprecated) with this pair; older
        # Qt, which the package still allows, has only the former.
        if hasattr(self, "endFilterChange"):
            self.beginFilterChange()
            self._needle = text.strip().casefold()
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
        else:
            self._needle = text.strip().casefold()
            self.invalidateRowsFilter()

    def filterAcceptsRow(self, source_row: int, _source_parent: AnyIndex) -> bool:
        source = self.sourceModel()
        if not isinstance(source, GamesTableModel):
            return True
        game = source.summary(source_row)
        if self._conflicts_only and game.id not in source.conflicts:
            return False
        if not self._needle:
            return True
        haystacks = [*game.players, game.title or ""]
        return any(self._needle in text.casefold() for text in haystacks)


def _library_change(
    view: "GamesView",
    game_id: int,
    text: str,
    forward: tuple[Callable[[], None], LibraryChanged],
    back: tuple[Callable[[], None], LibraryChanged],
) -> bool:
    """Makes a change to one game through the window's runner, as an undo step: undone or
    redone, the game's row is the one selected, where it is listed. Whether the library
    took it."""

    def step(change: Callable[[], None], changed: LibraryChanged) -> Step:
        def run() -> LibraryChanged | None:
            if not view._write(change):
                return None
            view.select_game(game_id)
            return changed

        return run

    change, changed = forward
    return view.changes.run(
        view,
        lambda: changed if view._write(change) else None,
        Undoable(view.undo_stack, text, step(*forward), step(*back)),
    )


def _bin_change(view: "GamesView", game_id: int, title: str, *, restoring: bool) -> bool:
    """Deletes a game to the bin (or, `restoring`, takes it back out), as an undo step."""
    key = "games.undo_restore" if restoring else "games.undo_delete"
    deleted = (
        lambda: view._bin(game_id, title, deleted=True),
        LibraryChanged(deleted=frozenset({game_id})),
    )
    restored = (
        lambda: view._bin(game_id, title, deleted=False),
        LibraryChanged(restored=frozenset({game_id})),
    )
    forward, back = (restored, deleted) if restoring else (deleted, restored)
    return _library_change(view, game_id, tr(key, title=isolate(title)), forward, back)


def _rename_change(view: "GamesView", game_id: int, old: str, new: str) -> bool:
    """Gives a game a new title, as an undo step."""
    return _library_change(
        view,
        game_id,
        tr("games.undo_rename", old=isolate(old), new=isolate(new)),
        (lambda: view._retitle(game_id, new), LibraryChanged(retitled=((game_id, new),))),
        (lambda: view._retitle(game_id, old), LibraryChanged(retitled=((game_id, old),))),
    )


class GamesView(QWidget):
    """The library as a table with Open, Rename, Delete, Import and Export; with "Show
    deleted games" on, deleted games are listed too and can be restored. Deleting,
    restoring and renaming are commands on the view's own `undo_stack`.

    Constructor: `GamesView(library, prompts, changes=None, parent=None)`; `changes` is
    the window's runner of changes to the library (one of its own unless given), which
    the view makes its changes through and reads the other pages' changes from.
    Signals: `openRequested(int)` (a game id; the main window opens it),
    `message(str)` (one line for a status bar).
    Actions for menus (shortcuts work while the view has focus): `open_action`,
    `rename_action` (F2), `delete_action` (Delete), `restore_action`, `import_action`,
    `export_action`, `export_csv_action`.
    """

    exports_game = True
    prints_sheet = False

    openRequested = Signal(int)
    message = Signal(str)

    def __init__(
        self,
        library: GameLibrary,
        prompts: Prompts,
        changes: LibraryChanges | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.library = library
        self.prompts = prompts
        self.changes = LibraryChanges(self) if changes is None else changes
        self.changes.changed.connect(self._library_changed)
        self.undo_stack = QUndoStack(self)
        self._has_deleted = False

        self.model = GamesTableModel(self)
        self.proxy = GamesFilterProxy(self)
        self.proxy.setSourceModel(self.model)

        self._build_table()
        self._build_labels()
        buttons = self._build_actions()
        top = QHBoxLayout()
        top.addWidget(self.search, 1)
        top.addWidget(self.show_deleted)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.damage_bar)
        layout.addWidget(self.conflict_bar)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.empty_label, 1)
        layout.addWidget(self.notice)
        layout.addLayout(buttons)
        self._word()

        self.search.textChanged.connect(self._filter)
        self.show_deleted.toggled.connect(lambda _: self.refresh())
        self.conflict_bar.showRequested.connect(self._show_conflicts)
        self.conflict_bar.chooseRequested.connect(self._choose_first_conflict)
        self.table.activated.connect(lambda _: self.open_selected())
        self.table.selectionModel().selectionChanged.connect(self._update_actions)
        self.refresh()

    def _build_table(self) -> None:
        """The search, the bin's switch and the table of games."""
        self.search = QLineEdit()
        self.search.setClearButtonEnabled(True)
        self.show_deleted = QCheckBox()
        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(GamesTableModel.DATE, Qt.SortOrder.DescendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        # Sized from the longest texts (see _fit_columns), not by Qt measuring every row.
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(GamesTableModel.PLAYERS, QHeaderView.ResizeMode.Stretch)
        header.setHighlightSections(False)

    def _build_labels(self) -> None:
        """What the page says besides the table: empty, a notice, damage, conflicts."""
        self.empty_label = QLabel()
        self._list_had_keys = False
        """Whether the list held the keys when it hid as it emptied: they come back to it
        when it shows again."""
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_label.setWordWrap(True)
        self.notice = QLabel()
        plain(self.empty_label, self.notice)
        self.notice.setWordWrap(True)
        self.notice.hide()
        self.damage_bar = DamageBar("games.damaged_left_out")
        self.conflict_bar = ConflictBar()

    def _build_actions(self) -> QHBoxLayout:
        """The page's actions, and their buttons under the table."""
        self.open_action = self._action(self.open_selected)
        self.rename_action = self._action(self.rename_selected)
        self.rename_action.setShortcut(QKeySequence(Qt.Key.Key_F2))
        self.delete_action = self._action(self.delete_selected)
        self.delete_action.setShortcut(QKeySequence(QKeySequence.StandardKey.Delete))
        self.restore_action = self._action(self.restore_selected)
        self.import_action = self._action(self.import_file)
        self.export_action = self._action(self.export_selected)
        self.export_csv_action = self._action(self.export_csv)

        buttons = QHBoxLayout()
        self.buttons: dict[QAction, QPushButton] = {}
        for action in (
            self.open_action,
            self.rename_action,
            self.delete_action,
            self.restore_action,
        ):
            buttons.addWidget(self._button(action))
        buttons.addStretch(1)
        for action in (self.import_action, self.export_action, self.export_csv_action):
            buttons.addWidget(self._button(action))
        return buttons

    def page_title(self) -> str:
        return tr("window.library_title")

    def page_heading(self) -> str:
        return tr("window.library_heading")

    def edit_actions(self) -> Sequence[QAction]:
        return (self.open_action, self.rename_action, self.delete_action, self.restore_action)

    def _word(self) -> None:
        """The page's own words, in the language spoken (again when it changes)."""
        self._language = app_words().code
        self.search.setPlaceholderText(tr("games.filter_placeholder"))
        self.search.setAccessibleName(tr("games.filter_name"))
        self.show_deleted.setText(tr("games.show_deleted"))
        self.show_deleted.setAccessibleName(tr("games.show_deleted_name"))
        self.show_deleted.setToolTip(tr("games.show_deleted_tip"))
        self.table.setAccessibleName(tr("games.table_name"))
        for action, key in (
            (self.open_action, "games.open"),
            (self.rename_action, "games.rename"),
            (self.delete_action, "games.delete"),
            (self.restore_action, "games.restore"),
            (self.import_action, "games.import"),
            (self.export_action, "games.export"),
            (self.export_csv_action, "games.export_csv"),
        ):
            action.setText(tr(key))
            button = self.buttons.get(action)
            if button is not None:
                button.setText(tr(key))
        self.export_csv_action.setToolTip(tr("games.export_csv_tip"))

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange and app_words().code != self._language:
            self._word()
            # The table's headings, dates and statuses, and the line under an empty list,
            # from the games read already: a window's library may be closed by now.
            reword_model(self.model)
            self._update_actions()

    def _action(self, slot: Callable[[], object]) -> QAction:
        action = QAction(self)
        action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        action.triggered.connect(lambda: slot())
        self.addAction(action)
        return action

    def _button(self, action: QAction) -> QPushButton:
        button = QPushButton(action.text())
        button.setAutoDefault(False)
        button.clicked.connect(action.trigger)
        action.enabledChanged.connect(button.setEnabled)
        button.setEnabled(action.isEnabled())
        self.buttons[action] = button
        return button

    def refresh(self) -> None:
        """Reloads the list from the library, keeping the selected game selected."""
        selected = self.selected_id()
        self._reload()
        if selected is not None:
            self.select_game(selected)
        self._update_actions()

    def refresh_in_place(self) -> None:
        """Reloads the list after another program changed the library, leaving the view
        as the user left it: the selected game selected, the filter as typed, and the
        game at the top of the view at the top (a view scrolled to the top stays there,
        where new games come in)."""
        selected = self.selected_id()
        vertical, horizontal = self.table.verticalScrollBar(), self.table.horizontalScrollBar()
        down, left = vertical.value(), horizontal.value()
        top = self.table.indexAt(QPoint(0, 0)).data(GAME_ID_ROLE)
        self._reload()
        if selected is not None:
            self.select_game(selected)
        row = None if top is None else self.model.row_of(int(top))
        index = QModelIndex() if row is None else self.proxy.mapFromSource(self.model.index(row, 0))
        if down and index.isValid():
            self.table.scrollTo(index, QAbstractItemView.ScrollHint.PositionAtTop)
        else:
            vertical.setValue(down)
        horizontal.setValue(left)
        self._update_actions()

    def _reload(self) -> None:
        games = list(self.library.list_games())
        binned = self.library.list_games(deleted=True)
        self._has_deleted = bool(binned)
        if self.show_deleted.isChecked():
            games += binned
        self.model.set_games(games)
        self.damage_bar.show_damage(self.library.damaged_games())
        self.conflict_bar.show_count(len(set(self.model.conflicts.values())))
        self._fit_columns()

    def _fit_columns(self) -> None:
        """Makes each column (but Players, which takes the room left) as wide as its
        header and its longest few texts, up to a limit for long titles and names."""
        header = self.table.horizontalHeader()
        cell_metrics = self.table.fontMetrics()
        # Deleted games are drawn in italics, which can run a little wider.
        italic = QFont(self.table.font())
        italic.setItalic(True)
        italic_metrics = QFontMetrics(italic)
        padding = 3 * cell_metrics.averageCharWidth()
        widest = 50 * cell_metrics.averageCharWidth()
        for column in range(self.model.columnCount()):
            if column == GamesTableModel.PLAYERS:
                continue
            title = str(self.model.headerData(column, Qt.Orientation.Horizontal))
            # Room for the sort arrow beside the title.
            width = header.fontMetrics().horizontalAdvance(title) + 2 * padding
            for text in self.model.longest_texts(column, 5):
                advance = max(
                    cell_metrics.horizontalAdvance(text), italic_metrics.horizontalAdvance(text)
                )
                width = max(width, advance + padding)
            if column == GamesTableModel.TITLE and self.model.conflicts:
                # Room for the mark of a game changed on two computers.
                width += self.table.style().pixelMetric(QStyle.PixelMetric.PM_SmallIconSize)
            header.resizeSection(column, min(width, widest))

    def selected_id(self) -> int | None:
        rows = self.table.selectionModel().selectedRows()
        if not rows:
            return None
        game_id = rows[0].data(GAME_ID_ROLE)
        return int(game_id) if game_id is not None else None

    def select_game(self, game_id: int) -> bool:
        row = self.model.row_of(game_id)
        if row is None:
            return False
        index = self.proxy.mapFromSource(self.model.index(row, 0))
        if not index.isValid():
            return False
        self.table.selectRow(index.row())
        self.table.scrollTo(index)
        return True

    def set_filter_text(self, text: str) -> None:
        self.search.setText(text)

    def selected_is_deleted(self) -> bool:
        rows = self.table.selectionModel().selectedRows()
        if not rows:
            return False
        return self.model.is_deleted(self.proxy.mapToSource(rows[0]).row())

    def _selected_live_id(self) -> int | None:
        """The selected game unless it is deleted: a deleted game is only restored."""
        return None if self.selected_is_deleted() else self.selected_id()

    def open_selected(self) -> None:
        # A double-click or Return reaches here even while the Open action is disabled.
        game_id = self._selected_live_id()
        if game_id in self.model.conflicts:
            self.choose_version(game_id)
        elif game_id is not None:
            self.openRequested.emit(game_id)

    def _show_conflicts(self, only: bool) -> None:
        self.proxy.set_conflicts_only(only)
        self._update_actions()

    def _choose_first_conflict(self) -> None:
        if self.model.conflicts:
            self.choose_version(min(self.model.conflicts.values())[0])

    def choose_version(self, game_id: int) -> Choice | None:
        """Shows the two versions of a game changed on two computers at once, and keeps
        what the keeper chooses; the choice, or None if cancelled or refused."""
        first_id, second_id = self.model.conflicts[game_id]
        try:
            first, second = self.library.load_game(first_id), self.library.load_game(second_id)
        except LibraryError as error:
            self.prompts.warn(self, tr("window.cannot_open_game"), error_said(error))
            return None
        dialog = ConflictDialog(first, second, self)
        choice = dialog.choice if self.prompts.run_dialog(dialog) else None
        dialog.deleteLater()
        if choice is None:
            return None
        # The version not kept goes as a deleted game does.
        gone = frozenset() if choice is Choice.BOTH else frozenset({second_id})
        if not self.changes.run(
            self,
            lambda: (
                LibraryChanged(deleted=gone)
                if self._write(lambda: keep(self.library, first_id, second_id, choice))
                else None
            ),
        ):
            return None
        self.refresh()
        self.select_game(second_id if choice is Choice.BOTH else first_id)
        self._say(tr("conflicts.kept_both" if choice is Choice.BOTH else "conflicts.kept_one"))
        return choice

    def rename_selected(self) -> None:
        game_id = self._selected_live_id()
        if game_id is None:
            return
        current = self._summary(game_id).title or ""
        title = self._answered(
            self.prompts.ask_text(self, tr("games.rename_title"), tr("games.rename_label"), current)
        )
        if title is None or not title.strip() or title.strip() == current:
            return
        _rename_change(self, game_id, current, new=title.strip())

    def _library_changed(self, _changed: LibraryChanged, initiator: QObject) -> None:
        """Another page changed the library (the Players page renamed someone in its
        games): the games listed are read again."""
        if initiator is not self:
            self.refresh()

    def _write(self, change: Callable[[], None]) -> bool:
        """Makes a change in the library; a refusal (a full disk, a read-only folder) is
        said, and then nothing changed and no undo step is pushed."""
        try:
            change()
        except LibraryError as error:
            self.prompts.warn(self, tr("games.not_changed"), error_said(error))
            self.refresh()
            return False
        return True

    def _retitle(self, game_id: int, title: str) -> None:
        self.library.rename_game(game_id, title)
        self.refresh()
        self._say(tr("games.renamed", title=isolate(title)))

    def delete_selected(self) -> None:
        game_id = self._selected_live_id()
        if game_id is None:
            return
        title = self._summary(game_id).title or tr("games.untitled")
        if not self._answered(
            self.prompts.confirm(
                self,
                tr("games.delete_title"),
                tr("games.delete_question", title=isolate(title)),
                accept=tr("games.delete_accept"),
                reject=tr("games.delete_reject"),
            )
        ):
            return
        _bin_change(self, game_id, title, restoring=False)

    def _answered(self, answer: _Answer) -> _Answer:
        """`answer`, once the window has taken the keys back, on the games: an X server
        without a window manager gives them to no window when a question closes, and
        Ctrl+Z (which brings a deleted game back) then went nowhere."""
        take_keys_back(self.window())
        self.table.setFocus()
        return answer

    def restore_selected(self) -> None:
        game_id = self.selected_id()
        if game_id is not None and self.selected_is_deleted():
            title = self._summary(game_id).title or tr("games.untitled")
            _bin_change(self, game_id, title, restoring=True)

    def _bin(self, game_id: int, title: str, *, deleted: bool) -> None:
        if deleted:
            rows = self.table.selectionModel().selectedRows()
            self.library.delete_game(game_id)
            self.refresh()
            if rows and self.selected_id() is None and self.proxy.rowCount():
                # The game below takes the row, so the keyboard carries on from there.
                self.table.selectRow(min(rows[0].row(), self.proxy.rowCount() - 1))
                self._update_actions()
            self._say(tr("games.deleted", title=isolate(title)))
        else:
            self.library.restore_game(game_id)
            self.refresh()
            self.select_game(game_id)
            self._say(tr("games.restored", title=isolate(title)))

    def import_file(self, path: Path | None = None) -> int | None:
        """Imports a game file into the library; the new game's id, or None."""
        if path is None:
            path = self._answered(
                self.prompts.open_path(self, tr("games.import_title"), game_file_filter())
            )
            if path is None:
                return None
        try:
            game, warnings = load_game_file(path)
        except GameTransferError as problem:
            self.prompts.warn(self, tr("games.cannot_import"), str(problem))
            return None
        try:
            game_id = self.library.import_game(game)
        except LibraryError as error:
            self.prompts.warn(self, tr("games.cannot_import"), error_said(error))
            return None
        self.set_filter_text("")
        self.refresh()
        self.select_game(game_id)
        if warnings:
            self.prompts.warn(
                self,
                tr("games.imported_with_warnings"),
                tr("games.check_hands", warnings="\n".join(warnings)),
            )
        self._say(tr("games.imported", title=isolate(game.title or path.name)))
        return game_id

    def export_selected(self, path: Path | None = None) -> Path | None:
        """Writes the selected game to a game file; the path written, or None."""
        game_id = self.selected_id()
        if game_id is None:
            return None
        path = export_game(self, self.prompts, self.library.load_game(game_id), path)
        if path is None:
            return None
        self._say(tr("games.exported", file=isolate(path.name)))
        return path

    def export_csv(self, path: Path | None = None) -> Path | None:
        """Writes every hand of the selected game, or with none selected of every game
        listed, to one CSV file (as `games export ID OUT.csv --csv` writes one game);
        the path written, or None."""
        from phase10_keeper.export.identity import shared_uid
        from phase10_keeper.export.played_csv import csv_bytes, hand_rows
        from phase10_keeper.files import write_atomically
        from phase10_keeper.rules import replay

        selected = self.selected_id()
        if selected is not None:
            game_ids = [selected]
            suggested = file_name_for(self._summary(selected).title).removesuffix(SUFFIX)
        else:
            rows = range(self.proxy.rowCount())
            game_ids = [int(self.proxy.index(row, 0).data(GAME_ID_ROLE)) for row in rows]
            suggested = tr("games.csv_file_name")
        if not game_ids:
            return None
        if path is None:
            path = ask_output_path(
                self.prompts,
                self,
                tr("games.export_csv_title"),
                suggested + CSV_SUFFIX,
                tr("games.csv_files"),
                suffix=CSV_SUFFIX,
            )
            if path is None:
                return None
        rows_of_games = []
        try:
            for game_id in game_ids:
                game = self.library.load_game(game_id)
                rows_of_games += hand_rows(
                    game_id, shared_uid(self.library.game_uid(game_id), game), replay(game).final
                )
            write_atomically(path, csv_bytes(rows_of_games))
        except LibraryError as error:
            self.prompts.warn(self, tr("files.cannot_export"), error_said(error))
            return None
        except OSError as error:
            reason = error.strerror or error
            self.prompts.warn(
                self, tr("files.cannot_export"), tr("files.cannot_write", path=path, reason=reason)
            )
            return None
        self._say(tr("games.exported", file=isolate(path.name)))
        return path

    def _summary(self, game_id: int) -> Any:
        row = self.model.row_of(game_id)
        if row is None:
            raise KeyError(game_id)
        return self.model.summary(row)

    def _say(self, text: str) -> None:
        self.notice.setText(text)
        self.notice.setVisible(bool(text))
        self.message.emit(text)

    def _filter(self, text: str) -> None:
        self.proxy.set_filter_text(text)
        self._update_actions()

    def _update_actions(self) -> None:
        has_selection = self.selected_id() is not None
        deleted = self.selected_is_deleted()
        for action in (self.open_action, self.rename_action, self.delete_action):
            action.setEnabled(has_selection and not deleted)
        self.export_action.setEnabled(has_selection)
        self.export_csv_action.setEnabled(has_selection or self.proxy.rowCount() > 0)
        self.restore_action.setEnabled(deleted)
        self.buttons[self.restore_action].setVisible(self.show_deleted.isChecked())
        empty = self.proxy.rowCount() == 0
        if self.model.rowCount() == 0 and self._has_deleted:
            self.empty_label.setText(tr("games.empty_with_deleted"))
        elif self.model.rowCount() == 0:
            self.empty_label.setText(tr("games.empty"))
        else:
            self.empty_label.setText(tr("games.no_match", filter=isolate(self.search.text())))
        # The window's, not the list's own focus: a window not active yet (no window
        # manager gives it back at once after a question) still sends its keys there.
        if empty and self.table.isVisible() and self.window().focusWidget() is self.table:
            # Hidden, the list passes the keys on to a button, or in a window not active
            # yet to nothing.
            self._list_had_keys = True
        self.table.setVisible(not empty)
        self.empty_label.setVisible(empty)
        if not empty and self._list_had_keys:
            self._list_had_keys = False
            # Where one types a filter, the keys stay.
            if self.window().focusWidget() is not self.search:
                self.table.setFocus()
