"""The sheet as a PDF: pages, paper, the text on it, the font, metadata and stability."""

import io
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import DictionaryObject

from phase10_keeper import __version__
from phase10_keeper.language import words
from phase10_keeper.language.wording import phase_description
from phase10_keeper.rules import (
    OFFICIAL_VALUES,
    Cards,
    CardValues,
    Game,
    Group,
    GroupKind,
    Hand,
    Phase,
    PlayerResult,
    Preset,
    build_rules,
    preset_rules,
    replay,
)
from phase10_keeper.sheet import Paper, SheetError, write_score_sheet

from .pdfs import all_text, numbers, page_text, read_sheet, sheet_bytes, text_origins
from .samples import SIX, sample_game

PAPER_POINTS = {Paper.LETTER: (792, 612), Paper.A4: (842, 595)}
SAFE_MARGIN = 12 / 25.4 * 72


@pytest.mark.parametrize(("hands", "pages"), [(0, 1), (1, 1), (12, 1), (13, 2), (24, 2), (30, 3)])
def test_one_page_per_twelve_hands_and_a_summary_page(hands: int, pages: int) -> None:
    reader = read_sheet(game=sample_game(hands))
    summary = 1 if hands else 0
    assert len(reader.pages) == pages + summary


@pytest.mark.parametrize("paper", list(Paper))
@pytest.mark.parametrize("filled", [False, True])
def test_pages_are_landscape_paper(paper: Paper, filled: bool) -> None:
    reader = read_sheet(game=sample_game(13) if filled else None, paper=paper)
    for page in reader.pages:
        width, height = float(page.mediabox.width), float(page.mediabox.height)
        assert width > height
        assert (round(width), round(height)) == PAPER_POINTS[paper]
        assert page.get("/Rotate", 0) == 0


@pytest.mark.parametrize("paper", list(Paper))
def test_text_stays_inside_safe_printer_margins(paper: Paper) -> None:
    long_names = (*SIX[:5], "Maximiliane Friederike von Hohenzollern-Sigmaringen")
    reader = read_sheet(game=sample_game(25, players=long_names), paper=paper)
    width, height = PAPER_POINTS[paper]
    for index in range(len(reader.pages)):
        origins = text_origins(reader, index)
        assert origins
        for text, x, y, _ in origins:
            assert SAFE_MARGIN <= x <= width - SAFE_MARGIN, text
            assert SAFE_MARGIN <= y <= height - SAFE_MARGIN, text


def test_filled_sheet_shows_every_name_point_and_running_total() -> None:
    game = sample_game(30)
    state = replay(game).final
    reader = read_sheet(game=game)
    for page_index, start in enumerate(range(0, 30, 12)):
        text = page_text(reader, page_index)
        for name in game.players:
            assert name in text
        expected = numbers(text)
        wanted: list[int] = []
        for record in state.hands[start : start + 12]:
            for entry in record.entries.values():
                wanted.append(entry.points)
                assert f"Σ {entry.total}" in text
        for points, count in numbers(" ".join(map(str, wanted))).items():
            assert expected[points] >= count, f"points {points} on page {page_index + 1}"
    last = page_text(reader, 2)
    for player in state.players:
        assert str(player.total) in last


def test_continuation_pages_carry_the_totals_over() -> None:
    game = sample_game(13)
    state = replay(game).final
    text = page_text(read_sheet(game=game), 1)
    assert "Carried" in text
    after_twelve = {name: entry.total for name, entry in state.hands[11].entries.items()}
    counts = numbers(text)
    for total in after_twelve.values():
        assert counts[total] >= 1
    assert "hands 13\u201324" in text
    assert "Continued on page 2." in page_text(read_sheet(game=game), 0)


def test_dealers_are_marked_in_the_hand_headers_for_hands_to_come_too() -> None:
    game = sample_game(6, first_dealer="Kwame")
    text = page_text(read_sheet(game=game), 0)
    assert text.count("D: ") == 12 + 1
    for index in range(12):
        assert f"{index + 1}\nD: {SIX[(2 + index) % 6]}\n" in text


