"""How a phone's entry for a hand fills the form's draft, and how it is said on the
row: the form offers a phone's entry only where the keeper has typed nothing else."""

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

from PySide6.QtWidgets import QPushButton

from phase10_keeper.language.wording import card_label
from phase10_keeper.rules import HAND_SIZE, CardKind, CardValues
from phase10_keeper.ui.game.draft import DraftSnapshot, HandDraft
from phase10_keeper.ui.game.entry_fields import PlayerTyping
from phase10_keeper.ui.text.translate import app_words, tr, tr_count

if TYPE_CHECKING:
    # Only when the phones' server runs: the form comes up with every game.
    from phase10_keeper.companion.table import Entry


class PhoneRow(Protocol):
    """What the phones' entries ask of a player's row of the form."""

    name: str
    phone: QPushButton


def typing_of(draft: HandDraft, name: str) -> PlayerTyping:
    """What is typed for the player now."""
    player = draft.players[name]
    typed = tuple(sorted(player.typed.items()))
    went_out = draft.went_out == name
    return (went_out, player.made, typed, player.phase, player.by_points, player.points)


def untouched(snapshot: DraftSnapshot, name: str) -> PlayerTyping:
    """The player's typing as the form started (`snapshot`, its first): nothing, by
    points or by cards."""
    for player, made, typed, phase, by_points, points in snapshot.players:
        if player == name:
            went_out = snapshot.went_out == name
            return (went_out, made, tuple(sorted(typed)), phase, by_points, points)
    raise KeyError(name)


def fill_from_phone(draft: HandDraft, name: str, entry: "Entry") -> None:
    """Puts the phone's entry in the player's row, as if typed."""
    result = entry.result
    # "Made it" first: unticking it takes "went out" away from that player.
    draft.set_made(name, result.made and not entry.went_out)
    if entry.went_out:
        draft.set_went_out(name)
    elif draft.went_out == name:
        draft.set_went_out(None)
    draft.set_by_points(name, result.points is not None)
    if result.points is not None:
        draft.set_points(name, result.points)
        return
    for kind in draft.kinds:
        if kind is not CardKind.LOW:
            draft.set_count(name, kind, result.cards.count(kind) or None)
    others = result.cards.total - result.cards.low
    worked_out = not result.made and result.cards.low == max(0, HAND_SIZE - others)
    draft.set_count(name, CardKind.LOW, None if worked_out else result.cards.low or None)
    if draft.chooses_phase:
        draft.set_phase(name, result.phase)


def as_phone_leaves(draft: HandDraft, name: str, entry: "Entry") -> PlayerTyping:
    """The player's typing as the phone's entry would leave it; the draft is left as is."""
    before = draft.snapshot()
    fill_from_phone(draft, name, entry)
    typing = typing_of(draft, name)
    draft.restore(before)
    return typing


def phone_said(entry: "Entry", values: CardValues, *, by_kind: bool = False) -> str:
    """A phone's entry in words, the cards costing `values`: "made it, 2 cards, 15
    points"; `by_kind`, with the cards named by kind after it: "(1 x 1-9, 1 x 10-12)",
    with a times sign and a dash."""
    result = entry.result
    if entry.went_out:
        return tr("phones.said_out")
    if result.points is not None:
        key = "phones.said_made_points" if result.made else "phones.said_missed_points"
        return tr_count(key, result.points)
    key = "phones.said_made" if result.made else "phones.said_missed"
    said = tr_count(key, result.cards.total, points=values.points(result.cards))
    kinds = [
        f"{result.cards.count(kind)} \N{MULTIPLICATION SIGN} {card_label(app_words(), kind)}"
        for kind in CardKind
        if result.cards.count(kind)
    ]
    return f"{said} ({', '.join(kinds)})" if by_kind and kinds else said


def show_phone_button(
    button: QPushButton, name: str, entry: "Entry", values: CardValues, *, filled: bool
) -> None:
    """The row's phone button: a mark where the phone's entry `filled` the row, a button
    that offers it where the keeper typed something else; the cards cost `values`."""
    said = phone_said(entry, values)
    button.show()
    button.setEnabled(not filled)
    if filled:
        button.setText(tr("phones.window_phone"))
        button.setToolTip(tr("phones.window_from_phone", name=name, said=said))
    else:
        # Set against other cards typed, the offer names the phone's cards by kind.
        said = phone_said(entry, values, by_kind=True)
        button.setText(tr("phones.window_take"))
        button.setToolTip(tr("phones.window_phone_differs", name=name, said=said))
    button.setFlat(filled)
    button.setAccessibleName(button.toolTip())


def keep_phone_room(button: QPushButton, kept: bool) -> None:
    """While phones run (`kept`), the row's phone button keeps its room, shown or not, at
    the width of the widest thing it says: a phone's entry then moves nothing in the
    form, and costs the window a repaint of the row, not a new layout of the window."""
    policy = button.sizePolicy()
    policy.setRetainSizeWhenHidden(kept)
    button.setSizePolicy(policy)
    widths = [0]
    if kept:
        shown = button.text()
        for key in ("phones.window_phone", "phones.window_take"):
            button.setText(tr(key))
            widths.append(button.sizeHint().width())
        button.setText(shown)
    button.setMinimumWidth(max(widths))


class PhoneOffers:
    """The entries phones sent for the hand in the form, and what the form made of them."""

    def __init__(self) -> None:
        self.entries: Mapping[str, Entry] = {}
        """The entries the form took, each filled in or offered once, when it came."""
        self.running = False
        """Phones at the Table runs: the rows keep room for their phone buttons."""

    def forget(self) -> None:
        """A new form: no phone has sent anything for its hand yet."""
        self.entries = {}

    def take(
        self,
        draft: HandDraft | None,
        first: DraftSnapshot | None,
        rows: Sequence[PhoneRow],
        entries: Mapping[str, "Entry"] | None,
    ) -> list[str]:
        """Takes `entries` (None: the phones have stopped) into `draft`, started as
        `first`; with no draft (none, or a hand being corrected) only the rows' room
        follows. An entry new since the last fills its player's row where the keeper has
        typed nothing there, or nothing but the phone's last entry; elsewhere the row's
        phone button offers it. An entry already taken fills nothing again: what the
        keeper typed over it or undid stays. Returns the players whose rows were filled."""
        if (entries is not None) != self.running:
            self.running = entries is not None
            for row in rows:
                keep_phone_room(row.phone, self.running)
        if draft is None or first is None:
            return []
        before, self.entries = self.entries, dict(entries or {})
        filled = []
        for row in rows:
            entry, earlier = self.entries.get(row.name), before.get(row.name)
            if entry is None or entry == earlier:
                continue
            now = typing_of(draft, row.name)
            if now == untouched(first, row.name) or (
                earlier is not None and now == as_phone_leaves(draft, row.name, earlier)
            ):
                fill_from_phone(draft, row.name, entry)
                filled.append(row.name)
        self.show(draft, rows)
        return filled

    def show(self, draft: HandDraft | None, rows: Sequence[PhoneRow]) -> None:
        """Each row's phone button as the row is now (none while a hand is corrected, no
        `draft`): marked as the phone's only while the row holds exactly what the phone
        sent, a button offering it as soon as typing or an undo made the row differ."""
        for row in rows:
            entry = self.entries.get(row.name)
            if entry is None or draft is None:
                row.phone.hide()
                continue
            held = typing_of(draft, row.name) == as_phone_leaves(draft, row.name, entry)
            values = draft.state.rules.card_values
            show_phone_button(row.phone, row.name, entry, values, filled=held)
