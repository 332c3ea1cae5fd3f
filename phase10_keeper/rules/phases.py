"""Phases and the groups of cards they are built from."""

from phase10_keeper.rules.groups import GroupKind
from phase10_keeper.rules.problems import Problem, ProblemKey, error
from phase10_keeper.rules.record import Record, record

HIGHEST_NUMBER = 12
"""Runs cannot wrap from 12 to 1, so no run is longer than this."""

MAX_PHASE_CARDS = 10
"""A phase is laid down from a ten-card hand."""


@record
class Group(Record):
    """One group of cards a phase asks for: a set, a run and so on, of `size` cards."""

    kind: GroupKind
    size: int

    def problem(self, label: int) -> Problem | None:
        """Why this group cannot be part of the phase with this label, or None if it can."""
        if self.size < 1:
            return error(ProblemKey.GROUP_EMPTY, phase=label, kind=self.kind)
        if self.kind in (GroupKind.RUN, GroupKind.COLOR_RUN) and self.size > HIGHEST_NUMBER:
            return error(ProblemKey.RUN_TOO_LONG, phase=label, most=HIGHEST_NUMBER)
        if self.size > MAX_PHASE_CARDS:
            # Checked per group so that a phase's card count is only ever summed from
            # small sizes: a file can hold sizes too long to print.
            return error(
                ProblemKey.GROUP_OVER_HAND,
                phase=label,
                kind=self.kind,
                size=self.size,
                most=MAX_PHASE_CARDS,
            )
        return None


@record
class Phase(Record):
    """One phase: its label (the number printed for it) and the groups it asks for."""

    label: int
    groups: tuple[Group, ...]

    @property
    def card_count(self) -> int:
        return sum(group.size for group in self.groups)

    def problem(self) -> Problem | None:
        """Why this phase cannot be played, or None if it can."""
        if self.label < 1:
            return error(ProblemKey.PHASE_LABEL, phase=self.label)
        if not self.groups:
            return error(ProblemKey.PHASE_NO_GROUPS, phase=self.label)
        for group in self.groups:
            group_problem = group.problem(self.label)
            if group_problem is not None:
                return group_problem
        if self.card_count > MAX_PHASE_CARDS:
            return error(
                ProblemKey.PHASE_OVER_HAND,
                phase=self.label,
                count=self.card_count,
                most=MAX_PHASE_CARDS,
            )
        return None


def _set(size: int) -> Group:
    return Group(GroupKind.SET, size)


def _run(size: int) -> Group:
    return Group(GroupKind.RUN, size)


MATTEL_PHASES: tuple[Phase, ...] = (
    Phase(1, (_set(3), _set(3))),
    Phase(2, (_set(3), _run(4))),
    Phase(3, (_set(4), _run(4))),
    Phase(4, (_run(7),)),
    Phase(5, (_run(8),)),
    Phase(6, (_run(9),)),
    Phase(7, (_set(4), _set(4))),
    Phase(8, (Group(GroupKind.COLOR, 7),)),
    Phase(9, (_set(5), _set(2))),
    Phase(10, (_set(5), _set(3))),
)
