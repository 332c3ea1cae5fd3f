"""Renders the app's window to PNG files for a look at it: light and dark, six players.

    python tests/benchmarks/screenshots.py [OUT_DIR] [--real] [--scale=2]

The start page, the saved games and the game page (with its File menu open), drawn
with a throwaway library. Without --real the window is drawn offscreen; with it, on
the display in $DISPLAY.

Then, on the screens people have (1280x720, 1366x768, 1920x1080): the game page in the
window such a screen leaves once the title bar and the desktop's panel are drawn, the
scoreboard full screen, and the new-game dialog; and the same once more, at 1366x768,
with Qt scaling everything by two (QT_SCALE_FACTOR=2, run in a second process since Qt
reads it at start). --scale=N draws only the screens, at that scale factor.

The window speaks the system's language: `LC_ALL=de_DE.UTF-8` draws it in German.
"""

import os
import random
import subprocess
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

if "--real" not in sys.argv:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
if scale_arguments := [arg for arg in sys.argv if arg.startswith("--scale=")]:
    os.environ["QT_SCALE_FACTOR"] = scale_arguments[0].split("=", 1)[1]

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from phase10_keeper.rules import (
    HAND_SIZE,
    CardKind,
    Cards,
    Game,
    GameState,
    Hand,
    PlayerResult,
    advance,
    build_rules,
    replay,
)
from phase10_keeper.storage.library import Library
from phase10_keeper.ui.game.session import GameSession
from phase10_keeper.ui.main_window import MainWindow
from phase10_keeper.ui.text.language_choice import start_in_language
from phase10_keeper.ui.widgets.contrast_style import follow_palette, use_contrast_style

SCALE = os.environ["QT_SCALE_FACTOR"] if scale_arguments else None
PLAYERS = ("Maximilian Alexander Featherstonehaugh", "Zoë", "Łukasz", "Priya", "Marcus", "Kwame")


def played_hand(state: GameState, chance: random.Random) -> Hand:
    """A believable hand after `state`: a few make their phase, the rest hold ten cards."""
    players = state.participants()
    went_out = chance.choice(players)
    deck = {"high": 24, "skip": 4, "wild": 8}
    results = {}
    for name in players:
        phase = state.next_phase(name)
        if name == went_out:
            results[name] = PlayerResult(made=True)
        elif phase is not None and chance.random() < 0.45:
            room = HAND_SIZE - phase.card_count
            results[name] = PlayerResult(made=True, cards=Cards(low=chance.randint(1, room)))
        else:
            # Drawn from what the deck has left, so the table never holds too many.
            wild = min(chance.choice((0, 0, 1, 2)), deck["wild"])
            skip = min(chance.choice((0, 0, 0, 1)), deck["skip"])
            high = min(chance.randint(0, 4), deck["high"])
            deck.update(wild=deck["wild"] - wild, skip=deck["skip"] - skip)
            deck["high"] -= high
            cards = Cards(low=10 - wild - skip - high, high=high, skip=skip, wild=wild)
            results[name] = PlayerResult(made=False, cards=cards)
    return Hand(went_out=went_out, results=results)


def play(game: Game, hands: int, seed: int) -> Game:
    chance = random.Random(seed)
    state = replay(game).final
    for _ in range(hands):
        if state.is_over:
            break
        hand = played_hand(state, chance)
        game = game.with_hand_appended(hand)
        state, _ = advance(state, hand)
    return game


def game_in_progress() -> Game:
    return play(Game(players=PLAYERS, title="Friday night at the Featherstonehaughs"), 9, 7)


def finished_game() -> Game:
    return play(Game(players=PLAYERS, rules=build_rules(target=4), title="Short game"), 60, 3)


def dark_palette() -> QPalette:
    palette = QPalette()
    colours = {
        QPalette.ColorRole.Window: QColor(37, 38, 42),
        QPalette.ColorRole.WindowText: QColor(230, 230, 230),
        QPalette.ColorRole.Base: QColor(28, 29, 32),
        QPalette.ColorRole.AlternateBase: QColor(45, 47, 52),
        QPalette.ColorRole.Text: QColor(232, 232, 232),
        QPalette.ColorRole.Button: QColor(50, 52, 57),
        QPalette.ColorRole.ButtonText: QColor(232, 232, 232),
        QPalette.ColorRole.Highlight: QColor(61, 122, 204),
        QPalette.ColorRole.HighlightedText: QColor(255, 255, 255),
        QPalette.ColorRole.PlaceholderText: QColor(150, 150, 155),
        QPalette.ColorRole.Mid: QColor(80, 82, 88),
        QPalette.ColorRole.ToolTipBase: QColor(50, 52, 57),
        QPalette.ColorRole.ToolTipText: QColor(232, 232, 232),
    }
    for role, colour in colours.items():
        palette.setColor(role, colour)
    return palette


def _open_menu(window: MainWindow, app: QApplication, index: int) -> None:
    menu_action = window.menuBar().actions()[index]
    menu = menu_action.menu()
    assert menu is not None
    where = window.menuBar().actionGeometry(menu_action).bottomLeft()
    menu.popup(window.menuBar().mapToGlobal(where))
    app.processEvents()


def _grab_with_menu(window: MainWindow, app: QApplication, index: int, path: Path) -> None:
    """The window with one of its menus open, drawn where it pops up."""
    from PySide6.QtGui import QPainter

    _open_menu(window, app, index)
    menu = window.menuBar().actions()[index].menu()
    assert menu is not None
    picture = window.grab()
    painter = QPainter(picture)
    painter.drawPixmap(window.mapFromGlobal(menu.pos()), menu.grab())
    painter.end()
    picture.save(str(path))
    menu.hide()


