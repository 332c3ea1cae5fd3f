"""How a phone's entry for a hand fills the form's draft, and how it is said on the
row: the form offers a phone's entry only where the keeper has typed nothing else."""

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QPushButton

from phase10_keeper.rules import HAND_SIZE, CardKind
from phase10_keeper.ui.game.draft import DraftSnapshot, HandDraft
from phase10_keeper.ui.game.entry_fields import PlayerTyping
from phase10_keeper.ui.text.translate import tr, tr_count

if TYPE_CHECKING:
    # Only when the phones' server runs: the form comes up with every game.
    from phase10_keeper.companion.table import Entry


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


def phone_said(entry: "Entry") -> str:
    """A phone's entry in words: "made it, 2 cards, 15 points"."""
    result = entry.result
    if entry.went_out:
        return tr("phones.said_out")
    if result.points is not None:
        key = "phones.said_made_points" if result.made else "phones.said_missed_points"
        return tr_count(key, result.points)
    key = "phones.said_made" if result.made else "phones.said_missed"
    return tr_count(key, result.cards.total, points=result.cards.points)


def show_phone_button(button: QPushButton, name: str, entry: "Entry", *, filled: bool) -> None:
    """The row's phone button: a mark where the phone's entry `filled` the row, a button
    that offers it where the keeper typed something else."""
    said = phone_said(entry)
    button.show()
    button.setEnabled(not filled)
    if filled:
        button.setText(tr("phones.window_phone"))
        button.setToolTip(tr("phones.window_from_phone", name=name, said=said))
    else:
        button.setText(tr("phones.window_take"))
        button.setToolTip(tr("phones.window_phone_differs", name=name, said=said))
    button.setFlat(filled)
    button.setAccessibleName(button.toolTip())
