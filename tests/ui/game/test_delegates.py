"""The score grid's row header: a badge holds its mark, drawn bold, in every language."""

import pytest
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QStyleOptionViewItem, QTableView

from phase10_keeper.language import LANGUAGES
from phase10_keeper.ui.game.delegates import PlayerHeader
from phase10_keeper.ui.game.grid_model import mark_labels
from phase10_keeper.ui.text.translate import tr, use_language


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_every_mark_fits_its_badge_as_drawn(qtbot, code: str) -> None:
    use_language(code)
    table = QTableView()
    qtbot.addWidget(table)
    header = PlayerHeader(table)
    badge_width = header.marks_width() - 8
    font = QFont(header.font())
    font.setBold(True)
    font.setPointSizeF(header.font().pointSizeF() * 0.8)
    metrics = QFontMetrics(font)
    for mark in mark_labels():
        assert metrics.horizontalAdvance(mark) + 4 <= badge_width, mark


def test_the_marks_are_worded_again_in_each_language_spoken() -> None:
    # Worded once a language: asked for each name drawn.
    worded = {}
    try:
        for code in ("de", "en", "de"):
            use_language(code)
            worded[code] = mark_labels()
            keys = ("grid.mark_won", "grid.mark_deals", "grid.mark_first", "grid.mark_left")
            assert worded[code] == tuple(tr(key) for key in keys)
    finally:
        use_language("en")
    assert worded["de"] != worded["en"]


def _shown_page(qtbot, session):
    """The game page of `session`, shown at a laptop's size."""
    from phase10_keeper.ui.game.game_view import GameView

    from ..answers import Answers

    view = GameView(session, Answers())
    qtbot.addWidget(view)
    view.resize(1280, 630)
    view.show()
    qtbot.waitExposed(view)
    return view


