"""The game file, format versions 1 and 2: reading, writing and the standings as JSON.

The format is a public contract (see the README); readers elsewhere depend on every key.
Version 2 adds only `seating` (players who join or leave during the game); a game
without such changes is still written as version 1, byte for byte as before.
"""

import json
import os
import stat
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

from phase10_keeper.files import write_atomically
from phase10_keeper.rules import (
    DECK_SIZE,
    MAX_HANDS,
    MAX_PHASE_CARDS,
    MAX_PHASES,
    CardKind,
    Cards,
    Game,
    GameError,
    GameState,
    Group,
    GroupKind,
    Hand,
    Join,
    Leave,
    Order,
    Phase,
    PlayerResult,
    Preset,
    RuleSet,
    RuleSetError,
    SeatingChange,
    Status,
    build_rules,
    clean_name,
    name_key,
    preset_rules,
    target_position,
)
from phase10_keeper.rules.bulk import cycle_collector_paused

FORMAT = "phase10-keeper/game"
VERSION = 2
"""The newest version this reader reads."""
SEATING_VERSION = 2
"""The version a game with seating changes is written as."""
SUFFIX = ".phase10.json"
MAX_FILE_BYTES = 16 * 1024 * 1024
"""A game of the most hands allowed, pretty-printed, is a few megabytes."""


class GameFileError(ValueError):
    """A game file that cannot be read: the message says what and where, in plain words."""


