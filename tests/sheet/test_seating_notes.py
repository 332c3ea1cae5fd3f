"""Where the notes of who left and who joined go: clear of the boxes, in every language."""

from dataclasses import replace

import pytest

from phase10_keeper.language import LANGUAGES, words
from phase10_keeper.rules import Game, Leave, Preset, preset_rules
from phase10_keeper.sheet import Paper
from phase10_keeper.sheet.model import filled_sheet
from phase10_keeper.sheet.pen import REGULAR, TRACKER_BOX, TRACKER_GAP, width_of
from phase10_keeper.sheet.render import page_layout

from .pdfs import read_sheet, text_origins
from .samples import sample_game

DESCENT, ASCENT = 0.24, 0.76
"""Of the sheet's font, as shares of its size: how far a text reaches below and above its
baseline."""


def _left_after(hands: int, rules_preset: Preset = Preset.MASTERS) -> Game:
    """Six players; Dana leaves after `hands` hands."""
    game = sample_game(hands, rules=preset_rules(rules_preset))
    return replace(game, hands=game.hands[:hands]).with_seating_change(Leave(hands + 1, "Dana"))


def _note(game: Game, language: str, paper: Paper) -> tuple[float, float, float, float]:
    """Where the leaver's note is printed on the first page: x, baseline, size, width."""
    note = words(language)("sheet.left_after", hand=game.seating[0].before_hand - 1)
    reader = read_sheet(game=game, language=language, paper=paper)
    found = [origin for origin in text_origins(reader, 0) if origin[0].strip() == note]
    assert len(found) == 1, (note, found)
    _, x, y, size = found[0]
    return x, y, size, width_of(REGULAR)(note, size)


@pytest.mark.parametrize("paper", list(Paper))
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("rules_preset", [Preset.MASTERS, Preset.MATTEL])
def test_a_leavers_note_is_in_the_closed_part_of_the_row(
    paper: Paper, language: str, rules_preset: Preset
) -> None:
    game = _left_after(4, rules_preset)
    x, y, size, width = _note(game, language, paper)
    sheet = filled_sheet(game)
    grid, _ = page_layout(sheet, sheet.pages[0], paper)
    row = sheet.players.index("Dana")
    top = grid.row_top(row)
    middle = top - grid.row_height / 2
    # Right of the heavy line that closes the row after hand 4, inside the row's end...
    assert x > grid.hand_x(4)
    assert x + width < grid.total_left
    # ...and between the row's top and the line that crosses out the closed cells.
    assert y - DESCENT * size > middle
    assert y + ASCENT * size < top


@pytest.mark.parametrize("paper", list(Paper))
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_leavers_note_with_no_room_in_the_row_stays_clear_of_the_phase_tracker(
    paper: Paper, language: str
) -> None:
    # Left before the last hand of the page: one closed cell is too narrow for the note.
    game = _left_after(11)
    x, y, size, width = _note(game, language, paper)
    sheet = filled_sheet(game)
    grid, _ = page_layout(sheet, sheet.pages[0], paper)
    row = sheet.players.index("Dana")
    bottom = grid.row_top(row) - grid.row_height
    per_line = int((grid.hands_left - grid.left) // (TRACKER_BOX + TRACKER_GAP))
    lines = -(-len(sheet.rules.phases) // per_line)
    tracker_top = bottom + 4 + (lines - 1) * (TRACKER_BOX + TRACKER_GAP) + TRACKER_BOX
    assert x + width < grid.hands_left
    assert y - DESCENT * size >= tracker_top + 1
