"""Each game's statistics record, kept in the library as the game is written, and made
again from the game whenever its rows change or the record does not read back."""

import json
import sqlite3
from collections.abc import Sequence
from contextlib import closing
from dataclasses import replace
from pathlib import Path

import pytest

from phase10_keeper.rules import Game, GameState, replay, replay_from
from phase10_keeper.stats import (
    GameRecord,
    game_record,
    library_stats,
    record_from_json,
    stats_of_records,
)
from phase10_keeper.stats import players as players_module
from phase10_keeper.storage.kept_records import game_records
from phase10_keeper.storage.library import LIBRARY_FILE, Library
from phase10_keeper.storage.migrations import RECORDS_KEPT_FROM, migrate

from ..stats.games import late_joiner, one_hand_in, race_to_phase_2, tie_break
from .samples import PLAYERS, FakeClock, long_game, table_hand
from .test_migrations import build_version

GAMES = (tie_break(), race_to_phase_2(), one_hand_in())


@pytest.fixture
def library(tmp_path: Path):
    with Library.open(tmp_path) as library:
        for game in GAMES:
            library.add_game(game)
        yield library


class CountingLoads:
    """The library, counting the games it is asked to load (each one replayed)."""

    def __init__(self, library: Library) -> None:
        self.library = library
        self.loaded: list[int] = []

    def live_revisions(self) -> list[tuple[int, int]]:
        return self.library.live_revisions()

    def load_game(self, game_id: int) -> Game:
        self.loaded.append(game_id)
        return self.library.load_game(game_id)

    def kept_records(self) -> dict[int, tuple[int, str]]:
        return self.library.kept_records()

    def keep_records(self, rows: Sequence[tuple[int, int, str]]) -> None:
        self.library.keep_records(rows)


def loads(library: Library) -> list[int]:
    """The games replayed to give the records: those without a kept record."""
    counting = CountingLoads(library)
    game_records(counting)
    return counting.loaded


def execute(library: Library, sql: str, *parameters: object) -> None:
    """Changes the library as another program would, through a connection of its own."""
    with closing(sqlite3.connect(library.path)) as database, database:
        database.execute(sql, parameters)


def test_records_give_the_statistics_of_the_games(library: Library) -> None:
    records, warnings = game_records(library)
    assert warnings == []
    assert [game_id for game_id, _ in records] == [1, 2, 3]
    assert stats_of_records([record for _, record in records]) == library_stats(GAMES)


def test_games_added_and_saved_are_never_replayed_for_their_records(library: Library) -> None:
    assert loads(library) == []
    library.save_game(3, GAMES[2].with_hand_removed(0))
    library.delete_game(1)
    assert loads(library) == [], "the save kept the new record"
    records, _ = game_records(library)
    assert [game_id for game_id, _ in records] == [2, 3]
    assert records[1][1].players[0].hands == 0
    assert stats_of_records([record for _, record in records]) == library_stats(
        [GAMES[1], GAMES[2].with_hand_removed(0)]
    )


@pytest.mark.parametrize(
    "change",
    [
        "UPDATE hands SET data = data WHERE game_id = 2 AND number = 1",
        "DELETE FROM hands WHERE game_id = 2 AND number = (SELECT MAX(number) FROM hands "
        "WHERE game_id = 2)",
        "UPDATE game_players SET name = name WHERE game_id = 2 AND seat = 0",
        "UPDATE games SET title = 'Renamed' WHERE id = 2",
    ],
)
def test_any_change_to_a_games_rows_by_another_program_makes_its_record_again(
    library: Library, change: str
) -> None:
    execute(library, change)
    assert loads(library) == [2]
    assert loads(library) == [], "made once, then kept"


def test_a_game_whose_record_reads_differently_is_counted_as_it_is_now(
    library: Library,
) -> None:
    before, _ = game_records(library)
    execute(library, "DELETE FROM hands WHERE game_id = 1 AND number > 1")
    records, _ = game_records(library)
    assert records[0][1].hands == 1 != before[0][1].hands
    assert records[1:] == before[1:]


