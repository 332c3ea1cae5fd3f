"""The fonts and the pen the sheet's pages are drawn with: which fonts (compact ones,
or the whole ones where a name needs them), how wide a text is, and the few drawing moves
every page is made of.
"""

from collections.abc import Sequence
from functools import cache, lru_cache

from reportlab.pdfbase import pdfmetrics, ttfonts
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from phase10_keeper.resource_files import resource_path
from phase10_keeper.sheet.fit import WidthOf, fit_text, right_to_left
from phase10_keeper.sheet.paper import SheetError

REGULAR = "DejaVuSansCondensed"
BOLD = "DejaVuSansCondensed-Bold"
_WHOLE_FONTS = {REGULAR: "DejaVuSansCondensed.ttf", BOLD: "DejaVuSansCondensed-Bold.ttf"}
_COMPACT_FONTS = {
    REGULAR: "DejaVuSansCondensed-Compact.ttf",
    BOLD: "DejaVuSansCondensed-Bold-Compact.ttf",
}
"""The same fonts with only the Latin, Greek and Cyrillic letters and the sheet's symbols:
read in a quarter of the time, and what nearly every sheet needs."""

THIN, MEDIUM, THICK = 0.4, 0.9, 1.6

# Marks that the table draws and the legend under it shows as samples.
EN_DASH = "\u2013"
PHASE_BOX_WIDTH, PHASE_BOX_HEIGHT = 15.0, 13.0
"""The phase box in each hand's cell: room for a handwritten "10"."""
UNUSED_GREY = 0.94
"""Behind the columns after the last hand of a game of a fixed number of hands."""
TRACKER_BOX = 9.5
TRACKER_GAP = 1.3


@cache
def width_of(font: str) -> WidthOf:
    """How wide texts are in this font. Widths are remembered: fitting a text measures it
    at several sizes, and every page measures the same labels and numbers again."""

    @lru_cache(maxsize=4096)
    def measure(text: str, size: float) -> float:
        width: float = pdfmetrics.stringWidth(text, font, size)
        return width

    return measure


_reportlab_cmap = ttfonts.makeToUnicodeCMap


def _to_unicode_cmap(font_name: str, subset: Sequence[int]) -> str:
    """reportlab's ToUnicode map, with characters beyond U+FFFF written as the UTF-16
    surrogate pairs PDF asks for: reportlab writes their code point as an odd number of
    hex digits, and text copied or searched in the PDF comes out wrong.
    """
    cmap: str = _reportlab_cmap(font_name, subset)
    for code, character in enumerate(subset):
        if character > 0xFFFF:
            utf16 = chr(character).encode("utf-16-be").hex().upper()
            cmap = cmap.replace(f"<{code:02X}> <{character:04X}>", f"<{code:02X}> <{utf16}>")
    return cmap


_fonts_read: dict[str, TTFont] = {}


def _read_fonts(files: dict[str, str]) -> list[TTFont]:
    fonts = []
    for name, file_name in files.items():
        if file_name not in _fonts_read:
            try:
                font = TTFont(name, str(resource_path("fonts", file_name)))
            except OSError as error:
                raise SheetError("sheet.error.font", font=file_name, reason=str(error)) from None
            _fonts_read[file_name] = font
        fonts.append(_fonts_read[file_name])
    return fonts


def _prints_all(fonts: Sequence[TTFont], texts: Sequence[str]) -> bool:
    return all(ord(char) in font.face.charToGlyph for font in fonts for char in "".join(texts))


def register_fonts(texts: Sequence[str]) -> list[TTFont]:
    """Makes REGULAR and BOLD the compact fonts, or the whole ones where `texts` (what
    people typed: names and the title) need a letter the compact ones lack."""
    ttfonts.makeToUnicodeCMap = _to_unicode_cmap
    fonts = _read_fonts(_COMPACT_FONTS)
    if not _prints_all(fonts, texts):
        fonts = _read_fonts(_WHOLE_FONTS)
    registered = set(pdfmetrics.getRegisteredFontNames())
    for font in fonts:
        if font.fontName in registered:
            earlier = pdfmetrics.getFont(font.fontName)
            if earlier is font:
                continue
            # reportlab keeps the first font registered under a name.
            earlier.unregister()
        pdfmetrics.registerFont(font)
        width_of.cache_clear()
    return fonts


def check_printable(text: str, what: str, fonts: Sequence[TTFont]) -> None:
    """`what` is "name" or "title"."""
    if right_to_left(text):
        raise SheetError(f"sheet.error.right_to_left_{what}", text=text)
    missing = sorted(
        {char for char in text for font in fonts if ord(char) not in font.face.charToGlyph}
    )
    if missing:
        listed = ", ".join(f"{char!r} (U+{ord(char):04X})" for char in missing)
        raise SheetError(f"sheet.error.unprintable_{what}", text=text, characters=listed)


class Pen:
    """The canvas with the few drawing moves the sheet is made of."""

    def __init__(self, canvas: Canvas) -> None:
        self.canvas = canvas

    def text(
        self, x: float, y: float, text: str, font: str, size: float, align: str = "left"
    ) -> None:
        self.canvas.setFont(font, size)
        if align == "right":
            self.canvas.drawRightString(x, y, text)
        elif align == "centre":
            self.canvas.drawCentredString(x, y, text)
        else:
            self.canvas.drawString(x, y, text)

    def fitted(
        self,
        x: float,
        y: float,
        text: str,
        font: str,
        sizes: tuple[float, float],
        width: float,
        align: str = "left",
    ) -> float:
        """Draws the text, shrunk between the two sizes or cut short to fit `width`."""
        shown, size = fit_text(text, width_of(font), width, sizes[0], sizes[1])
        self.text(x, y, shown, font, size, align)
        return width_of(font)(shown, size)

    def line(self, x1: float, y1: float, x2: float, y2: float, weight: float) -> None:
        self.canvas.setLineWidth(weight)
        self.canvas.line(x1, y1, x2, y2)

    def frame(self, x: float, y: float, width: float, height: float, weight: float) -> None:
        self.canvas.setLineWidth(weight)
        self.canvas.rect(x, y, width, height, stroke=1, fill=0)

    def fill(self, x: float, y: float, width: float, height: float, grey: float = 0) -> None:
        self.canvas.setFillGray(grey)
        self.canvas.rect(x, y, width, height, stroke=0, fill=1)
        self.canvas.setFillGray(0)

    def labelled_box(
        self,
        x: float,
        y: float,
        size: tuple[float, float],
        label: str,
        font_size: float,
        *,
        made: bool,
    ) -> None:
        """A phase box: outlined when missed or empty, solid with the label reversed when made."""
        width, height = size
        if made:
            self.fill(x, y, width, height)
        else:
            self.frame(x, y, width, height, THIN * 1.5)
        if label:
            self.canvas.setFillGray(1 if made else 0)
            self.text(
                x + width / 2, y + (height - font_size * 0.72) / 2, label, BOLD, font_size, "centre"
            )
            self.canvas.setFillGray(0)

    def tick(self, x: float, y: float, size: float) -> None:
        self.text(x, y, "✓", BOLD, size)
