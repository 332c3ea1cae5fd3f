"""Settings → Language: follow the system, or speak one of the languages spoken here."""

from collections.abc import Callable

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu, QWidget

from phase10_keeper.language import LANGUAGES, system_language, words
from phase10_keeper.ui.text.language_choice import choose_language, chosen_language
from phase10_keeper.ui.text.translate import app_words, tr


def language_menu(parent: QWidget, say: Callable[[str], None]) -> QMenu:
    """The menu of languages, the current choice checked. A choice is remembered and
    `say` tells, in the chosen language, that it is spoken from the next start."""
    menu = QMenu(tr("settings.language_menu"), parent)
    group = QActionGroup(menu)
    chosen = chosen_language(QSettings())

    def add(text: str, code: str | None) -> None:
        action = QAction(text, menu, checkable=True, checked=code == chosen)
        action.triggered.connect(lambda: _choose(code, say))
        group.addAction(action)
        menu.addAction(action)

    add(tr("settings.language_system", language=LANGUAGES[system_language()]), None)
    menu.addSeparator()
    for code, name in LANGUAGES.items():
        add(name, code)
    return menu


def _choose(code: str | None, say: Callable[[str], None]) -> None:
    choose_language(QSettings(), code)
    spoken = code or system_language()
    key = "settings.language_now" if spoken == app_words().code else "settings.language_next"
    say(words(spoken)(key, language=LANGUAGES[spoken]))
