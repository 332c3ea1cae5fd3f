"""The steps between the labelled values up a chart's side, for the window's charts and
the paper's alike: round numbers a reader adds up at a glance."""

import math


def round_step(rough: float) -> float:
    """The first of 1, 2, 5 or 10 times a power of ten that is at least `rough` (> 0)."""
    base = 10.0 ** math.floor(math.log10(rough))
    return next(base * factor for factor in (1, 2, 5, 10) if base * factor >= rough)
