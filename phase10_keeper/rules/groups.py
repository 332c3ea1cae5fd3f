"""The kinds of group of cards a phase asks for."""

from enum import StrEnum


class GroupKind(StrEnum):
    SET = "set"
    RUN = "run"
    COLOR = "color"
    COLOR_RUN = "color-run"
    EVEN_ODD = "even-odd"