def test_a_finished_game_has_no_dealers_for_hands_never_played() -> None:
    game = sample_game(10, finishers=("Priya",))
    assert page_text(read_sheet(game=game), 0).count("D: ") == 10 + 1


def test_a_pending_replay_hand_gets_its_dealer() -> None:
    game = sample_game(13, finishers=("Marcus", "Dana"), tied=True)
    state = replay(game).final
    text = page_text(read_sheet(game=game), 1)
    assert f"Replay\nD: {state.dealer}\n" in text
    assert text.count("D: ") == 2 + 1


def test_the_phases_card_values_and_rules_are_printed() -> None:
    for text in (all_text(read_sheet()), page_text(read_sheet(game=sample_game(13)), 1)):
        for phase in preset_rules(Preset.MATTEL).phases:
            assert phase_description(words(), phase) in text
        for label, points in (("1\u20139", 5), ("10\u201312", 10), ("Skip", 15), ("Wild", 25)):
            assert f"{label}\n{points}" in text
        assert "Super wild" not in text
        assert "Mattel rules" in text


def test_variant_phase_lists_and_super_wild_are_printed() -> None:
    even = all_text(read_sheet(rules=build_rules(Preset.EVEN, super_wild=True)))
    assert "Even phases only, super wild" in even
    assert "1 run of 9" in even
    assert "2 sets of 3" not in even
    assert f"Super wild\n{OFFICIAL_VALUES.super_wild}" in even
    house = (
        Phase(1, (Group(GroupKind.COLOR_RUN, 4), Group(GroupKind.EVEN_ODD, 4))),
        Phase(2, (Group(GroupKind.RUN, 6),)),
    )
    text = all_text(read_sheet(rules=build_rules(phases=house)))
    assert "1 run of 4 in one colour + 4 cards, all even or all odd" in text
    assert "house phase list" in text


def test_the_legend_prints_the_card_values_the_game_uses() -> None:
    values = CardValues(low=1, high=2, skip=20, wild=50, super_wild=75)
    rules = build_rules(Preset.MATTEL, super_wild=True, card_values=values)
    for text in (
        all_text(read_sheet(rules=rules)),
        page_text(read_sheet(game=replace(sample_game(3), rules=rules)), 0),
    ):
        for label, points in (
            ("1\u20139", 1),
            ("10\u201312", 2),
            ("Skip", 20),
            ("Wild", 50),
            ("Super wild", 75),
        ):
            assert f"{label}\n{points}" in text
        assert "Wild\n25" not in text


def test_masters_sheet_explains_choosing_a_phase() -> None:
    masters = preset_rules(Preset.MASTERS)
    game = sample_game(13, players=SIX[:4], rules=masters, finishers=("Kwame",))
    for text in (all_text(read_sheet(rules=masters)), all_text(read_sheet(game=game))):
        assert "each hand, pick any phase you have not made yet" in text
    assert "Winner: Kwame (the only player to have made 10 phases)." in all_text(
        read_sheet(game=game)
    )


def test_finished_game_names_the_winner_and_why() -> None:
    game = sample_game(12, finishers=("Marcus",))
    text = page_text(read_sheet(game=game), 0)
    assert "WINNER" in text
    assert "Winner: Marcus (the only player to have completed phase 10)." in text


def test_tiebreak_replay_hand_is_headed_replay() -> None:
    game = sample_game(14, finishers=("Marcus", "Dana"), replay_winner="Dana")
    state = replay(game).final
    assert state.hands[-1].replay
    text = page_text(read_sheet(game=game), 1)
    assert "Replay" in text
    assert "Winner: Dana (went out first in the tie-break replay hand, after a tie at " in text
    assert "with Marcus)." in text


