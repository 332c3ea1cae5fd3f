"""Statistics from replays, for the app, the printed sheet and the command line alike:
how one game went hand by hand, and how everyone plays over many games.
"""

from typing import TYPE_CHECKING

from phase10_keeper.stats.game import (
    BigHand,
    GameSeries,
    PhaseTally,
    PlayerSeries,
    game_series,
    hardest_phase,
    phase_tallies,
    struggled_phase,
    summary_lines,
)

if TYPE_CHECKING:
    from phase10_keeper.stats.players import (
        RECORD_FORMAT,
        GameRecord,
        HeadToHead,
        LibraryStats,
        PlayedGame,
        PlayerStats,
        RecordKind,
        Records,
        RecordSet,
        game_record,
        library_stats,
        player_key,
        record_from_json,
        record_set_line,
        record_to_json,
        records_set_by,
        stats_of_records,
        stats_of_states,
        stats_to_json,
    )


def __getattr__(name: str) -> object:
    """The statistics over many games (`players`) load when first asked for: the sheet
    and the game page need only one game's."""
    if name in __all__:
        from phase10_keeper.stats import players

        return getattr(players, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "RECORD_FORMAT",
    "BigHand",
    "GameRecord",
    "GameSeries",
    "HeadToHead",
    "LibraryStats",
    "PhaseTally",
    "PlayedGame",
    "PlayerSeries",
    "PlayerStats",
    "RecordKind",
    "RecordSet",
    "Records",
    "game_record",
    "game_series",
    "hardest_phase",
    "library_stats",
    "phase_tallies",
    "player_key",
    "record_from_json",
    "record_set_line",
    "record_to_json",
    "records_set_by",
    "stats_of_records",
    "stats_of_states",
    "stats_to_json",
    "struggled_phase",
    "summary_lines",
]
