"""Renders the statistics to PNG files for a look at them: the game page's charts (a game
in progress and a finished one), the Players page with each tab of a player's page, light
and dark, and the last page of a filled score sheet (needs pdftoppm).

    python tests/benchmarks/screenshots_stats.py [OUT_DIR]
"""

import os
import random
import shutil
import subprocess
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from screenshots import PLAYERS, dark_palette, finished_game, game_in_progress, play

from phase10_keeper.rules import Game, build_rules
from phase10_keeper.sheet import write_score_sheet
from phase10_keeper.storage.library import Library
from phase10_keeper.ui.game.session import GameSession
from phase10_keeper.ui.main_window import MainWindow
from phase10_keeper.ui.text.language_choice import start_in_language
from phase10_keeper.ui.widgets.contrast_style import follow_palette


def fill(library: Library) -> None:
    chance = random.Random(4)
    for number in range(1, 15):
        players = tuple(chance.sample(PLAYERS, chance.randint(3, 6)))
        rules = build_rules(target=chance.choice([3, 4, 5]))
        game = play(Game(players=players, rules=rules, title=f"Evening {number}"), 60, number)
        library.add_game(replace(game, started=f"2026-10-{number:02d}T19:30:00+00:00"))
    library.add_game(replace(game_in_progress(), started="2026-11-27T20:00:00+00:00"))


def shoot(app: QApplication, library: Library, out: Path, theme: str) -> None:
    app.setPalette(dark_palette() if theme == "dark" else app.style().standardPalette())
    # The style wrapped for contrast in the dark colours alone, as the window does.
    follow_palette(app)
    for name, game in (("in-progress", game_in_progress()), ("finished", finished_game())):
        window = MainWindow()
        window.navigation.open_session(GameSession(game))
        window.resize(1280, 720)
        window.show()
        assert window.pages.game_view is not None
        window.pages.game_view.side_tabs.setCurrentWidget(window.pages.game_view.charts)
        app.processEvents()
        window.grab().save(str(out / f"charts-{name}-{theme}.png"))
        window.close()
    window = MainWindow(library)
    window.resize(1280, 720)
    window.show()
    view = window.navigation.show_players()
    view.select_player("Zoë")
    for tab in range(view.player_page.tabs.count()):
        view.player_page.tabs.setCurrentIndex(tab)
        app.processEvents()
        window.grab().save(str(out / f"players-{tab + 1}-{theme}.png"))
    window.close()


def main() -> int:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "shots")
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication(sys.argv[:1])
    start_in_language(app, QSettings())
    app.setStyle("Fusion")
    with tempfile.TemporaryDirectory() as data_dir:
        library = Library.open(Path(data_dir))
        fill(library)
        for theme in ("light", "dark"):
            shoot(app, library, out, theme)
        library.close()
    sheet = out / "sheet.pdf"
    pages = write_score_sheet(sheet, game=finished_game())
    if shutil.which("pdftoppm"):
        last = ["-f", str(pages), "-l", str(pages)]
        picture = str(out / "sheet-summary")
        subprocess.run(["pdftoppm", "-png", "-r", "80", *last, str(sheet), picture], check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
