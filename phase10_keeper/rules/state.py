"""Where a game stands after some hands: the players' phases and totals, the hand log as
the sheet shows it, who deals next and, once it is over, who won and why."""

from enum import StrEnum
from typing import NamedTuple

from phase10_keeper.rules.cards import Cards
from phase10_keeper.rules.game import SeatingChange
from phase10_keeper.rules.log import Log
from phase10_keeper.rules.phases import Phase
from phase10_keeper.rules.ruleset import Order, RuleSet
from phase10_keeper.rules.status import Status


class WinReason(StrEnum):
    ONLY_COMPLETER = "only_completer"
    """The only player to complete the last phase in the final hand."""
    LOWEST_TOTAL_OF_COMPLETERS = "lowest_total_of_completers"
    LOWEST_TOTAL_AFTER_FIXED_HANDS = "lowest_total_after_fixed_hands"
    WENT_OUT_IN_REPLAY = "went_out_in_replay"
    LAST_AT_TABLE = "last_at_table"
    """Everyone else left the table."""


# A replay makes these by the thousand (one per player per hand): as named tuples they
# are made in half the time frozen dataclasses take, and read as quickly.
class PlayerState(NamedTuple):
    name: str
    seat: int
    position: int
    """Index in the rule set's phase list of the phase attempted next (sequence order)."""
    completed: tuple[int, ...]
    """Labels of the phases made, in the order made."""
    total: int
    hand_points: Log[int]
    """One entry per hand the player took part in."""
    misses: int
    """Hands in a row the current phase was missed (for two-strike)."""
    joined_before: int | None = None
    """For a player who joined during the game, the 1-based hand they joined before."""
    left_before: int | None = None
    """For a player who left, the 1-based hand they left before."""

    @property
    def seated(self) -> bool:
        """Whether the player is at the table now."""
        return self.left_before is None

    def seated_for(self, hand_number: int) -> bool:
        """Whether the player was at the table for this 1-based hand."""
        if self.joined_before is not None and hand_number < self.joined_before:
            return False
        return self.left_before is None or hand_number < self.left_before


class Entry(NamedTuple):
    """One cell of the score sheet: what one player did in one hand."""

    phase: int | None
    made: bool
    points: int
    total: int
    """Running total after this hand."""
    cards: Cards
    """Empty where the points were typed as a total."""


class HandRecord(NamedTuple):
    number: int
    dealer: str
    went_out: str
    replay: bool
    """A tie-break replay hand, played by the tied players only."""
    entries: dict[str, Entry]


class GameState(NamedTuple):
    """Where a game stands after some hands."""

    rules: RuleSet
    players: tuple[PlayerState, ...]
    """Everyone who has sat at the table so far, in the order of the game's players."""
    first_dealer: str
    circle: tuple[str, ...]
    """Everyone who has sat at the table so far, in seating order round it; the deal
    passes along it, skipping those who left."""
    hands: Log[HandRecord]
    status: Status = Status.IN_PROGRESS
    winner: str | None = None
    win_reason: WinReason | None = None
    tiebreak_players: tuple[str, ...] = ()
    """Players tied on points who must replay; also kept once the replay decided it."""
    tied_total: int | None = None
    seating: tuple[SeatingChange, ...] = ()
    """The seating changes that have taken effect."""

    @property
    def hands_played(self) -> int:
        return len(self.hands)

    @property
    def hand_number(self) -> int:
        """The 1-based number of the next hand."""
        return len(self.hands) + 1

    @property
    def is_over(self) -> bool:
        return self.status is Status.FINISHED

    @property
    def dealer(self) -> str | None:
        """Who deals the next hand; None once the game is over."""
        if self.is_over:
            return None
        return self.dealer_of(len(self.hands))

    @property
    def first_player(self) -> str | None:
        """Who plays first in the next hand: the next participant left of the dealer."""
        dealer = self.dealer
        if dealer is None:
            return None
        playing = self.participants()
        return next(name for name in self._round_from(dealer) if name in playing)

    def dealer_of(self, hand_index: int) -> str:
        """Who dealt the hand at this 0-based index, or deals it if nobody joins or
        leaves before then: the deal passes to the next seated player every hand."""
        if hand_index < len(self.hands):
            return self.hands[hand_index].dealer
        if self.hands:
            anchor, steps = self.hands[-1].dealer, hand_index - len(self.hands) + 1
        elif self.player(self.first_dealer).seated:
            anchor, steps = self.first_dealer, hand_index
        else:
            anchor, steps = self.first_dealer, hand_index + 1
        if steps == 0:
            return anchor
        seated = list(self._round_from(anchor))
        return seated[(steps - 1) % len(seated)]

    def _round_from(self, name: str) -> tuple[str, ...]:
        """The seated players round the table, starting left of `name`."""
        seated = {player.name for player in self.players if player.seated}
        at = self.circle.index(name)
        after = self.circle[at + 1 :] + self.circle[: at + 1]
        return tuple(other for other in after if other in seated)

    def player(self, name: str) -> PlayerState:
        for player in self.players:
            if player.name == name:
                return player
        raise KeyError(name)

    def participants(self) -> tuple[str, ...]:
        """Who plays the next hand: everyone seated, or in a tie-break the tied players."""
        if self.status is Status.TIEBREAK:
            return self.tiebreak_players
        return tuple(player.name for player in self.players if player.seated)

    def next_phase(self, name: str) -> Phase | None:
        """The phase this player attempts next, where the rules fix it."""
        if self.status is not Status.IN_PROGRESS or self.rules.order is Order.CHOOSE:
            return None
        return self.rules.phases[self.player(name).position]

    def phases_left(self, name: str) -> tuple[Phase, ...]:
        """In choose order, the phases this player may still pick."""
        made = set(self.player(name).completed)
        return tuple(phase for phase in self.rules.phases if phase.label not in made)

    def replay_phase(self) -> Phase | None:
        """The phase the tied players replay: the last phase (in choose order the list's
        last, Mattel's phase 10), or after a fixed number of hands that of the last hand."""
        if self.rules.hands is not None:
            return self.rules.phases[min(self.rules.hands, len(self.rules.phases)) - 1]
        if self.rules.order is Order.CHOOSE:
            return self.rules.phases[-1]
        return self.rules.target_phase

    def ranking(self) -> tuple[str, ...]:
        """The winner first, then those still seated before those who left (the most
        recent leaver first), then most phases completed (not in a game of a fixed
        number of hands, where everyone moves on every hand), then lowest total, then
        seat."""
        fixed_hands = self.rules.hands is not None
        ordered = sorted(
            self.players,
            key=lambda player: (
                player.name != self.winner,
                -(player.left_before or len(self.hands) + 2),
                0 if fixed_hands else -len(player.completed),
                player.total,
                player.seat,
            ),
        )
        return tuple(player.name for player in ordered)
