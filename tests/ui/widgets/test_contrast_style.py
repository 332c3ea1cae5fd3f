"""Check boxes and radio buttons keep their outline in a dark palette."""

import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QCheckBox, QRadioButton, QStyle, QStyleFactory, QStyleOptionButton

from phase10_keeper.ui.widgets.contrast_style import ContrastStyle, is_dark

DARK = {
    QPalette.ColorRole.Window: "#2b2b2e",
    QPalette.ColorRole.WindowText: "#e6e6e6",
    QPalette.ColorRole.Base: "#1e1e20",
    QPalette.ColorRole.Text: "#e6e6e6",
    QPalette.ColorRole.Button: "#3a3a3d",
    QPalette.ColorRole.ButtonText: "#e6e6e6",
}


def _dark_palette() -> QPalette:
    palette = QPalette()
    for role, colour in DARK.items():
        palette.setColor(role, QColor(colour))
    return palette


def _indicator_contrast(widget: QCheckBox | QRadioButton, style: QStyle) -> int:
    """The largest lightness step between the window and the drawn indicator box."""
    style.setParent(widget)  # a widget does not own its style
    widget.setStyle(style)
    widget.setPalette(_dark_palette())
    widget.resize(widget.sizeHint())
    option = QStyleOptionButton()
    option.initFrom(widget)
    element = (
        QStyle.SubElement.SE_CheckBoxIndicator
        if isinstance(widget, QCheckBox)
        else QStyle.SubElement.SE_RadioButtonIndicator
    )
    box: QRect = style.subElementRect(element, option, widget)
    image = widget.grab().toImage()
    window = QColor(DARK[QPalette.ColorRole.Window]).lightness()
    return max(
        abs(image.pixelColor(x, y).lightness() - window)
        for x in range(box.left(), box.right() + 1)
        for y in range(box.top(), box.bottom() + 1)
    )


@pytest.mark.parametrize("kind", [QCheckBox, QRadioButton])
def test_an_empty_indicator_stands_out_of_a_dark_window(qtbot, kind) -> None:
    plain, contrast = kind(), kind()
    qtbot.addWidget(plain)
    qtbot.addWidget(contrast)
    fusion = QStyleFactory.create("Fusion")
    assert _indicator_contrast(plain, fusion) < 40  # what the table saw
    assert _indicator_contrast(contrast, ContrastStyle(QStyleFactory.create("Fusion"))) > 100


def test_only_dark_palettes_count_as_dark() -> None:
    assert is_dark(_dark_palette())
    assert not is_dark(QStyleFactory.create("Fusion").standardPalette())


def _ink(icon_image) -> list[QColor]:
    """The colours of an icon's drawn pixels."""
    return [
        image_colour
        for x in range(icon_image.width())
        for y in range(icon_image.height())
        if (image_colour := icon_image.pixelColor(x, y)).alpha() > 128
    ]


def test_the_close_icon_is_drawn_in_the_text_colour_of_a_dark_palette(qtbot) -> None:
    # A dialog's Close button carries this icon where the desktop shows button icons:
    # black on dark grey, it could not be seen.
    from PySide6.QtWidgets import QPushButton

    button = QPushButton()
    qtbot.addWidget(button)
    button.setPalette(_dark_palette())
    close = QStyle.StandardPixmap.SP_DialogCloseButton
    text = QColor(DARK[QPalette.ColorRole.Text]).lightness()
    plain = QStyleFactory.create("Fusion").standardIcon(close, None, button)
    assert max(colour.lightness() for colour in _ink(plain.pixmap(16).toImage())) < 60
    contrast = ContrastStyle(QStyleFactory.create("Fusion"))
    ink = _ink(contrast.standardIcon(close, None, button).pixmap(16).toImage())
    assert ink
    assert all(abs(colour.lightness() - text) < 30 for colour in ink)
    light = QStyleFactory.create("Fusion").standardPalette()
    button.setPalette(light)
    ink = _ink(contrast.standardIcon(close, None, button).pixmap(16).toImage())
    assert max(colour.lightness() for colour in ink) < 100, "dark on a light window"
