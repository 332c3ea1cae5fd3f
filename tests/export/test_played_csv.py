"""The CSV of every hand: one row per player per hand, as spreadsheets read it."""

import csv
import io

from phase10_keeper.export.played_csv import CSV_HEADER, csv_bytes, hand_rows
from phase10_keeper.rules import replay

from .games import plain_game, seating_game, tiebreak_game

UID = "0f8fad5b-d9cb-469f-a165-70867728950e"
HEADER = "game,uid,hand,player,dealer,went_out,made,phase,points,total\r\n"


def _csv(game_id: int, game) -> str:
    return csv_bytes(hand_rows(game_id, UID, replay(game).final)).decode("utf-8")


def test_the_header_is_the_contracts() -> None:
    assert ",".join(CSV_HEADER) + "\r\n" == HEADER
    assert csv_bytes([]) == HEADER.encode("ascii")


def test_a_plain_game_quotes_commas_and_quotes_and_keeps_emoji() -> None:
    assert _csv(7, plain_game()) == (
        HEADER
        + f"7,{UID},1,Ann,yes,yes,yes,1,0,0\r\n"
        + f'7,{UID},1,"Bo, the ""Boss""",no,no,yes,1,10,10\r\n'
        + f"7,{UID},1,Zoë 🎲,no,no,no,1,55,55\r\n"
        + f"7,{UID},2,Ann,no,no,no,2,50,50\r\n"
        + f'7,{UID},2,"Bo, the ""Boss""",yes,yes,yes,2,0,10\r\n'
        + f"7,{UID},2,Zoë 🎲,no,no,yes,2,5,60\r\n"
    )


def test_the_file_reads_back_as_the_same_names_in_utf8() -> None:
    data = csv_bytes(hand_rows(7, UID, replay(plain_game()).final))
    rows = list(csv.DictReader(io.StringIO(data.decode("utf-8"), newline="")))
    assert [row["player"] for row in rows[:3]] == ["Ann", 'Bo, the "Boss"', "Zoë 🎲"]
    assert "Zoë 🎲".encode() in data


def test_only_those_seated_for_a_hand_have_rows_and_a_joiner_starts_from_their_total() -> None:
    assert _csv(2, seating_game()) == (
        HEADER
        + f"2,{UID},1,Ann,yes,no,yes,1,10,10\r\n"
        + f"2,{UID},1,Bo,no,yes,yes,1,0,0\r\n"
        + f"2,{UID},1,Cy,no,no,yes,1,5,5\r\n"
        # Bo left: the deal passed over him to Cy.
        + f"2,{UID},2,Ann,no,no,yes,2,5,15\r\n"
        + f"2,{UID},2,Cy,yes,yes,yes,2,0,5\r\n"
        # Di joined with 30 points, on the first phase.
        + f"2,{UID},3,Ann,yes,yes,yes,3,0,15\r\n"
        + f"2,{UID},3,Cy,no,no,no,3,50,55\r\n"
        + f"2,{UID},3,Di,no,no,no,1,50,80\r\n"
    )


def test_a_tiebreak_replay_is_numbered_like_any_hand() -> None:
    lines = _csv(3, tiebreak_game()).splitlines()
    # The replay: the tied players only, the phase of the last hand, dealt by Cy (who
    # sits it out), the points added to their running totals.
    assert lines[-2:] == [
        f"3,{UID},3,Ann,no,no,no,2,50,55",
        f"3,{UID},3,Bo,no,yes,yes,2,0,5",
    ]
    assert len(lines) == 1 + 3 + 3 + 2
