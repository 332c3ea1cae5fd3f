"""The app's icon, in every size it is drawn at."""

from typing import TYPE_CHECKING

from PySide6.QtGui import QGuiApplication

from phase10_keeper.resource_files import resource_path

if TYPE_CHECKING:
    from PySide6.QtGui import QIcon

ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def app_icon() -> "QIcon":
    """Every size the icon is drawn at, so no size is scaled from another on any screen."""
    from PySide6.QtGui import QIcon

    icon = QIcon()
    for size in ICON_SIZES:
        path = resource_path("icons", f"phase10-keeper-{size}.png")
        if path.is_file():
            icon.addFile(str(path))
    return icon


def use_app_icon() -> None:
    """Gives the app's windows its icon, unless they have it already. The window system is
    handed every size, decoded: longer than drawing a page takes."""
    if QGuiApplication.windowIcon().isNull():
        QGuiApplication.setWindowIcon(app_icon())