@pytest.mark.parametrize(
    "record",
    [
        "'not json'",
        "'[1, 2]'",
        '\'[true, null, [0], 1, [["Ana", "many", 0, 0, 0, null, []]]]\'',
        "CAST(x'5bff5d' AS TEXT)",
    ],
)
def test_a_kept_record_that_does_not_read_back_is_made_again(library: Library, record: str) -> None:
    expected, _ = game_records(library)
    execute(library, f"UPDATE game_records SET record = {record} WHERE game_id = 2")
    assert game_records(library)[0] == expected
    assert loads(library) == [], "made again and kept"


@pytest.mark.parametrize(
    "record",
    ["record || ' []'", "record || record", "' ' || record", "record || 'x'"],
)
def test_a_kept_record_with_more_than_one_record_in_its_text_is_made_again(
    library: Library, record: str
) -> None:
    """A record reads back only where its whole text is one JSON value: a record with
    anything before or after it is damaged, however well its start reads."""
    expected, _ = game_records(library)
    execute(library, f"UPDATE game_records SET record = {record} WHERE game_id = 2")
    assert loads(library) == [2]
    assert game_records(library)[0] == expected
    assert loads(library) == [], "made again and kept"


def test_a_record_kept_in_another_format_is_made_again(library: Library) -> None:
    expected, _ = game_records(library)
    execute(library, "UPDATE game_records SET format = format + 1")
    assert loads(library) == [1, 2, 3]
    assert game_records(library)[0] == expected


def test_a_record_is_not_kept_for_a_game_saved_since_it_was_made(library: Library) -> None:
    execute(library, "DELETE FROM game_records")
    revision = dict(library.live_revisions())[3]
    library.save_game(3, GAMES[2].with_hand_removed(0))
    library.keep_records([(3, revision, "[false, null, [], 0, []]")])
    records, _ = game_records(library)
    assert records[2][1].players[0].hands == 0


def test_a_library_opened_only_to_read_gives_the_records_and_keeps_none(tmp_path: Path) -> None:
    with Library.open(tmp_path) as library:
        for game in GAMES:
            library.add_game(game)
        expected, _ = game_records(library)
        execute(library, "DELETE FROM game_records")
    before = (tmp_path / LIBRARY_FILE).read_bytes()
    with Library.open(tmp_path, read_only=True) as reader:
        assert game_records(reader)[0] == expected
        assert loads(reader) == [1, 2, 3]
    assert (tmp_path / LIBRARY_FILE).read_bytes() == before


def test_an_upgraded_library_makes_every_record_as_it_opens_and_forgets_the_old_file(
    tmp_path: Path,
) -> None:
    path = build_version(tmp_path, 2)
    with closing(sqlite3.connect(path)) as database:
        migrate(database, target=RECORDS_KEPT_FROM - 1)
    old_file = tmp_path / "statistics-cache.json"
    old_file.write_text("[]", encoding="utf-8")
    with Library.open(tmp_path) as library:
        assert not old_file.exists()
        assert library.live_revisions()
        assert loads(library) == []
        assert set(library.kept_records()) == {game_id for game_id, _ in library.live_revisions()}


def test_games_vouched_for_by_their_records_come_in_the_listings_order(tmp_path: Path) -> None:
    """Where every game's record vouches for it, the live games are read without listing
    them: in the same order, played first (by start, else entry), then by entry."""
    starts = ["2026-03-01T20:00", None, "2025-12-24", "last Friday", "2026-03-01T19:00", None]
    with Library.open(tmp_path, clock=FakeClock()) as library:
        for number, started in enumerate(starts):
            library.add_game(replace(GAMES[number % len(GAMES)], started=started))
        library.delete_game(2)
        vouched = library.live_revisions()
        assert vouched == [(game.id, revision) for game, revision in library.live_listing()]
        assert library.live_games() == [
            (game.id, revision, game.title, game.started or game.created)
            for game, revision in library.live_listing()
        ]
        # Games 4 and 6 entered the library in November 2026; "last Friday" is no date.
        assert [game_id for game_id, _ in vouched] == [3, 5, 1, 4, 6]


