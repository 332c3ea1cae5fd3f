"""Sharing a library through a folder that a file-sync tool keeps alike on several
computers (CONTRACTS §5): one exchange of games with the folder.

Each library publishes every game it holds as `UID.json` in its own device folder, with a
version clock ({DEVICE: N}); it reads every other device's files, adopts a version that
supersedes its own, and keeps concurrent ones both (the lower hash as the game, the other
as a second game marked `conflict_of`). Deletions are versions too, kept for good. Times
decide nothing: a file's (mtime_ns, size, inode) only says whether to read it again.

Qt-free, and safe beside the app: `sync_library` opens its own connection to the library
(call it from a worker thread), and every change it stores expects the game as it read
it, so a game the app saved meanwhile is left for the next exchange. An exchange asked to
stop (`stop`, set from another thread) stops before the next game or file, raising
SyncStopped: what it stored and wrote until then stands, and the next exchange does the
rest (the files it read but did not take in are read again).
"""

import os
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from phase10_keeper.collector import cycle_collector_paused
from phase10_keeper.storage.identity import conflict_uid, first_clock_of_conflict
from phase10_keeper.storage.messages import GameDamaged, LibraryError, Said
from phase10_keeper.storage.shared_rows import (
    Change,
    Clock,
    HeldGame,
    SharedState,
    Version,
    clock_text,
    version_of,
)
from phase10_keeper.storage.sync_folder import (
    SUFFIX,
    SharedFileError,
    SyncFolderError,
    check_folder,
    devices_folder,
    list_devices,
    make_marker,
    read_marker,
    read_version,
    remove_stale_temporaries,
    shared_file,
    stamp_of,
    write_files,
)

if TYPE_CHECKING:
    from phase10_keeper.storage.library import Library

__all__ = ["SyncFolderError", "SyncReport", "SyncStopped", "sync", "sync_library"]

_BATCH = 200
"""Changes stored per transaction: few commits, and never a long wait for the app."""


class SyncStopped(Exception):  # noqa: N818
    """The exchange stopped when asked, before it was done (see the module)."""


class SyncReport(NamedTuple):
    """What one exchange did: files written, versions taken into the library (games new
    or changed, conflicts kept), the uids of the games that keep a conflict (each marked
    `conflict_of`, not deleted), and what went wrong without stopping it."""

    sent: int
    received: int
    conflicts: tuple[str, ...]
    warnings: tuple[Said, ...]


def dominates(first: Clock, second: Clock) -> bool:
    """Whether every count of `second` is at most `first`'s."""
    return all(first.get(device, 0) >= count for device, count in second.items())


def merged(first: Clock, second: Clock) -> dict[str, int]:
    return {
        device: max(first.get(device, 0), second.get(device, 0))
        for device in sorted({*first, *second})
    }


class Outcome(NamedTuple):
    """What becomes of a game when a version arrives: its new clock (None: unchanged),
    whether the arriving version's content replaces the game's, and which of the two is
    kept as a conflict ("local", "incoming" or None)."""

    clock: Clock | None
    adopt: bool
    loser: str | None


def decide(local: SharedState, incoming: Version) -> Outcome:
    """The same outcome on every library for the same two versions (CONTRACTS §5)."""
    if dominates(local.clock, incoming.clock) and (
        dict(local.clock) != dict(incoming.clock) or local.hash == incoming.hash
    ):
        return Outcome(None, adopt=False, loser=None)
    if dominates(incoming.clock, local.clock) and dict(local.clock) != dict(incoming.clock):
        return Outcome(incoming.clock, adopt=True, loser=None)
    clock = merged(local.clock, incoming.clock)
    if local.hash == incoming.hash:
        return Outcome(clock, adopt=False, loser=None)
    if local.deleted != incoming.deleted:
        # A change made without knowing of a deletion brings the game back, and the
        # deletion is kept, deleted, as a conflict: always, even when it holds the very
        # hands the game does, as whether it does hangs on which versions a library met
        # first, and every library must keep the same conflicts.
        return Outcome(clock, adopt=local.deleted, loser="local" if local.deleted else "incoming")
    incoming_wins = incoming.hash < local.hash
    return Outcome(clock, adopt=incoming_wins, loser="local" if incoming_wins else "incoming")


