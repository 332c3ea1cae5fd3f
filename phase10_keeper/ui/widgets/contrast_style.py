"""Check boxes, radio buttons and the close icon that stay visible in a dark palette.

Fusion, and styles like it, outline the box of a check box or radio button in a shade
darker than the window. On a dark window that outline all but vanishes, and an empty box
cannot be told from the background. `ContrastStyle` wraps whatever style the app uses
and, in a dark palette only, draws the outline again in the text colour. The close icon
(on a dialog's Close button, where the desktop shows icons on buttons) is black in Qt's
own set; in a dark palette it is drawn in the text colour. In a light palette the app
draws in the style itself.
"""

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPalette, QPen, QPixmap
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


_ICON_SIZES = (16, 22, 24, 32, 48)


def _cross_icon(palette: QPalette) -> QIcon:
    """A close icon: a cross in the palette's text colour (greyed when disabled)."""
    icon = QIcon()
    modes = (
        (QIcon.Mode.Normal, QPalette.ColorGroup.Normal),
        (QIcon.Mode.Disabled, QPalette.ColorGroup.Disabled),
    )
    for size in _ICON_SIZES:
        for mode, group in modes:
            pixmap = QPixmap(size, size)
            pixmap.fill(Qt.GlobalColor.transparent)
            painter = QPainter(pixmap)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            pen = QPen(palette.color(group, QPalette.ColorRole.Text), max(1.5, size / 8))
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            painter.setPen(pen)
            inset = size * 0.25
            far = size - inset
            painter.drawLine(QPointF(inset, inset), QPointF(far, far))
            painter.drawLine(QPointF(far, inset), QPointF(inset, far))
            painter.end()
            icon.addPixmap(pixmap, mode)
    return icon


class ContrastStyle(QProxyStyle):
    def standardIcon(
        self,
        standard_icon: QStyle.StandardPixmap,
        option: QStyleOption | None = None,
        widget: QWidget | None = None,
    ) -> QIcon:
        if standard_icon == QStyle.StandardPixmap.SP_DialogCloseButton:
            if option is not None:
                palette = option.palette
            elif widget is not None:
                palette = widget.palette()
            else:
                palette = QApplication.palette()
            if is_dark(palette):
                return _cross_icon(palette)
        return super().standardIcon(standard_icon, option, widget)

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


class _Chosen:
    base: str | None = None
    """The name of the style the app draws in, once `use_contrast_style` has chosen it."""


def use_contrast_style(app: QApplication, name: str | None = None) -> None:
    """Has the app draw in the style called `name` (the app's current one when None),
    wrapped for contrast while the app's palette is dark: see `follow_palette`."""
    style = app.style()
    if isinstance(style, ContrastStyle):
        style = style.baseStyle()
    _Chosen.base = name or style.name()
    follow_palette(app)


def follow_palette(app: QApplication) -> None:
    """Wraps the chosen style for contrast if the app's palette is dark, and takes the
    wrapper off if it is light, where it draws nothing of its own: its Python is called
    for every part of every widget drawn, half a millisecond of a hand recorded. Nothing
    happens before `use_contrast_style`."""
    if _Chosen.base is None:
        return
    dark = is_dark(app.palette())
    if isinstance(app.style(), ContrastStyle) == dark:
        return
    base = QStyleFactory.create(_Chosen.base)
    if base is not None:
        app.setStyle(ContrastStyle(base) if dark else base)
