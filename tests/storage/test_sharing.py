"""A game's sharing with the phones, kept with the game: written off the caller's thread,
read back until it is 12 hours old, dropped with the game, and never in a backup."""

from datetime import timedelta
from pathlib import Path

from phase10_keeper.storage.library import Library
from phase10_keeper.storage.sharing import SHARING_LASTS, SharingWriter

from .samples import FakeClock, friday_game

KEY = "Kx7-secret-key-of-the-table"


def _keep(library: Library, game_id: int, text: str | None, clock: FakeClock) -> None:
    writer = SharingWriter(library.path, game_id, lambda: text, clock=clock)
    try:
        writer.changed()
        assert writer.flush(timeout=10)
    finally:
        writer.close()


def test_the_sharing_kept_is_read_back_until_it_is_12_hours_old(
    library: Library, clock: FakeClock
) -> None:
    game_id = library.add_game(friday_game())
    assert library.kept_sharing(game_id, clock.now) is None
    _keep(library, game_id, f'{{"keeper": "{KEY}"}}', clock)
    assert library.kept_sharing(game_id, clock.now) == f'{{"keeper": "{KEY}"}}'
    later = clock.now + SHARING_LASTS
    assert library.kept_sharing(game_id, later) is None


def test_the_sharing_is_rewritten_and_forgotten(library: Library, clock: FakeClock) -> None:
    game_id = library.add_game(friday_game())
    other = library.add_game(friday_game())
    _keep(library, game_id, '{"n": 1}', clock)
    _keep(library, other, '{"n": 2}', clock)
    _keep(library, game_id, '{"n": 3}', clock)
    assert library.kept_sharing(game_id, clock.now) == '{"n": 3}'
    _keep(library, game_id, None, clock)
    assert library.kept_sharing(game_id, clock.now) is None
    assert library.kept_sharing(other, clock.now) == '{"n": 2}'
    library.forget_sharing(other)
    assert library.kept_sharing(other, clock.now) is None


def test_a_deleted_game_keeps_no_sharing(library: Library, clock: FakeClock) -> None:
    game_id = library.add_game(friday_game())
    _keep(library, game_id, '{"n": 1}', clock)
    library.delete_game(game_id)
    library.restore_game(game_id)
    assert library.kept_sharing(game_id, clock.now) is None
    library.delete_game(game_id)
    _keep(library, game_id, '{"n": 2}', clock)
    library.restore_game(game_id)
    assert library.kept_sharing(game_id, clock.now) is None


def test_a_backup_holds_no_key_not_even_in_its_free_pages(
    library: Library, clock: FakeClock
) -> None:
    game_id = library.add_game(friday_game())
    _keep(library, game_id, f'{{"keeper": "{KEY}"}}', clock)
    clock.advance(days=2)
    library.add_game(friday_game())
    newest = library.backups()[0]
    assert KEY.encode() not in newest.read_bytes()
    # The library itself still has it: the backup was made of it.
    assert library.kept_sharing(game_id, clock.now - timedelta(days=2)) is not None


def test_a_restored_backup_serves_no_old_key(data_dir: Path, clock: FakeClock) -> None:
    with Library.open(data_dir, clock=clock) as library:
        game_id = library.add_game(friday_game())
        _keep(library, game_id, f'{{"keeper": "{KEY}"}}', clock)
        clock.advance(days=2)
        library.add_game(friday_game())
        backup = library.backups()[0]
    with Library.open_from_backup(backup, data_dir, clock=clock) as restored:
        assert restored.kept_sharing(game_id, clock.now) is None
