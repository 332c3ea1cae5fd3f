"""How one game went, hand by hand: the numbers behind its charts and its summary."""

from collections.abc import Iterable, Iterator, Sequence
from itertools import chain
from typing import TYPE_CHECKING, NamedTuple, TypeVar

from phase10_keeper.language import NameShown, Words, as_it_is, words_or_english
from phase10_keeper.rules import Status

# The rest of the rules load where a game is replayed: the statistics of kept records
# need none of them.
if TYPE_CHECKING:
    from phase10_keeper.rules import Entry, Game, GameState, HandRecord, Replay


class PhaseTally(NamedTuple):
    """Hands in which a phase was tried, and how many of them it was made in."""

    label: int
    attempts: int
    made: int

    @property
    def share(self) -> float:
        """The share of attempts made, from 0 to 1."""
        return self.made / self.attempts if self.attempts else 0.0


def phase_attempts(hand: "HandRecord") -> "Iterator[tuple[str, Entry]]":
    """The results of a hand that count as phase attempts: each player's, where the phase
    tried is known (the phase the player was on, or in choose order the phase the result
    records), in every hand but a tie-break replay hand.
    """
    if hand.replay:
        return
    for name, entry in hand.entries.items():
        if entry.phase is not None:
            yield name, entry


class PhaseCounter:
    """Adds up attempts and makes per phase label."""

    def __init__(self) -> None:
        # Plain dicts: a Counter's items, a subclass's, are read and set at half the speed.
        self._attempts: dict[int, int] = {}
        self._made: dict[int, int] = {}

    def count(self, entry: "Entry") -> None:
        if entry.phase is None:
            return
        self._attempts[entry.phase] = self._attempts.get(entry.phase, 0) + 1
        if entry.made:
            self._made[entry.phase] = self._made.get(entry.phase, 0) + 1

    def add_counts(self, counts: Iterable[int]) -> None:
        """Counts tallies made elsewhere in with these, given flat as label, attempts,
        made, label, ...: a player's thousands of games are added up in one pass over
        their tallies."""
        attempts, made = self._attempts, self._made
        attempts_of, made_of = attempts.get, made.get
        # One iterator read three at a time: no copies of a list of a million values.
        values = iter(counts)
        for label, tried, succeeded in zip(values, values, values, strict=True):
            attempts[label] = attempts_of(label, 0) + tried
            made[label] = made_of(label, 0) + succeeded

    def add_games(self, games: Iterable[tuple[int, ...]]) -> None:
        """Counts in the tallies of many games, each flat as `add_counts` takes them.

        Games that tried the same phases (where phases are played in order, the first
        few) are added up column by column first, a pass in C over thousands of them: a
        player's thousands of games try a few dozen sets of phases."""
        alike: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
        for counts in games:
            if len(counts) % 3:
                raise ValueError("tallies come in threes: label, attempts, made")
            labels = counts[::3]
            same = alike.get(labels)
            if same is None:
                alike[labels] = [counts]
            else:
                same.append(counts)
        # A set only one game tried is counted in with the other such games in one
        # pass: adding up columns of one would cost more.
        alone = []
        for labels, same in alike.items():
            if len(same) == 1:
                alone.append(same[0])
                continue
            sums = list(map(sum, zip(*same, strict=True)))
            sums[::3] = labels
            self.add_counts(sums)
        self.add_counts(chain.from_iterable(alone))

    def tallies(self) -> tuple[PhaseTally, ...]:
        """In label order; labels never attempted are left out."""
        return tuple(
            PhaseTally(label, self._attempts[label], self._made.get(label, 0))
            for label in sorted(self._attempts)
        )


def phase_tallies(
    hands: "Iterable[HandRecord]", player: str | None = None
) -> tuple[PhaseTally, ...]:
    """Attempts and makes per phase label: only `player`'s where given, else everyone's."""
    counter = PhaseCounter()
    for hand in hands:
        for name, entry in phase_attempts(hand):
            if player is None or name == player:
                counter.count(entry)
    return counter.tallies()


