"""The one table model of texts: the players' page's tables and the charts' tables."""

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QHeaderView, QTableView

from phase10_keeper.ui.widgets.text_table import ColumnFitter, TextTableModel


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


def _fitted_as_qt_fits(
    qtbot: Any, rows: list[list[str]], headers: list[str], font_size: float
) -> None:
    """Every column but the stretched one is as wide under ColumnFitter as under Qt's own
    ResizeToContents over every row; with the rows set, the headings reworded and the
    font changed, in that order."""
    fitted, measured = QTableView(), QTableView()
    # Closed and deleted, models with them, on the GUI thread when the test ends: the
    # fitter (the view's child) holds its view, so the view would otherwise be left to
    # the cycle collector, which may run on another thread (a phones server's).
    qtbot.addWidget(fitted)
    qtbot.addWidget(measured)
    fitted_model = TextTableModel(headers, fitted)
    measured_model = TextTableModel(headers, measured)
    fitted.setModel(fitted_model)
    measured.setModel(measured_model)
    ColumnFitter(fitted, fitted_model, stretch=1)
    header = measured.horizontalHeader()
    header.setResizeContentsPrecision(-1)
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
    for model in (fitted_model, measured_model):
        model.set_rows(rows)
        model.set_headers([heading.upper() for heading in headers])
    for view in (fitted, measured):
        font = QFont(view.font())
        font.setPointSizeF(font_size)
        view.setFont(font)
    widths = [
        [view.horizontalHeader().sectionSize(column) for column in (0, 2, 3)]
        for view in (fitted, measured)
    ]
    assert widths[0] == widths[1]


def test_columns_are_fitted_to_their_widest_text_among_thousands_of_rows(qtbot) -> None:
    rows = [
        [f"2026-01-{1 + number % 28:02d}", "Friday", "1st of 4", "won"] for number in range(3000)
    ]
    # The widest texts come last, beyond the rows Qt's own fitting would look at.
    rows += [["Wednesday 31 December 2025", "Long", "4th of 6", "left before hand 12"]]
    _fitted_as_qt_fits(qtbot, rows, ["Date", "Game", "Place", "Result"], 14)


def test_a_heading_wider_than_every_text_sets_its_columns_width(qtbot) -> None:
    _fitted_as_qt_fits(
        qtbot, [["1", "x", "2", "3"]], ["Datum des Spiels", "Spiel", "Platz", "Ergebnis"], 9
    )
