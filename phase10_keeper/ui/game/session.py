"""The game being kept: its hand log, the replayed standings, undo and saving.

Views never change the game themselves: they ask the session, which builds the new hand
log with `Game.with_hand_*`, replays it from the first hand that changed, pushes an undo
command and saves. Every view then redraws from `session.state`.
"""

from collections.abc import Sequence
from dataclasses import replace
from typing import Protocol

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from phase10_keeper.rules import (
    Game,
    GameError,
    GameState,
    Hand,
    Replay,
    SeatingChange,
    replay,
    replay_from,
)
from phase10_keeper.storage.messages import GameChanged
from phase10_keeper.storage.unrecorded import MAX_KEPT_CHANGES, Step, hands_in_common
from phase10_keeper.ui.game.change_names import change_name
from phase10_keeper.ui.text.translate import error_said, tr


class GameStore(Protocol):
    def save_game(
        self,
        game_id: int,
        game: Game,
        replayed: Replay | None = None,
        *,
        revision: int | None = None,
    ) -> None: ...
    def known_revision(self, game_id: int) -> int | None: ...
    def load_game(self, game_id: int) -> Game: ...
    def take_replay(self, game_id: int, game: Game, replayed: Replay) -> None: ...
    def game_uid(self, game_id: int) -> str | None: ...


class _ChangeGame(QUndoCommand):
    """One change to the game. It keeps the game before and after it, not their replays
    (those grow with the game, and the undo stack holds many changes): undo and redo
    replay from the first hand that changed, as the change itself did."""

    def __init__(
        self,
        session: "GameSession",
        before: Game,
        after: Game,
        first_changed: int,
        replayed: Replay | None,
        recorded: Hand | None = None,
    ) -> None:
        super().__init__(change_name(before, after, recorded is not None))
        self._session = session
        self._before = before
        self._after = after
        self._first_changed = first_changed
        self._replayed: Replay | None = replayed
        """The replay of `after`, made to check the change; given up once shown."""
        self._recorded = recorded

    def reword(self) -> None:
        """Names the change again, in the language spoken now."""
        self.setText(change_name(self._before, self._after, self._recorded is not None))

    def redo(self) -> None:
        if self._session._rebuilding:
            return
        replayed, self._replayed = self._replayed, None
        self.reword()
        if replayed is None:
            replayed = self._session._replayed(self._after, self._first_changed)
        self._session._show(self._after, replayed, self.text(), self._recorded)

    def undo(self) -> None:
        if self._session._rebuilding:
            return
        self.reword()
        self._session._show(
            self._before,
            self._session._replayed(self._before, self._first_changed),
            tr("session.undid", change=self.text()),
        )
        if self._recorded is not None:
            self._session.recordUndone.emit(self._recorded)


