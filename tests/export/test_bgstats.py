"""The link that logs a finished game in BG Stats."""

import json
from datetime import datetime
from urllib.parse import unquote, urlsplit

import pytest

from phase10_keeper.export.bgstats import CREATE_PLAY_URL, play_date, play_link
from phase10_keeper.rules import replay

from .games import BO, ZOE, plain_game, seating_game, tiebreak_game, unfinished_game

UID = "0f8fad5b-d9cb-469f-a165-70867728950e"
STARTED = "2026-11-29T19:30:00+00:00"
GAME = {"name": "Phase 10", "bggId": 1258, "highestWins": False, "sourceGameId": "phase10"}


def _decoded(link: str) -> object:
    assert link.startswith(CREATE_PLAY_URL)
    encoded = link.removeprefix(CREATE_PLAY_URL)
    # Encoded whole: nothing in it a URL would read as a separator or a space.
    assert not set(encoded) & set(' &#?=+"{}\n')
    assert urlsplit(link).query == "data=" + encoded
    return json.loads(unquote(encoded))


def _local(started: str) -> str:
    return datetime.fromisoformat(started).astimezone().strftime("%Y-%m-%d %H:%M:%S")


def test_a_plain_game_decodes_to_exactly_the_play() -> None:
    link = play_link(UID, STARTED, replay(plain_game()))
    assert _decoded(link) == {
        "sourceName": "phase10-keeper",
        "sourcePlayId": UID,
        "playDate": _local(STARTED),
        "game": GAME,
        "players": [
            {"name": "Ann", "score": 50, "winner": False, "startPlayer": False, "rank": 2},
            {"name": BO, "score": 10, "winner": True, "startPlayer": True, "rank": 1},
            {"name": ZOE, "score": 60, "winner": False, "startPlayer": False, "rank": 3},
        ],
    }


def test_a_leaver_is_left_out_and_a_joiner_is_in() -> None:
    play = _decoded(play_link(UID, STARTED, replay(seating_game())))
    assert isinstance(play, dict)
    # Bo, who played first in hand 1, left: nobody seated at the end started.
    assert play["players"] == [
        {"name": "Ann", "score": 15, "winner": True, "startPlayer": False, "rank": 1},
        {"name": "Cy", "score": 55, "winner": False, "startPlayer": False, "rank": 2},
        {"name": "Di", "score": 80, "winner": False, "startPlayer": False, "rank": 3},
    ]


def test_the_winner_of_a_tiebreak_replay_wins_with_the_replay_counted() -> None:
    play = _decoded(play_link(UID, STARTED, replay(tiebreak_game())))
    assert isinstance(play, dict)
    assert play["players"] == [
        {"name": "Ann", "score": 55, "winner": False, "startPlayer": False, "rank": 3},
        {"name": "Bo", "score": 5, "winner": True, "startPlayer": True, "rank": 1},
        {"name": "Cy", "score": 15, "winner": False, "startPlayer": False, "rank": 2},
    ]


def test_an_unfinished_game_has_no_link() -> None:
    with pytest.raises(ValueError, match="not finished"):
        play_link(UID, STARTED, replay(unfinished_game()))


def test_the_date_is_the_start_in_local_time(monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    if not hasattr(time, "tzset"):
        pytest.skip("the time zone is set through TZ on Unix only")
    monkeypatch.setenv("TZ", "Europe/Berlin")
    time.tzset()
    try:
        assert play_date("2026-11-29T19:30:00+00:00") == "2026-11-29 20:30:00"
        # A start without an offset was written in local time already.
        assert play_date("2026-07-01T09:05:03") == "2026-07-01 09:05:03"
    finally:
        monkeypatch.undo()
        time.tzset()
