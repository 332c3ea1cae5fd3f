"""The window's sentences about a game show every name the way sentences show names."""

from phase10_keeper.rules import (
    Cards,
    Game,
    Hand,
    PlayerResult,
    Preset,
    Status,
    WinReason,
    advance,
    build_rules,
    replay,
)
from phase10_keeper.ui.text import wording
from phase10_keeper.ui.text.escape import in_sentence

LONG = "Maximilian Alexander Featherstonehaugh-Montgomery"


def _tied_game() -> Game:
    missed = PlayerResult(made=False, cards=Cards(low=10))
    hands = (
        Hand(LONG, {LONG: PlayerResult(made=True), "Zoë": missed}),
        Hand("Zoë", {LONG: missed, "Zoë": PlayerResult(made=True)}),
    )
    return Game((LONG, "Zoë"), build_rules(Preset.FIXED_HANDS, hands=2), hands)


def test_a_tie_names_each_player_as_sentences_do() -> None:
    state = replay(_tied_game()).final
    assert state.status is Status.TIEBREAK
    text = wording.detail(state)
    assert in_sentence(LONG) in text
    assert LONG not in text


def test_a_win_in_the_replay_names_the_others_as_sentences_do() -> None:
    state = replay(_tied_game()).final
    missed = PlayerResult(made=False, cards=Cards(low=10))
    state, _ = advance(state, Hand("Zoë", {LONG: missed, "Zoë": PlayerResult(made=True)}))
    assert state.win_reason is WinReason.WENT_OUT_IN_REPLAY
    text = wording.detail(state)
    assert in_sentence(LONG) in text
    assert LONG not in text
