"""The table the phones join: the open game, the entries sent for its next hand, the keys
and the sessions, and the few things the keeper does (record the hand, take back the
last one, follow a change made in the window).

Plain Python and thread-safe: the phones' server calls it from its own thread, the window
from the GUI thread. Every change calls the listeners, outside the lock, with the new
revision; the window connects one to a Qt signal.
"""

import json
import threading
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from phase10_keeper.companion.access import Keys
from phase10_keeper.language import Words
from phase10_keeper.language.bidi import isolate
from phase10_keeper.language.wording import (
    listed_names,
    phase_description,
    problem_text,
    status_sentence,
)
from phase10_keeper.rules import (
    CardKind,
    Game,
    GameState,
    Hand,
    Order,
    PlayerResult,
    Problem,
    ProblemKey,
    Replay,
    Severity,
    Status,
    check_hand,
    name_key,
    replay,
    replay_from,
)
from phase10_keeper.storage.gamefile import (
    GameFileError,
    hands_to_json,
    result_from_json,
    standings_to_json,
)
from phase10_keeper.storage.unrecorded import GameDigests

Saver = Callable[[Game, Replay], None]
"""Keeps the game where it is kept (the library) before the table shows it changed."""
Listener = Callable[[int], None]

_TABLE_KEYS = frozenset(
    {
        ProblemKey.TABLE_LOW,
        ProblemKey.TABLE_HIGH,
        ProblemKey.TABLE_SKIP,
        ProblemKey.TABLE_WILD,
        ProblemKey.TABLE_SUPER_WILD,
    }
)
"""Problems of the whole table's cards: they depend on everyone's entries, so they never
keep one player's entry out."""


class TableProblem(NamedTuple):
    """A problem as the page shows it: a rule's problem, a result that cannot be read,
    or two players who both say they went out."""

    severity: Severity
    player: str | None
    field: str | None
    words: Callable[[Words], str]
    table_wide: bool = False
    """Depends on everyone's entries (the cards across the table, who went out): it
    never keeps one player's entry out."""

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def to_json(self, language: Words) -> dict[str, Any]:
        return {
            "severity": self.severity.value,
            "player": self.player,
            "field": self.field,
            "message": self.words(language),
        }


def _from_rules(problem: Problem) -> TableProblem:
    return TableProblem(
        problem.severity,
        problem.player,
        problem.field,
        lambda language: problem_text(language, problem),
        problem.key in _TABLE_KEYS,
    )


_UNDO_AFTER_THE_END = TableProblem(
    Severity.ERROR, None, None, lambda language: language("phones.undo_after_the_end")
)
"""Players left after the last hand and ended the game: taken back, the hand would come
after the end, and could never be recorded again."""


class Refused(Exception):  # noqa: N818
    """An entry or a hand the rules refuse; `problems` says why."""

    def __init__(self, problems: list[TableProblem]) -> None:
        super().__init__(f"{len(problems)} problems")
        self.problems = problems


class UnknownPlayer(LookupError):  # noqa: N818
    """No player of the game has this name."""


class StaleRevision(Exception):  # noqa: N818
    """The table changed since the revision the keeper saw."""


class NothingToUndo(Exception):  # noqa: N818
    """No hand has been recorded yet."""


class Entry(NamedTuple):
    """One player's entry for the next hand, and who sent it."""

    result: PlayerResult
    went_out: bool
    sender: str
    """The player who sent it, or "keeper"."""


class Snapshot(NamedTuple):
    """The table at one revision: what every page shows is made from one of these."""

    game: Game
    replayed: Replay
    pending: Mapping[str, Entry]
    revision: int
    hand_revision: int
    """The revision at which the next hand became the one it is (a hand recorded or
    taken back, the seating changed): an entry made for an earlier revision was meant for
    another hand."""

    @property
    def state(self) -> GameState:
        return self.replayed.final


