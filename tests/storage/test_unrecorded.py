"""What is kept with a game besides its hands: the typing not recorded yet and the undo
history. Kept and read back strictly, dropped with the game, in every backup, and never
part of what the game is."""

import hashlib
import random
import sqlite3
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from phase10_keeper.rules import Game, Hand, Join, Leave, PlayerResult
from phase10_keeper.storage.gamefile import game_to_json
from phase10_keeper.storage.library import Library
from phase10_keeper.storage.rows import compact
from phase10_keeper.storage.unrecorded import (
    MAX_KEPT_CHANGES,
    GameDigests,
    KeptDamagedError,
    Step,
    game_digest,
    history_from_json,
    history_to_json,
)

from ..rules.test_properties import PROPERTY, first_hands, games
from .samples import friday_game, long_game, table_hand

TYPING = '{"for":{"hands":3},"went_out":"Priya"}'


def _recorded_steps(start, count: int) -> list[Step]:
    steps = []
    game = start
    for _ in range(count):
        after = game.with_hand_appended(table_hand(game.players, len(game.hands)))
        steps.append(Step(f"Record hand {len(after.hands)}", game, after, True))
        game = after
    return steps


def test_typing_and_history_are_kept_and_read_back(library: Library, reopen) -> None:
    game_id = library.add_game(friday_game())
    library.keep_unrecorded(game_id, TYPING, '{"at":0}')
    kept = reopen().unrecorded(game_id)
    assert (kept.typing, kept.history, kept.damaged) == (TYPING, '{"at":0}', ())
    library.keep_unrecorded(game_id, None, None)
    assert reopen().unrecorded(game_id) == (None, None, ())


def test_what_is_kept_is_no_part_of_the_game(library: Library) -> None:
    game = friday_game()
    game_id = library.add_game(game)
    before = library.list_games()
    library.keep_unrecorded(game_id, TYPING, None)
    assert game_to_json(library.load_game(game_id)) == game_to_json(game)
    assert library.list_games() == before


def test_a_deleted_game_keeps_nothing(library: Library) -> None:
    game_id = library.add_game(friday_game())
    library.keep_unrecorded(game_id, TYPING, None)
    library.delete_game(game_id)
    assert library.unrecorded(game_id) == (None, None, ())
    # Kept after the deletion (a window closing on it): nothing is.
    library.keep_unrecorded(game_id, TYPING, None)
    library.restore_game(game_id)
    assert library.unrecorded(game_id) == (None, None, ())


def test_what_is_kept_is_in_the_backups(library: Library) -> None:
    game_id = library.add_game(friday_game())
    library.keep_unrecorded(game_id, TYPING, None)
    backup = library._backup()
    with sqlite3.connect(backup) as database:
        row = database.execute(
            "SELECT typing FROM unrecorded WHERE game_id = ?", (game_id,)
        ).fetchone()
    assert row == (TYPING,)


@pytest.mark.parametrize(
    ("stored", "column"),
    [
        (b'{"went_out": "Priya"', "unrecorded.typing"),
        (b'{"went_out": "Pr\xffya"}', "unrecorded.typing"),
        (b"\x00\x01", "unrecorded.typing"),
    ],
)
def test_a_damaged_typing_is_named_and_reads_as_none(
    library: Library, data_dir, stored: bytes, column: str
) -> None:
    game_id = library.add_game(friday_game())
    library.keep_unrecorded(game_id, TYPING, '{"at":0}')
    with sqlite3.connect(data_dir / "library.sqlite3") as database:
        database.execute(
            "UPDATE unrecorded SET typing = CAST(? AS TEXT) WHERE game_id = ?", (stored, game_id)
        )
    kept = library.unrecorded(game_id)
    assert kept == (None, '{"at":0}', (column,))


def test_the_undo_history_comes_back_as_it_was() -> None:
    start = friday_game(hands=2)
    steps = _recorded_steps(start, 3)
    joined = steps[-1].after.with_seating_change(Join(6, "Eve", None, 0, None))
    steps.append(Step("Eve joins", steps[-1].after, joined, False))
    renamed = joined.with_player_renamed("Priya", "Pri")
    steps.append(Step("Rename", joined, renamed, False))
    # Three changes done, two to redo: the game shown is the one after the third.
    at = 3
    shown = steps[at - 1].after
    back, back_at = history_from_json(history_to_json(steps, at, shown), shown)
    assert back_at == at
    assert back == steps


