"""Each game's statistics record, kept beside the library between runs."""

import json
from pathlib import Path

import pytest

from phase10_keeper.rules import Game
from phase10_keeper.stats import library_stats, stats_of_records
from phase10_keeper.storage import stats_cache
from phase10_keeper.storage.library import Library
from phase10_keeper.storage.paths import CACHE_FILE
from phase10_keeper.storage.stats_cache import game_records

from ..stats.games import one_hand_in, race_to_phase_2, tie_break

GAMES = (tie_break(), race_to_phase_2(), one_hand_in())


@pytest.fixture
def library(tmp_path: Path):
    with Library.open(tmp_path) as library:
        for game in GAMES:
            library.add_game(game)
        yield library


def kept_file(library: Library) -> tuple[dict, list]:
    """The file of records as its heading and its rows."""
    heading, rows = (library.data_dir / CACHE_FILE).read_text(encoding="ascii").split("\n")
    return json.loads(heading), json.loads(rows)


def keep_file(library: Library, heading: dict, rows: list) -> None:
    """Writes the file of records with these rows, checked as the app checks them."""
    text = json.dumps(rows, separators=(",", ":"))
    heading = heading | {"check": stats_cache._check(text.encode("ascii"))}
    (library.data_dir / CACHE_FILE).write_text(json.dumps(heading) + "\n" + text, "ascii")


class CountingLoads:
    def __init__(self, library: Library) -> None:
        self.library = library
        self.loaded: list[int] = []
        self.data_dir = library.data_dir

    def live_revisions(self) -> list[tuple[int, int]]:
        return self.library.live_revisions()

    def load_game(self, game_id: int) -> Game:
        self.loaded.append(game_id)
        return self.library.load_game(game_id)


def test_records_give_the_statistics_of_the_games(library: Library) -> None:
    records, warnings = game_records(library)
    assert warnings == []
    assert [game_id for game_id, _ in records] == [1, 2, 3]
    assert stats_of_records([record for _, record in records]) == library_stats(GAMES)


def test_kept_records_are_read_instead_of_replaying(library: Library) -> None:
    first, _ = game_records(library)
    assert (library.data_dir / CACHE_FILE).exists()
    counting = CountingLoads(library)
    again, _ = game_records(counting)
    assert again == first
    assert counting.loaded == []


def test_a_saved_game_is_replayed_again_and_a_deleted_one_dropped(library: Library) -> None:
    game_records(library)
    library.save_game(3, GAMES[2].with_hand_removed(0))
    library.delete_game(1)
    counting = CountingLoads(library)
    records, _ = game_records(counting)
    assert counting.loaded == [3]
    assert [game_id for game_id, _ in records] == [2, 3]
    assert records[1][1].players[0].hands == 0
    _, rows = kept_file(library)
    assert [row[0] for row in rows] == [2, 3]


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        '{"format": "phase10-keeper/statistics-cache", "version": 999, "check": 0}\n[]',
        '{"format": "phase10-keeper/statistics-cache", "version": 1, "games": [[1]]}',
        '{"format": "phase10-keeper/statistics-cache", "version": 4, "check": 0}\n[[1]]',
        "[1, 2]",
    ],
)
def test_a_damaged_or_foreign_file_is_made_again(library: Library, text: str) -> None:
    expected, _ = game_records(library)
    (library.data_dir / CACHE_FILE).write_text(text, encoding="utf-8")
    assert game_records(library)[0] == expected
    heading, _ = kept_file(library)
    assert heading["version"] == stats_cache.CACHE_VERSION


def test_a_record_that_does_not_read_is_made_again(library: Library) -> None:
    expected, _ = game_records(library)
    heading, rows = kept_file(library)
    rows[0][2][4][0][1] = "many"
    # A record this version cannot read, though whole: checked, as a later version's is.
    keep_file(library, heading, rows)
    counting = CountingLoads(library)
    assert game_records(counting)[0] == expected
    assert counting.loaded == [1]


def test_a_folder_that_cannot_be_written_still_gives_the_records(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(_path: Path, _data: bytes) -> None:
        raise PermissionError("read-only")

    monkeypatch.setattr(stats_cache, "write_atomically", refuse)
    records, warnings = game_records(library)
    assert len(records) == 3
    assert warnings == []
    assert not (library.data_dir / CACHE_FILE).exists()


def test_a_changed_digit_in_the_kept_records_is_not_believed(library: Library) -> None:
    first, _ = game_records(library)
    path = library.data_dir / CACHE_FILE
    text = path.read_text(encoding="ascii")
    _, rows = kept_file(library)
    points = json.dumps(rows[0][2], separators=(",", ":"))
    digit = next(index for index, character in enumerate(points) if character in "123456789")
    changed = points[:digit] + str(int(points[digit]) % 9 + 1) + points[digit + 1 :]
    path.write_text(text.replace(points, changed, 1), encoding="ascii")
    counting = CountingLoads(library)
    again, _ = game_records(counting)
    assert again == first
    assert counting.loaded == [1, 2, 3]


def test_records_kept_by_an_earlier_version_are_made_again(library: Library) -> None:
    """A file of the third version holds each record as an object, checked otherwise."""
    expected, _ = game_records(library)
    games = [
        [
            game_id,
            library.live_revisions()[game_id - 1][1],
            {"finished": record.finished, "winner": record.winner, "hands": record.hands},
        ]
        for game_id, record in expected
    ]
    kept = {"format": stats_cache.CACHE_FORMAT, "version": 3, "check": 0, "games": games}
    (library.data_dir / CACHE_FILE).write_text(json.dumps(kept), encoding="utf-8")
    counting = CountingLoads(library)
    assert game_records(counting)[0] == expected
    assert counting.loaded == [1, 2, 3]
