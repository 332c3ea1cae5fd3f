"""One fake for every question the app asks, so UI tests need no modal dialogs."""

from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtWidgets import QDialog, QWidget

from phase10_keeper.ui.prompts import Prompts


class Answers(Prompts):
    """Answers the window's questions; records what it asked, warned, reported and opened.

    `dialog_answer` runs on each of the app's own dialogs instead of `exec()`: it may
    fill the dialog in, and returns whether it was accepted.
    """

    def __init__(self) -> None:
        self.confirm_answer = True
        self.text_answer: str | None = None
        self.open_answer: Path | None = None
        self.save_answer: Path | None = None
        self.folder_answer: Path | None = None
        self.save_answers: list[Path | None] = []
        """Answers to the save dialog, one per showing, before `save_answer`."""
        self.dialog_answer = lambda dialog: False
        self.asked: list[str] = []
        self.defaults: list[bool] = []
        self.details: list[str] = []
        self.warnings: list[str] = []
        self.errors: list[tuple[str, str]] = []
        self.opened: list[QUrl] = []

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
        self.defaults.append(default_accept)
        self.details.append(details)
        return self._ask(text, self.confirm_answer)

    def ask_text(self, parent: QWidget, title: str, label: str, text: str) -> str | None:
        return self._ask(label, self.text_answer)

    def open_path(self, parent: QWidget, title: str, filter_text: str) -> Path | None:
        return self._ask(title, self.open_answer)

    def choose_folder(self, parent: QWidget, title: str) -> Path | None:
        return self._ask(title, self.folder_answer)

    def save_path(
        self, parent: QWidget, title: str, suggested: str, filter_text: str
    ) -> Path | None:
        answer = self.save_answers.pop(0) if self.save_answers else self.save_answer
        return self._ask(suggested, answer)

    def warn(self, parent: QWidget | None, title: str, text: str) -> None:
        self.warnings.append(text)

    def report_error(self, parent: QWidget | None, title: str, text: str, details: str) -> None:
        self.errors.append((text, details))

    def run_dialog(self, dialog: QDialog) -> bool:
        self.asked.append(dialog.windowTitle())
        return bool(self.dialog_answer(dialog))

    def open_url(self, url: QUrl) -> bool:
        self.opened.append(url)
        return True

    def _ask(self, question, answer):
        self.asked.append(question)
        return answer
