"""Names the dead-code check cannot see used: tests and the screenshot script drive
these dialogs through them, and Python calls a package's `__getattr__`."""

import sqlite3

from PySide6.QtWidgets import QStyleOptionViewItem

from phase10_keeper import stats
from phase10_keeper.storage import lock
from phase10_keeper.storage.library import Library
from phase10_keeper.ui import settings
from phase10_keeper.ui.game.scoreboard import Scoreboard
from phase10_keeper.ui.main_window import MainWindow
from phase10_keeper.ui.new_game.new_game_dialog import NewGameDialog
from phase10_keeper.ui.new_game.rules_editor import PhaseListEditor
from phase10_keeper.ui.widgets.charts import BarChart, ChartPanel, LineChart
from phase10_keeper.ui.window_commands import WindowCommands
from phase10_keeper.ui.window_navigation import WindowNavigation
from phase10_keeper.ui.window_pages import WindowPages

NewGameDialog.select_preset  # chooses a preset as a click in the list would
PhaseListEditor.select  # selects a phase as a click in the list would
ChartPanel.series_count  # how many lines or bars a chart draws
LineChart.series_count
BarChart.series_count
Scoreboard.type_size  # the type size the board settled on, for its layout tests
QStyleOptionViewItem.features  # set for Qt's style, which reads them to draw a grid cell
QStyleOptionViewItem.displayAlignment
sqlite3.Connection.text_factory  # set for sqlite3, which decodes every text it fetches with it
stats.__getattr__  # Python calls it for the names the package loads when first used
lock.hold_library  # taken by each writer that runs on (the app, `serve`)
Library.known_revision  # what a writer that keeps its own copy passes back to save_game
settings.SETTINGS  # the table, which tests hold to the keys users' settings are stored under

# The window's menus, actions and the methods they call, named by the rows of
# `ui.window_actions` that build them (a test holds every row to the window).
MainWindow.file_menu
MainWindow.view_menu
MainWindow.game_menu
MainWindow.help_menu
MainWindow.new_action
MainWindow.library_action
MainWindow.export_game_action
MainWindow.print_action
MainWindow.export_sheet_action
MainWindow.blank_sheets_action
MainWindow.close_action
MainWindow.quit_action
MainWindow.scoreboard_action
MainWindow.players_action
MainWindow.leave_action
MainWindow.join_action
MainWindow.share_action
MainWindow.how_to_action
MainWindow.shortcuts_action
MainWindow.about_action
MainWindow.phones_action
WindowNavigation.leave_library
WindowCommands.toggle_phones
WindowCommands.export_game_file
WindowCommands.print_score_sheet
WindowCommands.export_score_sheet
WindowCommands.player_leaves
WindowCommands.player_joins
WindowCommands.show_scoreboard
WindowCommands.keyboard_help
WindowCommands.about
WindowPages.phones_dialog  # the phones' codes for the open game, as tests and benchmarks find them

# Calls with a positional-only text key (`def __call__(self, key, /, **values)`), which
# vulture takes for plain functions, not methods.
_ = object()
_.__call__
