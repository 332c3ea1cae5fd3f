"""Properties of every valid hand log, built hand by hand from the state of the game.

The strategy plays random but valid games: random rules (presets and overrides,
house phase lists included), 2 to 6 players, a random player going out, random made
flags and card counts that respect every limit in the rules, across the whole table,
and now and then a player who leaves or joins before a hand.
"""

import json
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from phase10_keeper.rules import (
    HAND_SIZE,
    MAX_PLAYERS,
    OFFICIAL_VALUES,
    Cards,
    Game,
    GameState,
    Group,
    GroupKind,
    Hand,
    Join,
    Leave,
    Order,
    Phase,
    PlayerResult,
    Preset,
    Replay,
    RuleSet,
    SeatingChange,
    Status,
    WinReason,
    advance,
    build_rules,
    check_hand,
    replay,
    replay_from,
    seat_changes,
    start,
)
from phase10_keeper.rules.cards import DECK_HIGH, DECK_LOW, DECK_SKIPS, DECK_WILDS
from phase10_keeper.storage.gamefile import dumps_game, game_from_json, loads_game
from phase10_keeper.storage.gamefile import standings_to_json as to_json

NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eun", "Fay")
JOINERS = ("Gus", "Hal", "Ivy")
PROPERTY = settings(max_examples=60, deadline=None)


@st.composite
def groups(draw: st.DrawFn, room: int) -> Group:
    return Group(draw(st.sampled_from(list(GroupKind))), draw(st.integers(1, min(room, 5))))


@st.composite
def house_phases(draw: st.DrawFn) -> tuple[Phase, ...]:
    labels = draw(st.lists(st.integers(1, 20), min_size=1, max_size=6, unique=True))
    phases = []
    for label in sorted(labels):
        parts = [draw(groups(10))]
        while draw(st.booleans()) and sum(g.size for g in parts) < 10:
            parts.append(draw(groups(10 - sum(g.size for g in parts))))
        phases.append(Phase(label, tuple(parts)))
    return tuple(phases)


@st.composite
def rule_sets(draw: st.DrawFn) -> RuleSet:
    preset = draw(st.sampled_from(list(Preset)))
    phases = draw(st.none() | house_phases())
    count = len(phases) if phases is not None else len(build_rules(preset).phases)
    # Small targets and hand counts let games end (and tie) within a few hands.
    target = draw(st.none() | st.integers(1, min(count, 3)))
    if target is None and preset is Preset.SHORT and count < 5:
        target = count
    return build_rules(
        preset,
        phases=phases,
        order=draw(st.none() | st.sampled_from(list(Order))),
        target=target,
        hands=draw(st.none() | st.integers(1, 12)),
        super_wild=draw(st.booleans()),
        two_strike=draw(st.booleans()),
    )


class Deck:
    """What is left to hold of each kind while a hand's results are drawn."""

    def __init__(self, super_wild: bool) -> None:
        self.room = {
            "low": DECK_LOW,
            "high": DECK_HIGH,
            "skip": DECK_SKIPS,
            "wild": DECK_WILDS,
            "super_wild": 1 if super_wild else 0,
        }

    def draw_cards(self, draw: st.DrawFn, count: int) -> Cards:
        taken: dict[str, int] = {}
        left = count
        for kind in ("super_wild", "wild", "skip", "high"):
            taken[kind] = draw(st.integers(0, min(left, self.room[kind], self.room["wild"])))
            self.room[kind] -= taken[kind]
            left -= taken[kind]
            if kind == "super_wild":
                # The super wild is one of the eight wilds.
                self.room["wild"] -= taken[kind]
        taken["low"] = left
        self.room["low"] -= left
        assert self.room["low"] >= 0
        return Cards(**taken)


def attempted(draw: st.DrawFn, state: GameState, name: str) -> tuple[int | None, Phase | None]:
    """The `phase` a result gives (None where it may be left out) and the phase played."""
    rules = state.rules
    if state.status is Status.TIEBREAK:
        fixed = state.replay_phase()
        if fixed is None:
            chosen = draw(st.none() | st.sampled_from(rules.phases))
            return (chosen.label if chosen else None), chosen
    elif rules.order is Order.CHOOSE:
        left = state.phases_left(name)
        if not left:
            return None, None
        chosen = draw(st.sampled_from(left))
        return chosen.label, chosen
    else:
        fixed = state.next_phase(name)
    assert fixed is not None
    return (fixed.label if draw(st.booleans()) else None), fixed


def can_go_out(state: GameState, name: str) -> bool:
    """Whether a player has a phase to make: to go out you must make one."""
    return (
        state.status is Status.TIEBREAK
        or state.rules.order is Order.SEQUENCE
        or bool(state.phases_left(name))
    )


