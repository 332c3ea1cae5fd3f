"""Renders the window at 1280x720 with six long names, for a look at what they crowd:
the game page (Mattel and Masters), its standings and charts, the Player Leaves and
Player Joins dialogs, the New Game dialog's two pages and the Players page, light and
dark.

    LC_ALL=de_DE.UTF-8 python tests/benchmarks/long_name_shots.py [OUT_DIR]

The window speaks the system's language, as in `screenshots.py`.
"""

import os
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication

from phase10_keeper.rules import (
    Game,
    Hand,
    Join,
    Leave,
    PlayerResult,
    Preset,
    advance,
    build_rules,
    preset_rules,
    replay,
)
from phase10_keeper.storage.library import Library
from phase10_keeper.ui.game.seating_dialogs import PlayerLeavesDialog
from phase10_keeper.ui.main_window import MainWindow
from phase10_keeper.ui.new_game.new_game_dialog import NewGameDialog
from phase10_keeper.ui.text.language_choice import start_in_language
from phase10_keeper.ui.widgets.contrast_style import follow_palette, use_contrast_style

sys.path.insert(0, str(Path(__file__).parent))
from screenshots import WINDOW_FRAME, dark_palette, play

LONG_NAMES = (
    "Maximilian Alexander Featherstonehaugh",
    "Zoë Wünschmann-Łukasiewicz",
    "Małgorzata Brzęczyszczykiewicz",
    "Alexandra-Sophie von Hohenzollern",
    "Bartholomew Montgomery-Smythe",
    "Przemysław Szczepankiewicz",
)
JOINER = "Krzysztof Grzegorz Wiśniewski-Kowalczyk"


def long_game() -> Game:
    """Six long names; one leaves before hand 4 and another joins before hand 6 on 135."""
    game = play(Game(players=LONG_NAMES, title="Friday night"), 3, 5)
    game = game.with_seating_change(Leave(4, LONG_NAMES[4]))
    game = play(game, 2, 6)
    game = game.with_seating_change(Join(6, JOINER, total=135))
    return play(game, 4, 7)


def masters_game() -> Game:
    """Six long names choosing their phases: each tries the first phase left to them."""
    game = Game(players=LONG_NAMES, rules=preset_rules(Preset.MASTERS), title="Masters")
    state = replay(game).final
    for number in range(5):
        results = {
            name: PlayerResult(
                made=index == number or (index + number) % 3 != 0,
                points=0 if index == number else 5 + 5 * (index % 2),
                phase=state.phases_left(name)[0].label,
            )
            for index, name in enumerate(state.participants())
        }
        hand = Hand(went_out=LONG_NAMES[number], results=results)
        game = game.with_hand_appended(hand)
        state, _ = advance(state, hand)
    return game


def shoot_new_game(app: QApplication, window: MainWindow, out: Path, theme: str) -> None:
    dialog = NewGameDialog(window, roster=LONG_NAMES, taken=["Friday night"])
    for player in LONG_NAMES:
        dialog.add_player(player)
    dialog.show()
    for index in range(dialog.tabs.count()):
        dialog.tabs.setCurrentIndex(index)
        app.processEvents()
        dialog.grab().save(str(out / f"new-game{index}-{theme}.png"))
    dialog.close()


def shoot(app: QApplication, out: Path, theme: str) -> None:
    app.setPalette(dark_palette() if theme == "dark" else app.style().standardPalette())
    # The style wrapped for contrast in the dark colours alone, as the window does.
    follow_palette(app)
    with tempfile.TemporaryDirectory() as data_dir:
        library = Library.open(Path(data_dir))
        game_id = library.add_game(replace(long_game(), started="2026-11-27T20:00:00+00:00"))
        masters_id = library.add_game(replace(masters_game(), started="2026-11-28T20:00:00+00:00"))
        short = Game(players=LONG_NAMES, rules=build_rules(target=4), title="Short")
        library.add_game(replace(play(short, 40, 3), started="2026-11-20T19:30:00+00:00"))
        window = MainWindow(library)
        window.resize(1280, 720 - WINDOW_FRAME)
        window.show()
        window.navigation.open_game(game_id)
        app.processEvents()
        window.grab().save(str(out / f"game-{theme}.png"))
        view = window.pages.game_view
        assert view is not None
        view.side_tabs.setCurrentWidget(view.charts)
        app.processEvents()
        window.grab().save(str(out / f"charts-{theme}.png"))
        for index in range(view.charts.tabs.count()):
            view.charts.tabs.setCurrentIndex(index)
            app.processEvents()
            view.charts.grab().save(str(out / f"chart{index}-{theme}.png"))
        dialog = window.commands.player_leaves()
        assert isinstance(dialog, PlayerLeavesDialog)
        dialog.player_combo.setCurrentIndex(0)
        app.processEvents()
        dialog.grab().save(str(out / f"leaves-{theme}.png"))
        dialog.reject()
        dialog = window.commands.player_joins()
        assert dialog is not None
        app.processEvents()
        dialog.grab().save(str(out / f"joins-{theme}.png"))
        dialog.close()
        shoot_new_game(app, window, out, theme)
        window.navigation.open_game(masters_id)
        app.processEvents()
        window.grab().save(str(out / f"masters-{theme}.png"))
        players = window.navigation.show_players()
        players.table.selectRow(0)
        app.processEvents()
        window.grab().save(str(out / f"players-{theme}.png"))
        for index in range(players.player_page.tabs.count()):
            players.player_page.tabs.setCurrentIndex(index)
            app.processEvents()
            window.grab().save(str(out / f"players{index}-{theme}.png"))
        window.close()
        library.close()


def main() -> int:
    arguments = [argument for argument in sys.argv[1:] if not argument.startswith("--")]
    out = Path(arguments[0] if arguments else "shots")
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication(sys.argv[:1])
    start_in_language(app, QSettings())
    use_contrast_style(app, "Fusion")
    app.setAttribute(Qt.ApplicationAttribute.AA_DontShowIconsInMenus, False)
    for theme in ("light", "dark"):
        shoot(app, out, theme)
    print(f"screenshots in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
