"""Printing: the score sheet of a game, or blank sheets, written as a PDF and then opened
in the system's viewer, from which the user prints.

`SheetDialog` asks what to print; `SheetPrinter` writes the file and opens it. The PDF
module is imported only when a sheet is written, so the app starts without it.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLocale, QObject, QSettings, Qt, QUrl, Signal
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from phase10_keeper.language import ENGLISH, LANGUAGES, language_of
from phase10_keeper.rules import (
    MATTEL_RULES,
    MAX_PLAYERS,
    Game,
    Preset,
    RuleSet,
    clean_name,
    name_problem,
    preset_rules,
)
from phase10_keeper.ui.new_game_dialog import preset_names
from phase10_keeper.ui.problem_label import ProblemLabel
from phase10_keeper.ui.prompts import Prompts
from phase10_keeper.ui.user_text import isolate, plain

PAPER_KEY = "sheet/paper"
LANGUAGE_KEY = "sheet/language"
FOLDER_KEY = "sheet/folder"
PAPERS = ("a4", "letter")
"""The sheet module's Paper values, listed here so the dialog needs no PDF library."""


def _tr(text: str) -> str:
    return QCoreApplication.translate("SheetDialog", text)


def remembered_paper(settings: QSettings) -> str:
    """The paper size last used, or the one the user's locale suggests."""
    paper = settings.value(PAPER_KEY)
    if isinstance(paper, str) and paper in PAPERS:
        return paper
    from phase10_keeper.sheet import default_paper

    return default_paper().value


def remember_paper(settings: QSettings, paper: str) -> None:
    settings.setValue(PAPER_KEY, paper)
    settings.sync()


def remembered_language(settings: QSettings) -> str:
    """The sheet language last used, or the user's own where the sheet speaks it."""
    language = settings.value(LANGUAGE_KEY)
    if isinstance(language, str) and language in LANGUAGES:
        return language
    return language_of(QLocale.system().name()) or ENGLISH


@dataclass(frozen=True)
class SheetRequest:
    """What to print: a game's sheet, or blank rows (named, or `rows` empty ones)."""

    paper: str
    language: str = ENGLISH
    game: Game | None = None
    names: tuple[str, ...] = ()
    rows: int = MAX_PLAYERS
    rules: RuleSet = MATTEL_RULES

    def suggested_name(self) -> str:
        if self.game is not None and self.game.title:
            return _tr("{0} score sheet.pdf").format(self.game.title)
        return _tr("Phase 10 score sheet.pdf")


def names_problem(names: Sequence[str]) -> str | None:
    """Why these names cannot go on a blank sheet, or None if they can."""
    if not names:
        return _tr("Type at least one name, separated by commas.")
    if any(not name for name in names):
        return _tr("One of the names is empty: separate names with single commas.")
    if len(names) > MAX_PLAYERS:
        return _tr("A sheet has room for {0} players, not {1}.").format(MAX_PLAYERS, len(names))
    for name in names:
        problem = name_problem(name)
        if problem is not None:
            return problem[:1].upper() + problem[1:] + "."
    return None


def split_names(text: str) -> tuple[str, ...]:
    if not text.strip():
        return ()
    return tuple(clean_name(name) for name in text.split(","))


