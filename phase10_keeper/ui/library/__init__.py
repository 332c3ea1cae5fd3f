"""The games kept: the start page, the saved games page, game files imported and
exported."""
