"""The UI tests' guard: a dialog opened modally fails the test instead of hanging it."""

import pytest
from PySide6.QtWidgets import QMessageBox


def test_a_modal_message_box_fails_instead_of_waiting(qtbot) -> None:
    box = QMessageBox()
    qtbot.addWidget(box)
    with pytest.raises(AssertionError, match="modal dialog"):
        box.exec()
    with pytest.raises(AssertionError, match="modal dialog"):
        QMessageBox.warning(None, "title", "text")