class SheetDialog(QDialog):
    """Asks how to print: for a game, only the paper; for blank sheets, rows or names too.

    Constructor: `SheetDialog(settings, parent=None, *, game=None, names=(), rules=None)`;
    `names` pre-fills the names field, `rules` chooses the phases printed on a blank
    sheet. After acceptance `request()` gives a `SheetRequest`, and the paper size is
    remembered in `settings`.
    """

    def __init__(
        self,
        settings: QSettings,
        parent: QWidget | None = None,
        *,
        game: Game | None = None,
        names: Sequence[str] = (),
        rules: RuleSet | None = None,
    ) -> None:
        super().__init__(parent)
        self.settings = settings
        self.game = game
        self.rules = rules or (game.rules if game is not None else MATTEL_RULES)
        self._given_rules = self.rules
        self._request: SheetRequest | None = None
        self.setWindowTitle(
            self.tr("Print Score Sheet") if game is not None else self.tr("Print Blank Sheets")
        )

        self.paper_combo = QComboBox()
        self.paper_combo.setAccessibleName(self.tr("Paper size"))
        self.paper_combo.addItem(self.tr("A4 (210 by 297 mm)"), "a4")
        self.paper_combo.addItem(self.tr("Letter (8.5 by 11 in)"), "letter")
        self.paper_combo.setCurrentIndex(self.paper_combo.findData(remembered_paper(settings)))
        self.language_combo = QComboBox()
        self.language_combo.setAccessibleName(self.tr("Language of the sheet"))
        for code, name in LANGUAGES.items():
            self.language_combo.addItem(name, code)
        self.language_combo.setCurrentIndex(
            self.language_combo.findData(remembered_language(settings))
        )
        self.rules_combo = QComboBox()
        self.rules_combo.setAccessibleName(self.tr("Rules printed on the sheet"))
        self._fill_rules()

        self.intro = QLabel()
        plain(self.intro)
        self.intro.setWordWrap(True)
        self.rows_radio = QRadioButton(self.tr("&Empty rows:"))
        self.rows_spin = QSpinBox()
        self.rows_spin.setRange(1, MAX_PLAYERS)
        self.rows_spin.setValue(MAX_PLAYERS)
        self.rows_spin.setAccessibleName(self.tr("Number of empty rows"))
        self.names_radio = QRadioButton(self.tr("&Names:"))
        self.names_edit = QLineEdit(", ".join(names))
        self.names_edit.setPlaceholderText(self.tr("Priya, Marcus, Kwame, Dana"))
        self.names_edit.setAccessibleName(self.tr("Names printed on the sheet"))
        self.mode = QButtonGroup(self)
        self.mode.addButton(self.rows_radio)
        self.mode.addButton(self.names_radio)
        (self.names_radio if names else self.rows_radio).setChecked(True)
        self.message = ProblemLabel()

        self.rows_box = QGroupBox(self.tr("Player rows"))
        rows_grid = QGridLayout(self.rows_box)
        rows_grid.addWidget(self.rows_radio, 0, 0)
        rows_grid.addWidget(self.rows_spin, 0, 1, Qt.AlignmentFlag.AlignLeft)
        rows_grid.addWidget(self.names_radio, 1, 0)
        rows_grid.addWidget(self.names_edit, 1, 1)
        rows_grid.setColumnStretch(1, 1)
        form = QFormLayout()
        if game is None:
            form.addRow(self.tr("&Rules:"), self.rules_combo)
        form.addRow(self.tr("&Paper:"), self.paper_combo)
        form.addRow(self.tr("&Language:"), self.language_combo)

        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText(self.tr("&Write PDF…"))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.setSpacing(12)
        layout.addWidget(self.intro)
        layout.addWidget(self.rows_box)
        self.rows_box.setVisible(game is None)
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addStretch(1)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 64)

        self.intro.setText(self._intro_text())
        self.rules_combo.currentIndexChanged.connect(self._rules_chosen)
        self.rows_radio.toggled.connect(self._update_enabled)
        self.names_edit.textEdited.connect(lambda _: self.names_radio.setChecked(True))
        self._update_enabled()

    def _intro_text(self) -> str:
        if self.game is not None:
            title = self.game.title or self.tr("this game")
            return self.tr(
                "The sheet of “{0}”: every hand so far, the phases and the card values."
            ).format(isolate(title))
        return self.tr(
            "A sheet to keep score on paper: one row per player, twelve hands a page, "
            "with the phases of “{0}” and the card values printed on it."
        ).format(self.rules.describe())

    def _fill_rules(self) -> None:
        """The presets, and first the rules given (the open game's) when no preset has them."""
        presets = preset_names()
        if self.rules not in (preset_rules(preset) for preset in Preset):
            self.rules_combo.addItem(self.tr("This game's: {0}").format(self.rules.describe()))
        for preset, name in presets.items():
            self.rules_combo.addItem(name, preset.value)
            if preset_rules(preset) == self.rules:
                self.rules_combo.setCurrentIndex(self.rules_combo.count() - 1)

    def _rules_chosen(self) -> None:
        preset = self.rules_combo.currentData()
        self.rules = self._given_rules if preset is None else preset_rules(Preset(preset))
        self.intro.setText(self._intro_text())

    def _update_enabled(self) -> None:
        self.rows_spin.setEnabled(self.rows_radio.isChecked())
        self.names_edit.setEnabled(self.names_radio.isChecked())

    def request(self) -> SheetRequest | None:
        """What to print, once the dialog is accepted; None before."""
        return self._request

    def problem(self) -> str | None:
        if self.game is None and self.names_radio.isChecked():
            return names_problem(split_names(self.names_edit.text()))
        return None

    def accept(self) -> None:
        problem = self.problem()
        if problem is not None:
            self.message.set_problem(problem)
            return
        paper = str(self.paper_combo.currentData())
        remember_paper(self.settings, paper)
        language = str(self.language_combo.currentData())
        self.settings.setValue(LANGUAGE_KEY, language)
        if self.game is not None:
            self._request = SheetRequest(paper=paper, language=language, game=self.game)
        elif self.names_radio.isChecked():
            names = split_names(self.names_edit.text())
            self._request = SheetRequest(
                paper=paper, language=language, names=names, rules=self.rules
            )
        else:
            rows = self.rows_spin.value()
            self._request = SheetRequest(
                paper=paper, language=language, rows=rows, rules=self.rules
            )
        super().accept()


