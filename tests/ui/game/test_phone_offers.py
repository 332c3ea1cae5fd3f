"""The row's offer of a phone's entry that differs from what the keeper typed: what its
tooltip says, and the keys after it."""

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from .test_phones import _enter, window  # noqa: F401 (the fixture)

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


def test_the_offer_names_the_cards_by_kind_and_t_takes_it_back_into_the_form(
    window: Any,  # noqa: F811
    qtbot: Any,
) -> None:
    window.show()
    qtbot.waitExposed(window)
    window.phones_action.trigger()
    window.pages.phones_dialog.hide()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    form = window.pages.game_view.form
    form.draft.set_made("Kwame", True)
    form._typed()
    _enter(window, qtbot, "Kwame", {"made": False, "cards": {"low": 7, "high": 2, "skip": 1}})
    row = next(row for row in form._rows if row.name == "Kwame")
    tip = row.phone.toolTip()
    times, dash = "\N{MULTIPLICATION SIGN}", "\N{EN DASH}"
    assert f"7 {times} 1{dash}9" in tip
    assert f"2 {times} 10{dash}12" in tip
    assert f"1 {times} Skip" in tip
    assert " T " in tip or "(T)" in tip, "the tooltip names the key"
    # T in the row's fields takes it, and the focus stays in the form: Enter records.
    field = row.chain()[0]
    field.setFocus()
    QTest.keyClick(field, Qt.Key.Key_T)
    assert not form.draft.made("Kwame")
    assert form.draft.count("Kwame", form.draft.kinds[0]) == 7
    assert QApplication.focusWidget() in row.chain()


def test_after_clicking_take_the_focus_is_back_in_the_form(window: Any, qtbot: Any) -> None:  # noqa: F811
    window.show()
    qtbot.waitExposed(window)
    window.phones_action.trigger()
    window.pages.phones_dialog.hide()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    form = window.pages.game_view.form
    form.draft.set_made("Kwame", True)
    form._typed()
    _enter(window, qtbot, "Kwame", {"made": False, "cards": {"low": 10}})
    row = next(row for row in form._rows if row.name == "Kwame")
    window.pages.game_view.grid.setFocus()
    row.phone.click()
    assert not form.draft.made("Kwame")
    assert row.chain()[0].hasFocus() or QApplication.focusWidget() in row.chain()
