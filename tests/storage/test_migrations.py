"""Older libraries are upgraded step by step; a newer or foreign one is refused untouched."""

import re
import sqlite3
from contextlib import closing
from datetime import datetime
from pathlib import Path

import pytest

from phase10_keeper.rules import (
    Cards,
    Game,
    Hand,
    Join,
    Leave,
    PlayerResult,
    Preset,
    build_rules,
    replay,
)
from phase10_keeper.storage import migrations
from phase10_keeper.storage.library import (
    LIBRARY_FILE,
    Library,
    LibraryError,
    LibraryTooNew,
)
from phase10_keeper.storage.migrations import APPLICATION_ID, SCHEMA_VERSION, migrate

FIXTURES = Path(__file__).parent / "fixtures"


def build_version(data_dir: Path, version: int) -> Path:
    data_dir.mkdir(parents=True, exist_ok=True)
    path = data_dir / LIBRARY_FILE
    with closing(sqlite3.connect(path)) as database:
        database.executescript((FIXTURES / f"library_v{version}.sql").read_text(encoding="utf-8"))
    return path


def build_version_1(data_dir: Path) -> Path:
    return build_version(data_dir, 1)


def schema(path: Path) -> list[tuple[str, str, str]]:
    """Every table and index, its SQL with the layout of the text ignored."""
    with closing(sqlite3.connect(path)) as database:
        rows = database.execute(
            "SELECT type, name, sql FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY name"
        ).fetchall()
    return [
        (kind, name, re.sub(r"\s+", " ", sql).replace("( ", "(").strip())
        for kind, name, sql in rows
    ]


def header(path: Path) -> tuple[int, int]:
    with closing(sqlite3.connect(path)) as database:
        version = database.execute("PRAGMA user_version").fetchone()[0]
        application = database.execute("PRAGMA application_id").fetchone()[0]
    return version, application


def snapshot(directory: Path) -> dict[str, bytes]:
    return {
        str(path.relative_to(directory)): path.read_bytes()
        for path in sorted(directory.rglob("*"))
        if path.is_file()
    }


FRIDAY = Game(
    players=("Priya", "Marcus", "Kwame", "Dana"),
    hands=(
        Hand(
            went_out="Priya",
            results={
                "Priya": PlayerResult(made=True),
                "Marcus": PlayerResult(made=True, cards=Cards(low=1, high=1)),
                "Kwame": PlayerResult(made=True, cards=Cards(low=1, wild=1)),
                "Dana": PlayerResult(made=False, cards=Cards(low=6, high=2, skip=1, wild=1)),
            },
        ),
        Hand(
            went_out="Kwame",
            results={
                "Priya": PlayerResult(made=False, cards=Cards(low=10)),
                "Marcus": PlayerResult(made=False, cards=Cards(low=9, high=1)),
                "Kwame": PlayerResult(made=True),
                "Dana": PlayerResult(made=True, cards=Cards(low=2)),
            },
        ),
    ),
    title="Friday night",
    started="2026-11-27T19:30:00+00:00",
)

LUNCH = Game(
    players=("Priya", "Zoë"),
    rules=build_rules(Preset.SHORT, target=1, super_wild=True),
    hands=(
        Hand(
            went_out="Priya",
            results={
                "Priya": PlayerResult(made=True),
                "Zoë": PlayerResult(made=False, cards=Cards(low=8, skip=1, super_wild=1)),
            },
        ),
    ),
    first_dealer="Zoë",
    title="Lunch break",
    started="2026-11-28T12:15:00+01:00",
)


def test_the_fixture_is_the_schema_version_1_created(tmp_path: Path) -> None:
    fresh = tmp_path / "fresh.sqlite3"
    with closing(sqlite3.connect(fresh, isolation_level=None)) as database:
        migrate(database, target=1)
    fixture = build_version_1(tmp_path / "fixture")
    assert schema(fixture) == schema(fresh)
    assert header(fixture) == header(fresh) == (1, APPLICATION_ID)


