"""Statistics over many games: every player's record, phase difficulty, head-to-head and
records across game nights.

A player is a name compared ignoring case and outer spaces, as in game files; the name
shown is the spelling of the most recent game they sat in.
"""

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache, partial
from itertools import chain, combinations
from operator import countOf, itemgetter
from typing import TYPE_CHECKING, Any, NamedTuple

from phase10_keeper.collector import cycle_collector_paused
from phase10_keeper.language import Words
from phase10_keeper.rules import Status, clean_name, name_key
from phase10_keeper.stats.game import (
    PhaseCounter,
    PhaseTally,
    hardest_phase,
    phase_attempts,
    struggled_phase,
)

# The rest of the rules load where a game is replayed: the statistics of kept records
# need none of them.
if TYPE_CHECKING:
    from phase10_keeper.rules import Game, GameState


# A library has few players and names each of them in every game it holds: each name's
# key is worked out once (Unicode normalization is most of the statistics' adding up).
@lru_cache(maxsize=4096)
def player_key(name: str) -> str:
    """What two spellings of one player have in common, as game files compare names."""
    return name_key(clean_name(name))


# The records a library holds one of per game, or per player and game, are named tuples:
# ten thousand games make fifty thousand of them, built in a fifth of a dataclass's time.
class PlayedGame(NamedTuple):
    """One game as one player played it."""

    game_index: int
    """The game's place in the sequence the statistics were computed from."""
    finished: bool
    won: bool
    position: int
    """1-based place in the game's ranking (where the game stands, if unfinished)."""
    seats: int
    """How many players sat in the game."""
    hands: int
    points: int
    left_before: int | None = None
    """The hand they left before, if they left the table: the game went on (and may
    have finished) without them."""

    @property
    def points_per_hand(self) -> float:
        return self.points / self.hands if self.hands else 0.0


@dataclass(frozen=True)
class HeadToHead:
    """One player against one other, over the finished games both sat in."""

    opponent: str
    games: int
    ahead: int
    """Games in which the player finished ranked above the opponent."""
    behind: int


@dataclass(frozen=True)
class Records:
    """One player's records across game nights, over the finished games in play order."""

    best_total: int | None = None
    """The lowest final total in a finished game they were seated in at the end."""
    fastest_win: int | None = None
    """The fewest hands played in a game they won."""
    best_streak: int = 0
    """The most finished games they sat in and won one after another."""
    current_streak: int = 0
    """The finished games they sat in and won one after another, up to the last."""
    nemesis: str | None = None
    """Who won the most of the finished games they both sat in and this player lost."""


@dataclass(frozen=True)
class PlayerStats:
    name: str
    games: int
    finished: int
    wins: int
    hands: int
    """Hands played, tie-break replay hands included."""
    points: int
    went_out: int
    phases: tuple[PhaseTally, ...]
    """Attempts and makes per phase label, tie-break replay hands left out."""
    played: tuple[PlayedGame, ...]
    """The player's games, oldest first."""
    head_to_head: tuple[HeadToHead, ...]
    """Against every player met in a finished game, most games together first."""
    records: Records

    @property
    def key(self) -> str:
        return player_key(self.name)

    @property
    def win_rate(self) -> float:
        """Wins per finished game, from 0 to 1."""
        return self.wins / self.finished if self.finished else 0.0

    @property
    def points_per_hand(self) -> float:
        return self.points / self.hands if self.hands else 0.0

    @property
    def hardest_phase(self) -> PhaseTally | None:
        """The phase they made in the smallest share of their attempts, if they ever
        missed one (see `never_missed`)."""
        return struggled_phase(self.phases)

    @property
    def never_missed(self) -> bool:
        """They attempted phases and made each at every try: the tables say so in words
        ("never missed", `stats.never_missed`) rather than name a phase or show a dash."""
        return bool(self.phases) and all(tally.made == tally.attempts for tally in self.phases)


@dataclass(frozen=True)
class LibraryStats:
    games: int
    finished: int
    players: tuple[PlayerStats, ...]
    """Most wins first, then by name."""
    phases: tuple[PhaseTally, ...]
    """Phase difficulty over every player and game."""

    @property
    def hardest_phase(self) -> PhaseTally | None:
        return hardest_phase(self.phases)

    def player(self, name: str) -> PlayerStats | None:
        """The player with this name (ignoring case and outer spaces), if any game has them."""
        key = player_key(name)
        return next((player for player in self.players if player.key == key), None)


