"""Which language the window speaks: the system's, unless Settings → Language says
otherwise. The choice is read as the app starts, and followed at once when Settings
changes it; it is worded through the catalogues (`phase10_keeper.ui.text.translate`) and
Qt's own catalogue for its standard buttons and dialogs."""

from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QLibraryInfo,
    QLocale,
    QSettings,
    QTranslator,
)
from PySide6.QtWidgets import QApplication

from phase10_keeper.language import LANGUAGES, system_language
from phase10_keeper.ui.settings import LANGUAGE, forget_setting, read_setting, write_setting
from phase10_keeper.ui.text.translate import app_words, use_language


def chosen_language(settings: QSettings) -> str | None:
    """The language picked in Settings, or None to follow the system."""
    code = read_setting(LANGUAGE, settings)
    return code if code in LANGUAGES else None


def choose_language(settings: QSettings, code: str | None) -> None:
    """Remembers `code` for the next start; None follows the system again."""
    if code is None:
        forget_setting(LANGUAGE, settings)
    else:
        write_setting(LANGUAGE, code, settings)


def start_in_language(app: QCoreApplication, settings: QSettings) -> str:
    """Words the window in the chosen or the system's language, and returns its code.

    Dates and numbers keep the system's conventions when its language is spoken; a
    language picked over the system's brings its own (a Polish table on an English
    laptop sees "1.12.2026").
    """
    code = chosen_language(settings) or system_language()
    _speak(app, code)
    return code


def speak_chosen_language(app: QCoreApplication, settings: QSettings) -> str:
    """Words every window in the language now chosen in Settings, at once, and returns
    its code: each widget that words itself gets `QEvent.LanguageChange` and words itself
    again (the main window, its pages and the windows open beside it)."""
    code = chosen_language(settings) or system_language()
    if code == app_words().code:
        return code
    _speak(app, code)
    # Sent now, to each window without a parent (Qt passes it on to every child, the
    # windows a window owns among them): Qt's own, posted when its catalogue changes,
    # comes only on a later turn of the event loop, and not at all without a catalogue.
    event = QEvent(QEvent.Type.LanguageChange)
    for window in QApplication.topLevelWidgets():
        if window.parentWidget() is None:
            QCoreApplication.sendEvent(window, event)
    return code


def _speak(app: QCoreApplication, code: str) -> None:
    use_language(code)
    system = system_language()
    QLocale.setDefault(QLocale(code) if code != system else QLocale.system())
    for old in app.findChildren(QTranslator, "qtbase"):
        app.removeTranslator(old)
        old.deleteLater()
    qt_words = QTranslator(app)
    qt_words.setObjectName("qtbase")
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    if qt_words.load(f"qtbase_{code}", folder):
        app.installTranslator(qt_words)
    else:
        qt_words.deleteLater()
