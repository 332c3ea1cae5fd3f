"""Printing the sheet: the printed pages are the PDF's pages, in its size and language, and
the window's flow (the sheet dialog's Print button, the preview) runs without a modal
dialog."""

from io import BytesIO
from pathlib import Path

import pypdfium2
import pytest
from pypdf import PdfReader
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QImage
from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog
from PySide6.QtWidgets import QWidget

from phase10_keeper.rules import Game
from phase10_keeper.sheet import Paper, write_score_sheet
from phase10_keeper.ui.dialogs.sheet_dialogs import SheetDialog, SheetPrinter
from phase10_keeper.ui.dialogs.sheet_printing import print_pdf, set_up_printer

from ..answers import Answers
from ..games import game_with_hands

PLAYERS = ("Priya", "Marcus", "Kwame")
RENDERED_DPI = 150
SHRINK = 4


def _long_game(hands: int = 14) -> Game:
    """More hands than one page of the sheet holds, so the sheet has several pages."""
    return game_with_hands(PLAYERS, hands)


def _sheet(paper: Paper, language: str, game: Game | None = None) -> bytes:
    pdf = BytesIO()
    names = PLAYERS if game is None else ()
    write_score_sheet(pdf, game=game, names=names, paper=paper, language=language)
    return pdf.getvalue()


def _grey_pages(pdf: bytes) -> list[tuple[int, int, bytes]]:
    """Each page rendered in grey at RENDERED_DPI and made smaller with Qt's smooth scaling
    by SHRINK: its width, height and pixels. Shrunk, the edges of letters drawn from the
    printed raster and from the PDF's own vectors differ little; what the page shows
    still does."""
    document = pypdfium2.PdfDocument(pdf)
    pages = []
    for page in document:
        bitmap = page.render(scale=RENDERED_DPI / 72, grayscale=True)
        image = QImage(
            bytes(bitmap.buffer),
            bitmap.width,
            bitmap.height,
            bitmap.stride,
            QImage.Format.Format_Grayscale8,
        ).scaled(
            bitmap.width // SHRINK,
            bitmap.height // SHRINK,
            Qt.AspectRatioMode.IgnoreAspectRatio,
            Qt.TransformationMode.SmoothTransformation,
        )
        line = image.bytesPerLine()
        bits = bytes(image.constBits())
        pixels = b"".join(
            bits[row * line : row * line + image.width()] for row in range(image.height())
        )
        pages.append((image.width(), image.height(), pixels))
    document.close()
    return pages


def _difference(first: bytes, second: bytes) -> tuple[float, int]:
    """How far apart two grey images of one size are: the mean difference of their pixels
    (0 to 255), and how many pixels differ by more than half the way from white to black."""
    assert len(first) == len(second)
    differences = [abs(a - b) for a, b in zip(first, second, strict=True)]
    return sum(differences) / len(differences), sum(d > 128 for d in differences)


def _sheet_printer(pdf: bytes) -> QPrinter:
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    set_up_printer(printer, pdf)
    return printer


def _printed(pdf: bytes, path: Path) -> bytes:
    printer = _sheet_printer(pdf)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(path))
    assert print_pdf(pdf, printer)
    return path.read_bytes()


def _assert_same_pages(sheet: bytes, printed: bytes) -> None:
    sheet_pages = PdfReader(BytesIO(sheet)).pages
    printed_pages = PdfReader(BytesIO(printed)).pages
    assert len(printed_pages) == len(sheet_pages)
    for ours, theirs in zip(sheet_pages, printed_pages, strict=True):
        # Qt writes the paper's size in whole points: A4 is 841.89 by 595.28.
        assert float(theirs.mediabox.width) == pytest.approx(float(ours.mediabox.width), abs=1)
        assert float(theirs.mediabox.height) == pytest.approx(float(ours.mediabox.height), abs=1)
    for (width, height, pixels), (printed_width, printed_height, printed_pixels) in zip(
        _grey_pages(sheet), _grey_pages(printed), strict=True
    ):
        assert (printed_width, printed_height) == (width, height)
        mean, far = _difference(pixels, printed_pixels)
        assert mean < 3
        assert far == 0


@pytest.mark.parametrize(("paper", "language"), [(Paper.A4, "de"), (Paper.LETTER, "en")])
def test_a_printed_sheet_is_the_pdf_page_by_page(qapp, tmp_path: Path, paper, language) -> None:
    sheet = _sheet(paper, language, _long_game())
    assert len(PdfReader(BytesIO(sheet)).pages) >= 3, "two pages of hands and the summary"
    _assert_same_pages(sheet, _printed(sheet, tmp_path / "printed.pdf"))