class GameSession(QObject):
    changed = Signal()
    """The hand log changed: everything shown must be redrawn from `state`."""
    saved = Signal(str)
    """The change was saved; the text says what changed."""
    save_failed = Signal(str)
    save_refused = Signal(str)
    """The change was not saved, since the game was saved elsewhere since (another window
    or copy of the app): the newer game is shown now, and the text says so."""
    recordUndone = Signal(object)
    """The `Hand` whose recording was just undone."""
    renamed = Signal(str, str)
    """A player was renamed across the library, this game included (old name, new name):
    what is typed for them must follow, before the views redraw."""

    def __init__(
        self,
        game: Game,
        store: GameStore | None = None,
        game_id: int | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.game = game
        self.replay = replay(game)
        self.store = store
        self.game_id = game_id
        self.revision = None if store is None or game_id is None else store.known_revision(game_id)
        """The revision the game shown was read or last saved at: what a save replaces."""
        if store is not None and game_id is not None:
            # Made now, while the game opens, rather than at the first hand recorded.
            store.take_replay(game_id, game, self.replay)
        self.undo_stack = QUndoStack(self)
        self._renames: list[tuple[str, str]] = []
        """Renames made across the library since the game was opened, which undo and redo
        keep: the games on the undo stack still hold the names from before."""
        self._rebuilding = False
        """The undo stack is being filled with a history kept from before: its changes
        were made already."""

    @property
    def state(self) -> GameState:
        return self.replay.final

    def state_before(self, index: int) -> GameState:
        """Where the game stood before the hand at this 0-based index."""
        return self.replay.states[index]

    def record_hand(self, hand: Hand) -> None:
        """Appends the next hand; GameError if it cannot be recorded."""
        self._change(self.game.with_hand_appended(hand), len(self.game.hands), recorded=hand)

    def replace_hand(self, index: int, hand: Hand) -> None:
        """Puts `hand` in place of the hand at `index`; GameError if that or a later hand
        becomes impossible (then nothing changes)."""
        self._change(self.game.with_hand_replaced(index, hand), index)

    def remove_hand(self, index: int) -> None:
        self._change(self.game.with_hand_removed(index), index)

    def change_seating(self, change: SeatingChange) -> None:
        """A player leaves or joins before the next hand; GameError if nobody may now
        (during a tie-break, or once the game is over), and then nothing changes."""
        self._change(self.game.with_seating_change(change), len(self.game.hands))

    def rename_player(self, old: str, new: str) -> None:
        """Gives a player another name everywhere in this game, hand log included;
        GameError if the name is empty or another player's (then nothing changes)."""
        game = self.game.with_player_renamed(old, new)
        if game == self.game:
            return
        # The replay starts from the names at the table, so it starts again from there.
        self.undo_stack.push(_ChangeGame(self, self.game, game, 0, replay(game)))

    def take_rename(self, old: str, new: str) -> None:
        """Takes on a rename the library made across its games, this one included (saved
        already, through the same store): the undo history and what is typed stay."""
        self._renames.append((old, new))
        self.game = self.game.with_player_renamed(old, new)
        self.replay = replay(self.game)
        if self.store is not None and self.game_id is not None:
            self.revision = self.store.known_revision(self.game_id)
        self.renamed.emit(old, new)
        self.changed.emit()

    def retitle(self, title: str) -> None:
        """Takes on a title the game was given in the library through the same store, and
        the revision that gave it (the store's copy stays current only if it was)."""
        self.game = replace(self.game, title=title)
        if self.store is not None and self.game_id is not None:
            self.revision = self.store.known_revision(self.game_id)

    def _change(self, game: Game, first_changed: int, recorded: Hand | None = None) -> None:
        after = self._replayed(game, first_changed)
        self.undo_stack.push(_ChangeGame(self, self.game, game, first_changed, after, recorded))

    def _replayed(self, game: Game, first_changed: int) -> Replay:
        """The replay of `game`, which has the hands of the game shown before
        `first_changed`: the shown replay continued from there. A change of seating is
        taken in by the states it follows, so then the replay starts again (they are rare,
        and a whole replay is quick)."""
        if first_changed == 0 or game.seating != self.game.seating:
            return replay(game)
        return replay_from(self.replay.first(first_changed), game)

    def kept_history(self) -> tuple[list[Step], int]:
        """The undo history to keep with the game: up to MAX_KEPT_CHANGES changes either
        side of the game shown, in the names it has now, and how many of them are done.
        None at all if its games do not follow one from another to the game shown."""
        stack = self.undo_stack
        first = max(0, stack.index() - MAX_KEPT_CHANGES)
        steps: list[Step] = []
        for index in range(first, min(stack.count(), stack.index() + MAX_KEPT_CHANGES)):
            command = stack.command(index)
            assert isinstance(command, _ChangeGame)
            before, after = self._renamed(command._before), self._renamed(command._after)
            if steps and not _same_log(steps[-1].after, before):
                return [], 0
            steps.append(Step(command.text(), before, after, command._recorded is not None))
        at = stack.index() - first
        shown = steps[at - 1].after if at else steps[0].before if steps else self.game
        return (steps, at) if _same_log(shown, self.game) else ([], 0)

    def take_history(self, steps: Sequence[Step], at: int) -> bool:
        """Fills the empty undo stack with a history kept from before (`steps`, the first
        `at` of them done), which ends at the game shown; False, and nothing changes, if
        a game in it cannot be replayed."""
        commands = []
        try:
            after = self.replay
            for step in reversed(steps[:at]):
                first_changed = _first_changed(step.before, step.after)
                before = _replayed_beside(after, step.after, step.before, first_changed)
                commands.append((step, first_changed))
                after = before
            before = self.replay
            for step in steps[at:]:
                first_changed = _first_changed(step.before, step.after)
                before = _replayed_beside(before, step.before, step.after, first_changed)
                commands.append((step, first_changed))
        except (GameError, ValueError):
            return False
        done = commands[:at][::-1]
        self._rebuilding = True
        try:
            for step, first_changed in [*done, *commands[at:]]:
                recorded = step.after.hands[-1] if step.recorded else None
                # Named from its games, not by the text kept: that is in the
                # language spoken when the change was made.
                self.undo_stack.push(
                    _ChangeGame(self, step.before, step.after, first_changed, None, recorded)
                )
            self.undo_stack.setIndex(at)
        finally:
            self._rebuilding = False
        return True

    def _renamed(self, game: Game) -> Game:
        """`game` under the names given across the library since the game was opened."""
        for old, new in self._renames:
            if old in game.players:
                game = game.with_player_renamed(old, new)
        return game

    def _show(self, game: Game, result: Replay, what: str, recorded: Hand | None = None) -> None:
        # The undo stack holds hand logs; a rename since must survive undo and redo.
        if game.title != self.game.title:
            game = replace(game, title=self.game.title)
        renamed = self._renamed(game)
        if renamed is not game:
            game, result = renamed, replay(renamed)
        self.game = game
        self.replay = result
        # Saved before anything follows the change: the phones' table, told of it, keeps
        # its sharing in the same library from a thread of its own, and a save that met
        # that write waited in SQLite's busy sleeps (3 to 5 ms of a hand recorded).
        self._save(what, recorded)
        self.changed.emit()

    def _save(self, what: str, recorded: Hand | None = None) -> None:
        if self.store is None or self.game_id is None:
            return
        try:
            self.store.save_game(self.game_id, self.game, self.replay, revision=self.revision)
        except GameChanged:
            # Shown only once the undo stack is done with the change it is running.
            QTimer.singleShot(0, lambda: self._take_newer(what, recorded))
            return
        # Whatever else the store fails with, the hand log stays in memory and on the undo
        # stack; the window says the save failed and the next change saves it all again.
        except Exception as error:
            self.save_failed.emit(tr("session.save_failed", change=what, error=error_said(error)))
            return
        self.revision = self.store.known_revision(self.game_id)
        self.saved.emit(tr("session.saved", change=what))

    def _take_newer(self, what: str, recorded: Hand | None) -> None:
        """After a save refused as stale: the newer game from the library in place of this
        copy, whose undo history no longer applies to it, and a recorded hand back in the
        form, so nothing typed is lost."""
        if self.store is None or self.game_id is None:
            return
        try:
            newer = self.store.load_game(self.game_id)
        except Exception as error:
            self.save_failed.emit(tr("session.save_failed", change=what, error=error_said(error)))
            return
        self.undo_stack.clear()
        self.revision = self.store.known_revision(self.game_id)
        self.game = newer
        self.replay = replay(newer)
        self.changed.emit()
        if recorded is not None:
            self.recordUndone.emit(recorded)
        self.save_refused.emit(tr("session.changed_elsewhere", change=what))


def _same_log(game: Game, other: Game) -> bool:
    """The same hand log, table and rules, whatever the titles."""
    return replace(game, title=other.title, started=other.started) == other


def _first_changed(before: Game, after: Game) -> int:
    """The index of the first hand a change changed; 0 if it changed the table."""
    if (before.players, before.seating) != (after.players, after.seating):
        return 0
    return hands_in_common(before, after)


def _replayed_beside(known: Replay, known_game: Game, game: Game, first_changed: int) -> Replay:
    """The replay of `game`, which differs from `known_game` (replayed as `known`) from
    the hand at `first_changed` on; GameError if it cannot be replayed."""
    if first_changed == 0 or game.seating != known_game.seating:
        return replay(game)
    return replay_from(known.first(first_changed), game)
