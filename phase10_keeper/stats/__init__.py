"""Statistics from replays, for the app, the printed sheet and the command line alike:
how one game went hand by hand, and how everyone plays over many games.
"""

from phase10_keeper.stats.game import (
    BigHand,
    GameSeries,
    PhaseTally,
    PlayerSeries,
    game_series,
    hardest_phase,
    phase_tallies,
    summary_lines,
)
from phase10_keeper.stats.players import (
    HeadToHead,
    LibraryStats,
    PlayedGame,
    PlayerStats,
    library_stats,
    player_key,
    stats_of_states,
    stats_to_json,
)

__all__ = [
    "BigHand",
    "GameSeries",
    "HeadToHead",
    "LibraryStats",
    "PhaseTally",
    "PlayedGame",
    "PlayerSeries",
    "PlayerStats",
    "game_series",
    "hardest_phase",
    "library_stats",
    "phase_tallies",
    "player_key",
    "stats_of_states",
    "stats_to_json",
    "summary_lines",
]
