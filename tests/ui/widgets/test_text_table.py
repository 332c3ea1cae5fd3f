"""The one table model of texts: the players' page's tables and the charts' tables."""

from PySide6.QtCore import Qt

from phase10_keeper.ui.widgets.text_table import TextTableModel


def test_a_table_of_texts_with_headings_for_columns_and_rows(qtmodeltester) -> None:
    right = Qt.AlignmentFlag.AlignRight
    model = TextTableModel(("Hand", "Ana"), cell_alignment=right)
    qtmodeltester.check(model)
    model.set_rows([["1", "25"], ["2", "40"]], row_headers=["first", "second"])
    qtmodeltester.check(model)
    assert (model.rowCount(), model.columnCount()) == (2, 2)
    assert model.index(1, 1).data() == "40"
    assert model.index(0, 0).data(Qt.ItemDataRole.TextAlignmentRole) == int(right)
    assert model.headerData(1, Qt.Orientation.Horizontal) == "Ana"
    assert model.headerData(1, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole) == "Ana"
    assert model.headerData(0, Qt.Orientation.Vertical) == "first"
    model.set_rows([["x"]], headers=["Only"])
    assert (model.rowCount(), model.columnCount()) == (1, 1)
    assert model.headerData(0, Qt.Orientation.Vertical) is None
