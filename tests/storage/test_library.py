"""The library keeps games, the roster and the game to resume, exactly as they were saved."""

import json
import sqlite3
from collections.abc import Callable
from contextlib import closing
from dataclasses import replace
from datetime import UTC, datetime
from itertools import groupby
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from phase10_keeper import rules
from phase10_keeper.rules import (
    Cards,
    Game,
    GameState,
    Hand,
    Order,
    PlayerResult,
    Preset,
    Status,
    build_rules,
    check_hand,
    clean_name,
    name_key,
    name_problem,
    replay,
)
from phase10_keeper.storage import library as library_module
from phase10_keeper.storage.gamefile import game_to_json, rules_to_json
from phase10_keeper.storage.library import (
    LIBRARY_FILE,
    GameChanged,
    Library,
    LibraryError,
    default_data_dir,
)
from phase10_keeper.storage.migrations import APPLICATION_ID, SCHEMA_VERSION

from .samples import PLAYERS, friday_game, long_game, table_hand


def stored_hands(library: Library, game_id: int) -> list[str]:
    with sqlite3.connect(library.path) as database:
        return [
            text
            for (text,) in database.execute(
                "SELECT data FROM hands WHERE game_id = ? ORDER BY number", (game_id,)
            )
        ]


def test_a_new_library_is_one_sqlite_file_in_wal_mode(library: Library, data_dir: Path) -> None:
    assert library.path == data_dir / LIBRARY_FILE
    assert library.path.is_file()
    with sqlite3.connect(library.path) as database:
        assert database.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert database.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
        assert database.execute("PRAGMA application_id").fetchone() == (APPLICATION_ID,)
    connection = library._connection
    assert connection is not None
    assert connection.execute("PRAGMA synchronous").fetchone() == (2,)  # FULL
    assert connection.execute("PRAGMA foreign_keys").fetchone() == (1,)


def test_without_a_folder_the_library_opens_in_the_default_data_dir() -> None:
    with Library.open() as library:
        assert library.path == default_data_dir() / LIBRARY_FILE


def test_a_game_comes_back_equal_after_reopening(
    library: Library, reopen: Callable[[], Library]
) -> None:
    game = friday_game(5)
    game_id = library.add_game(game)
    library.close()
    assert reopen().load_game(game_id) == game


def test_hands_and_rules_are_stored_as_the_game_file_writes_them(library: Library) -> None:
    game = replace(friday_game(2), rules=build_rules(Preset.SHORT, super_wild=True))
    game_id = library.add_game(game)
    expected = [
        json.dumps(hand, ensure_ascii=False, separators=(",", ":"))
        for hand in game_to_json(game)["hands"]
    ]
    assert stored_hands(library, game_id) == expected
    with sqlite3.connect(library.path) as database:
        (rules,) = database.execute("SELECT rules FROM games WHERE id = ?", (game_id,)).fetchone()
    assert json.loads(rules) == rules_to_json(game.rules)


def test_every_kind_of_edit_is_saved(library: Library, reopen: Callable[[], Library]) -> None:
    game = long_game(12)
    game_id = library.add_game(game)
    edits = [
        game.with_hand_appended(table_hand(PLAYERS, 12)),
        game.with_hand_replaced(5, table_hand(PLAYERS, 2)),
        replace(game, hands=(table_hand(PLAYERS, 3), *game.hands)),
        game.with_hand_removed(7),
        game.with_hand_removed(11),
        game.with_player_renamed("Kwame", "Kwame A."),
        replace(game, title="Renamed", started=None),
        replace(game, rules=build_rules(Preset.FIXED_HANDS, hands=40, two_strike=True)),
        replace(game, players=("Dana", "Kwame", "Marcus", "Priya")),
        replace(game, first_dealer="Dana"),
        replace(game, hands=()),
        game,
    ]
    for edited in edits:
        library.save_game(game_id, edited)
        other = reopen()
        assert other.load_game(game_id) == edited
        assert len(stored_hands(library, game_id)) == len(edited.hands)
        other.close()


