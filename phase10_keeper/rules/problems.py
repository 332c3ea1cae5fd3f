"""What can be wrong with a game, a hand or a rule set: a key and its values.

A problem holds no sentence: its `key` names what is wrong and its `values` are plain
data (whole numbers, names, phase labels, kinds of card or group, lists of labels or of
holders), so that the program can word it in the user's language. The English wording
stays here, as `ENGLISH_TEMPLATES`: a GameError is a ValueError whose text the command
line prints and the tests read, and the English catalogue takes its problem texts from
here rather than keeping a copy.
"""

from collections.abc import Mapping
from dataclasses import field
from enum import StrEnum
from typing import Protocol

from phase10_keeper.rules.cards import CardKind
from phase10_keeper.rules.groups import GroupKind
from phase10_keeper.rules.record import Record, record


class Severity(StrEnum):
    ERROR = "error"
    """Impossible: the hand cannot be recorded like this."""
    WARNING = "warning"
    """Unusual, but tables miscount: the user may accept it."""


class ProblemKey(StrEnum):
    """What is wrong; the catalogue words each as `problem.<key>`."""

    # A hand (check_hand)
    HAND_AFTER_END = "hand_after_end"
    NOT_A_PLAYER = "not_a_player"
    LEFT_HAS_RESULT = "left_has_result"
    NOT_IN_REPLAY = "not_in_replay"
    NO_RESULT = "no_result"
    LEFT_WENT_OUT = "left_went_out"
    WENT_OUT_NOT_IN_REPLAY = "went_out_not_in_replay"
    WENT_OUT_UNKNOWN = "went_out_unknown"
    NOBODY_WENT_OUT = "nobody_went_out"
    SECOND_SUPER_WILD = "second_super_wild"
    # One player's result
    NEGATIVE_CARDS = "negative_cards"
    SUPER_WILD_NOT_PLAYED = "super_wild_not_played"
    SUPER_WILDS_OVER_DECK = "super_wilds_over_deck"
    WILDS_OVER_DECK = "wilds_over_deck"
    SKIPS_OVER_DECK = "skips_over_deck"
    LOWS_OVER_DECK = "lows_over_deck"
    HIGHS_OVER_DECK = "highs_over_deck"
    CARDS_OVER_HAND = "cards_over_hand"
    WENT_OUT_NOT_MADE = "went_out_not_made"
    WENT_OUT_HOLDS_CARDS = "went_out_holds_cards"
    MADE_HOLDS_TOO_MANY = "made_holds_too_many"
    MADE_HOLDS_TOO_MANY_SUPER_WILD = "made_holds_too_many_super_wild"
    NO_CARDS_NOT_OUT = "no_cards_not_out"
    MISSED_HOLDS_FEW = "missed_holds_few"
    # One player's result typed as a points total
    POINTS_AND_CARDS = "points_and_cards"
    POINTS_NOT_A_SCORE = "points_not_a_score"
    WENT_OUT_SCORES_POINTS = "went_out_scores_points"
    MISSED_POINTS_OVER = "missed_points_over"
    MISSED_POINTS_FEW = "missed_points_few"
    MADE_POINTS_OVER = "made_points_over"
    MADE_POINTS_OVER_SUPER_WILD = "made_points_over_super_wild"
    POINTS_NOT_POSSIBLE = "points_not_possible"
    # The phase a player attempted
    WRONG_PHASE = "wrong_phase"
    MADE_EVERY_PHASE = "made_every_phase"
    PHASE_NOT_SAID = "phase_not_said"
    NO_SUCH_PHASE = "no_such_phase"
    PHASE_MADE_ALREADY = "phase_made_already"
    # The whole table holds more of a kind than the deck has
    TABLE_LOW = "table_low"
    TABLE_HIGH = "table_high"
    TABLE_SKIP = "table_skip"
    TABLE_WILD = "table_wild"
    TABLE_SUPER_WILD = "table_super_wild"
    # Players and seating
    NAME_EMPTY = "name_empty"
    NAME_TOO_LONG = "name_too_long"
    NAME_NOT_CLEAN = "name_not_clean"
    NAME_INVISIBLE = "name_invisible"
    PLAYER_COUNT = "player_count"
    SAME_NAME = "same_name"
    TITLE_TOO_LONG = "title_too_long"
    FIRST_DEALER_UNKNOWN = "first_dealer_unknown"
    JOINERS_NOT_LAST = "joiners_not_last"
    SEATING_OUT_OF_ORDER = "seating_out_of_order"
    SEATING_AFTER_ONE_LEFT = "seating_after_one_left"
    LEAVER_NOT_SEATED = "leaver_not_seated"
    JOINER_SEATED = "joiner_seated"
    JOINER_AFTER_ABSENT = "joiner_after_absent"
    TABLE_FULL = "table_full"
    JOINER_TOTAL = "joiner_total"
    JOINER_PHASE_CHOSEN = "joiner_phase_chosen"
    JOINER_NO_SUCH_PHASE = "joiner_no_such_phase"
    SEATING_IN_TIEBREAK = "seating_in_tiebreak"
    SEATING_AFTER_END = "seating_after_end"
    SEATING_TOO_LATE = "seating_too_late"
    # Rule sets
    PHASE_LABEL = "phase_label"
    PHASE_NO_GROUPS = "phase_no_groups"
    GROUP_EMPTY = "group_empty"
    RUN_TOO_LONG = "run_too_long"
    GROUP_OVER_HAND = "group_over_hand"
    PHASE_OVER_HAND = "phase_over_hand"
    NO_PHASES = "no_phases"
    TOO_MANY_PHASES = "too_many_phases"
    LABEL_REPEATED = "label_repeated"
    TARGET_RANGE = "target_range"
    TARGET_NOT_A_PHASE = "target_not_a_phase"
    HANDS_TOO_FEW = "hands_too_few"
    HANDS_TOO_MANY = "hands_too_many"
    CARD_VALUE_RANGE = "card_value_range"
    DECK_COUNT_RANGE = "deck_count_range"
    DECK_TOO_SMALL = "deck_too_small"