def _open_url(url: QUrl) -> bool:
    return QDesktopServices.openUrl(url)


class SheetPrinter(QObject):
    """Writes sheets as PDF files and opens them in the system viewer.

    Constructor: `SheetPrinter(parent_widget, settings, prompts, *, open_url=None)`;
    `open_url` defaults to QDesktopServices.openUrl (tests pass a recorder).
    Methods: `print_game(game)` and `print_blank(names=(), rules=None)` run the whole
    flow (dialog, file name, write, open); `write(request, path)` does the last two.
    Signal: `written(str)`, the path of each PDF written.
    """

    written = Signal(str)

    def __init__(
        self,
        parent: QWidget,
        settings: QSettings,
        prompts: Prompts,
        *,
        open_url: Callable[[QUrl], bool] | None = None,
    ) -> None:
        super().__init__(parent)
        self.widget = parent
        self.settings = settings
        self.prompts = prompts
        self.open_url = open_url or _open_url

    def print_game(self, game: Game) -> Path | None:
        return self._run(SheetDialog(self.settings, self.widget, game=game))

    def print_blank(self, names: Sequence[str] = (), rules: RuleSet | None = None) -> Path | None:
        return self._run(SheetDialog(self.settings, self.widget, names=names, rules=rules))

    def _run(self, dialog: SheetDialog) -> Path | None:
        try:
            if not self.prompts.run_dialog(dialog):
                return None
            request = dialog.request()
        finally:
            dialog.deleteLater()
        if request is None:
            return None
        path = self.ask_path(request)
        return None if path is None else self.write(request, path)

    def ask_path(self, request: SheetRequest) -> Path | None:
        folder = self.settings.value(FOLDER_KEY)
        suggested = request.suggested_name()
        if isinstance(folder, str) and Path(folder).is_dir():
            suggested = str(Path(folder) / suggested)
        path = self.prompts.save_path(
            self.widget, self.tr("Save Score Sheet"), suggested, self.tr("PDF files (*.pdf)")
        )
        if path is not None and path.suffix.casefold() != ".pdf":
            path = path.with_name(path.name + ".pdf")
        return path

    def write(self, request: SheetRequest, path: Path) -> Path | None:
        """Writes the PDF and opens it; the path, or None after telling the user why not."""
        from phase10_keeper.sheet import Paper, SheetError, write_score_sheet

        try:
            write_score_sheet(
                path,
                game=request.game,
                names=request.names,
                rows=request.rows,
                paper=Paper(request.paper),
                rules=request.rules,
                language=request.language,
            )
        except SheetError as error:
            self.prompts.warn(self.widget, self.tr("Cannot Make the Sheet"), str(error))
            return None
        except OSError as error:
            self.prompts.warn(
                self.widget,
                self.tr("Cannot Make the Sheet"),
                self.tr("Cannot write {0}: {1}").format(path, error.strerror or error),
            )
            return None
        self.settings.setValue(FOLDER_KEY, str(path.parent))
        self.written.emit(str(path))
        if not self.open_url(QUrl.fromLocalFile(str(path))):
            self.prompts.warn(
                self.widget,
                self.tr("Sheet Saved"),
                self.tr("The sheet was saved as {0}, but no PDF viewer opened it.").format(path),
            )
        return path