class Table:
    def __init__(self, game: Game, save: Saver | None = None, kept: str | None = None) -> None:
        """`save` keeps each hand recorded or taken back here; without it (the window,
        which records hands itself) the table cannot record or undo. `kept`: the sharing
        kept with the game (`sharing_text`), whose keys, revision and, if the game is
        still where they were typed, entries go on here; anything in it that does not
        read back is left out."""
        self._lock = threading.RLock()
        self._save = save
        self._listeners: list[Listener] = []
        replayed = replay(game)
        state = replayed.final
        # A finished game's links ended with it.
        sharing = _sharing_from_text(kept) if not state.is_over else {}
        seated = [player.name for player in state.players if player.seated]
        self.keys = Keys(seated, sharing.get("keys"))
        self._digests = GameDigests()
        revision = hand_revision = 1
        pending: dict[str, Entry] = {}
        if self.keys.restored:
            revision = _whole(sharing.get("revision"), 0) + 1
            if sharing.get("game") == self._digests.of(game):
                hand_revision = min(_whole(sharing.get("hand_revision"), revision), revision)
                pending = _pending_from_json(sharing.get("pending"), state)
            else:
                hand_revision = revision
        self._snapshot = Snapshot(game, replayed, pending, revision, hand_revision)
        self._recorded_from: dict[int, dict[str, Entry]] = {}
        """By recorded hand (its index), the entries it was recorded from, each as sent
        and by whom: a hand taken back gives them back with their senders."""

    @property
    def keeps_hands(self) -> bool:
        """Whether the keeper's link records hands and takes them back here."""
        return self._save is not None

    def listen(self, listener: Listener) -> None:
        with self._lock:
            self._listeners.append(listener)

    def unlisten(self, listener: Listener) -> None:
        with self._lock:
            self._listeners.remove(listener)

    def snapshot(self) -> Snapshot:
        with self._lock:
            return self._snapshot

    @property
    def revision(self) -> int:
        return self.snapshot().revision

    def player_named(self, name: str) -> str:
        """The player `name` means, compared as game files compare names."""
        wanted = name_key(name)
        for player in self.snapshot().state.players:
            if name_key(player.name) == wanted:
                return player.name
        raise UnknownPlayer(name)

    def sharing_text(self) -> str | None:
        """The sharing as kept with the game: the keys, the revision and the entries for
        the next hand (None once the game is finished: its links end with it)."""
        with self._lock:
            now = self._snapshot
            keys = self.keys.to_json()
        if now.state.is_over:
            return None
        pending = {
            name: {**_result_json(name, entry), "sender": entry.sender}
            for name, entry in now.pending.items()
        }
        document = {
            "keys": keys,
            "revision": now.revision,
            "hand_revision": now.hand_revision,
            "game": self._digests.of(now.game),
            "pending": pending,
        }
        return json.dumps(document, ensure_ascii=False, separators=(",", ":"))

    def _check_seen(self, now: Snapshot, seen: int | None) -> None:
        """StaleRevision if the page showed revision `seen` of another next hand."""
        if seen is not None and not now.hand_revision <= seen <= now.revision:
            raise StaleRevision

    def _changed(self, snapshot: Snapshot) -> None:
        """Called with the lock held; the listeners are told once it is released."""
        self._snapshot = snapshot

    def _tell(self) -> None:
        revision = self.revision
        with self._lock:
            listeners = list(self._listeners)
        for listener in listeners:
            listener(revision)

    def enter(
        self, name: str, data: object, sender: str, seen: int | None = None
    ) -> list[TableProblem]:
        """Sets `name`'s entry from `data`, a result as in a game file with `"went_out":
        true` for the player who went out. Returns what the checks say so far; Refused
        (entry unchanged) when the result cannot be read or the rules refuse it;
        StaleRevision when `seen`, the revision the page showed, was of another next
        hand. An entry equal to the one pending changes nothing."""
        with self._lock:
            now = self._snapshot
            self._check_seen(now, seen)
            entry = _entry_from_json(data, name, now.state, sender)
            before = now.pending.get(name)
            if before is not None and before[:2] == entry[:2]:
                return _problems_so_far(now.state, now.pending)
            pending = {**now.pending, name: entry}
            problems = _problems_so_far(now.state, pending)
            own = [
                problem
                for problem in problems
                if problem.is_error and problem.player in (name, None) and not problem.table_wide
            ]
            if own:
                raise Refused(own)
            self._changed(now._replace(pending=pending, revision=now.revision + 1))
        self._tell()
        return problems

    def clear(self, name: str, seen: int | None = None) -> None:
        """Clears `name`'s entry; StaleRevision as `enter`."""
        with self._lock:
            now = self._snapshot
            self._check_seen(now, seen)
            if name not in now.pending:
                return
            pending = {other: entry for other, entry in now.pending.items() if other != name}
            self._changed(now._replace(pending=pending, revision=now.revision + 1))
        self._tell()

    def problems(self) -> list[TableProblem]:
        """What the checks say about the entries so far."""
        now = self.snapshot()
        return _problems_so_far(now.state, now.pending)

    def record(self, seen: int | None = None) -> Snapshot:
        """Records the pending hand, saved before anyone is told. `seen`: the revision the
        keeper looked at (StaleRevision if the table changed since); Refused when the
        hand cannot be recorded (every warning is the keeper's to accept)."""
        with self._lock:
            now = self._snapshot
            if self._save is None:
                raise RuntimeError("this table does not record hands itself")
            if seen is not None and seen != now.revision:
                raise StaleRevision
            hand, problems = _hand_to_record(now.state, now.pending)
            errors = [problem for problem in problems if problem.is_error]
            if hand is None or errors:
                raise Refused(errors)
            game = now.game.with_hand_appended(hand)
            replayed = replay_from(now.replayed, game)
            self._save(game, replayed)
            self._remember(now, hand)
            revision = now.revision + 1
            self._changed(Snapshot(game, replayed, {}, revision, revision))
        self._tell()
        return self.snapshot()

    def undo(self, seen: int | None = None) -> Snapshot:
        """Takes back the last recorded hand; its results become the entries again, to be
        put right and recorded anew, as the window does.

        The hand goes as the game's own removal takes it: a player who left or joined
        after it still leaves or joins before the next hand, which is now the hand taken
        back; its results are the entries of those who play it. Refused where players who
        left after it ended the game."""
        with self._lock:
            now = self._snapshot
            if self._save is None:
                raise RuntimeError("this table does not take hands back itself")
            if seen is not None and seen != now.revision:
                raise StaleRevision
            if not now.game.hands:
                raise NothingToUndo
            last = now.game.hands[-1]
            game = now.game.with_hand_removed(len(now.game.hands) - 1)
            # A game's last hand can always go: a seating change may follow only a hand
            # after which the game goes on, and it goes on before that hand just as well.
            replayed = replay(game)
            state = replayed.final
            if state.is_over:
                raise Refused([_UNDO_AFTER_THE_END])
            self._save(game, replayed)
            pending = {
                name: Entry(result, name == last.went_out, "keeper")
                for name, result in last.results.items()
            }
            pending.update(self._sent_for(game, last))
            playing = set(state.participants())
            pending = {name: entry for name, entry in pending.items() if name in playing}
            revision = now.revision + 1
            self._changed(Snapshot(game, replayed, pending, revision, revision))
        self._tell()
        return self.snapshot()

    def _remember(self, now: Snapshot, hand: Hand) -> None:
        """`hand` is recorded after `now`: the entries pending that it holds as they
        were sent are remembered with their senders."""
        self._recorded_from[len(now.game.hands)] = {
            name: entry
            for name, entry in now.pending.items()
            if hand.results.get(name) == entry.result and entry.went_out == (hand.went_out == name)
        }

    def _sent_for(self, game: Game, taken_back: Hand) -> dict[str, Entry]:
        """The entries hand `taken_back` (the one after `game`'s last) was recorded from,
        where it still holds them as sent; the hand is forgotten."""
        sent = self._recorded_from.pop(len(game.hands), {})
        for later in [index for index in self._recorded_from if index > len(game.hands)]:
            del self._recorded_from[later]
        return {
            name: entry
            for name, entry in sent.items()
            if taken_back.results.get(name) == entry.result
            and entry.went_out == (taken_back.went_out == name)
        }

    def follow(self, game: Game, replayed: Replay | None = None) -> None:
        """The game as the window now has it (a hand recorded, undone or corrected, a
        player joined or left). Entries of players still at the table stay; a player who
        joined gets a key. A hand recorded remembers the entries it was recorded from; the
        last hand taken back gives those back as pending, with their senders, as the
        keeper's Undo here does (the window's form holds the rest of it)."""
        with self._lock:
            now = self._snapshot
            replayed = replayed if replayed is not None else replay(game)
            state = replayed.final
            playing = set(state.participants())
            same_hand = state.hand_number == now.state.hand_number
            pending = {
                name: entry for name, entry in now.pending.items() if same_hand and name in playing
            }
            hands, before = game.hands, now.game.hands
            if len(hands) == len(before) + 1 and hands[:-1] == before:
                self._remember(now, hands[-1])
            elif len(hands) + 1 == len(before) and before[:-1] == hands:
                sent = self._sent_for(game, before[-1])
                pending = {name: entry for name, entry in sent.items() if name in playing}
            for player in state.players:
                if player.seated:
                    self.keys.add_player(player.name)
            revision = now.revision + 1
            next_hand = (len(game.hands), game.seating)
            hand_revision = (
                now.hand_revision
                if next_hand == (len(now.game.hands), now.game.seating)
                else revision
            )
            self._changed(Snapshot(game, replayed, pending, revision, hand_revision))
        self._tell()


