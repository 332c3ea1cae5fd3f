"""The results card as PNG bytes, for the command line (`games show ID --card OUT.png`):
the same image Share Result makes, in the user's language and the default palette.

Qt starts here on its offscreen platform, so the command needs no display and shows
nothing; the command line imports this module only for that option.
"""

import sys
from collections.abc import Sequence

from PySide6.QtCore import (
    QBuffer,
    QByteArray,
    QIODevice,
    QMessageLogContext,
    QtMsgType,
    qInstallMessageHandler,
)
from PySide6.QtGui import QImageWriter
from PySide6.QtWidgets import QApplication

from phase10_keeper.language import words
from phase10_keeper.rules import Game, Replay
from phase10_keeper.storage.kept_records import RecordSource
from phase10_keeper.ui.game.result_card import records_set_lines, result_card
from phase10_keeper.ui.text.translate import use_language

_APPLICATION: list[QApplication] = []
"""Kept to the end of the process: Qt's application must outlive what is made under it."""


def _only_failures(kind: QtMsgType, _context: QMessageLogContext, message: str) -> None:
    """Qt's own notes (on a locale that is not UTF-8, say) are not the command's to print:
    stderr carries only what stops Qt."""
    if kind in (QtMsgType.QtCriticalMsg, QtMsgType.QtFatalMsg):
        print(message, file=sys.stderr)


def _application() -> QApplication:
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        return existing
    qInstallMessageHandler(_only_failures)
    program = sys.argv[0] if sys.argv and sys.argv[0] else "phase10-keeper"
    _APPLICATION.append(QApplication([program, "-platform", "offscreen"]))
    return _APPLICATION[0]


def card_png(game: Game, replayed: Replay, language: str, records: Sequence[str] = ()) -> bytes:
    """The card of the game (its replay `replayed`) as PNG bytes, in `language`, with
    the lines about the `records` it set."""
    application = _application()
    use_language(language)
    image = result_card(game, replayed, application.palette(), application.font(), records)
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    QImageWriter(buffer, QByteArray(b"png")).write(image)
    return bytes(buffer.data().data())


def card_bytes(
    library: RecordSource, game_id: int, *, game: Game, replayed: Replay, language: str
) -> bytes:
    """The card of the library's game `game_id` (`game`, replayed as `replayed`) as PNG
    bytes, with the records it set."""
    records = records_set_lines(library, game_id, words(language))
    return card_png(game, replayed, language, records)
