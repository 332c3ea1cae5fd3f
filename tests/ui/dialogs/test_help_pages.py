"""Help → Keyboard Shortcuts as a person reads it: keys one can press, in columns that
line up from one section to the next."""

import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence

from phase10_keeper.ui.dialogs.help_pages import HelpDialog, keyboard_page, menu_keys
from phase10_keeper.ui.main_window import MainWindow
from phase10_keeper.ui.text.translate import tr

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


@pytest.fixture
def window(qtbot) -> MainWindow:
    window = MainWindow()
    qtbot.addWidget(window)
    return window


@pytest.mark.parametrize(
    ("pressable", "rare"),
    [
        # X11 gives Undo, Copy and Paste the keys of old Sun keyboards too (F14, F16, F18),
        ("Ctrl+Z", Qt.Key.Key_F14),
        # and Quit the Exit key ("Ctrl+Q Exit").
        ("Ctrl+Q", Qt.Key.Key_Exit),
    ],
)
def test_keys_few_keyboards_have_are_left_out(window, pressable: str, rare: Qt.Key) -> None:
    action = QAction("Take back", window)
    action.setShortcuts([QKeySequence(pressable), QKeySequence(rare)])
    window.addAction(action)
    rows = dict(menu_keys(window))[tr("help.anywhere")]
    keys = {what: keys for keys, what in rows}["Take back"]
    assert keys == f"<kbd>{pressable}</kbd>"


def test_every_section_shares_one_table_so_the_columns_line_up(window, qtbot) -> None:
    page = keyboard_page(window)
    assert page.count("<table") == 1
    headings = re.findall(r"<h3>(.*?)</h3>", page)
    assert tr("help.entering_hand") in headings
    assert len(headings) >= 5
    dialog = HelpDialog.keyboard_shortcuts(window)
    qtbot.addWidget(dialog)
    text = dialog.browser.toPlainText()
    assert tr("help.entering_hand") in text
