"""Answers to the window's questions, so UI tests need no modal dialogs."""

from pathlib import Path

from PySide6.QtCore import QUrl

from phase10_keeper.ui.games_view import Prompts


class Answers:
    """Answers the window's questions; records what it asked, warned and opened."""

    def __init__(self) -> None:
        self.confirm_answer = True
        self.text_answer: str | None = None
        self.open_answer: Path | None = None
        self.save_answer: Path | None = None
        self.asked: list[str] = []
        self.warnings: list[str] = []
        self.opened: list[QUrl] = []

    def prompts(self) -> Prompts:
        return Prompts(
            confirm=lambda _parent, _title, text: self._ask(text, self.confirm_answer),
            ask_text=lambda _parent, _title, label, _text: self._ask(label, self.text_answer),
            open_path=lambda _parent, title, _filter: self._ask(title, self.open_answer),
            save_path=lambda _parent, _title, name, _filter: self._ask(name, self.save_answer),
            warn=lambda _parent, _title, text: self.warnings.append(text),
        )

    def open_url(self, url: QUrl) -> bool:
        self.opened.append(url)
        return True

    def _ask(self, question, answer):
        self.asked.append(question)
        return answer
