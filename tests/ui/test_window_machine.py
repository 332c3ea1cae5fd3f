"""The real window, driven through every route between games by a stateful property test.

The machine keeps its own model of the library: each game as it must be stored, which
games are deleted, and which one is open. After every step what the window shows (the
grid, the standings, the scoreboard, the saved-games table) must equal a replay of the
game the library holds, which must equal the model. Players leave and join through the
Game menu's dialogs, the scoreboard opens and closes while hands are recorded and games
change, and the grid pages through the sheet. No Qt warning may be logged and no error
reported.

PHASE10_KEEPER_LONG_RUN=N runs N examples of 40 steps instead of the quick run.
"""

import os
import tempfile
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from math import ceil
from pathlib import Path
from typing import TypeVar

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QDialogButtonBox, QLabel

from phase10_keeper.rules import (
    MAX_PLAYERS,
    CardKind,
    Cards,
    Game,
    GameError,
    GameState,
    Hand,
    Join,
    Leave,
    Order,
    PlayerResult,
    Preset,
    Severity,
    Status,
    check_hand,
    clean_name,
    name_key,
    name_problem,
    replay,
)
from phase10_keeper.sheet import HANDS_PER_PAGE
from phase10_keeper.stats.standings import STANDINGS_COLUMNS
from phase10_keeper.storage.gamefile import read_game
from phase10_keeper.storage.library import Library
from phase10_keeper.storage.unrecorded import MAX_KEPT_CHANGES
from phase10_keeper.ui.game.draft import HandDraft
from phase10_keeper.ui.game.grid_model import MARKS_ROLE
from phase10_keeper.ui.game.scoreboard import Scoreboard
from phase10_keeper.ui.game.seating_dialogs import PlayerJoinsDialog, PlayerLeavesDialog
from phase10_keeper.ui.game.standings_model import column_number
from phase10_keeper.ui.library.games_view import GamesView
from phase10_keeper.ui.main_window import MainWindow
from phase10_keeper.ui.new_game.new_game_dialog import NewGameDialog
from phase10_keeper.ui.text import wording
from phase10_keeper.ui.text.escape import isolate

from .answers import Answers

PLACE, PLAYER, PHASE, DONE, TOTAL = (column_number(column) for column in STANDINGS_COLUMNS)

# The offscreen platform cannot raise a window or hint its size; the scoreboard asks both.
pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints", "raise")

NAMES = (
    "Priya",
    "Marcus",
    "<b>Bo & Co</b>",
    "Zoë",
    "Łukasz",
    "Maximilian Alexander Featherstonehaugh",
)
NEW_NAMES = ("Dana", "Kwame", "<i>Ann</i>")
JOINERS = ("Eve", " Kwame ", "priya", "<i>Ann</i>", "", "Zoe\u0308")
"""Typed into Player Joins: some sit down, some are refused (empty, or a name the game
has already in other capitals or another normal form)."""
TITLES = ("Friday night", "<b>Finals</b> & more", "Sunday")
PRESETS = tuple(Preset)
CTRL = Qt.KeyboardModifier.ControlModifier
Seat = tuple[bool, int, int]
"""One player's part in a hand typed in: made it, 1-9 cards held if so, phase chosen."""
SEATS = st.lists(
    st.tuples(st.booleans(), st.integers(0, 1), st.integers(0, 9)), min_size=6, max_size=6
)

MIN_STEPS = 200
T = TypeVar("T")
STARTED = "2026-11-30T20:00:00+00:00"
LONG_RUN = int(os.environ.get("PHASE10_KEEPER_LONG_RUN", "0"))
EXAMPLES, STEPS = (LONG_RUN, 50) if LONG_RUN else (30, 25)


def pick(data: st.DataObject, choices: Sequence[T]) -> T | None:
    """One of `choices`, or None if there are none. The draw has the same shape however
    many choices there are: what the window offers can depend on the clock (games
    started in the same second), and Hypothesis must replay every example alike."""
    index = data.draw(st.integers(0, 63))
    return choices[index % len(choices)] if choices else None


def _same(stored: Game, expected: Game) -> bool:
    return (stored.players, stored.hands, stored.title, stored.rules, stored.seating) == (
        expected.players,
        expected.hands,
        expected.title,
        expected.rules,
        expected.seating,
    )


def _sheet_pages(hands: int) -> int:
    return max(1, ceil(hands / HANDS_PER_PAGE))


def _seated(state: GameState) -> list[str]:
    return [player.name for player in state.players if player.seated]


