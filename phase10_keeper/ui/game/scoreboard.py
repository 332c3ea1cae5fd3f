"""The scoreboard: the standings in type big enough to read across the room.

A window of its own, shown full screen (on a second screen or a TV when there is one),
that follows the game as hands are recorded. Esc or F11 leaves it; S moves it on to the
next screen.
"""

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QCloseEvent, QFont, QGuiApplication, QKeyEvent, QResizeEvent, QScreen
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QLabel,
    QLayout,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from phase10_keeper.language.wording import phase_description
from phase10_keeper.rules import Status
from phase10_keeper.stats.standings import (
    CellKind,
    Next,
    StandingsColumn,
    StandingsRow,
    shown_columns,
)
from phase10_keeper.ui.game.session import GameSession
from phase10_keeper.ui.game.standings_model import StandingsModel, phase_text
from phase10_keeper.ui.text import wording
from phase10_keeper.ui.text.escape import plain
from phase10_keeper.ui.text.translate import app_words, tr
from phase10_keeper.ui.text.wording import number_text

LINES_PER_PLAYER = 1.6
"""A player's row is this many lines of the big type tall: the phase's wording below."""
SMALLEST_TYPE = 14
BOARD_KEYS = (Qt.Key.Key_Escape, Qt.Key.Key_F11, Qt.Key.Key_S)
"""The keys the board answers itself: leave it, or move it to the next screen."""
STYLE = """
Scoreboard { background: palette(base); }
QLabel#mark {
    background: palette(highlight); color: palette(highlighted-text);
    border-radius: 6px; padding: 0 8px;
}
QLabel#muted { color: palette(placeholder-text); }
QFrame#rule { background: palette(mid); }
"""


def _header(column: StandingsColumn) -> str:
    return tr(column.spec.words.scoreboard)


def _alignment(column: StandingsColumn) -> Qt.AlignmentFlag:
    side = Qt.AlignmentFlag.AlignLeft if column.left_aligned else Qt.AlignmentFlag.AlignRight
    return side | Qt.AlignmentFlag.AlignVCenter


def _give_room_to_name(name: QLabel, wraps: bool) -> None:
    """A wrapping name takes all of its cell but its badges (it would keep the narrow width
    a wrapping label asks for, three lines with room beside it); a name on one line
    leaves the rest of the cell empty after its badges, so they sit beside it."""
    cell = name.parentWidget()
    line = cell.layout() if cell is not None else None
    if isinstance(line, QGridLayout):
        line.setColumnStretch(0, 1 if wraps else 0)
        line.setColumnStretch(line.columnCount() - 1, 0 if wraps else 1)


