"""Everything Qt: the window, its pages, models, dialogs and undo commands."""

import PySide6.QtCore  # noqa: F401  (PySide's import check exists once PySide is loaded)

from phase10_keeper.ui.import_check import quicken_pyside_import_check

quicken_pyside_import_check()