def test_the_live_games_of_a_library_some_record_does_not_vouch_for_are_its_listings(
    tmp_path: Path,
) -> None:
    """Another program changed a game's title behind the app's back, dropping its record:
    every game is then listed and checked, and the title is the one stored now."""
    with Library.open(tmp_path, clock=FakeClock()) as library:
        for game in GAMES:
            library.add_game(game)
        with closing(sqlite3.connect(library.path)) as database:
            database.execute("UPDATE games SET title = 'Renamed' WHERE id = 2")
            database.commit()
        live = library.live_games()
        assert [game.title for game in live if game.id == 2] == ["Renamed"]
        assert live == [
            (game.id, revision, game.title, game.started or game.created)
            for game, revision in library.live_listing()
        ]


def _kept(library: Library, game_id: int) -> GameRecord:
    return record_from_json(json.loads(library.kept_records()[game_id][1]))


@pytest.mark.parametrize(
    "steps",
    [
        [replace(long_game(12), hands=long_game(12).hands[:hands]) for hands in range(1, 12)],
        # Edited, cut back and a player joining: each replay starts again somewhere.
        [
            long_game(5),
            long_game(6),
            long_game(6).with_hand_replaced(2, table_hand(PLAYERS, 9)),
            long_game(4),
            long_game(7),
        ],
        [tie_break().with_hand_removed(1), tie_break()],
        [late_joiner().with_hand_removed(0), late_joiner()],
    ],
)
def test_a_record_counted_on_from_the_last_save_is_the_record_of_the_whole_game(
    tmp_path: Path, steps: list[Game]
) -> None:
    """Saving a hand counts only that hand into the kept record: it is always the same as
    the record counted from the whole game, hand by hand."""
    with Library.open(tmp_path) as library:
        game_id = library.add_game(steps[0])
        for game in steps[1:]:
            library.save_game(game_id, game)
            assert _kept(library, game_id) == game_record(replay(game).final)


def _counted_from(monkeypatch: pytest.MonkeyPatch) -> list[int | None]:
    """From now on, where each record made starts counting: the hands of the earlier
    record it goes on from, or None where it counts every hand."""
    counted_from: list[int | None] = []
    whole = players_module.game_record

    def counting(state: GameState, earlier: GameRecord | None = None) -> GameRecord:
        counted_from.append(None if earlier is None else earlier.hands)
        return whole(state, earlier)

    monkeypatch.setattr(players_module, "game_record", counting)
    return counted_from


def test_a_hand_recorded_counts_only_that_hand_into_the_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    whole_game = long_game(33)
    with Library.open(tmp_path) as library:
        game_id = library.add_game(replace(whole_game, hands=whole_game.hands[:30]))
        counted_from = _counted_from(monkeypatch)
        for hands in (31, 32, 33):
            library.save_game(game_id, replace(whole_game, hands=whole_game.hands[:hands]))
    assert counted_from == [None, 31, 32], "the first save after adding counts every hand"


@pytest.mark.parametrize("taken", ["as loaded", "another copy"])
def test_the_first_hand_recorded_after_opening_a_game_counts_only_that_hand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, taken: str
) -> None:
    """The window hands the library the replay of the game it opened: the first hand
    recorded then counts only itself into the record, which is the whole game's. A
    replay of any other copy of the game is not taken: that save counts every hand."""
    whole_game = long_game(31)
    with Library.open(tmp_path) as library:
        game_id = library.add_game(replace(whole_game, hands=whole_game.hands[:30]))
    with Library.open(tmp_path) as library:
        opened = library.load_game(game_id)
        shown = replay(opened)
        copy = replace(opened, hands=tuple(opened.hands))
        library.take_replay(game_id, opened if taken == "as loaded" else copy, shown)
        counted_from = _counted_from(monkeypatch)
        game = opened.with_hand_appended(whole_game.hands[30])
        library.save_game(game_id, game, replay_from(shown, game))
        assert _kept(library, game_id) == game_record(replay(game).final)
    assert counted_from == ([30] if taken == "as loaded" else [None])