def test_pending_tiebreak_says_who_replays() -> None:
    game = sample_game(13, finishers=("Marcus", "Dana"), tied=True)
    state = replay(game).final
    text = all_text(read_sheet(game=game))
    assert (
        f"Tie at {state.tied_total} between Marcus and Dana: they replay phase 10, and whoever "
        f"goes out first wins. {state.dealer} deals."
    ) in text
    assert "WINNER" not in text
    assert "Replay" in text


def test_lowest_total_of_those_who_completed_wins() -> None:
    game = sample_game(13, finishers=("Marcus", "Dana"))
    state = replay(game).final
    assert state.winner is not None
    total = state.player(state.winner).total
    text = all_text(read_sheet(game=game))
    assert (
        f"Winner: {state.winner} (the lowest total, {total}, of those who completed phase 10)."
    ) in text


def test_fixed_number_of_hands_ends_on_the_lowest_total() -> None:
    rules = build_rules(Preset.FIXED_HANDS, hands=2)
    ten_low = PlayerResult(made=False, cards=Cards(low=10))
    game = Game(
        players=("Ann", "Bo"),
        rules=rules,
        hands=(
            Hand("Ann", {"Ann": PlayerResult(made=True), "Bo": ten_low}),
            Hand(
                "Bo",
                {"Bo": PlayerResult(made=True), "Ann": PlayerResult(False, Cards(low=8, high=2))},
            ),
        ),
    )
    text = all_text(read_sheet(game=game))
    assert "Winner: Bo (the lowest total, 50, after 2 hands)." in text
    assert "2 hands: everyone moves to the next phase every hand, made or not" in text


def test_game_in_progress_says_who_deals_next() -> None:
    text = page_text(read_sheet(game=sample_game(5)), 0)
    assert "5 hands played. Hand 6: Łukasz deals." in text


def test_blank_sheet_has_lines_to_write_on() -> None:
    text = page_text(read_sheet(), 0)
    for label in ("Game", "Date", "Winner", "Total", "write the phase attempted"):
        assert label in text
    assert "Σ" not in text
    assert "D:" not in text


def test_blank_sheet_with_names_prints_them_in_any_european_script() -> None:
    names = ["Zoë", "Łukasz", "Nguyễn", "Ελένη", "Дмитрий", "Siobhán"]
    text = page_text(read_sheet(names=names, paper=Paper.A4), 0)
    for name in names:
        assert name in text


def test_decomposed_accents_print_as_composed_letters() -> None:
    text = page_text(read_sheet(names=["Nguye\u0302\u0303n", "Zoe\u0308"]), 0)
    assert "Nguyễn" in text
    assert "Zoë" in text


def test_names_print_literally() -> None:
    name = "<b>Bo & Co</b>"
    text = page_text(read_sheet(names=[name, "&amp; <i>x"]), 0)
    assert name in text
    assert "&amp; <i>x" in text


@pytest.mark.parametrize(
    ("started", "shown"),
    [
        ("2026-11-29T19:30:00+01:00", "29 Nov 2026, 19:30"),
        ("2026-12-06", "6 Dec 2026"),
        ("last Friday", None),
        (None, None),
    ],
)
def test_the_date_the_game_started(started: str | None, shown: str | None) -> None:
    text = page_text(read_sheet(game=sample_game(2, started=started)), 0)
    if shown is None:
        assert "Friday night\nDate\n" in text
        assert "last Friday" not in text
    else:
        assert f"Friday night\n{shown}\n" in text


@pytest.mark.parametrize(
    ("language", "shown"),
    [
        ("en", "6 Dec 2026, 19:30"),
        ("de", "06.12.2026, 19:30"),
        ("fr", "06/12/2026 19:30"),
        ("es", "06/12/2026, 19:30"),
        ("nl", "06-12-2026, 19:30"),
        ("pl", "06.12.2026, 19:30"),
    ],
)
def test_the_date_is_written_as_the_sheets_language_writes_it(language: str, shown: str) -> None:
    game = sample_game(2, started="2026-12-06T19:30:00+01:00")
    text = page_text(read_sheet(game=game, language=language), 0)
    assert f"Friday night\n{shown}\n" in text


