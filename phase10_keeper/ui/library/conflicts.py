"""Games changed on two computers at once. Sharing through a folder (storage.sync) keeps
both versions: the game, and a second game marked `conflict_of` it. The saved-games page
marks both, a bar above the list counts them, and opening one shows the two versions side
by side, to keep one of them or both as games of their own.

Whatever the keeper chooses is a change of the library that the next sync shares as a
version superseding both (CONTRACTS §5): the chosen content saved into the game and the
second game deleted to the bin, or the second game made a game of its own.
"""

from collections.abc import Sequence
from enum import Enum
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from phase10_keeper.ui.text.escape import isolate, plain
from phase10_keeper.ui.text.translate import tr

if TYPE_CHECKING:
    from phase10_keeper.rules import Game


class Choice(Enum):
    """Which version the keeper keeps: the game's, the second game's, or both."""

    FIRST = "first"
    SECOND = "second"
    BOTH = "both"


class ConflictLibrary(Protocol):
    """The parts of the library choosing a version uses."""

    def load_game(self, game_id: int) -> "Game": ...
    def save_game(self, game_id: int, game: "Game") -> None: ...
    def delete_game(self, game_id: int) -> None: ...
    def keep_apart(self, game_id: int) -> None: ...


def conflict_pairs(games: Sequence[Any]) -> dict[int, tuple[int, int]]:
    """For each listed game that keeps a conflict, or is one, the pair (the game's id, the
    second game's id); games in the bin and a second game whose game is not listed are
    left out. A game with several second games (three computers) pairs with the first."""
    live = [game for game in games if game.deleted is None]
    by_uid = {game.uid: game.id for game in live if game.uid}
    pairs: dict[int, tuple[int, int]] = {}
    for game in live:
        first = by_uid.get(game.conflict_of) if game.conflict_of else None
        if first is None:
            continue
        pairs[game.id] = (first, game.id)
        pairs.setdefault(first, (first, game.id))
    return pairs


def keep(library: ConflictLibrary, first_id: int, second_id: int, choice: Choice) -> None:
    """Writes the keeper's choice: a change the next sync shares as superseding both."""
    if choice is Choice.BOTH:
        library.keep_apart(second_id)
        return
    if choice is Choice.SECOND:
        chosen = library.load_game(second_id)
        # Read first: the save replaces the copy just read, and nothing newer.
        library.load_game(first_id)
        library.save_game(first_id, chosen)
    library.delete_game(second_id)


class ConflictBar(QFrame):
    """Hidden while no game keeps a conflict. Signals: `showRequested(bool)` (list only
    the games with a conflict, or all again), `chooseRequested()` (compare the first)."""

    showRequested = Signal(bool)
    chooseRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.text = QLabel()
        plain(self.text)
        self.text.setWordWrap(True)
        self.show_button = QPushButton(tr("conflicts.show_them"))
        self.show_button.setCheckable(True)
        self.show_button.setAutoDefault(False)
        self.show_button.toggled.connect(self.showRequested)
        self.choose_button = QPushButton(tr("conflicts.choose"))
        self.choose_button.setAutoDefault(False)
        self.choose_button.clicked.connect(self.chooseRequested)
        layout = QHBoxLayout(self)
        layout.addWidget(self.text, 1)
        layout.addWidget(self.show_button)
        layout.addWidget(self.choose_button)
        self.hide()

    def show_count(self, count: int) -> None:
        """`count` conflicts to choose in (each a pair of games)."""
        self.text.setText(tr("conflicts.bar", count=count))
        if not count and self.show_button.isChecked():
            self.show_button.setChecked(False)
        self.setVisible(bool(count))


def _totals(game: "Game") -> str:
    from phase10_keeper.rules import replay

    players = replay(game).final.players
    return "\n".join(
        tr("conflicts.total", name=isolate(player.name), total=player.total) for player in players
    )


def _facts(game: "Game") -> tuple[str, ...]:
    return (
        game.title or tr("games.untitled"),
        tr("names.separator").join(isolate(name) for name in game.players),
        str(len(game.hands)),
        _totals(game),
    )


class ConflictDialog(QDialog):
    """The two versions side by side (title, players, hands, totals), what differs in
    bold, with a button to keep each, one to keep both, and Cancel. `choice` is the
    keeper's answer once accepted; `choose` gives it as the buttons do."""

    def __init__(self, first: "Game", second: "Game", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("conflicts.title"))
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 70)
        self.choice: Choice | None = None
        intro = QLabel(tr("conflicts.intro"))
        intro.setWordWrap(True)
        grid = QGridLayout()
        self.cells: list[tuple[QLabel, QLabel]] = []
        for column, heading in ((1, "conflicts.first"), (2, "conflicts.second")):
            label = QLabel(tr(heading))
            font = label.font()
            font.setBold(True)
            label.setFont(font)
            grid.addWidget(label, 0, column)
        rows: tuple[str, ...] = ("conflicts.row_title", "conflicts.row_players")
        rows += ("conflicts.row_hands", "conflicts.row_totals")
        for row, (key, left, right) in enumerate(
            zip(rows, _facts(first), _facts(second), strict=True), start=1
        ):
            grid.addWidget(QLabel(tr(key)), row, 0, Qt.AlignmentFlag.AlignTop)
            cells = (QLabel(left), QLabel(right))
            for column, cell in enumerate(cells, start=1):
                plain(cell)
                cell.setWordWrap(True)
                if left != right:
                    font = cell.font()
                    font.setBold(True)
                    cell.setFont(font)
                grid.addWidget(cell, row, column, Qt.AlignmentFlag.AlignTop)
            self.cells.append(cells)
        self.keep_first = QPushButton(tr("conflicts.keep_this"))
        self.keep_second = QPushButton(tr("conflicts.keep_this"))
        self.keep_first.setAccessibleName(tr("conflicts.keep_first"))
        self.keep_second.setAccessibleName(tr("conflicts.keep_second"))
        grid.addWidget(self.keep_first, len(rows) + 1, 1)
        grid.addWidget(self.keep_second, len(rows) + 1, 2)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.keep_both = buttons.addButton(
            tr("conflicts.keep_both"), QDialogButtonBox.ButtonRole.ActionRole
        )
        buttons.rejected.connect(self.reject)
        self.keep_first.clicked.connect(lambda: self.choose(Choice.FIRST))
        self.keep_second.clicked.connect(lambda: self.choose(Choice.SECOND))
        self.keep_both.clicked.connect(lambda: self.choose(Choice.BOTH))
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(grid)
        layout.addWidget(buttons)

    def choose(self, choice: Choice) -> None:
        self.choice = choice
        self.accept()
