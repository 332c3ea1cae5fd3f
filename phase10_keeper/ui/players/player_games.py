"""A player's games as the Players page lists them, the latest first, and the words for
each point of their form chart: both worded as they are asked for, not all at once."""

from collections.abc import Callable, Hashable, Sequence
from enum import IntEnum
from typing import Any, NamedTuple

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QFontMetrics

from phase10_keeper.stats import GameRecord, PlayedGame
from phase10_keeper.ui.text.translate import tr
from phase10_keeper.ui.text.wording import date_text, number_text
from phase10_keeper.ui.widgets.text_table import MeasuredTableModel
from phase10_keeper.ui.widgets.worded import WordedWhenAsked

_Index = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()


class LibraryGame(NamedTuple):
    """A game of the library as the page counts it. A tuple: a library of ten years
    makes ten thousand of them each time it is counted."""

    id: int
    title: str
    started: str | None
    record: GameRecord

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(player.name for player in self.record.players)

    @property
    def name(self) -> str:
        """The game's title, or words for it where it has none."""
        return self.title or tr("players.untitled_game", number=self.id)


class GamesColumn(IntEnum):
    DATE = 0
    TITLE = 1
    PLACE = 2
    POINTS_PER_HAND = 3
    RESULT = 4


def games_headings() -> list[str]:
    return [
        tr("players.game_date"),
        tr("players.game_title"),
        tr("players.game_place"),
        tr("players.game_points_per_hand"),
        tr("players.game_result"),
    ]


def place_text(played: PlayedGame) -> str:
    return tr("players.place", place=played.position, seats=played.seats)


def result_text(played: PlayedGame) -> str:
    if played.won:
        return tr("players.result_won")
    if played.left_before is not None:
        return tr("players.result_left", number=played.left_before)
    if played.finished:
        return tr("players.result_finished")
    return tr("players.result_in_progress")


def per_hand_text(played: PlayedGame) -> str:
    return number_text(played.points_per_hand, 1)


_Keyed = Callable[[PlayedGame, Sequence[LibraryGame]], Hashable]
# What a cell's text depends on, by column: each distinct one is worded once, however
# many of the player's games share it (a place, a result, an evening's date).
_KEYS: dict[GamesColumn, _Keyed] = {
    GamesColumn.DATE: lambda played, games: games[played.game_index].started,
    GamesColumn.TITLE: lambda played, _games: played.game_index,
    GamesColumn.PLACE: lambda played, _games: (played.position, played.seats),
    GamesColumn.POINTS_PER_HAND: lambda played, _games: played.points_per_hand,
    GamesColumn.RESULT: lambda played, _games: (played.won, played.left_before, played.finished),
}


class PlayerGamesModel(MeasuredTableModel):
    """One player's games, the latest first: date, title, place, points per hand and
    result. A player of ten years has thousands of games, of which a screenful is seen:
    a cell is worded when the view first asks for it, and the widest text of a column
    found from its distinct texts."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._headers = tuple(games_headings())
        self._played: Sequence[PlayedGame] = ()
        self._games: Sequence[LibraryGame] = ()
        self._texts: dict[tuple[GamesColumn, Hashable], str] = {}

    def set_games(self, played: Sequence[PlayedGame], games: Sequence[LibraryGame]) -> None:
        """The player's games in the order played; `games` the library's, which each
        played game's `game_index` points into."""
        self.beginResetModel()
        self._played = played[::-1]
        self._games = games
        # Worded again: the language may have changed since.
        self._texts = {}
        self.endResetModel()

    def set_headers(self, headers: Sequence[str]) -> None:
        """New headings, as in another language."""
        self._headers = tuple(headers)
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(self._headers) - 1)

    def game_id(self, row: int) -> int:
        return self._games[self._played[row].game_index].id

    def text(self, row: int, column: GamesColumn) -> str:
        played = self._played[row]
        key = (column, _KEYS[column](played, self._games))
        text = self._texts.get(key)
        if text is None:
            text = self._texts[key] = self._worded(played, column)
        return text

    def _worded(self, played: PlayedGame, column: GamesColumn) -> str:
        if column is GamesColumn.DATE:
            return date_text(self._games[played.game_index].started)
        if column is GamesColumn.TITLE:
            return self._games[played.game_index].name
        if column is GamesColumn.PLACE:
            return place_text(played)
        if column is GamesColumn.POINTS_PER_HAND:
            return per_hand_text(played)
        return result_text(played)

    def widest_row(self, column: int, metrics: QFontMetrics) -> int | None:
        keyed, games = _KEYS[GamesColumn(column)], self._games
        first_row: dict[Hashable, int] = {}
        for number, played in enumerate(self._played):
            first_row.setdefault(keyed(played, games), number)
        # Two keys may share a text: the first row holding it is the one measured.
        first_of_text: dict[str, int] = {}
        for number in first_row.values():
            first_of_text.setdefault(self.text(number, GamesColumn(column)), number)
        if not first_of_text:
            return None
        return first_of_text[max(first_of_text, key=metrics.horizontalAdvance)]

    def rowCount(self, parent: _Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(self._played)

    def columnCount(self, parent: _Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(self._headers)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if (
            orientation == Qt.Orientation.Horizontal
            and role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole)
            and 0 <= section < len(self._headers)
        ):
            return self._headers[section]
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or role != Qt.ItemDataRole.DisplayRole:
            return None
        return self.text(index.row(), GamesColumn(index.column()))


class FormDetails(WordedWhenAsked[str]):
    """What the form chart says of each of a player's games, in the order played ("Game
    3: Sunday, 2nd of 4, 12.5 points a hand"), worded as hover or the keyboard reach it."""

    def __init__(self, played: Sequence[PlayedGame], games: Sequence[LibraryGame]) -> None:
        super().__init__(len(played))
        self._played = played
        self._games = games

    def worded(self, place: int) -> str:
        played = self._played[place]
        return tr(
            "players.form_detail",
            number=place + 1,
            title=self._games[played.game_index].name,
            place=place_text(played),
            points=per_hand_text(played),
        )
