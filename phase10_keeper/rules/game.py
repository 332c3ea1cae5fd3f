"""A game: its rules, the players in seating order, the first dealer and the hand log."""

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from phase10_keeper.rules.cards import NO_CARDS, Cards
from phase10_keeper.rules.problems import GameError
from phase10_keeper.rules.ruleset import MATTEL_RULES, RuleSet

MIN_PLAYERS = 2
MAX_PLAYERS = 6


@dataclass(frozen=True)
class PlayerResult:
    """One player's part of a hand."""

    made: bool
    cards: Cards = NO_CARDS
    phase: int | None = None
    """The phase label attempted; needed only where the player chooses."""


@dataclass(frozen=True)
class Hand:
    """One hand as the table reports it. `results` is keyed by player name."""

    went_out: str
    results: Mapping[str, PlayerResult] = field(hash=False)


def clean_name(name: str) -> str:
    """A name as the game keeps it: trimmed at both ends."""
    return name.strip()


def players_problem(players: tuple[str, ...]) -> str | None:
    """Why these names cannot sit at one table, or None if they can."""
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        return f"a game needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(players)}"
    seen: dict[str, str] = {}
    for name in players:
        if not name:
            return "a player's name is empty"
        if name != clean_name(name):
            return f"the name {name!r} has spaces at its ends"
        key = name.casefold()
        if key in seen:
            return f"two players are called {seen[key]!r} and {name!r}: names must differ"
        seen[key] = name
    return None


@dataclass(frozen=True)
class Game:
    players: tuple[str, ...]
    rules: RuleSet = MATTEL_RULES
    hands: tuple[Hand, ...] = ()
    first_dealer: str = ""
    """Empty means the first player listed."""
    title: str = ""
    started: str | None = None
    """When the game began, as an ISO 8601 timestamp."""

    def __post_init__(self) -> None:
        problem = players_problem(self.players)
        if problem is not None:
            raise GameError.single(problem)
        if not self.first_dealer:
            object.__setattr__(self, "first_dealer", self.players[0])
        elif self.first_dealer not in self.players:
            raise GameError.single(f"the first dealer {self.first_dealer!r} is not a player")

    @property
    def first_dealer_seat(self) -> int:
        return self.players.index(self.first_dealer)

    def dealer_of(self, hand_index: int) -> str:
        """Who deals the hand at this 0-based index: the deal passes left every hand."""
        return self.players[(self.first_dealer_seat + hand_index) % len(self.players)]

    def with_hand_appended(self, hand: Hand) -> "Game":
        return replace(self, hands=(*self.hands, hand))

    def with_hand_replaced(self, index: int, hand: Hand) -> "Game":
        self._check_index(index)
        return replace(self, hands=(*self.hands[:index], hand, *self.hands[index + 1 :]))

    def with_hand_removed(self, index: int) -> "Game":
        self._check_index(index)
        return replace(self, hands=self.hands[:index] + self.hands[index + 1 :])

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
        return replace(
            self,
            players=tuple(renamed(name) for name in self.players),
            first_dealer=renamed(self.first_dealer),
            hands=hands,
        )

    def _check_index(self, index: int, *, allow_end: bool = False) -> None:
        last = len(self.hands) if allow_end else len(self.hands) - 1
        if not 0 <= index <= last:
            raise IndexError(f"no hand at position {index + 1}")
