"""What the entry form holds while a hand is being typed in: plain Python, no widgets.

A player who did not make their phase holds exactly ten cards, so their 1-9 count is
worked out from the other kinds until someone types it; a player who made their phase
starts with no cards. That keeps a typical entry to a few keystrokes.

A player's result may be typed as a points total instead ("by points"): until it is
typed, it is what the cards would give untouched (ten 1-9 cards for a miss, 50 at the
official values; 0 for a maker).
"""

from collections.abc import Callable
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

    __slots__ = ("by_points", "made", "phase", "points", "typed")

    def __init__(
        self,
        made: bool = False,
        typed: dict[CardKind, int] | None = None,
        phase: int | None = None,
        by_points: bool = False,
        points: int | None = None,
    ) -> None:
        self.made = made
        self.typed: dict[CardKind, int] = {} if typed is None else typed
        """Counts the user typed; a kind not here is 0, or worked out for 1-9."""
        self.phase = phase
        self.by_points = by_points
        """The result is a points total, not cards by kind."""
        self.points = points
        """The total typed, by points; None until typed."""


class DraftSnapshot(NamedTuple):
    went_out: str | None
    players: tuple[
        tuple[str, bool, tuple[tuple[CardKind, int], ...], int | None, bool, int | None], ...
    ]


def points_players(state: GameState, default: Callable[[], bool]) -> frozenset[str]:
    """The players whose next result starts by points: those whose last telling result
    was a points total (a score with no cards given), and, if `default()` says so, those
    with none yet. Going out (no cards, no points) tells neither way. `default` is asked
    only where someone has no telling result: the window's setting it reads costs a
    tenth of a millisecond, at every hand recorded."""
    seated = state.participants()
    last: dict[str, bool] = {}
    for index in range(len(state.hands) - 1, -1, -1):
        for name, entry in state.hands[index].entries.items():
            if name not in last and (entry.points or not entry.cards.is_empty):
                last[name] = entry.cards.is_empty
        if all(name in last for name in seated):
            return frozenset(name for name in seated if last[name])
    otherwise = default()
    return frozenset(name for name in seated if last.get(name, otherwise))


def renamed_snapshot(snapshot: DraftSnapshot, old: str, new: str) -> DraftSnapshot:
    """The snapshot with player `old` called `new`."""
    return DraftSnapshot(
        new if snapshot.went_out == old else snapshot.went_out,
        tuple((new if player[0] == old else player[0], *player[1:]) for player in snapshot.players),
    )


class HandDraft:
    """One hand being entered after `state` (the state before the hand)."""

    def __init__(
        self, state: GameState, hand: Hand | None = None, by_points: frozenset[str] = frozenset()
    ) -> None:
        """`by_points`: the players whose result starts as a points total."""
        self.state = state
        self.participants: tuple[str, ...] = state.participants()
        self.kinds: tuple[CardKind, ...] = BASE_KINDS + (
            (CardKind.SUPER_WILD,) if state.rules.super_wild else ()
        )
        self.chooses_phase = (
            state.rules.order is Order.CHOOSE and state.status is Status.IN_PROGRESS
        )
        self.went_out: str | None = None
        self.players: dict[str, PlayerDraft] = {
            name: PlayerDraft(
                phase=self._starting_phase(name) if self.chooses_phase else None,
                by_points=name in by_points,
            )
            for name in self.participants
        }
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
            player.by_points = result.points is not None
            player.points = result.points
            player.typed = {kind: count for kind, count in result.cards.items() if count}
            if not result.made and result.cards.low == self._worked_out_low(name):
                player.typed.pop(CardKind.LOW, None)

    def _starting_phase(self, name: str) -> int | None:
        """Where a player's phase choice starts, so that most hands need no phase typed:
        the phase they tried last if they have not made it, else the lowest not made."""
        left = {phase.label for phase in self.state.phases_left(name)}
        for record in reversed(self.state.hands):
            entry = record.entries.get(name)
            if entry is not None and entry.phase is not None:
                if entry.phase in left:
                    return entry.phase
                break
        return min(left, default=None)

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
                (
                    name,
                    player.made,
                    tuple(player.typed.items()),
                    player.phase,
                    player.by_points,
                    player.points,
                )
                for name, player in self.players.items()
            ),
        )

    def restore(self, snapshot: "DraftSnapshot") -> None:
        self.went_out = snapshot.went_out
        for name, made, typed, phase, by_points, points in snapshot.players:
            self.players[name] = PlayerDraft(made, dict(typed), phase, by_points, points)

    def set_by_points(self, name: str, by_points: bool) -> None:
        """Switches between a points total and cards by kind; what was typed in either
        stays for a switch back."""
        self.players[name].by_points = by_points

    def by_points(self, name: str) -> bool:
        return self.players[name].by_points

    def set_points(self, name: str, points: int | None) -> None:
        """`None` clears the total typed, so it is worked out again."""
        self.players[name].points = points

    def is_points_worked_out(self, name: str) -> bool:
        """True where the total shown, by points, is the untouched one, not typed."""
        return self.went_out != name and self.players[name].points is None

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
        player = self.players[name]
        values = self.state.rules.card_values
        if not player.by_points or self.went_out == name:
            return values.points(self.cards(name))
        if player.points is None:
            return 0 if self.made(name) else HAND_SIZE * values.low
        return player.points

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
        return self._hand(self.went_out)

    def _hand(self, went_out: str) -> Hand:
        results = {}
        for name in self.participants:
            phase = self.players[name].phase if self.chooses_phase else None
            if self.players[name].by_points and went_out != name:
                result = PlayerResult(made=self.made(name), points=self.points(name), phase=phase)
            else:
                result = PlayerResult(made=self.made(name), cards=self.cards(name), phase=phase)
            results[name] = result
        return Hand(went_out=went_out, results=results)

    def problems(self) -> list[Problem]:
        """Every error and warning the hand as typed would raise; with nobody out yet,
        that and every problem of the others' results, so all are listed at once."""
        if self.went_out is not None:
            return check_hand(self.state, self._hand(self.went_out))
        nobody = Problem(
            Severity.ERROR,
            ProblemKey.NOBODY_WENT_OUT,
            hand_number=self.state.hand_number,
            field="went_out",
        )
        # Checked as a hand nobody at the table went out of: the rules then find every
        # result's problems, and that one more, which `nobody` says better.
        checked = check_hand(self.state, self._hand(""))
        return [nobody] + [
            problem for problem in checked if problem.key is not ProblemKey.WENT_OUT_UNKNOWN
        ]
