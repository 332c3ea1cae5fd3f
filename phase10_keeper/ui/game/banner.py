"""The band over the game page's grid: the hand, who deals and plays first (or who
won), the rules, Share Result and the sheet's pages."""

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QKeySequence, QPaintEvent, QPalette, QShortcut
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from phase10_keeper.language.wording import rules_description
from phase10_keeper.rules import GameState, RuleSet, Status
from phase10_keeper.ui.game.entry_fields import in_placeholder_grey, paint_panel
from phase10_keeper.ui.game.sheet_grid import scaled
from phase10_keeper.ui.text import wording
from phase10_keeper.ui.text.escape import plain
from phase10_keeper.ui.text.translate import app_words, tr, tr_count
from phase10_keeper.ui.widgets.steady import SteadyLabel, SteadyLines

PAGE_KEYS = (
    (Qt.Key.Key_PageUp, "game.previous_sheet_tip"),
    (Qt.Key.Key_PageDown, "game.next_sheet_tip"),
)
"""With Ctrl, the keys of the previous and the next sheet page, and their tooltips."""


class Banner(QFrame):
    """The band over the grid: a rounded panel in the alternate base colour, framed in
    the highlight colour once the game is over. Drawn here rather than by a style
    sheet, which would draw every label and button in it through Qt's style-sheet style.
    """

    def __init__(self, page: QWidget, base: QFont) -> None:
        """`page`: the game page, where Ctrl+Page Up and Down turn the sheet's pages;
        `base`: its type."""
        super().__init__()
        self.finished = False
        self._leave_room_for_the_frame()
        self.headline = SteadyLabel()
        self.detail = QLabel()
        self.detail.setWordWrap(True)
        self.ranking = QLabel()
        self.ranking.setWordWrap(True)
        self.set_base_font(base)
        self.rules_label = SteadyLabel()
        plain(self.headline, self.detail, self.ranking)
        in_placeholder_grey(self.rules_label, page.palette())
        self.rules_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.previous_sheet_button = QToolButton()
        self.previous_sheet_button.setArrowType(Qt.ArrowType.LeftArrow)
        self.next_sheet_button = QToolButton()
        self.next_sheet_button.setArrowType(Qt.ArrowType.RightArrow)
        self.sheet_label = QLabel()
        self.share_button = QToolButton()
        self.share_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        for button, (key, _tip) in zip(
            (self.previous_sheet_button, self.next_sheet_button), PAGE_KEYS, strict=True
        ):
            page_key = QShortcut(QKeySequence(Qt.Modifier.CTRL | key), page)
            page_key.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            page_key.activated.connect(button.click)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        top_line = QHBoxLayout()
        top_line.setSpacing(14)
        top_line.addWidget(self.headline, 0, Qt.AlignmentFlag.AlignVCenter)
        top_line.addWidget(SteadyLines(self.detail), 1)
        top_line.addWidget(self.rules_label)
        top_line.addWidget(self.share_button)
        top_line.addWidget(self.previous_sheet_button)
        top_line.addWidget(self.sheet_label)
        top_line.addWidget(self.next_sheet_button)
        banner_layout = QVBoxLayout(self)
        banner_layout.setContentsMargins(14, 4, 14, 4)
        banner_layout.setSpacing(2)
        banner_layout.addLayout(top_line)
        banner_layout.addWidget(self.ranking)

    def set_base_font(self, base: QFont) -> None:
        """The banner's type, grown from `base`, the page's."""
        self.headline.setFont(scaled(base, 1.25, bold=True))
        self.detail.setFont(scaled(base, 1.05))
        self.ranking.setFont(base)

    def word(self) -> None:
        """The buttons' words, in the language spoken."""
        self.previous_sheet_button.setAccessibleName(tr("game.previous_sheet"))
        self.next_sheet_button.setAccessibleName(tr("game.next_sheet"))
        self.share_button.setText(tr("game.share_result"))
        self.share_button.setToolTip(tr("game.share_result_tip"))
        for button, (key, tip) in zip(
            (self.previous_sheet_button, self.next_sheet_button), PAGE_KEYS, strict=True
        ):
            keys = QKeySequence(Qt.Modifier.CTRL | key)
            button.setToolTip(tr(tip, keys=keys.toString(QKeySequence.SequenceFormat.NativeText)))

    def show_words(self, state: GameState, rules: RuleSet) -> None:
        """What the game is at after `state`, played by `rules`, in words."""
        self.headline.setText(wording.headline(state))
        self.detail.setText(wording.detail(state))
        if state.status is Status.FINISHED:
            self.ranking.setText(tr("game.final_ranking", ranking=wording.ranking_line(state)))
        described = rules_description(app_words(), rules)
        self.rules_label.setText(
            tr_count("game.rules_and_hands", len(state.hands), rules=described)
        )

    def show_finished(self, finished: bool) -> None:
        """Once the game is over: the ranking, the frame, and Share Result beside them."""
        self.ranking.setVisible(finished)
        if finished != self.finished:
            self.finished = finished
            self._leave_room_for_the_frame()
            self.update()
        # Offered once the game is over, beside the result.
        self.share_button.setVisible(finished)

    def show_pages(self, page: int, pages: int) -> None:
        """Which page of the sheet's `pages` the grid shows (0-based), if more than one."""
        for widget in (self.previous_sheet_button, self.sheet_label, self.next_sheet_button):
            widget.setVisible(pages > 1)
        self.sheet_label.setText(tr("game.sheet_page", page=page + 1, pages=pages))
        self.previous_sheet_button.setEnabled(page > 0)
        self.next_sheet_button.setEnabled(page < pages - 1)

    def _leave_room_for_the_frame(self) -> None:
        width = 2 if self.finished else 1
        self.setContentsMargins(width, width, width, width)

    def paintEvent(self, event: QPaintEvent) -> None:
        paint_panel(
            self,
            QPalette.ColorRole.Highlight if self.finished else QPalette.ColorRole.Mid,
            2 if self.finished else 1,
            self.palette().color(QPalette.ColorRole.AlternateBase),
        )
