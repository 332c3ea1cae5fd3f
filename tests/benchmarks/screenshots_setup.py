"""Screenshots of the start, new-game, library, printing and About views, light and dark.

Run: python tests/benchmarks/screenshots_setup.py [OUT_DIR]   (default: shots6 in the
temporary folder)
Draws offscreen with the Fusion style, once in the light and once in the dark scheme,
so layouts can be looked at without a display.
"""

import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QWidget

from phase10_keeper.rules import Cards, Game, Hand, PlayerResult, Preset
from phase10_keeper.storage.library import Library
from phase10_keeper.ui.dialogs.about_dialog import AboutDialog
from phase10_keeper.ui.dialogs.sheet_dialogs import SheetDialog
from phase10_keeper.ui.library.games_view import GamesView
from phase10_keeper.ui.library.start_view import StartView
from phase10_keeper.ui.new_game.new_game_dialog import NewGameDialog
from phase10_keeper.ui.prompts import Prompts
from phase10_keeper.ui.text.language_choice import start_in_language
from phase10_keeper.ui.widgets.contrast_style import follow_palette, use_contrast_style

PLAYERS = ("Priya", "Marcus", "Kwame", "Dana")


def dark_palette() -> QPalette:
    """A dark scheme like the desktops' own, for platforms that report none offscreen."""
    palette = QPalette()
    colours = {
        QPalette.ColorRole.Window: "#2b2b2e",
        QPalette.ColorRole.WindowText: "#e6e6e6",
        QPalette.ColorRole.Base: "#1e1e20",
        QPalette.ColorRole.AlternateBase: "#28282b",
        QPalette.ColorRole.ToolTipBase: "#3a3a3d",
        QPalette.ColorRole.ToolTipText: "#e6e6e6",
        QPalette.ColorRole.PlaceholderText: "#8c8c90",
        QPalette.ColorRole.Text: "#e6e6e6",
        QPalette.ColorRole.Button: "#3a3a3d",
        QPalette.ColorRole.ButtonText: "#e6e6e6",
        QPalette.ColorRole.BrightText: "#ff6b6b",
        QPalette.ColorRole.Link: "#6cb4ff",
        QPalette.ColorRole.Highlight: "#3d7bd9",
        QPalette.ColorRole.HighlightedText: "#ffffff",
        QPalette.ColorRole.Light: "#4a4a4e",
        QPalette.ColorRole.Midlight: "#404044",
        QPalette.ColorRole.Mid: "#333336",
        QPalette.ColorRole.Dark: "#19191b",
        QPalette.ColorRole.Shadow: "#0d0d0e",
    }
    for role, colour in colours.items():
        palette.setColor(role, QColor(colour))
    for role in (
        QPalette.ColorRole.WindowText,
        QPalette.ColorRole.Text,
        QPalette.ColorRole.ButtonText,
    ):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor("#7a7a7e"))
    return palette


def _hand(went_out: str, players: tuple[str, ...], low: int = 10) -> Hand:
    return Hand(
        went_out=went_out,
        results={
            name: PlayerResult(made=True)
            if name == went_out
            else PlayerResult(made=False, cards=Cards(low=low))
            for name in players
        },
    )


def sample_library(folder: Path) -> Library:
    library = Library.open(folder)
    library.add_game(
        Game(
            PLAYERS,
            title="Friday night",
            started="2026-11-27T20:00:00+00:00",
            hands=tuple(_hand(PLAYERS[index % 4], PLAYERS) for index in range(5)),
        )
    )
    library.add_game(Game(("Ann", "Bo"), title="Lunch break", started="2026-11-24T12:30:00+00:00"))
    library.add_game(
        Game(
            ("Zoe", "Yan", "Xavier", "Wren", "Vera", "Uma"),
            title="Family reunion",
            started="2026-11-29T15:00:00+00:00",
            hands=(_hand("Zoe", ("Zoe", "Yan", "Xavier", "Wren", "Vera", "Uma")),),
        )
    )
    return library


def new_game_dialog(rules_tab: bool) -> NewGameDialog:
    dialog = NewGameDialog(roster=PLAYERS, title="Friday night")
    for name in PLAYERS:
        dialog.add_player(name)
    dialog.player_list.setCurrentRow(2)
    dialog.add_player("priya")
    if rules_tab:
        dialog.tabs.setCurrentIndex(1)
        dialog.select_preset(Preset.SHORT)
        dialog.super_wild_check.setChecked(True)
        dialog.house_box.setChecked(True)
        dialog.phase_editor.select(2)
        dialog.phase_editor.add_group()
    return dialog


def views(library: Library, settings: QSettings) -> dict[str, Callable[[], QWidget]]:
    def start() -> QWidget:
        view = StartView()
        view.read_games(library)
        view.resize(720, 620)
        return view

    def games() -> QWidget:
        view = GamesView(library, Prompts())
        view.select_game(1)
        view.resize(860, 360)
        return view

    def games_filtered() -> QWidget:
        view = GamesView(library, Prompts())
        view.set_filter_text("nobody")
        view.resize(860, 300)
        return view

    def blank_sheets() -> QWidget:
        return SheetDialog(settings, names=PLAYERS)

    def game_sheet() -> QWidget:
        return SheetDialog(settings, game=library.load_game(1))

    return {
        "start": start,
        "new-game-players": lambda: new_game_dialog(rules_tab=False),
        "new-game-rules": lambda: new_game_dialog(rules_tab=True),
        "games": games,
        "games-no-match": games_filtered,
        "blank-sheets": blank_sheets,
        "game-sheet": game_sheet,
        "about": AboutDialog,
    }


def grab(widget: QWidget, path: Path) -> None:
    widget.show()
    if not widget.testAttribute(Qt.WidgetAttribute.WA_Resized):
        widget.adjustSize()
    QApplication.processEvents()
    widget.grab().save(str(path))
    widget.close()
    widget.deleteLater()


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.gettempdir()) / "shots6"
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication(sys.argv[:1])
    start_in_language(app, QSettings())
    use_contrast_style(app, "Fusion")
    light = app.style().standardPalette()
    with tempfile.TemporaryDirectory() as folder:
        library = sample_library(Path(folder) / "data")
        settings = QSettings(str(Path(folder) / "settings.ini"), QSettings.Format.IniFormat)
        for scheme, palette in (("light", light), ("dark", dark_palette())):
            app.setPalette(palette)
            # The style wrapped for contrast in the dark colours alone, as the window does.
            follow_palette(app)
            for name, make in views(library, settings).items():
                path = out / f"{name}-{scheme}.png"
                grab(make(), path)
                print(path)
        library.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
