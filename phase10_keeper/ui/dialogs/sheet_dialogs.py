"""Printing: the score sheet of a game, or blank sheets, sent to a printer through a
preview, or written as a PDF and opened in the system's viewer.

`SheetDialog` asks what to print and how; `SheetPrinter` prints the sheet, or writes the
file and opens it. The PDF module is imported only when a sheet is made, so the app
starts without it.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from PySide6.QtCore import QLocale, QObject, QSettings, Qt, QUrl, Signal
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
from phase10_keeper.language.wording import rules_description
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
from phase10_keeper.ui.prompts import Prompts, ask_output_path
from phase10_keeper.ui.settings import (
    SHEET_FOLDER,
    SHEET_LANGUAGE,
    SHEET_PAPER,
    read_setting,
    write_setting,
)
from phase10_keeper.ui.text.escape import isolate, plain
from phase10_keeper.ui.text.translate import app_words, problem_said, tr, tr_count
from phase10_keeper.ui.text.wording import preset_names
from phase10_keeper.ui.widgets.problem_label import ProblemLabel

PAPERS = ("a4", "letter")
PDF_SUFFIX = ".pdf"
"""The sheet module's Paper values, listed here so the dialog needs no PDF library."""


def remembered_paper(settings: QSettings) -> str:
    """The paper size last used, or the one the user's locale suggests."""
    paper = read_setting(SHEET_PAPER, settings)
    if paper in PAPERS:
        return paper
    from phase10_keeper.sheet import default_paper

    return default_paper().value


def remember_paper(settings: QSettings, paper: str) -> None:
    write_setting(SHEET_PAPER, paper, settings)
    settings.sync()


def remembered_language(settings: QSettings) -> str:
    """The sheet language last used, or the user's own where the sheet speaks it."""
    language = read_setting(SHEET_LANGUAGE, settings)
    if language in LANGUAGES:
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
    to_printer: bool = False
    """Print the sheet rather than save it as a PDF."""

    def suggested_name(self) -> str:
        if self.game is not None and self.game.title:
            return tr("sheet_dialog.file_name", title=self.game.title) + PDF_SUFFIX
        return tr("sheet_dialog.file_name_blank") + PDF_SUFFIX


def names_problem(names: Sequence[str]) -> str | None:
    """Why these names cannot go on a blank sheet, or None if they can."""
    if not names:
        return tr("sheet_dialog.names_missing")
    if any(not name for name in names):
        return tr("sheet_dialog.name_empty")
    if len(names) > MAX_PLAYERS:
        return tr_count("sheet_dialog.too_many_names", MAX_PLAYERS, given=len(names))
    for name in names:
        problem = problem_said(name_problem(name))
        if problem is not None:
            return _as_sentence(problem)
    return None


def _as_sentence(problem: str) -> str:
    """A reason worded for an `error:` line, as a sentence for a message box."""
    return problem[:1].upper() + problem[1:] + "."


def split_names(text: str) -> tuple[str, ...]:
    if not text.strip():
        return ()
    return tuple(clean_name(name) for name in text.split(","))


