"""What can be wrong with a game or a hand, in words a person at the table understands."""

from dataclasses import dataclass
from enum import StrEnum


class Severity(StrEnum):
    ERROR = "error"
    """Impossible: the hand cannot be recorded like this."""
    WARNING = "warning"
    """Unusual, but tables miscount: the user may accept it."""


@dataclass(frozen=True)
class Problem:
    severity: Severity
    message: str
    hand_number: int | None = None
    """1-based; None for problems with the game as a whole."""
    player: str | None = None
    field: str | None = None
    """What the user should look at: "went_out", "made", "phase" or a card kind."""

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def __str__(self) -> str:
        where = []
        if self.hand_number is not None:
            where.append(f"hand {self.hand_number}")
        if self.player is not None:
            where.append(self.player)
        prefix = ", ".join(where)
        return f"{prefix}: {self.message}" if prefix else self.message


class GameError(ValueError):
    """A game that cannot be played or replayed; `problems` holds every error found."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__(str(problems[0]))
        self.problems = problems

    @classmethod
    def single(
        cls, message: str, hand_number: int | None = None, player: str | None = None
    ) -> "GameError":
        return cls([Problem(Severity.ERROR, message, hand_number, player)])
