"""What the entry form holds while a hand is being typed in: plain Python, no widgets.

A player who did not make their phase holds exactly ten cards, so their 1-9 count is
worked out from the other kinds until someone types it; a player who made their phase
starts with no cards. That keeps a typical entry to a few keystrokes.
"""

from typing import NamedTuple

from phase10_keeper.rules import (
    HAND_SIZE,
    NO_CARDS,
    CardKind,
    Cards,
    GameState,
    Hand,
    Order,
    Phase,
    PlayerResult,
    Problem,
    ProblemKey,
    Severity,
    Status,
    check_hand,
)

BASE_KINDS = (CardKind.LOW, CardKind.HIGH, CardKind.SKIP, CardKind.WILD)


# A plain class and a named tuple, not dataclasses: this module is imported as a game
# opens, and generating their methods took longer than the rest of the module.
class PlayerDraft:
    """What is typed for one player."""

    __slots__ = ("made", "phase", "typed")

    def __init__(
        self, made: bool = False, typed: dict[CardKind, int] | None = None, phase: int | None = None
    ) -> None:
        self.made = made
        self.typed: dict[CardKind, int] = {} if typed is None else typed
        """Counts the user typed; a kind not here is 0, or worked out for 1-9."""
        self.phase = phase


class DraftSnapshot(NamedTuple):
    went_out: str | None
    players: tuple[tuple[str, bool, tuple[tuple[CardKind, int], ...], int | None], ...]


def renamed_snapshot(snapshot: DraftSnapshot, old: str, new: str) -> DraftSnapshot:
    """The snapshot with player `old` called `new`."""
    return DraftSnapshot(
        new if snapshot.went_out == old else snapshot.went_out,
        tuple(
            (new if name == old else name, made, typed, phase)
            for name, made, typed, phase in snapshot.players
        ),
    )


class HandDraft:
    """One hand being entered after `state` (the state before the hand)."""

    def __init__(self, state: GameState, hand: Hand | None = None) -> None:
        self.state = state
        self.participants: tuple[str, ...] = state.participants()
        self.kinds: tuple[CardKind, ...] = BASE_KINDS + (
            (CardKind.SUPER_WILD,) if state.rules.super_wild else ()
        )
        self.chooses_phase = (
            state.rules.order is Order.CHOOSE and state.status is Status.IN_PROGRESS
        )
        self.went_out: str | None = None
        self.players: dict[str, PlayerDraft] = {name: PlayerDraft() for name in self.participants}
        if hand is not None:
            self._fill(hand)

    def _fill(self, hand: Hand) -> None:
        self.went_out = hand.went_out if hand.went_out in self.players else None
        for name, result in hand.results.items():
            if name not in self.players:
                continue
            player = self.players[name]
            # Going out implies making it; the player's own tick is for if they did not.
            player.made = result.made and name != hand.went_out
            player.phase = result.phase
            player.typed = {kind: count for kind, count in result.cards.items() if count}
            if not result.made and result.cards.low == self._worked_out_low(name):
                player.typed.pop(CardKind.LOW, None)

    def set_went_out(self, name: str | None) -> None:
        """Whoever went out made it; moving "went out" on leaves the first player's own
        "made it" as it was before."""
        self.went_out = name

    def set_made(self, name: str, made: bool) -> None:
        """Counts typed stay as typed: the checks say if they no longer fit."""
        self.players[name].made = made
        if not made and self.went_out == name:
            self.went_out = None

    def snapshot(self) -> "DraftSnapshot":
        """Everything typed so far, to go back to with `restore`."""
        return DraftSnapshot(
            self.went_out,
            tuple(
                (name, player.made, tuple(player.typed.items()), player.phase)
                for name, player in self.players.items()
            ),
        )

    def restore(self, snapshot: "DraftSnapshot") -> None:
        self.went_out = snapshot.went_out
        for name, made, typed, phase in snapshot.players:
            self.players[name] = PlayerDraft(made, dict(typed), phase)

    def set_count(self, name: str, kind: CardKind, count: int | None) -> None:
        """`None` clears what was typed, so 1-9 is worked out again."""
        if count is None:
            self.players[name].typed.pop(kind, None)
        else:
            self.players[name].typed[kind] = count

    def set_phase(self, name: str, label: int | None) -> None:
        self.players[name].phase = label

    def made(self, name: str) -> bool:
        return self.went_out == name or self.players[name].made

    def is_worked_out(self, name: str, kind: CardKind) -> bool:
        """True where the count shown is worked out rather than typed."""
        return (
            kind is CardKind.LOW
            and self.went_out != name
            and not self.players[name].made
            and CardKind.LOW not in self.players[name].typed
        )

    def _worked_out_low(self, name: str) -> int:
        typed = self.players[name].typed
        others = sum(count for kind, count in typed.items() if kind is not CardKind.LOW)
        return max(0, HAND_SIZE - others)

    def count(self, name: str, kind: CardKind) -> int:
        if self.went_out == name:
            return 0
        if self.is_worked_out(name, kind):
            return self._worked_out_low(name)
        return self.players[name].typed.get(kind, 0)

    def cards(self, name: str) -> Cards:
        if self.went_out == name:
            return NO_CARDS
        return Cards(**{kind.value: self.count(name, kind) for kind in self.kinds})

    def points(self, name: str) -> int:
        return self.cards(name).points

    def phase_choices(self, name: str) -> tuple[Phase, ...]:
        return self.state.phases_left(name) if self.chooses_phase else ()

    def fixed_phase(self, name: str) -> Phase | None:
        """The phase this player attempts where the rules fix it."""
        if self.state.status is Status.TIEBREAK:
            return self.state.replay_phase()
        return self.state.next_phase(name)

    def hand(self) -> Hand | None:
        if self.went_out is None:
            return None
        results = {
            name: PlayerResult(
                made=self.made(name),
                cards=self.cards(name),
                phase=self.players[name].phase if self.chooses_phase else None,
            )
            for name in self.participants
        }
        return Hand(went_out=self.went_out, results=results)

    def problems(self) -> list[Problem]:
        """Every error and warning the hand as typed would raise."""
        hand = self.hand()
        if hand is None:
            return [
                Problem(
                    Severity.ERROR,
                    ProblemKey.NOBODY_WENT_OUT,
                    hand_number=self.state.hand_number,
                    field="went_out",
                )
            ]
        return check_hand(self.state, hand)
