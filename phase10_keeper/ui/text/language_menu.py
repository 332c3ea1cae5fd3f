"""Settings → Language: follow the system, or speak one of the languages spoken here."""

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QSettings
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu, QWidget

from phase10_keeper.language import LANGUAGES, system_language
from phase10_keeper.ui.text.language_choice import (
    choose_language,
    chosen_language,
    speak_chosen_language,
)
from phase10_keeper.ui.text.reword import keep_worded
from phase10_keeper.ui.text.translate import tr


def language_menu(parent: QWidget, say: Callable[[str], None]) -> QMenu:
    """The menu of languages, the current choice checked. A choice is remembered, every
    window speaks it at once, and `say` tells so in it."""
    menu = QMenu(parent)
    group = QActionGroup(menu)
    chosen = chosen_language(QSettings())

    def add(text: str, code: str | None) -> QAction:
        # Not `QAction(text, menu)`: telling it from `QAction(icon, text, menu)` has PySide
        # set up QIcon's class (a millisecond), which the window's first paint does not need.
        action = QAction(menu, checkable=True, checked=code == chosen)
        action.setText(text)
        action.triggered.connect(lambda: _choose(code, say))
        group.addAction(action)
        menu.addAction(action)
        return action

    system = add("", None)
    menu.addSeparator()
    for code, name in LANGUAGES.items():
        add(name, code)

    def word() -> None:
        menu.setTitle(tr("settings.language_menu"))
        system.setText(tr("settings.language_system", language=LANGUAGES[system_language()]))

    keep_worded(menu, word)
    return menu


def _choose(code: str | None, say: Callable[[str], None]) -> None:
    choose_language(QSettings(), code)
    app = QCoreApplication.instance()
    assert app is not None
    spoken = speak_chosen_language(app, QSettings())
    say(tr("settings.language_now", language=LANGUAGES[spoken]))