def test_the_history_ends_where_nothing_is_done_yet_too() -> None:
    steps = _recorded_steps(friday_game(hands=0), 2)
    shown = steps[0].before
    assert history_from_json(history_to_json(steps, 0, shown), shown) == (steps, 0)


def test_twenty_changes_of_a_long_game_cost_a_few_kilobytes() -> None:
    steps = _recorded_steps(long_game(200), MAX_KEPT_CHANGES)
    shown = steps[-1].after
    text = history_to_json(steps, len(steps), shown)
    assert len(text.encode()) < 10_000
    assert history_from_json(text, shown) == (steps, len(steps))


def test_a_history_of_another_hand_log_is_refused() -> None:
    steps = _recorded_steps(friday_game(hands=2), 2)
    shown = steps[-1].after
    text = history_to_json(steps, 2, shown)
    # The same game with its title changed is still the game the history ends at.
    assert history_from_json(text, replace(shown, title="Saturday"))[1] == 2
    elsewhere = shown.with_seating_change(Leave(5, "Dana"))
    with pytest.raises(KeptDamagedError):
        history_from_json(text, elsewhere)


def test_a_damaged_history_is_refused_and_never_a_traceback() -> None:
    steps = _recorded_steps(friday_game(hands=3), 4)
    shown = steps[2].after
    text = history_to_json(steps, 3, shown).encode()
    chance = random.Random(23)
    for _ in range(300):
        damaged = bytearray(text)
        for _ in range(chance.randint(1, 3)):
            damaged[chance.randrange(len(damaged))] ^= 1 << chance.randrange(8)
        try:
            decoded = damaged.decode("utf-8")
        except UnicodeDecodeError:
            continue
        try:
            back, at = history_from_json(decoded, shown)
        except KeptDamagedError:
            continue
        # A flip that still reads is a history that ends at the game shown.
        assert back[at - 1].after == shown


def _whole_digest(game: Game) -> str:
    """The digest as kept typing and the phones' sharing were always told apart by: the
    SHA-256 of the game file's compact JSON, title and start left out."""
    document = game_to_json(replace(game, title="", started=None))
    return hashlib.sha256(compact(document).encode("utf-8")).hexdigest()


def _scored(hand: Hand) -> Hand:
    """The hand with its first result typed as points: a game file of a later version."""
    name, result = next(iter(hand.results.items()))
    points = PlayerResult(result.made, phase=result.phase, points=5 * len(hand.results))
    return replace(hand, results={**hand.results, name: points})


@PROPERTY
@given(games(), st.data())
def test_digests_of_game_after_game_are_each_games_own(game: Game, data: st.DataObject) -> None:
    """Game after game as a window sees them: hands recorded, taken back, a seating
    change undone, a hand corrected or typed as points, the title changed. Each digest is
    the one hashed from the whole game."""
    digests = GameDigests()
    shown = [first_hands(game, 0)]
    for _ in range(data.draw(st.integers(1, 12))):
        count = data.draw(st.integers(0, len(game.hands)))
        seen = first_hands(game, count)
        scored: bool = data.draw(st.booleans())
        if scored and seen.hands:
            seen = replace(seen, hands=(*seen.hands[:-1], _scored(seen.hands[-1])))
        retitled: bool = data.draw(st.booleans())
        if retitled:
            seen = replace(seen, title=f"{seen.title} again")
        shown.append(seen)
    for seen in shown:
        assert digests.of(seen) == _whole_digest(seen) == game_digest(seen)


def test_a_hand_recorded_costs_its_digest_that_hand_alone(monkeypatch) -> None:
    """A game with a hand more is hashed from the digest of the game before: of its
    log, only the new hand is encoded."""
    from phase10_keeper.storage import gamefile

    game = long_game(30)
    digests = GameDigests()
    before = digests.of(game)
    encoded: list[int] = []
    whole = gamefile.hands_to_json

    def counted(players, hands):
        hands = list(hands)
        encoded.append(len(hands))
        return whole(players, hands)

    monkeypatch.setattr(gamefile, "hands_to_json", counted)
    after = game.with_hand_appended(table_hand(game.players, 30))
    assert digests.of(after) != before
    assert encoded == [1]
    monkeypatch.undo()
    assert digests.of(after) == _whole_digest(after)
