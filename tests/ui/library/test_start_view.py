"""The start view: which game reopens on launch, and the buttons' requests."""

from dataclasses import dataclass

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QKeySequence, QPalette
from PySide6.QtWidgets import QCommandLinkButton

from phase10_keeper.rules import Status
from phase10_keeper.ui.library.start_view import REMEMBERED_WIDTHS, PageLink, StartView


@dataclass(frozen=True)
class Summary:
    id: int
    title: str
    started: str | None
    finished: str | None
    players: tuple[str, ...]
    hands: int
    status: Status
    winner: str | None


GAMES = [
    Summary(
        4, "Sunday", "2026-11-29T15:00:00+00:00", None, ("Ann", "Bo"), 2, Status.IN_PROGRESS, None
    ),
    Summary(
        3, "Saturday", "2026-11-28T15:00:00+00:00", "x", ("Ann", "Bo"), 9, Status.FINISHED, "Bo"
    ),
    Summary(2, "Friday", "2026-11-27T15:00:00+00:00", None, ("Cy", "Di"), 5, Status.TIEBREAK, None),
    Summary(1, "", "2026-11-26T15:00:00+00:00", None, ("Ed", "Flo"), 0, Status.IN_PROGRESS, None),
    Summary(0, "Oldest", None, None, ("Gus", "Hal"), 1, Status.IN_PROGRESS, None),
]


def test_start_view_offers_the_newest_unfinished_games(qtbot) -> None:
    view = StartView()
    qtbot.addWidget(view)
    assert view.continue_heading.isHidden()
    view.set_games(GAMES)
    assert list(view.continue_buttons) == [4, 2, 1]
    assert not view.continue_heading.isHidden()
    assert view.continue_buttons[1].text() == "Untitled game"
    assert (
        "\u2068Cy\u2069, \u2068Di\u2069 · 5 hands played" in view.continue_buttons[2].description()
    )
    with qtbot.waitSignal(view.continueRequested) as chosen:
        qtbot.mouseClick(view.continue_buttons[2], Qt.MouseButton.LeftButton)
    assert chosen.args == [2]
    assert "\u2068Ed\u2069, \u2068Flo\u2069 · not started" in view.continue_buttons[1].description()
    view.set_games(GAMES[4:])
    assert (
        view.continue_buttons[0].description() == "\u2068Gus\u2069, \u2068Hal\u2069 · 1 hand played"
    )
    view.set_games(GAMES[1:2])
    assert view.continue_buttons == {}
    assert view.continue_heading.isHidden()


@pytest.mark.parametrize(
    ("button", "signal"),
    [
        ("new_button", "newGameRequested"),
        ("library_button", "libraryRequested"),
        ("import_button", "importRequested"),
        ("sheets_button", "blankSheetsRequested"),
    ],
)
def test_start_view_buttons_request_their_action(qtbot, button: str, signal: str) -> None:
    view = StartView()
    qtbot.addWidget(view)
    with qtbot.waitSignal(getattr(view, signal)):
        qtbot.mouseClick(getattr(view, button), Qt.MouseButton.LeftButton)
    assert getattr(view, button).accessibleName()


def _shown(qtbot) -> StartView:
    view = StartView()
    qtbot.addWidget(view)
    view.set_games(GAMES)
    view.show()
    qtbot.waitExposed(view)
    view.activateWindow()
    qtbot.waitUntil(view.isActiveWindow)
    return view


@pytest.mark.qt_log_ignore("propagateSizeHints", "raise")
def test_enter_opens_the_entry_with_the_focus_and_arrows_move(qtbot) -> None:
    view = _shown(qtbot)
    view.new_button.setFocus(Qt.FocusReason.TabFocusReason)
    with qtbot.waitSignal(view.newGameRequested):
        qtbot.keyClick(view.new_button, Qt.Key.Key_Return)
    qtbot.keyClick(view.new_button, Qt.Key.Key_Down)
    assert view.library_button.hasFocus()
    first_game = view.entries()[0]
    view.entries()[0].setFocus()
    with qtbot.waitSignal(view.continueRequested) as opened:
        qtbot.keyClick(first_game, Qt.Key.Key_Enter)
    assert opened.args == [4]
    qtbot.keyClick(first_game, Qt.Key.Key_Up)
    assert view.entries()[-1].hasFocus()
    assert view.entries()[-1] is view.players_button


