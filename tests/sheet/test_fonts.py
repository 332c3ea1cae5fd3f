"""The sheet's two pairs of fonts: the compact pair prints everything the program itself
writes, in every language, and a name it lacks brings in the whole pair."""

import ast
from pathlib import Path

import pytest
from reportlab.pdfbase.ttfonts import TTFont

from phase10_keeper.language import LANGUAGES, catalogue
from phase10_keeper.resource_files import resource_path
from phase10_keeper.sheet import pen
from phase10_keeper.sheet.pen import register_fonts

from .pdfs import all_text, read_sheet

SHEET_PACKAGE = Path(pen.__file__).resolve().parent
GEORGIAN = "\u10e0\u10e3\u10e1\u10e3\u10d3\u10d0\u10dc"


def compact_fonts() -> list[TTFont]:
    fonts = register_fonts(["Ana"])
    assert [Path(font.face.filename).name for font in fonts] == [
        "DejaVuSansCondensed-Compact.ttf",
        "DejaVuSansCondensed-Bold-Compact.ttf",
    ]
    return fonts


def catalogue_characters() -> set[str]:
    characters: set[str] = set()
    for code in LANGUAGES:
        for entry in catalogue(code).values():
            forms = [entry] if isinstance(entry, str) else list(entry.values())
            characters.update("".join(forms))
    return characters


def sheet_code_characters() -> set[str]:
    characters: set[str] = set()
    for module in SHEET_PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                characters.update(node.value)
    return characters


@pytest.mark.parametrize(
    "characters",
    [catalogue_characters, sheet_code_characters],
    ids=["every language's texts", "the sheet's own symbols"],
)
def test_the_compact_fonts_print_every_text_of_the_program(characters: object) -> None:
    assert callable(characters)
    printable = {char for char in characters() if char.isprintable() or char == "\u202f"}
    for font in compact_fonts():
        missing = sorted(char for char in printable if ord(char) not in font.face.charToGlyph)
        assert not missing, (font.fontName, missing)


def test_the_compact_fonts_have_the_whole_fonts_widths() -> None:
    for compact, whole_file in zip(
        compact_fonts(),
        ["DejaVuSansCondensed.ttf", "DejaVuSansCondensed-Bold.ttf"],
        strict=True,
    ):
        whole = TTFont("whole", str(resource_path("fonts", whole_file)))
        held = compact.face.charToGlyph.keys() & whole.face.charToGlyph.keys()
        assert len(held) > 1500
        assert {code: compact.face.charWidths[code] for code in held} == {
            code: whole.face.charWidths[code] for code in held
        }


def test_a_name_the_compact_fonts_lack_is_printed_in_the_whole_fonts() -> None:
    fonts = register_fonts([GEORGIAN])
    assert [Path(font.face.filename).name for font in fonts] == [
        "DejaVuSansCondensed.ttf",
        "DejaVuSansCondensed-Bold.ttf",
    ]


def test_sheets_in_either_pair_follow_each_other_in_one_process() -> None:
    for names in (["Ana", "Zoë"], [GEORGIAN, "Ana"], ["Ελένη", "Бо"], [GEORGIAN, "Łukasz"]):
        text = all_text(read_sheet(names=names))
        for name in names:
            assert name in text