Holding = tuple[str, int]
"""A player and how many cards of a kind they hold."""
Value = int | str | CardKind | GroupKind | tuple[int, ...] | tuple[Holding, ...]
"""A value a problem's wording fills in: kinds of card and group, and lists, are worded
in the reader's language (`problem.card.<kind>`, `problem.group.<kind>`); numbers and
names are shown as they are."""

_SEAT = "the seating change before hand {hand}"
_TABLE = "; the deck has only {limit}"

ENGLISH_TEMPLATES: dict[str, str | dict[str, str]] = {
    "problem.hand_after_end": "the game is already over; no hand may follow its end",
    "problem.not_a_player": "{name!r} is not a player in this game",
    "problem.left_has_result": "has left the game; only the players at the table have results",
    "problem.not_in_replay": "is not in the tie-break replay hand; only the tied players play it",
    "problem.no_result": "has no result for this hand",
    "problem.left_went_out": "has left the game, so cannot go out",
    "problem.went_out_not_in_replay": (
        "cannot go out in the replay hand; only the tied players play it"
    ),
    "problem.went_out_unknown": "the player who went out, {name!r}, is not in this game",
    "problem.nobody_went_out": "nobody went out: pick the player who went out",
    "problem.second_super_wild": (
        "holds one card more than the phase allows, as {other} does; "
        "only one player's phase can hold the super wild"
    ),
    "problem.negative_cards": "cannot hold a negative number of {kind} cards ({held})",
    "problem.super_wild_not_played": "holds a super wild, but this game is played without one",
    "problem.super_wilds_over_deck": {
        "one": "holds {count} super wild; the deck has only one",
        "other": "holds {count} super wilds; the deck has only one",
    },
    "problem.wilds_over_deck": {
        "one": "holds {count} wild; the deck has {limit}",
        "other": "holds {count} wilds; the deck has {limit}",
    },
    "problem.skips_over_deck": {
        "one": "holds {count} skip; the deck has {limit}",
        "other": "holds {count} skips; the deck has {limit}",
    },
    "problem.lows_over_deck": {
        "one": "holds {count} 1-9 card; the deck has {limit}",
        "other": "holds {count} 1-9 cards; the deck has {limit}",
    },
    "problem.highs_over_deck": {
        "one": "holds {count} 10-12 card; the deck has {limit}",
        "other": "holds {count} 10-12 cards; the deck has {limit}",
    },
    "problem.cards_over_hand": {
        "one": "holds {count} card; nobody can hold more than {limit}",
        "other": "holds {count} cards; nobody can hold more than {limit}",
    },
    "problem.went_out_not_made": "went out, so must have made the phase",
    "problem.went_out_holds_cards": "went out, so cannot still hold cards (holds {held})",
    "problem.made_holds_too_many": {
        "one": "made phase {phase} ({phase_cards} cards), so holds at most {count} card, "
        "not {held}",
        "other": "made phase {phase} ({phase_cards} cards), so holds at most {count} cards, "
        "not {held}",
    },
    "problem.made_holds_too_many_super_wild": {
        "one": "made phase {phase} ({phase_cards} cards), so holds at most {count} card "
        "(one more than the phase leaves, for the super wild in it), not {held}",
        "other": "made phase {phase} ({phase_cards} cards), so holds at most {count} cards "
        "(one more than the phase leaves, for the super wild in it), not {held}",
    },
    "problem.no_cards_not_out": (
        "holds no cards but did not go out; only the player who went out ends the hand with none"
    ),
    "problem.missed_holds_few": {
        "one": "did not make the phase but holds {count} card; "
        "a player who did not make it holds {hand_size}",
        "other": "did not make the phase but holds {count} cards; "
        "a player who did not make it holds {hand_size}",
    },
    "problem.points_and_cards": "gives both cards and a points total; give one or the other",
    "problem.points_not_a_score": (
        "cannot score {points}: a score is a multiple of {step}, and never below 0"
    ),
    "problem.went_out_scores_points": "went out, so scores 0, not {points}",
    "problem.missed_points_over": (
        "did not make the phase, so holds ten cards, worth at most {limit}, not {points}"
    ),
    "problem.missed_points_few": (
        "did not make the phase but scores {points}; ten cards are worth at least {least}"
    ),
    "problem.made_points_over": {
        "one": "made phase {phase} ({phase_cards} cards), so holds at most {count} card, "
        "worth at most {limit}, not {points}",
        "other": "made phase {phase} ({phase_cards} cards), so holds at most {count} cards, "
        "worth at most {limit}, not {points}",
    },
    "problem.made_points_over_super_wild": {
        "one": "made phase {phase} ({phase_cards} cards), so holds at most {count} card "
        "(one more than the phase leaves, for the super wild in it), worth at most {limit}, "
        "not {points}",
        "other": "made phase {phase} ({phase_cards} cards), so holds at most {count} cards "
        "(one more than the phase leaves, for the super wild in it), worth at most {limit}, "
        "not {points}",
    },
    "problem.points_not_possible": {
        "one": "scores {points}, but holds at most {count} card, and no card is worth that",
        "other": "scores {points}, but holds at most {count} cards, and no such cards add "
        "up to that",
    },
    "problem.wrong_phase": "attempted phase {expected}, not phase {given}",
    "problem.made_every_phase": "has made every phase already, so had none to make",
    "problem.phase_not_said": ("must say which phase they attempted (players choose their phase)"),
    "problem.no_such_phase": "there is no phase {phase} in this game (phases: {labels})",
    "problem.phase_made_already": "already made phase {phase}; pick one not made yet",
    "problem.table_low": {
        "one": "the players hold {count} 1-9 card between them ({holders})" + _TABLE,
        "other": "the players hold {count} 1-9 cards between them ({holders})" + _TABLE,
    },
    "problem.table_high": {
        "one": "the players hold {count} 10-12 card between them ({holders})" + _TABLE,
        "other": "the players hold {count} 10-12 cards between them ({holders})" + _TABLE,
    },
    "problem.table_skip": {
        "one": "the players hold {count} skip between them ({holders})" + _TABLE,
        "other": "the players hold {count} skips between them ({holders})" + _TABLE,
    },
    "problem.table_wild": {
        "one": "the players hold {count} wild between them ({holders})" + _TABLE,
        "other": "the players hold {count} wilds between them ({holders})" + _TABLE,
    },
    "problem.table_super_wild": {
        "one": "the players hold {count} super wild between them ({holders})" + _TABLE,
        "other": "the players hold {count} super wilds between them ({holders})" + _TABLE,
    },
    "problem.name_empty": "a player's name is empty",
    "problem.name_too_long": {
        "one": "the name {name!r} is {count} character long; a name has at most {limit}",
        "other": "the name {name!r} is {count} characters long; a name has at most {limit}",
    },
    "problem.name_not_clean": (
        "the name {name!r} has spaces at its ends or is not in composed form"
    ),
    "problem.name_invisible": "the name {name!r} has nothing visible in it",
    "problem.player_count": "a game needs {least} to {most} players, not {given}",
    "problem.same_name": (
        "two players are called {first!r} and {second!r}, which count as the same name: "
        "names must differ in more than capitals or how accents are written"
    ),
    "problem.title_too_long": {
        "one": "the title {title!r} is {count} character long; a title has at most {limit}",
        "other": "the title {title!r} is {count} characters long; a title has at most {limit}",
    },
    "problem.first_dealer_unknown": "the first dealer {name!r} is not a player",
    "problem.joiners_not_last": (
        "players who join are listed last in `players`, in the order they join"
    ),
    "problem.seating_out_of_order": _SEAT + " is listed after a change before hand {previous}",
    "problem.seating_after_one_left": _SEAT + " comes after the game ended with one player left",
    "problem.leaver_not_seated": _SEAT + ": {name!r} is not at the table to leave",
    "problem.joiner_seated": _SEAT + ": {name!r} is at the table already",
    "problem.joiner_after_absent": (
        _SEAT + ": {name!r} cannot sit after {after!r}, who is not at the table"
    ),
    "problem.table_full": _SEAT + ": {name!r} cannot join; a table seats {most}",
    "problem.joiner_total": _SEAT + ": {name!r} cannot start on a total of {total}",
    "problem.joiner_phase_chosen": (
        _SEAT + ": {name!r} is given a starting phase, but players choose their phase in this game"
    ),
    "problem.joiner_no_such_phase": _SEAT + ": there is no phase {phase} in this game",
    "problem.seating_in_tiebreak": (
        "nobody joins or leaves during a tie-break; the tied players replay first"
    ),
    "problem.seating_after_end": "the game is already over; nobody joins or leaves after its end",
    "problem.seating_too_late": {
        "one": "a seating change before hand {hand}, but only {count} hand was played; "
        "a change can come at most before the next hand",
        "other": "a seating change before hand {hand}, but only {count} hands were played; "
        "a change can come at most before the next hand",
    },
    "problem.phase_label": "phase label {phase} must be a positive whole number",
    "problem.phase_no_groups": "phase {phase} has no groups of cards",
    "problem.group_empty": "phase {phase}: a {kind} needs at least 1 card",
    "problem.run_too_long": "phase {phase}: a run cannot be longer than {most} cards",
    "problem.group_over_hand": (
        "phase {phase}: a {kind} of {size} cards is more than the {most} in a hand"
    ),
    "problem.phase_over_hand": {
        "one": "phase {phase} needs {count} card, more than the {most} in a hand",
        "other": "phase {phase} needs {count} cards, more than the {most} in a hand",
    },
    "problem.no_phases": "the phase list is empty",
    "problem.too_many_phases": {
        "one": "the rules list {count} phase; a game has at most {most}",
        "other": "the rules list {count} phases; a game has at most {most}",
    },
    "problem.label_repeated": "phase label {phase} appears more than once",
    "problem.target_range": "target {target} must be between 1 and {most}",
    "problem.target_not_a_phase": "target {target} is not a phase of this game (phases: {labels})",
    "problem.hands_too_few": "a fixed number of hands must be at least 1, not {hands}",
    "problem.hands_too_many": {
        "one": "a fixed number of {count} hand is too many; a game has at most {most}",
        "other": "a fixed number of {count} hands is too many; a game has at most {most}",
    },
    "problem.card_value_range": "a {kind} card must cost from 0 to {most} points, not {value}",
    "problem.deck_count_range": ("the deck must hold from 0 to {most} {kind} cards, not {held}"),
    "problem.deck_too_small": (
        "a deck of {size} cards cannot deal two hands and the first discard; "
        "it needs at least {least}"
    ),
    # The words a problem's values are worded with.
    "problem.card.low": "1-9",
    "problem.card.high": "10-12",
    "problem.card.skip": "skip",
    "problem.card.wild": "wild",
    "problem.card.super_wild": "super wild",
    "problem.group.set": "set",
    "problem.group.run": "run",
    "problem.group.color": "color",
    "problem.group.color_run": "color-run",
    "problem.group.even_odd": "even-odd",
    "problem.holding": "{name} {held}",
    "problem.separator": ", ",
}
"""The English wording of every problem, by catalogue key. A text about a number (its
value `count`) has a form per plural category."""