def test_the_version_2_fixture_is_the_schema_version_2_created(tmp_path: Path) -> None:
    fresh = tmp_path / "fresh.sqlite3"
    with closing(sqlite3.connect(fresh, isolation_level=None)) as database:
        migrate(database, target=2)
    fixture = build_version(tmp_path / "fixture", 2)
    assert schema(fixture) == schema(fresh)
    assert header(fixture) == header(fresh) == (2, APPLICATION_ID)


def test_upgrading_version_2_keeps_every_game(data_dir: Path) -> None:
    build_version(data_dir, 2)
    with Library.open(data_dir) as library:
        assert library.load_game(1) == FRIDAY
        assert library.load_game(2) == LUNCH
        assert [game.id for game in library.list_games()] == [1]
        assert [game.id for game in library.list_games(deleted=True)] == [2]
        assert library.roster() == ["Dana", "Kwame", "Marcus", "Priya", "Zoë"]
    with closing(sqlite3.connect(data_dir / LIBRARY_FILE)) as database:
        assert database.execute("SELECT seating FROM games").fetchall() == [(None,), (None,)]
        assert database.execute("SELECT notes FROM games WHERE id = 1").fetchone() == (
            "Dana brought snacks",
        )
    assert header(data_dir / LIBRARY_FILE) == (SCHEMA_VERSION, APPLICATION_ID)


def test_an_upgraded_library_stores_seating_changes(data_dir: Path) -> None:
    build_version(data_dir, 2)
    seated = FRIDAY.with_seating_change(Leave(3, "Dana")).with_seating_change(
        Join(3, "Eve", after="Priya", total=60)
    )
    with Library.open(data_dir) as library:
        library.load_game(1)
        library.save_game(1, seated)
        third = library.add_game(seated)
        assert "Eve" in library.roster()
    with Library.open(data_dir) as library:
        assert library.load_game(1) == seated
        assert library.load_game(third) == seated
        assert library.list_games()[0].players == ("Priya", "Marcus", "Kwame", "Dana", "Eve")
        library.save_game(1, FRIDAY)
        assert library.load_game(1) == FRIDAY
    with closing(sqlite3.connect(data_dir / LIBRARY_FILE)) as database:
        assert database.execute("SELECT seating FROM games ORDER BY id").fetchall() == [
            (None,),
            (None,),
            (
                '[{"before_hand":3,"leave":"Dana"},'
                '{"before_hand":3,"join":"Eve","after":"Priya","total":60}]',
            ),
        ]


def test_a_new_library_and_an_upgraded_one_have_the_same_schema(
    tmp_path: Path, library: Library
) -> None:
    upgraded = build_version_1(tmp_path / "old")
    Library.open(upgraded.parent).close()
    assert schema(upgraded) == schema(library.path)
    assert header(upgraded) == header(library.path) == (SCHEMA_VERSION, APPLICATION_ID)


def test_upgrading_version_1_keeps_every_game(data_dir: Path) -> None:
    build_version_1(data_dir)
    with Library.open(data_dir) as library:
        assert library.load_game(1) == FRIDAY
        assert library.load_game(2) == LUNCH
        lunch, friday = library.list_games()
        assert (friday.id, friday.status, friday.winner, friday.hands) == (
            1,
            "in_progress",
            None,
            2,
        )
        assert (lunch.id, lunch.status, lunch.winner) == (2, "finished", "Priya")
        assert lunch.finished == "2026-11-28T11:40:12+00:00"
        assert replay(LUNCH).final.winner == "Priya"
        assert library.list_games(deleted=True) == []
        assert library.roster() == ["Priya", "Zoë", "Dana", "Kwame", "Marcus"]
        assert library.last_open_game() == 1
        library.delete_game(2)
        library.save_game(1, FRIDAY.with_hand_removed(1))
        assert [game.id for game in library.list_games()] == [1]
        assert library.add_game(LUNCH) == 3
    assert header(data_dir / LIBRARY_FILE) == (SCHEMA_VERSION, APPLICATION_ID)


def test_a_backup_is_made_before_upgrading(data_dir: Path) -> None:
    build_version_1(data_dir)
    with Library.open(data_dir) as library:
        [backup] = library.backups()
    assert backup.name.endswith(f"-before-v{SCHEMA_VERSION}.sqlite3")
    assert header(backup) == (1, APPLICATION_ID)
    with closing(sqlite3.connect(backup)) as database:
        assert database.execute("SELECT COUNT(*) FROM hands").fetchone() == (3,)


