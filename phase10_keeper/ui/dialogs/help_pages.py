"""The Help menu's pages, shown inside the app: how to keep score, and every key.

The keyboard page reads the menus' shortcuts from the window itself, so it cannot fall
behind them; the keys that work inside one part of the window are listed beside them.
"""

from collections.abc import Callable
from html import escape

from PySide6.QtCore import QEvent, Qt, QTimer
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

from phase10_keeper.ui.text.translate import tr


def _key(sequence: QKeySequence | str) -> str:
    """A key as the platform names it in the user's language ("Ctrl+Del", "Strg+Entf");
    a text is read as Qt's portable key names ("Ctrl+Delete")."""
    if isinstance(sequence, str):
        sequence = QKeySequence.fromString(sequence, QKeySequence.SequenceFormat.PortableText)
    text = sequence.toString(QKeySequence.SequenceFormat.NativeText)
    return f"<kbd>{escape(text)}</kbd>"


def _rows_html(rows: list[tuple[str, str]]) -> str:
    return "".join(
        f"<tr><td class='key'>{keys}</td><td>{escape(what)}</td></tr>" for keys, what in rows
    )


def context_keys() -> list[tuple[str, list[tuple[str, str]]]]:
    """Keys that work in one part of the window, by part: (heading, [(keys, what)])."""
    enter = _key("Enter")
    return [
        (
            tr("help.start_page"),
            [
                (f"{_key('Tab')} {_key('↑')} {_key('↓')}", tr("help.move_between_entries")),
                (f"{enter} {_key('Space')}", tr("help.open_focused_entry")),
            ],
        ),
        (
            tr("help.new_game"),
            [
                (enter, tr("help.add_typed_name")),
                (tr("help.key_in_empty_name", keys=enter), tr("help.start_game")),
                (_key("Ctrl+Enter"), tr("help.start_game_anywhere")),
                (f"{_key('Alt+↑')} {_key('Alt+↓')}", tr("help.move_player_seat")),
                (_key("Esc"), tr("help.cancel")),
            ],
        ),
        (
            tr("help.entering_hand"),
            [
                (f"{_key('Tab')} {_key('↑')} {_key('↓')} {_key('←')} {_key('→')}", tr("help.move")),
                (_key("O"), tr("help.went_out")),
                (_key("Space"), tr("help.made_phase")),
                (_key("P"), tr("help.by_points")),
                (
                    tr("help.key_range", first=_key("0"), last=_key("9")),
                    tr("help.cards_left"),
                ),
                (
                    tr("help.key_range", first=_key("0"), last=_key("9")),
                    tr("help.phase_digits"),
                ),
                (f"{_key('F4')} {_key('Alt+↓')}", tr("help.phase_list")),
                (enter, tr("help.record_hand")),
                (_key("Esc"), tr("help.stop_correcting")),
            ],
        ),
        (
            tr("help.score_grid"),
            [
                (f"{_key('←')} {_key('→')}", tr("help.select_hand")),
                (f"{enter} {_key('F2')}", tr("help.correct_hand")),
                (_key("Ctrl+Delete"), tr("help.delete_hand")),
                (
                    f"{_key('Ctrl+PgUp')} {_key('Ctrl+PgDown')}",
                    tr("help.turn_page"),
                ),
            ],
        ),
        (
            tr("help.scoreboard"),
            [
                (f"{_key('Esc')} {_key('F11')}", tr("help.back_to_game")),
                (_key("S"), tr("help.move_scoreboard")),
            ],
        ),
    ]


# Keys of their own that few keyboards have; Qt names them in words ("Rückgängig"),
# which would crowd the page with keys nobody can press.
DEDICATED_KEYS = [
    QKeySequence(key)
    for key in (
        Qt.Key.Key_Undo,
        Qt.Key.Key_Redo,
        Qt.Key.Key_Back,
        Qt.Key.Key_Forward,
        Qt.Key.Key_Exit,
        Qt.Key.Key_Close,
        Qt.Key.Key_Help,
    )
]


# Function keys past F12: X11 gives Undo, Copy and Paste the keys of old Sun keyboards
# too ("Ctrl+Z F14").
DEDICATED_KEYS += [
    QKeySequence(Qt.Key(key)) for key in range(Qt.Key.Key_F13.value, Qt.Key.Key_F35.value + 1)
]


def _pressable(key: QKeySequence) -> bool:
    return not key.isEmpty() and key not in DEDICATED_KEYS


def _rows(actions: list[QAction]) -> list[tuple[str, str]]:
    rows = []
    for action in actions:
        keys = [key for key in action.shortcuts() if _pressable(key)]
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
        sections.append((tr("help.anywhere"), rows))
    return sections


def keyboard_page(window: QMainWindow) -> str:
    """Every section in one table, a heading row before each: the keys' column is as wide
    in every section, so the columns line up down the page."""
    parts = []
    for heading, rows in [*menu_keys(window), *context_keys()]:
        parts.append(f"<tr><td colspan='2'><h3>{escape(heading)}</h3></td></tr>")
        parts.append(_rows_html(rows))
    title = f"<h2>{escape(tr('help.shortcuts_title'))}</h2>"
    return f"{title}<table cellpadding='4'>{''.join(parts)}</table>"


def how_to_page() -> str:
    steps = [
        tr("help.step_start"),
        tr("help.step_play"),
        tr("help.step_record"),
        tr("help.step_read"),
        tr("help.step_fix"),
        tr("help.step_seating"),
        tr("help.step_scoreboard"),
        tr("help.step_end"),
    ]
    items = "".join(f"<li style='margin-bottom: 8px'>{step}</li>" for step in steps)
    return f"<h2>{escape(tr('help.how_to_title'))}</h2><ol>{items}</ol>"


class HelpDialog(QDialog):
    """A page of help in a window beside the game, left open while playing, in the
    language chosen: `title` and `page` word it, now and after each change of language."""

    def __init__(
        self, title: Callable[[], str], page: Callable[[], str], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._title = title
        self._page = page
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(True)
        self.browser.document().setDefaultStyleSheet(
            "kbd { font-family: monospace; font-weight: bold; } td.key { white-space: pre; }"
        )
        self._word()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addWidget(buttons)
        width = self.fontMetrics().averageCharWidth() * 96
        self.resize(width, min(width * 5 // 4, 640))
        self.setWindowModality(Qt.WindowModality.NonModal)

    def _word(self) -> None:
        title = self._title()
        self.setWindowTitle(title)
        self.browser.setAccessibleName(title)
        self.browser.setHtml(self._page())

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange:
            # Once every widget has heard of the change: the keys page reads the window's
            # menus, worded again by then.
            QTimer.singleShot(0, self, self._word)

    @classmethod
    def how_to_keep_score(cls, parent: QWidget | None = None) -> "HelpDialog":
        return cls(lambda: tr("help.how_to_title"), how_to_page, parent)

    @classmethod
    def keyboard_shortcuts(cls, window: QMainWindow) -> "HelpDialog":
        return cls(lambda: tr("help.shortcuts_title"), lambda: keyboard_page(window), window)