def _entry_from_json(data: object, name: str, state: GameState, sender: str) -> Entry:
    went_out = False
    if isinstance(data, dict) and "went_out" in data:
        went_out = data["went_out"]
        if not isinstance(went_out, bool):
            raise Refused(
                [
                    TableProblem(
                        Severity.ERROR,
                        name,
                        "went_out",
                        lambda language: language("phones.went_out_flag"),
                    )
                ]
            )
        data = {key: value for key, value in data.items() if key != "went_out"}
    try:
        result = result_from_json(data, name, state.hand_number, state.rules.deck.size)
    except GameFileError as error:
        problem = TableProblem(Severity.ERROR, name, None, error.worded)
        raise Refused([problem]) from None
    return Entry(result, went_out, sender)


def _result_json(name: str, entry: Entry) -> dict[str, Any]:
    """The entry as the API and the kept sharing give it: a result as in a game file,
    `"went_out": true` on the one who went out."""
    (written,) = hands_to_json([name], [Hand(went_out="", results={name: entry.result})])
    result: dict[str, Any] = written["results"][name]
    if entry.went_out:
        result["went_out"] = True
    return result


def _sharing_from_text(text: str | None) -> dict[str, Any]:
    if text is None:
        return {}
    try:
        document = json.loads(text)
    except (ValueError, RecursionError):
        return {}
    return document if isinstance(document, dict) else {}


