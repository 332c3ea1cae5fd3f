"""The window's menus and actions as the rows of `ui.window_actions` describe them: each
row built as the window's attribute it names, worded in every language, and no key
that two actions of the window, or one of the window and one of the game page, share."""

import inspect
from operator import attrgetter

import pytest
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import QMenu

from phase10_keeper.language import LANGUAGES, catalogue
from phase10_keeper.ui.game.session import GameSession
from phase10_keeper.ui.main_window import MainWindow
from phase10_keeper.ui.text.translate import tr
from phase10_keeper.ui.window_actions import WINDOW_ACTIONS, WINDOW_MENUS, shortcuts

from .answers import Answers
from .games import FOUR, game_with_hands

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


def _key_names(keys: list[QKeySequence]) -> list[str]:
    return [sequence.toString(QKeySequence.SequenceFormat.PortableText) for sequence in keys]


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_every_menu_and_action_has_its_words_in_every_language(code: str) -> None:
    words = catalogue(code)
    keys = [row.words for row in WINDOW_MENUS] + [row.words for row in WINDOW_ACTIONS]
    assert [key for key in keys if key not in words] == []


def test_no_two_actions_of_the_window_share_a_key() -> None:
    taken: dict[str, str] = {}
    for row in WINDOW_ACTIONS:
        for key in _key_names(shortcuts(row)):
            assert key not in taken, f"{row.name} and {taken[key]} both take {key}"
            taken[key] = row.name
    # The keys are those of this platform: some action must have been given one.
    assert taken


def test_no_action_of_the_game_page_takes_a_key_of_the_window(qtbot, library) -> None:
    game = game_with_hands(FOUR, 2)
    window = MainWindow(prompts=Answers())
    qtbot.addWidget(window)
    window.navigation.open_session(GameSession(game, library, library.add_game(game)))
    view = window.pages.game_view
    assert view is not None
    page_keys = {
        *(key for action in view.findChildren(QAction) for key in _key_names(action.shortcuts())),
        *(key for shortcut in view.findChildren(QShortcut) for key in _key_names([shortcut.key()])),
        *(key for action in view.edit_actions() for key in _key_names(action.shortcuts())),
    }
    assert page_keys
    window_keys = {key for row in WINDOW_ACTIONS for key in _key_names(shortcuts(row))}
    assert window_keys & page_keys == set()


def test_each_row_is_built_as_the_window_attribute_it_names(qtbot) -> None:
    window = MainWindow(prompts=Answers())
    qtbot.addWidget(window)
    bar = [action.menu() for action in window.menuBar().actions()]
    assert bar == [getattr(window, row.name) for row in WINDOW_MENUS]
    for menu in WINDOW_MENUS:
        built = getattr(window, menu.name)
        assert isinstance(built, QMenu)
        assert built.menuAction().text() == tr(menu.words)
    for row in WINDOW_ACTIONS:
        action = getattr(window, row.name)
        assert isinstance(action, QAction)
        assert action.text() == tr(row.words)
        assert _key_names(action.shortcuts()) == _key_names(shortcuts(row))
        assert action.isCheckable() == row.checkable
        if row.menu is None:
            assert action in window.actions()
        else:
            assert action in getattr(window, row.menu).actions()
        assert inspect.isroutine(attrgetter(row.slot)(window)), row.slot


def test_every_menu_and_action_the_window_declares_has_its_row() -> None:
    """The dead-code check takes the rows' word for these names: none is left without one."""
    declared = {
        name
        for name, kind in inspect.get_annotations(MainWindow).items()
        if kind in (QAction, QMenu)
    }
    rows = {row.name for row in WINDOW_MENUS} | {row.name for row in WINDOW_ACTIONS}
    assert declared == rows
