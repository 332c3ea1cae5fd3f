"""The Help menu's pages, shown inside the app: how to keep score, and every key.

The keyboard page reads the menus' shortcuts from the window itself, so it cannot fall
behind them; the keys that work inside one part of the window are listed beside them.
"""

from html import escape

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QMainWindow,
    QMenu,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)


def _tr(text: str) -> str:
    return QCoreApplication.translate("help", text)


def _key(sequence: QKeySequence | str) -> str:
    if isinstance(sequence, QKeySequence):
        sequence = sequence.toString(QKeySequence.SequenceFormat.NativeText)
    return f"<kbd>{escape(sequence)}</kbd>"


def _table(rows: list[tuple[str, str]]) -> str:
    cells = "".join(
        f"<tr><td class='key'>{keys}</td><td>{escape(what)}</td></tr>" for keys, what in rows
    )
    return f"<table cellpadding='4'>{cells}</table>"


def context_keys() -> list[tuple[str, list[tuple[str, str]]]]:
    """Keys that work in one part of the window, by part: (heading, [(keys, what)])."""
    enter = _key("Enter")
    return [
        (
            _tr("Start page"),
            [
                (f"{_key('Tab')} {_key('↑')} {_key('↓')}", _tr("move between the entries")),
                (f"{enter} {_key('Space')}", _tr("open the entry that has the focus")),
            ],
        ),
        (
            _tr("New game"),
            [
                (enter, _tr("add the typed name (or the completion picked from the list)")),
                (_tr("%1 in an empty name field").replace("%1", enter), _tr("start the game")),
                (_key("Ctrl+Enter"), _tr("start the game from anywhere in the dialog")),
                (f"{_key('Alt+↑')} {_key('Alt+↓')}", _tr("move the selected player a seat")),
                (_key("Esc"), _tr("cancel")),
            ],
        ),
        (
            _tr("Entering a hand"),
            [
                (f"{_key('Tab')} {_key('↑')} {_key('↓')} {_key('←')} {_key('→')}", _tr("move")),
                (_key("O"), _tr("the player of this row went out")),
                (_key("Space"), _tr("the player of this row made the phase")),
                (
                    _tr("%1 to %2").replace("%1", _key("0")).replace("%2", _key("9")),
                    _tr("cards of the column's kind left in hand"),
                ),
                (enter, _tr("record the hand (or save the hand being corrected)")),
                (_key("Esc"), _tr("stop correcting a hand")),
            ],
        ),
        (
            _tr("Score grid"),
            [
                (f"{_key('←')} {_key('→')}", _tr("select a hand")),
                (f"{enter} {_key('F2')}", _tr("correct the selected hand")),
                (_key("Ctrl+Delete"), _tr("delete the selected hand")),
                (
                    f"{_key('Ctrl+PgUp')} {_key('Ctrl+PgDown')}",
                    _tr("previous or next page of the sheet (twelve hands a page)"),
                ),
            ],
        ),
        (
            _tr("Scoreboard"),
            [
                (f"{_key('Esc')} {_key('F11')}", _tr("back to the game")),
                (_key("S"), _tr("move the scoreboard to the next screen")),
            ],
        ),
    ]


def _rows(actions: list[QAction]) -> list[tuple[str, str]]:
    rows = []
    for action in actions:
        keys = [key for key in action.shortcuts() if not key.isEmpty()]
        if keys:
            text = action.text().replace("&", "").rstrip("…")
            rows.append((" ".join(_key(key) for key in keys), text))
    return rows


def menu_keys(window: QMainWindow) -> list[tuple[str, list[tuple[str, str]]]]:
    """Every command with a key, read from the window's menus and its own actions:
    (menu, [(keys, command)])."""
    sections = []
    for menu_action in window.menuBar().actions():
        menu = menu_action.menu()
        if isinstance(menu, QMenu) and (rows := _rows(menu.actions())):
            sections.append((menu.title().replace("&", ""), rows))
    if rows := _rows(window.actions()):
        sections.append((_tr("Anywhere"), rows))
    return sections