def _type_name(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    return "an object"


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _expect_int(value: object, what: str) -> int:
    if not _is_int(value):
        raise GameFileError(f"{what} must be a whole number, not {_type_name(value)}")
    assert isinstance(value, int)
    return value


def _expect_bool(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise GameFileError(f"{what} must be true or false, not {_type_name(value)}")
    return value


def _expect_str(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise GameFileError(f"{what} must be text, not {_type_name(value)}")
    _check_text(value, what)
    return value


def _expect_str_name(value: object, names: "_Names", where: str, detail: str = "") -> str:
    """The player a name written as `value` means; `where` and `detail` as for
    `_Names.resolve`."""
    if not isinstance(value, str):
        what = f"{where}: {detail}" if detail else where
        raise GameFileError(f"{what} must be text, not {_type_name(value)}")
    return names.resolve(value, where, detail)


def _check_text(text: str, what: str) -> None:
    # JSON escapes can spell half of a surrogate pair, which no output can print.
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise GameFileError(f"{what} is not valid Unicode text") from None


def _expect_object(value: object, what: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise GameFileError(f"{what} must be an object, not {_type_name(value)}")
    return value


def _expect_list(value: object, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise GameFileError(f"{what} must be a list, not {_type_name(value)}")
    return value


def _optional(data: Mapping[str, Any], key: str) -> Any:
    """An optional key's value; null counts as leaving the key out."""
    return data.get(key)


_Choice = TypeVar("_Choice", Preset, Order, GroupKind)


def _choice(enum: type[_Choice], value: object, what: str) -> _Choice:
    text = _expect_str(value, what)
    try:
        return enum(text)
    except ValueError:
        allowed = ", ".join(member.value for member in enum)
        raise GameFileError(f"{what} {text!r} is not one of: {allowed}") from None


def rules_from_json(data: object) -> RuleSet:
    rules = _expect_object(data, "rules")
    raw_preset = _optional(rules, "preset")
    preset = Preset.MATTEL if raw_preset is None else _choice(Preset, raw_preset, "rules preset")
    phases = None
    if _optional(rules, "phases") is not None:
        items = _expect_list(rules["phases"], "rules phases")
        if len(items) > MAX_PHASES:
            raise GameFileError(
                f"the rules list {len(items)} phases; a game has at most {MAX_PHASES}"
            )
        phases = tuple(_phase_from_json(item, position) for position, item in enumerate(items, 1))
    order = None
    if _optional(rules, "order") is not None:
        order = _choice(Order, rules["order"], "rules order")
    raw_target = None
    if _optional(rules, "target") is not None:
        raw_target = _expect_int(rules["target"], "rules target")
    hands = None
    if _optional(rules, "hands") is not None:
        hands = _expect_int(rules["hands"], "rules hands")
    super_wild = _optional(rules, "super_wild")
    two_strike = _optional(rules, "two_strike")
    try:
        target = None
        if raw_target is not None:
            base = preset_rules(preset)
            target = target_position(
                base.phases if phases is None else phases,
                base.order if order is None else order,
                raw_target,
            )
        return build_rules(
            preset,
            phases=phases,
            order=order,
            target=target,
            hands=hands,
            super_wild=super_wild is not None and _expect_bool(super_wild, "rules super_wild"),
            two_strike=two_strike is not None and _expect_bool(two_strike, "rules two_strike"),
        )
    except RuleSetError as error:
        raise GameFileError(f"the rules cannot be played: {error}") from None


def _phase_from_json(data: object, position: int) -> Phase:
    what = f"phase {position} of the rules"
    phase = _expect_object(data, what)
    if "label" not in phase:
        raise GameFileError(f"{what} has no label")
    if "groups" not in phase:
        raise GameFileError(f"{what} has no groups")
    label = _expect_int(phase["label"], f"the label of {what}")
    items = _expect_list(phase["groups"], f"the groups of {what}")
    if len(items) > MAX_PHASE_CARDS:
        raise GameFileError(
            f"{what} has {len(items)} groups; a phase of at most {MAX_PHASE_CARDS} cards "
            f"has at most {MAX_PHASE_CARDS} groups"
        )
    groups = []
    for index, item in enumerate(items, 1):
        group_what = f"group {index} of {what}"
        group = _expect_object(item, group_what)
        if "kind" not in group or "size" not in group:
            raise GameFileError(f"{group_what} needs a kind and a size")
        groups.append(
            Group(
                _choice(GroupKind, group["kind"], f"the kind of {group_what}"),
                _expect_int(group["size"], f"the size of {group_what}"),
            )
        )
    return Phase(label, tuple(groups))


def rules_to_json(rules: RuleSet) -> dict[str, Any]:
    """The preset and only the overrides that differ from it, so files stay readable."""
    base = preset_rules(rules.preset)
    data: dict[str, Any] = {"preset": rules.preset.value}
    if rules.phases != base.phases:
        data["phases"] = [
            {
                "label": phase.label,
                "groups": [
                    {"kind": group.kind.value, "size": group.size} for group in phase.groups
                ],
            }
            for phase in rules.phases
        ]
    if rules.order is not base.order:
        data["order"] = rules.order.value
    default_target = base.target if rules.preset is Preset.SHORT else len(rules.phases)
    if rules.target != default_target:
        data["target"] = rules.target_label
    if rules.hands != base.hands:
        data["hands"] = rules.hands
    if rules.super_wild:
        data["super_wild"] = True
    if rules.two_strike:
        data["two_strike"] = True
    return data


class _Names:
    """The players, and which of them each name written in the file means: names are
    matched trimmed, ignoring case. A game file writes each name once in every hand, so
    each spelling is worked out (and checked) once."""

    def __init__(self, players: tuple[str, ...]) -> None:
        self._by_key = {name_key(name): name for name in players}
        self._meaning: dict[str, str] = {}

    def resolve(self, name: str, where: str, detail: str = "") -> str:
        """The player `name` means, else `name` trimmed; an error names it as `where`, or
        as "`where`: `detail`"."""
        meaning = self._meaning.get(name)
        if meaning is None:
            _check_text(name, f"{where}: {detail}" if detail else where)
            trimmed = clean_name(name)
            meaning = self._meaning[name] = self._by_key.get(name_key(trimmed), trimmed)
        return meaning


_CARD_KINDS = frozenset(kind.value for kind in CardKind)


def _cards_from_json(data: object, where: str) -> Cards:
    cards = data if type(data) is dict else _expect_object(data, f"{where}: cards")
    counts: dict[str, int] = {}
    for key, value in cards.items():
        if key not in _CARD_KINDS:
            allowed = ", ".join(kind.value for kind in CardKind)
            raise GameFileError(f"{where}: unknown card kind {key!r} (kinds: {allowed})")
        count = (
            value
            if type(value) is int
            else _expect_int(value, f"{where}: the count of {key} cards")
        )
        # Small impossible counts are left to the rules, which say what is wrong with
        # them; counts beyond the deck are refused here, before anything adds them up
        # into numbers too long to print.
        if abs(count) > DECK_SIZE:
            raise GameFileError(
                f"{where}: {count} {key} cards cannot be right; the whole deck has {DECK_SIZE}"
            )
        counts[key] = count
    return Cards(**counts)


def _hand_from_json(data: object, number: int, names: _Names) -> Hand:
    where = f"hand {number}"
    hand = _expect_object(data, where)
    if "went_out" not in hand:
        raise GameFileError(f"{where}: says nobody went out (went_out is missing)")
    went_out = _expect_str_name(hand["went_out"], names, where, "went_out")
    if "results" not in hand:
        raise GameFileError(f"{where}: has no results")
    results: dict[str, PlayerResult] = {}
    spelled: dict[str, str] = {}
    for raw_name, raw_result in _expect_object(hand["results"], f"{where}: results").items():
        name = names.resolve(raw_name, where, "a player's name in results")
        player_where = f"{where}, {name}"
        if name in results:
            raise GameFileError(
                f"{player_where}: has two results, under {clean_name(spelled[name])!r} and "
                f"{clean_name(raw_name)!r} (names are matched ignoring capitals)"
            )
        spelled[name] = raw_name
        # The common case is checked first: a message is made only for what is wrong.
        result = (
            raw_result
            if type(raw_result) is dict
            else _expect_object(raw_result, f"{player_where}: the result")
        )
        if "made" not in result:
            raise GameFileError(f"{player_where}: does not say whether the phase was made")
        made = result["made"]
        if type(made) is not bool:
            made = _expect_bool(made, f"{player_where}: made")
        cards = Cards()
        if _optional(result, "cards") is not None:
            cards = _cards_from_json(result["cards"], player_where)
        phase = None
        if _optional(result, "phase") is not None:
            phase = _expect_int(result["phase"], f"{player_where}: phase")
        results[name] = PlayerResult(made=made, cards=cards, phase=phase)
    return Hand(went_out=went_out, results=results)


def _seating_from_json(
    data: object, players: tuple[str, ...], names: _Names
) -> tuple[SeatingChange, ...]:
    changes: list[SeatingChange] = []
    for index, item in enumerate(_expect_list(data, "seating"), 1):
        what = f"seating change {index}"
        change = _expect_object(item, what)
        if "before_hand" not in change:
            raise GameFileError(f"{what} does not say before which hand (before_hand)")
        before = _expect_int(change["before_hand"], f"{what}: before_hand")
        if before < 1:
            raise GameFileError(f"{what}: before_hand {before} must be 1 or more")
        leave, join = _optional(change, "leave"), _optional(change, "join")
        if (leave is None) == (join is None):
            raise GameFileError(f"{what} must name either a player who leaves or one who joins")
        if leave is not None:
            name = _expect_str_name(leave, names, what, "leave")
            if name not in players:
                raise GameFileError(f"{what}: {name!r}, who leaves, is not a player")
            changes.append(Leave(before_hand=before, name=name))
            continue
        name = _expect_str_name(join, names, what, "join")
        if name not in players:
            raise GameFileError(f"{what}: {name!r}, who joins, is not listed in players")
        after = None
        if _optional(change, "after") is not None:
            after = _expect_str_name(change["after"], names, what, "after")
        total = 0
        if _optional(change, "total") is not None:
            total = _expect_int(change["total"], f"{what}: total")
        phase = None
        if _optional(change, "phase") is not None:
            phase = _expect_int(change["phase"], f"{what}: phase")
        changes.append(Join(before_hand=before, name=name, after=after, total=total, phase=phase))
    return tuple(changes)


def _seating_to_json(change: SeatingChange) -> dict[str, Any]:
    if isinstance(change, Leave):
        return {"before_hand": change.before_hand, "leave": change.name}
    data: dict[str, Any] = {"before_hand": change.before_hand, "join": change.name}
    if change.after is not None:
        data["after"] = change.after
    data["total"] = change.total
    if change.phase is not None:
        data["phase"] = change.phase
    return data


def game_from_json(data: object) -> Game:
    """The game a decoded game file describes; GameFileError says what is wrong with it."""
    document = _expect_object(data, "a game file")
    if document.get("format") != FORMAT:
        raise GameFileError(f"this is not a phase10-keeper game file (format is not {FORMAT!r})")
    if "version" not in document:
        raise GameFileError("the game file has no version")
    version = _expect_int(document["version"], "the file's version")
    if version > VERSION:
        raise GameFileError(
            f"this game file is version {version}, from a newer phase10-keeper; "
            f"this one reads version {VERSION}: please update the app"
        )
    if version < 1:
        raise GameFileError(f"the file's version {version} does not exist")
    for key in ("players", "hands"):
        if key not in document:
            raise GameFileError(f"the game file has no {key}")
    raw_players = _expect_list(document["players"], "players")
    players = tuple(clean_name(_expect_str(name, "a player's name")) for name in raw_players)
    names = _Names(players)
    rules = preset_rules(Preset.MATTEL)
    if _optional(document, "rules") is not None:
        rules = rules_from_json(document["rules"])
    first_dealer = ""
    if _optional(document, "first_dealer") is not None:
        first_dealer = _expect_str_name(document["first_dealer"], names, "first_dealer")
    title = ""
    if _optional(document, "title") is not None:
        title = _expect_str(document["title"], "title")
    started = None
    if _optional(document, "started") is not None:
        started = _expect_str(document["started"], "started")
    seating: tuple[SeatingChange, ...] = ()
    if _optional(document, "seating") is not None:
        if version < SEATING_VERSION:
            raise GameFileError(
                f"the game file is version {version}, but players joining or leaving "
                f"(seating) need version {SEATING_VERSION}"
            )
        seating = _seating_from_json(document["seating"], players, names)
    raw_hands = _expect_list(document["hands"], "hands")
    if len(raw_hands) > MAX_HANDS:
        raise GameFileError(f"the file has {len(raw_hands)} hands; a game has at most {MAX_HANDS}")
    with cycle_collector_paused():
        hands = tuple(
            _hand_from_json(item, number, names) for number, item in enumerate(raw_hands, 1)
        )
    try:
        return Game(
            players=players,
            rules=rules,
            hands=hands,
            first_dealer=first_dealer,
            title=title,
            started=started,
            seating=seating,
        )
    except GameError as error:
        raise GameFileError(str(error)) from None


def _cards_to_json(cards: Cards) -> dict[str, int]:
    return {kind.value: count for kind, count in cards.items() if count}


def _result_to_json(result: PlayerResult) -> dict[str, Any]:
    data: dict[str, Any] = {"made": result.made}
    if result.phase is not None:
        data["phase"] = result.phase
    if not result.cards.is_empty:
        data["cards"] = _cards_to_json(result.cards)
    return data


def game_to_json(game: Game) -> dict[str, Any]:
    data: dict[str, Any] = {"format": FORMAT, "version": SEATING_VERSION if game.seating else 1}
    if game.title:
        data["title"] = game.title
    if game.started is not None:
        data["started"] = game.started
    data["rules"] = rules_to_json(game.rules)
    data["players"] = list(game.players)
    data["first_dealer"] = game.first_dealer
    if game.seating:
        data["seating"] = [_seating_to_json(change) for change in game.seating]
    data["hands"] = hands_to_json(game.players, game.hands)
    return data


def hands_to_json(players: Sequence[str], hands: Iterable[Hand]) -> list[dict[str, Any]]:
    """The hands as a game file of these players writes them: results in seating order,
    then those of players not seated (who joined later)."""
    return [
        {
            "went_out": hand.went_out,
            "results": {
                name: _result_to_json(hand.results[name])
                for name in [*players, *hand.results]
                if name in hand.results
            },
        }
        for hand in hands
    ]


def _refuse_repeated_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    # A repeated key would silently lose all but its last value, such as one of two
    # results written for the same player.
    data = dict(pairs)
    if len(data) < len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise GameFileError(f"the key {key!r} appears twice in one object of the file")
            seen.add(key)
    return data


def loads_game(text: str) -> Game:
    try:
        with cycle_collector_paused():
            data = json.loads(text, object_pairs_hook=_refuse_repeated_keys)
    except GameFileError:
        raise
    except json.JSONDecodeError as error:
        raise GameFileError(
            f"the file is not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})"
        ) from None
    except ValueError:
        raise GameFileError("the file has a number too long to be a count or a label") from None
    except RecursionError:
        raise GameFileError("the file nests lists or objects too deeply to be a game") from None
    return game_from_json(data)


def dumps_game(game: Game) -> str:
    return json.dumps(game_to_json(game), ensure_ascii=False, indent=2) + "\n"


def _read_limited(path: Path) -> bytes:
    """The file's bytes; refuses what is not a regular file, or is too large, unread.

    Opened without blocking, so a named pipe nobody writes to cannot hang the reader;
    checked after opening, so what is checked is what is read.
    """
    handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with os.fdopen(handle, "rb") as stream:
        status = os.fstat(stream.fileno())
        if stat.S_ISDIR(status.st_mode):
            raise GameFileError(f"cannot read {path}: it is a folder, not a game file")
        if not stat.S_ISREG(status.st_mode):
            raise GameFileError(f"{path} is not a regular file, so it cannot be a game file")
        if status.st_size > MAX_FILE_BYTES:
            raise _too_large(path, status.st_size)
        raw = stream.read(MAX_FILE_BYTES + 1)
    if len(raw) > MAX_FILE_BYTES:
        raise _too_large(path, len(raw))
    return raw


def _too_large(path: Path, size: int) -> GameFileError:
    return GameFileError(
        f"{path} is {size:,} bytes, too large to be a game file (the limit is {MAX_FILE_BYTES:,})"
    )


def read_game(path: Path) -> Game:
    try:
        raw = _read_limited(path)
    except IsADirectoryError:
        raise GameFileError(f"cannot read {path}: it is a folder, not a game file") from None
    except OSError as error:
        raise GameFileError(f"cannot read {path}: {error.strerror or error}") from None
    except ValueError as error:
        if isinstance(error, GameFileError):
            raise
        raise GameFileError(f"cannot read {str(path)!r}: not a possible file name") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise GameFileError(f"{path} is not a UTF-8 text file") from None
    return loads_game(text)


def write_game(path: Path, game: Game) -> None:
    write_atomically(path, dumps_game(game).encode("utf-8"))


def standings_to_json(state: GameState) -> dict[str, Any]:
    """The standings exactly as `phase10-keeper standings --json` prints them."""
    players = []
    for player in state.players:
        phase = state.next_phase(player.name) if player.seated else None
        entry = {
            "name": player.name,
            "phase": phase.label if phase is not None else None,
            "completed": list(player.completed),
            "total": player.total,
            "hand_points": list(player.hand_points),
        }
        # Only a version 2 game (one whose table changed) says who is seated.
        if state.seating:
            entry["seated"] = player.seated
        players.append(entry)
    return {
        "status": state.status.value,
        "winner": state.winner,
        "tiebreak_players": list(state.tiebreak_players) if state.status is Status.TIEBREAK else [],
        "hands_played": state.hands_played,
        "dealer": state.dealer,
        "ranking": list(state.ranking()),
        "players": players,
    }
