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


class _Counted(DrawnTableView):
    """Remembers the cells it draws itself."""

    def __init__(self) -> None:
        super().__init__()
        self.drawn: list[tuple[int, int]] = []

    def plain_cells(self, painter, option):
        draw = super().plain_cells(painter, option)

        def counted(cell, row: int, column: int) -> None:
            self.drawn.append((row, column))
            draw(cell, row, column)

        return counted


def test_cells_apart_are_drawn_again_alone_and_as_qts_table_draws_them(qtbot) -> None:
    # Two cells changed far apart: Qt's table draws those two, not every cell between
    # them, and so does this view (the standings draw a few cells of several rows at
    # each hand recorded).
    models = [_model(), _model()]
    drawn = _Counted()
    views = [QTableView(), drawn]
    for view, model in zip(views, models, strict=True):
        qtbot.addWidget(view)
        view.setModel(model)
        view.resize(420, 200)
        view.show()
        qtbot.waitExposed(view)
    qtbot.waitUntil(lambda: bool(drawn.drawn))
    drawn.drawn.clear()
    for model in models:
        model.item(0, 0).setText("Bo")
        model.item(4, 3).setText("Zoë")
    qtbot.waitUntil(lambda: bool(drawn.drawn))
    assert sorted(set(drawn.drawn)) == [(0, 0), (4, 3)]
    assert len(drawn.drawn) == 2
    assert views[0].viewport().grab().toImage() == drawn.viewport().grab().toImage()
