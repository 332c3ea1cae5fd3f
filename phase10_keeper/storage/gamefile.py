"""The game file, format versions 1 to 4: reading, writing and the standings as JSON.

The format is a public contract (see the README); readers elsewhere depend on every key.
Version 2 adds only `seating` (players who join or leave during the game), version 3
only a result's `points` (a total typed instead of the cards), version 4 only the rules'
`card_values` and `deck` (a house's card values and deck); each game is written as the
oldest version that holds it, so a game without any of them is still version 1, byte for
byte as before.
"""

import json
import os
import stat
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache, partial
from pathlib import Path
from typing import Any, TypeVar

from phase10_keeper.collector import cycle_collector_paused
from phase10_keeper.files import write_atomically
from phase10_keeper.rules import (
    MAX_HANDS,
    MAX_PHASE_CARDS,
    MAX_PHASES,
    NO_CARDS,
    OFFICIAL_VALUES,
    STANDARD_DECK,
    CardKind,
    Cards,
    CardValues,
    Deck,
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
from phase10_keeper.storage.messages import (
    GameFileError as GameFileError,
)
from phase10_keeper.storage.messages import (
    GameFileKey,
    JsonType,
    Place,
    PlaceKey,
    place,
)

FORMAT = "phase10-keeper/game"
VERSION = 4
"""The newest version this reader reads."""
SEATING_VERSION = 2
"""The version a game with seating changes is written as."""
POINTS_VERSION = 3
"""The version a game with a result given as points is written as."""
HOUSE_CARDS_VERSION = 4
"""The version a game whose rules give card values or a deck is written as."""
_HOUSE_CARDS_KEYS = ("card_values", "deck")
_CARD_KINDS = tuple(kind.value for kind in CardKind)
_DECK_KINDS = tuple(kind.value for kind in CardKind if kind is not CardKind.SUPER_WILD)
SUFFIX = ".phase10.json"
MAX_FILE_BYTES = 16 * 1024 * 1024
"""A game of the most hands allowed, pretty-printed, is a few megabytes."""


LARGEST_NUMBER = 2**63 - 1
"""The largest whole number a game file may hold (SQLite's largest integer): every count,
score and label is far below it, and a message can show any number up to it in a line."""


class _LongNumber:
    """A whole number in a file too long even to read (Python reads at most 4300 digits):
    kept as a stand-in, so that the reader says where it is, as for any number too large."""


def _whole_number(digits: str) -> "int | _LongNumber":
    try:
        return int(digits)
    except ValueError:
        return _LongNumber()


def _type_name(value: object) -> JsonType:
    if value is None:
        return JsonType.NULL
    if isinstance(value, bool):
        return JsonType.BOOLEAN
    if isinstance(value, int | float | _LongNumber):
        return JsonType.NUMBER
    if isinstance(value, str):
        return JsonType.TEXT
    if isinstance(value, list):
        return JsonType.LIST
    return JsonType.OBJECT


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _expect_int(value: object, what: Place) -> int:
    if isinstance(value, _LongNumber):
        raise GameFileError(GameFileKey.NUMBER_TOO_LARGE, what=what)
    if not _is_int(value):
        raise GameFileError(GameFileKey.NOT_WHOLE_NUMBER, what=what, type=_type_name(value))
    assert isinstance(value, int)
    if not -LARGEST_NUMBER <= value <= LARGEST_NUMBER:
        raise GameFileError(GameFileKey.NUMBER_TOO_LARGE, what=what)
    return value


def _expect_bool(value: object, what: Place) -> bool:
    if not isinstance(value, bool):
        raise GameFileError(GameFileKey.NOT_BOOLEAN, what=what, type=_type_name(value))
    return value


def _expect_str(value: object, what: Place) -> str:
    if not isinstance(value, str):
        raise GameFileError(GameFileKey.NOT_TEXT, what=what, type=_type_name(value))
    _check_text(value, what)
    return value


def _check_text(text: str, what: Place) -> None:
    # JSON escapes can spell half of a surrogate pair, which no output can print.
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise GameFileError(GameFileKey.NOT_UNICODE, what=what) from None


def _expect_object(value: object, what: Place) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise GameFileError(GameFileKey.NOT_OBJECT, what=what, type=_type_name(value))
    return value


def _expect_list(value: object, what: Place) -> list[Any]:
    if not isinstance(value, list):
        raise GameFileError(GameFileKey.NOT_LIST, what=what, type=_type_name(value))
    return value


def _optional(data: Mapping[str, Any], key: str) -> Any:
    """An optional key's value; null counts as leaving the key out."""
    return data.get(key)


_Choice = TypeVar("_Choice", Preset, Order, GroupKind)


def _choice(enum: type[_Choice], value: object, what: Place) -> _Choice:
    text = _expect_str(value, what)
    try:
        return enum(text)
    except ValueError:
        allowed = ", ".join(member.value for member in enum)
        raise GameFileError(GameFileKey.NOT_ONE_OF, what=what, text=text, allowed=allowed) from None


def rules_from_json(data: object, version: int = VERSION) -> RuleSet:
    """The rules of a game file of `version`."""
    rules = _expect_object(data, place(PlaceKey.RULES))
    for key in _HOUSE_CARDS_KEYS:
        if version < HOUSE_CARDS_VERSION and key in rules:
            raise GameFileError(
                GameFileKey.HOUSE_CARDS_VERSION,
                version=version,
                key=key,
                needed=HOUSE_CARDS_VERSION,
            )
    raw_preset = _optional(rules, "preset")
    preset = (
        Preset.MATTEL if raw_preset is None else _choice(Preset, raw_preset, _rules_key("preset"))
    )
    phases = None
    if _optional(rules, "phases") is not None:
        items = _expect_list(rules["phases"], _rules_key("phases"))
        if len(items) > MAX_PHASES:
            raise GameFileError(GameFileKey.TOO_MANY_PHASES, count=len(items), most=MAX_PHASES)
        phases = tuple(_phase_from_json(item, position) for position, item in enumerate(items, 1))
    order = None
    if _optional(rules, "order") is not None:
        order = _choice(Order, rules["order"], _rules_key("order"))
    raw_target = None
    if _optional(rules, "target") is not None:
        raw_target = _expect_int(rules["target"], _rules_key("target"))
    hands = None
    if _optional(rules, "hands") is not None:
        hands = _expect_int(rules["hands"], _rules_key("hands"))
    super_wild = _optional(rules, "super_wild")
    two_strike = _optional(rules, "two_strike")
    card_values = CardValues(**_counts_from_json(rules, "card_values", _CARD_KINDS))
    deck = Deck(**_counts_from_json(rules, "deck", _DECK_KINDS))
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
            super_wild=super_wild is not None
            and _expect_bool(super_wild, _rules_key("super_wild")),
            two_strike=two_strike is not None
            and _expect_bool(two_strike, _rules_key("two_strike")),
            card_values=card_values,
            deck=deck,
        )
    except RuleSetError as error:
        raise GameFileError(GameFileKey.RULES_UNPLAYABLE, problem=error.problem) from None


