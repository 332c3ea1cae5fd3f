"""What is kept with a game besides its hands: the typing not recorded yet and the undo
history, so closing the window or the app loses neither. Neither is part of the game: no
game file, export, statistic or sheet shows them, and each is read back as strictly as a
game is, so a damaged one is dropped with a warning and never blocks opening the game.

The typing is the entry form's JSON, which the window checks. The undo history is the
chain of games its changes go through, the game shown among them; each game but that one
is stored as what tells it from its neighbour nearer the game shown (the hands from the
first that differs, and whichever of the table's rules, players, first dealer and seating
differ), so a change costs what it changed, not a whole game: twenty hands of a 200-hand
game recorded take 0.8 KB to undo (5 KB, all undone, to redo), where each change's
games in full would take 1.7 MB.
"""

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from phase10_keeper.storage.part import LibraryPart
from phase10_keeper.storage.readback import is_text
from phase10_keeper.storage.rows import compact

# The rules, the game file's encoding and dataclasses are imported where a game is encoded
# or decoded: listing the library, which opens it, needs none of them.
if TYPE_CHECKING:
    from phase10_keeper.rules import Game

MAX_KEPT_CHANGES = 20
"""The undo history kept has at most this many changes to undo, and as many to redo."""

_TABLE_KEYS = ("rules", "players", "first_dealer", "seating")


class KeptDamagedError(ValueError):
    """Typing or an undo history read back that is not what the app writes."""


class HistoryElsewhereError(KeptDamagedError):
    """An undo history that ends at another hand log than the game's: the game was
    changed where the history was not kept (another copy of the app, say)."""


class Kept(NamedTuple):
    """What is kept with a game, as stored: each text None if there is none, or if it was
    damaged (then its column is named in `damaged`)."""

    typing: str | None
    history: str | None
    damaged: tuple[str, ...]


class Step(NamedTuple):
    """One change of the undo history: its name, the game before and after it, and
    whether it recorded a hand (the last of `after`)."""

    text: str
    before: "Game"
    after: "Game"
    recorded: bool


class UnrecordedRows(LibraryPart):
    """The library's part that keeps typing and undo histories, a row per game."""

    def keep_unrecorded(self, game_id: int, typing: str | None, history: str | None) -> None:
        """Keeps the typing and the undo history with the game (in place of what was kept),
        or, both None, keeps nothing for it. A game deleted meanwhile keeps nothing."""
        with self._writing(change=False) as database:
            if typing is None and history is None:
                database.execute("DELETE FROM unrecorded WHERE game_id = ?", (game_id,))
                return
            database.execute(
                "INSERT INTO unrecorded (game_id, typing, history) "
                "SELECT id, ?, ? FROM games WHERE id = ? AND deleted_at IS NULL "
                "ON CONFLICT (game_id) DO UPDATE SET "
                "typing = excluded.typing, history = excluded.history",
                (typing, history, game_id),
            )

    def unrecorded(self, game_id: int) -> Kept:
        """What is kept with the game; a value that is not UTF-8 JSON text counts as
        damaged and reads as none."""
        with self._reading() as database:
            database.text_factory = bytes
            try:
                row = database.execute(
                    "SELECT typing, json_valid(typing), history, json_valid(history) "
                    "FROM unrecorded WHERE game_id = ?",
                    (game_id,),
                ).fetchone()
            finally:
                database.text_factory = str
        if row is None:
            return Kept(None, None, ())
        damaged = []
        texts: list[str | None] = []
        for column, value, valid in (("typing", *row[:2]), ("history", *row[2:])):
            text = _text(value)
            if value is not None and (text is None or valid != 1):
                damaged.append(f"unrecorded.{column}")
                text = None
            texts.append(text)
        return Kept(texts[0], texts[1], tuple(damaged))


def _text(value: object) -> str | None:
    if not isinstance(value, bytes):
        return None
    try:
        text = value.decode("utf-8")
    except UnicodeDecodeError:
        return None
    return text if is_text(text) else None