def _totals_offered(state: GameState) -> tuple[int, int, int]:
    """What Player Joins offers as a starting total: 0, the highest total at the table,
    and the table's average rounded up to a multiple of five."""
    totals = [state.player(name).total for name in _seated(state)]
    average = ceil(Fraction(sum(totals), len(totals)) / 5) * 5
    return 0, max(totals), average


def _join_refused(state: GameState, players: Sequence[str], typed: str) -> bool:
    name = clean_name(typed)
    return (
        not name
        or name_problem(name) is not None
        or name_key(name) in {name_key(player) for player in players}
        or len(state.participants()) >= MAX_PLAYERS
    )


def _shown(kind: type[QDialog], parent: MainWindow) -> QDialog:
    """The one dialog of this kind the window shows."""
    shown = [dialog for dialog in parent.findChildren(kind) if dialog.isVisible()]
    assert len(shown) == 1, shown
    return shown[0]


def _cancel(dialog: QDialog) -> None:
    button = dialog.buttons.button(QDialogButtonBox.StandardButton.Cancel)  # type: ignore[attr-defined]
    button.click()
    assert not dialog.isVisible()


class WindowMachine(RuleBasedStateMachine):
    checks = 0
    """How many times the invariants ran: once per step, and once after the start."""

    def __init__(self) -> None:
        super().__init__()
        self.folder = tempfile.TemporaryDirectory()
        self.library = Library.open(Path(self.folder.name) / "data")
        self.answers = Answers()
        self.window = MainWindow(self.library, prompts=self.answers, open_url=lambda url: True)
        self.window.show()
        self.window.activateWindow()
        # Shortcuts only reach an active window.
        assert QTest.qWaitForWindowActive(self.window)
        self.games: dict[int, Game] = {}
        self.deleted: set[int] = set()
        self.titles_before: dict[int, list[str]] = {}
        """Each game's titles before the renames still on the library page's undo stack."""
        self.renames_undone: list[int] = []
        self.library_steps: list[tuple[object, int]] = []
        """Each step on the library page's undo stack, with the game it changed."""
        self.open_id: int | None = None
        self.history: list[Game] = []
        """The open game after each change its undo stack holds; `at` is the current."""
        self.at = 0
        self.kept: dict[int, tuple[list[Game], int]] = {}
        """Each closed game's undo history kept with it in the library, as `history`, `at`."""
        self.last_open: int | None = None
        """The game the window reopens when the app starts again."""

    def teardown(self) -> None:
        self.window.close()
        self.window.deleteLater()
        QApplication.processEvents()
        self.library.close()
        self.folder.cleanup()

    # -- helpers -------------------------------------------------------------------------

    def live(self) -> list[int]:
        return sorted(set(self.games) - self.deleted)

    @property
    def on_game_page(self) -> bool:
        window = self.window
        return (
            window.pages.game_view is not None
            and window.navigation.stack.currentWidget() is window.pages.game_view
        )

    def open_game(self) -> Game:
        assert self.open_id is not None
        return self.games[self.open_id]

    def playing(self) -> bool:
        return (
            self.open_id is not None
            and replay(self.open_game()).final.status is not Status.FINISHED
        )

    def form(self):
        assert self.window.pages.game_view is not None
        return self.window.pages.game_view.form

    def look_at_the_window(self) -> None:
        """The user turns from the scoreboard (on a second screen, say) to the window."""
        if not self.window.isActiveWindow():
            self.window.activateWindow()
            assert QTest.qWaitForWindowActive(self.window)

    def scoreboard(self) -> Scoreboard | None:
        """The scoreboard on screen, if one is."""
        shown = [
            widget
            for widget in QApplication.topLevelWidgets()
            if isinstance(widget, Scoreboard) and widget.isVisible()
        ]
        assert len(shown) <= 1, shown
        return shown[0] if shown else None

    def library_page(self):
        self.look_at_the_window()
        self.window.navigation.show_library()
        view = self.window.pages.games_view
        assert view is not None
        return view

    def opened(self, game_id: int) -> None:
        """A game was opened on a page of its own, with the undo history kept with it."""
        self.open_id = self.last_open = game_id
        history, at = self.kept.pop(game_id, ([self.games[game_id]], 0))
        if not _same(replace(history[at], title=self.games[game_id].title), self.games[game_id]):
            history, at = [self.games[game_id]], 0
        self.history, self.at = history, at

    def closing(self) -> None:
        """The open game closes: its undo history is kept with it, as far as the window
        keeps one, to come back when it is opened again."""
        if self.open_id is None:
            return
        first = max(0, self.at - MAX_KEPT_CHANGES)
        last = min(len(self.history) - 1, self.at + MAX_KEPT_CHANGES)
        self.kept[self.open_id] = (self.history[first : last + 1], self.at - first)
        self.open_id = None

    def gone(self, game_id: int) -> None:
        """The game was moved to the bin: nothing is kept with it, nor reopened."""
        self.kept.pop(game_id, None)
        if self.last_open == game_id:
            self.last_open = None
        if self.open_id == game_id:
            self.open_id = None

    def changed(self, game: Game) -> None:
        assert self.open_id is not None
        del self.history[self.at + 1 :]
        self.history.append(game)
        self.at += 1
        self.games[self.open_id] = game

    def moved_in_history(self, step: int) -> None:
        """Undo or redo: the hand log of that point, under the title the game has now."""
        assert self.open_id is not None
        self.at += step
        self.games[self.open_id] = replace(
            self.history[self.at], title=self.games[self.open_id].title
        )

    # -- between games -------------------------------------------------------------------

    @initialize(players=st.integers(2, 6), preset=st.sampled_from(PRESETS))
    def start_with_a_game(self, players: int, preset: Preset) -> None:
        self.new_game(players, preset)

    @rule(players=st.integers(2, 6), preset=st.sampled_from(PRESETS))
    def new_game(self, players: int, preset: Preset) -> None:
        dialog = self.window.commands.new_game()
        assert isinstance(dialog, NewGameDialog)
        # Every game starts at the same moment: the start page lists the newest games
        # first, and Hypothesis must see the same list each time it replays a run.
        dialog._now = lambda: STARTED
        created: list[Game] = []
        dialog.gameCreated.connect(created.append)
        for name in NAMES[:players]:
            assert dialog.add_player(name)
        dialog.select_preset(preset)
        self.closing()
        dialog.accept()
        assert len(created) == 1
        assert self.window.pages.session is not None
        game_id = self.window.pages.session.game_id
        assert game_id is not None
        self.games[game_id] = created[0]
        self.opened(game_id)

    @rule(data=st.data())
    def open_from_the_start_page(self, data: st.DataObject) -> None:
        self.look_at_the_window()
        self.window.navigation.close_game()
        self.closing()
        self.last_open = None
        start = self.window.pages.start_view
        assert start is not None
        game_id = pick(data, sorted(start.continue_buttons))
        if game_id is None:
            return
        start.continue_buttons[game_id].click()
        self.opened(game_id)

    @rule(data=st.data())
    def open_from_the_library(self, data: st.DataObject) -> None:
        view = self.library_page()
        game_id = pick(data, self.live())
        if game_id is None:
            return
        assert view.select_game(game_id)
        QTest.keyClick(view.table, Qt.Key.Key_Return)
        if game_id != self.open_id:
            self.closing()
            self.opened(game_id)

    @precondition(lambda self: self.open_id is not None)
    @rule()
    def close_the_game(self) -> None:
        self.look_at_the_window()
        self.window.close_action.trigger()
        self.closing()
        self.last_open = None

    @rule(finish_with=st.sampled_from(("Ctrl+Q", "close")))
    def restart_the_app(self, finish_with: str) -> None:
        """The app quits (Ctrl+Q, or the window closed) and starts again on the same
        library: the unfinished game open then opens again, with its undo history."""
        self.look_at_the_window()
        if finish_with == "Ctrl+Q":
            QTest.keyClick(QApplication.focusWidget() or self.window, Qt.Key.Key_Q, CTRL)
        else:
            self.window.close()
        assert not self.window.isVisible()
        if self.open_id is not None and self.playing():
            self.last_open = self.open_id
        elif self.open_id is not None:
            self.last_open = None
        self.closing()
        self.window.deleteLater()
        QApplication.processEvents()
        self.library.close()
        self.library = Library.open(Path(self.folder.name) / "data")
        self.window = MainWindow(self.library, prompts=self.answers, open_url=lambda url: True)
        self.window.show()
        self.window.activateWindow()
        assert QTest.qWaitForWindowActive(self.window)
        # The library page's own undo history belongs to the window that has gone.
        self.titles_before = {}
        self.library_steps = []
        if self.last_open is not None:
            self.opened(self.last_open)

    @rule(data=st.data(), answer=st.booleans())
    def delete_a_game(self, data: st.DataObject, answer: bool) -> None:
        view = self.library_page()
        game_id = pick(data, self.live())
        if game_id is None:
            return
        assert view.select_game(game_id)
        self.answers.confirm_answer = answer
        at = view.undo_stack.index()
        view.delete_action.trigger()
        self._note_library_step(view, at, game_id)
        if answer:
            self.deleted.add(game_id)
            self.gone(game_id)

    @rule(data=st.data())
    def restore_a_game(self, data: st.DataObject) -> None:
        view = self.library_page()
        view.show_deleted.setChecked(True)
        game_id = pick(data, sorted(self.deleted))
        if game_id is not None:
            assert view.select_game(game_id)
            at = view.undo_stack.index()
            view.restore_action.trigger()
            self._note_library_step(view, at, game_id)
            self.deleted.discard(game_id)
        view.show_deleted.setChecked(False)

    @rule(data=st.data(), title=st.sampled_from(TITLES))
    def rename_a_game(self, data: st.DataObject, title: str) -> None:
        view = self.library_page()
        game_id = pick(data, self.live())
        if game_id is None:
            return
        assert view.select_game(game_id)
        self.answers.text_answer = title
        at = view.undo_stack.index()
        view.rename_action.trigger()
        self._note_library_step(view, at, game_id)
        # A step pushed moves the index on; the count may stay, when the step takes the
        # place of one undone (its redo is dropped).
        if view.undo_stack.index() > at:
            self.titles_before.setdefault(game_id, []).append(self.games[game_id].title)
        self.games[game_id] = replace(self.games[game_id], title=title)

    @precondition(
        lambda self: (
            self.window.pages.games_view is not None
            and self.window.pages.games_view.undo_stack.canUndo()
        )
    )
    @rule()
    def undo_on_the_library_page(self) -> None:
        view = self.library_page()
        stack = view.undo_stack
        command = stack.command(stack.index() - 1)
        assert command is not None
        self._undo_library_command(stack.undoText(), command)
        self.window.undo_action.trigger()
        while self.renames_undone:
            # The title a rename's undo puts back is the one the library held before it.
            game_id = self.renames_undone.pop()
            title = self.titles_before.get(game_id, [""]).pop()
            self.games[game_id] = replace(self.games[game_id], title=title)

    def _note_library_step(self, view: GamesView, at: int, game_id: int) -> None:
        """Keeps the game a step pushed on the library page's undo stack changed."""
        stack = view.undo_stack
        if stack.index() > at:
            command = stack.command(stack.index() - 1)
            self.library_steps.append((command, game_id))

    def _undo_library_command(self, text: str, command: object) -> None:
        game_id = next(game for step, game in self.library_steps if step is command)
        if text.startswith("Delete"):
            self.deleted.discard(game_id)
        elif text.startswith("Restore"):
            self.deleted.add(game_id)
            self.gone(game_id)
        else:
            self.renames_undone.append(game_id)

    @rule(data=st.data())
    def export_and_import_a_game(self, data: st.DataObject) -> None:
        game_id = pick(data, self.live())
        if game_id is None:
            return
        path = Path(self.folder.name) / f"game-{game_id}.phase10.json"
        view = self.library_page()
        assert view.select_game(game_id)
        self.answers.save_answer = path
        assert self.window.commands.export_game_file() == path
        assert _same(read_game(path), self.games[game_id])
        self.answers.open_answer = path
        new_id = self.window.commands.import_game_file()
        assert new_id is not None
        # The same game (players, rules, seating and hands) is not added twice: importing
        # it gives the id of the first game the library holds like it, whatever its title.
        if new_id not in self.games:
            self.games[new_id] = self.games[game_id]

    # -- in a game -----------------------------------------------------------------------

    def back_to_the_game(self) -> None:
        """Every change to a game starts by going back to its page, wherever the user was."""
        assert self.open_id is not None
        self.look_at_the_window()
        assert self.window.navigation.open_game(self.open_id)
        assert self.on_game_page

    @precondition(lambda self: self.playing())
    @rule(plans=st.lists(st.tuples(st.integers(0, 5), SEATS), min_size=1, max_size=3))
    def record_hands_from_the_keyboard(self, plans: list[tuple[int, list[Seat]]]) -> None:
        self.back_to_the_game()
        for out, seats in plans:
            if not self.playing():
                return
            self.record_a_hand(out, seats)

    def record_a_hand(self, out_seat: int, seats: "list[Seat]") -> None:
        state = replay(self.open_game()).final
        form = self.form()
        if form.has_typing():  # say a hand put back by Undo
            form.clear_button.click()
        draft = form.draft
        assert draft is not None
        participants = list(draft.participants)
        out = participants[out_seat % len(participants)]
        results: dict[str, PlayerResult] = {}
        for index, name in enumerate(participants):
            made, held, choice = seats[index]
            row = form._rows[index]
            low = row.counts[CardKind.LOW]
            phase = None
            if draft.chooses_phase:
                choices = [p.label for p in state.phases_left(name) if p.label < 10]
                if choices and row.phase is not None:
                    phase = choices[choice % len(choices)]
                    # Picked as from the open list: typing in a list searches, and
                    # keys typed faster than a person would run into one search.
                    row.phase.setCurrentIndex(row.phase.findData(phase))
            if name == out:
                QTest.keyClicks(low, "o")
                results[name] = PlayerResult(True, phase=phase)
                continue
            if made:
                low.selectAll()
                QTest.keyClicks(low, f"{held} ")  # the count, then Space: made it
                results[name] = PlayerResult(True, Cards(low=held), phase)
            else:
                results[name] = PlayerResult(False, Cards(low=10), phase)
        assert form.draft is not None
        hand = Hand(out, results)
        assert form.draft.hand() == hand
        self.answers.confirm_answer = True
        QTest.keyClick(form._rows[0].counts[CardKind.LOW], Qt.Key.Key_Return)
        if not any(p.severity is Severity.ERROR for p in check_hand(state, hand)):
            self.changed(self.open_game().with_hand_appended(hand))

    @precondition(lambda self: self.open_id is not None)
    @rule()
    def undo(self) -> None:
        self.back_to_the_game()
        # Typing in the form is taken back first; only then a change to the game.
        typing = self.form().has_typing()
        QTest.keyClick(QApplication.focusWidget() or self.window, Qt.Key.Key_Z, CTRL)
        if not typing and self.at > 0:
            self.moved_in_history(-1)

    @precondition(lambda self: self.open_id is not None)
    @rule()
    def redo(self) -> None:
        self.back_to_the_game()
        typing_to_redo = self.form().can_redo_typing()
        self.answers.confirm_answer = True
        self.window.redo_action.trigger()
        if not typing_to_redo and self.at < len(self.history) - 1:
            self.moved_in_history(+1)

    def press_page_key(self, forward: bool, in_the_grid: bool = True) -> None:
        """Ctrl+PgDn or Ctrl+PgUp, from the grid or from the entry form."""
        view = self.window.pages.game_view
        assert view is not None
        if in_the_grid or view.form.isHidden():
            view.grid.setFocus()
        else:
            view.form.focus_first()
        key = Qt.Key.Key_PageDown if forward else Qt.Key.Key_PageUp
        QTest.keyClick(QApplication.focusWidget() or view, key, CTRL)

    def page_to(self, page: int) -> None:
        """Pages the grid to this page of the sheet, a key press at a time."""
        view = self.window.pages.game_view
        assert view is not None
        while view.sheet_page != page:
            before = view.sheet_page
            forward = page > before
            self.press_page_key(forward)
            assert view.sheet_page == before + (1 if forward else -1)

    @precondition(lambda self: self.open_id is not None)
    @rule(moves=st.lists(st.tuples(st.booleans(), st.booleans()), min_size=1, max_size=4))
    def page_the_grid(self, moves: list[tuple[bool, bool]]) -> None:
        self.back_to_the_game()
        view = self.window.pages.game_view
        assert view is not None
        pages = _sheet_pages(len(self.open_game().hands))
        for forward, in_the_grid in moves:
            before = view.sheet_page
            self.press_page_key(forward, in_the_grid)
            assert view.sheet_page == max(0, min(pages - 1, before + (1 if forward else -1)))

    @precondition(lambda self: self.open_id is not None and bool(self.open_game().hands))
    @rule(
        data=st.data(),
        high=st.integers(0, 2),
        how=st.sampled_from(("F2", "Enter")),
    )
    def correct_a_past_hand(self, data: st.DataObject, high: int, how: str) -> None:
        self.back_to_the_game()
        game = self.open_game()
        index = pick(data, range(len(game.hands)))
        assert index is not None
        chosen = data.draw(st.integers(0, 5))
        view = self.window.pages.game_view
        assert view is not None
        view.form.start(view.session.state)  # nothing typed is dropped unasked below
        # The hand is on a page of the sheet the grid may not show: the user pages to it.
        self.page_to(index // HANDS_PER_PAGE)
        grid = view.grid
        grid.setFocus()
        grid.selectColumn(index)
        QTest.keyClick(grid, Qt.Key.Key_F2 if how == "F2" else Qt.Key.Key_Return)
        form = view.form
        assert form.editing == index
        hand = game.hands[index]
        before = replay(game).states[index]
        assert form.draft is not None
        assert form.draft.participants == before.participants()
        others = [name for name in form.draft.participants if name != hand.went_out]
        if not others:
            return
        name = others[chosen % len(others)]
        expected_draft = HandDraft(before, hand)
        expected_draft.set_count(name, CardKind.HIGH, high)
        expected = expected_draft.hand()
        assert expected is not None
        row = form._rows[form.draft.participants.index(name)]
        field = row.counts[CardKind.HIGH]
        field.setFocus()
        field.selectAll()
        QTest.keyClicks(field, str(high))
        self.answers.confirm_answer = True
        QTest.keyClick(field, Qt.Key.Key_Return)
        try:
            corrected = game.with_hand_replaced(index, expected)
            replay(corrected)
        except GameError:
            QTest.keyClick(field, Qt.Key.Key_Escape)
            return
        self.changed(corrected)

    @precondition(lambda self: self.open_id is not None and bool(self.open_game().hands))
    @rule(data=st.data(), answer=st.booleans())
    def delete_a_past_hand(self, data: st.DataObject, answer: bool) -> None:
        self.back_to_the_game()
        game = self.open_game()
        index = pick(data, range(len(game.hands)))
        assert index is not None
        view = self.window.pages.game_view
        assert view is not None
        view.grid.setFocus()
        view.grid.selectColumn(index)
        self.answers.confirm_answer = answer
        QTest.keyClick(view.grid, Qt.Key.Key_Delete, CTRL)
        if not answer:
            return
        try:
            shorter = game.with_hand_removed(index)
            replay(shorter)
        except GameError:
            return
        self.changed(shorter)

    @precondition(lambda self: self.open_id is not None)
    @rule(data=st.data(), new=st.sampled_from(NEW_NAMES))
    def rename_a_player(self, data: st.DataObject, new: str) -> None:
        self.back_to_the_game()
        game = self.open_game()
        old = pick(data, game.players)
        if old is None or new in game.players:
            return
        view = self.window.pages.game_view
        assert view is not None
        dialog = view.rename_player()
        dialog.player_combo.setCurrentText(old)
        dialog.name_edit.selectAll()
        QTest.keyClicks(dialog.name_edit, new)
        dialog.accept()
        self.changed(game.with_player_renamed(old, new))

    # -- the table changes -------------------------------------------------------------

    @precondition(lambda self: self.open_id is not None)
    @rule(data=st.data(), answer=st.booleans())
    def a_player_leaves(self, data: st.DataObject, answer: bool) -> None:
        self.back_to_the_game()
        state = replay(self.open_game()).final
        action = self.window.leave_action
        if state.status is not Status.IN_PROGRESS:
            # Nobody leaves during a tie-break or after the end.
            assert not action.isEnabled()
            return
        action.trigger()
        dialog = _shown(PlayerLeavesDialog, self.window)
        assert isinstance(dialog, PlayerLeavesDialog)
        seated = state.participants()
        combo = dialog.player_combo
        assert tuple(combo.itemText(index) for index in range(combo.count())) == seated
        name = pick(data, seated)
        assert name is not None
        combo.setCurrentIndex(seated.index(name))
        if not answer:
            _cancel(dialog)
            return
        dialog.leave_button.click()
        assert not dialog.isVisible()
        self.changed(self.open_game().with_seating_change(Leave(state.hand_number, name)))

    @precondition(lambda self: self.open_id is not None)
    @rule(
        data=st.data(),
        typed=st.sampled_from(JOINERS),
        from_roster=st.booleans(),
        total=st.integers(0, 3),
        number=st.integers(0, 60),
        answer=st.booleans(),
    )
    def a_player_joins(
        self,
        data: st.DataObject,
        typed: str,
        from_roster: bool,
        total: int,
        number: int,
        answer: bool,
    ) -> None:
        self.back_to_the_game()
        game = self.open_game()
        state = replay(game).final
        action = self.window.join_action
        if state.status is not Status.IN_PROGRESS:
            assert not action.isEnabled()
            return
        action.trigger()
        dialog = _shown(PlayerJoinsDialog, self.window)
        assert isinstance(dialog, PlayerJoinsDialog)
        names = dialog.name_combo
        roster = sorted(names.itemText(index) for index in range(names.count()))
        assert not {name_key(name) for name in roster} & {name_key(p) for p in game.players}
        chosen = pick(data, roster)
        if from_roster and chosen is not None:
            names.setCurrentIndex(names.findText(chosen))
            typed = chosen
        else:
            line = names.lineEdit()
            assert line is not None
            line.setFocus()
            for character in typed:
                # QTest types ASCII only; other letters come as from an input method.
                if character.isascii():
                    QTest.keyClicks(line, character)
                else:
                    line.insert(character)
        seats = [name for name in state.circle if state.player(name).seated] + [None]
        seat = data.draw(st.integers(0, MAX_PLAYERS)) % len(seats)
        dialog.seat_combo.setCurrentIndex(seat)
        assert dialog.seat_combo.currentData() == seats[seat]
        radios = (dialog.zero_radio, dialog.highest_radio, dialog.average_radio)
        if total < len(radios):
            radios[total].setChecked(True)
            starting = _totals_offered(state)[total]
        else:
            starting = number * 5
            dialog.number_radio.setChecked(True)
            dialog.number_spin.setValue(starting)
            assert dialog.number_radio.isChecked()
        phase = None
        if game.rules.order is Order.SEQUENCE:
            phases = game.rules.phases
            phase = phases[data.draw(st.integers(0, 63)) % len(phases)].label
            dialog.phase_combo.setCurrentIndex(dialog.phase_combo.findData(phase))
        refused = _join_refused(state, game.players, typed)
        assert dialog.join_button.isEnabled() == (not refused)
        if refused or not answer:
            _cancel(dialog)
            return
        dialog.join_button.click()
        assert not dialog.isVisible()
        join = Join(state.hand_number, clean_name(typed), seats[seat], starting, phase)
        self.changed(game.with_seating_change(join))

    # -- the scoreboard ----------------------------------------------------------------

    @precondition(lambda self: self.open_id is not None)
    @rule(by_key=st.booleans(), look_back=st.booleans())
    def open_the_scoreboard(self, by_key: bool, look_back: bool) -> None:
        """F11 or View → Scoreboard, from whatever page is shown; then, perhaps, the
        user goes on in the window with the board on another screen."""
        self.look_at_the_window()
        if by_key:
            QTest.keyClick(QApplication.focusWidget() or self.window, Qt.Key.Key_F11)
        else:
            self.window.scoreboard_action.trigger()
        board = self.scoreboard()
        assert board is not None
        assert board is self.window.pages.scoreboard
        assert board.isFullScreen()
        if look_back:
            self.look_at_the_window()

    @precondition(lambda self: self.scoreboard() is not None)
    @rule()
    def close_the_scoreboard(self) -> None:
        key = Qt.Key.Key_Escape
        board = self.scoreboard()
        assert board is not None
        # The keys reach the board once the user looks at it again.
        board.activateWindow()
        assert QTest.qWaitForWindowActive(board)
        QTest.keyClick(board, key)
        assert self.scoreboard() is None

    # -- what must always hold -----------------------------------------------------------

    @invariant()
    def the_library_holds_the_model(self) -> None:
        WindowMachine.checks += 1
        for game_id, game in self.games.items():
            assert _same(self.library.load_game(game_id), game), game_id
        assert {summary.id for summary in self.library.list_games(deleted=True)} == self.deleted
        assert self.answers.errors == []

    @invariant()
    def the_window_shows_the_open_game(self) -> None:
        window = self.window
        if self.open_id is None:
            assert window.pages.session is None
            assert window.pages.game_view is None
            return
        session = window.pages.session
        view = window.pages.game_view
        assert session is not None
        assert view is not None
        assert session.game_id == self.open_id
        game = self.open_game()
        assert session.game.hands == game.hands
        assert session.game.players == game.players
        state = replay(game).final
        grid = view.grid_model
        assert grid.rowCount() == len(state.players)
        assert grid.columnCount() == len(state.hands) + 1
        assert view.grid.verticalHeader().count() == len(state.players)
        assert view.grid.horizontalHeader().count() == len(state.hands) + 1
        assert [grid.total(row) for row in range(grid.rowCount())] == [
            player.total for player in state.players
        ]
        standings = view.standings_model
        assert view.standings.verticalHeader().count() == len(state.players)
        shown = [
            standings.index(row, PLAYER).data().split(" · ")[0]
            for row in range(standings.rowCount())
        ]
        assert tuple(shown) == state.ranking()
        if self.on_game_page:
            assert window.windowTitle().startswith(
                isolate(session.game.title) if session.game.title else "Phase 10"
            )
            assert view.form.isHidden() == (state.status is Status.FINISHED)
            if view.form.draft is not None and view.form.editing is None:
                assert view.form.draft.state.hands == state.hands

    @invariant()
    def the_form_has_rows_for_the_seated_players_only(self) -> None:
        view = self.window.pages.game_view
        if self.open_id is None or view is None or view.form.draft is None:
            return
        form = view.form
        assert form.draft is not None
        game = self.open_game()
        states = replay(game).states
        before = states[-1] if form.editing is None else states[form.editing]
        assert form.draft.participants == before.participants()
        assert [row.name for row in form._rows] == list(before.participants())
        # No widget of a player who left stays behind in the form's grid.
        names_column = [
            form.grid.itemAtPosition(row, 0)
            for row in range(1, form.grid.rowCount())
            if form.grid.itemAtPosition(row, 0) is not None
        ]
        assert len(names_column) == len(before.participants())
        for name in _seated(states[-1]) if form.editing is None else ():
            assert name in form.draft.participants or states[-1].status is Status.TIEBREAK
        for player in states[-1].players:
            if not player.seated and form.editing is None:
                assert player.name not in form.draft.participants

    @invariant()
    def the_grid_marks_who_left_and_who_joined(self) -> None:
        view = self.window.pages.game_view
        if self.open_id is None or view is None:
            return
        state = replay(self.open_game()).final
        grid = view.grid_model
        for row, player in enumerate(state.players):
            marks = grid.headerData(row, Qt.Orientation.Vertical, MARKS_ROLE)
            assert ("left" in marks) == (not player.seated), (player.name, marks)
            cells = [grid.index(row, column).data() for column in range(grid.hand_count)]
            for number, text in enumerate(cells, start=1):
                if player.left_before is not None and number >= player.left_before:
                    assert text == "left", (player.name, number, text)
                elif player.joined_before is not None and number < player.joined_before:
                    assert text == "not seated", (player.name, number, text)
                else:
                    assert text not in ("left", "not seated"), (player.name, number, text)

    @invariant()
    def the_grid_shows_one_page_of_the_sheet(self) -> None:
        view = self.window.pages.game_view
        if self.open_id is None or view is None:
            return
        hands = len(self.open_game().hands)
        pages = _sheet_pages(hands)
        assert 0 <= view.sheet_page < pages
        first = view.sheet_page * HANDS_PER_PAGE
        shown = [column for column in range(hands) if not view.grid.isColumnHidden(column)]
        assert shown == list(range(first, min(hands, first + HANDS_PER_PAGE)))
        assert not view.grid.isColumnHidden(hands)  # the total
        assert view.banner.sheet_label.isVisibleTo(view) == (pages > 1)
        assert view.banner.previous_sheet_button.isEnabled() == (view.sheet_page > 0)
        assert view.banner.next_sheet_button.isEnabled() == (view.sheet_page < pages - 1)

    @invariant()
    def the_scoreboard_shows_the_open_game(self) -> None:
        board = self.scoreboard()
        if board is None:
            return
        # A closed game's board goes with it.
        assert self.open_id is not None
        session = self.window.pages.session
        assert session is not None
        assert board is self.window.pages.scoreboard
        assert board.session is session
        state = replay(self.open_game()).final
        assert board.headline.text() == wording.headline(state)
        assert board.detail.text() == wording.detail(state)
        table = board.table
        columns = 4 if state.status is Status.FINISHED else 5
        ranking = state.ranking()
        assert table.count() == columns * (len(ranking) + 1)

        def cell(row: int, column: int) -> QLabel:
            item = table.itemAtPosition(row, column)
            assert item is not None
            widget = item.widget()
            assert widget is not None
            if not isinstance(widget, QLabel):
                widget = widget.findChild(QLabel)
            assert isinstance(widget, QLabel)
            return widget

        for row, name in enumerate(ranking, start=1):
            player = state.player(name)
            assert cell(row, 0).text() == str(row)
            assert cell(row, 1).text() == name
            assert cell(row, columns - 2).text() == str(len(player.completed))
            assert cell(row, columns - 1).text() == str(player.total)
            marks = [
                label.text()
                for label in table.itemAtPosition(row, 1).widget().findChildren(QLabel)  # type: ignore[union-attr]
                if label.property("role") == "mark"
            ]
            assert ("left" in marks) == (not player.seated), (name, marks)
            assert ("★ winner" in marks) == (name == state.winner), (name, marks)

    @invariant()
    def the_saved_games_table_lists_the_library(self) -> None:
        view = self.window.pages.games_view
        if self.window.navigation.shown_page is not self.window.pages.games_view:
            return
        assert view is not None
        if view.show_deleted.isChecked():
            return
        assert view.model.rowCount() == len(self.live())


def test_the_window_survives_real_use(qtbot) -> None:
    WindowMachine.checks = 0
    run_state_machine_as_test(
        WindowMachine,
        settings=settings(
            max_examples=EXAMPLES,
            stateful_step_count=STEPS,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            derandomize=not LONG_RUN,
        ),
    )
    print(f"{WindowMachine.checks} steps checked")
    assert WindowMachine.checks >= MIN_STEPS
