"""The score sheet on a printer: the sheet's own PDF, each page rasterised by PDFium and
drawn to fill the printer's paper, so the printed page is the saved page exactly.

Qt's PDF module is not in PySide6-Essentials, and a second drawing of the sheet with
QPainter would be a second layout to keep in step with the PDF's; PDFium (pypdfium2) is
the renderer of the PDFs people open in Chromium, and its wheels need nothing else on
the system. Both are loaded only when a sheet is printed.
"""

from typing import TYPE_CHECKING

from PySide6.QtCore import QMarginsF, QRectF, QSizeF
from PySide6.QtGui import QImage, QPageLayout, QPageSize, QPainter
from PySide6.QtPrintSupport import QPrinter

if TYPE_CHECKING:
    import pypdfium2

PRINT_DPI = 300
"""The pages' resolution on paper: sharp text at a laser printer's usual 300 or 600 dpi,
and an A4 page held in 35 MB while it is printed (the preview keeps every page)."""
POINTS_PER_INCH = 72


def _page_layout(width: float, height: float) -> QPageLayout:
    """The whole sheet of paper, no margins (the PDF has its own), for a page of this
    size in points: A4 or Letter by name, so the printer picks the right tray."""
    landscape = width > height
    portrait = QSizeF(min(width, height), max(width, height))
    size = QPageSize(portrait, QPageSize.Unit.Point, "", QPageSize.SizeMatchPolicy.FuzzyMatch)
    orientation = (
        QPageLayout.Orientation.Landscape if landscape else QPageLayout.Orientation.Portrait
    )
    return QPageLayout(size, orientation, QMarginsF(0, 0, 0, 0), QPageLayout.Unit.Point)


def page_image(page: "pypdfium2.PdfPage", dpi: int = PRINT_DPI) -> QImage:
    """One page of a PDF as an image at `dpi`, white where the page draws nothing."""
    bitmap = page.render(scale=dpi / POINTS_PER_INCH, rev_byteorder=True, prefer_bgrx=True)
    image = QImage(
        bytes(bitmap.buffer),
        bitmap.width,
        bitmap.height,
        bitmap.stride,
        QImage.Format.Format_RGBX8888,
    )
    # The image above reads the bytes in place: a copy owns its pixels.
    return image.copy()


def set_up_printer(printer: QPrinter, pdf: bytes) -> None:
    """Sets the printer to the paper of the sheet's first page, the whole page printable."""
    import pypdfium2

    printer.setFullPage(True)
    document = pypdfium2.PdfDocument(pdf)
    try:
        width, height = document[0].get_size()
    finally:
        document.close()
    printer.setPageLayout(_page_layout(width, height))


def print_pdf(pdf: bytes, printer: QPrinter) -> bool:
    """Prints every page of `pdf` on `printer`, each filling the paper; False if the
    printer could not be started (nothing printed)."""
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    painter = QPainter()
    try:
        for number in range(len(document)):
            page = document[number]
            layout = _page_layout(*page.get_size())
            if number == 0:
                printer.setPageLayout(layout)
                if not painter.begin(printer):
                    return False
            else:
                if not printer.pageLayout().isEquivalentTo(layout):
                    printer.setPageLayout(layout)
                printer.newPage()
            # The page at its own size from the paper's corner, rather than stretched to
            # the paper Qt knows: Qt's A4 is whole points, 0.3 points shorter than A4.
            width, height = page.get_size()
            scale = printer.resolution() / POINTS_PER_INCH
            target = QRectF(0, 0, width * scale, height * scale)
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
            painter.drawImage(target, page_image(page))
    finally:
        if painter.isActive():
            painter.end()
        document.close()
    return True
