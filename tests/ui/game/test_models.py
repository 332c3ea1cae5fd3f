"""The score grid and standings models, without any view."""

from PySide6.QtCore import Qt

from phase10_keeper.language import words
from phase10_keeper.language.wording import card_label
from phase10_keeper.rules import CardKind, Order, build_rules, replay
from phase10_keeper.stats.standings import STANDINGS_COLUMNS
from phase10_keeper.ui.game.grid_model import MARKS_ROLE, ScoreGridModel
from phase10_keeper.ui.game.standings_model import NAME_ROLE, StandingsModel, column_number

from ..games import FOUR, game_with_hands, long_game, went_out

PLACE, PLAYER, PHASE, DONE, TOTAL = (column_number(column) for column in STANDINGS_COLUMNS)

DISPLAY = Qt.ItemDataRole.DisplayRole


def test_grid_model_passes_the_model_tester(qtmodeltester) -> None:
    game = game_with_hands(FOUR, 3)
    model = ScoreGridModel(replay(game).final)
    qtmodeltester.check(model)
    assert (model.rowCount(), model.columnCount()) == (4, 4)


def test_grid_cells_say_phase_made_or_missed_and_points() -> None:
    model = ScoreGridModel(replay(game_with_hands(FOUR, 2)).final)
    assert model.data(model.index(0, 0), DISPLAY) == "phase 1 went out, 0"
    assert model.data(model.index(1, 0), DISPLAY) == "phase 1 missed, 50"
    assert model.data(model.index(0, 1), DISPLAY) == "phase 2 missed, 50"
    cell = model.cell(1, 1)
    assert cell is not None
    assert (cell.phase, cell.made, cell.went_out, cell.points) == (1, True, True, 0)
    assert model.data(model.index(1, 2), DISPLAY) == "50"
    assert model.headerData(2, Qt.Orientation.Horizontal, DISPLAY) == "Total"


def test_grid_row_headers_keep_the_name_whole_and_mark_dealer_first_and_winner() -> None:
    state = replay(game_with_hands(FOUR, 1)).final
    model = ScoreGridModel(state)
    vertical = Qt.Orientation.Vertical
    assert [model.headerData(row, vertical, DISPLAY) for row in range(4)] == list(FOUR)
    assert model.headerData(1, vertical, MARKS_ROLE) == ["deals"]
    assert model.headerData(2, vertical, MARKS_ROLE) == ["1st"]
    assert model.headerData(0, vertical, MARKS_ROLE) == []
    assert model.headerData(1, vertical, Qt.ItemDataRole.ToolTipRole) == "Marcus, deals this hand"
    rules = build_rules(target=1)
    won = replay(game_with_hands(FOUR, 1, rules)).final
    model.set_state(won)
    assert model.headerData(0, vertical, DISPLAY) == "Priya"
    assert model.headerData(0, vertical, MARKS_ROLE) == ["★ won"]
    assert model.headerData(1, vertical, MARKS_ROLE) == []


def test_grid_tells_of_the_rows_whose_marks_moved_and_of_no_others(qtbot) -> None:
    # Only those row headers draw again: the dealer's and the first player's, before
    # and after. A hand corrected moves nobody, and no row header draws again. Rows
    # apart are told of apart: the deal going round from the last row to the first
    # draws again those two rows and the one before, not the rows between.
    game = game_with_hands(FOUR, 1)
    model = ScoreGridModel(replay(game).final)
    vertical = Qt.Orientation.Vertical
    told: list[tuple[int, int]] = []
    model.marksChanged.connect(lambda first, last: told.append((first, last)))

    def marked() -> list[list[str]]:
        return [model.headerData(row, vertical, MARKS_ROLE) for row in range(4)]

    assert marked() == [[], ["deals"], ["1st"], []]
    longer = game.with_hand_appended(went_out(FOUR, "Marcus"))
    # What reads differently starts at the new hand's column, marks moved or not.
    assert model.set_state(replay(longer).final) == 1
    assert marked() == [[], [], ["deals"], ["1st"]]
    assert told == [(1, 3)]
    told.clear()
    corrected = longer.with_hand_replaced(1, went_out(FOUR, "Kwame"))
    model.set_state(replay(corrected).final)
    assert told == []
    round_again = corrected.with_hand_appended(went_out(FOUR, "Dana"))
    assert model.set_state(replay(round_again).final) == 2
    assert marked() == [["1st"], [], [], ["deals"]]
    assert told == [(0, 0), (2, 3)]
    told.clear()
    model.set_state(replay(corrected).final)
    rules = build_rules(target=1)
    won = replay(game_with_hands(FOUR, 1, rules)).final
    told.clear()
    model.set_state(won)
    assert marked() == [["★ won"], [], [], []]
    assert told == [(0, 0), (2, 3)]


def test_grid_says_each_hand_recorded_reads_differently_from_its_own_column_on(qtbot) -> None:
    # The grid draws again from the column `set_state` returns: the new hand's, however
    # the marks moved with it (a column further left draws the whole page again).
    game = game_with_hands(FOUR, 0)
    model = ScoreGridModel(replay(game).final)
    names = list(FOUR)
    for hands in range(1, 10):
        game = game.with_hand_appended(went_out(FOUR, names[hands % len(names)]))
        assert model.set_state(replay(game).final) == hands - 1