def test_a_failed_upgrade_changes_nothing(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = build_version_1(data_dir)
    broken = (*migrations.STEPS[:-1], (*migrations.STEPS[-1], "ALTER TABLE nowhere ADD COLUMN x"))
    monkeypatch.setattr(migrations, "STEPS", broken)
    with pytest.raises(LibraryError, match="no such table: nowhere"):
        Library.open(data_dir)
    assert header(path) == (1, APPLICATION_ID)
    with closing(sqlite3.connect(path)) as database:
        columns = [row[1] for row in database.execute("PRAGMA table_info(games)")]
    assert "notes" not in columns
    monkeypatch.undo()
    with Library.open(data_dir) as library:
        assert library.load_game(1) == FRIDAY


@pytest.mark.parametrize("wal", [False, True], ids=["rollback-journal", "wal"])
def test_a_library_from_a_newer_version_is_refused_and_left_untouched(
    data_dir: Path, wal: bool
) -> None:
    path = build_version_1(data_dir)
    with closing(sqlite3.connect(path)) as database:
        if wal:
            database.execute("PRAGMA journal_mode = WAL")
        database.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    before = snapshot(data_dir)
    with pytest.raises(LibraryTooNew) as refused:
        Library.open(data_dir)
    message = str(refused.value)
    assert f"library version {SCHEMA_VERSION + 1}" in message
    assert "newer phase10-keeper" in message
    assert "update the app" in message
    assert snapshot(data_dir) == before


def test_another_programs_database_is_refused_and_left_untouched(data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    with closing(sqlite3.connect(data_dir / LIBRARY_FILE)) as database:
        database.execute("CREATE TABLE recipes (name TEXT)")
        database.commit()
    before = snapshot(data_dir)
    with pytest.raises(LibraryError, match="is not a phase10-keeper game library"):
        Library.open(data_dir)
    assert snapshot(data_dir) == before


def test_an_empty_file_becomes_a_new_library(data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / LIBRARY_FILE).write_bytes(b"")
    with Library.open(data_dir) as library:
        assert library.list_games() == []
    assert header(data_dir / LIBRARY_FILE) == (SCHEMA_VERSION, APPLICATION_ID)


def test_upgrading_version_7_keeps_every_record_and_the_order_of_the_games(
    data_dir: Path,
) -> None:
    """A library as version 7 held it (made now, without what version 8 added): its
    games, with a start that has an offset, a naive one and none, get the moment the
    listing orders them by, where it does not hang on the time zone, and every kept
    record still stands."""
    starts = ("2026-11-20T19:00:00+01:00", "2026-11-21T19:00:00", None)
    with Library.open(data_dir) as library:
        for started in starts:
            library.add_game(Game(players=FRIDAY.players, rules=FRIDAY.rules, started=started))
        library.add_game(FRIDAY)
        listed = [game.id for game in library.list_games()]
    with closing(sqlite3.connect(data_dir / LIBRARY_FILE)) as database:
        database.executescript(
            """
            DROP INDEX games_by_played_at;
            DROP INDEX game_records_by_revision;
            ALTER TABLE games DROP COLUMN played_at;
            PRAGMA user_version = 7;
            """
        )
        records = database.execute("SELECT * FROM game_records ORDER BY game_id").fetchall()
    with Library.open(data_dir) as library:
        assert [game.id for game in library.list_games()] == listed
        assert [game.id for game in library.games_to_continue(4)] == listed
    with closing(sqlite3.connect(data_dir / LIBRARY_FILE)) as database:
        kept = database.execute("SELECT * FROM game_records ORDER BY game_id").fetchall()
        moments = dict(database.execute("SELECT id, played_at FROM games").fetchall())
    assert kept == records
    assert moments[1] == datetime.fromisoformat(starts[0]).timestamp()
    assert moments[2] is None
    assert moments[3] is not None
    assert header(data_dir / LIBRARY_FILE) == (SCHEMA_VERSION, APPLICATION_ID)
