"""What the app shows when no game is open: start a game, continue one, import, print."""

from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QSize, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QIcon,
    QKeyEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QPixmap,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QCommandLinkButton,
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from phase10_keeper.resource_files import resource_path
from phase10_keeper.rules import Status
from phase10_keeper.ui.text.escape import isolate
from phase10_keeper.ui.text.translate import tr, tr_count
from phase10_keeper.ui.text.wording import date_text
from phase10_keeper.ui.widgets.damage_bar import DamageBar

if TYPE_CHECKING:
    from phase10_keeper.storage.library import Library

RECENT_GAMES = 3
ICON_SIZE = 64
ICON_FILES = (64, 128, 256, 512)
"""The sizes the app's icon is drawn at in `resources/icons`."""
ARROW_SIZE = 20
"""The entries' arrow's size: Qt's command link's own."""
REMEMBERED_WIDTHS = 64
"""How many widths an entry remembers its height at."""
FOCUS_FRAME = 2
FOCUS_RADIUS = 6
_MEASURES_CHANGED = frozenset(
    (
        QEvent.Type.FontChange,
        QEvent.Type.StyleChange,
        QEvent.Type.LanguageChange,
        QEvent.Type.LayoutDirectionChange,
    )
)


class PageLink(QCommandLinkButton):
    """An entry of the start page: drawn framed in the highlight colour while it has the
    focus; Enter opens it, and Up and Down call `walk(self, step)` to move the focus the
    way they do in a menu (buttons outside a dialog ignore Enter).

    It remembers its measurements: Qt's command link lays out its words anew each time a
    layout asks its size, about twenty times per entry before the page first shows, a
    sixth of that first show. They hang on its words, the screen's dots per inch and
    pixel ratio, its fonts and its style: the first three are part of what is
    remembered, and a change of font, style or language forgets it all."""

    def __init__(
        self, text: str, description: str, walk: Callable[["PageLink", int], None]
    ) -> None:
        super().__init__(text, description)
        self._walk = walk
        self._sizes: dict[tuple[str, str, int, float], QSize] = {}
        self._heights: dict[tuple[str, str, int, float, int], int] = {}

    def _measured(self) -> tuple[str, str, int, float]:
        return (self.text(), self.description(), self.logicalDpiY(), self.devicePixelRatioF())

    def sizeHint(self) -> QSize:
        key = self._measured()
        size = self._sizes.get(key)
        if size is None:
            size = self._sizes[key] = super().sizeHint()
        return QSize(size)

    def heightForWidth(self, width: int) -> int:
        key = (*self._measured(), width)
        height = self._heights.get(key)
        if height is None:
            # A window dragged wider and narrower asks at each width it passes.
            if len(self._heights) >= REMEMBERED_WIDTHS:
                self._heights.clear()
            height = self._heights[key] = super().heightForWidth(width)
        return height

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in _MEASURES_CHANGED:
            self._sizes.clear()
            self._heights.clear()
        super().changeEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        # The keypad's Enter and arrows come with the keypad's mark; they are the same keys.
        if not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
            if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
                self.click()
                return
            if key in (Qt.Key.Key_Up, Qt.Key.Key_Down):
                self._walk(self, 1 if key == Qt.Key.Key_Down else -1)
                return
        super().keyPressEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        # Drawn here rather than by a style sheet: a style sheet on each entry cost the
        # page a sixth of its first show, and the frame is all it changed.
        super().paintEvent(event)
        if not self.hasFocus():
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(self.palette().color(QPalette.ColorRole.Highlight), FOCUS_FRAME))
        inset = FOCUS_FRAME / 2
        painter.drawRoundedRect(
            self.rect().toRectF().adjusted(inset, inset, -inset, -inset),
            FOCUS_RADIUS - inset,
            FOCUS_RADIUS - inset,
        )


def _unfinished(summary: Any) -> bool:
    return summary.status is not Status.FINISHED


