"""A game: its rules, the players in seating order, the first dealer and the hand log."""

from collections.abc import Mapping
from dataclasses import field, replace
from functools import lru_cache

from phase10_keeper.rules.cards import NO_CARDS, Cards, CardValues
from phase10_keeper.rules.names import clean_name, invisible, name_key
from phase10_keeper.rules.problems import GameError, Problem, ProblemKey, error
from phase10_keeper.rules.record import Record, record
from phase10_keeper.rules.ruleset import MATTEL_RULES, Order, RuleSet

MIN_PLAYERS = 2
MAX_PLAYERS = 6
MAX_NAME_LENGTH = 60
"""Longer than any name a table uses; the sheet and the window shrink and elide before."""
MAX_TITLE_LENGTH = 200


@record
class PlayerResult(Record):
    """One player's part of a hand."""

    made: bool
    cards: Cards = NO_CARDS
    phase: int | None = None
    """The phase label attempted; needed only where the player chooses."""
    points: int | None = None
    """The points the player was left with, typed as a total instead of giving `cards`
    (which then stay empty); None where the cards are given."""

    def score(self, values: CardValues) -> int:
        """The points this result adds to the player's total, the cards costing `values`."""
        return values.points(self.cards) if self.points is None else self.points


@record
class Hand(Record):
    """One hand as the table reports it. `results` is keyed by player name."""

    went_out: str
    results: Mapping[str, PlayerResult] = field(hash=False)


@record
class Leave(Record):
    """A player leaves the table before hand `before_hand` (1-based) is dealt."""

    before_hand: int
    name: str


@record
class Join(Record):
    """A new player sits down before hand `before_hand` (1-based) is dealt.

    They sit after `after` (None: in the last seat), with a starting `total` and, where
    phases are played in order, the label of their starting `phase` (None: the first).
    """

    before_hand: int
    name: str
    after: str | None = None
    total: int = 0
    phase: int | None = None


SeatingChange = Leave | Join

MAX_STARTING_TOTAL = 100_000
"""Far beyond any real game; keeps a joiner's total a number a sheet can print."""


def _shortened(text: str) -> str:
    return text if len(text) <= 20 else text[:20] + "…"


def name_problem(name: str) -> Problem | None:
    """Why this name cannot be a player's, or None if it can."""
    if not name:
        return error(ProblemKey.NAME_EMPTY)
    if len(name) > MAX_NAME_LENGTH:
        return error(
            ProblemKey.NAME_TOO_LONG,
            name=_shortened(name),
            count=len(name),
            limit=MAX_NAME_LENGTH,
        )
    if name != clean_name(name):
        return error(ProblemKey.NAME_NOT_CLEAN, name=name)
    if all(invisible(character) for character in name):
        return error(ProblemKey.NAME_INVISIBLE, name=name)
    return None


@lru_cache(maxsize=256)
def players_problem(players: tuple[str, ...], *, count: int | None = None) -> Problem | None:
    """Why these names cannot sit at one table, or None if they can.

    `count`, where given, is how many of them start the game (the rest join later).
    Found once for a table: a game is made again at every hand recorded and every change
    kept, and comparing its names' keys was most of making it.
    """
    starting = len(players) if count is None else count
    if not MIN_PLAYERS <= starting <= MAX_PLAYERS:
        return error(ProblemKey.PLAYER_COUNT, least=MIN_PLAYERS, most=MAX_PLAYERS, given=starting)
    seen: dict[str, str] = {}
    for name in players:
        problem = name_problem(name)
        if problem is not None:
            return problem
        key = name_key(name)
        if key in seen:
            return error(ProblemKey.SAME_NAME, first=seen[key], second=name)
        seen[key] = name
    return None


