"""Text the user typed, on screen: shown as typed, never read as markup, and never able
to turn the sentence around it right to left.

Qt's enum namespace (`PySide6.QtCore.Qt`) is imported where it is used, not when this
module loads: building its enums is the costliest step on the way to the window's first
paint, and the empty window shows none of what needs them.
"""

from typing import TYPE_CHECKING

from PySide6 import QtGui
from PySide6.QtWidgets import QLabel

# The window's names are isolated as the phones' page isolates them.
from phase10_keeper.language.bidi import isolate as isolate

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMessageBox

SENTENCE_NAME_LENGTH = 40
"""Characters of a name shown inside a sentence; a longer one ends in an ellipsis, so a
long name cannot widen the window (tables and the entry form fit by width). Two given
names and a double surname fit ("Krzysztof Grzegorz Wiśniewski-Kowalczyk" is 39): cut
at the surname, "Christopher Montgomery Jr" and "Sr" would read alike."""


def in_sentence(name: str) -> str:
    """A name as a sentence shows it: cut short if long, and isolated."""
    if len(name) > SENTENCE_NAME_LENGTH:
        name = name[: SENTENCE_NAME_LENGTH - 1] + "…"
    return isolate(name)


def plain(*labels: QLabel) -> None:
    """Labels that show names or titles: Qt would otherwise render "<b>Bo</b>" as bold."""
    from PySide6.QtCore import Qt

    for label in labels:
        label.setTextFormat(Qt.TextFormat.PlainText)


def plain_box(box: "QMessageBox") -> "QMessageBox":
    """A message box whose text and informative text are shown as plain text."""
    from PySide6.QtCore import Qt

    box.setTextFormat(Qt.TextFormat.PlainText)
    plain(*box.findChildren(QLabel))
    return box


def plain_tooltip(text: str) -> str:
    """A tooltip that shows `text` as typed: Qt renders a tooltip that looks like markup
    as rich text, so such a one is converted to rich text that spells it out.
    """
    if QtGui.Qt.mightBeRichText(text):
        from PySide6.QtCore import Qt

        return QtGui.Qt.convertFromPlainText(text, Qt.WhiteSpaceMode.WhiteSpacePre)
    return text
