"""Check boxes and radio buttons that stay visible in a dark palette.

Fusion, and styles like it, outline the box of a check box or radio button in a shade
darker than the window. On a dark window that outline all but vanishes, and an empty box
cannot be told from the background. `ContrastStyle` wraps whatever style the app uses
and, in a dark palette only, draws the outline again in the text colour.
"""

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QPainter, QPalette, QPen
from PySide6.QtWidgets import (
    QApplication,
    QProxyStyle,
    QStyle,
    QStyleFactory,
    QStyleOption,
    QWidget,
)

OUTLINE_ALPHA = 0.7
"""How strongly the outline shows: clear, yet quieter than the check mark."""
_INDICATORS = (
    QStyle.PrimitiveElement.PE_IndicatorCheckBox,
    QStyle.PrimitiveElement.PE_IndicatorRadioButton,
)


def is_dark(palette: QPalette) -> bool:
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


class ContrastStyle(QProxyStyle):
    def drawPrimitive(
        self,
        element: QStyle.PrimitiveElement,
        option: QStyleOption,
        painter: QPainter,
        widget: QWidget | None = None,
    ) -> None:
        super().drawPrimitive(element, option, painter, widget)
        if element not in _INDICATORS or not is_dark(option.palette):
            return
        group = (
            QPalette.ColorGroup.Normal
            if option.state & QStyle.StateFlag.State_Enabled
            else QPalette.ColorGroup.Disabled
        )
        colour = QColor(option.palette.color(group, QPalette.ColorRole.Text))
        colour.setAlphaF(OUTLINE_ALPHA)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(colour, 1.2))
        painter.setBrush(QColor(0, 0, 0, 0))
        box = QRectF(option.rect).adjusted(0.6, 0.6, -0.6, -0.6)
        if element == QStyle.PrimitiveElement.PE_IndicatorRadioButton:
            painter.drawEllipse(box)
        else:
            painter.drawRoundedRect(box, 1.5, 1.5)
        painter.restore()


def use_contrast_style(app: QApplication, name: str | None = None) -> None:
    """Wraps the style called `name` (the app's current one when None) for contrast."""
    base = QStyleFactory.create(name or app.style().name())
    if base is not None:
        app.setStyle(ContrastStyle(base))