@record
class Game(Record):
    """A game as it is kept: who plays, by what rules, and the hands so far. Where it
    stands is never stored: replaying the hands gives it."""

    players: tuple[str, ...]
    """Everyone who ever sat: the starting players in seating order, then those who
    joined, in the order they joined."""
    rules: RuleSet = MATTEL_RULES
    hands: tuple[Hand, ...] = ()
    first_dealer: str = ""
    """Empty means the first player listed."""
    title: str = ""
    started: str | None = None
    """When the game began, as an ISO 8601 timestamp."""
    seating: tuple[SeatingChange, ...] = ()
    """Players who joined or left during the game, in hand order."""

    def __post_init__(self) -> None:
        joined = [change.name for change in self.seating if isinstance(change, Join)]
        problem = players_problem(self.players, count=len(self.players) - len(joined))
        if problem is None:
            problem = self._seating_problem(joined)
        if problem is not None:
            raise GameError([problem])
        if len(self.title) > MAX_TITLE_LENGTH:
            raise GameError.single(
                ProblemKey.TITLE_TOO_LONG,
                title=_shortened(self.title),
                count=len(self.title),
                limit=MAX_TITLE_LENGTH,
            )
        if not self.first_dealer:
            object.__setattr__(self, "first_dealer", self.players[0])
        elif self.first_dealer not in self.starting_players:
            raise GameError.single(ProblemKey.FIRST_DEALER_UNKNOWN, name=self.first_dealer)

    def _seating_problem(self, joined: list[str]) -> Problem | None:
        """What is wrong with the seating changes, as far as it shows without the hands."""
        starting = len(self.players) - len(joined)
        if list(self.players[starting:]) != joined:
            return error(ProblemKey.JOINERS_NOT_LAST)
        seated = list(self.players[:starting])
        previous = 1
        for change in self.seating:
            hand = change.before_hand
            name = change.name
            if hand < previous:
                return error(ProblemKey.SEATING_OUT_OF_ORDER, hand=hand, previous=previous)
            previous = hand
            if len(seated) < MIN_PLAYERS:
                return error(ProblemKey.SEATING_AFTER_ONE_LEFT, hand=hand)
            if isinstance(change, Leave):
                if name not in seated:
                    return error(ProblemKey.LEAVER_NOT_SEATED, hand=hand, name=name)
                seated.remove(name)
                continue
            if name in seated:
                return error(ProblemKey.JOINER_SEATED, hand=hand, name=name)
            if change.after is not None and change.after not in seated:
                return error(
                    ProblemKey.JOINER_AFTER_ABSENT, hand=hand, name=name, after=change.after
                )
            if len(seated) >= MAX_PLAYERS:
                return error(ProblemKey.TABLE_FULL, hand=hand, name=name, most=MAX_PLAYERS)
            if not 0 <= change.total <= MAX_STARTING_TOTAL:
                return error(ProblemKey.JOINER_TOTAL, hand=hand, name=name, total=change.total)
            if change.phase is not None:
                if self.rules.order is Order.CHOOSE:
                    return error(ProblemKey.JOINER_PHASE_CHOSEN, hand=hand, name=name)
                if self.rules.phase(change.phase) is None:
                    return error(ProblemKey.JOINER_NO_SUCH_PHASE, hand=hand, phase=change.phase)
            seated.append(name)
        return None

    @property
    def starting_players(self) -> tuple[str, ...]:
        """The players seated for the first hand, in seating order."""
        joined = sum(1 for change in self.seating if isinstance(change, Join))
        return self.players[: len(self.players) - joined]

    def with_hand_appended(self, hand: Hand) -> "Game":
        return replace(self, hands=(*self.hands, hand))

    def with_hand_replaced(self, index: int, hand: Hand) -> "Game":
        self._check_index(index)
        return replace(self, hands=(*self.hands[:index], hand, *self.hands[index + 1 :]))

    def with_hand_removed(self, index: int) -> "Game":
        self._check_index(index)
        return replace(
            self,
            hands=self.hands[:index] + self.hands[index + 1 :],
            seating=self._seating_without_hand(index),
        )

    def with_seating_change(self, change: SeatingChange) -> "Game":
        """The game with one more seating change, which must come after all the others;
        a player who joins is added to `players`."""
        players = self.players
        if isinstance(change, Join):
            players = (*players, clean_name(change.name))
            change = replace(change, name=clean_name(change.name))
        return replace(self, players=players, seating=(*self.seating, change))

    def _seating_without_hand(self, index: int) -> tuple[SeatingChange, ...]:
        """The seating changes kept before the same hands once the hand at the 0-based
        `index` is removed."""
        return tuple(
            replace(change, before_hand=change.before_hand - 1)
            if change.before_hand > index + 1
            else change
            for change in self.seating
        )

    def with_player_renamed(self, old: str, new: str) -> "Game":
        """The same game with one player renamed everywhere, hand log included."""
        new = clean_name(new)

        def renamed(name: str) -> str:
            return new if name == old else name

        hands = tuple(
            Hand(
                went_out=renamed(hand.went_out),
                results={renamed(name): result for name, result in hand.results.items()},
            )
            for hand in self.hands
        )
        seating = tuple(
            replace(change, name=renamed(change.name), after=renamed(change.after))
            if isinstance(change, Join) and change.after is not None
            else replace(change, name=renamed(change.name))
            for change in self.seating
        )
        return replace(
            self,
            players=tuple(renamed(name) for name in self.players),
            first_dealer=renamed(self.first_dealer),
            hands=hands,
            seating=seating,
        )

    def _check_index(self, index: int, *, allow_end: bool = False) -> None:
        last = len(self.hands) if allow_end else len(self.hands) - 1
        if not 0 <= index <= last:
            raise IndexError(f"no hand at position {index + 1}")
