"""The band over the grid: framed in the highlight colour once the game is over, the
rules in the grey of placeholder text, whatever the palette."""

import pytest
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

from phase10_keeper.rules import build_rules
from phase10_keeper.ui.game.session import GameSession
from phase10_keeper.ui.main_window import MainWindow

from ..games import game_with_hands, went_out

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")

PLAYERS = ("Ana", "Bo")


def _frame_pixels(window: MainWindow, colour: QColor) -> int:
    assert window.pages.game_view is not None
    banner = window.pages.game_view.banner
    image = banner.grab().toImage()
    middle = image.width() // 2
    edge = [image.pixelColor(middle, y) for y in (0, 1, image.height() - 2, image.height() - 1)]
    return sum(1 for pixel in edge if pixel.rgb() == colour.rgb())


@pytest.fixture
def window(qtbot):
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1280, 630)
    return window


def test_the_banner_is_framed_in_the_highlight_colour_once_the_game_is_over(window) -> None:
    window.navigation.open_session(GameSession(game_with_hands(PLAYERS, 0, build_rules(target=1))))
    window.show()
    highlight = window.palette().color(QPalette.ColorRole.Highlight)
    assert _frame_pixels(window, highlight) == 0
    window.pages.session.record_hand(went_out(PLAYERS, "Ana"))
    assert window.pages.session.state.is_over
    assert _frame_pixels(window, highlight) == 4
    window.undo_group.undo()
    assert _frame_pixels(window, highlight) == 0


def test_the_rules_are_grey_in_a_light_and_a_dark_palette(window) -> None:
    window.navigation.open_session(GameSession(game_with_hands(PLAYERS, 1)))
    window.show()
    label = window.pages.game_view.banner.rules_label
    for colour in ("#808080", "#a0a0b0"):
        palette = QApplication.palette()
        palette.setColor(QPalette.ColorRole.PlaceholderText, QColor(colour))
        window.setPalette(palette)
        assert label.palette().color(QPalette.ColorRole.WindowText) == QColor(colour)
