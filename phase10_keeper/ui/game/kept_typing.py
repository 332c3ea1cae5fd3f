"""Nothing typed is lost: the entry form's typing not recorded yet, and the game's undo
history, are kept with the game in the library whenever they change, and come back when
the game is opened again, after a restart too.

The typing is kept as JSON of the form's `DraftSnapshot`, with the hand it is for: how
many hands were recorded, the hand being corrected if one was, and which hand log it was
typed beside (`game_digest`). Typing for a hand log that is no longer the game's (the
game was changed elsewhere since) is never put into the form on its own: it is set
aside, and offered back only where it fits the players of the next hand.
"""

import json
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from PySide6.QtCore import QEvent, QObject, QTimer, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

from phase10_keeper.rules import CardKind, Status
from phase10_keeper.storage.log import log_warning
from phase10_keeper.storage.messages import LibraryError
from phase10_keeper.storage.rows import compact
from phase10_keeper.storage.unrecorded import (
    GameDigests,
    HistoryElsewhereError,
    Kept,
    KeptDamagedError,
    history_from_json,
    history_to_json,
)
from phase10_keeper.ui.game.draft import DraftSnapshot, HandDraft
from phase10_keeper.ui.text.escape import plain
from phase10_keeper.ui.text.translate import error_said, tr

if TYPE_CHECKING:
    from phase10_keeper.ui.game.entry_form import HandEntryForm
    from phase10_keeper.ui.game.session import GameSession

KEEP_AFTER_MS = 400
"""Typing is kept once the keys have rested this long, so recording a hand or typing a
count never waits for the disk; closing the game or the window keeps it at once."""

_MOST_TYPED = 999
_KINDS = {kind.value: kind for kind in CardKind}


class UnrecordedStore(Protocol):
    def keep_unrecorded(self, game_id: int, typing: str | None, history: str | None) -> None: ...
    def unrecorded(self, game_id: int) -> Kept: ...


class KeptTyping(NamedTuple):
    hands: int
    """How many hands were recorded when it was typed."""
    editing: int | None
    """The 0-based index of the hand it corrects, or None for the next hand."""
    game: str
    """The digest of the hand log it was typed beside."""
    snapshot: DraftSnapshot


def typing_to_json(typing: KeptTyping) -> str:
    snapshot = typing.snapshot
    return compact(
        {
            "for": {"hands": typing.hands, "editing": typing.editing, "game": typing.game},
            "went_out": snapshot.went_out,
            "players": [
                {
                    "name": name,
                    "made": made,
                    "typed": {kind.value: count for kind, count in typed},
                    "phase": phase,
                    "by_points": by_points,
                    "points": points,
                }
                for name, made, typed, phase, by_points, points in snapshot.players
            ],
        }
    )


def _whole(value: object, *, most: int, optional: bool = False) -> bool:
    if value is None:
        return optional
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= most


def _player(data: object) -> tuple[Any, ...]:
    keys = {"name", "made", "typed", "phase", "by_points", "points"}
    if not isinstance(data, dict) or set(data) != keys:
        raise KeptDamagedError("a player's typing")
    name, made, typed, phase = data["name"], data["made"], data["typed"], data["phase"]
    by_points, points = data["by_points"], data["points"]
    if not (
        isinstance(name, str)
        and name
        and isinstance(made, bool)
        and isinstance(by_points, bool)
        and isinstance(typed, dict)
        and all(kind in _KINDS and _whole(count, most=_MOST_TYPED) for kind, count in typed.items())
        and _whole(phase, most=_MOST_TYPED, optional=True)
        and _whole(points, most=10 * _MOST_TYPED, optional=True)
    ):
        raise KeptDamagedError("a player's typing")
    counts = tuple((_KINDS[kind], count) for kind, count in typed.items())
    return name, made, counts, phase, by_points, points


