"""The table view that draws its cells in one pass: what it draws is Qt's table's."""

import pytest
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QTableView

from phase10_keeper.ui.widgets.drawn_table import DrawnTableView


def _model() -> QStandardItemModel:
    model = QStandardItemModel(5, 4)
    for row in range(5):
        for column in range(4):
            model.setItem(row, column, QStandardItem(f"{row}·{column} «Bo & Co»"))
    return model


@pytest.mark.parametrize("alternate", [False, True], ids=["plain", "alternating"])
@pytest.mark.parametrize("grid", [True, False], ids=["grid", "no-grid"])
def test_cells_drawn_through_their_delegate_are_qts_table(qtbot, alternate, grid) -> None:
    # A view that draws its cells no more directly than through their delegate, as Qt's
    # table does, with its row panels and grid lines, takes the same pixels.
    model = _model()
    drawn = DrawnTableView()
    images = []
    for view in (QTableView(), drawn):
        qtbot.addWidget(view)
        view.setModel(model)
        view.setAlternatingRowColors(alternate)
        view.setShowGrid(grid)
        view.setColumnHidden(2, True)
        view.resize(420, 200)
        view.show()
        qtbot.waitExposed(view)
        images.append(view.viewport().grab().toImage())
    assert images[0] == images[1]
    # A selected row is Qt's table's to draw, its highlight included.
    drawn.selectRow(1)
    assert drawn.viewport().grab().toImage() != images[1]
