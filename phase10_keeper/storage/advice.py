"""What the user can do about a library that failed: the errors that say so, and for a
damaged one the good backups, when each was made and how many games it holds."""

import sqlite3
from contextlib import closing
from datetime import datetime
from pathlib import Path
from typing import NamedTuple

from phase10_keeper.language import Words, words_or_english
from phase10_keeper.storage.backups import backup_time
from phase10_keeper.storage.integrity import good_backups, probe_uri
from phase10_keeper.storage.mark import Mark, read_mark
from phase10_keeper.storage.messages import (
    LibraryBehind,
    LibraryDamaged,
    LibraryError,
    LibraryKey,
    LibraryMissing,
    Said,
    Worded,
)
from phase10_keeper.storage.sqlite_errors import failure_without_damage, is_damage


def count_games(connection: sqlite3.Connection) -> int:
    try:
        row = connection.execute("SELECT COUNT(*) FROM games WHERE deleted_at IS NULL").fetchone()
    except sqlite3.OperationalError:
        # A backup from before games could be deleted.
        row = connection.execute("SELECT COUNT(*) FROM games").fetchone()
    count: int = row[0]
    return count


class _BackupContents(NamedTuple):
    """When a backup was made, and how many games it holds (None if it cannot be read)."""

    when: str
    games: int | None

    def holds(self, language: Words) -> str:
        if self.games is None:
            return language("library.backup_unreadable")
        return language.count("library.games", self.games)


def _backup_contents(backup: Path) -> _BackupContents:
    when = _when(backup_time(backup))
    try:
        with closing(sqlite3.connect(probe_uri(backup), uri=True)) as connection:
            return _BackupContents(when, count_games(connection))
    except sqlite3.Error:
        return _BackupContents(when, None)


def describe_backup(backup: Path, language: Words | None = None) -> str:
    """When `backup` was made and how many games it holds: "2026-11-30 22:15, 3 games"."""
    language = words_or_english(language)
    contents = _backup_contents(backup)
    return language("library.backup", when=contents.when, holds=contents.holds(language))


def _when(moment: datetime) -> str:
    return moment.astimezone().strftime("%Y-%m-%d %H:%M")


def failure(error: sqlite3.Error, path: Path, timeout: float) -> LibraryError:
    """The user-facing error for a failed SQLite call on the library at `path`; damage is
    told with the newest good backup."""
    if is_damage(error):
        return damaged(path, str(error))
    return failure_without_damage(error, path, timeout)


class _BackupAdvice(NamedTuple):
    """What the user can do about a damaged library: restore the newest good backup, if
    there is one."""

    newest: _BackupContents | None

    def worded(self, language: Words) -> str:
        if self.newest is None:
            return language("library.no_good_backup")
        return language(
            "library.newest_backup", when=self.newest.when, holds=self.newest.holds(language)
        )


def _backup_advice(path: Path) -> tuple[_BackupAdvice, list[Path]]:
    """What the user can do about a damaged library, and the good backups, newest first."""
    good = good_backups(path.parent)
    return _BackupAdvice(_backup_contents(good[0]) if good else None), good


def damaged(path: Path, detail: str | Worded) -> LibraryDamaged:
    advice, good = _backup_advice(path)
    return LibraryDamaged(LibraryKey.DAMAGED, good, path=str(path), detail=detail, advice=advice)


def behind(path: Path, revision: int, mark: Mark) -> LibraryBehind:
    advice, good = _backup_advice(path)
    return LibraryBehind(
        LibraryKey.BEHIND, good, path=str(path), count=revision, saved=mark.revision, advice=advice
    )


def games_existed(path: Path) -> Said | None:
    """What says the library at `path` held games: its mark, or a good backup of it with
    games; None if nothing does (a new library)."""
    mark = read_mark(path)
    if mark.last_game_id > 0:
        return Said("library.mark_says", {"id": mark.last_game_id})
    for backup in good_backups(path.parent):
        if _backup_contents(backup).games:
            return Said("library.backups_say")
    return None


def missing(path: Path, evidence: Said, *, emptied: bool) -> LibraryMissing:
    advice, good = _backup_advice(path)
    key = LibraryKey.EMPTIED if emptied else LibraryKey.MISSING
    return LibraryMissing(key, good, path=str(path), evidence=evidence, advice=advice)