def test_the_comparison_tells_another_sheet_apart(qapp, tmp_path: Path) -> None:
    """The pixels compared are close because the pages are alike, not because any two
    sheets are: the same sheet in another language is far from it."""
    german = _grey_pages(_printed(_sheet(Paper.A4, "de"), tmp_path / "de.pdf"))[0][2]
    english = _grey_pages(_sheet(Paper.A4, "en"))[0][2]
    assert _difference(german, english)[1] > 100


def test_the_printer_takes_the_sheets_paper_and_orientation(qapp) -> None:
    from PySide6.QtGui import QPageLayout, QPageSize

    for paper, size in (
        (Paper.A4, QPageSize.PageSizeId.A4),
        (Paper.LETTER, QPageSize.PageSizeId.Letter),
    ):
        layout = _sheet_printer(_sheet(paper, "en")).pageLayout()
        assert layout.pageSize().id() == size
        assert layout.orientation() is QPageLayout.Orientation.Landscape
        assert layout.margins().isNull()


class PrintingAnswers(Answers):
    """Accepts the sheet dialog with the button a test names, and in place of the
    preview prints to a PDF file, as the preview's Print button would."""

    def __init__(self, output: Path, button: str = "print") -> None:
        super().__init__()
        self.output = output
        self.button = button
        self.previews: list[str] = []
        """The document name of each preview shown."""
        self.dialog_answer = self._answer

    def _answer(self, dialog) -> bool:
        if isinstance(dialog, QPrintPreviewDialog):
            printer = dialog.printer()
            self.previews.append(printer.docName())
            printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
            printer.setOutputFileName(str(self.output))
            dialog.paintRequested.emit(printer)
            return True
        assert isinstance(dialog, SheetDialog)
        getattr(dialog, f"{self.button}_button").click()
        return dialog.result() == SheetDialog.DialogCode.Accepted


def _printer(qtbot, answers: Answers, tmp_path: Path) -> SheetPrinter:
    parent = QWidget()
    qtbot.addWidget(parent)
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue("sheet/paper", "a4")
    settings.setValue("sheet/language", "de")
    return SheetPrinter(parent, settings, answers, open_url=answers.open_url)


def test_print_shows_a_preview_and_prints_the_games_sheet(qtbot, tmp_path: Path) -> None:
    answers = PrintingAnswers(tmp_path / "printed.pdf")
    printer = _printer(qtbot, answers, tmp_path)
    game = _long_game()
    with qtbot.waitSignal(printer.printed):
        assert printer.print_game(game) is None
    assert answers.asked == ["Print Score Sheet", "Print Preview"]
    assert answers.opened == [], "no viewer: the sheet went to the printer"
    assert answers.previews == ["Friday night score sheet"]
    _assert_same_pages(_sheet(Paper.A4, "de", game), answers.output.read_bytes())


def test_blank_sheets_offer_print_first_and_save_pdf_beside_it(qtbot, tmp_path: Path) -> None:
    dialog = SheetDialog(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(dialog)
    assert dialog.print_button.isDefault()
    assert dialog.ok_button.text() == "&Save PDF…"
    export = SheetDialog(
        QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat),
        game=_long_game(),
        printing=False,
    )
    qtbot.addWidget(export)
    assert export.ok_button.isDefault()

    answers = PrintingAnswers(tmp_path / "blank.pdf")
    printer = _printer(qtbot, answers, tmp_path)
    printer.print_blank(names=PLAYERS)
    _assert_same_pages(_sheet(Paper.A4, "de"), answers.output.read_bytes())

    saving = PrintingAnswers(tmp_path / "unused.pdf", button="ok")
    saving.save_answer = tmp_path / "saved.pdf"
    assert _printer(qtbot, saving, tmp_path).print_blank(names=PLAYERS) == saving.save_answer
    assert saving.previews == []
    assert len(saving.opened) == 1


@pytest.mark.qt_log_ignore("QPainter::begin")
def test_a_printer_that_cannot_start_is_reported(qtbot, tmp_path: Path) -> None:
    answers = PrintingAnswers(tmp_path / "missing" / "printed.pdf")
    printer = _printer(qtbot, answers, tmp_path)
    printer.print_game(_long_game(3))
    assert answers.warnings == ["The printer could not be started: nothing was printed."]