def _whole(value: object, default: int) -> int:
    return value if type(value) is int and value >= 0 else default


def _pending_from_json(data: object, state: GameState) -> dict[str, Entry]:
    """The kept entries for the next hand that still read back as entries of its
    players; the others are left out."""
    if not isinstance(data, dict) or state.is_over:
        return {}
    playing = set(state.participants())
    pending = {}
    for name, kept in data.items():
        if name not in playing or not isinstance(kept, dict):
            continue
        sender = kept.get("sender")
        if not isinstance(sender, str):
            continue
        result = {key: value for key, value in kept.items() if key != "sender"}
        try:
            pending[name] = _entry_from_json(result, name, state, sender)
        except Refused:
            continue
    return pending


def _hand_of(state: GameState, pending: Mapping[str, Entry]) -> tuple[Hand, list[TableProblem]]:
    """The pending entries as a hand (the one who went out: the first in seating order of
    those who say so), and the problem of more than one saying so."""
    seated = [player.name for player in state.players]
    out = [name for name in seated if name in pending and pending[name].went_out]
    results = {name: pending[name].result for name in seated if name in pending}
    problems = []
    if len(out) > 1:
        problems.append(
            TableProblem(
                Severity.ERROR,
                out[1],
                "went_out",
                lambda language: language(
                    "phones.two_went_out", names=listed_names(language, out, isolate)
                ),
                table_wide=True,
            )
        )
    return Hand(went_out=out[0] if out else "", results=results), problems


