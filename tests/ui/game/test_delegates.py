"""The score grid's row header: a badge holds its mark, drawn bold, in every language."""

import pytest
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QTableView

from phase10_keeper.language import LANGUAGES
from phase10_keeper.ui.game.delegates import PlayerHeader
from phase10_keeper.ui.game.grid_model import mark_labels
from phase10_keeper.ui.text.translate import use_language


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_every_mark_fits_its_badge_as_drawn(qtbot, code: str) -> None:
    use_language(code)
    table = QTableView()
    qtbot.addWidget(table)
    header = PlayerHeader(table)
    badge_width = header.marks_width() - 8
    font = QFont(header.font())
    font.setBold(True)
    font.setPointSizeF(header.font().pointSizeF() * 0.8)
    metrics = QFontMetrics(font)
    for mark in mark_labels():
        assert metrics.horizontalAdvance(mark) + 4 <= badge_width, mark
