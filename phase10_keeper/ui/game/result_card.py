"""The results card: one image of how a game ended, to paste in the group chat.

The title and date, the winner and why, any record the game set, the ranking with each
player's phases and total, and the running-totals chart, drawn with QPainter in the
window's language and palette. Sizes are in pixels of the card, not points of a screen,
so the card looks the same from the window and from the command line; it is made for a
phone's width, 1080 pixels.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QImage, QPainter, QPalette, QPen

from phase10_keeper.language import Words
from phase10_keeper.language.wording import listed_names, rules_description, win_reason
from phase10_keeper.rules import Game, Replay, Status
from phase10_keeper.stats.standings import standings_rows
from phase10_keeper.ui.game.game_charts import totals_data
from phase10_keeper.ui.text import wording
from phase10_keeper.ui.text.escape import isolate
from phase10_keeper.ui.text.translate import app_words, tr, tr_count
from phase10_keeper.ui.widgets.charts import LineChart

if TYPE_CHECKING:
    from phase10_keeper.rules import GameState
    from phase10_keeper.storage.kept_records import RecordSource

CARD_WIDTH = 1080
MARGIN = 56
GAP = 28
ROW_HEIGHT = 72
CHART_HEIGHT = 560
RADIUS = 24
Role = QPalette.ColorRole


def _font(base: QFont, pixels: int, *, bold: bool = False) -> QFont:
    font = QFont(base)
    font.setPixelSize(pixels)
    font.setBold(bold)
    return font


@dataclass(frozen=True)
class _Fonts:
    title: QFont
    detail: QFont
    winner: QFont
    body: QFont
    strong: QFont
    small: QFont
    chart: QFont

    @classmethod
    def from_base(cls, base: QFont) -> "_Fonts":
        return cls(
            title=_font(base, 50, bold=True),
            detail=_font(base, 27),
            winner=_font(base, 60, bold=True),
            body=_font(base, 32),
            strong=_font(base, 32, bold=True),
            small=_font(base, 24),
            chart=_font(base, 22),
        )


def _leaders(state: "GameState") -> tuple[str, ...]:
    """Who is first so far: the top of the ranking and everyone level with them (seated,
    the same phases made, unless every hand moves everyone on, and the same total)."""
    fixed_hands = state.rules.hands is not None

    def standing(name: str) -> tuple[bool, int, int]:
        player = state.player(name)
        made = 0 if fixed_hands else len(player.completed)
        return (player.left_before is None, made, player.total)

    ranking = state.ranking()
    if not ranking:
        return ()
    first = standing(ranking[0])
    return tuple(name for name in ranking if standing(name) == first)


def _mixed(first: QColor, second: QColor, share: float) -> QColor:
    """`first` moved `share` of the way towards `second`."""
    return QColor.fromRgbF(
        first.redF() + (second.redF() - first.redF()) * share,
        first.greenF() + (second.greenF() - first.greenF()) * share,
        first.blueF() + (second.blueF() - first.blueF()) * share,
    )


class ResultCard:
    """The card of `game` (its replay `replayed`) in `palette`'s colours and `font`'s
    family, `width` pixels wide; `records` are the lines about records the game set
    ("Priya's best total ever"). It is laid out from the top as it is drawn: with no
    painter it only measures, so an image can be made exactly as tall as the card."""

    def __init__(
        self,
        game: Game,
        replayed: Replay,
        palette: QPalette,
        font: QFont,
        records: Sequence[str] = (),
        width: int = CARD_WIDTH,
    ) -> None:
        self.game = game
        self.replayed = replayed
        self.state = replayed.final
        self.palette = palette
        self.fonts = _Fonts.from_base(font)
        self.records = tuple(records)
        self.width = width
        self.inner = width - 2 * MARGIN
        self.painter: QPainter | None = None

    def colour(self, role: QPalette.ColorRole) -> QColor:
        return self.palette.color(role)

    @property
    def faint(self) -> QColor:
        """Text of less weight: between the text colour and the background."""
        return _mixed(self.colour(Role.WindowText), self.colour(Role.Window), 0.4)

    def text_block(
        self,
        top: float,
        text: str,
        font: QFont,
        colour: QColor,
        left: float = MARGIN,
        width: float | None = None,
    ) -> float:
        """Wrapped text from `top`; the y under it."""
        room = QRectF(left, top, width if width is not None else self.inner, 10_000)
        flags = int(Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap)
        height = QFontMetricsF(font).boundingRect(room, flags, text).height()
        if self.painter is not None:
            self.painter.setFont(font)
            self.painter.setPen(colour)
            self.painter.drawText(QRectF(room.left(), top, room.width(), height), flags, text)
        return top + height

    def height(self) -> int:
        return round(self.paint(None))

    def paint(self, painter: QPainter | None) -> float:
        """Draws the whole card (or measures it, without a painter); its height."""
        self.painter = painter
        if painter is not None:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        y = self.heading(MARGIN)
        y = self.winner(y + GAP)
        y = self.ranking(y + GAP)
        y = self.chart(y + GAP)
        return self.footer(y + GAP * 0.75) + MARGIN * 0.75

    def heading(self, top: float) -> float:
        title = self.game.title or tr("window.untitled_game")
        y = self.text_block(top, title, self.fonts.title, self.colour(Role.WindowText))
        parts = [
            wording.date_text(self.game.started),
            rules_description(app_words(), self.game.rules),
            tr_count("result_card.hands", len(self.state.hands)),
        ]
        line = tr("result_card.separator").join(part for part in parts if part)
        return self.text_block(y + 6, line, self.fonts.detail, self.faint)

    def winner(self, top: float) -> float:
        """The band in the highlight colour: who won and why, and the records set."""
        state = self.state
        if state.status is Status.FINISHED:
            headline = "★ " + tr("wording.winner_headline", name=state.winner or "")
            why = win_reason(app_words(), state)
            # A clause in the window's banner, a sentence of its own here.
            reason = why[:1].upper() + why[1:]
        else:
            leaders = _leaders(state)
            if len(leaders) > 1:
                names = listed_names(app_words(), leaders, isolate)
                headline = tr("result_card.leaders", names=names)
            else:
                headline = tr("result_card.leader", name=leaders[0] if leaders else "")
            reason = tr_count("result_card.so_far", len(state.hands))
        pad = 32
        text_left, text_width = MARGIN + pad, self.inner - 2 * pad
        on_band = self.colour(Role.HighlightedText)
        painter, self.painter = self.painter, None
        height = self._winner_text(top + pad, headline, reason, on_band, text_left, text_width)
        self.painter = painter
        if painter is not None:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(self.colour(Role.Highlight))
            painter.drawRoundedRect(
                QRectF(MARGIN, top, self.inner, height - top + pad), RADIUS, RADIUS
            )
            self._winner_text(top + pad, headline, reason, on_band, text_left, text_width)
        return height + pad

    def _winner_text(
        self, top: float, headline: str, reason: str, colour: QColor, left: float, width: float
    ) -> float:
        y = self.text_block(top, headline, self.fonts.winner, colour, left, width)
        y = self.text_block(y + 8, reason, self.fonts.detail, colour, left, width)
        marker = "✦ "
        indent = QFontMetricsF(self.fonts.strong).horizontalAdvance(marker)
        for record in self.records:
            # The marker hangs at the left: a record that wraps lines up under its words.
            self.text_block(y + 10, marker, self.fonts.strong, colour, left, indent + 1)
            y = self.text_block(
                y + 10, record, self.fonts.strong, colour, left + indent, width - indent
            )
        return y

    def ranking(self, top: float) -> float:
        """A row for each player in final order: place, name, phases made, total."""
        fonts, painter = self.fonts, self.painter
        total_right = MARGIN + self.inner - 24
        phases_right = total_right - 200
        name_left = MARGIN + 96
        heading_metrics = QFontMetricsF(fonts.small)
        if painter is not None:
            painter.setFont(fonts.small)
            painter.setPen(self.faint)
            baseline = top + heading_metrics.ascent()
            painter.drawText(QPointF(name_left, baseline), tr("result_card.player_heading"))
            for text, right in (
                (tr("result_card.phases_heading"), phases_right),
                (tr("result_card.total_heading"), total_right),
            ):
                painter.drawText(
                    QPointF(right - heading_metrics.horizontalAdvance(text), baseline), text
                )
        y = top + heading_metrics.height() + 10
        text_colour = self.colour(Role.WindowText)
        stripe = _mixed(self.colour(Role.Window), text_colour, 0.07)
        name_room = phases_right - 200 - name_left
        for standing in standings_rows(self.state):
            place, name = standing.place, standing.name
            row = QRectF(MARGIN, y, self.inner, ROW_HEIGHT)
            if painter is not None:
                if place % 2 == 1:
                    painter.setPen(Qt.PenStyle.NoPen)
                    painter.setBrush(stripe)
                    painter.drawRoundedRect(row, 14, 14)
                centre = row.center().y()
                self._place_badge(place, QPointF(MARGIN + 48, centre))
                strong = place == 1 and self.state.status is Status.FINISHED
                font = fonts.strong if strong else fonts.body
                metrics = QFontMetricsF(font)
                baseline = centre + (metrics.ascent() - metrics.descent()) / 2
                painter.setFont(font)
                painter.setPen(text_colour)
                shown = metrics.elidedText(name, Qt.TextElideMode.ElideMiddle, name_room)
                painter.drawText(QPointF(name_left, baseline), shown)
                if not standing.seated:
                    painter.setFont(fonts.small)
                    painter.setPen(self.faint)
                    left_at = name_left + metrics.horizontalAdvance(shown) + 14
                    painter.drawText(QPointF(left_at, baseline), tr("result_card.left"))
                painter.setPen(text_colour)
                for text, right, cell_font in (
                    (wording.number_text(len(standing.completed)), phases_right, fonts.body),
                    (wording.number_text(standing.total), total_right, fonts.strong),
                ):
                    painter.setFont(cell_font)
                    width = QFontMetricsF(cell_font).horizontalAdvance(text)
                    painter.drawText(QPointF(right - width, baseline), text)
            y += ROW_HEIGHT
        return y

    def _place_badge(self, place: int, centre: QPointF) -> None:
        """The place in a circle: the highlight colour for the winner's."""
        painter = self.painter
        assert painter is not None
        first = place == 1 and self.state.status is Status.FINISHED
        fill = self.colour(Role.Highlight) if first else self.colour(Role.Window)
        painter.setBrush(fill)
        painter.setPen(QPen(self.faint, 2))
        painter.drawEllipse(centre, 24, 24)
        painter.setFont(self.fonts.small)
        painter.setPen(self.colour(Role.HighlightedText) if first else self.colour(Role.WindowText))
        painter.drawText(
            QRectF(centre.x() - 24, centre.y() - 24, 48, 48),
            Qt.AlignmentFlag.AlignCenter,
            wording.number_text(place),
        )

    def chart(self, top: float) -> float:
        """The running totals on a panel of the base colour, as the game page draws them."""
        if self.painter is not None:
            from phase10_keeper.stats import game_series

            panel = QRectF(MARGIN, top, self.inner, CHART_HEIGHT)
            self.painter.setPen(Qt.PenStyle.NoPen)
            self.painter.setBrush(self.colour(Role.Base))
            self.painter.drawRoundedRect(panel, RADIUS, RADIUS)
            chart = LineChart()
            chart.setPalette(self.palette)
            chart.setFont(self.fonts.chart)
            chart.set_data(totals_data(game_series(self.game, self.replayed)))
            inset = RADIUS / 2
            self.painter.save()
            self.painter.translate(panel.left() + inset, panel.top() + inset)
            size = QSize(round(panel.width() - 2 * inset), round(panel.height() - 2 * inset))
            chart.draw(self.painter, size)
            self.painter.restore()
            chart.deleteLater()
        return top + CHART_HEIGHT

    def footer(self, top: float) -> float:
        return self.text_block(top, tr("result_card.footer"), self.fonts.small, self.faint)


def records_set_lines(library: "RecordSource", game_id: int, language: Words) -> list[str]:
    """A line for each record the game with this id set across the library's game nights
    ("Priya's best total ever: 40 (was 55)"), as saved in the library; none for a game
    not finished."""
    from phase10_keeper.stats import record_set_line, records_set_by
    from phase10_keeper.storage.kept_records import game_records

    records, _left_out = game_records(library)
    ids = [record_id for record_id, _record in records]
    if game_id not in ids:
        return []
    in_order = [record for _record_id, record in records]
    return [
        record_set_line(language, found) for found in records_set_by(in_order, ids.index(game_id))
    ]


def result_card(
    game: Game,
    replayed: Replay,
    palette: QPalette,
    font: QFont,
    records: Sequence[str] = (),
    width: int = CARD_WIDTH,
) -> QImage:
    """The card as an image, as tall as it needs (see `ResultCard`)."""
    card = ResultCard(game, replayed, palette, font, records, width)
    image = QImage(width, card.height(), QImage.Format.Format_RGB32)
    image.fill(palette.color(Role.Window))
    painter = QPainter(image)
    card.paint(painter)
    painter.end()
    return image
