"""Everything Qt: the window, its pages, models, dialogs and undo commands."""
