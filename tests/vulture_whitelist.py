"""Names the dead-code check cannot see used: tests and the screenshot script drive
these dialogs through them."""

from phase10_keeper.ui.new_game_dialog import NewGameDialog
from phase10_keeper.ui.rules_editor import PhaseListEditor

NewGameDialog.select_preset  # chooses a preset as a click in the list would
PhaseListEditor.select  # selects a phase as a click in the list would
