"""Keeps None alive under shiboken6 6.12 on Python 3.11.

There, each call of a wrapped C++ function that returns nothing (setPen, setFont, save,
setObjectName, ...) drops one reference to None without taking it. From Python 3.12
None is immortal and nothing happens; before it, None's count reaches zero after a few
thousand such calls and the interpreter aborts, at the latest while it shuts down.
Adding the lost references back to None's count (CPython keeps it in the object's first
word) keeps the app alive until the dependency is fixed.
"""

import ctypes
import sys

import shiboken6
from PySide6.QtCore import QObject, QTimer

AFFECTED = (
    sys.implementation.name == "cpython"
    and sys.version_info < (3, 12)
    and tuple(shiboken6.__version_info__[:2]) == (6, 12)
)
LOW_WATER = 1_000_000
FULL = 4_000_000
"""A full repaint of the main window costs a few thousand references."""
TOP_UP_INTERVAL_MS = 250


def top_up() -> None:
    if not AFFECTED:
        return
    count = ctypes.c_ssize_t.from_address(id(None))
    if count.value < LOW_WATER:
        count.value += FULL - count.value


def keep_none_alive(parent: QObject) -> None:
    """Tops None's references up now and every so often while `parent` lives."""
    if not AFFECTED:
        return
    top_up()
    timer = QTimer(parent)
    timer.setInterval(TOP_UP_INTERVAL_MS)
    timer.timeout.connect(top_up)
    timer.start()
