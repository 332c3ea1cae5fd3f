"""The window takes the keys back once shown and after each dialog of the game page: an X
server without a window manager gives them to no window when a dialog closes. Here
another window holds the activation when the dialog ends, as nothing gives it back."""

from typing import Any

import pytest
from PySide6.QtWidgets import QApplication, QWidget

from phase10_keeper.rules import CardKind, Game
from phase10_keeper.ui.game.session import GameSession
from phase10_keeper.ui.main_window import MainWindow

from .answers import Answers
from .games import FOUR

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


class Elsewhere(Answers):
    """Answers every question after another window took the activation."""

    def __init__(self, qtbot: Any) -> None:
        super().__init__()
        self.other = QWidget()
        qtbot.addWidget(self.other)
        self.qtbot = qtbot

    def look_elsewhere(self) -> None:
        self.other.show()
        self.other.activateWindow()
        self.qtbot.waitUntil(self.other.isActiveWindow)

    def confirm(self, *args: Any, **kwargs: Any) -> bool:
        self.look_elsewhere()
        return super().confirm(*args, **kwargs)


@pytest.fixture
def window(qtbot) -> Any:
    prompts = Elsewhere(qtbot)
    shown = MainWindow(prompts=prompts)
    qtbot.addWidget(shown)
    shown.navigation.open_session(GameSession(Game(players=FOUR)))
    shown.show()
    qtbot.waitExposed(shown)
    qtbot.waitUntil(shown.isActiveWindow)
    return shown


def _keys_in_the_form(window: Any) -> bool:
    focused = QApplication.focusWidget()
    return (
        window.isActiveWindow()
        and focused is not None
        and window.pages.game_view.form.isAncestorOf(focused)
    )


def test_the_window_has_the_keys_once_shown(qtbot) -> None:
    other = QWidget()
    qtbot.addWidget(other)
    other.show()
    other.activateWindow()
    qtbot.waitUntil(other.isActiveWindow)
    window = MainWindow(prompts=Answers())
    qtbot.addWidget(window)
    window.navigation.open_session(GameSession(Game(players=FOUR)))
    window.show()
    qtbot.waitUntil(lambda: _keys_in_the_form(window))


def test_the_keys_come_back_to_the_form_after_the_unusual_hand_question(window, qtbot) -> None:
    form = window.pages.game_view.form
    form.draft.set_went_out("Priya")
    form.draft.set_made("Marcus", True)
    form.draft.set_count("Marcus", CardKind.LOW, 0)
    form._typed()
    window.prompts.confirm_answer = False  # Go Back
    form.submit()
    assert window.prompts.asked
    qtbot.waitUntil(lambda: _keys_in_the_form(window))


def test_the_keys_come_back_to_the_form_after_player_joins(window, qtbot) -> None:
    dialog = window.commands.player_joins()
    window.prompts.look_elsewhere()
    dialog.reject()
    qtbot.waitUntil(lambda: _keys_in_the_form(window))


def _help_and_codes(window) -> list[Any]:
    """Help → Keyboard Shortcuts, Help → How to Keep Score, View → Phones at the Table."""
    return [window.commands.keyboard_help, window.commands.how_to_keep_score, _codes(window)]


def _codes(window) -> Any:
    def open_codes() -> Any:
        window.phones_action.trigger()
        return window.pages.phones_dialog

    return open_codes


@pytest.fixture
def loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    # The phones' server on loopback only: the tests put nothing on a network.
    monkeypatch.setattr("phase10_keeper.ui.game.phones.local_network_address", lambda: "127.0.0.1")


@pytest.mark.parametrize("which", range(3))
def test_help_and_the_codes_take_the_keys_and_give_them_back(window, qtbot, loopback, which):
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QAbstractScrollArea

    form = window.pages.game_view.form
    kwame_low = form.rows()[2].counts[CardKind.LOW]
    kwame_low.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is kwame_low)
    # Nothing gives a new window the keys, nor the window back once it closes.
    window.prompts.look_elsewhere()
    opened = _help_and_codes(window)[which]()
    qtbot.waitUntil(opened.isActiveWindow)
    focused = QApplication.focusWidget()
    assert focused is not None
    assert opened.isAncestorOf(focused)
    # On what the window shows (its text, or its codes): Page Down scrolls it.
    scrolled = focused if isinstance(focused, QAbstractScrollArea) else focused.parentWidget()
    assert isinstance(scrolled, QAbstractScrollArea)
    window.prompts.look_elsewhere()
    opened.activateWindow()
    qtbot.waitUntil(opened.isActiveWindow)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
    assert not opened.isVisible()
    qtbot.waitUntil(lambda: _keys_in_the_form(window))
    assert QApplication.focusWidget() is kwame_low
    if which == 2:
        window.pages.stop_phones()