@st.composite
def next_hands(draw: st.DrawFn, state: GameState) -> Hand:
    participants = state.participants()
    went_out = draw(st.sampled_from([name for name in participants if can_go_out(state, name)]))
    deck = Deck(state.rules.super_wild)
    results = {}
    for name in participants:
        label, phase = attempted(draw, state, name)
        nothing_to_make = phase is None and state.status is not Status.TIEBREAK
        if name == went_out:
            made, count = True, 0
        elif not nothing_to_make and draw(st.booleans()):
            room = HAND_SIZE - (phase.card_count if phase is not None else HAND_SIZE)
            made, count = True, draw(st.integers(0, room))
        else:
            # Ten cards, as the rules say; fewer now and then, as tables miscount.
            made, count = False, draw(st.sampled_from([10, 10, 10, 9, 7]))
        results[name] = PlayerResult(made=made, cards=deck.draw_cards(draw, count), phase=label)
    return Hand(went_out, results)


@st.composite
def seating_changes(draw: st.DrawFn, state: GameState, game: Game) -> SeatingChange | None:
    """A player who leaves or joins before the next hand, or (mostly) nobody."""
    if state.status is not Status.IN_PROGRESS or draw(st.integers(0, 5)) > 0:
        return None
    seated = state.participants()
    joiners = [name for name in JOINERS if name not in game.players]
    if draw(st.booleans()) and joiners and len(seated) < MAX_PLAYERS:
        phase = None
        if state.rules.order is Order.SEQUENCE:
            phase = draw(st.none() | st.sampled_from([p.label for p in state.rules.phases]))
        return Join(
            state.hand_number,
            joiners[0],
            after=draw(st.none() | st.sampled_from(seated)),
            total=5 * draw(st.integers(0, 60)),
            phase=phase,
        )
    return Leave(state.hand_number, draw(st.sampled_from(seated)))


@st.composite
def games(draw: st.DrawFn) -> Game:
    players = NAMES[: draw(st.integers(2, 6))]
    game = Game(players, draw(rule_sets()), first_dealer=draw(st.sampled_from(players)))
    state = start(game)
    for _ in range(draw(st.integers(0, 16))):
        change = draw(seating_changes(state, game))
        if change is not None:
            game = game.with_seating_change(change)
            state = seat_changes(state, game)
        if state.is_over or not any(can_go_out(state, n) for n in state.participants()):
            break
        hand = draw(next_hands(state))
        state, _ = advance(state, hand)
        game = game.with_hand_appended(hand)
    return game


def first_hands(game: Game, count: int) -> Game:
    """The game as it stood before its hand `count` + 1, seating changes before it included."""
    seating = tuple(change for change in game.seating if change.before_hand <= count + 1)
    joined = sum(1 for change in seating if isinstance(change, Join))
    players = game.starting_players + game.players[len(game.starting_players) :][:joined]
    return replace(game, players=players, hands=game.hands[:count], seating=seating)


def starting_total(game: Game, name: str) -> int:
    return next(
        (
            change.total
            for change in game.seating
            if isinstance(change, Join) and change.name == name
        ),
        0,
    )


@st.composite
def continuations(draw: st.DrawFn, state: GameState) -> tuple[Hand, ...]:
    hands = []
    for _ in range(draw(st.integers(0, 16))):
        # With a fixed number of hands in choose order, everyone may run out of phases.
        if state.is_over or not any(can_go_out(state, n) for n in state.participants()):
            break
        hand = draw(next_hands(state))
        # Every drawn hand is valid, so recording it must never fail.
        state, _ = advance(state, hand)
        hands.append(hand)
    return tuple(hands)


def pairs(run: Replay, game: Game) -> list[tuple[GameState, Hand, GameState]]:
    return list(zip(run.states[:-1], game.hands, run.states[1:], strict=True))


@PROPERTY
@given(games())
def test_a_valid_log_replays_without_errors(game: Game) -> None:
    run = replay(game)
    assert len(run.states) == len(game.hands) + 1
    assert all(not problem.is_error for problem in run.warnings)
    assert all(problem.player is not None for problem in run.warnings)


@PROPERTY
@given(games())
def test_totals_are_the_sums_of_hand_points(game: Game) -> None:
    run = replay(game)
    for state in run.states:
        for player in state.players:
            assert player.total == starting_total(game, player.name) + sum(player.hand_points)
            entries = [r.entries[player.name] for r in state.hands if player.name in r.entries]
            assert player.hand_points == tuple(entry.points for entry in entries)


@PROPERTY
@given(games())
def test_hand_scores_follow_the_cards_left(game: Game) -> None:
    run = replay(game)
    for record, hand in zip(run.final.hands, game.hands, strict=True):
        assert record.entries[hand.went_out].points == 0
        assert set(record.entries) == set(hand.results)
        for name, entry in record.entries.items():
            assert entry.points == OFFICIAL_VALUES.points(hand.results[name].cards)
            assert entry.points % 5 == 0


