"""The link that logs a finished game in BG Stats, the play-logging app many players
keep their plays in: opened on a phone, it fills in a new play to confirm."""

import json
from datetime import datetime
from typing import Any
from urllib.parse import quote

from phase10_keeper.rules import Replay

CREATE_PLAY_URL = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE_NAME = "phase10-keeper"
PHASE_10 = {"name": "Phase 10", "bggId": 1258, "highestWins": False, "sourceGameId": "phase10"}
"""The game as BG Stats and BoardGameGeek know it: the lowest total wins."""


def play_date(started: str) -> str:
    """`started` (ISO 8601) as BG Stats writes a play's date: in the local time of this
    computer, the time the players saw on the clock when they sat down (a timestamp
    without an offset is already local)."""
    moment = datetime.fromisoformat(started)
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    return moment.strftime("%Y-%m-%d %H:%M:%S")


def play(uid: str, started: str, replayed: Replay) -> dict[str, Any]:
    """The play of a finished game as BG Stats reads it: everyone seated at the end,
    in the game's order of players, with their total as the score and their place in
    the ranking. ValueError for a game that is not finished."""
    state = replayed.final
    if not state.is_over:
        raise ValueError("the game is not finished")
    # Who played first in hand 1: the first dealer's left-hand neighbour.
    first_player = replayed.states[0].first_player
    ranking = state.ranking()
    players = [
        {
            "name": player.name,
            "score": player.total,
            "winner": player.name == state.winner,
            "startPlayer": player.name == first_player,
            "rank": ranking.index(player.name) + 1,
        }
        for player in state.players
        if player.seated
    ]
    return {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": uid,
        "playDate": play_date(started),
        "game": dict(PHASE_10),
        "players": players,
    }


def play_link(uid: str, started: str, replayed: Replay) -> str:
    """The link that opens BG Stats on this play: its JSON, URL-encoded whole."""
    data = json.dumps(play(uid, started, replayed), ensure_ascii=False, separators=(",", ":"))
    return CREATE_PLAY_URL + quote(data, safe="")