@pytest.mark.parametrize("answer", [True, False])
def test_the_keys_come_back_to_the_saved_games_after_a_delete_is_asked(qtbot, answer) -> None:
    """Found by hand on an X server without a window manager: once Delete Game… was
    answered, Ctrl+Z (which brings the game back) and Ctrl+N went nowhere."""
    from PySide6.QtCore import Qt

    from phase10_keeper.storage.library import Library

    from .games import game_with_hands

    library = Library.open()
    game_id = library.add_game(game_with_hands(FOUR, 2))
    prompts = Elsewhere(qtbot)
    prompts.confirm_answer = answer
    window = _shown_on(library, prompts, qtbot)
    window.navigation.show_library()
    view = window.pages.games_view
    assert view is not None
    view.select_game(game_id)
    view.delete_action.trigger()
    assert prompts.asked
    qtbot.waitUntil(window.isActiveWindow)
    focused = QApplication.focusWidget()
    assert focused is not None
    assert window.isAncestorOf(focused)
    # The keys do what they say: Ctrl+Z brings the game deleted back.
    qtbot.keyClick(focused, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert [game.id for game in library.list_games()] == [game_id]
    window.close()
    library.close()


class ClosedLate(Answers):
    """Answers as a file dialog closes on an X server without a window manager: the
    server handles the dialog's closing after the window asked for the keys back, so
    that ask is lost and, a moment later, no window has the keys."""

    def __init__(self, qtbot: Any) -> None:
        super().__init__()
        self.dialog = QWidget()
        qtbot.addWidget(self.dialog)
        self.qtbot = qtbot

    def open_path(self, parent: QWidget, title: str, filter_text: str) -> Any:
        from PySide6.QtCore import QTimer

        self.dialog.show()
        self.dialog.activateWindow()
        self.qtbot.waitUntil(self.dialog.isActiveWindow)
        QTimer.singleShot(0, self._close_after_the_ask)
        return super().open_path(parent, title, filter_text)

    def _close_after_the_ask(self) -> None:
        self.dialog.activateWindow()
        self.dialog.hide()


def test_the_keys_come_back_after_a_file_dialog_closes_late(qtbot, tmp_path) -> None:
    """Found by hand on an X server without a window manager: once a game file was
    imported through the file dialog, the saved games took plain keys but no shortcut
    (Delete, Ctrl+W), as no window had the keys."""
    from PySide6.QtCore import Qt

    from phase10_keeper.storage.gamefile import write_game
    from phase10_keeper.storage.library import Library

    from .games import game_with_hands

    path = tmp_path / "friday.phase10.json"
    write_game(path, game_with_hands(FOUR, 2))
    library = Library.open()
    prompts = ClosedLate(qtbot)
    prompts.open_answer = path
    window = _shown_on(library, prompts, qtbot)
    window.import_action.trigger()
    assert [game.hands for game in library.list_games()] == [2]
    qtbot.waitUntil(lambda: not prompts.dialog.isVisible())
    qtbot.waitUntil(window.isActiveWindow)
    focused = QApplication.focusWidget()
    assert focused is not None
    assert window.isAncestorOf(focused)
    # The shortcuts work again: Delete asks about the game imported.
    qtbot.keyClick(focused, Qt.Key.Key_Delete)
    assert prompts.asked[-1].startswith("Delete")
    window.close()
    library.close()


def _shown_on(library: Any, prompts: Answers, qtbot: Any) -> MainWindow:
    """The window on `library`, shown and holding the keys."""
    window = MainWindow(library, prompts=prompts)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(window.isActiveWindow)
    return window
