"""The standings as rows and columns, for every table that shows them: the game page's,
the scoreboard's and the command line's. Each says the rows in its own words; what a row
holds and which columns there are is decided here, once.
"""

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

from phase10_keeper.rules import GameState, Order, Phase, Status


class StandingsColumn(Enum):
    PLACE = "place"
    """Where the player stands, 1 the best (the command line shows the seat instead)."""
    PLAYER = "player"
    PHASE = "phase"
    """What the player attempts next; a finished game's tables leave it out."""
    DONE = "done"
    """How many phases the player has made."""
    TOTAL = "total"

    @property
    def spec(self) -> "ColumnSpec":
        return COLUMN_SPECS[self]

    @property
    def left_aligned(self) -> bool:
        """Words line up on the left, numbers on the right."""
        return self.spec.kind is not CellKind.NUMBER


class CellKind(Enum):
    """How every table shows a column's cells: each table words each kind its own way."""

    NUMBER = "number"
    """A number: `ColumnSpec.value`, on the right."""
    NAME = "name"
    """The player's name, with the table's marks (deals, won)."""
    PHASE = "phase"
    """What the player does next (`StandingsRow.next`), in the table's words."""


class ColumnWords(NamedTuple):
    """The catalogue keys of a column's heading in each table."""

    window: str
    window_tip: str
    scoreboard: str
    command_line: str


class ColumnSpec(NamedTuple):
    """One column of the standings, described once for every table that shows it (the
    game page's, the scoreboard's, the command line's): a new column is one entry here
    and its words in the catalogues."""

    words: ColumnWords
    kind: CellKind
    value: "Callable[[StandingsRow], int] | None" = None
    """A number column's value for a row."""
    seat_value: "Callable[[StandingsRow], int] | None" = None
    """What the command line shows instead, in seat order, where it differs."""
    emphasised: bool = False
    """Drawn bold, as the total is on paper."""
    room: int = 0
    """The share of a board's width left over that the column takes."""
    when_finished: bool = True
    """Shown once the game is over."""

    def number(self, row: "StandingsRow", *, in_seats: bool = False) -> int:
        """A number column's value for `row`; `in_seats`, as the command line shows it."""
        value = (self.seat_value if in_seats else None) or self.value
        assert value is not None, "a column of names or phases has no number"
        return value(row)


COLUMN_SPECS: "dict[StandingsColumn, ColumnSpec]" = {
    StandingsColumn.PLACE: ColumnSpec(
        ColumnWords(
            "standings.place", "standings.place_tip", "scoreboard.column_place", "cli.seat"
        ),
        CellKind.NUMBER,
        value=lambda row: row.place,
        seat_value=lambda row: row.seat,
    ),
    StandingsColumn.PLAYER: ColumnSpec(
        ColumnWords(
            "standings.player", "standings.player", "scoreboard.column_player", "cli.player"
        ),
        CellKind.NAME,
        room=3,
    ),
    StandingsColumn.PHASE: ColumnSpec(
        ColumnWords(
            "standings.now_on", "standings.now_on_tip", "scoreboard.column_now_on", "cli.phase"
        ),
        CellKind.PHASE,
        room=2,
        when_finished=False,
    ),
    StandingsColumn.DONE: ColumnSpec(
        ColumnWords(
            "standings.done", "standings.done_tip", "scoreboard.column_phases_done", "cli.done"
        ),
        CellKind.NUMBER,
        value=lambda row: len(row.completed),
    ),
    StandingsColumn.TOTAL: ColumnSpec(
        ColumnWords(
            "standings.total", "standings.total_tip", "scoreboard.column_total", "cli.total"
        ),
        CellKind.NUMBER,
        value=lambda row: row.total,
        emphasised=True,
    ),
}


STANDINGS_COLUMNS = tuple(StandingsColumn)
"""The columns, in the order the tables show them."""


def shown_columns(state: GameState) -> tuple[StandingsColumn, ...]:
    """The columns a table of `state` shows: those shown once the game is over, or all."""
    if state.status is Status.FINISHED:
        return tuple(column for column in STANDINGS_COLUMNS if column.spec.when_finished)
    return STANDINGS_COLUMNS


class Next(Enum):
    """What a player does next, which the phase column says."""

    LEFT = "left"
    """Left the table (before hand `left_before`)."""
    GAME_OVER = "game_over"
    SITS_OUT = "sits_out"
    """Sits out the tie-break hand."""
    REPLAYS = "replays"
    """Replays `phase` to break the tie (without a phase: the hand)."""
    CHOOSES = "chooses"
    """Chooses a phase from `phases_left`."""
    ATTEMPTS = "attempts"
    """Attempts `phase` (without a phase: has made them all)."""


@dataclass(frozen=True)
class StandingsRow:
    place: int
    """1 for the best placed."""
    seat: int
    """1 for the first seat."""
    name: str
    winner: bool
    dealer: bool
    left_before: int | None
    """The hand the player left before, if they left."""
    next: Next
    phase: Phase | None
    """The phase attempted or replayed next, where one is."""
    phases_left: int
    """In choose order, the number of phases the player has still to make: up to the
    target (Masters to eight ends with the eighth made), however many are unmade."""
    completed: tuple[int, ...]
    """The labels of the phases made, in the order made."""
    total: int

    @property
    def seated(self) -> bool:
        return self.left_before is None


def standings_rows(state: GameState) -> tuple[StandingsRow, ...]:
    """Everyone, best placed first."""
    return tuple(_row(state, place, name) for place, name in enumerate(state.ranking(), 1))


def _row(state: GameState, place: int, name: str) -> StandingsRow:
    player = state.player(name)
    tied = state.status is Status.TIEBREAK and name in state.tiebreak_players
    phase: Phase | None = None
    phases_left = 0
    if player.left_before is not None:
        next_step = Next.LEFT
    elif state.status is Status.FINISHED:
        next_step = Next.GAME_OVER
    elif state.status is Status.TIEBREAK:
        next_step = Next.REPLAYS if tied else Next.SITS_OUT
        phase = state.replay_phase() if tied else None
    elif state.rules.order is Order.CHOOSE:
        next_step = Next.CHOOSES
        to_target = state.rules.target - len(player.completed)
        phases_left = min(to_target, len(state.phases_left(name)))
    else:
        next_step = Next.ATTEMPTS
        phase = state.next_phase(name)
    return StandingsRow(
        place=place,
        seat=player.seat + 1,
        name=name,
        winner=name == state.winner,
        dealer=name == state.dealer,
        left_before=player.left_before,
        next=next_step,
        phase=phase,
        phases_left=phases_left,
        completed=player.completed,
        total=player.total,
    )
