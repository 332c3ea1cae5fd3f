"""Settings → Appearance: the colours and the table's type, remembered, and followed by
the scoreboard and the charts."""

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication

from phase10_keeper.ui.appearance import (
    LARGE_TYPE_SCALE,
    Scheme,
    apply_scheme,
    chosen_scheme,
    large_type,
)
from phase10_keeper.ui.game.session import GameSession
from phase10_keeper.ui.main_window import MainWindow
from phase10_keeper.ui.widgets.charts import is_dark

from .games import SIX, game_with_hands

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints", "raise")


@pytest.fixture(autouse=True)
def _system_colours_after(qapp) -> Iterator[None]:
    yield
    apply_scheme(qapp, Scheme.SYSTEM)


@pytest.fixture
def window(qtbot) -> MainWindow:
    window = MainWindow()
    qtbot.addWidget(window)
    window.navigation.open_session(GameSession(game_with_hands(SIX, 3)))
    window.resize(1280, 630)
    window.show()
    qtbot.waitExposed(window)
    return window


def _menu_action(window: MainWindow, key: str):
    from phase10_keeper.ui.text.translate import tr

    for menu in window.findChildren(type(window.edit_menu)):
        for action in menu.actions():
            if action.text() == tr(key):
                return action
    raise AssertionError(key)


def _choose(window: MainWindow, key: str) -> None:
    _menu_action(window, key).trigger()
    QApplication.processEvents()


def test_dark_and_light_are_chosen_remembered_and_followed(window, qtbot) -> None:
    light_window = window.palette().color(QPalette.ColorRole.Window)
    _choose(window, "settings.appearance_dark")
    assert chosen_scheme(QSettings()) is Scheme.DARK
    assert is_dark(QApplication.palette())
    assert is_dark(window.pages.game_view.palette())
    window.scoreboard_action.trigger()
    board = window.pages.scoreboard
    assert board is not None
    qtbot.waitExposed(board)
    image = board.grab().toImage()
    assert image.pixelColor(4, image.height() - 4).lightness() < 100
    board.close()
    charts = window.pages.game_view.charts
    window.pages.game_view.side_tabs.setCurrentWidget(charts)
    chart = charts.totals.chart
    assert is_dark(chart.palette())
    assert chart.render_image().pixelColor(2, 2).lightness() < 100
    _choose(window, "settings.appearance_light")
    assert chosen_scheme(QSettings()) is Scheme.LIGHT
    assert not is_dark(QApplication.palette())
    _choose(window, "settings.appearance_system")
    assert chosen_scheme(QSettings()) is Scheme.SYSTEM
    assert window.palette().color(QPalette.ColorRole.Window) == light_window


@pytest.fixture
def contrast_chosen(qapp) -> Iterator[None]:
    """The app's style chosen as the app chooses it, and the style before put back."""
    from phase10_keeper.ui.widgets import contrast_style

    before, chosen = qapp.style().name(), contrast_style._Chosen.base
    contrast_style.use_contrast_style(qapp, "Fusion")
    yield
    contrast_style._Chosen.base = chosen
    qapp.setStyle(before)


def test_the_style_is_wrapped_for_contrast_only_while_the_colours_are_dark(
    window, qtbot, contrast_chosen
) -> None:
    from phase10_keeper.ui.widgets.contrast_style import ContrastStyle

    def wrapped() -> bool:
        return isinstance(QApplication.style(), ContrastStyle)

    _choose(window, "settings.appearance_light")
    assert not wrapped()
    _choose(window, "settings.appearance_dark")
    qtbot.waitUntil(wrapped)
    # Drawn in it: an empty box stands out of the dark window.
    made = window.pages.game_view.form.rows()[0].made
    box = made.grab().toImage()
    window_lightness = made.palette().color(QPalette.ColorRole.Window).lightness()
    assert (
        max(
            abs(box.pixelColor(x, y).lightness() - window_lightness)
            for x in range(box.width())
            for y in range(box.height())
        )
        > 100
    )
    _choose(window, "settings.appearance_light")
    qtbot.waitUntil(lambda: not wrapped())
    assert QApplication.style().name().lower() == "fusion"


def test_larger_type_grows_the_table_and_keeps_what_is_typed(window, qtbot) -> None:
    view = window.pages.game_view
    form = view.form
    form.draft.set_went_out(SIX[1])
    form._typed()
    grid_type = view.grid.font().pointSizeF()
    form_type = form._rows[0].counts[next(iter(form._rows[0].counts))].font().pointSizeF()
    _choose(window, "settings.appearance_large_type")
    assert large_type(QSettings())
    QApplication.processEvents()
    assert form.draft.went_out == SIX[1]
    assert form._rows[1].went_out.isChecked()
    larger = form._rows[0].counts[next(iter(form._rows[0].counts))].font().pointSizeF()
    assert larger == pytest.approx(form_type * LARGE_TYPE_SCALE, rel=0.05)
    assert view.grid.font().pointSizeF() >= grid_type
    # The window still holds the record button on a laptop's screen.
    corner = form.record_button.mapTo(window, form.record_button.rect().bottomRight())
    assert window.rect().contains(corner)
    # A game opened later is drawn large too, as remembered.
    window.navigation.open_session(GameSession(game_with_hands(SIX, 1)))
    assert window.pages.game_view._base_font.pointSizeF() == pytest.approx(
        view._base_font.pointSizeF()
    )


@pytest.mark.parametrize("language", ["en", "de", "fr", "es", "nl", "pl"])
def test_each_choice_of_the_menu_has_a_key_of_its_own(qtbot, language: str) -> None:
    import re

    from phase10_keeper.ui.appearance import appearance_menu
    from phase10_keeper.ui.text.translate import use_language

    use_language(language)
    menu = appearance_menu(QApplication.activeWindow() or MainWindow(), lambda on: None)
    keys = [
        found.group(1).lower()
        for action in menu.actions()
        if (found := re.search(r"&(\w)", action.text()))
    ]
    assert len(keys) == 4
    assert len(set(keys)) == 4, (language, keys)