@pytest.mark.qt_log_ignore("propagateSizeHints", "raise")
def test_the_keypads_enter_and_arrows_work_as_the_others(qtbot) -> None:
    view = _shown(qtbot)
    view.new_button.setFocus(Qt.FocusReason.TabFocusReason)
    keypad = Qt.KeyboardModifier.KeypadModifier
    qtbot.keyClick(view.new_button, Qt.Key.Key_Down, keypad)
    assert view.library_button.hasFocus()
    qtbot.keyClick(view.library_button, Qt.Key.Key_Up, keypad)
    assert view.new_button.hasFocus()
    with qtbot.waitSignal(view.newGameRequested):
        qtbot.keyClick(view.new_button, Qt.Key.Key_Enter, keypad)
    # With another modifier, Enter is not the entry's: the page leaves it to the window.
    with qtbot.assertNotEmitted(view.newGameRequested):
        qtbot.keyClick(view.new_button, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)


def _measures(button: QCommandLinkButton) -> list[int]:
    hint = button.sizeHint()
    return [hint.width(), hint.height()] + [button.heightForWidth(w) for w in (120, 260, 600)]


def _command_link(link: PageLink) -> QCommandLinkButton:
    plain = QCommandLinkButton(link.text(), link.description())
    plain.setFont(link.font())
    return plain


def test_an_entry_measures_as_qts_own_command_link_after_each_change(qtbot) -> None:
    # An entry remembers its measurements; what it remembers must never differ from
    # what Qt's own command link, asked afresh, would say.
    link = PageLink("&New Game", "Choose the players, their seats and the rules.", print)
    qtbot.addWidget(link)
    assert _measures(link) == _measures(_command_link(link))
    longer = "Choose the players, their seats, the rules and who deals first, then begin."
    link.setDescription(longer)
    assert _measures(link) == _measures(_command_link(link))
    font = link.font()
    font.setPointSizeF(font.pointSizeF() * 2)
    link.setFont(font)
    assert _measures(link) == _measures(_command_link(link))
    link.setText("A title far longer than the entry's own, to be measured again")
    assert _measures(link) == _measures(_command_link(link))
    # A window dragged through many widths: each still measured as Qt would, and only
    # so many remembered.
    plain = _command_link(link)
    widths = range(100, 400, 2)
    assert [link.heightForWidth(w) for w in widths] == [plain.heightForWidth(w) for w in widths]
    assert len(link._heights) <= REMEMBERED_WIDTHS


@pytest.mark.qt_log_ignore("propagateSizeHints", "raise")
def test_the_entry_with_the_focus_is_drawn_differently(qtbot) -> None:
    view = _shown(qtbot)
    view.new_button.setFocus(Qt.FocusReason.TabFocusReason)
    focused = view.new_button.grab().toImage()
    view.library_button.setFocus(Qt.FocusReason.TabFocusReason)
    assert view.new_button.grab().toImage() != focused


def test_an_ampersand_in_a_title_or_a_name_is_shown_as_typed(qtbot) -> None:
    # A command link reads "&" as the mark of a shortcut in its title and its description:
    # "Bo & Co" came out as "Bo _Co", and the game took Alt+Space for a shortcut.
    game = Summary(
        5, "Zoë & Co", None, None, ("<b>Bo & Co</b>", "Ann"), 2, Status.IN_PROGRESS, None
    )
    view = StartView()
    qtbot.addWidget(view)
    view.set_games([game])
    button = view.continue_buttons[5]
    assert QKeySequence.mnemonic(button.text()).isEmpty()
    assert QKeySequence.mnemonic(button.description()).isEmpty()
    assert button.text().replace("&&", "&") == "Zoë & Co"
    assert (
        button.description()
        .replace("&&", "&")
        .startswith("\u2068<b>Bo & Co</b>\u2069, \u2068Ann\u2069 · ")
    )
    assert button.accessibleName() == "Zoë & Co"


@pytest.mark.qt_log_ignore("propagateSizeHints", "raise")
def test_enter_continues_the_newest_game_the_page_gives_the_focus_to(qtbot) -> None:
    # The window shows the page and gives it the focus: with a game to continue, on it,
    # first in the list, so Enter continues it.
    view = _shown(qtbot)
    view.focus_first()
    assert view.continue_buttons[4].hasFocus()
    with qtbot.waitSignal(view.continueRequested) as opened:
        qtbot.keyClick(view.focusWidget(), Qt.Key.Key_Return)
    assert opened.args == [4]


