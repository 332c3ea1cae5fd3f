"""View → Scoreboard for the whole table, and the Help menu's pages."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLabel, QMenu

from phase10_keeper.language import LANGUAGES, words
from phase10_keeper.language.wording import phase_description
from phase10_keeper.rules import Game, build_rules
from phase10_keeper.ui.dialogs.help_pages import HelpDialog, context_keys, how_to_page, menu_keys
from phase10_keeper.ui.game.scoreboard import Scoreboard
from phase10_keeper.ui.game.session import GameSession
from phase10_keeper.ui.main_window import MainWindow
from phase10_keeper.ui.text.translate import tr, use_language

from .games import FOUR, game_with_hands, went_out

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints", "raise")


@pytest.fixture
def window(qtbot) -> MainWindow:
    window = MainWindow()
    qtbot.addWidget(window)
    window.navigation.open_session(GameSession(game_with_hands(FOUR, 3)))
    window.show()
    qtbot.waitExposed(window)
    return window


def _texts(board: Scoreboard) -> list[str]:
    return [label.text() for label in board.findChildren(QLabel) if label.isVisibleTo(board)]


def _open_board(window: MainWindow, qtbot) -> Scoreboard:
    assert window.scoreboard_action.shortcut() == QKeySequence(Qt.Key.Key_F11)
    window.scoreboard_action.trigger()
    board = window.pages.scoreboard
    assert board is not None
    qtbot.waitExposed(board)
    return board


def test_the_scoreboard_shows_the_standings_full_screen(window, qtbot) -> None:
    board = _open_board(window, qtbot)
    assert board.isFullScreen()
    texts = _texts(board)
    state = window.pages.session.state
    ranked = [text for text in texts if text in FOUR]
    assert ranked == list(state.ranking())
    assert "Hand 4" in texts
    assert "deals" in texts
    phase = state.next_phase(ranked[0])
    assert f"Phase {phase.label}" in texts
    assert phase_description(words(), phase) in texts
    assert str(state.player(ranked[0]).total) in texts


def test_the_scoreboard_words_the_phases_in_the_windows_language(window, qtbot) -> None:
    use_language("de")
    board = _open_board(window, qtbot)
    state = window.pages.session.state
    phase = state.next_phase(state.ranking()[0])
    assert phase is not None
    german = phase_description(words("de"), phase)
    assert german != phase_description(words(), phase)
    assert german in _texts(board)


def test_the_scoreboard_follows_the_game_and_esc_leaves(window, qtbot) -> None:
    board = _open_board(window, qtbot)
    window.pages.session.record_hand(went_out(FOUR, "Dana"))
    assert "Hand 5" in _texts(board)
    qtbot.keyClick(board, Qt.Key.Key_Escape)
    assert not board.isVisible()
    window.navigation.open_session(GameSession(game_with_hands(("Ann", "Bo"), 1)))
    # Another game gets a board of its own: nothing of the closed game lingers.
    assert window.pages.scoreboard is None
    other = window.commands.show_scoreboard()
    assert other is not None
    assert "Hand 2" in _texts(other)
    assert "Ann" in _texts(other)


def test_the_scoreboards_type_grows_with_the_window(window, qtbot) -> None:
    board = _open_board(window, qtbot)
    board.showNormal()
    board.resize(800, 450)
    QApplication.processEvents()
    small = board.type_size
    board.resize(1920, 1080)
    QApplication.processEvents()
    assert board.type_size > small * 2
    assert board.type_size >= 40  # a capital letter about a centimetre high on a TV


def test_keyboard_help_lists_every_key_of_the_window(window, qtbot) -> None:
    dialog = HelpDialog.keyboard_shortcuts(window)
    qtbot.addWidget(dialog)
    page = dialog.browser.toPlainText()
    actions = window.findChildren(type(window.scoreboard_action))
    keys = {
        key.toString(QKeySequence.SequenceFormat.NativeText)
        for action in actions
        for key in action.shortcuts()
        if not key.isEmpty() and action.isVisible()
    }
    assert {"F11", "F2", "Ctrl+Z", "Ctrl+N"} <= keys
    # Keys of their own (Undo, Redo, Back) that laptops lack are left out of the page.
    dedicated = {"Undo", "Redo", "Back", "Forward"}
    for key in keys - dedicated:
        assert key in page, key
    listed = " ".join(keys for _, rows in menu_keys(window) for keys, _ in rows)
    for key in dedicated:
        assert f"<kbd>{key}</kbd>" not in listed, key
    for key in ("Ctrl+Enter", "Space", "Esc"):
        assert key in page


def test_keys_of_a_part_of_the_window_are_named_as_the_menus_name_them() -> None:
    grid_keys = dict(context_keys())[tr("help.score_grid")]
    delete_hand = QKeySequence(Qt.Modifier.CTRL | Qt.Key.Key_Delete)
    assert (
        f"<kbd>{delete_hand.toString(QKeySequence.SequenceFormat.NativeText)}</kbd>",
        tr("help.delete_hand"),
    ) in grid_keys


def test_help_menu_opens_how_to_keep_score_inside_the_app(window, qtbot) -> None:
    window.how_to_action.trigger()
    dialogs = [dialog for dialog in window.findChildren(HelpDialog) if dialog.isVisible()]
    assert len(dialogs) == 1
    dialog = dialogs[0]
    qtbot.waitExposed(dialog)
    page = dialog.browser.toPlainText()
    assert "Record the hand" in page
    assert "Scoreboard" in page
    dialog.close()


def test_how_to_keep_score_tells_what_wins_and_how_the_table_changes() -> None:
    page = " ".join(how_to_page().split())
    # A low total only settles it between those who complete the last phase.
    assert "lowest is best" not in page
    assert "the lowest total wins" in page
    assert "Game → Player Leaves" in page
    assert "Game → Player Joins" in page


def test_f11_on_the_scoreboard_leaves_it_as_it_opened_it(window, qtbot) -> None:
    board = _open_board(window, qtbot)
    board.activateWindow()
    assert QTest.qWaitForWindowActive(board)
    QTest.keyClick(board, Qt.Key.Key_F11)
    assert not board.isVisible()


@pytest.mark.parametrize("finished", [False, True])
def test_a_long_name_on_the_scoreboard_takes_the_room_its_column_has(qtbot, finished: bool) -> None:
    # A name wraps only when its column is too narrow for it: it once wrapped at the
    # width a wrapping label guesses, three lines for a name with a whole screen beside it.
    players = ("Maximilian Alexander von Hohenberg", *FOUR)
    rules = build_rules(target=1 if finished else 10)
    game = Game(players=players, rules=rules, title="Friday night")
    game = game.with_hand_appended(went_out(players, "Priya"))
    board = Scoreboard(GameSession(game))
    qtbot.addWidget(board)
    board.resize(1280, 720)
    board.show()
    qtbot.waitExposed(board)
    QApplication.processEvents()
    name = next(label for label in board.findChildren(QLabel) if label.text() == players[0])
    cell = name.parentWidget()
    assert cell is not None
    lines = name.height() / name.fontMetrics().lineSpacing()
    whole = name.fontMetrics().horizontalAdvance(name.text())
    if whole <= cell.width():
        assert lines < 2
    else:
        badges = [label for label in cell.findChildren(QLabel) if label is not name]
        room = cell.width() - sum(badge.width() + 16 for badge in badges)
        assert name.width() >= room - 2
        assert lines < 3


def _menu_paths(window: MainWindow) -> dict[str, set[str]]:
    """Each menu's title and the names of its items, as the help writes them."""

    def plain(text: str) -> str:
        return text.replace("&", "").removesuffix("…").strip()

    paths: dict[str, set[str]] = {}
    for action in window.menuBar().actions():
        menu = action.menu()
        if isinstance(menu, QMenu):
            paths[plain(action.text())] = {plain(item.text()) for item in menu.actions()}
    return paths


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_how_to_keep_score_names_menus_as_the_window_does(qtbot, language: str) -> None:
    # Every "Menu → Item" of the page is one of the window's, in each language; the end of
    # the game names printing and sharing by the menu items that do them.
    use_language(language)
    window = MainWindow()
    qtbot.addWidget(window)
    paths = _menu_paths(window)
    page = " ".join(how_to_page().split())
    named = 0
    for before, after in zip(page.split(" → "), page.split(" → ")[1:], strict=False):
        menu = next((title for title in paths if before.endswith(title)), None)
        assert menu is not None, before[-40:]
        assert any(after.startswith(item) for item in paths[menu] if item), after[:40]
        named += 1
    assert named >= 5
    end = " ".join(tr("help.step_end").split())
    file_menu = window.menuBar().actions()[0].text().replace("&", "")
    game_menu = window.game_menu.menuAction().text().replace("&", "")
    for menu, action in ((file_menu, window.print_action), (game_menu, window.share_action)):
        item = action.text().replace("&", "").removesuffix("…")
        assert f"{menu} → {item}" in end


def _shortcut_letter(text: str) -> str | None:
    plain = text.replace("&&", "")
    place = plain.find("&")
    return plain[place + 1].casefold() if 0 <= place < len(plain) - 1 else None


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_each_menu_item_has_a_letter_of_its_own(qtbot, language: str) -> None:
    # Alt and a letter reach every item of a menu; View → Phones at the Table had none.
    use_language(language)
    window = MainWindow()
    qtbot.addWidget(window)
    window.navigation.open_session(GameSession(game_with_hands(FOUR, 1)))
    for top in window.menuBar().actions():
        menu = top.menu()
        assert isinstance(menu, QMenu)
        letters = [
            _shortcut_letter(action.text())
            for action in menu.actions()
            if not action.isSeparator() and action.isVisible()
        ]
        given = [letter for letter in letters if letter is not None]
        assert len(given) == len(set(given)), (top.text(), letters)
    phones = _shortcut_letter(window.phones_action.text())
    assert phones is not None
