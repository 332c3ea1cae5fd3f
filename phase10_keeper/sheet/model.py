"""What goes on each page of a score sheet, worked out from a game or for a blank pad.

Plain data only: the renderer decides where and how it is drawn.
"""

from collections.abc import Sequence
from datetime import datetime
from typing import NamedTuple

from phase10_keeper.language import Words, words_or_english
from phase10_keeper.language.wording import (
    printed_date,
    printed_moment,
    tie_sentence,
    win_reason,
)
from phase10_keeper.rules import (
    MAX_PLAYERS,
    Game,
    GameError,
    GameState,
    HandRecord,
    Join,
    Leave,
    Replay,
    RuleSet,
    Status,
    replay,
)
from phase10_keeper.sheet.paper import HANDS_PER_PAGE, SheetError


class Cell(NamedTuple):
    """One player's result in one hand."""

    phase: int | None
    made: bool
    points: int
    total: int


class Column(NamedTuple):
    """One hand that was played; a player missing from `cells` sat the hand out."""

    number: int
    replay: bool
    cells: dict[str, Cell]


class Page(NamedTuple):
    number: int
    """1-based."""
    first_hand: int
    columns: tuple[Column, ...]
    """The hands played on this page, at most twelve; the rest of the page is empty."""
    carried: dict[str, int] | None
    """Totals brought forward from the page before; None on the first page."""
    totals: dict[str, int] | None
    """Running totals at the end of this page; None on a blank sheet."""
    made: dict[str, frozenset[int]]
    """Phase labels each player has made by the end of this page."""
    dealers: tuple[str, ...] = ()
    """Who deals each hand on the page, played or still to come; empty where no one will."""


class Sheet(NamedTuple):
    words: Words
    """The language the sheet is printed in."""
    title: str
    date: str
    """When the game was played, or empty for a line to write it on."""
    rules: RuleSet
    players: tuple[str, ...]
    """Row labels; empty strings are rows to write a name in."""
    filled: bool
    pages: tuple[Page, ...]
    winner: str | None
    outcome: str
    """The sentence for the foot of the last page: who won and why, or where play stands."""
    more_to_play: bool
    """Whether hands are still to be written in (a blank or an unfinished game)."""
    joined: dict[str, tuple[int, int]]
    """Players who joined during the game: the hand they joined before and their
    starting total."""
    left: dict[str, int]
    """Players who left during the game: the hand they left before."""
    replay_players: tuple[str, ...] = ()
    """The tied players, while the tie-break replay hand is still to be played."""

    def seated_for(self, name: str, hand_number: int) -> bool:
        """Whether the player sat at the table for this 1-based hand."""
        if name in self.joined and hand_number < self.joined[name][0]:
            return False
        return name not in self.left or hand_number < self.left[name]


def _date(started: str | None, code: str) -> str:
    """When the game started, as the sheet's language writes it, at the time of day on
    the table's clock when it was recorded."""
    if not started:
        return ""
    try:
        moment = datetime.fromisoformat(started)
    except ValueError:
        # Not a time at all: the sheet gets a line to write the date on instead.
        return ""
    if "T" not in started and " " not in started:
        return printed_date(code, moment.date())
    return printed_moment(code, moment)


def _outcome(words: Words, state: GameState) -> str:
    if state.status is Status.FINISHED and state.winner is not None:
        return words("outcome.winner", name=state.winner, reason=win_reason(words, state))
    if state.status is Status.TIEBREAK:
        return tie_sentence(words, state)
    played = state.hands_played
    if played == 0:
        return words("outcome.no_hands", dealer=state.dealer)
    return words.count("outcome.played", played, next=state.hand_number, dealer=state.dealer)


def _column(record: HandRecord) -> Column:
    return Column(
        number=record.number,
        replay=record.replay,
        cells={
            name: Cell(phase=entry.phase, made=entry.made, points=entry.points, total=entry.total)
            for name, entry in record.entries.items()
        },
    )


