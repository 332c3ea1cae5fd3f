"""The name of a change to a game, as Undo, Redo and the status bar say it, worded from
the games before and after it whenever it is shown: a change made (or kept in the undo
history) before the language changed is named in the language spoken now."""

from phase10_keeper.rules import Game, Join
from phase10_keeper.ui.text.escape import isolate
from phase10_keeper.ui.text.translate import tr


def change_name(before: Game, after: Game, recorded: bool) -> str:
    """ "record hand 4", "Zoë leaves", "rename Bo to Bob": what turned `before` into
    `after`; `recorded`, whether it recorded a hand (the last of `after`)."""
    if before.players != after.players and len(before.players) == len(after.players):
        old, new = next(
            (old, new) for old, new in zip(before.players, after.players, strict=True) if old != new
        )
        return tr("session.rename", old=isolate(old), new=isolate(new))
    if len(after.seating) > len(before.seating):
        change = after.seating[-1]
        key = "session.joins" if isinstance(change, Join) else "session.leaves"
        return tr(key, name=isolate(change.name))
    if recorded:
        return tr("session.record_hand", number=len(after.hands))
    changed = next(
        (
            index
            for index, (old, new) in enumerate(zip(before.hands, after.hands, strict=False))
            if old != new
        ),
        min(len(before.hands), len(after.hands)),
    )
    if len(after.hands) < len(before.hands):
        return tr("session.delete_hand", number=changed + 1)
    return tr("session.edit_hand", number=changed + 1)