def test_a_save_writes_only_the_hands_that_changed(library: Library) -> None:
    game = long_game(30)
    game_id = library.add_game(game)
    connection = library._connection
    assert connection is not None
    statements: list[str] = []
    connection.set_trace_callback(statements.append)
    library.save_game(game_id, game.with_hand_appended(table_hand(PLAYERS, 30)))
    connection.set_trace_callback(None)
    # SQLite reports a statement again as each trigger it fires starts: a run of the same
    # text is one statement.
    run = [sql for sql, _ in groupby(statements)]
    writes = [sql for sql in run if sql.startswith(("INSERT INTO hands", "UPDATE hands"))]
    assert len(writes) == 1
    assert writes[0].startswith("INSERT INTO hands")


def test_two_copies_of_the_app_saving_the_same_game_leave_no_stale_hands(
    library: Library, reopen: Callable[[], Library]
) -> None:
    game = long_game(10)
    game_id = library.add_game(game)
    other = reopen()
    shorter = other.load_game(game_id).with_hand_removed(0).with_hand_removed(0)
    other.save_game(game_id, shorter)
    # This copy still remembers the ten hands it wrote; the other copy changed them since,
    # so its save is refused, and once read again it saves from what is stored.
    appended = game.with_hand_appended(table_hand(PLAYERS, 10))
    with pytest.raises(GameChanged):
        library.save_game(game_id, appended)
    assert other.load_game(game_id) == shorter
    current = library.load_game(game_id).with_hand_appended(table_hand(PLAYERS, 10))
    library.save_game(game_id, current)
    assert other.load_game(game_id) == current
    assert len(stored_hands(library, game_id)) == 9


def test_a_failed_save_changes_nothing(
    library: Library, reopen: Callable[[], Library], monkeypatch: pytest.MonkeyPatch
) -> None:
    game = friday_game(3)
    game_id = library.add_game(game)

    def fail(*arguments: object) -> None:
        raise OSError("the disk went away")

    monkeypatch.setattr(library_module, "write_hands", fail)
    with pytest.raises(OSError, match="went away"):
        library.save_game(game_id, replace(game.with_player_renamed("Dana", "Dee"), title="New"))
    monkeypatch.undo()
    assert reopen().load_game(game_id) == game
    assert "Dee" not in library.roster()
    library.save_game(game_id, game.with_hand_removed(0))
    assert reopen().load_game(game_id) == game.with_hand_removed(0)


def test_an_impossible_game_is_refused_and_nothing_is_stored(library: Library) -> None:
    game = friday_game(2)
    game_id = library.add_game(game)
    impossible = Hand(
        went_out="Priya",
        results={name: PlayerResult(made=True, cards=Cards(low=3)) for name in PLAYERS},
    )
    with pytest.raises(LibraryError, match="cannot be saved: hand 3, Priya"):
        library.save_game(game_id, game.with_hand_appended(impossible))
    with pytest.raises(LibraryError, match="cannot be saved"):
        library.add_game(game.with_hand_appended(impossible))
    assert library.load_game(game_id) == game
    assert [summary.id for summary in library.list_games()] == [game_id]


def test_missing_games_are_named(library: Library) -> None:
    for call in (
        lambda: library.load_game(42),
        lambda: library.save_game(42, friday_game()),
        lambda: library.rename_game(42, "x"),
        lambda: library.delete_game(42),
        lambda: library.restore_game(42),
        lambda: library.set_last_open_game(42),
    ):
        with pytest.raises(LibraryError, match="there is no game 42 in the library"):
            call()


def test_status_winner_and_finish_time_come_from_replaying(library: Library) -> None:
    game = friday_game(1)
    game_id = library.add_game(game)
    [summary] = library.list_games()
    assert (summary.status, summary.winner, summary.finished) == ("in_progress", None, None)
    hands = 1
    while replay(game).final.status is Status.IN_PROGRESS:
        game = game.with_hand_appended(table_hand(PLAYERS, hands))
        hands += 1
    final = replay(game).final
    library.save_game(game_id, game)
    [summary] = library.list_games()
    assert summary.status == final.status.value == "finished"
    assert summary.winner == final.winner is not None
    assert summary.finished is not None
    assert summary.hands == len(game.hands)
    library.save_game(game_id, replace(game, title="Finished, renamed"))
    assert library.list_games()[0].finished == summary.finished
    library.save_game(game_id, game.with_hand_removed(len(game.hands) - 1))
    [summary] = library.list_games()
    assert (summary.status, summary.winner, summary.finished) == ("in_progress", None, None)


