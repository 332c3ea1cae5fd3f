"""Writing sheets into memory and reading them back with pypdf."""

import io
import re
from collections import Counter
from typing import Any

from pypdf import PdfReader

from phase10_keeper.sheet import write_score_sheet


def sheet_bytes(**options: Any) -> bytes:
    buffer = io.BytesIO()
    pages = write_score_sheet(buffer, **options)
    data = buffer.getvalue()
    assert len(PdfReader(io.BytesIO(data)).pages) == pages
    return data


def read_sheet(**options: Any) -> PdfReader:
    return PdfReader(io.BytesIO(sheet_bytes(**options)))


def page_text(reader: PdfReader, index: int) -> str:
    return reader.pages[index].extract_text()


def all_text(reader: PdfReader) -> str:
    return "\n".join(page.extract_text() for page in reader.pages)


def numbers(text: str) -> Counter[int]:
    """How often each whole number stands alone in the text."""
    return Counter(int(token) for token in re.findall(r"(?<![\w.])\d+(?![\w.])", text))


def text_origins(reader: PdfReader, index: int) -> list[tuple[str, float, float, float]]:
    """Each piece of text on a page: where it starts, in page coordinates, and its size."""
    found: list[tuple[str, float, float, float]] = []

    def visit(text: str, cm: list[float], tm: list[float], _: object, size: float) -> None:
        if text.strip():
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            found.append((text, x, y, size * tm[0] * cm[0]))

    reader.pages[index].extract_text(visitor_text=visit)
    return found
