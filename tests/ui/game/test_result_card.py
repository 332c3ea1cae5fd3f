"""The results card: what it says, in the window's language and palette, at a phone's
width; and Share Result, which copies it or saves it as a PNG."""

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter, QPalette
from PySide6.QtWidgets import QApplication

from phase10_keeper.rules import Game, build_rules, replay
from phase10_keeper.ui.game.result_card import CARD_WIDTH, ResultCard, result_card
from phase10_keeper.ui.game.session import GameSession
from phase10_keeper.ui.game.share_dialog import ShareDialog
from phase10_keeper.ui.main_window import MainWindow
from phase10_keeper.ui.text.translate import use_language

from ..answers import Answers
from ..games import FOUR, SIX, game_with_hands, went_out

Role = QPalette.ColorRole


class RecordingPainter(QPainter):
    """A painter that keeps every text the card draws."""

    def __init__(self, image: QImage) -> None:
        super().__init__(image)
        self.texts: list[str] = []

    # Every overload of drawText at once, to see each text drawn.
    def drawText(self, *arguments: Any) -> None:  # type: ignore[override]
        self.texts.extend(argument for argument in arguments if isinstance(argument, str))
        super().drawText(*arguments)


def _finished_game(players: tuple[str, ...] = FOUR) -> Game:
    """A game of two phases the third player wins in its second hand."""
    game = Game(
        players=players,
        rules=build_rules(target=2),
        title="Friday night",
        started="2026-11-27T19:30:00+00:00",
    )
    game = game.with_hand_appended(went_out(players, players[0], **{players[2]: 3}))
    return game.with_hand_appended(went_out(players, players[2]))


def _texts(game: Game, palette: QPalette | None = None, records=()) -> list[str]:
    card = ResultCard(
        game, replay(game), palette or QApplication.palette(), QApplication.font(), records
    )
    image = QImage(CARD_WIDTH, card.height(), QImage.Format.Format_RGB32)
    painter = RecordingPainter(image)
    card.paint(painter)
    painter.end()
    return painter.texts


def _dark() -> QPalette:
    palette = QPalette()
    for role, colour in (
        (Role.Window, "#2b2b2e"),
        (Role.WindowText, "#ececec"),
        (Role.Base, "#1e1e20"),
        (Role.Text, "#ececec"),
        (Role.Highlight, "#3d7be0"),
        (Role.HighlightedText, "#ffffff"),
    ):
        palette.setColor(role, QColor(colour))
    return palette


def test_the_card_says_who_won_the_ranking_and_the_totals(qapp) -> None:
    game = _finished_game()
    state = replay(game).final
    texts = _texts(game)
    joined = "\n".join(texts)
    assert "Friday night" in texts
    assert "★ Kwame wins" in texts
    assert "2 hands" in joined
    assert "Running totals" in texts, "the chart of the game page"
    assert "Kept with Phase 10 Keeper" in texts
    ranked = [text for text in texts if text in FOUR]
    assert ranked[: len(FOUR)] == list(state.ranking())
    for name in FOUR:
        assert str(state.player(name).total) in texts
    assert texts.count("1") >= 2, "the winner's place, and the one phase made"


def test_the_card_speaks_the_windows_language(qapp) -> None:
    use_language("de")
    texts = _texts(_finished_game())
    assert "★ Kwame gewinnt" in texts
    assert "Punktestand" in texts
    assert "Gesamt" in texts
    assert "Gezählt mit Phase 10 Keeper" in texts


def test_a_record_the_game_set_is_on_the_card(qapp) -> None:
    texts = _texts(_finished_game(), records=["Kwame's best total ever"])
    assert texts.index("Kwame's best total ever") == texts.index("✦ ") + 1


def test_an_unfinished_game_shows_the_leader_so_far(qapp) -> None:
    # Priya went out in the first hand, the only one to make her phase.
    texts = _texts(game_with_hands(FOUR, 1))
    assert "Priya leads" in texts
    assert "After 1 hand: the game goes on." in texts
    # After three hands Priya, Marcus and Kwame have one phase and 100 each.
    texts = _texts(game_with_hands(FOUR, 3))
    assert "\u2068Priya\u2069, \u2068Marcus\u2069 and \u2068Kwame\u2069 share the lead" in texts
    assert "After 3 hands: the game goes on." in texts


def test_an_unfinished_game_tied_at_the_top_names_everyone_who_shares_the_lead(qapp) -> None:
    # Three players on the same phase with the same total: none of them leads alone, as
    # the card once said the first of them in seating order did.
    players = FOUR
    game = Game(players=players, rules=build_rules(), title="Friday night")
    game = game.with_hand_appended(went_out(players, "Priya", Marcus=2, Kwame=2))
    texts = _texts(game)
    assert "Priya leads" in texts
    # Priya and Marcus: two phases and 10 each; Kwame two phases and 25.
    game = game.with_hand_appended(went_out(players, "Marcus", Priya=2, Kwame=3))
    texts = _texts(game)
    assert not any(text.endswith(" leads") for text in texts)
    assert "\u2068Priya\u2069 and \u2068Marcus\u2069 share the lead" in texts


def test_a_right_to_left_name_sharing_the_lead_keeps_the_order_of_the_names(qapp) -> None:
    players = ("דנה", "Bo", "Cy")
    game = Game(players=players, rules=build_rules(), title="Friday night")
    game = game.with_hand_appended(went_out(players, "דנה", Bo=2, Cy=3))
    game = game.with_hand_appended(went_out(players, "Bo", דנה=2, Cy=3))
    assert "\u2068דנה\u2069 and \u2068Bo\u2069 share the lead" in _texts(game)