def typing_from_json(text: str) -> KeptTyping:
    """The typing kept as `text`; KeptDamagedError if it is not what the app writes."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise KeptDamagedError("typing that is not JSON") from None
    if not isinstance(data, dict) or set(data) != {"for", "went_out", "players"}:
        raise KeptDamagedError("the typing's keys")
    typed_for, went_out, players = data["for"], data["went_out"], data["players"]
    if not (
        isinstance(typed_for, dict)
        and set(typed_for) == {"hands", "editing", "game"}
        and _whole(typed_for["hands"], most=10**6)
        and _whole(typed_for["editing"], most=10**6, optional=True)
        and isinstance(typed_for["game"], str)
        and (went_out is None or isinstance(went_out, str))
        and isinstance(players, list)
    ):
        raise KeptDamagedError("the hand the typing is for")
    snapshot = DraftSnapshot(went_out, tuple(_player(player) for player in players))
    return KeptTyping(typed_for["hands"], typed_for["editing"], typed_for["game"], snapshot)


def fits(snapshot: DraftSnapshot, draft: HandDraft) -> bool:
    """Whether the typing can be put into this draft: the same players, and nothing
    typed that its hand cannot take (a kind of card the rules lack, a phase to choose
    where the rules fix it or one the player cannot choose)."""
    names = [player[0] for player in snapshot.players]
    if sorted(names) != sorted(draft.participants) or len(set(names)) != len(names):
        return False
    if snapshot.went_out is not None and snapshot.went_out not in draft.participants:
        return False
    for name, _made, typed, phase, _by_points, _points in snapshot.players:
        if any(kind not in draft.kinds for kind, _count in typed):
            return False
        labels = {choice.label for choice in draft.phase_choices(name)}
        if phase is not None and phase not in labels:
            return False
    return True


Notes = list[tuple[Callable[[], str], bool]]
"""What the note says, each part worded when shown, and whether it offers typing back."""


class KeptNote(QFrame):
    """The note above the form that says what of the typing came back, with a button to
    put typing set aside back into the form where it fits."""

    visibilityChanged = Signal()
    """Shown or hidden: the page shares its room out again."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.label = QLabel()
        self.label.setWordWrap(True)
        plain(self.label)
        self.put_back_button = QPushButton()
        self.put_back_button.setAutoDefault(False)
        self._notes: list[Callable[[], str]] = []
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.put_back_button)
        self._word()
        self.hide()

    def _word(self) -> None:
        self.put_back_button.setText(tr("kept.put_back"))
        self.label.setText(" ".join(note() for note in self._notes))

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange:
            self._word()

    def setVisible(self, visible: bool) -> None:
        changed = visible == self.isHidden()
        super().setVisible(visible)
        if changed:
            self.visibilityChanged.emit()

    def say(self, notes: list[Callable[[], str]], *, offer: bool = False) -> None:
        """Shows `notes`, each worded in the language spoken, now and after a change."""
        self._notes = notes
        self._word()
        self.put_back_button.setVisible(offer)
        self.show()