def game_digest(game: "Game") -> str:
    """Tells one hand log from another: the same for the same players, rules, seating and
    hands, whatever the title. The SHA-256 of the game file's compact JSON, title and
    start left out."""
    return GameDigests().of(game)


class _Hashed(NamedTuple):
    game: "Game"
    table: "Game"
    """The game with no hands, title or start: all its file says but hands."""
    version: int
    hashed: Any
    """The hash of the game's document up to the end of its last hand."""
    digest: str


class GameDigests:
    """`game_digest` of one game after another, each found from the one before when the
    game is that one with hands added (a hand recorded): hashing a 200-hand game's whole
    log took 3 ms at every hand, and the phones' sharing and the kept typing both ask."""

    def __init__(self) -> None:
        self._last: _Hashed | None = None
        """Set whole, in one step: the phones' sharing asks from a thread of its own."""

    def of(self, game: "Game") -> str:
        last = self._last
        if last is not None and game is last.game:
            return last.digest
        # Here, not at the top: hashlib loads OpenSSL's library, megabytes the window
        # does not need until there is typing to keep.
        import hashlib
        from dataclasses import replace

        from phase10_keeper.storage.gamefile import format_version, game_to_json, hands_to_json

        plain = replace(game, title="", started=None)
        table = replace(plain, hands=())
        version = format_version(plain)
        if (
            last is not None
            and (table, version) == (last.table, last.version)
            and game.hands[: len(last.game.hands)] == last.game.hands
        ):
            hashed = last.hashed.copy()
            added = game.hands[len(last.game.hands) :]
            follows = bool(last.game.hands)
        else:
            # The document's hands come last: its text up to them, then each hand's.
            document = game_to_json(table)
            document["version"] = version
            hashed = hashlib.sha256(compact(document).removesuffix("]}").encode("utf-8"))
            added = game.hands
            follows = False
        if added:
            texts = ",".join(compact(hand) for hand in hands_to_json(game.players, added))
            hashed.update(f"{',' if follows else ''}{texts}".encode())
        whole = hashed.copy()
        whole.update(b"]}")
        self._last = _Hashed(game, table, version, hashed, whole.hexdigest())
        return self._last.digest


def _table(game: "Game") -> dict[str, Any]:
    """The game file's keys of the table: everything of a game but its hands and title."""
    from dataclasses import replace

    from phase10_keeper.storage.gamefile import game_to_json

    document = game_to_json(replace(game, hands=(), title="", started=None))
    return {key: document.get(key) for key in _TABLE_KEYS}


def _table_fields(game: "Game") -> tuple[object, ...]:
    """The game's fields that `_table` writes."""
    return tuple(getattr(game, key) for key in _TABLE_KEYS)


def hands_in_common(game: "Game", other: "Game") -> int:
    """How many hands the two games' logs begin with alike."""
    alike = 0
    for mine, theirs in zip(game.hands, other.hands, strict=False):
        # The same object is the same hand: most of a log is shared, and not compared.
        if mine is not theirs and mine != theirs:
            break
        alike += 1
    return alike


def _difference(game: "Game", neighbour: "Game") -> dict[str, Any]:
    from phase10_keeper.storage.gamefile import hands_to_json

    kept = hands_in_common(game, neighbour) if game.players == neighbour.players else 0
    difference: dict[str, Any] = {}
    # Most changes are hands: the table alike is not written out to be compared.
    if _table_fields(game) != _table_fields(neighbour):
        table, theirs = _table(game), _table(neighbour)
        difference = {key: table[key] for key in _TABLE_KEYS if table[key] != theirs[key]}
    difference["keep"] = kept
    difference["hands"] = hands_to_json(game.players, game.hands[kept:])
    return difference