def test_title_is_printed() -> None:
    text = page_text(read_sheet(title="Cabin <weekend> & co"), 0)
    assert "Cabin <weekend> & co" in text


def test_font_is_embedded() -> None:
    reader = read_sheet(names=["Ελένη"])
    embedded = 0
    resources = reader.pages[0]["/Resources"].get_object()
    assert isinstance(resources, DictionaryObject)
    fonts = resources["/Font"].get_object()
    assert isinstance(fonts, DictionaryObject)
    for font in fonts.values():
        font = font.get_object()
        assert "DejaVuSans" in font["/BaseFont"]
        descriptor = font["/FontDescriptor"].get_object()
        assert "/FontFile2" in descriptor
        embedded += 1
    assert embedded == 2


def test_metadata() -> None:
    info = read_sheet(game=sample_game(3)).metadata
    assert info is not None
    assert info.title == "Phase 10 score sheet: Friday night"
    assert info.subject is not None
    assert info.subject.startswith("Phase 10 scores: Priya, Marcus")
    assert "3 hands" in info.subject
    assert info.creator == f"phase10-keeper {__version__}"
    assert info.author == "phase10-keeper"
    blank = read_sheet().metadata
    assert blank is not None
    assert blank.title == "Phase 10 score sheet"
    assert blank.subject == "A blank Phase 10 score sheet; Mattel rules"


def test_same_input_gives_the_same_bytes() -> None:
    game = sample_game(13)
    assert sheet_bytes(game=game) == sheet_bytes(game=game)
    assert sheet_bytes(names=["Zoë"]) == sheet_bytes(names=["Zoë"])


def test_same_bytes_in_a_fresh_process(tmp_path: Path) -> None:
    out = tmp_path / "fresh.pdf"
    script = (
        "import sys; from pathlib import Path; "
        "from phase10_keeper.sheet import Paper, write_score_sheet; "
        "write_score_sheet(Path(sys.argv[1]), names=['Zoë', 'Ελένη'], paper=Paper.A4)"
    )
    subprocess.run([sys.executable, "-c", script, str(out)], check=True)
    assert out.read_bytes() == sheet_bytes(names=["Zoë", "Ελένη"], paper=Paper.A4)


def test_writes_to_a_path_and_returns_the_page_count(tmp_path: Path) -> None:
    out = tmp_path / "sheet.pdf"
    assert write_score_sheet(out, game=sample_game(13)) == 3
    assert len(PdfReader(out).pages) == 3


def test_importing_the_package_does_not_load_reportlab() -> None:
    script = "import phase10_keeper.sheet, sys; assert 'reportlab' not in sys.modules"
    subprocess.run([sys.executable, "-c", script], check=True)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"names": ["Ann", "王小明"]}, "the name '王小明' has characters the sheet cannot print"),
        ({"names": ["Ann 🎲"]}, "U+1F3B2"),
        ({"names": ["שרה"]}, "is written right to left"),
        ({"names": ["Tab\there"]}, "U+0009"),
        ({"title": "Game night 🎲"}, "the title"),
        ({"names": [f"P{n}" for n in range(7)]}, "room for 6 players, not 7"),
        ({"names": ["Ann", " "]}, "a name is empty"),
        ({"rows": 0}, "1 to 6 player rows, not 0"),
        ({"rows": 7}, "1 to 6 player rows, not 7"),
        ({"game": sample_game(1), "names": ["Ann"]}, "names are for a blank sheet"),
    ],
)
def test_sheets_that_cannot_be_made_say_why(options: dict[str, object], message: str) -> None:
    target = io.BytesIO()
    with pytest.raises(SheetError) as raised:
        write_score_sheet(target, **options)  # type: ignore[arg-type]
    assert message in str(raised.value)
    assert target.getvalue() == b""


def test_a_refused_sheet_leaves_no_file(tmp_path: Path) -> None:
    out = tmp_path / "sheet.pdf"
    with pytest.raises(SheetError):
        write_score_sheet(out, names=["王"])
    assert not out.exists()
