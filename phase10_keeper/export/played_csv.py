"""Every hand of a game as CSV rows, one per player per hand, for spreadsheets
(`games export ID OUT.csv --csv` and the saved-games page's Export as CSV)."""

import csv
import io
from collections.abc import Iterable

from phase10_keeper.rules import GameState

CSV_HEADER = (
    "game",
    "uid",
    "hand",
    "player",
    "dealer",
    "went_out",
    "made",
    "phase",
    "points",
    "total",
)


def _yes_no(value: bool) -> str:
    return "yes" if value else "no"


def hand_rows(game_id: int, uid: str, state: GameState) -> list[tuple[str | int, ...]]:
    """The rows of one game replayed to `state`: its hands in order (a tie-break replay
    numbered like any hand), in each the players who played it in the game's order of
    players; `phase` the label attempted (empty where a player chose and it was not
    recorded), `total` the running total after that hand."""
    rows: list[tuple[str | int, ...]] = []
    for hand in state.hands:
        for name, entry in hand.entries.items():
            rows.append(
                (
                    game_id,
                    uid,
                    hand.number,
                    name,
                    _yes_no(name == hand.dealer),
                    _yes_no(name == hand.went_out),
                    _yes_no(entry.made),
                    "" if entry.phase is None else entry.phase,
                    entry.points,
                    entry.total,
                )
            )
    return rows


def csv_bytes(rows: Iterable[tuple[str | int, ...]]) -> bytes:
    """The header and `rows` as a UTF-8 CSV file, quoted as Python's csv module quotes."""
    text = io.StringIO(newline="")
    writer = csv.writer(text)
    writer.writerow(CSV_HEADER)
    writer.writerows(rows)
    return text.getvalue().encode("utf-8")
