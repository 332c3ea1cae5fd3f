"""Where things go on the page: inside safe margins, rows a pen fits in, nothing overlaps."""

import pytest

from phase10_keeper.rules import (
    MATTEL_PHASES,
    Group,
    GroupKind,
    Phase,
    Preset,
    RuleSet,
    build_rules,
    preset_rules,
    replay,
)
from phase10_keeper.sheet import Paper
from phase10_keeper.sheet.geometry import MARGIN, PAGE_SIZES
from phase10_keeper.sheet.model import blank_sheet, filled_sheet
from phase10_keeper.sheet.render import FOOTER_HEIGHT, legend_top, page_layout

from .samples import SIX, sample_game

MM = 72 / 25.4
TWENTY_PHASES = MATTEL_PHASES + tuple(
    Phase(
        label + 10,
        (Group(GroupKind.COLOR_RUN, 4), Group(GroupKind.EVEN_ODD, 3 + label % 3)),
    )
    for label in range(1, 11)
)
RULE_SETS = {
    "mattel": preset_rules(Preset.MATTEL),
    "masters": preset_rules(Preset.MASTERS),
    "odd, super wild, two-strike": build_rules(Preset.ODD, super_wild=True, two_strike=True),
    "twenty house phases": build_rules(phases=TWENTY_PHASES),
    "twenty, chosen": build_rules(Preset.MASTERS, phases=TWENTY_PHASES, hands=12),
}


def test_margins_are_safe_for_printers() -> None:
    assert MARGIN >= 12 * MM


@pytest.mark.parametrize("paper", list(Paper))
@pytest.mark.parametrize("rules", RULE_SETS.values(), ids=RULE_SETS.keys())
@pytest.mark.parametrize("rows", [1, 2, 6])
def test_blank_sheet_fits_the_page(paper: Paper, rules: RuleSet, rows: int) -> None:
    sheet = blank_sheet((), rows, rules, "")
    grid, legend = page_layout(sheet, sheet.pages[0], paper)
    width, _ = PAGE_SIZES[paper]
    assert grid.left >= MARGIN
    assert grid.right == pytest.approx(width - MARGIN)
    assert grid.row_height >= 10 * MM
    assert grid.hand_width >= 14 * MM
    assert legend_top(grid) < grid.bottom
    assert legend_top(grid) - legend.height >= MARGIN + FOOTER_HEIGHT


@pytest.mark.parametrize("paper", list(Paper))
def test_continuation_pages_fit_with_the_carried_column(paper: Paper) -> None:
    sheet = filled_sheet(sample_game(25))
    width, _ = PAGE_SIZES[paper]
    for page in sheet.pages:
        grid, legend = page_layout(sheet, page, paper)
        assert grid.carried is (page.number > 1)
        assert grid.right == pytest.approx(width - MARGIN)
        assert grid.hand_width >= 13 * MM
        assert grid.row_height >= 10 * MM
        assert legend_top(grid) - legend.height >= MARGIN + FOOTER_HEIGHT


def test_pages_split_the_hands_and_carry_the_totals() -> None:
    game = sample_game(30)
    state = replay(game).final
    sheet = filled_sheet(game)
    assert [page.first_hand for page in sheet.pages] == [1, 13, 25]
    assert [len(page.columns) for page in sheet.pages] == [12, 12, 6]
    assert sheet.pages[0].carried is None
    for page in sheet.pages[1:]:
        before = state.hands[page.first_hand - 2]
        assert page.carried == {name: entry.total for name, entry in before.entries.items()}
    assert sheet.pages[-1].totals == {player.name: player.total for player in state.players}
    assert sheet.more_to_play


def test_replay_hand_keeps_earlier_totals_of_those_who_sat_out() -> None:
    game = sample_game(14, finishers=("Marcus", "Dana"), replay_winner="Dana")
    state = replay(game).final
    sheet = filled_sheet(game)
    replayed = sheet.pages[-1].columns[-1]
    assert replayed.replay
    assert set(replayed.cells) == {"Marcus", "Dana"}
    assert sheet.pages[-1].totals == {player.name: player.total for player in state.players}
    assert sheet.winner == "Dana"
    assert not sheet.more_to_play


def test_phases_made_are_tracked_page_by_page_outside_replays() -> None:
    masters = preset_rules(Preset.MASTERS)
    game = sample_game(13, players=SIX[:4], rules=masters, finishers=("Kwame",))
    state = replay(game).final
    sheet = filled_sheet(game)
    for player in state.players:
        assert sheet.pages[-1].made[player.name] == frozenset(player.completed)
    assert sheet.pages[0].made["Kwame"] < sheet.pages[1].made["Kwame"]


def test_blank_sheet_rows() -> None:
    assert blank_sheet((), 6, preset_rules(Preset.MATTEL), "").players == ("",) * 6
    assert blank_sheet((), 3, preset_rules(Preset.MATTEL), "").players == ("",) * 3
    named = blank_sheet([" Zoë ", "Ann"], 6, preset_rules(Preset.MATTEL), "")
    assert named.players == ("Zoë", "Ann")