@pytest.mark.qt_log_ignore("propagateSizeHints", "raise")
def test_focus_given_before_the_window_is_active_also_goes_to_the_game(qtbot) -> None:
    view = StartView()
    qtbot.addWidget(view)
    view.set_games(GAMES)
    view.focus_first()
    view.show()
    qtbot.waitExposed(view)
    view.activateWindow()
    qtbot.waitUntil(view.isActiveWindow)
    assert view.continue_buttons[4].hasFocus()


@pytest.mark.qt_log_ignore("propagateSizeHints", "raise")
def test_new_game_reached_by_the_arrows_opens_with_enter(qtbot) -> None:
    view = _shown(qtbot)
    view.focus_first()
    for _ in view.continue_buttons:
        qtbot.keyClick(view.focusWidget(), Qt.Key.Key_Down)
    assert view.new_button.hasFocus()
    with qtbot.waitSignal(view.newGameRequested):
        qtbot.keyClick(view.new_button, Qt.Key.Key_Return)


@pytest.mark.qt_log_ignore("propagateSizeHints", "raise")
def test_without_a_game_to_continue_new_game_takes_the_focus(qtbot) -> None:
    view = _shown(qtbot)
    view.set_games(GAMES[1:2])
    view.focus_first()
    assert view.new_button.hasFocus()


@pytest.mark.qt_log_ignore("propagateSizeHints", "raise")
def test_tab_reaches_the_games_to_continue_before_new_game(qtbot) -> None:
    view = _shown(qtbot)
    view.continue_buttons[1].setFocus(Qt.FocusReason.TabFocusReason)
    assert view.continue_buttons[1].nextInFocusChain() is view.new_button
    assert view.continue_buttons[4].nextInFocusChain() is view.continue_buttons[2]


def test_a_right_to_left_name_keeps_the_order_of_the_names_listed(qtbot) -> None:
    view = StartView()
    qtbot.addWidget(view)
    view.set_games([Summary(7, "", None, None, ("דנה", "Bo", "مريم"), 0, Status.IN_PROGRESS, None)])
    details = view.continue_buttons[7].description()
    assert details.startswith("\u2068דנה\u2069, \u2068Bo\u2069, \u2068مريم\u2069 · ")


def test_the_entries_share_one_arrow_whose_image_is_read_once(qtbot) -> None:
    # Each command link's own arrow read and decoded its image again when first
    # measured and drawn: a fifth of the page's first show.
    view = StartView()
    qtbot.addWidget(view)
    view.set_games(GAMES)
    entries = view.entries()
    assert len(entries) == 8
    assert len({entry.icon().cacheKey() for entry in entries}) == 1
    assert not entries[0].icon().isNull()


def _arrow_colours(entry: QCommandLinkButton) -> set[str]:
    image = entry.icon().pixmap(20, 20).toImage()
    return {
        image.pixelColor(x, y).name()
        for x in range(image.width())
        for y in range(image.height())
        if image.pixelColor(x, y).alpha() == 255
    }


def test_the_entries_arrow_is_drawn_in_their_text_colour_in_any_palette(qtbot) -> None:
    # The style's arrow is black: on a dark palette it all but vanished.
    view = StartView()
    qtbot.addWidget(view)
    view.set_games(GAMES)
    dark = QPalette(view.palette())
    dark.setColor(QPalette.ColorRole.Window, QColor("#2b2b2b"))
    dark.setColor(QPalette.ColorRole.ButtonText, QColor("#e8e8e8"))
    view.setPalette(dark)
    for entry in view.entries():
        assert _arrow_colours(entry) == {"#e8e8e8"}
    light = QPalette(dark)
    light.setColor(QPalette.ColorRole.ButtonText, QColor("#101010"))
    view.setPalette(light)
    for entry in view.entries():
        assert _arrow_colours(entry) == {"#101010"}
    # A game listed after the change has the same arrow.
    view.set_games(GAMES[2:])
    assert _arrow_colours(view.entries()[0]) == {"#101010"}
