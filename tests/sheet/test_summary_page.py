"""The last page of a filled sheet: the running-totals chart and the summary."""

from dataclasses import replace
from itertools import pairwise

import pytest

from phase10_keeper.rules import Game
from phase10_keeper.sheet import Paper
from phase10_keeper.sheet.pen import register_fonts
from phase10_keeper.sheet.summary_page import legend_entries, line_style, value_ticks
from phase10_keeper.stats import game_series, summary_lines

from .pdfs import page_text, read_sheet
from .samples import SIX, sample_game


@pytest.mark.parametrize("paper", list(Paper))
def test_a_filled_sheet_ends_with_the_chart_and_the_summary(paper: Paper) -> None:
    game = sample_game(14, finishers=("Dana",))
    reader = read_sheet(game=game, paper=paper)
    assert len(reader.pages) == 3
    last = page_text(reader, 2)
    assert "How the game went" in last
    assert "Running totals after each hand" in last
    assert "Dana: the only player to have completed phase 10." in " ".join(last.split())
    for name in SIX:
        assert name in last
    assert "How the game went" not in page_text(reader, 1)


def test_a_tie_break_is_marked_on_the_chart_and_named() -> None:
    game = sample_game(20, finishers=("Dana", "Kwame"), tied=True, replay_winner="Kwame")
    reader = read_sheet(game=game)
    last = " ".join(page_text(reader, len(reader.pages) - 1).split())
    assert "tie-break" in last
    assert "replayed in hand 20." in last


def test_a_blank_sheet_and_a_game_without_hands_have_no_summary_page() -> None:
    for reader in (read_sheet(), read_sheet(game=Game(SIX)), read_sheet(names=["Ana", "Bo"])):
        assert len(reader.pages) == 1
        assert "How the game went" not in page_text(reader, 0)


def test_an_unfinished_game_says_who_leads() -> None:
    game = replace(sample_game(14), hands=sample_game(14).hands[:5])
    lines = dict(summary_lines(game_series(game)))
    leader = game_series(game).leaders[-1]
    assert lines["Not finished"] == f"after 5 hands, {leader} leads."
    reader = read_sheet(game=game)
    assert "Not finished" in page_text(reader, 1)


def test_past_six_players_every_line_still_has_a_style_of_its_own() -> None:
    # With players who left and joined, a game can draw more than six lines.
    styles = [line_style(index) for index in range(12)]
    looks = [(colour.rgb(), dashes, marker) for colour, dashes, marker in styles]
    assert len(set(looks)) == len(looks)


def test_the_legend_names_long_names_whole() -> None:
    names = (
        "Anne-Sophie Lefèvre-Dubois",
        "Christopher Montgomery Jr",
        "Oluwaseun Adebayo-Okafor",
        "Maximilian Alexander Böhm",
        "Guðrún Þórsdóttir Jónsson",
        "Zoë",
    )
    register_fonts(names)
    series = game_series(sample_game(5, players=names))
    # The width the chart has on a landscape Letter page.
    shown = [text for _, _, _, text, _ in legend_entries(series, 440, 60)]
    for name in names:
        assert any(text.startswith(name) for text in shown), (name, shown)


@pytest.mark.parametrize("most", [1, 5, 6, 7, 40, 99, 100, 855, 1234, 99_999])
def test_the_running_totals_are_labelled_in_round_whole_steps(most: int) -> None:
    ticks = value_ticks(most, 400)
    steps = {later - earlier for earlier, later in pairwise(ticks)}
    assert ticks[0] == 0
    assert len(steps) == 1
    step = steps.pop()
    assert step == int(step) >= 1
    assert str(int(step)).strip("0") in ("1", "2", "5")
    assert ticks[-1] <= most < ticks[-1] + step
    assert len(ticks) <= 7


def test_a_short_chart_keeps_its_labels_ten_points_apart() -> None:
    ticks = value_ticks(855, 40)
    assert len(ticks) <= 5


def test_the_paper_chart_draws_a_player_only_while_seated() -> None:
    # Eve sits down before hand 7 on 120; Dana leaves before hand 5.
    from pathlib import Path

    from phase10_keeper.sheet.summary_page import seated_runs
    from phase10_keeper.storage.gamefile import read_game

    seating = Path(__file__).resolve().parent.parent / "data" / "games" / "seating.phase10.json"
    series = game_series(read_game(seating))
    eve = seated_runs(series, series.series("Eve"))
    assert len(eve) == 1
    assert eve[0][0] == (6, 120), "Eve's line starts where she sat down, not at hand 0"
    assert eve[0][-1][0] == series.hands
    dana = seated_runs(series, series.series("Dana"))
    assert [hand for hand, _ in dana[0]] == [0, 1, 2, 3, 4]
    priya = seated_runs(series, series.series("Priya"))
    assert [hand for hand, _ in priya[0]] == list(range(series.hands + 1))
