"""The standings' rows, against games worked out by hand."""

from phase10_keeper.rules import Game, replay
from phase10_keeper.stats.standings import (
    STANDINGS_COLUMNS,
    Next,
    StandingsColumn,
    shown_columns,
    standings_rows,
)

from .games import race_to_phase_2, tie_break


def _after(game: Game, hands: int) -> Game:
    return Game(game.players, rules=game.rules, hands=game.hands[:hands])


def test_in_play_everyone_attempts_their_next_phase_best_placed_first() -> None:
    state = replay(_after(race_to_phase_2(), 1)).final
    ana, ben = standings_rows(state)
    assert (ana.place, ana.seat, ana.name, ana.total, ana.completed) == (1, 1, "Ana", 0, (1,))
    assert (ben.place, ben.seat, ben.name, ben.total, ben.completed) == (2, 2, "Ben", 5, (1,))
    assert ana.next is Next.ATTEMPTS
    assert ana.phase is not None
    assert ana.phase.label == 2
    assert not ana.winner
    assert ana.seated
    assert shown_columns(state) == STANDINGS_COLUMNS


def test_a_finished_game_has_its_winner_first_and_no_phase_column() -> None:
    state = replay(race_to_phase_2()).final
    ben, ana = standings_rows(state)
    assert (ben.name, ben.place, ben.winner, ben.next) == ("Ben", 1, True, Next.GAME_OVER)
    assert (ana.name, ana.winner) == ("Ana", False)
    assert StandingsColumn.PHASE not in shown_columns(state)


def test_the_tied_players_replay_the_last_phase() -> None:
    state = replay(_after(tie_break(), 1)).final
    rows = standings_rows(state)
    assert {row.name for row in rows} == {"Ana", "Ben"}
    for row in rows:
        assert row.next is Next.REPLAYS
        assert row.phase is not None
        assert row.phase.label == 1


def test_in_choose_order_the_phases_left_count_to_the_target_not_the_whole_list() -> None:
    from phase10_keeper.rules import Hand, Order, PlayerResult, build_rules

    rules = build_rules(order=Order.CHOOSE, target=8)
    game = Game(("Ana", "Ben"), rules=rules)
    for label in range(1, 8):
        game = game.with_hand_appended(
            Hand(
                "Ana",
                {
                    "Ana": PlayerResult(made=True, phase=label),
                    "Ben": PlayerResult(made=False, points=50, phase=1),
                },
            )
        )
    rows = {row.name: row for row in standings_rows(replay(game).final)}
    # Ana has made seven phases: the eighth ends the game, though three are unmade.
    assert rows["Ana"].phases_left == 1
    assert rows["Ben"].phases_left == 8


def test_every_column_is_described_once_with_its_words_in_every_language() -> None:
    """A new standings column is one entry in COLUMN_SPECS and its words: each table
    (the window's, the scoreboard's, the command line's) shows it from there."""
    from phase10_keeper.language import LANGUAGES, catalogue
    from phase10_keeper.stats.standings import COLUMN_SPECS, STANDINGS_COLUMNS, CellKind

    assert set(COLUMN_SPECS) == set(STANDINGS_COLUMNS)
    for code in LANGUAGES:
        words = catalogue(code)
        for column, spec in COLUMN_SPECS.items():
            for key in spec.words:
                assert key in words, (code, column, key)
    numbers = [spec for spec in COLUMN_SPECS.values() if spec.kind is CellKind.NUMBER]
    assert numbers
    assert all(spec.value is not None for spec in numbers)


def test_the_command_line_and_the_window_show_every_column_the_specs_describe() -> None:
    from phase10_keeper.cli import standings_table
    from phase10_keeper.language import words
    from phase10_keeper.stats.standings import COLUMN_SPECS, CellKind, standings_rows

    game = _after(race_to_phase_2(), 1)
    state = replay(game).final
    table = standings_table(game, state).splitlines()
    heading = table[2]
    english = words("en")
    for spec in COLUMN_SPECS.values():
        assert english(spec.words.command_line) in heading
    # A number column's cells are its value (the command line's, in seat order).
    rows = sorted(standings_rows(state), key=lambda row: row.seat)
    for line, row in zip(table[4:], rows, strict=False):
        for spec in COLUMN_SPECS.values():
            if spec.kind is CellKind.NUMBER:
                value = spec.seat_value or spec.value
                assert value is not None
                assert str(value(row)) in line.split()