class PlayerRecord(NamedTuple):
    """One player's part in one game."""

    name: str
    hands: int
    """Hands played, tie-break replay hands included."""
    points: int
    went_out: int
    phase_counts: tuple[int, ...]
    """Attempts and makes per phase label, flat: label, attempts, made, label, ... (kept
    flat, ten thousand games' tallies are added up at once)."""
    total: int
    """Where their total stands (the final total in a finished game)."""
    left_before: int | None
    """The hand they left the table before, if they left (None: at the table, in a
    finished game at its end)."""

    @property
    def seated(self) -> bool:
        return self.left_before is None


class GameRecord(NamedTuple):
    """What the statistics need of one game, small enough to keep between runs."""

    finished: bool
    winner: str | None
    ranking: tuple[str, ...]
    players: tuple[PlayerRecord, ...]
    """In seating order."""
    hands: int
    """Hands played, a tie-break replay hand included."""


# Built by the tens of thousands from values in their order: without the named tuple's
# own constructor, a Python function called once for each.
_new_played_game = partial(tuple.__new__, PlayedGame)
_new_player_record = partial(tuple.__new__, PlayerRecord)
_new_game_record = partial(tuple.__new__, GameRecord)
_FINISHED, _WON = (PlayedGame._fields.index(name) for name in ("finished", "won"))
_HANDS, _POINTS, _WENT_OUT, _PHASE_COUNTS = (
    PlayerRecord._fields.index(name) for name in ("hands", "points", "went_out", "phase_counts")
)


def game_record(state: "GameState", earlier: "GameRecord | None" = None) -> GameRecord:
    """The record of a game from where it stands (its replay's final state). `earlier` is
    the record of an earlier state of the same replay, whose hands this state's begin
    with (`earlier.hands` of them): only the hands since are counted, so a hand recorded
    in a long game costs one hand's counting."""
    names = [player.name for player in state.players]
    hands = dict.fromkeys(names, 0)
    points = dict.fromkeys(names, 0)
    went_out = dict.fromkeys(names, 0)
    phases = {name: PhaseCounter() for name in names}
    counted = 0
    if earlier is not None and all(player.name in hands for player in earlier.players):
        counted = earlier.hands
        for player in earlier.players:
            hands[player.name] = player.hands
            points[player.name] = player.points
            went_out[player.name] = player.went_out
            phases[player.name].add_counts(player.phase_counts)
    for hand in state.hands[counted:]:
        went_out[hand.went_out] += 1
        for name, entry in hand.entries.items():
            hands[name] += 1
            points[name] += entry.points
        for name, entry in phase_attempts(hand):
            phases[name].count(entry)
    return GameRecord(
        finished=state.status is Status.FINISHED,
        winner=state.winner,
        ranking=state.ranking(),
        players=tuple(
            PlayerRecord(
                player.name,
                hands[player.name],
                points[player.name],
                went_out[player.name],
                tuple(value for tally in phases[player.name].tallies() for value in tally),
                player.total,
                player.left_before,
            )
            for player in state.players
        ),
        hands=state.hands_played,
    )


RECORD_FORMAT = 1
"""Raised whenever what `record_to_json` writes, or what a record means, changes: a record
kept in another format is made again from its game."""


def record_to_json(record: GameRecord) -> list[Any]:
    """The record as a compact row of plain values (ten thousand of them are read back
    at once): [finished, winner, ranking as seat numbers, hands, players], each player
    [name, hands, points, went out, total, left before, phases as label, attempts, made,
    label, ...]."""
    seats = {player.name: seat for seat, player in enumerate(record.players)}
    return [
        record.finished,
        record.winner,
        [seats[name] for name in record.ranking],
        record.hands,
        [
            [
                player.name,
                player.hands,
                player.points,
                player.went_out,
                player.total,
                player.left_before,
                list(player.phase_counts),
            ]
            for player in record.players
        ],
    ]


_INT = {int}


def record_from_json(data: Any) -> GameRecord:
    """The record `record_to_json` wrote; ValueError if `data` is not one."""
    try:
        finished, winner, ranking, hands, rows = data
        players = []
        for name, played, points, went_out, total, left_before, flat in rows:
            if not (
                type(name) is str
                and type(played) is type(points) is type(went_out) is type(total) is int
                and (left_before is None or type(left_before) is int)
                and type(flat) is list
                and not len(flat) % 3
                # Counted, not gathered into a set: a library's records hold a million.
                and countOf(map(type, flat), int) == len(flat)
            ):
                raise ValueError("a value of the wrong kind")
            counts = tuple(flat)
            players.append(
                _new_player_record((name, played, points, went_out, counts, total, left_before))
            )
        if not {*map(type, ranking)} <= _INT or sorted(ranking) != list(range(len(players))):
            raise ValueError("the ranking is not the players")
        if not (type(finished) is bool and (winner is None or type(winner) is str)):
            raise ValueError("a value of the wrong kind")
        if type(hands) is not int:
            raise ValueError("a value of the wrong kind")
        order = tuple([players[seat].name for seat in ranking])
        return _new_game_record((finished, winner, order, tuple(players), hands))
    except (KeyError, TypeError, ValueError, IndexError) as error:
        raise ValueError(f"not a game record: {error!r}") from None