def test_grid_model_stays_consistent_while_hands_come_and_go(qtmodeltester) -> None:
    game = game_with_hands(FOUR, 2)
    model = ScoreGridModel(replay(game).final)
    qtmodeltester.check(model)
    longer = game.with_hand_appended(went_out(FOUR, "Dana"))
    model.set_state(replay(longer).final)
    assert model.columnCount() == 4
    model.set_state(replay(longer.with_hand_removed(0).with_hand_removed(0)).final)
    assert model.columnCount() == 2
    qtmodeltester.check(model)


def test_standings_model_passes_the_model_tester(qtmodeltester) -> None:
    model = StandingsModel(replay(game_with_hands(FOUR, 3)).final)
    qtmodeltester.check(model)


def test_standings_rank_players_and_show_the_phase_they_are_on() -> None:
    state = replay(game_with_hands(FOUR, 3)).final
    model = StandingsModel(state)
    names = [model.data(model.index(row, PLAYER), DISPLAY) for row in range(4)]
    assert names == ["Priya", "Marcus", "Kwame", "Dana · deals"]
    assert model.data(model.index(3, PLAYER), DISPLAY) == "Dana · deals"
    assert model.data(model.index(0, PHASE), DISPLAY) == "Phase 2: 1 set of 3 + 1 run of 4"
    assert model.data(model.index(3, PHASE), DISPLAY) == "Phase 1: 2 sets of 3"
    assert model.data(model.index(3, TOTAL), DISPLAY) == "150"
    assert model.data(model.index(0, DONE), DISPLAY) == "1"


def test_standings_in_the_compact_wording_differ_in_the_phase_alone() -> None:
    # Each row is worded in both wordings at every hand; what reads the same in both
    # is worded once, and each wording must read as it would on its own.
    states = [replay(game_with_hands(FOUR, hands)).final for hands in (3, 4)]
    model = StandingsModel(states[0])
    for state in states:
        model.set_state(state)
        for compact in (False, True, False):
            model.set_compact(compact)
            alone = StandingsModel(state)
            alone.set_compact(compact)
            for row in range(model.rowCount()):
                assert model.cells(row) == alone.cells(row)
        for row in range(model.rowCount()):
            model.set_compact(False)
            full = model.cells(row)
            model.set_compact(True)
            compact_cells = model.cells(row)
            assert [
                column for column in range(len(full)) if full[column] != compact_cells[column]
            ] == [PHASE]


def test_standings_name_the_winner_first() -> None:
    state = replay(game_with_hands(FOUR, 1, build_rules(target=1))).final
    model = StandingsModel(state)
    assert model.data(model.index(0, PLAYER), DISPLAY) == "Priya · winner"


def test_grid_tooltips_name_the_cards_held_in_the_catalogues_words() -> None:
    model = ScoreGridModel(replay(game_with_hands(FOUR, 1)).final)
    low = card_label(words("en"), CardKind.LOW)
    assert model.data(model.index(1, 0), Qt.ItemDataRole.ToolTipRole) == (
        f"Hand 1, Priya dealt\nMarcus: phase 1 missed, 50\nHeld {low}: 10\n"
        "Total after this hand: 50"
    )


def test_a_result_typed_as_points_shows_in_the_grid_and_says_so() -> None:
    from phase10_keeper.rules import Game, Hand, PlayerResult

    results = {name: PlayerResult(made=False, points=85) for name in FOUR[1:]}
    results["Priya"] = PlayerResult(made=True)
    game = Game(FOUR).with_hand_appended(Hand("Priya", results))
    model = ScoreGridModel(replay(game).final)
    cell = model.cell(1, 0)
    assert cell is not None
    assert cell.points == 85
    assert model.total(1) == 85
    assert model.data(model.index(1, 0), Qt.ItemDataRole.ToolTipRole) == (
        "Hand 1, Priya dealt\nMarcus: phase 1 missed, 85\nTyped as points\n"
        "Total after this hand: 85"
    )


def test_standings_count_completed_phases_and_phases_left_in_whole_words() -> None:
    game = game_with_hands(FOUR, 1)
    game = game.with_hand_appended(went_out(FOUR, "Priya", Marcus=1))
    model = StandingsModel(replay(game).final)
    tooltip = Qt.ItemDataRole.ToolTipRole
    assert model.data(model.index(0, DONE), tooltip) == "Completed 2 phases: 1, 2"
    assert model.data(model.index(1, DONE), tooltip) == "Completed phase 1"
    assert model.data(model.index(3, DONE), tooltip) == "No phase completed yet"
    choose = StandingsModel(replay(game_with_hands(FOUR, 0, build_rules(order=Order.CHOOSE))).final)
    assert choose.data(choose.index(0, PHASE), DISPLAY) == "Chooses: 10 phases left"


def test_totals_are_written_as_the_locale_writes_numbers(german_locale) -> None:
    state = replay(long_game(30)).final
    grid = ScoreGridModel(state)
    standings = StandingsModel(state)
    total = state.players[1].total
    assert total >= 1000
    written = german_locale.toString(total)
    assert "." in written
    assert grid.data(grid.index(1, grid.total_column), DISPLAY) == written
    assert written in grid.data(grid.index(1, 29), Qt.ItemDataRole.ToolTipRole)
    ranked = [standings.data(standings.index(row, PLAYER), NAME_ROLE) for row in range(6)]
    place = ranked.index(state.players[1].name)
    assert standings.data(standings.index(place, TOTAL), DISPLAY) == written