class SheetDialog(QDialog):
    """Asks how to print: for a game, only the paper; for blank sheets, rows or names too.

    Constructor: `SheetDialog(settings, parent=None, *, game=None, names=(), rules=None,
    printing=True)`; `names` pre-fills the names field, `rules` chooses the phases printed
    on a blank sheet, `printing` makes Print the default button rather than Save PDF.
    After acceptance `request()` gives a `SheetRequest`, and the paper size is remembered
    in `settings`.
    """

    def __init__(
        self,
        settings: QSettings,
        parent: QWidget | None = None,
        *,
        game: Game | None = None,
        names: Sequence[str] = (),
        rules: RuleSet | None = None,
        printing: bool = True,
    ) -> None:
        super().__init__(parent)
        self.settings = settings
        self.game = game
        self.rules = rules or (game.rules if game is not None else MATTEL_RULES)
        self._given_rules = self.rules
        self._request: SheetRequest | None = None
        self.setWindowTitle(
            tr("sheet_dialog.game_title") if game is not None else tr("sheet_dialog.blank_title")
        )

        self._build_choices(settings)
        self._build_rows(names)
        form = self._build_boxes(game)
        self._build_buttons(printing)

        layout = QVBoxLayout(self)
        layout.setSpacing(12)
        layout.addWidget(self.intro)
        layout.addWidget(self.rows_box)
        self.rows_box.setVisible(game is None)
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addStretch(1)
        layout.addWidget(self.buttons)
        # Only once the buttons are inside the dialog: a default set before is forgotten
        # when it shows, and the first button, Cancel, takes Enter.
        (self.print_button if printing else self.ok_button).setDefault(True)
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 64)

        self.intro.setText(self._intro_text())
        self.rules_combo.currentIndexChanged.connect(self._rules_chosen)
        self.rows_radio.toggled.connect(self._update_enabled)
        self.names_edit.textEdited.connect(lambda _: self.names_radio.setChecked(True))
        self._update_enabled()

    def _build_choices(self, settings: QSettings) -> None:
        """The paper, the language and (for blank sheets) the rules."""
        self.paper_combo = QComboBox()
        self.paper_combo.setAccessibleName(tr("sheet_dialog.paper_field"))
        self.paper_combo.addItem(tr("sheet_dialog.paper_a4"), "a4")
        self.paper_combo.addItem(tr("sheet_dialog.paper_letter"), "letter")
        self.paper_combo.setCurrentIndex(self.paper_combo.findData(remembered_paper(settings)))
        self.language_combo = QComboBox()
        self.language_combo.setAccessibleName(tr("sheet_dialog.language_field"))
        for code, name in LANGUAGES.items():
            self.language_combo.addItem(name, code)
        self.language_combo.setCurrentIndex(
            self.language_combo.findData(remembered_language(settings))
        )
        self._shown_paper = self.paper_combo.currentData()
        self._shown_language = self.language_combo.currentData()
        """What the dialog opened with: only a change from it is the user's choice."""
        self.rules_combo = QComboBox()
        self.rules_combo.setAccessibleName(tr("sheet_dialog.rules_field"))
        self._fill_rules()

    def _build_rows(self, names: Sequence[str]) -> None:
        """What fills a blank sheet's rows: empty rows, or names typed."""
        self.intro = QLabel()
        plain(self.intro)
        self.intro.setWordWrap(True)
        self.rows_radio = QRadioButton(tr("sheet_dialog.empty_rows"))
        self.rows_spin = QSpinBox()
        self.rows_spin.setRange(1, MAX_PLAYERS)
        self.rows_spin.setValue(MAX_PLAYERS)
        self.rows_spin.setAccessibleName(tr("sheet_dialog.rows_field"))
        self.names_radio = QRadioButton(tr("sheet_dialog.names"))
        self.names_edit = QLineEdit(", ".join(names))
        self.names_edit.setPlaceholderText(tr("sheet_dialog.names_example"))
        self.names_edit.setAccessibleName(tr("sheet_dialog.names_field"))
        self.mode = QButtonGroup(self)
        self.mode.addButton(self.rows_radio)
        self.mode.addButton(self.names_radio)
        (self.names_radio if names else self.rows_radio).setChecked(True)
        self.message = ProblemLabel()

    def _build_boxes(self, game: Game | None) -> QFormLayout:
        """The rows' box, and the form of the other choices."""
        self.rows_box = QGroupBox(tr("sheet_dialog.rows_box"))
        rows_grid = QGridLayout(self.rows_box)
        rows_grid.addWidget(self.rows_radio, 0, 0)
        rows_grid.addWidget(self.rows_spin, 0, 1, Qt.AlignmentFlag.AlignLeft)
        rows_grid.addWidget(self.names_radio, 1, 0)
        rows_grid.addWidget(self.names_edit, 1, 1)
        rows_grid.setColumnStretch(1, 1)
        form = QFormLayout()
        if game is None:
            form.addRow(tr("sheet_dialog.rules_label"), self.rules_combo)
        form.addRow(tr("sheet_dialog.paper_label"), self.paper_combo)
        form.addRow(tr("sheet_dialog.language_label"), self.language_combo)
        return form

    def _build_buttons(self, printing: bool) -> None:
        """Print, Write PDF and Cancel; Enter prints if `printing`."""
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.print_button = self.buttons.addButton(
            tr("sheet_dialog.print"), QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.ok_button = self.buttons.addButton(
            tr("sheet_dialog.write"), QDialogButtonBox.ButtonRole.AcceptRole
        )
        self._to_printer = printing
        self.print_button.clicked.connect(lambda: self._choose(to_printer=True))
        self.ok_button.clicked.connect(lambda: self._choose(to_printer=False))
        self.buttons.rejected.connect(self.reject)

    def _intro_text(self) -> str:
        if self.game is not None:
            title = self.game.title or tr("sheet_dialog.untitled_game")
            return tr("sheet_dialog.intro_game", title=isolate(title))
        return tr("sheet_dialog.intro_blank", rules=rules_description(app_words(), self.rules))

    def _fill_rules(self) -> None:
        """The presets, and first the rules given (the open game's) when no preset has them."""
        presets = preset_names()
        if self.rules not in (preset_rules(preset) for preset in Preset):
            self.rules_combo.addItem(
                tr("sheet_dialog.rules_of_game", rules=rules_description(app_words(), self.rules))
            )
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

    def _choose(self, *, to_printer: bool) -> None:
        self._to_printer = to_printer
        self.accept()

    def request(self) -> SheetRequest | None:
        """What to print, once the dialog is accepted; None before."""
        return self._request

    def problem(self) -> str | None:
        if self.game is None and self.names_radio.isChecked():
            return names_problem(split_names(self.names_edit.text()))
        return None

    def accept(self) -> None:
        """Takes the choices to the printer or to a PDF, as the button pressed says (Enter:
        the default button's)."""
        problem = self.problem()
        if problem is not None:
            self.message.set_problem(problem)
            return
        paper = str(self.paper_combo.currentData())
        language = str(self.language_combo.currentData())
        # A default accepted as shown is remembered as nothing: it goes on following the
        # user's locale.
        if paper != self._shown_paper:
            remember_paper(self.settings, paper)
        if language != self._shown_language:
            write_setting(SHEET_LANGUAGE, language, self.settings)
        request = SheetRequest(paper=paper, language=language, to_printer=self._to_printer)
        if self.game is not None:
            self._request = replace(request, game=self.game)
        elif self.names_radio.isChecked():
            names = split_names(self.names_edit.text())
            self._request = replace(request, names=names, rules=self.rules)
        else:
            self._request = replace(request, rows=self.rows_spin.value(), rules=self.rules)
        super().accept()


def _open_url(url: QUrl) -> bool:
    return QDesktopServices.openUrl(url)


class SheetPrinter(QObject):
    """Prints sheets after a preview, or writes them as PDF files and opens them in the
    system viewer.

    Constructor: `SheetPrinter(parent_widget, settings, prompts, *, open_url=None)`;
    `open_url` defaults to QDesktopServices.openUrl (tests pass a recorder).
    Methods: `print_game(game, printing=True)` and `print_blank(names=(), rules=None)` run
    the whole flow (dialog, then preview and print, or file name, write and open);
    `print_sheet(request)` and `write(request, path)` do what follows the dialog.
    Signals: `written(str)`, the path of each PDF written; `printed()`, each sheet printed.
    """

    written = Signal(str)
    printed = Signal()

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

    def print_game(self, game: Game, printing: bool = True) -> Path | None:
        """The game's sheet; `printing` offers Print first, else Save PDF. The path of the
        PDF written, or None (printed, cancelled or failed)."""
        return self._run(SheetDialog(self.settings, self.widget, game=game, printing=printing))

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
        if request.to_printer:
            self.print_sheet(request)
            return None
        path = self.ask_path(request)
        return None if path is None else self.write(request, path)

    def _sheet_pdf(self, request: SheetRequest) -> bytes | None:
        """The sheet as PDF bytes, or None after telling the user why it cannot be made."""
        from io import BytesIO

        from phase10_keeper.sheet import Paper, SheetError, write_score_sheet

        pdf = BytesIO()
        try:
            write_score_sheet(
                pdf,
                game=request.game,
                names=request.names,
                rows=request.rows,
                paper=Paper(request.paper),
                rules=request.rules,
                language=request.language,
            )
        except SheetError as error:
            reason = _as_sentence(error.worded(app_words()))
            self.prompts.warn(self.widget, tr("sheet_dialog.failed_title"), reason)
            return None
        return pdf.getvalue()

    def print_sheet(self, request: SheetRequest) -> bool:
        """Shows the sheet in a print preview, from which the user prints it; whether it
        was printed."""
        import shiboken6
        from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog

        from phase10_keeper.ui.dialogs.sheet_printing import print_pdf, set_up_printer

        pdf = self._sheet_pdf(request)
        if pdf is None:
            return False
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        set_up_printer(printer, pdf)
        printer.setDocName(request.suggested_name().removesuffix(PDF_SUFFIX))
        preview = QPrintPreviewDialog(printer, self.widget)
        preview.setWindowTitle(tr("sheet_dialog.preview_title"))
        failures: list[bool] = []

        def paint(target: QPrinter) -> None:
            if not print_pdf(pdf, target):
                failures.append(True)

        preview.paintRequested.connect(paint)
        try:
            printed = self.prompts.run_dialog(preview)
        finally:
            # Now, while the printer it was given still exists.
            shiboken6.delete(preview)
        if failures:
            self.prompts.warn(
                self.widget, tr("sheet_dialog.failed_title"), tr("sheet_dialog.cannot_print")
            )
            return False
        if printed:
            self.printed.emit()
        return printed

    def ask_path(self, request: SheetRequest) -> Path | None:
        folder = read_setting(SHEET_FOLDER, self.settings)
        suggested = request.suggested_name()
        if folder and Path(folder).is_dir():
            suggested = str(Path(folder) / suggested)
        return ask_output_path(
            self.prompts,
            self.widget,
            tr("sheet_dialog.save_title"),
            suggested,
            tr("sheet_dialog.pdf_files"),
            suffix=PDF_SUFFIX,
        )

    def write(self, request: SheetRequest, path: Path) -> Path | None:
        """Writes the PDF and opens it; the path, or None after telling the user why not."""
        from phase10_keeper.files import write_atomically

        pdf = self._sheet_pdf(request)
        if pdf is None:
            return None
        try:
            # Written beside and renamed: a full disk cannot leave half of a sheet in
            # place of the one that was there.
            write_atomically(path, pdf)
        except OSError as error:
            self.prompts.warn(
                self.widget,
                tr("sheet_dialog.failed_title"),
                tr("sheet_dialog.cannot_write", path=path, reason=error.strerror or error),
            )
            return None
        write_setting(SHEET_FOLDER, str(path.parent), self.settings)
        self.written.emit(str(path))
        if not self.open_url(QUrl.fromLocalFile(str(path))):
            self.prompts.warn(
                self.widget,
                tr("sheet_dialog.saved_title"),
                tr("sheet_dialog.not_opened", path=path),
            )
        return path
