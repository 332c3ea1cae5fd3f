"""The new-game dialog: players in seating order, who deals first, a title and the rules.

`NewGameForm` holds the choices and turns them into a `Game`; `NewGameDialog` shows it.
"""

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime

from PySide6.QtCore import (
    QDateTime,
    QEvent,
    QLocale,
    QObject,
    QStringListModel,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QCompleter,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from phase10_keeper.language.wording import card_label, phase_description, rules_description
from phase10_keeper.rules import (
    MASTERS_TIN_DECK,
    MAX_CARD_VALUE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OFFICIAL_VALUES,
    STANDARD_DECK,
    CardKind,
    CardValues,
    Deck,
    Game,
    Order,
    Phase,
    Preset,
    RuleSet,
    RuleSetError,
    build_rules,
    clean_name,
    name_key,
    name_problem,
    players_problem,
    preset_rules,
)
from phase10_keeper.ui.new_game.rules_editor import PhaseListEditor
from phase10_keeper.ui.settings import POINTS_BY_DEFAULT, read_setting, write_setting
from phase10_keeper.ui.text.escape import isolate, plain
from phase10_keeper.ui.text.translate import app_words, problem_said, tr, tr_count
from phase10_keeper.ui.text.wording import preset_names
from phase10_keeper.ui.widgets.page_mnemonics import follow_mnemonics_across_pages
from phase10_keeper.ui.widgets.problem_label import ProblemLabel

MAX_FIXED_HANDS = 99


def now_iso() -> str:
    """This moment as the game file records a start: local time with its UTC offset."""
    return datetime.now().astimezone().isoformat(timespec="seconds")


def default_title(when: QDateTime | None = None, taken: Iterable[str] = ()) -> str:
    """The title a game gets unless the table names it: the day and the time of day, as
    people name an evening ("Friday night"), numbered when that title is already taken
    ("Friday night #2"), so one evening's games can be told apart."""
    when = when or QDateTime.currentDateTime()
    day = QLocale().dayName(when.date().dayOfWeek(), QLocale.FormatType.LongFormat)
    hour = when.time().hour()
    if 5 <= hour < 12:
        base = tr("newgame.title_morning", day=day)
    elif 12 <= hour < 18:
        base = tr("newgame.title_afternoon", day=day)
    else:
        base = tr("newgame.title_night", day=day)
    # Day names are lower case in most languages but English; a title starts upper case.
    base = base[:1].upper() + base[1:]
    used = {title.casefold() for title in taken}
    title, number = base, 1
    while title.casefold() in used:
        number += 1
        title = tr("newgame.title_numbered", title=base, number=number)
    return title


@dataclass
class NewGameForm:
    """Everything the new-game dialog asks, checked and turned into a `Game`.

    `target` is a 1-based position in the phase list (in choose order: how many phases
    must be made); None means the preset's own end. `hands` is a fixed number of hands
    or None; the fixed-hands preset always has one.
    """

    players: list[str] = field(default_factory=list)
    first_dealer: str = ""
    title: str = ""
    preset: Preset = Preset.MATTEL
    target: int | None = None
    hands: int | None = None
    super_wild: bool = False
    two_strike: bool = False
    house_phases: tuple[Phase, ...] | None = None
    card_values: CardValues = OFFICIAL_VALUES
    deck: Deck = STANDARD_DECK

    def name_problem(self, name: str) -> str | None:
        """Why this name cannot join the table, or None if it can."""
        name = clean_name(name)
        if not name:
            return tr("newgame.name_missing")
        if len(self.players) >= MAX_PLAYERS:
            return tr_count("newgame.too_many_players", MAX_PLAYERS)
        for player in self.players:
            if name_key(player) == name_key(name):
                return tr("newgame.name_taken", name=isolate(player))
        return problem_said(name_problem(name))

    def add_player(self, name: str) -> str | None:
        """Adds a player at the end of the seating; returns the problem if it could not."""
        problem = self.name_problem(name)
        if problem is None:
            self.players.append(clean_name(name))
        return problem

    def remove_player(self, index: int) -> None:
        del self.players[index]

    def move_player(self, index: int, step: int) -> int:
        """Moves a player one seat up (-1) or down (+1), stopping at the ends."""
        target = max(0, min(index + step, len(self.players) - 1))
        self.players.insert(target, self.players.pop(index))
        return target

    def dealer(self) -> str:
        """Who deals first: the chosen player, or the first seat when none is chosen."""
        if self.first_dealer in self.players:
            return self.first_dealer
        return self.players[0] if self.players else ""

    @property
    def order(self) -> Order:
        return preset_rules(self.preset).order

    def phases(self) -> tuple[Phase, ...]:
        return preset_rules(self.preset).phases if self.house_phases is None else self.house_phases

    def default_hands(self) -> int | None:
        return preset_rules(self.preset).hands

    def rules(self) -> RuleSet:
        """The rule set chosen; RuleSetError says why it cannot be played."""
        hands = self.hands
        if self.preset is Preset.FIXED_HANDS and hands is None:
            hands = self.default_hands()
        two_strike = self.two_strike and self.order is Order.SEQUENCE
        return build_rules(
            self.preset,
            phases=self.house_phases,
            target=self.target,
            hands=hands,
            super_wild=self.super_wild,
            two_strike=two_strike,
            card_values=self.card_values,
            deck=self.deck,
        )

    def problem(self) -> str | None:
        """The first thing that stops the game from starting, or None."""
        return self.players_problem() or self.rules_problem()

    def players_problem(self) -> str | None:
        """What is wrong with the table of players, or None."""
        if len(self.players) < MIN_PLAYERS:
            return tr("newgame.too_few_players")
        return problem_said(players_problem(tuple(self.players)))

    def rules_problem(self) -> str | None:
        """Why the rules chosen cannot be played, or None."""
        try:
            self.rules()
        except RuleSetError as error:
            return tr("newgame.rules_unplayable", problem=problem_said(error.problem))
        return None

    def build_game(self, started: str | None = None) -> Game:
        """The new game; GameError or RuleSetError when `problem()` is not None."""
        return Game(
            players=tuple(self.players),
            rules=self.rules(),
            first_dealer=self.dealer(),
            title=clean_name(self.title),
            started=started if started is not None else now_iso(),
        )


class NewGameDialog(QDialog):
    """Asks for a new game. Construct, `exec()` or `open()`, then read `game()`.

    Arguments: `roster` (names from earlier games, offered while typing), `title` (the
    default title; when omitted, the day and time of day, numbered past the `taken`
    titles of earlier games) and `now` (gives the start time).
    Signal: `gameCreated(Game)` when the dialog is accepted with a playable game.

    Keys: the name field has the focus; Enter adds the typed name (a completion is taken
    and added with one Enter); Enter in an empty field or Ctrl+Enter anywhere starts.
    """

    gameCreated = Signal(object)

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        roster: Iterable[str] = (),
        title: str | None = None,
        taken: Iterable[str] = (),
        now: Callable[[], str] = now_iso,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("newgame.title"))
        self._default_title = default_title(taken=taken)
        self.form = NewGameForm(title=title if title is not None else self._default_title)
        self._now = now
        self._game: Game | None = None

        self.tabs = QTabWidget()
        self._players_tab = self.tabs.addTab(
            self._players_page(sorted(roster, key=str.casefold)), tr("newgame.players_tab")
        )
        self._rules_tab = self.tabs.addTab(self._rules_page(), tr("newgame.rules_tab"))
        follow_mnemonics_across_pages(self.tabs)
        self.summary = QLabel()
        plain(self.summary)
        self.summary.setWordWrap(True)
        self.message = ProblemLabel()
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.start_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.start_button.setText(tr("newgame.start"))
        self.start_button.setToolTip(tr("newgame.start_tip"))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.summary)
        layout.addWidget(self.message)
        layout.addWidget(self.buttons)
        for keys in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            start = QShortcut(QKeySequence(Qt.Modifier.CTRL | keys), self)
            start.activated.connect(self.accept)
        self._preset_changed()
        self._refresh_players(-1)
        # Typing a name is the first thing to do; the tab bar would swallow it.
        self.name_edit.setFocus(Qt.FocusReason.OtherFocusReason)

    def _players_page(self, roster: list[str]) -> QWidget:
        page = QWidget()
        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText(tr("newgame.name_placeholder"))
        self.name_edit.setAccessibleName(tr("newgame.name_field"))
        self.name_edit.setClearButtonEnabled(True)
        self._roster = roster
        completer = QCompleter(QStringListModel(roster, self), self)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.name_edit.setCompleter(completer)
        # The popup eats the Enter that picks a name; picking it adds the player too, or
        # a second Enter would be needed. The field takes the name after this signal, so
        # the player is added on the next turn of the event loop.
        completer.activated.connect(lambda _name: QTimer.singleShot(0, self.add_typed_player))
        # With no suggestion picked, the popup takes Enter only to close itself, and the
        # name stays in the field for the next one to run into ("PriyaMar"): the dialog
        # sees that Enter first and adds the name as typed.
        suggestions = completer.popup()
        assert suggestions is not None
        suggestions.installEventFilter(self)
        self._suggestions = suggestions
        self.add_button = QPushButton(tr("newgame.add"))
        self.add_button.setAutoDefault(False)
        entry = QHBoxLayout()
        entry.addWidget(self.name_edit, 1)
        entry.addWidget(self.add_button)

        self.player_list = QListWidget()
        self.player_list.setAccessibleName(tr("newgame.player_list"))
        self.player_list.setSpacing(2)
        self.up_button = QPushButton(tr("newgame.move_up"))
        self.down_button = QPushButton(tr("newgame.move_down"))
        self.remove_button = QPushButton(tr("newgame.remove"))
        self.up_button.setShortcut(QKeySequence(Qt.Modifier.ALT | Qt.Key.Key_Up))
        self.down_button.setShortcut(QKeySequence(Qt.Modifier.ALT | Qt.Key.Key_Down))
        self.up_button.setToolTip(tr("newgame.move_up_tip"))
        self.down_button.setToolTip(tr("newgame.move_down_tip"))
        self.remove_button.setToolTip(tr("newgame.remove_tip"))
        side = QVBoxLayout()
        for button in (self.up_button, self.down_button, self.remove_button):
            button.setAutoDefault(False)
            side.addWidget(button)
        side.addStretch(1)
        seats = QHBoxLayout()
        seats.addWidget(self.player_list, 1)
        seats.addLayout(side)

        hint = QLabel(tr_count("newgame.players_hint", MAX_PLAYERS, fewest=MIN_PLAYERS))
        hint.setWordWrap(True)
        self.dealer_combo = QComboBox()
        self.dealer_combo.setAccessibleName(tr("newgame.dealer_field"))
        self.title_edit = QLineEdit(self.form.title)
        self.title_edit.setAccessibleName(tr("newgame.title_field"))
        self.title_edit.setPlaceholderText(self._default_title)

        layout = QVBoxLayout(page)
        layout.addWidget(hint)
        layout.addLayout(entry)
        layout.addLayout(seats, 1)
        details = QFormLayout()
        details.addRow(tr("newgame.dealer_label"), self.dealer_combo)
        details.addRow(tr("newgame.title_label"), self.title_edit)
        layout.addLayout(details)

        self.name_edit.installEventFilter(self)
        self.add_button.clicked.connect(self.add_typed_player)
        self.up_button.clicked.connect(lambda: self.move_player(-1))
        self.down_button.clicked.connect(lambda: self.move_player(1))
        self.remove_button.clicked.connect(self.remove_player)
        self.player_list.currentRowChanged.connect(self._update_seat_buttons)
        self.dealer_combo.currentTextChanged.connect(self._dealer_changed)
        self.title_edit.textChanged.connect(self._title_changed)
        return page

    def _rules_page(self) -> QWidget:
        page = QWidget()
        self.preset_combo = QComboBox()
        self.preset_combo.setAccessibleName(tr("newgame.rules_field"))
        for preset, name in preset_names().items():
            self.preset_combo.addItem(name, preset.value)
        self.target_combo = QComboBox()
        self.target_combo.setAccessibleName(tr("newgame.target_field"))
        self.hands_check = QCheckBox(tr("newgame.fixed_hands"))
        self.hands_spin = QSpinBox()
        self.hands_spin.setRange(1, MAX_FIXED_HANDS)
        self.hands_spin.setAccessibleName(tr("newgame.hands_field"))
        hands_row = QHBoxLayout()
        hands_row.addWidget(self.hands_check)
        hands_row.addWidget(self.hands_spin)
        hands_row.addStretch(1)
        self.super_wild_check = QCheckBox(tr("newgame.super_wild"))
        self.two_strike_check = QCheckBox(tr("newgame.two_strike"))
        self.points_check = QCheckBox(tr("newgame.by_points"))
        self.points_check.setToolTip(tr("newgame.by_points_tip"))
        self.points_check.setChecked(read_setting(POINTS_BY_DEFAULT))
        form = QFormLayout()
        form.addRow(tr("newgame.rules_label"), self.preset_combo)
        form.addRow(tr("newgame.target_label"), self.target_combo)
        form.addRow(hands_row)
        form.addRow(self.super_wild_check)
        form.addRow(self.two_strike_check)
        form.addRow(self.points_check)
        self.deck_combo = QComboBox()
        self.deck_combo.setAccessibleName(tr("newgame.deck_field"))
        self.deck_combo.addItem(tr("newgame.deck_official"), STANDARD_DECK)
        self.deck_combo.addItem(tr("newgame.deck_masters_tin"), MASTERS_TIN_DECK)
        form.addRow(tr("newgame.deck_label"), self.deck_combo)

        # The values side by side in one row: the phase list below needs the height.
        self.values_box = QGroupBox(tr("newgame.house_values"))
        self.values_box.setCheckable(True)
        self.values_box.setChecked(False)
        values_row = QHBoxLayout(self.values_box)
        self.value_spins: dict[CardKind, QSpinBox] = {}
        for kind, points in OFFICIAL_VALUES.items():
            name = card_label(app_words(), kind)
            spin = QSpinBox()
            spin.setRange(0, MAX_CARD_VALUE)
            spin.setValue(points)
            spin.setAccessibleName(tr("newgame.card_value_field", kind=name))
            label = QLabel(name)
            label.setBuddy(spin)
            values_row.addWidget(label)
            values_row.addWidget(spin)
            spin.valueChanged.connect(self._card_values_changed)
            self.value_spins[kind] = spin
        values_row.addStretch(1)

        self.house_box = QGroupBox(tr("newgame.house_phases"))
        self.house_box.setCheckable(True)
        self.house_box.setChecked(False)
        self.phase_editor = PhaseListEditor(self.form.phases())
        self.phase_editor.setEnabled(False)
        house_layout = QVBoxLayout(self.house_box)
        house_layout.addWidget(self.phase_editor)

        layout = QVBoxLayout(page)
        layout.addLayout(form)
        layout.addWidget(self.values_box)
        layout.addWidget(self.house_box, 1)

        self.preset_combo.currentIndexChanged.connect(self._preset_changed)
        self.target_combo.currentIndexChanged.connect(self._options_changed)
        self.hands_check.toggled.connect(self._options_changed)
        self.hands_spin.valueChanged.connect(self._options_changed)
        self.super_wild_check.toggled.connect(self._options_changed)
        self.two_strike_check.toggled.connect(self._options_changed)
        self.house_box.toggled.connect(self._house_toggled)
        self.phase_editor.phasesChanged.connect(self._house_edited)
        self.deck_combo.currentIndexChanged.connect(self._deck_changed)
        self.values_box.toggled.connect(self._card_values_changed)
        return page

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # Return in the name field adds the player; left to the dialog it would press
        # Start Game as soon as two players are in. With the field empty it still does,
        # so Return twice after the last name starts the game.
        if not (
            isinstance(event, QKeyEvent)
            and event.type() == QEvent.Type.KeyPress
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
            and self.name_edit.text().strip()
        ):
            return super().eventFilter(watched, event)
        popup = self._suggestions
        if watched is self.name_edit or (watched is popup and not popup.currentIndex().isValid()):
            popup.hide()
            self.add_typed_player()
            return True
        return super().eventFilter(watched, event)

    def game(self) -> Game | None:
        """The game the dialog was accepted with; None before that."""
        return self._game

    def add_typed_player(self) -> None:
        """Adds the name typed; a returning player's in the spelling of earlier games."""
        typed = self.name_edit.text().strip()
        known = {name.casefold(): name for name in self._roster}
        self.add_player(known.get(typed.casefold(), typed))

    def add_player(self, name: str) -> bool:
        problem = self.form.add_player(name)
        if problem is not None:
            self._show_message(problem)
            return False
        self.name_edit.clear()
        self._refresh_players(len(self.form.players) - 1)
        return True

    def remove_player(self) -> None:
        index = self.player_list.currentRow()
        if index >= 0:
            self.form.remove_player(index)
            self._refresh_players(min(index, len(self.form.players) - 1))

    def move_player(self, step: int) -> None:
        index = self.player_list.currentRow()
        if index >= 0:
            self._refresh_players(self.form.move_player(index, step))

    def select_preset(self, preset: Preset) -> None:
        self.preset_combo.setCurrentIndex(self.preset_combo.findData(preset.value))

    def accept(self) -> None:
        if self.name_edit.text().strip() and not self.add_player(self.name_edit.text()):
            return
        problem = self.form.problem()
        if problem is not None:
            self._show_message(problem)
            players_problem = self.form.players_problem() is not None
            self.tabs.setCurrentIndex(self._players_tab if players_problem else self._rules_tab)
            return
        if not self.form.title.strip():
            self.form.title = self.title_edit.placeholderText()
        self._game = self.form.build_game(self._now())
        # Before the game opens: its first hand's form starts by points or by cards.
        write_setting(POINTS_BY_DEFAULT, self.points_check.isChecked())
        self.gameCreated.emit(self._game)
        super().accept()

    def _show_message(self, text: str) -> None:
        self.message.set_problem(text)

    def _refresh_players(self, current: int) -> None:
        self.player_list.clear()
        for seat, name in enumerate(self.form.players, start=1):
            self.player_list.addItem(tr("newgame.seat", seat=seat, name=name))
        self.player_list.setCurrentRow(current)
        dealer = self.form.dealer()
        self.dealer_combo.blockSignals(True)
        self.dealer_combo.clear()
        self.dealer_combo.addItems(self.form.players)
        self.dealer_combo.setCurrentText(dealer)
        self.dealer_combo.blockSignals(False)
        self.form.first_dealer = dealer
        self.dealer_combo.setEnabled(bool(self.form.players))
        self.add_button.setEnabled(len(self.form.players) < MAX_PLAYERS)
        self.name_edit.setEnabled(len(self.form.players) < MAX_PLAYERS)
        self._update_seat_buttons()
        self._show_message("")
        self._update_summary()

    def _update_seat_buttons(self) -> None:
        index = self.player_list.currentRow()
        self.remove_button.setEnabled(index >= 0)
        self.up_button.setEnabled(index > 0)
        self.down_button.setEnabled(0 <= index < len(self.form.players) - 1)

    def _dealer_changed(self, name: str) -> None:
        self.form.first_dealer = name
        self._update_summary()

    def _title_changed(self, text: str) -> None:
        self.form.title = text

    def _preset_changed(self) -> None:
        self.form.preset = Preset(self.preset_combo.currentData())
        self.form.target = None
        default_hands = self.form.default_hands()
        fixed = default_hands is not None
        for widget in (self.hands_check, self.hands_spin):
            widget.blockSignals(True)
        self.hands_check.setChecked(fixed)
        self.hands_check.setEnabled(not fixed)
        self.hands_spin.setValue(default_hands or 10)
        for widget in (self.hands_check, self.hands_spin):
            widget.blockSignals(False)
        choose = self.form.order is Order.CHOOSE
        self.two_strike_check.setEnabled(not choose)
        if choose:
            self.two_strike_check.setChecked(False)
        if not self.house_box.isChecked():
            self.phase_editor.set_phases(preset_rules(self.form.preset).phases)
        self._fill_targets(self.form.rules().target)
        self._options_changed()

    def _fill_targets(self, selected: int) -> None:
        self.target_combo.blockSignals(True)
        self.target_combo.clear()
        phases = self.form.phases()
        for position, phase in enumerate(phases, start=1):
            if self.form.order is Order.CHOOSE:
                text = tr_count("newgame.ends_after_made", len(phases), made=position)
            else:
                text = tr(
                    "newgame.ends_at_phase",
                    phase=phase.label,
                    description=phase_description(app_words(), phase),
                )
            self.target_combo.addItem(text, position)
        self.target_combo.setCurrentIndex(max(0, min(selected, len(phases)) - 1))
        self.target_combo.blockSignals(False)

    def _options_changed(self) -> None:
        fixed = self.hands_check.isChecked()
        self.hands_spin.setEnabled(fixed)
        self.target_combo.setEnabled(not fixed)
        self.form.hands = self.hands_spin.value() if fixed else None
        self.form.target = self.target_combo.currentData()
        self.form.super_wild = self.super_wild_check.isChecked()
        self.form.two_strike = self.two_strike_check.isChecked()
        self._update_summary()

    def _deck_changed(self) -> None:
        self.form.deck = self.deck_combo.currentData()
        self._update_summary()

    def _card_values_changed(self) -> None:
        """The values typed while the box is ticked; the official ones when it is not
        (the values typed stay, should it be ticked again)."""
        if self.values_box.isChecked():
            self.form.card_values = CardValues(
                **{kind.value: spin.value() for kind, spin in self.value_spins.items()}
            )
        else:
            self.form.card_values = OFFICIAL_VALUES
        self._update_summary()

    def _house_toggled(self, on: bool) -> None:
        self.phase_editor.setEnabled(on)
        if on:
            self.form.house_phases = self.phase_editor.phases()
        else:
            self.form.house_phases = None
            self.phase_editor.set_phases(preset_rules(self.form.preset).phases)
            self._fill_targets(preset_rules(self.form.preset).target)
        self._options_changed()

    def _house_edited(self) -> None:
        if not self.house_box.isChecked():
            return
        was_last = self.target_combo.currentIndex() == self.target_combo.count() - 1
        self.form.house_phases = self.phase_editor.phases()
        current = self.target_combo.currentData() or 1
        self._fill_targets(len(self.form.house_phases) if was_last else current)
        self._options_changed()

    def _update_summary(self) -> None:
        players = len(self.form.players)
        try:
            rules = rules_description(app_words(), self.form.rules())
        except RuleSetError:
            rules = tr("newgame.house_phases_broken")
        if players:
            text = tr_count(
                "newgame.summary", players, rules=rules, dealer=isolate(self.form.dealer())
            )
        else:
            text = tr("newgame.summary_no_players", rules=rules)
        self.summary.setText(text)