class Wording(Protocol):
    """A language's texts by catalogue key, as `phase10_keeper.language.Words` gives them."""

    def __call__(self, key: str, /, **values: object) -> str: ...

    def count(self, key: str, count: int, /, **values: object) -> str: ...


class _English:
    """The English templates above as a Wording, for a problem's own `message`."""

    def __call__(self, key: str, /, **values: object) -> str:
        template = ENGLISH_TEMPLATES[key]
        if not isinstance(template, str):
            raise KeyError(f"{key} is a text about a number")
        return template.format_map(values)

    def count(self, key: str, count: int, /, **values: object) -> str:
        template = ENGLISH_TEMPLATES[key]
        if isinstance(template, str):
            raise KeyError(f"{key} is not a text about a number")
        form = template["one" if count == 1 else "other"]
        return form.format_map({"count": count, **values})


ENGLISH = _English()


def _worded_value(wording: Wording, value: Value) -> object:
    if isinstance(value, CardKind):
        return wording(f"problem.card.{value.value}")
    if isinstance(value, GroupKind):
        return wording(f"problem.group.{value.value.replace('-', '_')}")
    if isinstance(value, tuple):
        items = [
            wording("problem.holding", name=item[0], held=item[1])
            if isinstance(item, tuple)
            else str(item)
            for item in value
        ]
        return wording("problem.separator").join(items)
    return value