class UnrecordedKeeper(QObject):
    """Keeps one open game's typing and undo history in the library, and brings them
    back when the game opens: the typing of the game page's `form`, said in its `note`;
    `correct_hand` opens a recorded hand in the form, for a correction brought back."""

    def __init__(
        self,
        session: "GameSession",
        store: UnrecordedStore,
        game_id: int,
        *,
        form: "HandEntryForm",
        note: KeptNote,
        correct_hand: Callable[[int], None],
        parent: QObject,
    ) -> None:
        super().__init__(parent)
        self._session = session
        self._form = form
        self._note = note
        self._correct_hand = correct_hand
        self._store = store
        self._game_id = game_id
        self._timer = QTimer(self, singleShot=True, interval=KEEP_AFTER_MS)
        self._timer.timeout.connect(self.keep)
        self._written: tuple[str | None, str | None] | None = None
        self._digests = GameDigests()
        self._set_aside: KeptTyping | None = None
        """Typing kept for a game that changed since, until it is put back or replaced."""
        self._stopped = False
        form.typingChanged.connect(self._typing_changed)
        session.undo_stack.indexChanged.connect(self._history_changed)
        session.changed.connect(self._game_changed)
        note.put_back_button.clicked.connect(self._put_back)

    # -- keeping -----------------------------------------------------------------------

    def keep(self) -> None:
        """Writes the typing and the undo history now, if they changed since last written."""
        self._timer.stop()
        if self._stopped:
            return
        typing, history = self._typing_text(), self._history_text()
        if (typing, history) == self._written:
            return
        try:
            self._store.keep_unrecorded(self._game_id, typing, history)
        except LibraryError as error:
            # The typing is still in the form and the history on the undo stack: the next
            # change tries again.
            log_warning(f"could not keep the typing of game {self._game_id}: {error_said(error)}")
            return
        self._written = (typing, history)

    def stop(self) -> None:
        """Keeps nothing more: the game was deleted."""
        self._timer.stop()
        self._stopped = True

    def _typing_text(self) -> str | None:
        form = self._form
        if form.draft is None or not form.holds_typing():
            return None if self._set_aside is None else typing_to_json(self._set_aside)
        game = self._session.game
        kept = KeptTyping(
            len(game.hands), form.editing, self._digests.of(game), form.draft.snapshot()
        )
        return typing_to_json(kept)

    def _history_text(self) -> str | None:
        steps, at = self._session.kept_history()
        if not steps:
            return None
        return history_to_json(steps, at, self._session.game, self._digests.of)

    def _typing_changed(self) -> None:
        form = self._form
        if form.holds_typing():
            # New typing takes the place of typing set aside.
            self._set_aside = None
            note = self._note
            if note.put_back_button.isVisible():
                note.hide()
        elif not form.has_typing():
            self._note.hide()
        self._timer.start()

    def _history_changed(self, _index: int) -> None:
        # Not the timer's `start` connected itself: given the stack's new index, it took it
        # for the milliseconds to wait, and kept at once, in the middle of recording a hand.
        self._timer.start()

    def _game_changed(self) -> None:
        if self._set_aside is None:
            self._note.hide()
        self._timer.start()

    # -- bringing back -----------------------------------------------------------------

    def bring_back(self) -> None:
        """Puts back what was kept with the game: the undo history, if it ends at the game
        as stored, and the typing, if it was typed for the game as it is."""
        try:
            kept = self._store.unrecorded(self._game_id)
        except LibraryError as error:
            log_warning(f"could not read the typing kept for game {self._game_id}: {error}")
            return
        self._written = (kept.typing, kept.history)
        notes: Notes = []
        for column in kept.damaged:
            log_warning(f"game {self._game_id}: {column} is damaged and was dropped")
        if kept.history is not None:
            self._bring_back_history(kept.history, notes)
        if kept.typing is not None:
            self._bring_back_typing(kept.typing, notes)
        if any(column.endswith("typing") for column in kept.damaged):
            notes.append((partial(tr, "kept.typing_damaged"), False))
        if any(column.endswith("history") for column in kept.damaged):
            notes.append((partial(tr, "kept.history_damaged"), False))
        if notes:
            offer = any(offered for _, offered in notes)
            self._note.say([words for words, _ in notes], offer=offer)
        if kept.damaged:
            self._timer.start()

    def _bring_back_history(self, text: str, notes: Notes) -> None:
        try:
            steps, at = history_from_json(text, self._session.game)
        except HistoryElsewhereError:
            log_warning(f"game {self._game_id} changed since its undo history was kept: dropped")
            self._timer.start()
            return
        except KeptDamagedError as error:
            log_warning(f"game {self._game_id}: its undo history is damaged ({error}): dropped")
            notes.append((partial(tr, "kept.history_damaged"), False))
            self._timer.start()
            return
        if not self._session.take_history(steps, at):
            log_warning(f"game {self._game_id}: its undo history cannot be replayed: dropped")
            notes.append((partial(tr, "kept.history_damaged"), False))
            self._timer.start()

    def _bring_back_typing(self, text: str, notes: Notes) -> None:
        try:
            typing = typing_from_json(text)
        except KeptDamagedError as error:
            log_warning(f"game {self._game_id}: its typing is damaged ({error}): dropped")
            notes.append((partial(tr, "kept.typing_damaged"), False))
            self._timer.start()
            return
        game = self._session.game
        form = self._form
        current = typing.game == self._digests.of(game) and typing.hands == len(game.hands)
        if current and typing.editing is not None and typing.editing < len(game.hands):
            self._correct_hand(typing.editing)
            if form.draft is not None and fits(typing.snapshot, form.draft):
                form.bring_back(typing.snapshot)
                notes.append(
                    (partial(tr, "kept.correction_back", number=typing.editing + 1), False)
                )
                return
        elif current and form.draft is not None and fits(typing.snapshot, form.draft):
            form.bring_back(typing.snapshot)
            notes.append((partial(tr, "kept.typing_back", number=typing.hands + 1), False))
            return
        self._set_aside_typing(typing, notes)

    def _set_aside_typing(self, typing: KeptTyping, notes: Notes) -> None:
        """Typing for a game that changed since: kept and offered where it fits the next
        hand's players, else only written to the log."""
        number = (typing.hands if typing.editing is None else typing.editing) + 1
        form = self._form
        playing = self._session.state.status is not Status.FINISHED
        if (
            typing.editing is None
            and playing
            and form.draft is not None
            and form.editing is None
            and fits(typing.snapshot, form.draft)
        ):
            self._set_aside = typing
            notes.append((partial(tr, "kept.typing_set_aside", number=number), True))
            return
        log_warning(
            f"game {self._game_id} changed since typing was kept for hand {number}; it no "
            f"longer fits and was set aside here: {typing_to_json(typing)}"
        )
        notes.append((partial(tr, "kept.typing_no_longer_fits", number=number), False))
        self._timer.start()

    def _put_back(self) -> None:
        typing, self._set_aside = self._set_aside, None
        form = self._form
        self._note.hide()
        if typing is None or form.draft is None or not fits(typing.snapshot, form.draft):
            return
        form.bring_back(typing.snapshot)
        form.focus_first()
