"""The game page's words, in the language spoken: once as the page is built, and again
as they are when Settings → Language changes, nothing of the page's state lost."""

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence

from phase10_keeper.language.wording import rules_description
from phase10_keeper.rules import Status
from phase10_keeper.ui.text import wording
from phase10_keeper.ui.text.reword import reword_model
from phase10_keeper.ui.text.translate import app_words, tr, tr_count

if TYPE_CHECKING:
    from phase10_keeper.ui.game.game_view import GameView


def word_page(view: "GameView") -> None:
    """The page's own words, in the language spoken; `refresh` words the rest."""
    view.previous_sheet_button.setAccessibleName(tr("game.previous_sheet"))
    view.next_sheet_button.setAccessibleName(tr("game.next_sheet"))
    view.share_button.setText(tr("game.share_result"))
    view.share_button.setToolTip(tr("game.share_result_tip"))
    for button, key, tip in (
        (view.previous_sheet_button, Qt.Key.Key_PageUp, "game.previous_sheet_tip"),
        (view.next_sheet_button, Qt.Key.Key_PageDown, "game.next_sheet_tip"),
    ):
        keys = QKeySequence(Qt.Modifier.CTRL | key).toString(QKeySequence.SequenceFormat.NativeText)
        button.setToolTip(tr(tip, keys=keys))
    view.standings.setAccessibleName(tr("game.standings"))
    view.side_tabs.setTabText(view.side_tabs.indexOf(view.standings), tr("game.standings"))
    view.side_tabs.setTabText(view.side_tabs.indexOf(view.charts), tr("game.charts"))
    view.grid.setAccessibleName(tr("game.score_grid"))
    view.correct_action.setText(tr("game.correct_selected"))
    view.delete_action.setText(tr("game.delete_selected"))
    view.rename_player_action.setText(tr("game.rename_player"))


def reword_page(view: "GameView") -> None:
    """Settings → Language changed: the page words itself again as it is, the typing,
    the hand being corrected, the selected hand and the focus all kept (`refresh`
    would start the form again)."""
    word_page(view)
    state = view.session.state
    view.headline.setText(wording.headline(state))
    view.detail.setText(wording.detail(state))
    if state.status is Status.FINISHED:
        view.ranking.setText(tr("game.final_ranking", ranking=wording.ranking_line(state)))
    played = len(state.hands)
    view.rules_label.setText(
        tr_count(
            "game.rules_and_hands",
            played,
            rules=rules_description(app_words(), view.session.game.rules),
        )
    )
    reword_model(view.standings_model)
    reword_model(view.grid_model)
    view._fit_standings()
    view.show_sheet_page(view.sheet_page)
    view.charts.reword()
    view.form.retranslate()