def _dealer(state: GameState, index: int) -> str:
    """Who deals the hand at this 0-based index, or empty if no one will.

    Known for hands to come too while the game goes on, so the table can carry on on
    paper; after a tie only the replay hand is still to be dealt.
    """
    if index < len(state.hands):
        return state.hands[index].dealer
    if state.status is Status.IN_PROGRESS:
        return state.dealer_of(index)
    if state.status is Status.TIEBREAK and index == len(state.hands):
        return state.dealer or ""
    return ""


def replay_checked(game: Game) -> Replay:
    """The game's replay; SheetError if it cannot be replayed."""
    try:
        return replay(game)
    except GameError as error:
        raise SheetError("sheet.error.replay", problem=error.problems[0]) from None


def filled_sheet(
    game: Game, title: str = "", replayed: Replay | None = None, language: Words | None = None
) -> Sheet:
    """The sheet of a game so far, in `language` (English unless given); `title`, when
    given, replaces the game's own. `replayed` is the game's replay where the caller has
    it."""
    words = words_or_english(language)
    state = (replayed if replayed is not None else replay_checked(game)).final
    columns = [_column(record) for record in state.hands]
    pages: list[Page] = []
    joined = {
        change.name: (change.before_hand, change.total)
        for change in game.seating
        if isinstance(change, Join)
    }
    left = {change.name: change.before_hand for change in game.seating if isinstance(change, Leave)}
    totals = {name: joined.get(name, (0, 0))[1] for name in game.players}
    made: dict[str, frozenset[int]] = {name: frozenset() for name in game.players}
    # A replay hand still to come needs a column, on a page of its own if the last is full.
    slots = len(columns) + (1 if state.status is Status.TIEBREAK else 0)
    for start in range(0, max(slots, 1), HANDS_PER_PAGE):
        carried = dict(totals) if start else None
        chunk = tuple(columns[start : start + HANDS_PER_PAGE])
        for column in chunk:
            for name, cell in column.cells.items():
                totals[name] = cell.total
                if cell.made and cell.phase is not None and not column.replay:
                    made[name] = made[name] | {cell.phase}
        pages.append(
            Page(
                number=len(pages) + 1,
                first_hand=start + 1,
                columns=chunk,
                carried=carried,
                totals=dict(totals),
                made=dict(made),
                dealers=tuple(
                    _dealer(state, index) for index in range(start, start + HANDS_PER_PAGE)
                ),
            )
        )
    return Sheet(
        words=words,
        title=title or game.title,
        date=_date(game.started, words.code),
        rules=game.rules,
        players=game.players,
        filled=True,
        pages=tuple(pages),
        winner=state.winner,
        outcome=_outcome(words, state),
        more_to_play=not state.is_over,
        replay_players=state.tiebreak_players if state.status is Status.TIEBREAK else (),
        joined=joined,
        left=left,
    )


def blank_sheet(
    names: Sequence[str], rows: int, rules: RuleSet, title: str, language: Words | None = None
) -> Sheet:
    """A one-page pad in `language` (English unless given): a row per name, or `rows` rows
    to write names in."""
    words = words_or_english(language)
    if names:
        if len(names) > MAX_PLAYERS:
            raise SheetError("sheet.error.names", most=MAX_PLAYERS, given=len(names))
        players = tuple(name.strip() for name in names)
        if any(not name for name in players):
            raise SheetError("sheet.error.empty_name")
    else:
        if not 1 <= rows <= MAX_PLAYERS:
            raise SheetError("sheet.error.rows", most=MAX_PLAYERS, given=rows)
        players = ("",) * rows
    page = Page(
        number=1,
        first_hand=1,
        columns=(),
        carried=None,
        totals=None,
        made={name: frozenset() for name in players},
    )
    return Sheet(
        words=words,
        title=title,
        date="",
        rules=rules,
        players=players,
        filled=False,
        pages=(page,),
        winner=None,
        outcome="",
        more_to_play=True,
        joined={},
        left={},
    )
