"""Share Result's BG Stats part: for a finished game, a code each player scans and a
button that opens the same link."""

import json
from urllib.parse import unquote

from PySide6.QtCore import QUrl

from phase10_keeper.export.bgstats import CREATE_PLAY_URL
from phase10_keeper.rules import Game, build_rules, replay
from phase10_keeper.storage.identity import content_uid
from phase10_keeper.ui.game.share_dialog import ShareDialog

from ..answers import Answers
from ..games import FOUR, went_out


def _game(*, finished: bool) -> Game:
    game = Game(FOUR, rules=build_rules(target=2), started="2026-11-27T19:30:00+00:00")
    game = game.with_hand_appended(went_out(FOUR, FOUR[0], **{FOUR[2]: 3}))
    return game.with_hand_appended(went_out(FOUR, FOUR[2])) if finished else game


def _dialog(qtbot, game: Game, opened: list[QUrl], uid: str | None = None) -> ShareDialog:
    def open_url(url: QUrl) -> bool:
        opened.append(url)
        return True

    dialog = ShareDialog(game, replay(game), Answers(), open_url=open_url, uid=uid)
    qtbot.addWidget(dialog)
    return dialog


def test_a_finished_game_shows_the_code_and_opens_the_link(qtbot) -> None:
    opened: list[QUrl] = []
    game = _game(finished=True)
    uid = "0b0e6f5e-3c1a-4d2b-8e7f-9a1b2c3d4e5f"
    dialog = _dialog(qtbot, game, opened, uid)
    link = dialog.bgstats_link
    assert link is not None
    play = json.loads(unquote(link.removeprefix(CREATE_PLAY_URL)))
    assert play["sourcePlayId"] == uid
    winners = [player["name"] for player in play["players"] if player["winner"]]
    assert winners == [FOUR[2]]
    assert not dialog.bgstats_code.isHidden()
    assert dialog.bgstats_code.renderer().isValid()
    assert dialog.bgstats_button.text() == "Log in BG Stats"
    dialog.bgstats_button.click()
    assert [url.toString(QUrl.ComponentFormattingOption.FullyEncoded) for url in opened] == [link]


def test_an_unfinished_game_offers_no_bgstats(qtbot) -> None:
    opened: list[QUrl] = []
    dialog = _dialog(qtbot, _game(finished=False), opened)
    assert dialog.bgstats_link is None
    assert not hasattr(dialog, "bgstats_button")
    assert dialog.log_in_bgstats() is False
    assert opened == []


def test_a_game_held_in_no_library_is_logged_under_the_uid_of_its_content(qtbot) -> None:
    game = _game(finished=True)
    link = _dialog(qtbot, game, []).bgstats_link
    assert link is not None
    assert json.loads(unquote(link.removeprefix(CREATE_PLAY_URL)))["sourcePlayId"] == content_uid(
        game
    )
