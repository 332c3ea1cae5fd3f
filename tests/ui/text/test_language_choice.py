"""The window speaks the system's language unless Settings → Language picks another."""

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QCoreApplication, QLocale, QSettings, QTranslator
from PySide6.QtWidgets import QApplication, QMenu, QWidget

from phase10_keeper.language import LANGUAGES, words
from phase10_keeper.ui.main_window import MainWindow
from phase10_keeper.ui.text.language_choice import (
    choose_language,
    chosen_language,
    start_in_language,
)
from phase10_keeper.ui.text.language_menu import language_menu
from phase10_keeper.ui.text.translate import app_words, tr


@pytest.fixture
def application(monkeypatch: pytest.MonkeyPatch) -> Iterator[QCoreApplication]:
    for variable in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    app = QApplication.instance()
    assert app is not None
    yield app
    for translator in app.findChildren(QTranslator):
        app.removeTranslator(translator)
        translator.deleteLater()
    QLocale.setDefault(QLocale.system())


def test_the_system_language_is_spoken_until_another_is_chosen(application) -> None:
    settings = QSettings()
    assert chosen_language(settings) is None
    assert start_in_language(application, settings) == "en"
    assert tr("newgame.title") == "New Game"


@pytest.mark.parametrize(
    ("code", "title", "cancel"),
    [("de", "Neues Spiel", "Abbrechen"), ("pl", "Nowa gra", "Anuluj")],
)
def test_a_chosen_language_words_the_window_and_qts_own_buttons(
    application, code: str, title: str, cancel: str
) -> None:
    settings = QSettings()
    choose_language(settings, code)
    assert start_in_language(application, settings) == code
    assert app_words().code == code
    assert tr("newgame.title") == title
    assert QCoreApplication.translate("QPlatformTheme", "Cancel") == cancel
    assert QLocale().language() == QLocale(code).language()


def test_following_the_system_again_forgets_the_choice(application) -> None:
    settings = QSettings()
    choose_language(settings, "fr")
    assert chosen_language(settings) == "fr"
    choose_language(settings, None)
    assert chosen_language(settings) is None


def test_a_setting_for_a_language_not_spoken_is_ignored(application) -> None:
    settings = QSettings()
    settings.setValue("language", "xx")
    assert chosen_language(settings) is None
    assert start_in_language(application, settings) == "en"


def test_every_language_has_qts_own_catalogue() -> None:
    from PySide6.QtCore import QLibraryInfo

    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    for code in LANGUAGES:
        assert QTranslator().load(f"qtbase_{code}", folder), code


def test_the_language_menu_remembers_a_choice_and_speaks_it_at_once(qtbot, application) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    said: list[str] = []
    menu = language_menu(parent, said.append)
    actions = [action for action in menu.actions() if not action.isSeparator()]
    assert [action.text() for action in actions[1:]] == list(LANGUAGES.values())
    assert actions[0].isChecked()
    german = next(action for action in actions if action.text() == "Deutsch")
    german.trigger()
    assert chosen_language(QSettings()) == "de"
    assert said == [words("de")("settings.language_now", language="Deutsch")]
    assert app_words().code == "de"
    assert german.isChecked()
    assert not actions[0].isChecked()
    english = next(action for action in actions if action.text() == "English")
    english.trigger()
    assert said[-1] == "Phase 10 Keeper speaks English."
    reopened = language_menu(parent, said.append).actions()
    assert next(action for action in reopened if action.text() == "English").isChecked()


def test_the_window_offers_the_languages_under_settings(qtbot, application) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    menus = {action.text(): action.menu() for action in window.menuBar().actions()}
    settings = menus["&Settings"]
    assert isinstance(settings, QMenu)
    language = settings.actions()[0].menu()
    assert isinstance(language, QMenu)
    assert language.title() == "&Language"
    polish = next(action for action in language.actions() if action.text() == "Polski")
    polish.trigger()
    assert chosen_language(QSettings()) == "pl"
    assert window.statusBar().currentMessage() == words("pl")(
        "settings.language_now", language="Polski"
    )
