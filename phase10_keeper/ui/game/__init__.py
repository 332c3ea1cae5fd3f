"""A game's page and what it opens: the score grid and standings with their models and
delegates, the entry form and its draft, the session that records hands, the
scoreboard, the seating and rename dialogs, the game's charts."""
