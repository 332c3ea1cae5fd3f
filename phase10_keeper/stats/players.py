"""Statistics over many games: every player's record, phase difficulty and head-to-head.

A player is a name compared ignoring case and outer spaces, as in game files; the name
shown is the spelling of the most recent game they sat in.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from phase10_keeper.rules import Game, GameState, Status, clean_name, replay
from phase10_keeper.stats.game import PhaseCounter, PhaseTally, hardest_phase, phase_attempts


def player_key(name: str) -> str:
    """What two spellings of one player have in common."""
    return clean_name(name).casefold()


@dataclass(frozen=True)
class PlayedGame:
    """One game as one player played it."""

    index: int
    """The game's place in the sequence the statistics were computed from."""
    finished: bool
    won: bool
    position: int
    """1-based place in the game's ranking (where the game stands, if unfinished)."""
    seats: int
    """How many players sat in the game."""
    hands: int
    points: int

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
        return hardest_phase(self.phases)


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


@dataclass
class _Record:
    name: str
    games: int = 0
    finished: int = 0
    wins: int = 0
    hands: int = 0
    points: int = 0
    went_out: int = 0
    phases: PhaseCounter = field(default_factory=PhaseCounter)


def library_stats(games: Sequence[Game]) -> LibraryStats:
    """The statistics of `games`, given oldest first; GameError if one cannot be replayed."""
    return stats_of_states([replay(game).final for game in games])


def stats_of_states(finals: Sequence[GameState]) -> LibraryStats:
    """The statistics of games given as where each stands, oldest first."""
    records: dict[str, _Record] = {}
    played: dict[str, list[PlayedGame]] = {}
    meetings: dict[tuple[str, str], list[int]] = {}
    everyone = PhaseCounter()
    for index, state in enumerate(finals):
        finished = state.status is Status.FINISHED
        ranking = state.ranking()
        for player in state.players:
            key = player_key(player.name)
            record = records.setdefault(key, _Record(player.name))
            record.name = player.name
            record.games += 1
            record.finished += finished
            won = finished and state.winner == player.name
            record.wins += won
            played.setdefault(key, []).append(
                PlayedGame(
                    index=index,
                    finished=finished,
                    won=won,
                    position=ranking.index(player.name) + 1,
                    seats=len(state.players),
                    hands=len(player.hand_points),
                    points=sum(player.hand_points),
                )
            )
        for hand in state.hands:
            records[player_key(hand.went_out)].went_out += 1
            for name, entry in hand.entries.items():
                record = records[player_key(name)]
                record.hands += 1
                record.points += entry.points
            for name, entry in phase_attempts(hand):
                records[player_key(name)].phases.count(entry)
                everyone.count(entry)
        if finished:
            places = {player_key(name): place for place, name in enumerate(ranking)}
            for one, one_place in places.items():
                for other, other_place in places.items():
                    if one != other:
                        meetings.setdefault((one, other), []).append(one_place - other_place)
    players = [
        PlayerStats(
            name=record.name,
            games=record.games,
            finished=record.finished,
            wins=record.wins,
            hands=record.hands,
            points=record.points,
            went_out=record.went_out,
            phases=record.phases.tallies(),
            played=tuple(played[key]),
            head_to_head=_head_to_head(key, records, meetings),
        )
        for key, record in records.items()
    ]
    players.sort(key=lambda player: (-player.wins, player.key, player.name))
    return LibraryStats(
        games=len(finals),
        finished=sum(state.status is Status.FINISHED for state in finals),
        players=tuple(players),
        phases=everyone.tallies(),
    )


def _head_to_head(
    key: str, records: dict[str, _Record], meetings: dict[tuple[str, str], list[int]]
) -> tuple[HeadToHead, ...]:
    rows = [
        HeadToHead(
            opponent=records[other].name,
            games=len(differences),
            ahead=sum(difference < 0 for difference in differences),
            behind=sum(difference > 0 for difference in differences),
        )
        for (one, other), differences in meetings.items()
        if one == key
    ]
    rows.sort(key=lambda row: (-row.games, player_key(row.opponent)))
    return tuple(rows)


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