def shoot(app: QApplication, out: Path, theme: str, real: bool) -> None:
    app.setPalette(dark_palette() if theme == "dark" else app.style().standardPalette())
    # The style wrapped for contrast in the dark colours alone, as the window does.
    follow_palette(app)
    with tempfile.TemporaryDirectory() as data_dir:
        library = Library.open(Path(data_dir))
        library.add_game(replace(finished_game(), started="2026-11-20T19:30:00+00:00"))
        sunday = Game(
            players=PLAYERS[1:5], title="Sunday lunch", started="2026-11-22T13:00:00+00:00"
        )
        library.add_game(play(sunday, 4, 11))
        friday = library.add_game(replace(game_in_progress(), started="2026-11-27T20:00:00+00:00"))
        window = MainWindow(library)
        window.resize(1360, 840)
        window.show()
        app.processEvents()
        window.grab().save(str(out / f"start-{theme}.png"))
        window.navigation.show_library()
        app.processEvents()
        window.grab().save(str(out / f"library-{theme}.png"))
        _grab_with_menu(window, app, 1, out / f"library-edit-menu-{theme}.png")
        window.navigation.open_game(friday)
        app.processEvents()
        window.grab().save(str(out / f"in-progress-{theme}.png"))
        _grab_with_menu(window, app, 0, out / f"file-menu-{theme}.png")
        _grab_with_menu(window, app, 1, out / f"edit-menu-{theme}.png")
        window.close()
        library.close()

    window = MainWindow()
    window.navigation.open_session(GameSession(game_in_progress()))
    window.show()
    app.processEvents()

    # The entry form part-way through a hand, with one mistake flagged.
    assert window.pages.game_view is not None
    form = window.pages.game_view.form
    form._rows[1].went_out.click()
    QTest.keyClicks(form._rows[0].counts[CardKind.HIGH], "2")
    QTest.keyClicks(form._rows[0].counts[CardKind.WILD], "1")
    form._rows[2].made.click()
    QTest.keyClicks(form._rows[2].counts[CardKind.LOW], "7")
    form._rows[3].made.click()
    QTest.keyClicks(form._rows[3].counts[CardKind.HIGH], "1")
    form.submit()
    app.processEvents()
    form.grab().save(str(out / f"entry-form-{theme}.png"))
    window.close()

    finished = MainWindow()
    finished.navigation.open_session(GameSession(finished_game()))
    finished.show()
    app.processEvents()
    finished.grab().save(str(out / f"finished-{theme}.png"))
    if real:
        screen = finished.screen().grabWindow(0)
        screen.save(str(out / f"real-window-{theme}.png"))
    finished.close()


SCREENS = {"1280x720": (1280, 720), "1366x768": (1366, 768), "1920x1080": (1920, 1080)}
WINDOW_FRAME = 90
"""What a desktop's title bar and panel take from a screen's height."""
TABLE = ("Maximilian Alexander", "Alexandra-Sophie", "Zoë", "Łukasz", "Priya", "Kwame")


def table_game() -> Game:
    return play(Game(players=TABLE, title="Friday night"), 11, 5)


def shoot_screens(app: QApplication, out: Path, theme: str, screens: dict[str, tuple[int, int]]):
    """The game page, the scoreboard and the new-game dialog at each screen size."""
    from phase10_keeper.ui.game.scoreboard import Scoreboard
    from phase10_keeper.ui.new_game.new_game_dialog import NewGameDialog

    app.setPalette(dark_palette() if theme == "dark" else app.style().standardPalette())
    # The style wrapped for contrast in the dark colours alone, as the window does.
    follow_palette(app)
    scale = f"-scale{SCALE}" if SCALE else ""
    for label, (width, height) in screens.items():
        name = f"{label}{scale}-{theme}"
        window = MainWindow()
        window.navigation.open_session(GameSession(table_game()))
        window.resize(width, height - WINDOW_FRAME)
        window.show()
        app.processEvents()
        window.grab().save(str(out / f"game-{name}.png"))
        board = Scoreboard(window.pages.session)  # type: ignore[arg-type]
        board.resize(width, height)
        board.show()
        app.processEvents()
        board.grab().save(str(out / f"scoreboard-{name}.png"))
        board.close()
        dialog = NewGameDialog(window, roster=TABLE, taken=["Friday night"])
        for player in TABLE[:4]:
            dialog.add_player(player)
        dialog.name_edit.setText("Pri")
        dialog.show()
        app.processEvents()
        dialog.grab().save(str(out / f"new-game-{name}.png"))
        dialog.close()
        window.close()


def main() -> int:
    arguments = [argument for argument in sys.argv[1:] if not argument.startswith("--")]
    out = Path(arguments[0] if arguments else "shots")
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication(sys.argv[:1])
    start_in_language(app, QSettings())
    use_contrast_style(app, "Fusion")
    app.setAttribute(Qt.ApplicationAttribute.AA_DontShowIconsInMenus, False)
    for theme in ("light", "dark"):
        if SCALE is None:
            shoot(app, out, theme, "--real" in sys.argv)
            shoot_screens(app, out, theme, SCREENS)
        else:
            shoot_screens(app, out, theme, {"1366x768": SCREENS["1366x768"]})
    if SCALE is None:
        subprocess.run([sys.executable, __file__, str(out), "--scale=2"], check=True)
    print(f"screenshots in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