def hardest_phase(tallies: Iterable[PhaseTally]) -> PhaseTally | None:
    """The phase made in the smallest share of its attempts; of equals, the most tried."""
    return min(tallies, key=lambda tally: (tally.share, -tally.attempts, tally.label), default=None)


def struggled_phase(tallies: Iterable[PhaseTally]) -> PhaseTally | None:
    """The hardest phase, if one was ever missed: a player who made every phase at the
    first try has none, however the statistics order the phases they made."""
    hardest = hardest_phase(tallies)
    return hardest if hardest is not None and hardest.made < hardest.attempts else None


def easiest_phase(tallies: Iterable[PhaseTally]) -> PhaseTally | None:
    """The phase made in the largest share of its attempts; of equals, the most tried."""
    return min(
        tallies, key=lambda tally: (-tally.share, -tally.attempts, tally.label), default=None
    )


T = TypeVar("T")


class PlayerSeries(NamedTuple):
    """One player's line through the game: one entry per hand played so far.

    `points` is None for a hand the player sat out (a tie-break replay hand they were not
    tied in); `totals` and `phases_made` then carry the previous value.
    """

    name: str
    points: tuple[int | None, ...]
    totals: tuple[int, ...]
    """The running total after each hand."""
    phases_made: tuple[int, ...]
    """How many phases the player had made after each hand."""
    went_out: int
    """Hands in which the player went out."""

    @property
    def start_total(self) -> int:
        """The total before the first hand: 0, or what the table gave a player who joined
        later (their line starts flat on it)."""
        if not self.totals:
            return 0
        return self.totals[0] - (self.points[0] or 0)


class BigHand(NamedTuple):
    player: str
    hand: int
    """The 1-based hand number."""
    points: int


class GameSeries(NamedTuple):
    """Everything the charts and the end-of-game summary show about one game."""

    players: tuple[PlayerSeries, ...]
    """In seating order."""
    leaders: tuple[str, ...]
    """Who led after each hand: the ranking's first (the winner, once there is one)."""
    tiebreak_hand: int | None
    """The number of the tie-break replay hand, once played."""
    phases: tuple[PhaseTally, ...]
    fastest_phase: PhaseTally | None
    """The phase made in the largest share of its attempts (of equals, the most tried)."""
    slowest_phase: PhaseTally | None
    """The phase made in the smallest share of its attempts (of equals, the most tried)."""
    most_hands_out: tuple[tuple[str, int], ...]
    """The players who went out most often (all who share the most), with the count."""
    biggest_hand: BigHand | None
    """The most points anyone took in one hand; of equals, the earliest, then by seat."""
    status: Status
    winner: str | None
    final: "GameState"
    """How the game stands after its last hand."""

    @property
    def hands(self) -> int:
        return len(self.leaders)

    def why(self, words: Words | None = None, shown: NameShown = as_it_is) -> str | None:
        """Why the winner won, as a sentence fragment ("the only player to have ...")."""
        if self.status is not Status.FINISHED:
            return None
        from phase10_keeper.language.wording import win_reason

        return win_reason(words_or_english(words), self.final, shown)

    def while_seated(self, name: str, values: Sequence[T]) -> tuple[T | None, ...]:
        """A player's `values` at the start and after each hand, None where they were not
        at the table: before the hand they joined at (their line starts on the total they
        sat down with, not at the start of the game), after the last hand before they
        left. Every chart of a game draws its lines through this, the window's and the
        paper's alike."""
        player = self.final.player(name)
        return tuple(
            value if player.seated_for(number) or player.seated_for(number + 1) else None
            for number, value in enumerate(values)
        )

    def series(self, name: str) -> PlayerSeries:
        for player in self.players:
            if player.name == name:
                return player
        raise KeyError(name)


