"""Every control of the window has a name a screen reader can say: each page and dialog
is walked, and a control that can take the keys with no accessible name fails the test
(a list box is named by what it is for, not by the item it shows)."""

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSlider,
    QAbstractSpinBox,
    QComboBox,
    QLineEdit,
    QTabBar,
    QTabWidget,
    QTextEdit,
    QWidget,
)

from phase10_keeper.language import ENGLISH
from phase10_keeper.rules import Cards, Game, Hand, PlayerResult, Preset, build_rules, replay
from phase10_keeper.storage.library import Library
from phase10_keeper.ui.dialogs.about_dialog import AboutDialog
from phase10_keeper.ui.dialogs.help_pages import HelpDialog
from phase10_keeper.ui.dialogs.sheet_dialogs import SheetDialog
from phase10_keeper.ui.game.rename_player_dialog import RenamePlayerDialog
from phase10_keeper.ui.game.seating_dialogs import PlayerJoinsDialog, PlayerLeavesDialog
from phase10_keeper.ui.game.session import GameSession
from phase10_keeper.ui.game.share_dialog import ShareDialog
from phase10_keeper.ui.main_window import MainWindow
from phase10_keeper.ui.new_game.new_game_dialog import NewGameDialog
from phase10_keeper.ui.text.translate import use_language

from .answers import Answers
from .games import FOUR, went_out

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints", "support raise")

CONTROLS = (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSlider,
    QAbstractSpinBox,
    QComboBox,
    QLineEdit,
    QTabBar,
    QTextEdit,
)


def _reachable_controls(top: QWidget) -> Iterator[QWidget]:
    for widget in [top, *top.findChildren(QWidget)]:
        if (
            isinstance(widget, CONTROLS)
            and widget.isVisible()
            and widget.focusPolicy() != Qt.FocusPolicy.NoFocus
            # A spin box's or list box's own line edit is said as part of it.
            and not isinstance(widget.parent(), QAbstractSpinBox | QComboBox)
        ):
            yield widget


def _name(widget: QWidget) -> str:
    interface = QAccessible.queryAccessibleInterface(widget)
    return interface.text(QAccessible.Text.Name).strip() if interface is not None else ""


def unnamed(top: QWidget) -> list[str]:
    """The controls of `top`, on every tab of its tab widgets, that a screen reader
    cannot name; a list box is named by its own name, not by the item it shows."""
    missing: list[str] = []
    pages: list[tuple[QTabWidget | None, int]] = [
        (tabs, index)
        for tabs in [top, *top.findChildren(QTabWidget)]
        if isinstance(tabs, QTabWidget)
        for index in range(tabs.count())
    ]
    for tabs, index in pages or [(None, 0)]:
        if tabs is not None:
            if not tabs.isVisible():
                continue
            tabs.setCurrentIndex(index)
        for control in _reachable_controls(top):
            name = (
                control.accessibleName().strip()
                if isinstance(control, QComboBox)
                else _name(control)
            )
            if not name:
                kind, parent = type(control).__name__, type(control.parent()).__name__
                label = f"{kind} {control.objectName()!r} in {parent}"
                if label not in missing:
                    missing.append(label)
    return missing


@pytest.fixture(params=[ENGLISH, "de"])
def language(request):
    use_language(request.param)
    return request.param


@pytest.fixture
def window(qtbot):
    library = Library.open()
    finished = Game(FOUR, rules=build_rules(target=1), title="Friday")
    library.add_game(finished.with_hand_appended(went_out(FOUR, FOUR[0])))
    window = MainWindow(library, prompts=Answers())
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    yield window
    window.close()
    library.close()


def test_every_page_of_the_window_names_its_controls(window, language, qtbot) -> None:
    window.navigation.show_start()
    assert unnamed(window) == []
    window.navigation.show_library()
    assert unnamed(window) == []
    window.navigation.show_players()
    assert unnamed(window) == []
    results = {name: PlayerResult(False, Cards(low=10), phase=1) for name in FOUR}
    results[FOUR[1]] = PlayerResult(True, Cards(), phase=1)
    game = Game(FOUR, rules=build_rules(Preset.MASTERS))
    window.navigation.open_session(GameSession(game.with_hand_appended(Hand(FOUR[1], results))))
    assert unnamed(window) == []
    # The walk reaches the form: each player's went out, made, phase and counts.
    assert len(list(_reachable_controls(window))) >= len(FOUR) * 6
    scoreboard = window.commands.show_scoreboard()
    assert scoreboard is not None
    assert unnamed(scoreboard) == []
    scoreboard.close()
    help_dialog = HelpDialog.keyboard_shortcuts(window)
    qtbot.addWidget(help_dialog)
    help_dialog.show()
    assert unnamed(help_dialog) == []


def test_every_dialog_names_its_controls(qtbot, language) -> None:
    game = Game(FOUR, rules=build_rules(target=1)).with_hand_appended(went_out(FOUR, FOUR[0]))
    state = replay(game).final
    dialogs: list[QWidget] = [
        NewGameDialog(roster=("Priya", "Marcus")),
        PlayerLeavesDialog(state),
        PlayerJoinsDialog(state, FOUR),
        RenamePlayerDialog(FOUR),
        ShareDialog(game, replay(game), Answers(), open_url=lambda _url: True),
        SheetDialog(QSettings(), game=game),
        AboutDialog(),
    ]
    for dialog in dialogs:
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        assert unnamed(dialog) == [], type(dialog).__name__
        dialog.close()
