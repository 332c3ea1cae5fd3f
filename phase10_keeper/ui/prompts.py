"""Every question, warning and file dialog the app puts to the user, in one place.

Views are given a `Prompts` and never open a message box, a file dialog or an input
dialog themselves, so tests answer every question with one fake instead of modal
dialogs.
"""

from pathlib import Path
from typing import TYPE_CHECKING

# The dialogs' classes are looked up when a dialog is asked for: PySide6 sets a class
# up (its enums) when it is first named, and no page's first paint needs them.
from PySide6 import QtWidgets
from PySide6.QtWidgets import QWidget

from phase10_keeper.ui.app_icon import use_app_icon
from phase10_keeper.ui.settings import LAST_SAVE_FOLDER, read_setting, write_setting
from phase10_keeper.ui.text.escape import plain_box
from phase10_keeper.ui.text.translate import error_said, tr

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDialog, QMessageBox


class Prompts:
    """Asks with the platform's dialogs; each method waits for the answer.

    A message can come before the app has set its icon, which waits for the first page
    (a library that cannot be opened, a last game that cannot be read): `_show` sets it
    first."""

    def confirm(
        self,
        parent: QWidget,
        title: str,
        text: str,
        *,
        accept: str,
        reject: str,
        details: str = "",
        critical: bool = False,
        default_accept: bool = False,
    ) -> bool:
        """True if the user chose `accept`. The default button is `reject` unless told
        otherwise, so a reflexive Enter never does the thing asked about."""
        box = QtWidgets.QMessageBox(parent)
        box.setIcon(
            QtWidgets.QMessageBox.Icon.Critical if critical else QtWidgets.QMessageBox.Icon.Warning
        )
        box.setWindowTitle(title)
        box.setText(text)
        if details:
            box.setInformativeText(details)
        yes = box.addButton(accept, QtWidgets.QMessageBox.ButtonRole.AcceptRole)
        no = box.addButton(reject, QtWidgets.QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(yes if default_accept else no)
        box.setEscapeButton(no)
        _show(box)
        return box.clickedButton() is yes

    def ask_text(self, parent: QWidget, title: str, label: str, text: str) -> str | None:
        answer, ok = QtWidgets.QInputDialog.getText(
            parent, title, label, QtWidgets.QLineEdit.EchoMode.Normal, text
        )
        return answer if ok else None

    def open_path(self, parent: QWidget, title: str, filter_text: str) -> Path | None:
        name, _ = QtWidgets.QFileDialog.getOpenFileName(parent, title, "", filter_text)
        return Path(name) if name else None

    def choose_folder(self, parent: QWidget, title: str) -> Path | None:
        name = QtWidgets.QFileDialog.getExistingDirectory(parent, title)
        return Path(name) if name else None

    def save_path(
        self, parent: QWidget, title: str, suggested: str, filter_text: str
    ) -> Path | None:
        start = save_dialog_start(suggested)
        name, _ = QtWidgets.QFileDialog.getSaveFileName(parent, title, start, filter_text)
        return Path(name) if name else None

    def warn(self, parent: QWidget | None, title: str, text: str) -> None:
        box = QtWidgets.QMessageBox(
            QtWidgets.QMessageBox.Icon.Warning,
            title,
            text,
            QtWidgets.QMessageBox.StandardButton.Ok,
            parent,
        )
        _show(box)

    def report_error(self, parent: QWidget | None, title: str, text: str, details: str) -> None:
        """An error the user could not have caused, with details they can copy."""
        box = QtWidgets.QMessageBox(parent)
        box.setIcon(QtWidgets.QMessageBox.Icon.Critical)
        box.setWindowTitle(title)
        box.setText(text)
        box.setInformativeText(tr("prompts.copy_details"))
        box.setDetailedText(details)
        _show(box)

    def run_dialog(self, dialog: "QDialog") -> bool:
        """Shows one of the app's own dialogs until it is closed; True if accepted."""
        return dialog.exec() == QtWidgets.QDialog.DialogCode.Accepted


def _show(box: "QMessageBox") -> None:
    """Shows a message until it is answered, with the app's icon."""
    use_app_icon()
    plain_box(box).exec()


def ask_output_path(
    prompts: Prompts,
    parent: QWidget,
    title: str,
    suggested: str,
    filter_text: str,
    *,
    suffix: str = "",
) -> Path | None:
    """Where to write a file the user names (with `suffix` added where its name lacks
    it), checked as the command line checks its outputs (storage.outputs.check_output):
    never a game library, a folder, a device, a named pipe or a write-protected file. A
    refused name is said and the dialog shown again at it; None if the user cancels.
    The path returned is the file to write: a symbolic link's target."""
    from phase10_keeper.storage.outputs import OutputRefused, check_output
    from phase10_keeper.storage.paths import default_data_dir

    while True:
        path = prompts.save_path(parent, title, suggested, filter_text)
        if path is None:
            return None
        if suffix and path.suffix.casefold() != suffix:
            path = path.with_name(path.name + suffix)
        try:
            checked = check_output(path, data_dirs=[default_data_dir()])
        except OutputRefused as refused:
            prompts.warn(parent, tr("prompts.output_refused"), error_said(refused))
            suggested = str(path)
            continue
        write_setting(LAST_SAVE_FOLDER, str(path.parent))
        return checked


def save_dialog_start(suggested: str) -> str:
    """A bare file name in the folder the last file was saved in, at first the user's
    documents folder: without a folder the dialog started in the one the app was
    started from."""
    from PySide6.QtCore import QStandardPaths

    if Path(suggested).parent != Path():
        return suggested
    folder = read_setting(LAST_SAVE_FOLDER)
    if not folder or not Path(folder).is_dir():
        folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    return str(Path(folder) / suggested) if folder else suggested