def game_series(game: "Game", replayed: "Replay | None" = None) -> GameSeries:
    """The series of a game, from its replay where the caller already has it."""
    from phase10_keeper.rules import replay

    run = replayed if replayed is not None else replay(game)
    final = run.final
    names = [player.name for player in final.players]
    points: dict[str, list[int | None]] = {name: [] for name in names}
    totals: dict[str, list[int]] = {name: [] for name in names}
    made: dict[str, list[int]] = {name: [] for name in names}
    went_out = dict.fromkeys(names, 0)
    biggest: BigHand | None = None
    # A player who joins later has no state before then: their line starts flat on the
    # total the table gave them.
    before_joining = {
        player.name: player.total - sum(player.hand_points) for player in final.players
    }
    for state, hand in zip(run.states[1:], final.hands, strict=True):
        went_out[hand.went_out] += 1
        seen = {player.name: player for player in state.players}
        for name in names:
            player = seen.get(name)
            entry = hand.entries.get(name)
            points[name].append(entry.points if entry is not None else None)
            totals[name].append(before_joining[name] if player is None else player.total)
            made[name].append(0 if player is None else len(player.completed))
            if entry is not None and (biggest is None or entry.points > biggest.points):
                biggest = BigHand(name, hand.number, entry.points)
    most = max(went_out.values(), default=0)
    tallies = phase_tallies(final.hands)
    return GameSeries(
        players=tuple(
            PlayerSeries(
                name, tuple(points[name]), tuple(totals[name]), tuple(made[name]), went_out[name]
            )
            for name in names
        ),
        leaders=tuple(state.ranking()[0] for state in run.states[1:]),
        tiebreak_hand=next((hand.number for hand in final.hands if hand.replay), None),
        phases=tallies,
        fastest_phase=easiest_phase(tallies),
        slowest_phase=hardest_phase(tallies),
        most_hands_out=tuple((name, count) for name, count in went_out.items() if count == most)
        if most
        else (),
        biggest_hand=biggest if biggest is not None and biggest.points > 0 else None,
        status=final.status,
        winner=final.winner,
        final=final,
    )


def _phase_words(words: Words, tally: PhaseTally) -> str:
    return words.count("summary.phase_words", tally.attempts, phase=tally.label, made=tally.made)


def summary_lines(
    series: GameSeries, language: Words | None = None, shown: NameShown = as_it_is
) -> list[tuple[str, str]]:
    """How the game went in a few plain sentences, as (heading, text) pairs: who won and
    why (or who leads), the tie-break, the fastest and slowest phase, who went out most
    and the biggest hand; in English unless another language is given. `shown` is how a
    name is shown inside a sentence (the window isolates each)."""
    words = words_or_english(language)
    lines = []
    if series.status is Status.FINISHED and series.winner is not None:
        reason = series.why(words, shown)
        text = words("summary.winner_text", name=shown(series.winner), reason=reason)
        lines.append((words("summary.winner"), text))
    else:
        leader = shown(series.leaders[-1])
        text = words.count("summary.leads", series.hands, name=leader)
        lines.append((words("summary.not_finished"), text))
    if series.tiebreak_hand is not None:
        text = words("summary.tiebreak_text", hand=series.tiebreak_hand)
        lines.append((words("summary.tiebreak_heading"), text))
    if series.fastest_phase is not None:
        lines.append((words("summary.fastest"), _phase_words(words, series.fastest_phase) + "."))
    if series.slowest_phase is not None and series.slowest_phase != series.fastest_phase:
        lines.append((words("summary.slowest"), _phase_words(words, series.slowest_phase) + "."))
    if series.most_hands_out:
        names = words("names.separator").join(shown(name) for name, _ in series.most_hands_out)
        count = series.most_hands_out[0][1]
        lines.append(
            (words("summary.most_out"), words.count("summary.most_out_text", count, names=names))
        )
    if series.biggest_hand is not None:
        big = series.biggest_hand
        name = shown(big.player)
        text = words("summary.biggest_text", name=name, points=big.points, hand=big.hand)
        lines.append((words("summary.biggest"), text))
    return lines