@record
class Problem(Record):
    """Something wrong, or worth a second look, in a hand, a game or its rules: `key` names
    it, `values` fill in its words, and the rest says where it is."""

    severity: Severity
    key: ProblemKey
    values: Mapping[str, Value] = field(default_factory=dict, hash=False)
    """What the wording fills in, by placeholder; `count` picks the plural form."""
    hand_number: int | None = None
    """1-based; None for problems with the game as a whole."""
    player: str | None = None
    field: str | None = None
    """What the user should look at: "went_out", "made", "phase", "points" or a card kind."""

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def worded(self, wording: Wording) -> str:
        """What is wrong, in the language of `wording` (without where it is)."""
        key = f"problem.{self.key.value}"
        values = {name: _worded_value(wording, value) for name, value in self.values.items()}
        count = values.pop("count", None)
        if isinstance(count, int):
            return wording.count(key, count, **values)
        return wording(key, **values)

    @property
    def message(self) -> str:
        """What is wrong, in English."""
        return self.worded(ENGLISH)

    def __str__(self) -> str:
        where = []
        if self.hand_number is not None:
            where.append(f"hand {self.hand_number}")
        if self.player is not None:
            where.append(self.player)
        prefix = ", ".join(where)
        return f"{prefix}: {self.message}" if prefix else self.message


def error(
    key: ProblemKey,
    hand_number: int | None = None,
    player: str | None = None,
    field: str | None = None,
    **values: Value,
) -> Problem:
    """An error with these values."""
    return Problem(Severity.ERROR, key, values, hand_number, player, field)


class GameError(ValueError):
    """A game that cannot be played or replayed; `problems` holds every error found."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__(str(problems[0]))
        self.problems = problems

    @classmethod
    def single(
        cls,
        key: ProblemKey,
        hand_number: int | None = None,
        player: str | None = None,
        **values: Value,
    ) -> "GameError":
        return cls([Problem(Severity.ERROR, key, values, hand_number, player)])
