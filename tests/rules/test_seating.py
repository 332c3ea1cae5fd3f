"""Players who join or leave during a game: the game's record of it and the replay."""

import pytest

from phase10_keeper.rules import Game, GameError, Hand, Join, Leave

from .results import made, missed

ABC = ("Ana", "Ben", "Cy")


def hand(went_out: str, *others: str) -> Hand:
    return Hand(went_out, {went_out: made(), **{name: missed(low=10) for name in others}})


def test_a_join_adds_the_player_last_and_undoing_it_removes_them() -> None:
    game = Game(ABC).with_seating_change(Join(1, " Dee ", after="Ana", total=50))
    assert game.players == (*ABC, "Dee")
    assert game.starting_players == ABC
    assert game.seating == (Join(1, "Dee", after="Ana", total=50),)
    assert game.without_last_seating_change() == Game(ABC)


def test_changes_stay_before_the_same_hand_when_hands_are_removed_or_inserted() -> None:
    game = Game(ABC, hands=(hand("Ana", "Ben", "Cy"),) * 3).with_seating_change(Leave(3, "Cy"))
    assert game.with_hand_removed(0).seating == (Leave(2, "Cy"),)
    assert game.with_hand_removed(2).seating == (Leave(3, "Cy"),)
    assert game.with_hand_inserted(0, hand("Ben", "Ana", "Cy")).seating == (Leave(4, "Cy"),)
    # A hand inserted just before the change is played after it, as an appended one is.
    assert game.with_hand_inserted(2, hand("Ben", "Ana")).seating == (Leave(3, "Cy"),)


def test_renaming_a_player_renames_their_seating_changes() -> None:
    game = Game(ABC).with_seating_change(Join(2, "Dee", after="Ben"))
    game = game.with_seating_change(Leave(3, "Ben"))
    renamed = game.with_player_renamed("Ben", "Bob")
    assert renamed.seating == (Join(2, "Dee", after="Bob"), Leave(3, "Bob"))


def test_no_change_after_one_player_is_left() -> None:
    with pytest.raises(GameError, match="after the game ended with one player left"):
        Game(("Ana", "Ben", "Dee"), seating=(Leave(1, "Ana"), Join(1, "Dee")))
    with pytest.raises(GameError, match="the first dealer 'Dee' is not a player"):
        Game(("Ana", "Ben", "Dee"), seating=(Join(1, "Dee"),), first_dealer="Dee")