def keyboard_page(window: QMainWindow) -> str:
    parts = [f"<h2>{escape(_tr('Keyboard Shortcuts'))}</h2>"]
    for heading, rows in [*menu_keys(window), *context_keys()]:
        parts.append(f"<h3>{escape(heading)}</h3>{_table(rows)}")
    return "".join(parts)


def how_to_page() -> str:
    steps = [
        _tr(
            "<b>Start a game.</b> File → New Game. Type each player's name and press "
            "Enter, in the order you sit, clockwise. Choose who deals first and, on the "
            "Rules tab, the rules you play. Ctrl+Enter starts the game."
        ),
        _tr(
            "<b>Play a hand.</b> The top of the game page says who deals and who plays "
            "first; in the grid, the dealer's row is marked <i>deals</i> and the first "
            "player's <i>1st</i>."
        ),
        _tr(
            "<b>Record the hand.</b> When someone goes out, find their row in the panel "
            "under the grid and press O. For everyone who laid their phase down, press "
            "Space. Then type how many cards each player still holds, by kind: 1-9, "
            "10-12, skips and wilds. The points add up as you type; for a player who "
            "missed the phase the 1-9 count fills itself from the others, since they hold "
            "ten cards. Press Enter to record."
        ),
        _tr(
            "<b>Read the sheet.</b> Each cell of the grid shows the phase tried (struck "
            "through when missed), ✓ or ✗, <i>out</i> for who went out, and the points. "
            "The Total column keeps the running total: phases count first, and among "
            "those who complete the last phase the lowest total wins. Like the paper "
            "sheet, the grid shows twelve hands a page: the arrows at the top turn the "
            "pages."
        ),
        _tr(
            "<b>Fix a mistake.</b> Edit → Undo takes back the last change. To correct an "
            "older hand, select it in the grid and press Enter (or F2), change it in the "
            "panel and save it."
        ),
        _tr(
            "<b>Someone leaves or arrives.</b> Before the next hand, Game → Player Leaves "
            "takes a player off the table (they keep their total and cannot win), and "
            "Game → Player Joins seats a newcomer with the starting total and phase the "
            "table agrees on."
        ),
        _tr(
            "<b>Show the table.</b> View → Scoreboard (F11) shows the standings in big "
            "type, full screen, on a second screen or TV if one is connected. It follows "
            "the game as you record hands. Esc comes back."
        ),
        _tr(
            "<b>End of the game.</b> When a player completes the last phase, the app "
            "names the winner and the final ranking. A tie on the total is settled by one "
            "more hand for the tied players. Every game is saved as you go: File → Open "
            "Library finds it again, and File → Export Score Sheet prints it."
        ),
    ]
    items = "".join(f"<li style='margin-bottom: 8px'>{step}</li>" for step in steps)
    return f"<h2>{escape(_tr('How to Keep Score'))}</h2><ol>{items}</ol>"


class HelpDialog(QDialog):
    """A page of help in a window beside the game, left open while playing."""

    def __init__(self, title: str, html: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(True)
        self.browser.document().setDefaultStyleSheet(
            "kbd { font-family: monospace; font-weight: bold; } td.key { white-space: pre; }"
        )
        self.browser.setHtml(html)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addWidget(buttons)
        width = self.fontMetrics().averageCharWidth() * 96
        self.resize(width, min(width * 5 // 4, 640))
        self.setWindowModality(Qt.WindowModality.NonModal)

    @classmethod
    def how_to_keep_score(cls, parent: QWidget | None = None) -> "HelpDialog":
        return cls(_tr("How to Keep Score"), how_to_page(), parent)

    @classmethod
    def keyboard_shortcuts(cls, window: QMainWindow) -> "HelpDialog":
        return cls(_tr("Keyboard Shortcuts"), keyboard_page(window), window)