def _problems_so_far(state: GameState, pending: Mapping[str, Entry]) -> list[TableProblem]:
    """What the checks say of the entries so far: nobody having said they went out, or a
    player not having sent an entry yet, is no problem until the hand is recorded."""
    hand, problems = _hand_of(state, pending)
    for problem in check_hand(state, hand):
        if problem.key is ProblemKey.NO_RESULT or (
            problem.key is ProblemKey.WENT_OUT_UNKNOWN and not hand.went_out
        ):
            continue
        problems.append(_from_rules(problem))
    return problems


def _hand_to_record(
    state: GameState, pending: Mapping[str, Entry]
) -> tuple[Hand | None, list[TableProblem]]:
    hand, problems = _hand_of(state, pending)
    if not hand.went_out and not state.is_over:
        nobody = Problem(
            Severity.ERROR,
            ProblemKey.NOBODY_WENT_OUT,
            hand_number=state.hand_number,
            field="went_out",
        )
        return None, [*problems, _from_rules(nobody)]
    problems += [_from_rules(problem) for problem in check_hand(state, hand)]
    return hand, problems


def game_to_json(snapshot: Snapshot, language: Words) -> dict[str, Any]:
    """The game as the API gives it: the `standings --json` object, the revision, the
    entries so far (each a result as in a game file, `"went_out": true` on the one who
    went out) and the points of each kind of card, and, worded in `language`, what the
    page shows besides."""
    state = snapshot.state
    rules = state.rules
    data = standings_to_json(state)
    data["revision"] = snapshot.revision
    pending: dict[str, Any] = {}
    if snapshot.pending:
        names = list(snapshot.pending)
        hand = Hand(
            went_out="",
            results={name: entry.result for name, entry in snapshot.pending.items()},
        )
        (written,) = hands_to_json(names, [hand])
        for name, result in written["results"].items():
            if snapshot.pending[name].went_out:
                result["went_out"] = True
            pending[name] = result
    data["pending"] = pending
    data["card_values"] = {kind.value: points for kind, points in rules.card_values.items()}
    # What follows is this API's own, for the page: the standings object above is as
    # `standings --json` prints it.
    data["title"] = snapshot.game.title
    data["hand"] = state.hand_number
    data["first_player"] = state.first_player
    data["participants"] = list(state.participants()) if not state.is_over else []
    data["order"] = rules.order.value
    data["kinds"] = [
        kind.value for kind in CardKind if kind is not CardKind.SUPER_WILD or rules.super_wild
    ]
    data["phases"] = {
        str(phase.label): phase_description(language, phase) for phase in rules.phases
    }
    replay_phase = state.replay_phase() if state.status is Status.TIEBREAK else None
    data["replay_phase"] = replay_phase.label if replay_phase is not None else None
    if rules.order is Order.CHOOSE and state.status is Status.IN_PROGRESS:
        data["phase_choices"] = {
            name: [phase.label for phase in state.phases_left(name)]
            for name in state.participants()
        }
    data["status_text"] = status_sentence(language, state)
    data["problems"] = [
        problem.to_json(language) for problem in _problems_so_far(state, snapshot.pending)
    ]
    data["language"] = language.code
    return data
