"""Which language the window speaks: the system's, unless Settings → Language says
otherwise. The choice is read once, as the app starts, and worded through the catalogues
(`phase10_keeper.ui.text.translate`) and Qt's own catalogue for its standard buttons and dialogs."""

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QSettings, QTranslator

from phase10_keeper.language import LANGUAGES, system_language
from phase10_keeper.ui.text.translate import use_language

SETTING = "language"


def chosen_language(settings: QSettings) -> str | None:
    """The language picked in Settings, or None to follow the system."""
    code = settings.value(SETTING, "", str)
    return code if code in LANGUAGES else None


def choose_language(settings: QSettings, code: str | None) -> None:
    """Remembers `code` for the next start; None follows the system again."""
    if code is None:
        settings.remove(SETTING)
    else:
        settings.setValue(SETTING, code)


def start_in_language(app: QCoreApplication, settings: QSettings) -> str:
    """Words the window in the chosen or the system's language, and returns its code.

    Dates and numbers keep the system's conventions when its language is spoken; a
    language picked over the system's brings its own (a Polish table on an English
    laptop sees "1.12.2026").
    """
    system = system_language()
    code = chosen_language(settings) or system
    use_language(code)
    if code != system:
        QLocale.setDefault(QLocale(code))
    qt_words = QTranslator(app)
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    if qt_words.load(f"qtbase_{code}", folder):
        app.installTranslator(qt_words)
    return code