def test_the_card_takes_the_palettes_colours(qapp) -> None:
    game = _finished_game()
    for palette in (QApplication.palette(), _dark()):
        image = result_card(game, replay(game), palette, QApplication.font())
        assert image.width() == CARD_WIDTH
        assert image.pixelColor(4, 4) == palette.color(Role.Window)
        band = [image.pixelColor(CARD_WIDTH // 2, y) for y in range(0, image.height(), 4)]
        assert palette.color(Role.Highlight) in band, "the winner's band"
        assert palette.color(Role.Base) in band, "the chart's panel"


def test_six_long_names_fit_the_card(qapp) -> None:
    game = _finished_game(SIX)
    texts = _texts(game)
    assert any(text.endswith("haugh") and "…" in text for text in texts), "cut in its middle"
    four = result_card(_finished_game(), replay(_finished_game()), QPalette(), QApplication.font())
    six = result_card(game, replay(game), QPalette(), QApplication.font())
    assert six.height() > four.height()


@pytest.fixture
def share(qtbot, library):
    """A window on a finished game, and the Share dialog its Game menu opens."""
    answers = Answers()
    shown: list[ShareDialog] = []

    def look(dialog) -> bool:
        assert isinstance(dialog, ShareDialog)
        shown.append(dialog)
        return False

    answers.dialog_answer = look
    window = MainWindow(prompts=answers)
    qtbot.addWidget(window)
    game = _finished_game()
    window.navigation.open_session(GameSession(game, library, library.add_game(game)))
    assert window.pages.game_view is not None
    assert window.pages.game_view.banner.share_button.isVisibleTo(window.pages.game_view)
    assert window.share_action.isEnabled()
    window.share_action.trigger()
    assert answers.asked == ["Share Result"]
    return shown[0], answers


def test_share_copies_the_card_to_the_clipboard(share) -> None:
    dialog, _answers = share
    dialog.copy_button.click()
    copied = QGuiApplication.clipboard().image()
    assert copied.size() == dialog.image.size()
    assert copied.width() == CARD_WIDTH
    assert "Copied" in dialog.feedback.text()


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_enter_in_the_shown_share_dialog_copies_the_card(share, qtbot) -> None:
    # Copy Image is what Enter gives, not Close (the first button of the box, which took
    # the default when it was set before the buttons were in the dialog).
    dialog, _answers = share
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.copy_button.isDefault()
    qtbot.keyClick(dialog.focusWidget() or dialog, Qt.Key.Key_Return)
    assert dialog.isVisible()
    assert "Copied" in dialog.feedback.text()


def test_share_saves_the_card_as_a_png(share, tmp_path: Path) -> None:
    dialog, answers = share
    answers.save_answer = tmp_path / "friday"
    dialog.save_button.click()
    assert "Friday night result.png" in answers.asked
    saved = QImage(str(tmp_path / "friday.png"))
    assert saved.size() == dialog.image.size()
    assert str(tmp_path / "friday.png") in dialog.feedback.text()


def test_a_card_that_cannot_be_written_is_reported(share, tmp_path: Path) -> None:
    dialog, answers = share
    assert dialog.save(tmp_path / "missing" / "card.png") is None
    assert answers.warnings == [f"Cannot write {tmp_path / 'missing' / 'card.png'}."]


def test_the_share_button_waits_for_the_end_of_the_game(qtbot, library) -> None:
    window = MainWindow(prompts=Answers())
    qtbot.addWidget(window)
    game = game_with_hands(FOUR, 0, build_rules(target=1))
    window.navigation.open_session(GameSession(game, library, library.add_game(game)))
    view = window.pages.game_view
    assert view is not None
    assert not view.banner.share_button.isVisibleTo(view)
    assert not window.share_action.isEnabled(), "no hand, no result"
    view.form.submitted.emit(went_out(FOUR, "Dana"))
    assert view.banner.share_button.isVisibleTo(view)
    assert window.share_action.isEnabled()


def test_the_records_the_game_set_across_the_library_come_on_its_card(
    qapp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Priya's 50 in the first game night, then 0 in the next: her best total ever."""
    from dataclasses import replace

    from phase10_keeper.storage.library import Library
    from phase10_keeper.ui.game import share_dialog

    first = _finished_game()
    second = replace(first, title="Saturday", started="2026-11-28T19:30:00+00:00", hands=())
    second = second.with_hand_appended(went_out(FOUR, "Priya", Kwame=3))
    second = second.with_hand_appended(went_out(FOUR, "Priya"))
    drawn: list[tuple[str, ...]] = []

    def recorded_card(game, replayed, palette, font, records=()):
        drawn.append(tuple(records))
        return result_card(game, replayed, palette, font, records)

    monkeypatch.setattr(share_dialog, "result_card", recorded_card)
    with Library.open(tmp_path / "library") as library:
        first_id = library.add_game(first)
        second_id = library.add_game(second)
        window = MainWindow(library, prompts=Answers())
        for game_id in (second_id, first_id):
            assert window.navigation.open_game(game_id)
            window.share_action.trigger()
        # Closed while the library is open: closing remembers the game open in it.
        window.close()
        window.deleteLater()
    assert drawn == [("Priya's best total ever: 0 (was 50)",), ()]