def test_a_replay_the_caller_has_spares_replaying_after_a_reopen(
    library: Library, reopen: Callable[[], Library], monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = library.add_game(friday_game(3))
    again = reopen()
    game = again.load_game(game_id).with_hand_appended(table_hand(PLAYERS, 3))
    replayed = replay(game)

    def no_replay(*_arguments: object) -> None:
        raise AssertionError("the library replayed a game it was given the replay of")

    monkeypatch.setattr(rules, "replay", no_replay)
    monkeypatch.setattr(rules, "replay_from", no_replay)
    again.save_game(game_id, game, replayed)
    [summary] = again.list_games()
    assert (summary.hands, summary.status) == (4, replayed.final.status.value)
    assert again.load_game(game_id) == game


def test_games_are_listed_newest_first_and_filtered_by_player(library: Library) -> None:
    older = library.add_game(replace(friday_game(), started="2026-11-01T20:00:00+01:00"))
    newer = library.add_game(
        Game(players=("Ann", "Bob"), title="Two", started="2026-11-02T08:00:00+09:00")
    )
    undated = library.add_game(Game(players=("Ann", "Zoë")))
    assert [game.id for game in library.list_games()] == [undated, newer, older]
    assert [game.id for game in library.list_games("ann")] == [undated, newer]
    assert [game.id for game in library.list_games("PRI")] == [older]
    assert [game.id for game in library.list_games("zoË")] == [undated]
    assert library.list_games("nobody") == []
    summary = library.list_games("bob")[0]
    assert (summary.title, summary.players, summary.hands) == ("Two", ("Ann", "Bob"), 0)
    assert summary.started == "2026-11-02T08:00:00+09:00"


def test_rename_delete_and_restore(library: Library, reopen: Callable[[], Library]) -> None:
    game_id = library.add_game(friday_game())
    library.rename_game(game_id, "Saturday, really")
    library.delete_game(game_id)
    other = reopen()
    assert other.list_games() == []
    [binned] = other.list_games(deleted=True)
    assert binned.id == game_id
    assert binned.deleted is not None
    other.restore_game(game_id)
    [summary] = library.list_games()
    assert summary.title == "Saturday, really"
    assert summary.deleted is None
    assert library.load_game(game_id).title == "Saturday, really"


def test_the_roster_lists_the_most_used_names_first(library: Library) -> None:
    library.add_game(Game(players=("Ann", "Bob", "Cy")))
    library.add_game(Game(players=("Bob", "Dee")))
    library.add_game(Game(players=("Bob", "Cy")))
    assert library.roster() == ["Bob", "Cy", "Dee", "Ann"]


def test_the_roster_follows_renames_and_deletions(library: Library) -> None:
    first = library.add_game(Game(players=("Marcsu", "Priya")))
    library.add_game(Game(players=("Priya", "kwame")))
    second = library.add_game(Game(players=("Priya", "Kwame")))
    assert library.roster() == ["Priya", "Kwame", "Marcsu"]
    library.save_game(first, Game(players=("Marcus", "Priya")))
    assert "Marcsu" not in library.roster()
    library.delete_game(second)
    assert library.roster() == ["Priya", "Marcus", "Kwame"]
    library.delete_game(first)
    assert set(library.roster()) == {"Priya", "Marcus", "Kwame"}


def test_the_game_to_resume(library: Library, reopen: Callable[[], Library]) -> None:
    assert library.last_open_game() is None
    first = library.add_game(friday_game())
    second = library.add_game(friday_game())
    library.set_last_open_game(second)
    assert reopen().last_open_game() == second
    library.delete_game(second)
    assert library.last_open_game() is None
    library.restore_game(second)
    assert library.last_open_game() == second
    library.set_last_open_game(first)
    assert library.last_open_game() == first
    # Finished elsewhere since (in another copy of the app): nothing to resume.
    library.save_game(first, replace(friday_game(1), rules=build_rules(target=1)))
    assert library.last_open_game() is None
    library.set_last_open_game(None)
    assert library.last_open_game() is None


def test_remembering_the_game_remembered_already_writes_nothing(library: Library) -> None:
    game_id = library.add_game(friday_game())
    library.set_last_open_game(game_id)
    written = library.path.with_name(library.path.name + "-wal").stat().st_size
    revision = _revision(library)
    library.set_last_open_game(game_id)
    assert (_revision(library), library.last_open_game()) == (revision, game_id)
    assert library.path.with_name(library.path.name + "-wal").stat().st_size == written
    library.set_last_open_game(None)
    assert _revision(library) == revision + 1
    library.set_last_open_game(None)
    assert _revision(library) == revision + 1


def _revision(library: Library) -> int:
    with closing(sqlite3.connect(library.path)) as connection:
        row = connection.execute("SELECT value FROM meta WHERE key = 'revision'").fetchone()
    return int(row[0])


def test_a_closed_library_says_so(library: Library) -> None:
    library.close()
    library.close()
    with pytest.raises(LibraryError, match="closed"):
        library.list_games()


names = (
    st.text(st.characters(exclude_categories=["Cs"]), min_size=1, max_size=12)
    .map(clean_name)
    .filter(lambda name: name_problem(name) is None)
)


def _next_hand(state: GameState, draw: st.DrawFn) -> Hand:
    playing = state.participants()
    went_out = draw(st.sampled_from(playing))
    results = {}
    for name in playing:
        phase = None
        left = state.phases_left(name)
        if state.rules.order is Order.CHOOSE and left:
            phase = draw(st.sampled_from(left)).label
        if name == went_out:
            results[name] = PlayerResult(made=True, phase=phase)
        elif draw(st.booleans()):
            results[name] = PlayerResult(
                made=True, cards=Cards(high=draw(st.integers(0, 1))), phase=phase
            )
        else:
            low = draw(st.integers(6, 10))
            results[name] = PlayerResult(
                made=False, cards=Cards(low=low, high=10 - low), phase=phase
            )
    return Hand(went_out=went_out, results=results)


@st.composite
def games(draw: st.DrawFn) -> Game:
    """Valid games of every preset and variant, hand by hand as the rules allow."""
    players = tuple(draw(st.lists(names, min_size=2, max_size=6, unique_by=name_key)))
    preset = draw(st.sampled_from(list(Preset)))
    two_strike = preset is not Preset.MASTERS and draw(st.booleans())
    game = Game(
        players=players,
        rules=build_rules(preset, super_wild=draw(st.booleans()), two_strike=two_strike),
        first_dealer=draw(st.sampled_from(players)),
        title=draw(st.text(max_size=20)),
        started=draw(st.none() | st.just("2026-11-29T19:30:00-05:00")),
    )
    state = replay(game).final
    for _ in range(draw(st.integers(0, 25))):
        if state.is_over:
            break
        hand = _next_hand(state, draw)
        if any(problem.is_error for problem in check_hand(state, hand)):
            break
        game = game.with_hand_appended(hand)
        state = replay(game).final
    return game


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(first=games(), second=games())
def test_any_game_round_trips_and_can_be_replaced_by_any_other(
    library: Library, reopen: Callable[[], Library], first: Game, second: Game
) -> None:
    game_id = library.add_game(first)
    other = reopen()
    assert other.load_game(game_id) == first
    library.save_game(game_id, second)
    assert other.load_game(game_id) == second
    other.save_game(game_id, first)
    # This copy still remembers `second` as stored; it must notice the other copy's save.
    with pytest.raises(GameChanged):
        library.save_game(game_id, second)
    assert library.load_game(game_id) == first
    other.close()


def test_live_revisions_are_of_every_game_not_deleted_oldest_first(tmp_path: Path) -> None:
    with Library.open(tmp_path) as library:
        later = library.add_game(Game(("Ana", "Ben"), started="2026-02-01T20:00:00+00:00"))
        earlier = library.add_game(Game(("Cleo", "Dev"), started="2026-01-01T20:00:00+00:00"))
        library.delete_game(library.add_game(Game(("Eun", "Fay"))))
        assert [game_id for game_id, _ in library.live_revisions()] == [earlier, later]


def test_the_unfinished_game_changed_last_is_told_apart_within_one_second(
    data_dir: Path,
) -> None:
    """Two saves in the same second still come in order: `serve` without a game serves
    the one changed last."""
    moments = iter(datetime(2026, 12, 1, 20, 0, 0, 1000 * step, tzinfo=UTC) for step in range(99))
    with Library.open(data_dir, clock=lambda: next(moments)) as library:
        first = library.add_game(friday_game(1))
        second = library.add_game(friday_game(1))
        assert library.last_changed_unfinished_game() == second
        played = library.load_game(first).with_hand_appended(table_hand(PLAYERS, 1))
        library.save_game(first, played)
        assert library.last_changed_unfinished_game() == first
        library.rename_game(second, "Later")
        assert library.last_changed_unfinished_game() == second
