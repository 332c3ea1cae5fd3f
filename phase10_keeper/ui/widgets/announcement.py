"""What screen readers say unasked: a sentence about a change the user did not move the
focus to, such as who deals next once a hand is recorded.

Qt announces from 6.8 on (`QAccessibleAnnouncementEvent`); with an older Qt the window
says nothing more, and the same facts stay on screen in the banner.
"""

from PySide6 import QtGui
from PySide6.QtWidgets import QWidget
from shiboken6 import isValid

from phase10_keeper.ui.widgets.after_drawing import after_drawing


def announce(widget: QWidget, text: str) -> bool:
    """Has screen readers say `text` after what they are saying; whether Qt could."""
    event_class = getattr(QtGui, "QAccessibleAnnouncementEvent", None)
    if event_class is None:
        return False
    # Named here, not where the game page is built: PySide6 sets a class up (its enums)
    # when it is first named, and opening a game does not need this one.
    from PySide6.QtGui import QAccessible

    QAccessible.updateAccessibility(event_class(widget, text))
    return True


def announce_after_paint(widget: QWidget, text: str) -> None:
    """Has screen readers say `text` once `widget`'s window has drawn what changed: the
    change is on screen a frame sooner (the first announcement sets Qt's accessibility
    classes up, some milliseconds). A window not shown announces at once."""
    # A page closed meanwhile has nothing to say.
    after_drawing(widget.window(), lambda: isValid(widget) and announce(widget, text))