class StartView(QWidget):
    """The start page (a `ui.page.Page`).

    Constructor: `StartView(parent=None)`; `set_games(summaries, damaged)` (the library's
    list, newest first, and its damaged games) offers the latest unfinished games to
    continue, and says which are damaged; `refresh_games` does so on the page shown.
    Signals: `newGameRequested()`, `continueRequested(int)` (a game id),
    `libraryRequested()`, `importRequested()`, `blankSheetsRequested()`,
    `playersRequested()`.
    """

    exports_game = False
    prints_sheet = False

    newGameRequested = Signal()
    continueRequested = Signal(int)
    libraryRequested = Signal()
    importRequested = Signal()
    blankSheetsRequested = Signal()
    playersRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.undo_stack = QUndoStack(self)
        """Empty: nothing done on the start page could be undone."""
        self._arrow = self._drawn_arrow()
        """The entries' arrow, one icon for all: each entry's own would read and decode
        its image again when first drawn, a fifth of the page's first show."""
        self._build_links()
        start_heading = self._build_continue()
        column = QVBoxLayout()
        column.setSpacing(6)
        column.addLayout(self._heading())
        column.addSpacing(18)
        self.damage_bar = DamageBar("games.damaged_left_out")
        column.addWidget(self.damage_bar)
        column.addWidget(self.continue_heading)
        column.addLayout(self.continue_layout)
        column.addSpacing(12)
        column.addWidget(start_heading)
        self.start_buttons = [
            self.new_button,
            self.library_button,
            self.import_button,
            self.sheets_button,
            self.players_button,
        ]
        for button in self.start_buttons:
            column.addWidget(button)
        column.addStretch(1)
        content = QWidget()
        content.setMaximumWidth(self.fontMetrics().averageCharWidth() * 72)
        content.setLayout(column)
        centred = QHBoxLayout()
        centred.addStretch(1)
        centred.addWidget(content, 4)
        centred.addStretch(1)
        inner = QWidget()
        inner.setLayout(centred)
        scroll = QScrollArea()
        scroll.setWidget(inner)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 24, 0, 0)
        layout.addWidget(scroll)
        self.set_games(())

    def _heading(self) -> QHBoxLayout:
        """The app's icon, name and what it does."""
        icon = QLabel()
        ratio = self.devicePixelRatioF()
        pixels = round(ICON_SIZE * ratio)
        drawn = next((size for size in ICON_FILES if size >= pixels), ICON_FILES[-1])
        pixmap = QPixmap(str(resource_path("icons", f"phase10-keeper-{drawn}.png")))
        if drawn != pixels:
            pixmap = pixmap.scaled(
                pixels,
                pixels,
                Qt.AspectRatioMode.KeepAspectRatio,
                Qt.TransformationMode.SmoothTransformation,
            )
        pixmap.setDevicePixelRatio(ratio)
        icon.setPixmap(pixmap)
        title = QLabel(tr("start.heading"))
        font = title.font()
        font.setPointSizeF(font.pointSizeF() * 1.8)
        font.setBold(True)
        title.setFont(font)
        subtitle = QLabel(tr("start.subtitle"))
        subtitle.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        heading_text = QVBoxLayout()
        heading_text.addWidget(title)
        heading_text.addWidget(subtitle)
        heading = QHBoxLayout()
        heading.setSpacing(16)
        heading.addWidget(icon)
        heading.addLayout(heading_text, 1)
        return heading

    def _build_links(self) -> None:
        """The ways to start: a new game, the saved games, a file, blank sheets, players."""
        self.new_button = self._link(tr("start.new_game"), tr("start.new_game_detail"))
        self.library_button = self._link(tr("start.library"), tr("start.library_detail"))
        self.import_button = self._link(tr("start.import"), tr("start.import_detail"))
        self.sheets_button = self._link(tr("start.blank_sheets"), tr("start.blank_sheets_detail"))
        self.players_button = self._link(tr("start.players"), tr("start.players_detail"))
        self.players_button.clicked.connect(self.playersRequested)
        self.new_button.clicked.connect(self.newGameRequested)
        self.library_button.clicked.connect(self.libraryRequested)
        self.import_button.clicked.connect(self.importRequested)
        self.sheets_button.clicked.connect(self.blankSheetsRequested)

    def _build_continue(self) -> QLabel:
        """The games to continue (filled by `set_games`); the Start heading under them."""
        self.continue_heading = QLabel(tr("start.continue"))
        heading_font = self.continue_heading.font()
        heading_font.setBold(True)
        self.continue_heading.setFont(heading_font)
        self.continue_layout = QVBoxLayout()
        self.continue_layout.setSpacing(2)
        self.continue_buttons: dict[int, PageLink] = {}
        start_heading = QLabel(tr("start.start"))
        start_heading.setFont(heading_font)
        return start_heading

    def _drawn_arrow(self) -> QIcon:
        """The style's arrow for a command link, in the entries' text colour: the style's
        own is black, and on a dark palette it all but vanished."""
        size = QSize(ARROW_SIZE, ARROW_SIZE)
        arrow = self.style().standardIcon(QStyle.StandardPixmap.SP_CommandLink)
        pixmap = arrow.pixmap(size, self.devicePixelRatioF())
        painter = QPainter(pixmap)
        painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceIn)
        painter.fillRect(pixmap.rect(), self.palette().color(QPalette.ColorRole.ButtonText))
        painter.end()
        return QIcon(pixmap)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self._arrow = self._drawn_arrow()
            for entry in self.entries():
                entry.setIcon(self._arrow)

    def page_title(self) -> str:
        return tr("window.title")

    def page_heading(self) -> None:
        return None

    def edit_actions(self) -> Sequence[QAction]:
        return ()

    def _link(self, text: str, description: str) -> PageLink:
        button = PageLink(text, description, self._walk)
        button.setIconSize(QSize(ARROW_SIZE, ARROW_SIZE))
        button.setIcon(self._arrow)
        button.setAccessibleName(text.replace("&", ""))
        button.setAccessibleDescription(description)
        return button

    def _game_link(self, title: str, details: str) -> PageLink:
        """An entry for a game: its title and names as typed, where the page's own entries'
        "&" marks their shortcut key."""
        button = self._link(title.replace("&", "&&"), details.replace("&", "&&"))
        button.setAccessibleName(title)
        button.setAccessibleDescription(details)
        return button

    def entries(self) -> list[PageLink]:
        """The page's entries from top to bottom: the games to continue, then the rest."""
        return [*self.continue_buttons.values(), *self.start_buttons]

    def _walk(self, entry: PageLink, step: int) -> None:
        entries = self.entries()
        following = entries[(entries.index(entry) + step) % len(entries)]
        following.setFocus(Qt.FocusReason.TabFocusReason)

    def focus_first(self) -> None:
        """Gives the focus to the first entry: the newest game to continue if there is
        one, so Enter continues the last game as a user expects; else New game."""
        first = self.entries()[0]
        # The layout shows a button added to it only later, and a hidden one takes no
        # focus.
        first.show()
        first.setFocus(Qt.FocusReason.OtherFocusReason)

    def set_games(self, summaries: Sequence[Any], damaged: Sequence[Any] = ()) -> None:
        """Offers the newest unfinished games to continue; hides the section if none.
        The `damaged` games (GameDamaged) left out of `summaries` are named above it."""
        self._list_games(summaries, damaged)

    def read_games(self, library: "Library", *, refresh: bool = False) -> None:
        """`set_games` (with `refresh`, `refresh_games`) with the games `library` offers
        to continue and its damaged games: the newest few, not all its games."""
        games = library.games_to_continue(RECENT_GAMES)
        if refresh:
            self.refresh_games(games, library.damaged_games())
        else:
            self.set_games(games, library.damaged_games())

    def refresh_games(self, summaries: Sequence[Any], damaged: Sequence[Any] = ()) -> None:
        """`set_games` on the page as the user left it, after another program changed the
        library: the entry with the focus (the one that will have it when the window is
        active again) keeps it; if its game is no longer offered, the first entry takes
        it, where it would have gone anyway."""
        focus = self.focusWidget()
        focused = next(
            (game_id for game_id, button in self.continue_buttons.items() if button is focus),
            None,
        )
        self._list_games(summaries, damaged)
        if focused is not None:
            kept = self.continue_buttons.get(focused, self.entries()[0])
            # The layout shows a button added to it only later, and a hidden one takes
            # no focus.
            kept.show()
            kept.setFocus(Qt.FocusReason.OtherFocusReason)

    def _list_games(self, summaries: Sequence[Any], damaged: Sequence[Any]) -> None:
        self.damage_bar.show_damage(damaged)
        for button in self.continue_buttons.values():
            self.continue_layout.removeWidget(button)
            button.deleteLater()
        self.continue_buttons = {}
        for summary in [game for game in summaries if _unfinished(game)][:RECENT_GAMES]:
            title = summary.title or tr("start.untitled")
            if summary.hands == 0:
                played = tr("start.not_started")
            else:
                played = tr_count("start.hands_played", summary.hands)
            players = tr("names.separator").join(isolate(name) for name in summary.players)
            parts = [players, played, date_text(summary.started)]
            details = " · ".join(part for part in parts if part)
            button = self._game_link(title, details)
            button.clicked.connect(lambda _=False, game_id=summary.id: self._continue(game_id))
            self.continue_layout.addWidget(button)
            self.continue_buttons[summary.id] = button
        self.continue_heading.setVisible(bool(self.continue_buttons))
        # Tab walks the entries in the order they are drawn, the games to continue first.
        chain = [*self.continue_buttons.values(), self.new_button]
        for before, after in pairwise(chain):
            QWidget.setTabOrder(before, after)

    def _continue(self, game_id: int) -> None:
        self.continueRequested.emit(game_id)