class _Exchange:
    """One sync of `library` with `folder`, step by step."""

    def __init__(self, library: "Library", folder: Path, stop: threading.Event | None) -> None:
        self.library = library
        self.folder = folder
        self.stop = stop
        self.warnings: list[Said] = []
        self.received = 0
        self.held: dict[str, HeldGame] = {}
        self.states: dict[str, SharedState] = {}
        self.contents: dict[str, Version] = {}
        """Versions whose content is at hand (read or received), by uid."""
        self.skipped: set[str] = set()
        """Uids not to touch in this exchange (damaged, or changed by the app meanwhile)."""
        self.pending: list[tuple[Change, str | None]] = []
        self.new_stamps: dict[str, str] = {}

    def run(self) -> SyncReport:
        marker = self._check_marker()
        library = self.library
        device = library.device_id()
        listing = list_devices(self.folder)
        self.warnings.extend(
            Said("sync.odd_name", {"path": str(path)}) for path in sorted(listing.odd_names)
        )
        stamps = library.file_stamps(marker)
        self.states = library.shared_states()
        own = listing.files.get(device, {})
        if self._copied(device, own, stamps):
            self.warnings.append(Said("sync.new_device", {"device": device}))
            device = library.take_new_device_id()
            self.states = library.shared_states()
            own = {}
        self.held = library.held_games()
        self._note_local_changes(device)
        for other, files in sorted(listing.files.items()):
            if other == device:
                continue
            for uid, stamp in sorted(files.items()):
                name = f"{other}/{uid}{SUFFIX}"
                if stamps.get(name) != stamp:
                    self._stop_if_asked()
                    self._receive(devices_folder(self.folder) / name, uid, name, stamp)
        self._flush()
        unchanged_own = {
            uid for uid, stamp in own.items() if stamps.get(f"{device}/{uid}{SUFFIX}") == stamp
        }
        sent = self._publish(device, unchanged_own)
        library.remember_file_stamps(marker, self.new_stamps)
        remove_stale_temporaries(devices_folder(self.folder) / device, time.time())
        conflicts = tuple(
            sorted(
                uid
                for uid, game in library.held_games().items()
                if game.conflict_of is not None and not game.deleted
            )
        )
        return SyncReport(sent, self.received, conflicts, tuple(self.warnings))

    def _stop_if_asked(self) -> None:
        if self.stop is not None and self.stop.is_set():
            raise SyncStopped

    def _check_marker(self) -> str:
        check_folder(self.folder)
        key = str(self.folder.resolve())
        known = self.library.folder_marker(key)
        marker = read_marker(self.folder)
        if marker is None:
            if known is not None:
                raise SyncFolderError(Said("sync.marker_gone", {"folder": str(self.folder)}))
            marker = make_marker(self.folder)
        elif known is not None and marker != known:
            raise SyncFolderError(Said("sync.marker_changed", {"folder": str(self.folder)}))
        if known is None:
            self.library.remember_folder_marker(key, marker)
        return marker

    def _copied(self, device: str, own: dict[str, str], stamps: dict[str, str]) -> bool:
        """Whether this library's device folder holds a count higher than it published:
        the library was copied to another computer, or restored from a backup."""
        for uid, stamp in own.items():
            if stamps.get(f"{device}/{uid}{SUFFIX}") == stamp:
                continue
            try:
                version = read_version(devices_folder(self.folder) / device / f"{uid}{SUFFIX}", uid)
            except SharedFileError:
                continue
            state = self.states.get(uid)
            if version.clock.get(device, 0) > (0 if state is None else state.published):
                return True
        return False

    def _note_local_changes(self, device: str) -> None:
        """Gives each game changed in the library since the last exchange a new version:
        this device's count one more than the highest the game's clock holds."""
        changed = {}
        for uid, held in self.held.items():
            state = self.states.get(uid)
            if state is not None and (state.revision, state.deleted) == (
                held.revision,
                held.deleted,
            ):
                continue
            self._stop_if_asked()
            try:
                game = self.library.load_game(held.id)
            except (GameDamaged, LibraryError):
                self.warnings.append(Said("sync.left_out", {"id": held.id}))
                self.skipped.add(uid)
                continue
            version = version_of(game, {}, deleted=held.deleted, conflict_of=held.conflict_of)
            if state is None:
                clock: Clock = {device: 1}
            elif version.hash == state.hash:
                clock = state.clock
            else:
                clock = {**state.clock, device: max(state.clock.values()) + 1}
            published = 0 if state is None else state.published
            written = state.written if state is not None and version.hash == state.hash else None
            revision = held.revision if isinstance(held.revision, int) else None
            changed[uid] = SharedState(
                clock, version.hash, revision, held.deleted, published, written
            )
            self.contents[uid] = version._replace(clock=clock)
        self.library.note_states(changed)
        self.states.update(changed)

    def _receive(self, path: Path, uid: str, name: str, stamp: str) -> None:
        try:
            version = read_version(path, uid)
        except SharedFileError as problem:
            self.warnings.append(
                Said("sync.unreadable", {"path": str(path), "reason": str(problem)})
            )
            return
        self.new_stamps[name] = stamp
        self._merge(uid, version, name)

    def _merge(self, uid: str, incoming: Version, name: str) -> None:
        if uid in self.skipped:
            self.new_stamps.pop(name, None)
            return
        if any(change.uid == uid for change, _ in self.pending):
            self._flush()
            if uid in self.skipped:
                self.new_stamps.pop(name, None)
                return
        local = self.states.get(uid)
        if local is None:
            self._queue(Change(uid, incoming, self.held.get(uid), content=True), name)
            return
        outcome = decide(local, incoming)
        if outcome.clock is None:
            return
        loser: Version | None = None
        if outcome.loser == "incoming":
            loser = incoming
        elif outcome.loser == "local":
            loser = self._local_version(uid)
            if loser is None:
                self.new_stamps.pop(name, None)
                return
        if outcome.adopt:
            kept = incoming._replace(clock=outcome.clock)
        else:
            kept = Version(outcome.clock, local.hash, None, local.deleted, None)  # type: ignore[arg-type]
        self._queue(Change(uid, kept, self.held.get(uid), content=outcome.adopt), name)
        if loser is not None:
            # Not the loser's clock, which counts changes to this game, not to the second
            # one: a copy made again with a higher count here would override the hands
            # recorded in the second game since it was first made.
            keeper = conflict_uid(uid, loser.hash)
            clock = first_clock_of_conflict(keeper)
            copy = version_of(loser.game, clock, deleted=loser.deleted, conflict_of=uid)
            self._merge(keeper, copy, name)

    def _local_version(self, uid: str) -> Version | None:
        known = self.contents.get(uid)
        state = self.states[uid]
        if known is not None and known.hash == state.hash:
            return known._replace(clock=state.clock)
        held = self.held.get(uid)
        if held is None:
            self.skipped.add(uid)
            return None
        try:
            game = self.library.load_game(held.id)
        except (GameDamaged, LibraryError):
            self.skipped.add(uid)
            return None
        version = version_of(game, state.clock, deleted=state.deleted, conflict_of=held.conflict_of)
        if version.hash != state.hash:
            # Changed by the app since this exchange began: the next one sees it.
            self.skipped.add(uid)
            return None
        return version

    def _queue(self, change: Change, name: str) -> None:
        self.pending.append((change, name))
        state = self.states.get(change.uid)
        self.states[change.uid] = SharedState(
            change.version.clock,
            change.version.hash,
            None,
            change.version.deleted,
            0 if state is None else state.published,
            None,
        )
        if change.content:
            self.contents[change.uid] = change.version
        if len(self.pending) >= _BATCH:
            self._flush()

    def _flush(self) -> None:
        if not self.pending:
            return
        pending, self.pending = self.pending, []
        published = {uid: state.published for uid, state in self.states.items()}
        applied = self.library.apply_changes([change for change, _ in pending], published)
        for (change, name), held in zip(pending, applied, strict=True):
            if held is None:
                self.skipped.add(change.uid)
                self.contents.pop(change.uid, None)
                if name is not None:
                    self.new_stamps.pop(name, None)
                continue
            self.held[change.uid] = held
            self.states[change.uid] = self.states[change.uid]._replace(
                revision=held.revision if isinstance(held.revision, int) else None
            )
            if change.content:
                self.received += 1

    def _publish(self, device: str, unchanged_own: set[str]) -> int:
        """Writes the file of each game whose file in this device's folder is not current."""
        own = devices_folder(self.folder) / device
        versions: dict[Path, tuple[str, str, int]] = {}
        written: dict[str, tuple[str, int]] = {}

        def files() -> Iterator[tuple[Path, bytes]]:
            for uid, state in sorted(self.states.items()):
                if uid in self.skipped:
                    continue
                text = f"{device}:{state.hash}:{clock_text(state.clock)}"
                if state.written == text and uid in unchanged_own:
                    continue
                self._stop_if_asked()
                version = self._local_version(uid)
                if version is None:
                    continue
                path = own / f"{uid}{SUFFIX}"
                versions[path] = (uid, text, state.clock.get(device, 0))
                yield path, shared_file(uid, version)

        def landed(path: Path, status: os.stat_result) -> None:
            uid, text, count = versions[path]
            self.new_stamps[f"{device}/{uid}{SUFFIX}"] = stamp_of(status)
            written[uid] = (text, count)

        try:
            own.mkdir(parents=True, exist_ok=True)
            write_files(files(), landed)
        except OSError as error:
            raise SyncFolderError(
                Said(
                    "sync.cannot_write",
                    {"folder": str(self.folder), "reason": error.strerror or str(error)},
                )
            ) from None
        finally:
            self.library.note_written(written)
        return len(written)


def sync(library: "Library", folder: Path, *, stop: threading.Event | None = None) -> SyncReport:
    """Exchanges games between the open `library` and the shared `folder`, once.

    Raises SyncFolderError (its `said` words why) when the folder cannot be used: it is
    not there, its marker vanished or changed, or this device's folder cannot be written;
    SyncStopped once `stop` is set.
    """
    # Thousands of games read, hashed and kept at hand until they are written: objects
    # without cycles, which the cycle collector would otherwise search again and again.
    with cycle_collector_paused():
        return _Exchange(library, Path(folder), stop).run()


def sync_library(
    data_dir: Path | None,
    folder: Path,
    *,
    warn: Callable[[str], None] | None = None,
    stop: threading.Event | None = None,
) -> SyncReport:
    """Opens the library in `data_dir` (None: the default) on a connection of its own,
    exchanges games with `folder` once and closes it: callable from a worker thread
    beside the app's own connection. Raises SyncFolderError, SyncStopped once `stop` is
    set, or the library's LibraryError when the library cannot be opened."""
    from phase10_keeper.storage.library import Library
    from phase10_keeper.storage.log import log_warning

    with Library.open(data_dir, warn=warn or log_warning) as library:
        return sync(library, folder, stop=stop)
