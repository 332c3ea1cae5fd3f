"""How one game went, against games worked out by hand."""

from phase10_keeper.rules import Game, Leave, Status, replay
from phase10_keeper.stats import BigHand, PhaseTally, game_series

from .games import late_joiner, race_to_phase_2, tie_break


def test_running_totals_phases_and_leaders_follow_the_hands() -> None:
    series = game_series(race_to_phase_2())
    ana, ben = series.players
    assert (ana.name, ana.points, ana.totals, ana.phases_made) == ("Ana", (0, 50), (0, 50), (1, 1))
    assert (ben.name, ben.points, ben.totals, ben.phases_made) == ("Ben", (5, 0), (5, 5), (1, 2))
    assert series.hands == 2
    # After hand 1 both made one phase and Ana has the lower total; then Ben wins.
    assert series.leaders == ("Ana", "Ben")
    assert series.tiebreak_hand is None


def test_the_summary_names_the_winner_and_the_notable_hands() -> None:
    series = game_series(race_to_phase_2())
    assert series.status is Status.FINISHED
    assert series.winner == "Ben"
    assert series.why() == "the only player to have completed phase 2"
    assert series.biggest_hand == BigHand("Ana", 2, 50)
    assert series.most_hands_out == (("Ana", 1), ("Ben", 1))
    assert series.phases == (PhaseTally(1, 2, 2), PhaseTally(2, 2, 1))
    assert series.fastest_phase == PhaseTally(1, 2, 2)
    assert series.slowest_phase == PhaseTally(2, 2, 1)


def test_a_tie_break_hand_is_marked_and_moves_no_phase() -> None:
    series = game_series(tie_break())
    assert series.tiebreak_hand == 2
    assert series.series("Ana").totals == (0, 50)
    assert series.series("Ana").phases_made == (1, 1)
    assert series.series("Ben").went_out == 1
    assert series.winner == "Ben"
    why = series.why()
    assert why is not None
    assert why.startswith("went out first in the tie-break")
    # The replay hand is no attempt at a phase.
    assert series.phases == (PhaseTally(1, 2, 2),)


def test_a_game_without_hands_has_empty_series() -> None:
    series = game_series(Game(("Ana", "Ben")))
    assert series.hands == 0
    assert all(player.totals == () for player in series.players)
    assert series.biggest_hand is None
    assert series.most_hands_out == ()
    assert series.fastest_phase is None
    assert series.slowest_phase is None
    assert series.winner is None
    assert series.why() is None


def test_the_replay_the_caller_has_gives_the_same_series() -> None:
    game = race_to_phase_2()
    assert game_series(game, replay(game)) == game_series(game)


def test_a_joiner_starts_on_the_total_the_table_gave_them() -> None:
    series = game_series(late_joiner())
    assert series.series("Ana").start_total == 0
    cy = series.series("Cy")
    assert (cy.points, cy.totals, cy.start_total) == ((None, 50), (120, 170), 120)


def test_a_joiners_line_has_no_points_before_the_hand_they_sat_down_at() -> None:
    game = late_joiner().with_seating_change(Leave(3, "Ana"))
    series = game_series(game)
    cy = series.series("Cy")
    # Cy sat down before hand 2: the line starts after hand 1, on the 120 they were given,
    # not at the start of the game.
    assert series.while_seated("Cy", (cy.start_total, *cy.totals)) == (None, 120, 170)
    ana = series.series("Ana")
    assert series.while_seated("Ana", (ana.start_total, *ana.totals)) == (0, 0, 50)
