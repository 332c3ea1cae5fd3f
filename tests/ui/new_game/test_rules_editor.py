"""The house phase-list editor: the draft's edits, and the widget driven like a user."""

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit

from phase10_keeper.language import words
from phase10_keeper.language.wording import phase_description
from phase10_keeper.rules import MATTEL_PHASES, Group, GroupKind, Phase
from phase10_keeper.ui.new_game.rules_editor import PhaseListDraft, PhaseListEditor, phase_text


def test_draft_numbers_phases_in_their_new_order() -> None:
    draft = PhaseListDraft(MATTEL_PHASES[:3])
    assert draft.move_phase(2, -1) == 1
    assert [phase_description(words(), phase) for phase in draft.phases()] == [
        "2 sets of 3",
        "1 set of 4 + 1 run of 4",
        "1 set of 3 + 1 run of 4",
    ]
    assert [phase.label for phase in draft.phases()] == [1, 2, 3]


def test_draft_moves_stop_at_the_ends() -> None:
    draft = PhaseListDraft(MATTEL_PHASES[:2])
    assert draft.move_phase(0, -1) == 0
    assert draft.move_phase(1, 1) == 1


def test_draft_builds_phases_from_groups() -> None:
    draft = PhaseListDraft(())
    assert draft.problem() is not None
    index = draft.add_phase()
    draft.set_group(index, 0, Group(GroupKind.COLOR_RUN, 4))
    draft.add_group(index, Group(GroupKind.EVEN_ODD, 4))
    assert draft.problem() is None
    assert (
        phase_description(words(), draft.phase(index))
        == "1 run of 4 in one colour + 4 cards, all even or all odd"
    )


def test_draft_reports_a_phase_with_no_groups_and_too_many_cards() -> None:
    draft = PhaseListDraft([Phase(1, (Group(GroupKind.SET, 3),))])
    draft.remove_group(0, 0)
    assert "no groups" in (draft.problem() or "")
    draft.add_group(0, Group(GroupKind.RUN, 9))
    draft.add_group(0, Group(GroupKind.SET, 2))
    assert "more than the 10" in (draft.problem() or "")


def test_phase_text_counts_cards() -> None:
    assert phase_text(MATTEL_PHASES[2]) == "Phase 3: 1 set of 4 + 1 run of 4 (8 cards)"
    single = Phase(4, (Group(GroupKind.SET, 1),))
    assert phase_text(single) == "Phase 4: 1 set of 1 (1 card)"
    assert phase_text(Phase(5, ())) == "Phase 5: no groups yet"


def test_a_group_size_reads_as_a_number_of_cards_and_takes_a_typed_number(qtbot) -> None:
    editor = PhaseListEditor(MATTEL_PHASES[:1])
    qtbot.addWidget(editor)
    count = editor._rows[0].count
    assert count.text() == "3 cards"
    count.setValue(1)
    assert count.text() == "1 card"
    line = count.findChild(QLineEdit)
    line.selectAll()
    qtbot.keyClicks(count, "7")
    qtbot.keyClick(count, Qt.Key.Key_Return)
    assert count.value() == 7
    assert count.text() == "7 cards"
    assert editor.phases()[0].groups[0] == Group(GroupKind.SET, 7)


def test_editor_builds_a_house_list(qtbot) -> None:
    editor = PhaseListEditor(MATTEL_PHASES[:2])
    qtbot.addWidget(editor)
    with qtbot.waitSignal(editor.phasesChanged):
        qtbot.mouseClick(editor.add_phase_button, Qt.MouseButton.LeftButton)
    assert editor.current() == 1
    assert len(editor.phases()) == 3

    row = editor._rows[0]
    row.kind.setCurrentIndex(row.kind.findData(GroupKind.RUN.value))
    row.count.setValue(6)
    assert editor.phase_list.item(1).text() == "Phase 2: 1 run of 6 (6 cards)"
    assert "1 run of 6" in editor.description.text()

    qtbot.mouseClick(editor.up_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(editor.up_button, Qt.MouseButton.LeftButton)
    assert editor.current() == 0
    assert editor.phases()[0] == Phase(1, (Group(GroupKind.RUN, 6),))
    assert not editor.up_button.isEnabled()

    editor.add_group()
    editor._rows[1].count.setValue(4)
    assert phase_description(words(), editor.phases()[0]) == "1 run of 6 + 1 set of 4"
    assert editor.problem() is None
    assert editor.problem_label.isHidden()


def test_editor_removes_groups_and_phases(qtbot) -> None:
    editor = PhaseListEditor(MATTEL_PHASES[:2])
    qtbot.addWidget(editor)
    editor.select(1)
    qtbot.mouseClick(editor._rows[1].remove, Qt.MouseButton.LeftButton)
    assert phase_description(words(), editor.phases()[1]) == "1 set of 3"
    qtbot.mouseClick(editor._rows[0].remove, Qt.MouseButton.LeftButton)
    assert editor.problem() is not None
    assert not editor.problem_label.isHidden()
    qtbot.mouseClick(editor.remove_phase_button, Qt.MouseButton.LeftButton)
    assert editor.phases() == MATTEL_PHASES[:1]
    assert editor.problem() is None


def test_editor_inputs_have_accessible_names(qtbot) -> None:
    editor = PhaseListEditor()
    qtbot.addWidget(editor)
    assert editor.phase_list.accessibleName()
    for row in editor._rows:
        assert row.kind.accessibleName()
        assert row.count.accessibleName()
        assert row.remove.accessibleName()


def test_draft_keeps_labels_until_the_list_changes_shape() -> None:
    even = tuple(phase for phase in MATTEL_PHASES if phase.label % 2 == 0)
    draft = PhaseListDraft(even)
    draft.set_group(0, 1, Group(GroupKind.RUN, 5))
    assert [phase.label for phase in draft.phases()] == [2, 4, 6, 8, 10]
    draft.remove_phase(4)
    assert [phase.label for phase in draft.phases()] == [1, 2, 3, 4]
