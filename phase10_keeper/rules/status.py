"""Where a game stands, in a module of its own: listing the library needs only this."""

from enum import StrEnum


class Status(StrEnum):
    IN_PROGRESS = "in_progress"
    TIEBREAK = "tiebreak"
    FINISHED = "finished"
