"""No failure is silent: an unexpected error is logged to a file in the data folder and
shown to the user, with how far their games are saved and details they can copy."""

import logging
import sys
import traceback
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from phase10_keeper.ui.text.translate import tr

if TYPE_CHECKING:
    from phase10_keeper.ui.main_window import MainWindow

LOG_BYTES = 256 * 1024
LOG_BACKUPS = 2
"""At most three files of a quarter megabyte: the log can never fill a disk."""

logger = logging.getLogger("phase10_keeper")


class _LogFile(logging.Handler):
    """The rotating log file, made when the first record comes: logging's module of file
    handlers (which brings sockets and pickling with it) loads then, not at start-up."""

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path
        self._file: logging.Handler | None = None

    def emit(self, record: logging.LogRecord) -> None:
        if self._file is None:
            from logging.handlers import RotatingFileHandler

            self._file = RotatingFileHandler(
                self.path, maxBytes=LOG_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8", delay=True
            )
            self._file.setFormatter(self.formatter)
        self._file.handle(record)

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
        super().close()


def log_to(folder: Path) -> Path:
    """Sends the app's log to a rotating file in `folder`; its path."""
    # Imported here, with the library: the window paints before either is imported.
    from phase10_keeper.storage.paths import LOG_FILE

    path = folder / LOG_FILE
    for handler in list(logger.handlers):
        logger.removeHandler(handler)
        handler.close()
    folder.mkdir(parents=True, exist_ok=True)
    handler = _LogFile(path)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    return path


def saved_sentence(window: "MainWindow") -> str:
    """How much of the open game the library holds, read back from the library itself."""
    library, session = window.library, window.pages.session
    if library is None or session is None or session.game_id is None:
        return tr("errors.saved")
    try:
        hands = len(library.load_game(session.game_id).hands)
    except Exception:
        return tr("errors.saved_up_to_last_change")
    if hands == 0:
        return tr("errors.saved_no_hand")
    return tr("errors.saved_up_to_hand", hand=hands)


class ErrorReporter:
    """A `sys.excepthook`: logs the error, then tells the user in the window."""

    def __init__(self, window: "MainWindow") -> None:
        self.window = window
        self._reporting = False

    def __call__(
        self,
        kind: type[BaseException],
        error: BaseException,
        trace: TracebackType | None,
    ) -> None:
        details = "".join(traceback.format_exception(kind, error, trace))
        logger.error("unexpected error\n%s", details)
        if self._reporting or not issubclass(kind, Exception):
            # An error while reporting one, or Ctrl+C in a terminal: the terminal has it.
            sys.__excepthook__(kind, error, trace)
            return
        self._reporting = True
        try:
            self.window.prompts.report_error(
                self.window,
                tr("window.title"),
                tr("errors.something_went_wrong", saved=saved_sentence(self.window)),
                details,
            )
        finally:
            self._reporting = False


def install(window: "MainWindow", folder: Path) -> ErrorReporter:
    """Reports every unexpected error from now on, logging to `folder`."""
    log_to(folder)
    reporter = ErrorReporter(window)
    sys.excepthook = reporter
    return reporter
