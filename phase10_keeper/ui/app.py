"""Starts the desktop app: the library, the last unfinished game or a new one, the window."""

import sys

from PySide6.QtCore import QSettings
from PySide6.QtGui import QGuiApplication, QIcon
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox

from phase10_keeper import __version__
from phase10_keeper.resource_files import resource_path
from phase10_keeper.rules import GameError, Status, replay
from phase10_keeper.storage.library import Library, LibraryDamaged, LibraryError
from phase10_keeper.ui.main_window import MainWindow
from phase10_keeper.ui.session import GameSession
from phase10_keeper.ui.window_settings import restore_window_state, save_window_state

ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def _application(argv: list[str]) -> QApplication:
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(argv)
    app.setApplicationName("phase10-keeper")
    app.setOrganizationName("phase10-keeper")
    app.setApplicationVersion(__version__)
    QGuiApplication.setDesktopFileName("io.github.phase10keeper.Phase10Keeper")
    icon = QIcon()
    for size in ICON_SIZES:
        path = resource_path("icons", f"phase10-keeper-{size}.png")
        if path.is_file():
            icon.addFile(str(path))
    app.setWindowIcon(icon)
    return app


def _library_message(error: LibraryError) -> str:
    text = QApplication.translate("app", "The game library cannot be opened:\n%1").replace(
        "%1", str(error)
    )
    if isinstance(error, LibraryDamaged) and error.backups:
        text += "\n\n" + QApplication.translate("app", "Backups are kept in:\n%1").replace(
            "%1", "\n".join(str(backup) for backup in error.backups)
        )
    return text


def open_session(library: Library) -> GameSession | None:
    """The last unfinished game, or a new one the user starts; None if they decline."""
    game_id = library.last_open_game()
    if game_id is not None:
        try:
            game = library.load_game(game_id)
            if replay(game).final.status is not Status.FINISHED:
                return GameSession(game, library, game_id)
        except (LibraryError, GameError):
            library.set_last_open_game(None)
    from phase10_keeper.ui.new_game_dialog import NewGameDialog

    dialog = NewGameDialog(roster=library.roster())
    started = dialog.game() if dialog.exec() == QDialog.DialogCode.Accepted else None
    dialog.deleteLater()
    if started is None:
        return None
    game_id = library.add_game(started)
    library.set_last_open_game(game_id)
    return GameSession(started, library, game_id)


def run(argv: list[str]) -> int:
    app = _application(argv if argv else sys.argv[:1])
    try:
        library = Library.open()
    except LibraryError as error:
        QMessageBox.critical(
            None, QApplication.translate("app", "phase10-keeper"), _library_message(error)
        )
        return 1
    try:
        session = open_session(library)
        if session is None:
            return 0
        window = MainWindow(session, library)
        restore_window_state(window, QSettings())
        window.show()
        status = app.exec()
        save_window_state(window, QSettings())
        return status
    finally:
        library.close()