class Scoreboard(QWidget):
    """Constructor: `Scoreboard(session)`; it follows that game for as long as it is open
    (another game gets a scoreboard of its own).

    `open()` shows it full screen on the screen that suits it best.
    """

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("scoreboard")
        self.setWindowTitle(tr("scoreboard.title"))
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground)
        self.setStyleSheet(STYLE)
        self.session = session
        self.model = StandingsModel(session.state, self)
        self.headline = QLabel()
        self.detail = QLabel()
        self.detail.setWordWrap(True)
        self.game_title = QLabel()
        self.game_title.setObjectName("muted")
        self.game_title.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
        plain(self.headline, self.detail, self.game_title)
        self.table = QGridLayout()
        self.table.setHorizontalSpacing(32)
        self.table.setVerticalSpacing(6)
        self.keys = QLabel(tr("scoreboard.keys"))
        self.keys.setObjectName("muted")
        self.keys.setAlignment(Qt.AlignmentFlag.AlignRight)
        rule = QFrame()
        rule.setObjectName("rule")
        rule.setFixedHeight(2)

        top = QGridLayout()
        top.addWidget(self.headline, 0, 0)
        top.addWidget(self.game_title, 0, 1)
        top.addWidget(self.detail, 1, 0, 1, 2)
        top.setColumnStretch(0, 1)
        layout = QVBoxLayout(self)
        # The type is fitted to the window, never the window to the type: trying a size
        # must not make the window grow.
        layout.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)
        layout.setContentsMargins(48, 32, 48, 24)
        layout.setSpacing(16)
        layout.addLayout(top)
        layout.addWidget(rule)
        layout.addLayout(self.table)
        layout.addStretch(1)
        layout.addWidget(self.keys)
        self._cells: list[QWidget] = []
        session.changed.connect(self.refresh)
        self.refresh()

    # -- showing -------------------------------------------------------------------------

    def refresh(self) -> None:
        state = self.session.state
        self.model.set_state(state)
        self.headline.setText(wording.headline(state))
        self.detail.setText(wording.detail(state))
        self.game_title.setText(self.session.game.title)
        for cell in self._cells:
            self.table.removeWidget(cell)
            cell.deleteLater()
        self._cells = []
        columns = shown_columns(state)
        for position, column in enumerate(columns):
            self._label(_header(column), 0, position, _alignment(column), "muted")
        for place in range(self.model.rowCount()):
            row = self.model.row(place)
            for position, column in enumerate(columns):
                self._cell(row, column, place + 1, position)
        # Names get the room first: a name wraps only when the window is narrow.
        for position, column in enumerate(columns):
            self.table.setColumnStretch(position, column.spec.room)
        self._apply_type()

    def _cell(self, row: StandingsRow, column: StandingsColumn, line: int, position: int) -> None:
        spec = column.spec
        match spec.kind:
            case CellKind.NAME:
                self._name_cell(row, line, position)
            case CellKind.PHASE:
                self._phase_cell(row, line, position)
            case CellKind.NUMBER:
                text = number_text(spec.number(row))
                cell = self._label(text, line, position, _alignment(column))
                if spec.emphasised:
                    cell.setProperty("role", "total")

    def _label(
        self, text: str, row: int, column: int, align: Qt.AlignmentFlag, name: str = ""
    ) -> QLabel:
        label = QLabel(text)
        label.setObjectName(name)
        label.setAlignment(align)
        self.table.addWidget(label, row, column)
        self._cells.append(label)
        return label

    def _name_cell(self, row: StandingsRow, line_number: int, position: int) -> None:
        finished = self.session.state.status is Status.FINISHED
        cell = QWidget()
        line = QGridLayout(cell)
        line.setContentsMargins(0, 0, 0, 0)
        line.setHorizontalSpacing(16)
        text = QLabel(row.name)
        plain(text)
        text.setWordWrap(True)
        text.setProperty("role", "name")
        text.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        line.addWidget(text, 0, 0)
        marks = []
        if row.winner:
            marks.append(tr("scoreboard.winner"))
        if row.dealer and not finished:
            marks.append(tr("scoreboard.deals"))
        if not row.seated:
            marks.append(tr("scoreboard.left"))
        for position, mark in enumerate(marks, start=1):
            badge = QLabel(mark)
            badge.setObjectName("mark")
            badge.setProperty("role", "mark")
            badge.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
            line.addWidget(badge, 0, position, Qt.AlignmentFlag.AlignVCenter)
        line.setColumnStretch(len(marks) + 1, 1)
        self.table.addWidget(cell, line_number, position)
        self._cells.append(cell)

    def _phase_cell(self, row: StandingsRow, line: int, position: int) -> None:
        phase = row.phase if row.next is Next.ATTEMPTS else None
        if phase is None:
            self._label(phase_text(row), line, position, _alignment(StandingsColumn.PHASE))
            return
        cell = QWidget()
        column = QVBoxLayout(cell)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        number = QLabel(tr("scoreboard.phase", phase=phase.label))
        number.setProperty("role", "phase")
        asks = QLabel(phase_description(app_words(), phase))
        asks.setObjectName("muted")
        asks.setProperty("role", "asks")
        asks.setWordWrap(True)
        column.addWidget(number)
        column.addWidget(asks)
        self.table.addWidget(cell, line, position)
        self._cells.append(cell)

    def _apply_type(self) -> None:
        """The largest type with which the whole board fits the window, so the table
        fills a TV as well as a laptop."""
        rows = max(1, self.model.rowCount())
        size = max(SMALLEST_TYPE, int(self.height() / (rows * LINES_PER_PLAYER + 4)))
        layout = self.layout()
        assert layout is not None
        while True:
            self._set_type(size)
            layout.activate()
            needed = layout.totalHeightForWidth(self.width())
            if needed < 0:
                needed = layout.totalSizeHint().height()
            wide = layout.totalMinimumSize().width()
            if size <= SMALLEST_TYPE or (needed <= self.height() and wide <= self.width()):
                break
            size = max(SMALLEST_TYPE, int(size * 0.92))
        self.type_size = size

    def _set_type(self, size: int) -> None:
        scales = {"name": 1.0, "phase": 1.0, "asks": 0.55, "total": 1.1, "mark": 0.55}
        for label in self.findChildren(QLabel):
            role = label.property("role")
            font = QFont(self.font())
            font.setPixelSize(max(10, round(size * scales.get(str(role), 0.75))))
            font.setBold(role in ("name", "total", "phase", "mark"))
            label.setFont(font)
            if role == "name":
                # A wrapping label asks for little width; a name that fits on one line
                # in two fifths of the board keeps it.
                whole = label.fontMetrics().horizontalAdvance(label.text())
                wraps = whole > self.width() * 2 // 5
                label.setWordWrap(wraps)
                _give_room_to_name(label, wraps)
        headline = QFont(self.font())
        headline.setPixelSize(round(size * 1.1))
        headline.setBold(True)
        self.headline.setFont(headline)
        detail = QFont(self.font())
        detail.setPixelSize(round(size * 0.6))
        self.detail.setFont(detail)
        self.game_title.setFont(detail)
        small = QFont(self.font())
        small.setPixelSize(max(10, round(size * 0.35)))
        self.keys.setFont(small)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        # Settings → Language: the board is worded again as it is built, from the game.
        if event.type() == QEvent.Type.LanguageChange:
            self.setWindowTitle(tr("scoreboard.title"))
            self.keys.setText(tr("scoreboard.keys"))
            self.refresh()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._apply_type()

    # -- screens -------------------------------------------------------------------------

    def open(self, beside: QWidget | None = None) -> None:
        """Shows the board full screen: on another screen than `beside` when there is one."""
        screens = QGuiApplication.screens()
        here = beside.screen() if beside is not None else None
        others = [screen for screen in screens if screen is not here]
        self._show_on(others[0] if others else (here or QGuiApplication.primaryScreen()))
        self.raise_()
        self.activateWindow()

    def next_screen(self) -> None:
        screens = QGuiApplication.screens()
        if len(screens) > 1:
            current = screens.index(self.screen()) if self.screen() in screens else 0
            self._show_on(screens[(current + 1) % len(screens)])

    def _show_on(self, screen: QScreen) -> None:
        if self.isFullScreen():
            self.showNormal()
        self.setScreen(screen)
        self.setGeometry(screen.availableGeometry())
        self.showFullScreen()

    def event(self, event: QEvent) -> bool:
        # F11 is also the window's shortcut that opens the board; claimed here, it closes
        # the board instead of opening it again.
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and event.key() in BOARD_KEYS
        ):
            event.accept()
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Escape, Qt.Key.Key_F11):
            self.close()
        elif key == Qt.Key.Key_S:
            self.next_screen()
        else:
            super().keyPressEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        super().closeEvent(event)
        owner = self.parentWidget()
        if owner is not None:
            owner.activateWindow()