def library_stats(games: "Sequence[Game]") -> LibraryStats:
    """The statistics of `games`, given oldest first; GameError if one cannot be replayed."""
    from phase10_keeper.rules import replay

    return stats_of_states([replay(game).final for game in games])


def stats_of_states(finals: "Sequence[GameState]") -> LibraryStats:
    """The statistics of games given as where each stands, oldest first."""
    return stats_of_records([game_record(state) for state in finals])


def stats_of_records(games: Sequence[GameRecord]) -> LibraryStats:
    """The statistics of games given by their records, oldest first.

    The collector is paused: what is made (a tuple for each player and game) lives on
    and holds no cycles, which it would search again and again as it piles up."""
    with cycle_collector_paused():
        return _stats_of_records(games)


def _stats_of_records(games: Sequence[GameRecord]) -> LibraryStats:
    parts: dict[str, list[PlayerRecord]] = {}
    """Each player's part in every game they sat in, by key, oldest first."""
    played: dict[str, list[PlayedGame]] = {}
    ahead_of: Counter[tuple[str, str]] = Counter()
    """How many finished games each player (the first key) ended ranked above another."""
    for index, (finished, winner, ranking, table, _) in enumerate(games):
        seats = len(table)
        for player in table:
            name = player.name
            key = player_key(name)
            mine = parts.get(key)
            if mine is None:
                mine = parts[key] = []
                played[key] = []
            mine.append(player)
            played[key].append(
                _new_played_game(
                    (
                        index,
                        finished,
                        finished and winner == name,
                        ranking.index(name) + 1,
                        seats,
                        player.hands,
                        player.points,
                        player.left_before,
                    )
                )
            )
        if finished:
            # Each pair of the ranking, best placed first, is one game the first ended
            # ahead of the second.
            ahead_of.update(combinations(dict.fromkeys(map(player_key, ranking)), 2))
    # Shown as spelled in the most recent game each sat in.
    names = {key: mine[-1].name for key, mine in parts.items()}
    records = _RecordsRun()
    for game in games:
        records.take(game)
    players = [
        _player_stats(
            names[key],
            mine,
            played[key],
            _head_to_head(key, names, ahead_of),
            records.of(key, names),
        )
        for key, mine in parts.items()
    ]
    players.sort(key=lambda player: (-player.wins, player.key, player.name))
    # Everyone's phases are the players' phases added up: added once per player, not
    # once per player and game.
    everyone = PhaseCounter()
    for stats in players:
        everyone.add_counts(chain.from_iterable(stats.phases))
    return LibraryStats(
        games=len(games),
        finished=sum(game.finished for game in games),
        players=tuple(players),
        phases=everyone.tallies(),
    )


def _player_stats(
    name: str,
    parts: list[PlayerRecord],
    played: list[PlayedGame],
    head_to_head: tuple[HeadToHead, ...],
    records: Records,
) -> PlayerStats:
    """One player's statistics from their part in each of their games, added up field by
    field (a column at a time, not a game at a time)."""
    phases = PhaseCounter()
    phases.add_games(map(itemgetter(_PHASE_COUNTS), parts))
    return PlayerStats(
        name=name,
        games=len(parts),
        finished=sum(map(itemgetter(_FINISHED), played)),
        wins=sum(map(itemgetter(_WON), played)),
        hands=sum(map(itemgetter(_HANDS), parts)),
        points=sum(map(itemgetter(_POINTS), parts)),
        went_out=sum(map(itemgetter(_WENT_OUT), parts)),
        phases=phases.tallies(),
        played=tuple(played),
        head_to_head=head_to_head,
        records=records,
    )


def _head_to_head(
    key: str, names: dict[str, str], ahead_of: Counter[tuple[str, str]]
) -> tuple[HeadToHead, ...]:
    met = {other for one, other in ahead_of if one == key} | {
        one for one, other in ahead_of if other == key
    }
    rows = [
        HeadToHead(
            opponent=names[other],
            games=ahead_of[key, other] + ahead_of[other, key],
            ahead=ahead_of[key, other],
            behind=ahead_of[other, key],
        )
        for other in met
    ]
    rows.sort(key=lambda row: (-row.games, player_key(row.opponent)))
    return tuple(rows)


