"""The bar above a list that says which saved games are damaged and left out of it, with
a button for the way back the app offers for a damaged library: its newest good backup.

The damaged games are named by id: what else they hold may be what is damaged.
"""

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFrame, QLabel, QWidget

from phase10_keeper.ui.text.escape import plain
from phase10_keeper.ui.text.translate import app_words, error_said, tr, tr_count

if TYPE_CHECKING:
    from phase10_keeper.storage.library import Library
    from phase10_keeper.storage.messages import GameDamaged
    from phase10_keeper.ui.prompts import Prompts


class BackupPages(Protocol):
    """The main window's pages that hold the library (the library and players pages,
    each with an undo stack)."""

    games_view: Any
    players_view: Any


class BackupNavigation(Protocol):
    def close_game(self) -> None: ...


class BackupWindow(Protocol):
    """The parts of the main window a restore uses: its library, its prompts, its pages
    that hold the library, the closing of its game."""

    library: "Library | None"

    @property
    def prompts(self) -> "Prompts": ...
    @property
    def pages(self) -> BackupPages: ...
    @property
    def navigation(self) -> BackupNavigation: ...
    def window(self) -> QWidget: ...
    def set_library(self, library: "Library") -> None: ...
    def say(self, text: str, offer_undo: bool = False) -> None: ...


class DamageBar(QFrame):
    """Hidden until `show_damage` is given damaged games. Signal: `restoreRequested()`,
    the user asked for a backup in place of the library (the window offers it)."""

    restoreRequested = Signal()

    def __init__(self, key: str, parent: QWidget | None = None) -> None:
        # Here, not with the module: the window imports it for `restore_newest_backup`
        # before its first paint, which shows no bar and should not wait for PySide to
        # set up these classes.
        from PySide6.QtWidgets import QHBoxLayout, QPushButton

        super().__init__(parent)
        self._key = key
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.text = QLabel()
        plain(self.text)
        self.text.setWordWrap(True)
        self.restore_button = QPushButton(tr("games.damaged_restore"))
        self.restore_button.setAutoDefault(False)
        self.restore_button.clicked.connect(self.restoreRequested)
        layout = QHBoxLayout(self)
        layout.addWidget(self.text, 1)
        layout.addWidget(self.restore_button)
        self.hide()

    def show_damage(self, damaged: Sequence["GameDamaged"]) -> None:
        ids = ", ".join(str(damage.game_id) for damage in damaged)
        self.text.setText(tr_count(self._key, len(damaged), games=ids))
        self.setToolTip("\n".join(error_said(damage) for damage in damaged))
        self.setVisible(bool(damaged))


def restore_newest_backup(window: BackupWindow) -> bool:
    """Offers the library's newest good backup in place of the library the window uses,
    as the app does at start for one it cannot open (`app.open_library`; the file now in
    use is kept aside, never deleted): for games found damaged later. Whether the window
    now uses a backup."""
    from phase10_keeper.storage.library import Library, LibraryError, describe_backup

    library, parent = window.library, window.window()
    if library is None:
        return False
    backups = library.backups()
    title = tr("games.damaged_restore_title")
    if not backups:
        window.prompts.warn(parent, title, tr("games.damaged_no_backup"))
        return False
    listed = "\n".join(describe_backup(backup, app_words()) for backup in backups)
    question = tr("games.damaged_restore_question") + "\n\n"
    question += tr("app.backups", folder=backups[0].parent, backups=listed)
    if not window.prompts.confirm(
        parent,
        title,
        question,
        accept=tr("app.restore_backup"),
        reject=tr("games.damaged_keep"),
    ):
        return False
    window.navigation.close_game()
    data_dir = library.data_dir
    library.close()
    try:
        reopened: tuple[Library, Path | None] | None = (
            Library.open_from_backup(backups[0], data_dir),
            backups[0],
        )
    except LibraryError as error:
        window.prompts.warn(parent, title, error_said(error))
        # Most refusals come before the library file is set aside: it opens as it was.
        reopened = _reopened(window, data_dir)
    if reopened is None:
        return False
    restored, backup = reopened
    for view in (window.pages.games_view, window.pages.players_view):
        if view is not None:
            view.library = restored
            view.undo_stack.clear()
    window.set_library(restored)
    if backup is None:
        return False
    window.say(tr("games.damaged_restored", backup=describe_backup(backup, app_words())))
    return True


def _reopened(window: BackupWindow, data_dir: Path) -> "tuple[Library, Path | None] | None":
    """The library opened again after a refused restore, with the backup it was restored
    from (None: as it was); None if it cannot be. Until it opens, the window holds no
    library: it says why, offers each good backup in turn, and once they are declined or
    spent quits as the app does at start for a library it cannot open."""
    from PySide6.QtWidgets import QApplication

    from phase10_keeper.storage.library import (
        Library,
        LibraryError,
        describe_backup,
        good_backups,
    )

    parent, title = window.window(), tr("window.title")
    offered: set[Path] = set()
    while True:
        try:
            return Library.open(data_dir, accept_behind=True), None
        except LibraryError as error:
            failure = error
        # The library it held is closed: nothing may use it while the user decides.
        window.library = None
        message = tr("app.library_cannot_open", error=error_said(failure))
        backups = [found for found in good_backups(data_dir) if found not in offered]
        if backups:
            listed = "\n".join(describe_backup(found, app_words()) for found in backups)
            message += "\n\n" + tr("app.backups", folder=backups[0].parent, backups=listed)
        if not backups:
            window.prompts.warn(parent, title, message)
        if not backups or not window.prompts.confirm(
            parent,
            title,
            message,
            accept=tr("app.restore_backup"),
            reject=tr("app.quit"),
            critical=True,
        ):
            QApplication.exit(1)
            return None
        offered.add(backups[0])
        try:
            return Library.open_from_backup(backups[0], data_dir), backups[0]
        except LibraryError as error:
            window.prompts.warn(parent, title, error_said(error))
