"""The sheet with names beyond the Basic Multilingual Plane, huge rule lists, and bad disks."""

import os
import warnings
from pathlib import Path

import pytest

from phase10_keeper.language import Words, wording, words
from phase10_keeper.rules import MAX_PHASES, Group, GroupKind, Phase, Preset, build_rules
from phase10_keeper.sheet import legend as legend_module
from phase10_keeper.sheet import write_score_sheet
from phase10_keeper.sheet.legend import Legend

from .pdfs import all_text, read_sheet


def test_names_outside_the_basic_plane_have_a_true_text_layer() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        text = all_text(read_sheet(names=["\U0001f0cf Joker", "\U0001f600 Smile", "Zo\u00eb"]))
    assert "\U0001f0cf Joker" in text
    assert "\U0001f600 Smile" in text
    assert "Zo\u00eb" in text


def test_the_phase_layout_measures_each_phase_once(monkeypatch: pytest.MonkeyPatch) -> None:
    phases = tuple(Phase(n, (Group(GroupKind.SET, 3),)) for n in range(1, MAX_PHASES + 1))
    legend = Legend(
        build_rules(Preset.MATTEL, phases=phases), filled=False, width=760, words=words("en")
    )
    calls = 0
    original = wording.phase_description

    def counted(language: Words, phase: Phase) -> str:
        nonlocal calls
        calls += 1
        return original(language, phase)

    monkeypatch.setattr(legend_module, "phase_description", counted)
    legend.phase_layout()
    # The work is counted, not timed: a busy machine slows every clock.
    assert calls == MAX_PHASES


def test_writing_over_a_sheet_replaces_it_whole(tmp_path: Path) -> None:
    target = tmp_path / "sheet.pdf"
    target.write_bytes(b"%PDF- the old sheet")
    write_score_sheet(target, names=["Ana", "Bo"])
    assert target.read_bytes().startswith(b"%PDF-1.")
    assert [path.name for path in tmp_path.iterdir()] == ["sheet.pdf"]


def test_a_failed_write_leaves_the_old_sheet(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "sheet.pdf"
    target.write_bytes(b"the old sheet")

    def full_disk(handle: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(OSError, match="No space left"):
        write_score_sheet(target, names=["Ana", "Bo"])
    assert target.read_bytes() == b"the old sheet"
    assert [path.name for path in tmp_path.iterdir()] == ["sheet.pdf"]


def test_a_new_sheet_follows_the_umask(tmp_path: Path) -> None:
    previous = os.umask(0o027)
    try:
        write_score_sheet(tmp_path / "sheet.pdf", names=["Ana", "Bo"])
    finally:
        os.umask(previous)
    assert (tmp_path / "sheet.pdf").stat().st_mode & 0o777 == 0o640
