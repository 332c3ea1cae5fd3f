"""A link as a QR code to scan: the phones' links and the BG Stats log."""

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtSvgWidgets import QSvgWidget


def qr_code(link: str, size: int) -> "QSvgWidget":
    """The code of `link`, `size` pixels square, drawn sharp at any scale."""
    # segno and Qt's SVG module load with the first code shown, not with the window.
    import segno
    from PySide6.QtCore import QByteArray
    from PySide6.QtSvgWidgets import QSvgWidget

    svg = segno.make(link, error="m").svg_inline(scale=4, border=2)
    code = QSvgWidget()
    code.load(QByteArray(svg.encode("utf-8")))
    code.setFixedSize(size, size)
    return code