def _from_difference(difference: object, neighbour: "Game") -> "Game":
    from dataclasses import replace

    from phase10_keeper.storage.gamefile import FORMAT, VERSION, game_from_json

    if not isinstance(difference, dict) or set(difference) - {*_TABLE_KEYS, "keep", "hands"}:
        raise KeptDamagedError("a change's game")
    kept = difference.get("keep")
    if not isinstance(kept, int) or isinstance(kept, bool) or not 0 <= kept <= len(neighbour.hands):
        raise KeptDamagedError("the hands a change keeps")
    document: dict[str, Any] = {"format": FORMAT, "version": VERSION, **_table(neighbour)}
    document.update({key: difference[key] for key in _TABLE_KEYS if key in difference})
    document["hands"] = difference.get("hands")
    game = game_from_json({key: value for key, value in document.items() if value is not None})
    if kept and game.players != neighbour.players:
        raise KeptDamagedError("the players of a change")
    return replace(
        game,
        hands=neighbour.hands[:kept] + game.hands,
        title=neighbour.title,
        started=neighbour.started,
    )


def history_to_json(
    steps: Sequence[Step], at: int, shown: "Game", digest: Callable[["Game"], str] = game_digest
) -> str:
    """The undo history as stored: `steps` in order, the first `at` of them done, so the
    game shown is the one after `steps[at - 1]` (before `steps[0]` if `at` is 0).
    `digest` is `game_digest`, or a `GameDigests`' `of` that has the game before."""
    games = [steps[0].before, *(step.after for step in steps)]
    stored: list[dict[str, Any] | None] = [None] * len(games)
    for index in range(at - 1, -1, -1):
        stored[index] = _difference(games[index], games[index + 1])
    for index in range(at + 1, len(games)):
        stored[index] = _difference(games[index], games[index - 1])
    return compact(
        {
            "game": digest(shown),
            "at": at,
            "texts": [step.text for step in steps],
            "recorded": [step.recorded for step in steps],
            "games": stored,
        }
    )


def history_from_json(text: str, shown: "Game") -> tuple[list[Step], int]:
    """The undo history stored as `text`, which must end at `shown` (the game as the
    library holds it): its steps, and how many of them are done. KeptDamagedError if it is not
    what the app writes, or if it belongs to another hand log (the game was changed where
    this history was not kept)."""
    from phase10_keeper.rules import GameError
    from phase10_keeper.storage.gamefile import GameFileError, loads_json

    try:
        document = loads_json(text)
        return _steps(document, shown)
    except (GameFileError, GameError) as error:
        raise KeptDamagedError(str(error)) from None


def _steps(document: object, shown: "Game") -> tuple[list[Step], int]:
    if not isinstance(document, dict) or set(document) != {
        "game",
        "at",
        "texts",
        "recorded",
        "games",
    }:
        raise KeptDamagedError("the history's keys")
    texts, recorded, stored, at = (
        document["texts"],
        document["recorded"],
        document["games"],
        document["at"],
    )
    if not (
        isinstance(texts, list)
        and isinstance(recorded, list)
        and isinstance(stored, list)
        and 0 < len(texts) <= 2 * MAX_KEPT_CHANGES
        and len(recorded) == len(texts)
        and len(stored) == len(texts) + 1
        and all(isinstance(name, str) and is_text(name) and name for name in texts)
        and all(isinstance(flag, bool) for flag in recorded)
        and isinstance(at, int)
        and not isinstance(at, bool)
        and 0 <= at <= len(texts)
        and stored[at] is None
    ):
        raise KeptDamagedError("the history's changes")
    if document["game"] != game_digest(shown):
        raise HistoryElsewhereError("the history ends at another game")
    games: list[Game | None] = [None] * len(stored)
    games[at] = shown
    for index in range(at - 1, -1, -1):
        neighbour = games[index + 1]
        assert neighbour is not None
        games[index] = _from_difference(stored[index], neighbour)
    for index in range(at + 1, len(stored)):
        neighbour = games[index - 1]
        assert neighbour is not None
        games[index] = _from_difference(stored[index], neighbour)
    steps = []
    for index, (name, flag) in enumerate(zip(texts, recorded, strict=True)):
        before, after = games[index], games[index + 1]
        assert before is not None
        assert after is not None
        if flag and len(after.hands) != len(before.hands) + 1:
            raise KeptDamagedError("a hand recorded")
        steps.append(Step(name, before, after, flag))
    return steps, at