def _cell_image(view, row: int, column: int):
    grid = view.grid
    rect = grid.visualRect(grid.model().index(row, column))
    return grid.viewport().grab(rect).toImage()


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_a_cell_drawn_once_is_drawn_again_as_it_changes(qtbot) -> None:
    """The grid keeps each cell's words as drawn: what a cell shows, its selection and
    the language all change the drawing, and the same cell draws the same."""
    from phase10_keeper.rules import Game
    from phase10_keeper.ui.game.session import GameSession

    from ..games import FOUR, went_out

    game = Game(players=FOUR).with_hand_appended(went_out(FOUR, "Priya"))
    session = GameSession(game)
    view = _shown_page(qtbot, session)
    out = FOUR.index("Priya")
    first = _cell_image(view, out, 0)
    assert _cell_image(view, out, 0) == first
    missed = _cell_image(view, FOUR.index("Marcus"), 0)
    assert missed != first
    view.grid.selectColumn(0)
    assert _cell_image(view, out, 0) != first
    view.grid.clearSelection()
    assert _cell_image(view, out, 0) == first
    use_language("de")
    try:
        # "out" under Priya's 0 reads "raus".
        view.grid.viewport().update()
        assert _cell_image(view, out, 0) != first
    finally:
        use_language("en")
    # Priya's result corrected: she made it holding cards, and did not go out.
    session.replace_hand(0, went_out(FOUR, "Marcus"))
    assert _cell_image(view, out, 0) != first


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_the_standings_drawn_from_kept_cells_are_as_qt_draws_them(qtbot, monkeypatch) -> None:
    """The standings keep each cell as drawn and draw them in one pass, the alternate
    rows shaded: drawn again from the kept images, after a hand changed some of them and
    after the palette changed, they are pixel for pixel what Qt's own table and delegate
    draw."""
    from PySide6.QtGui import QPalette
    from PySide6.QtWidgets import QStyledItemDelegate

    from phase10_keeper.rules import Game
    from phase10_keeper.ui.game.session import GameSession
    from phase10_keeper.ui.game.standings_model import STRETCHED, column_number

    from ..games import FOUR, went_out

    session = GameSession(Game(players=FOUR).with_hand_appended(went_out(FOUR, "Priya")))
    view = _shown_page(qtbot, session)
    table = view.standings
    names = column_number(STRETCHED)
    kept, kept_names = table.itemDelegate(), table.itemDelegateForColumn(names)
    qts = QStyledItemDelegate(table)

    def as_qt_draws() -> object:
        # The names are short: the names' delegate shows them as Qt would.
        table.setItemDelegate(qts)
        table.setItemDelegateForColumn(names, qts)
        with monkeypatch.context() as patched:
            patched.setattr(table, "cells_plain", lambda _option: False)
            drawn = table.grab().toImage()
        table.setItemDelegate(kept)
        table.setItemDelegateForColumn(names, kept_names)
        return drawn

    option = QStyleOptionViewItem()
    table.initViewItemOption(option)
    assert table.cells_plain(option)
    first = table.grab().toImage()
    assert table.grab().toImage() == first == as_qt_draws()
    session.record_hand(went_out(FOUR, "Marcus"))
    after = table.grab().toImage()
    assert after != first
    assert after == as_qt_draws()
    dark = QPalette(table.palette())
    dark.setColor(QPalette.ColorRole.Text, dark.color(QPalette.ColorRole.Base))
    table.setPalette(dark)
    assert table.grab().toImage() == as_qt_draws() != after


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_the_grid_drawn_from_kept_cells_is_as_qt_draws_it(qtbot, monkeypatch) -> None:
    """The grid draws its cells' words straight from the kept images while no cell is
    selected, focused or under the mouse: pixel for pixel what Qt's table draws through
    the delegate, with a player who joined late and one who left, after a hand, in a dark
    palette, and on the next sheet page."""
    from PySide6.QtGui import QColor, QPalette

    from phase10_keeper.rules import Game, Join, Leave, build_rules
    from phase10_keeper.ui.game.session import GameSession

    from ..games import FOUR, went_out

    three = FOUR[:3]
    # Hands enough for a second sheet page, whoever makes every phase.
    game = Game(players=three, rules=build_rules(hands=20))
    game = game.with_hand_appended(went_out(three, "Priya"))
    game = game.with_seating_change(Join(2, "Dana"))
    game = game.with_hand_appended(went_out(FOUR, "Marcus", Priya=3))
    game = game.with_seating_change(Leave(3, "Kwame"))
    session = GameSession(game)
    view = _shown_page(qtbot, session)
    grid = view.grid
    option = QStyleOptionViewItem()
    grid.initViewItemOption(option)
    assert grid.cells_plain(option)

    def drawn() -> object:
        return grid.viewport().grab().toImage()

    def as_qt_draws() -> object:
        with monkeypatch.context() as patched:
            patched.setattr(grid, "cells_plain", lambda _option: False)
            return drawn()

    first = drawn()
    assert first == as_qt_draws()
    session.record_hand(went_out(("Priya", "Marcus", "Dana"), "Dana"))
    after = drawn()
    assert after != first
    assert after == as_qt_draws()
    dark = QPalette(grid.palette())
    dark.setColor(QPalette.ColorRole.Text, dark.color(QPalette.ColorRole.Base))
    dark.setColor(QPalette.ColorRole.Base, QPalette().color(QPalette.ColorRole.Text))
    grid.setPalette(dark)
    assert drawn() == as_qt_draws() != after
    # Qt's table draws an enabled cell in the normal colours, the window active or not.
    for group in (QPalette.ColorGroup.Inactive, QPalette.ColorGroup.Active):
        apart = QPalette(dark)
        apart.setColor(group, QPalette.ColorRole.Text, QColor("orange"))
        grid.setPalette(apart)
        assert drawn() == as_qt_draws()
    grid.setPalette(dark)
    for _ in range(12):
        session.record_hand(went_out(("Priya", "Marcus", "Dana"), "Priya"))
    assert view.sheet_page == 1
    assert drawn() == as_qt_draws()


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_a_selected_or_focused_grid_is_drawn_by_qt(qtbot, monkeypatch) -> None:
    """A selected hand, or the keys in the grid on a cell, is drawn as Qt's table draws
    it, panel and all."""
    from phase10_keeper.rules import Game
    from phase10_keeper.ui.game.session import GameSession

    from ..games import FOUR, went_out

    session = GameSession(Game(players=FOUR).with_hand_appended(went_out(FOUR, "Priya")))
    view = _shown_page(qtbot, session)
    grid = view.grid
    option = QStyleOptionViewItem()
    grid.initViewItemOption(option)
    plain = grid.viewport().grab().toImage()
    grid.selectColumn(0)
    assert not grid.cells_plain(option)
    assert grid.viewport().grab().toImage() != plain
    grid.clearSelection()
    assert grid.cells_plain(option)
    grid.setCurrentIndex(grid.model().index(0, 0))
    grid.clearSelection()
    view.activateWindow()
    grid.setFocus()
    qtbot.waitUntil(grid.hasFocus)
    assert not grid.cells_plain(option)
    focused = grid.viewport().grab().toImage()
    with monkeypatch.context() as patched:
        patched.setattr(grid, "cells_plain", lambda _option: True)
        # Drawn from the kept images, the focused cell would lose its focus frame.
        assert grid.viewport().grab().toImage() != focused


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_the_grid_on_screen_after_each_change_is_the_grid_drawn_whole(qtbot) -> None:
    """A change draws the grid again only from the first column it reached, and the row
    headers for their marks: after hands recorded, one corrected, one taken back, a
    rename, a new sheet page and a player joining, the screen shows what the grid draws
    when drawn whole."""
    from PySide6.QtCore import QPoint, QRect
    from PySide6.QtGui import QImage

    from phase10_keeper.rules import Game, Join, build_rules
    from phase10_keeper.ui.game.session import GameSession

    from ..games import FOUR, went_out

    session = GameSession(Game(players=FOUR, rules=build_rules(hands=30)))
    view = _shown_page(qtbot, session)
    if view.devicePixelRatioF() != 1:
        pytest.skip("the screen grabbed comes back at its size in points, not in pixels")
    grid = view.grid

    def on_screen() -> QImage:
        shown = view.screen().grabWindow(view.winId()).toImage()
        corner = grid.mapTo(view, QPoint(0, 0))
        return shown.copy(QRect(corner, grid.size())).convertToFormat(QImage.Format.Format_RGB32)

    def drawn_whole() -> QImage:
        return grid.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)

    def shows_the_change() -> None:
        qtbot.waitUntil(lambda: on_screen() == drawn_whole())

    players = list(FOUR)
    for number in range(3):
        session.record_hand(went_out(tuple(players), players[number]))
        shows_the_change()
    session.replace_hand(0, went_out(FOUR, "Kwame", Priya=4))
    shows_the_change()
    session.undo_stack.undo()
    shows_the_change()
    session.undo_stack.undo()
    shows_the_change()
    session.rename_player("Dana", "Dana Featherstonehaugh")
    players[3] = "Dana Featherstonehaugh"
    shows_the_change()
    while len(session.game.hands) < 13:
        session.record_hand(went_out(tuple(players), players[len(session.game.hands) % 4]))
    assert view.sheet_page == 1
    shows_the_change()
    session.change_seating(Join(14, "Eve"))
    session.record_hand(went_out((*players, "Eve"), "Eve"))
    shows_the_change()