def _rules_key(key: str) -> Place:
    return place(PlaceKey.RULES_KEY, key=key)


def _counts_from_json(rules: Mapping[str, Any], key: str, kinds: tuple[str, ...]) -> dict[str, int]:
    """A number per kind of card, as the rules' `key` gives them (none where it is
    missing); what the numbers may be is left to the rules."""
    if _optional(rules, key) is None:
        return {}
    where = _rules_key(key)
    counts = _expect_object(rules[key], where)
    for kind in counts:
        if kind not in kinds:
            raise GameFileError(
                GameFileKey.UNKNOWN_CARD_KIND, where=where, kind=kind, allowed=", ".join(kinds)
            )
    return {kind: _expect_int(value, _key_in(where, kind)) for kind, value in counts.items()}


def _phase_from_json(data: object, position: int) -> Phase:
    what = place(PlaceKey.RULES_PHASE, phase=position)
    phase = _expect_object(data, what)
    if "label" not in phase:
        raise GameFileError(GameFileKey.PHASE_NO_LABEL, what=what)
    if "groups" not in phase:
        raise GameFileError(GameFileKey.PHASE_NO_GROUPS, what=what)
    label = _expect_int(phase["label"], place(PlaceKey.LABEL_OF, what))
    items = _expect_list(phase["groups"], place(PlaceKey.GROUPS_OF, what))
    if len(items) > MAX_PHASE_CARDS:
        raise GameFileError(
            GameFileKey.TOO_MANY_GROUPS, what=what, count=len(items), most=MAX_PHASE_CARDS
        )
    groups = []
    for index, item in enumerate(items, 1):
        group_what = place(PlaceKey.GROUP_OF, what, group=index)
        group = _expect_object(item, group_what)
        if "kind" not in group or "size" not in group:
            raise GameFileError(GameFileKey.GROUP_KIND_AND_SIZE, what=group_what)
        groups.append(
            Group(
                _choice(GroupKind, group["kind"], place(PlaceKey.KIND_OF, group_what)),
                _expect_int(group["size"], place(PlaceKey.SIZE_OF, group_what)),
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
    card_values = _changed_counts(rules.card_values, OFFICIAL_VALUES, _CARD_KINDS)
    if card_values:
        data["card_values"] = card_values
    deck = _changed_counts(rules.deck, STANDARD_DECK, _DECK_KINDS)
    if deck:
        data["deck"] = deck
    return data


def _changed_counts(
    counts: CardValues | Deck, official: CardValues | Deck, kinds: tuple[str, ...]
) -> dict[str, int]:
    """The kinds whose number differs from the official one, as a game file writes them."""
    return {
        kind: getattr(counts, kind)
        for kind in kinds
        if getattr(counts, kind) != getattr(official, kind)
    }


def _file_key(key: str) -> Place:
    return place(PlaceKey.KEY, key=key)


class _Names:
    """The players, and which of them each name written in the file means: names are
    matched trimmed, ignoring case. A game file writes each name once in every hand, so
    each spelling is worked out (and checked) once."""

    def __init__(self, players: tuple[str, ...]) -> None:
        self._by_key = {name_key(name): name for name in players}
        self._meaning: dict[str, str] = {}

    def resolve(self, name: str, what: Callable[[], Place]) -> str:
        """The player `name` means, else `name` trimmed; `what()` is where it is written,
        for an error."""
        meaning = self._meaning.get(name)
        if meaning is None:
            _check_text(name, what())
            trimmed = clean_name(name)
            meaning = self._meaning[name] = self._by_key.get(name_key(trimmed), trimmed)
        return meaning


def _expect_name(value: object, names: _Names, what: Callable[[], Place]) -> str:
    """The player a name written as `value` means; `what()` is where it is written."""
    if not isinstance(value, str):
        raise GameFileError(GameFileKey.NOT_TEXT, what=what(), type=_type_name(value))
    return names.resolve(value, what)


def _key_in(where: Place, key: str) -> Place:
    return place(PlaceKey.KEY_IN, where, key=key)


_LOW, _HIGH, _SKIP, _WILD, _SUPER_WILD = (kind.value for kind in CardKind)


def _player_in(hand: Place, name: str) -> Place:
    return place(PlaceKey.PLAYER_IN_HAND, hand, name=name)


# Hands repeat the same few results (missed holding ten 1-9 cards, went out): one record
# is made for each, not one per player per hand. Records never change, so sharing them
# is safe, and reading a long game makes a third as many.
@lru_cache(maxsize=1024)
def _cards(low: int = 0, high: int = 0, skip: int = 0, wild: int = 0, super_wild: int = 0) -> Cards:
    return Cards(low=low, high=high, skip=skip, wild=wild, super_wild=super_wild)


@lru_cache(maxsize=1024)
def _result(made: bool, cards: Cards, phase: int | None, points: int | None) -> PlayerResult:
    return PlayerResult(made=made, cards=cards, phase=phase, points=points)


def _cards_from_json(data: object, hand: Place, name: str, deck_size: int) -> Cards:
    """The cards of player `name` in `hand`, from a deck of `deck_size` cards. As in
    `_hand_from_json`, the common case is checked first and a place is made only for what
    is wrong."""
    cards = (
        data
        if type(data) is dict
        else _expect_object(data, _key_in(_player_in(hand, name), "cards"))
    )
    counts: dict[str, int] = {}
    for key, value in cards.items():
        if key not in _CARD_KINDS:
            allowed = ", ".join(kind.value for kind in CardKind)
            raise GameFileError(
                GameFileKey.UNKNOWN_CARD_KIND,
                where=_player_in(hand, name),
                kind=key,
                allowed=allowed,
            )
        count = (
            value
            if type(value) is int and abs(value) <= deck_size
            else _expect_int(value, place(PlaceKey.CARD_COUNT, _player_in(hand, name), kind=key))
        )
        # Small impossible counts are left to the rules, which say what is wrong with
        # them; counts beyond the deck are refused here, before anything adds them up
        # into numbers too long to print.
        if abs(count) > deck_size:
            raise GameFileError(
                GameFileKey.CARD_COUNT_OVER_DECK,
                where=_player_in(hand, name),
                count=count,
                kind=key,
                deck=deck_size,
            )
        counts[key] = count
    return _cards(**counts)


def _points_from_json(result: Mapping[str, Any], hand: Place, name: str, version: int) -> int:
    """The points of player `name` in `hand`; what they can be is left to the rules."""
    if version < POINTS_VERSION:
        raise GameFileError(
            GameFileKey.POINTS_VERSION,
            where=_player_in(hand, name),
            version=version,
            needed=POINTS_VERSION,
        )
    if _optional(result, "cards") is not None:
        raise GameFileError(GameFileKey.POINTS_AND_CARDS, where=_player_in(hand, name))
    return _expect_int(result["points"], _key_in(_player_in(hand, name), "points"))


def _hand_from_json(data: object, number: int, names: _Names, version: int, deck_size: int) -> Hand:
    where = place(PlaceKey.HAND, hand=number)
    hand = _expect_object(data, where)
    if "went_out" not in hand:
        raise GameFileError(GameFileKey.WENT_OUT_MISSING, where=where)
    went_out = _expect_name(hand["went_out"], names, lambda: _key_in(where, "went_out"))
    if "results" not in hand:
        raise GameFileError(GameFileKey.NO_RESULTS, where=where)
    results: dict[str, PlayerResult] = {}
    spelled: dict[str, str] = {}
    for raw_name, raw_result in _expect_object(hand["results"], _key_in(where, "results")).items():
        name = names.resolve(raw_name, lambda: place(PlaceKey.NAME_IN_RESULTS, where))
        if name in results:
            raise GameFileError(
                GameFileKey.TWO_RESULTS,
                where=_player_in(where, name),
                first=clean_name(spelled[name]),
                second=clean_name(raw_name),
            )
        spelled[name] = raw_name
        # A hand has a result for each player, so the common case is checked first and
        # a place in the file (an object) is made only for what is wrong.
        result = (
            raw_result
            if type(raw_result) is dict
            else _expect_object(raw_result, place(PlaceKey.RESULT, _player_in(where, name)))
        )
        if "made" not in result:
            raise GameFileError(GameFileKey.MADE_MISSING, where=_player_in(where, name))
        made = result["made"]
        if type(made) is not bool:
            made = _expect_bool(made, _key_in(_player_in(where, name), "made"))
        cards = NO_CARDS
        if _optional(result, "cards") is not None:
            cards = _cards_from_json(result["cards"], where, name, deck_size)
        phase = None
        if _optional(result, "phase") is not None:
            phase = _expect_int(result["phase"], _key_in(_player_in(where, name), "phase"))
        points = None
        if _optional(result, "points") is not None:
            points = _points_from_json(result, where, name, version)
        results[name] = _result(made, cards, phase, points)
    return Hand(went_out=went_out, results=results)


def _seating_from_json(
    data: object, players: tuple[str, ...], names: _Names
) -> tuple[SeatingChange, ...]:
    changes: list[SeatingChange] = []
    for index, item in enumerate(_expect_list(data, _file_key("seating")), 1):
        what = place(PlaceKey.SEATING_CHANGE, change=index)
        change = _expect_object(item, what)
        if "before_hand" not in change:
            raise GameFileError(GameFileKey.BEFORE_HAND_MISSING, what=what)
        before = _expect_int(change["before_hand"], _key_in(what, "before_hand"))
        if before < 1:
            raise GameFileError(GameFileKey.BEFORE_HAND_BELOW_ONE, what=what, before=before)
        leave, join = _optional(change, "leave"), _optional(change, "join")
        if (leave is None) == (join is None):
            raise GameFileError(GameFileKey.LEAVE_OR_JOIN, what=what)
        if leave is not None:
            name = _expect_name(leave, names, partial(_key_in, what, "leave"))
            if name not in players:
                raise GameFileError(GameFileKey.LEAVER_UNKNOWN, what=what, name=name)
            changes.append(Leave(before_hand=before, name=name))
            continue
        name = _expect_name(join, names, partial(_key_in, what, "join"))
        if name not in players:
            raise GameFileError(GameFileKey.JOINER_UNKNOWN, what=what, name=name)
        after = None
        if _optional(change, "after") is not None:
            after = _expect_name(change["after"], names, partial(_key_in, what, "after"))
        total = 0
        if _optional(change, "total") is not None:
            total = _expect_int(change["total"], _key_in(what, "total"))
        phase = None
        if _optional(change, "phase") is not None:
            phase = _expect_int(change["phase"], _key_in(what, "phase"))
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
    document = _expect_object(data, place(PlaceKey.GAME_FILE))
    if document.get("format") != FORMAT:
        raise GameFileError(GameFileKey.NOT_A_GAME_FILE, format=FORMAT)
    if "version" not in document:
        raise GameFileError(GameFileKey.NO_VERSION)
    version = _expect_int(document["version"], place(PlaceKey.VERSION))
    if version > VERSION:
        raise GameFileError(GameFileKey.VERSION_NEWER, version=version, newest=VERSION)
    if version < 1:
        raise GameFileError(GameFileKey.VERSION_BELOW_ONE, version=version)
    for key in ("players", "hands"):
        if key not in document:
            raise GameFileError(GameFileKey.NO_KEY, key=key)
    raw_players = _expect_list(document["players"], _file_key("players"))
    player_name = place(PlaceKey.PLAYER_NAME)
    players = tuple(clean_name(_expect_str(name, player_name)) for name in raw_players)
    names = _Names(players)
    # The default rules are made only for a file without rules: making a rule set checks
    # it whole, a tenth of reading a short game.
    if _optional(document, "rules") is not None:
        rules = rules_from_json(document["rules"], version)
    else:
        rules = preset_rules(Preset.MATTEL)
    first_dealer = ""
    if _optional(document, "first_dealer") is not None:
        first_dealer = _expect_name(
            document["first_dealer"], names, lambda: _file_key("first_dealer")
        )
    title = ""
    if _optional(document, "title") is not None:
        title = _expect_str(document["title"], _file_key("title"))
    started = None
    if _optional(document, "started") is not None:
        started = _expect_str(document["started"], _file_key("started"))
    seating: tuple[SeatingChange, ...] = ()
    if _optional(document, "seating") is not None:
        if version < SEATING_VERSION:
            raise GameFileError(
                GameFileKey.SEATING_VERSION, version=version, needed=SEATING_VERSION
            )
        seating = _seating_from_json(document["seating"], players, names)
    raw_hands = _expect_list(document["hands"], _file_key("hands"))
    if len(raw_hands) > MAX_HANDS:
        raise GameFileError(GameFileKey.TOO_MANY_HANDS, count=len(raw_hands), most=MAX_HANDS)
    with cycle_collector_paused():
        hands = tuple(
            _hand_from_json(item, number, names, version, rules.deck.size)
            for number, item in enumerate(raw_hands, 1)
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
        raise GameFileError(GameFileKey.GAME_PROBLEM, problem=error.problems[0]) from None


def _cards_to_json(cards: Cards) -> dict[str, int]:
    # Spelled out, kind by kind in the order of CardKind: hashing and sharing a library
    # encodes every result of every game, and going through `items()` cost a third of it.
    data = {}
    if cards.low:
        data[_LOW] = cards.low
    if cards.high:
        data[_HIGH] = cards.high
    if cards.skip:
        data[_SKIP] = cards.skip
    if cards.wild:
        data[_WILD] = cards.wild
    if cards.super_wild:
        data[_SUPER_WILD] = cards.super_wild
    return data


def _result_to_json(result: PlayerResult) -> dict[str, Any]:
    data: dict[str, Any] = {"made": result.made}
    if result.phase is not None:
        data["phase"] = result.phase
    if result.points is not None:
        data["points"] = result.points
    elif not result.cards.is_empty:
        data["cards"] = _cards_to_json(result.cards)
    return data


def format_version(game: Game) -> int:
    """The version a game file of `game` is written as: the oldest that holds it."""
    rules = game.rules
    if rules.card_values != OFFICIAL_VALUES or rules.deck != STANDARD_DECK:
        return HOUSE_CARDS_VERSION
    if any(result.points is not None for hand in game.hands for result in hand.results.values()):
        return POINTS_VERSION
    return SEATING_VERSION if game.seating else 1


def game_to_json(game: Game) -> dict[str, Any]:
    data: dict[str, Any] = {"format": FORMAT, "version": format_version(game)}
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
                raise GameFileError(GameFileKey.REPEATED_KEY, key=key)
            seen.add(key)
    return data


def loads_json(text: str) -> Any:
    """JSON read as strictly as a game file is: a repeated key or nesting too deep is a
    GameFileError, like text that is not JSON. A whole number too long to read is read as
    a stand-in that no reader of a game takes for a number it can use."""
    try:
        with cycle_collector_paused():
            return json.loads(text, object_pairs_hook=_refuse_repeated_keys)
    except GameFileError:
        raise
    except json.JSONDecodeError as error:
        raise GameFileError(
            GameFileKey.NOT_JSON, line=error.lineno, column=error.colno, detail=error.msg
        ) from None
    except ValueError:
        # A number too long to read: read again, the slower way, with a stand-in for it,
        # so that what reads the document says where it is.
        with cycle_collector_paused():
            return json.loads(
                text, object_pairs_hook=_refuse_repeated_keys, parse_int=_whole_number
            )
    except RecursionError:
        raise GameFileError(GameFileKey.NESTED_TOO_DEEPLY) from None


def loads_game(text: str) -> Game:
    return game_from_json(loads_json(text))


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
            raise GameFileError(GameFileKey.FOLDER, path=str(path))
        if not stat.S_ISREG(status.st_mode):
            raise GameFileError(GameFileKey.NOT_REGULAR, path=str(path))
        if status.st_size > MAX_FILE_BYTES:
            raise _too_large(path, status.st_size)
        raw = stream.read(MAX_FILE_BYTES + 1)
    if len(raw) > MAX_FILE_BYTES:
        raise _too_large(path, len(raw))
    return raw


def _too_large(path: Path, size: int) -> GameFileError:
    return GameFileError(GameFileKey.TOO_LARGE, path=str(path), size=size, limit=MAX_FILE_BYTES)


def read_game(path: Path) -> Game:
    try:
        raw = _read_limited(path)
    except IsADirectoryError:
        raise GameFileError(GameFileKey.FOLDER, path=str(path)) from None
    except OSError as error:
        raise GameFileError(
            GameFileKey.CANNOT_READ, path=str(path), reason=error.strerror or str(error)
        ) from None
    except ValueError as error:
        if isinstance(error, GameFileError):
            raise
        raise GameFileError(GameFileKey.IMPOSSIBLE_NAME, path=str(path)) from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise GameFileError(GameFileKey.NOT_UTF8, path=str(path)) from None
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


def result_from_json(data: object, name: str, hand_number: int, deck_size: int) -> PlayerResult:
    """One player's result for hand `hand_number` of a game whose deck holds `deck_size`
    cards, written as a game file of the newest version writes it (as a phone sends it,
    points included): read by the game file's own reader, so it is checked the same way."""
    written = {"went_out": name, "results": {name: data}}
    hand = _hand_from_json(written, hand_number, _Names((name,)), VERSION, deck_size)
    return hand.results[name]
