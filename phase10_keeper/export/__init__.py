"""A game's plays in the forms other tools keep them: a CSV of every hand for
spreadsheets, and the link that logs a finished game in BG Stats. No Qt, no I/O beyond
what the library gives: the command line and the window write what these make."""
