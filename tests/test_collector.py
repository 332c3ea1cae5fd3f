"""Pausing the cycle collector while many objects are made, and only then."""

import gc

import pytest

from phase10_keeper.collector import cycle_collector_paused
from phase10_keeper.rules import Game, GameError, Hand, replay

from .rules.results import PLAYERS, WORKED_HAND, made


def test_the_collector_runs_again_after_a_replay_even_one_that_failed() -> None:
    replay(Game(PLAYERS, hands=(WORKED_HAND,)))
    assert gc.isenabled()
    impossible = Hand("Priya", {name: made(wild=9) for name in PLAYERS})
    with pytest.raises(GameError, match="wild"):
        replay(Game(PLAYERS, hands=(WORKED_HAND, impossible)))
    assert gc.isenabled()


def test_a_pause_inside_a_pause_leaves_the_collector_paused() -> None:
    with cycle_collector_paused():
        with cycle_collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()
