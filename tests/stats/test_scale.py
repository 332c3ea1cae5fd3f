"""The round steps both the window's and the paper's charts label their values by."""

import pytest

from phase10_keeper.stats.scale import round_step


@pytest.mark.parametrize(
    ("rough", "step"), [(0.3, 0.5), (1, 1), (2, 2), (2.1, 5), (7, 10), (12, 20), (450, 500)]
)
def test_a_step_is_the_first_round_number_at_least_as_large(rough: float, step: float) -> None:
    assert round_step(rough) == pytest.approx(step)