class _RecordsRun:
    """Everyone's records, taken in game by game in play order."""

    def __init__(self) -> None:
        self.best_total: dict[str, int] = {}
        self.fastest_win: dict[str, int] = {}
        self.best_streak: dict[str, int] = {}
        self.streak: dict[str, int] = {}
        self.beaten_by: dict[str, dict[str, int]] = {}
        """For each player, how many of the games they lost each other player won."""

    def take(self, game: GameRecord) -> None:
        if not game.finished:
            return
        winner = None if game.winner is None else player_key(game.winner)
        for player in game.players:
            key = player_key(player.name)
            if player.seated and player.total < self.best_total.get(key, player.total + 1):
                self.best_total[key] = player.total
            if key == winner:
                if game.hands < self.fastest_win.get(key, game.hands + 1):
                    self.fastest_win[key] = game.hands
                streak = self.streak[key] = self.streak.get(key, 0) + 1
                self.best_streak[key] = max(self.best_streak.get(key, 0), streak)
            else:
                self.streak[key] = 0
                if winner is not None:
                    beaten = self.beaten_by.setdefault(key, {})
                    beaten[winner] = beaten.get(winner, 0) + 1

    def of(self, key: str, names: dict[str, str]) -> Records:
        """The records of the player with this key; `names` gives each key's name shown."""
        beaten = self.beaten_by.get(key, {})
        nemesis = min(
            beaten, key=lambda other: (-beaten[other], names[other].casefold()), default=None
        )
        return Records(
            best_total=self.best_total.get(key),
            fastest_win=self.fastest_win.get(key),
            best_streak=self.best_streak.get(key, 0),
            current_streak=self.streak.get(key, 0),
            nemesis=None if nemesis is None else names[nemesis],
        )


class RecordKind(StrEnum):
    BEST_TOTAL = "best_total"
    FASTEST_WIN = "fastest_win"
    BEST_STREAK = "best_streak"


@dataclass(frozen=True)
class RecordSet:
    """A record a game set: `player` (as the game spells them) beat their `previous`
    best of this kind with `value`."""

    player: str
    kind: RecordKind
    value: int
    previous: int


def records_set_by(games: Sequence[GameRecord], index: int) -> tuple[RecordSet, ...]:
    """The records the finished game at `index` of `games` (in play order) set: a best
    total, a fastest win or a longest streak of wins better than the player's best before
    it (a first game sets none), in the game's seating order."""
    game = games[index]
    if not game.finished:
        return ()
    run = _RecordsRun()
    for earlier in games[:index]:
        run.take(earlier)
    before = {
        RecordKind.BEST_TOTAL: dict(run.best_total),
        RecordKind.FASTEST_WIN: dict(run.fastest_win),
        RecordKind.BEST_STREAK: dict(run.best_streak),
    }
    run.take(game)
    after = {
        RecordKind.BEST_TOTAL: run.best_total,
        RecordKind.FASTEST_WIN: run.fastest_win,
        RecordKind.BEST_STREAK: run.best_streak,
    }
    found = []
    for player in game.players:
        key = player_key(player.name)
        for kind in RecordKind:
            previous, value = before[kind].get(key), after[kind].get(key)
            if previous is not None and value is not None and value != previous:
                found.append(RecordSet(player.name, kind, value, previous))
    return tuple(found)


def record_set_line(words: Words, record: RecordSet) -> str:
    """One line for a record a game set: "Priya's best total ever: 40 (was 55)"."""
    return words.count(
        f"records.set.{record.kind.value}",
        record.value,
        name=record.player,
        previous=record.previous,
    )


def records_to_json(records: Records) -> dict[str, Any]:
    return {
        "best_total": records.best_total,
        "fastest_win": records.fastest_win,
        "best_streak": records.best_streak,
        "current_streak": records.current_streak,
        "nemesis": records.nemesis,
    }


def player_to_json(player: PlayerStats) -> dict[str, Any]:
    """One player as `phase10-keeper stats --json` prints them."""
    return {
        "name": player.name,
        "games": player.games,
        "finished": player.finished,
        "wins": player.wins,
        "hands": player.hands,
        "went_out": player.went_out,
        "points": player.points,
        "phases": {
            str(tally.label): {"attempts": tally.attempts, "made": tally.made}
            for tally in player.phases
        },
        "records": records_to_json(player.records),
    }


def stats_to_json(
    stats: LibraryStats, players: Sequence[PlayerStats] | None = None
) -> dict[str, Any]:
    """The statistics exactly as `phase10-keeper stats --json` prints them; `players`
    keeps only those players (default: everyone).
    """
    return {
        "games": stats.games,
        "finished": stats.finished,
        "players": [
            player_to_json(player) for player in (stats.players if players is None else players)
        ],
    }
