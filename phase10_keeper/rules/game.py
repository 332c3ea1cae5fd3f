"""A game: its rules, the players in seating order, the first dealer and the hand log."""

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from phase10_keeper.rules.cards import NO_CARDS, Cards
from phase10_keeper.rules.problems import GameError
from phase10_keeper.rules.ruleset import MATTEL_RULES, RuleSet

MIN_PLAYERS = 2
MAX_PLAYERS = 6
MAX_NAME_LENGTH = 60
"""Longer than any name a table uses; the sheet and the window shrink and elide before."""
MAX_TITLE_LENGTH = 200

# Letters that Unicode classes as letters or symbols but that draw nothing.
_BLANK_LETTERS = frozenset("\u115f\u1160\u2800\u3164\uffa0")


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
    """A name as the game keeps it: in composed form (NFC), trimmed at both ends.

    One spelling per name: "Zoë" typed with a combining diaeresis is the same text as
    "Zoë" typed with the precomposed letter, everywhere a name is stored or compared.
    """
    return unicodedata.normalize("NFC", name).strip()


def _invisible(character: str) -> bool:
    # Separators (Z*), controls, format characters such as U+200B, and unassigned code
    # points (C*) draw nothing on their own.
    return unicodedata.category(character)[0] in "ZC" or character in _BLANK_LETTERS


def name_key(name: str) -> str:
    """What two names must share to be the same player: case, the normal form, width and
    invisible characters do not count.

    casefold alone keeps the dot of a Turkish capital İ as a combining mark, so "İpek"
    would never match "ipek"; dotted and dotless i are one letter here, since keyboards
    without Turkish letters type either.
    """
    folded = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", name).casefold())
    folded = folded.replace("i\u0307", "i").replace("\u0131", "i")
    return unicodedata.normalize(
        "NFC", "".join(character for character in folded if not _invisible(character))
    )


def _shown(text: str) -> str:
    return repr(text if len(text) <= 20 else text[:20] + "…")


def players_problem(players: tuple[str, ...]) -> str | None:
    """Why these names cannot sit at one table, or None if they can."""
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        return f"a game needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(players)}"
    seen: dict[str, str] = {}
    for name in players:
        if not name:
            return "a player's name is empty"
        if len(name) > MAX_NAME_LENGTH:
            return (
                f"the name {_shown(name)} is {len(name)} characters long; "
                f"a name has at most {MAX_NAME_LENGTH}"
            )
        if name != clean_name(name):
            return f"the name {name!r} has spaces at its ends or is not in composed form"
        if all(_invisible(character) for character in name):
            return f"the name {name!r} has nothing visible in it"
        key = name_key(name)
        if key in seen:
            return (
                f"two players are called {seen[key]!r} and {name!r}, which count as the same "
                "name: names must differ in more than capitals or how accents are written"
            )
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
        if len(self.title) > MAX_TITLE_LENGTH:
            raise GameError.single(
                f"the title {_shown(self.title)} is {len(self.title)} characters long; "
                f"a title has at most {MAX_TITLE_LENGTH}"
            )
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

    def with_hand_inserted(self, index: int, hand: Hand) -> "Game":
        self._check_index(index, allow_end=True)
        return replace(self, hands=(*self.hands[:index], hand, *self.hands[index:]))

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
