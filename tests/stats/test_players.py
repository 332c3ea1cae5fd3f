"""Statistics over a library, against games worked out by hand (see games.py)."""

import pytest

from phase10_keeper.rules import Cards, Game, Hand, PlayerResult, Preset, preset_rules
from phase10_keeper.stats import (
    HeadToHead,
    PhaseTally,
    library_stats,
    record_from_json,
    stats_to_json,
)

from .games import one_hand_in, race_to_phase_2, tie_break

LIBRARY = (tie_break("Ana", "Ben"), race_to_phase_2("ana", "BEN"), one_hand_in("Ben", "Cleo"))


def test_the_statistics_json_counts_every_player_by_the_contract() -> None:
    assert stats_to_json(library_stats(LIBRARY)) == {
        "games": 3,
        "finished": 2,
        "players": [
            {
                "name": "Ben",
                "games": 3,
                "finished": 2,
                "wins": 2,
                "hands": 5,
                "went_out": 2,
                "points": 55,
                "phases": {"1": {"attempts": 3, "made": 2}, "2": {"attempts": 1, "made": 1}},
                "records": {
                    "best_total": 0,
                    "fastest_win": 2,
                    "best_streak": 2,
                    "current_streak": 2,
                    "nemesis": None,
                },
            },
            {
                "name": "ana",
                "games": 2,
                "finished": 2,
                "wins": 0,
                "hands": 4,
                "went_out": 2,
                "points": 100,
                "phases": {"1": {"attempts": 2, "made": 2}, "2": {"attempts": 1, "made": 0}},
                "records": {
                    "best_total": 50,
                    "fastest_win": None,
                    "best_streak": 0,
                    "current_streak": 0,
                    "nemesis": "Ben",
                },
            },
            {
                "name": "Cleo",
                "games": 1,
                "finished": 0,
                "wins": 0,
                "hands": 1,
                "went_out": 1,
                "points": 0,
                "phases": {"1": {"attempts": 1, "made": 1}},
                "records": {
                    "best_total": None,
                    "fastest_win": None,
                    "best_streak": 0,
                    "current_streak": 0,
                    "nemesis": None,
                },
            },
        ],
    }


def test_a_player_is_found_ignoring_case_and_outer_spaces() -> None:
    stats = library_stats(LIBRARY)
    player = stats.player("  ANA ")
    assert player is not None
    assert player.name == "ana"
    assert stats.player("Dana") is None


def test_phase_difficulty_names_the_hardest_phase() -> None:
    stats = library_stats(LIBRARY)
    assert stats.phases == (PhaseTally(1, 6, 5), PhaseTally(2, 2, 1))
    assert stats.hardest_phase == PhaseTally(2, 2, 1)
    ana = stats.player("Ana")
    assert ana is not None
    assert ana.hardest_phase == PhaseTally(2, 1, 0)
    assert not ana.never_missed


def test_a_player_who_never_missed_has_no_hardest_phase() -> None:
    cleo = library_stats(LIBRARY).player("Cleo")
    assert cleo is not None
    assert cleo.phases == (PhaseTally(1, 1, 1),)
    assert cleo.hardest_phase is None
    assert cleo.never_missed


def test_head_to_head_counts_finished_games_together() -> None:
    stats = library_stats(LIBRARY)
    ben, ana, cleo = stats.players
    assert ben.head_to_head == (HeadToHead("ana", 2, 2, 0),)
    assert ana.head_to_head == (HeadToHead("Ben", 2, 0, 2),)
    # Ben and Cleo have not finished a game together.
    assert cleo.head_to_head == ()


def test_each_player_has_their_games_in_order() -> None:
    stats = library_stats(LIBRARY)
    ben = stats.player("ben")
    assert ben is not None
    assert [(game.game_index, game.won, game.position, game.points) for game in ben.played] == [
        (0, True, 1, 0),
        (1, True, 1, 5),
        (2, False, 2, 50),
    ]
    assert ben.win_rate == 1.0
    assert ben.points_per_hand == 11.0


def test_an_empty_library_has_no_players() -> None:
    stats = library_stats(())
    assert stats_to_json(stats) == {"games": 0, "finished": 0, "players": []}
    assert stats.hardest_phase is None


def test_in_choose_order_the_phase_recorded_is_the_one_attempted() -> None:
    game = Game(
        ("Ana", "Ben"),
        rules=preset_rules(Preset.MASTERS),
        hands=(
            Hand(
                "Ana",
                {
                    "Ana": PlayerResult(made=True, phase=5),
                    "Ben": PlayerResult(made=False, cards=Cards(low=10), phase=3),
                },
            ),
        ),
    )
    ana, ben = sorted(library_stats((game,)).players, key=lambda player: player.name)
    assert ana.phases == (PhaseTally(5, 1, 1),)
    assert ben.phases == (PhaseTally(3, 1, 0),)


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"finished": True, "winner": None, "ranking": ["A"], "players": []},
        {"finished": True, "winner": None, "ranking": [], "players": [{"name": "A"}]},
        None,
        [True, None, [0], 0, []],
        [True, None, [0], 0, [["A", 1, 10, 0, 10, None, [1, 1]]]],
        [True, None, [0], 0, [["A", 1, 10, 0, 10, None, [1, 1, True]]]],
        [True, None, [0, 0], 0, [["A", 1, 10, 0, 10, None, []], ["B", 1, 10, 0, 10, None, []]]],
        [True, None, [0, True], 0, [["A", 1, 10, 0, 10, None, []], ["B", 1, 10, 0, 10, None, []]]],
        [True, None, [0], 0, [["A", 1, 10, 0, 10, None, {}]]],
        [True, None, [0], 0, [["A", 1, 10, 0, 10, None, [1, 1.0, 0]]]],
        [True, None, [0], 0, [["A", 1, 10, 0, 10, 2.0, []]]],
        [True, None, [0], 0, [["A", 1, 10, False, 10, None, []]]],
    ],
)
def test_a_record_that_is_not_one_is_refused(data: object) -> None:
    with pytest.raises(ValueError, match="not a game record"):
        record_from_json(data)


def test_names_match_as_game_files_match_them() -> None:
    # Case does not count, nor the dot of a Turkish capital İ.
    stats = library_stats((race_to_phase_2("ipek", "Ben"), race_to_phase_2("İPEK", "Ben")))
    ipek = stats.player("Ipek")
    assert ipek is not None
    assert (ipek.name, ipek.games) == ("İPEK", 2)