@PROPERTY
@given(games())
def test_exactly_the_makers_move_on(game: Game) -> None:
    run = replay(game)
    rules = game.rules
    last = len(rules.phases) - 1
    misses = dict.fromkeys(game.players, 0)
    for before, hand, after in pairs(run, game):
        for old in before.players:
            new = after.player(old.name)
            assert new.position >= old.position
            assert new.completed[: len(old.completed)] == old.completed
            result = hand.results.get(old.name)
            if before.status is Status.TIEBREAK or result is None:
                assert (new.position, new.completed) == (old.position, old.completed)
                continue
            label = result.phase
            if rules.order is Order.SEQUENCE:
                label = rules.phases[old.position].label
            gained = new.completed[len(old.completed) :]
            assert gained == ((label,) if result.made and label not in old.completed else ())
            if rules.hands is not None:
                assert new.position == min(old.position + 1, last)
            elif rules.order is Order.SEQUENCE:
                misses[old.name] = 0 if result.made else misses[old.name] + 1
                struck = (
                    rules.two_strike and misses[old.name] >= 2 and old.position < rules.target - 1
                )
                moved = result.made or struck
                if struck:
                    misses[old.name] = 0
                assert new.position == (min(old.position + 1, last) if moved else old.position)


@PROPERTY
@given(games())
def test_the_end_of_the_game_follows_the_rules(game: Game) -> None:
    run = replay(game)
    for state in run.states:
        data = to_json(state)
        assert (state.winner is not None) == (state.status is Status.FINISHED)
        assert (state.dealer is None) == (state.status is Status.FINISHED)
        assert bool(data["tiebreak_players"]) == (state.status is Status.TIEBREAK)
        assert sorted(data["ranking"]) == sorted(player.name for player in state.players)
        if state.winner is not None:
            assert data["ranking"][0] == state.winner
        for player, entry in zip(state.players, data["players"], strict=True):
            if (
                state.status is not Status.IN_PROGRESS
                or game.rules.order is Order.CHOOSE
                or not player.seated
            ):
                assert entry["phase"] is None
            else:
                assert entry["phase"] == game.rules.phases[player.position].label
    final = run.final
    if final.status is Status.IN_PROGRESS and game.rules.hands is not None:
        assert final.hands_played < game.rules.hands
    if final.is_over:
        extra = Hand(game.players[0], {name: PlayerResult(made=True) for name in game.players})
        assert [p.is_error for p in check_hand(final, extra)] == [True]


@PROPERTY
@given(games())
def test_the_winner_won_by_the_rules(game: Game) -> None:
    final = replay(game).final
    if final.status is not Status.FINISHED:
        return
    rules = game.rules
    winner = final.player(final.winner or "")
    assert winner.seated
    if final.win_reason is WinReason.LAST_AT_TABLE:
        assert final.participants() == (winner.name,)
        assert isinstance(game.seating[-1], Leave)
    elif final.hands[-1].replay:
        assert final.winner == final.hands[-1].went_out
    elif rules.hands is not None:
        assert final.hands_played == rules.hands
        assert winner.total == min(p.total for p in final.players if p.seated)
    elif rules.order is Order.CHOOSE:
        assert len(winner.completed) >= rules.target
    else:
        assert rules.target_phase.label in winner.completed


@PROPERTY
@given(games())
def test_writing_then_reading_a_game_file_gives_the_same_game(game: Game) -> None:
    text = dumps_game(game)
    assert loads_game(text) == game
    assert game_from_json(json.loads(text)) == game


@PROPERTY
@given(games())
def test_replaying_twice_gives_equal_standings(game: Game) -> None:
    first, second = replay(game), replay(game)
    assert first == second
    assert to_json(first.final) == to_json(second.final)


@PROPERTY
@given(games(), st.data())
def test_editing_from_a_hand_on_equals_building_the_edited_log(
    game: Game, data: st.DataObject
) -> None:
    whole = replay(game)
    cut = data.draw(st.integers(0, len(game.hands)), label="cut")
    before = first_hands(game, cut)
    prefix = replay(before)
    assert replay_from(prefix, game) == whole
    assert whole.first(cut) == prefix
    rest = data.draw(continuations(prefix.final), label="new rest")
    edited = replace(before, hands=(*before.hands, *rest))
    assert replay_from(prefix, edited) == replay(edited)
    # The edit shares the earlier states with the whole replay, and leaves them as they were.
    assert replay_from(whole.first(cut), edited) == replay(edited)
    assert whole == replay(game)


@PROPERTY
@given(games())
def test_hands_are_played_by_the_seated_players_and_dealt_by_one(game: Game) -> None:
    run = replay(game)
    for before, hand, after in pairs(run, game):
        playing = before.participants()
        assert set(hand.results) == set(playing)
        record = after.hands[-1]
        assert before.player(record.dealer).seated
        assert record.dealer == before.dealer
        for player in before.players:
            assert player.seated_for(before.hand_number) == player.seated
            if not player.seated:
                assert after.player(player.name) == player
    for state in run.states:
        seated = [p.name for p in state.players if p.seated]
        assert len(seated) >= 1
        assert len(seated) >= 2 or state.win_reason is WinReason.LAST_AT_TABLE
        ranking = state.ranking()
        leavers = [name for name in ranking if not state.player(name).seated]
        assert ranking[len(ranking) - len(leavers) :] == tuple(leavers)
        assert [state.player(name).left_before for name in leavers] == sorted(
            (left for name in leavers if (left := state.player(name).left_before) is not None),
            reverse=True,
        )
