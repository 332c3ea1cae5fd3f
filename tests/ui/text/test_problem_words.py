"""The window words the rules' problems in its own language, as the catalogue has them."""

import pytest

from phase10_keeper.language import ENGLISH, Entry, Words, words
from phase10_keeper.language.wording import problem_line
from phase10_keeper.rules import Game, Problem, ProblemKey, Severity
from phase10_keeper.ui.game.game_view import GameView
from phase10_keeper.ui.game.session import GameSession
from phase10_keeper.ui.main_window import MainWindow
from phase10_keeper.ui.new_game.new_game_dialog import NewGameForm
from phase10_keeper.ui.text import translate

from ..answers import Answers
from ..games import FOUR

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


def _german(monkeypatch: pytest.MonkeyPatch, entries: dict[str, Entry]) -> None:
    """The window in German, with `entries` as German texts besides the catalogue's."""
    monkeypatch.setattr(translate._Chosen, "words", Words("de", entries, words("de")))


def test_the_entry_form_lists_problems_in_the_windows_language(
    qtbot, monkeypatch: pytest.MonkeyPatch
) -> None:
    _german(monkeypatch, {"problem.nobody_went_out": "niemand ist ausgegangen"})
    window = MainWindow()
    qtbot.addWidget(window)
    window.navigation.open_session(GameSession(Game(players=FOUR)))
    assert window.pages.game_view is not None
    form = window.pages.game_view.form
    form.submit()
    assert form.problems_label.text() == "✗ niemand ist ausgegangen"
    assert form._rows[0].went_out.toolTip() == "niemand ist ausgegangen"


def test_a_players_problem_names_them_in_the_windows_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _german(
        monkeypatch,
        {
            "problem.name_too_long": {
                "one": "der Name {name!r} hat {count} Zeichen, höchstens {limit}",
                "other": "der Name {name!r} hat {count} Zeichen, höchstens {limit}",
            }
        },
    )
    form = NewGameForm(players=["Ana"])
    assert form.add_player("B" * 61) == (
        "der Name 'BBBBBBBBBBBBBBBBBBBB…' hat 61 Zeichen, höchstens 60"
    )


def test_in_english_the_window_says_what_the_command_line_says() -> None:
    assert translate.app_words() is words(ENGLISH)
    form = NewGameForm(players=["Ana", "ana"])
    assert form.problem() == (
        "two players are called 'Ana' and 'ana', which count as the same name: "
        "names must differ in more than capitals or how accents are written"
    )


def test_an_unusual_hand_is_explained_in_the_windows_language(qtbot) -> None:
    translate.use_language("de")
    answers = Answers()
    view = GameView(GameSession(Game(players=FOUR)), answers)
    qtbot.addWidget(view)
    warning = Problem(Severity.WARNING, ProblemKey.NO_CARDS_NOT_OUT, {}, 1, "Dana", "low")
    view.ask_to_accept_warnings([warning])
    assert answers.details == [f"• {problem_line(words('de'), warning)}"]
    assert str(warning) not in answers.details[0]
