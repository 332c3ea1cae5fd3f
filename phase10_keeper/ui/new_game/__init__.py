"""Starting a game: the new game dialog and its rules editor."""
