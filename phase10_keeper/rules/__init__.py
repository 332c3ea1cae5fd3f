"""The game of Phase 10 as the score keeper needs it: pure Python, no I/O, no Qt.

Nothing is imported until a name is asked for: a command that only lists the library
needs the game's status and nothing else, and building the rest costs more than that.
"""

import sys
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from phase10_keeper.rules.cards import (
        CARD_POINTS,
        DECK_SIZE,
        HAND_SIZE,
        NO_CARDS,
        CardKind,
        Cards,
    )
    from phase10_keeper.rules.checks import check_hand
    from phase10_keeper.rules.engine import (
        Replay,
        advance,
        replay,
        replay_from,
        seat_changes,
        start,
    )
    from phase10_keeper.rules.game import (
        MAX_NAME_LENGTH,
        MAX_PLAYERS,
        MAX_TITLE_LENGTH,
        MIN_PLAYERS,
        Game,
        Hand,
        Join,
        Leave,
        PlayerResult,
        SeatingChange,
        clean_name,
        name_key,
        name_problem,
        players_problem,
    )
    from phase10_keeper.rules.groups import GroupKind
    from phase10_keeper.rules.phases import MATTEL_PHASES, MAX_PHASE_CARDS, Group, Phase
    from phase10_keeper.rules.problems import GameError, Problem, ProblemKey, Severity
    from phase10_keeper.rules.ruleset import (
        MATTEL_RULES,
        MAX_HANDS,
        MAX_PHASES,
        Order,
        Preset,
        RuleSet,
        RuleSetError,
        build_rules,
        preset_rules,
        target_position,
    )
    from phase10_keeper.rules.state import Entry, GameState, HandRecord, PlayerState, WinReason
    from phase10_keeper.rules.status import Status

_HOMES = {
    "CARD_POINTS": "cards",
    "CardKind": "cards",
    "Cards": "cards",
    "DECK_SIZE": "cards",
    "Entry": "state",
    "Game": "game",
    "GameError": "problems",
    "GameState": "state",
    "Group": "phases",
    "GroupKind": "groups",
    "HAND_SIZE": "cards",
    "Hand": "game",
    "HandRecord": "state",
    "Join": "game",
    "Leave": "game",
    "MATTEL_PHASES": "phases",
    "MATTEL_RULES": "ruleset",
    "MAX_HANDS": "ruleset",
    "MAX_NAME_LENGTH": "game",
    "MAX_PHASES": "ruleset",
    "MAX_PHASE_CARDS": "phases",
    "MAX_PLAYERS": "game",
    "MAX_TITLE_LENGTH": "game",
    "MIN_PLAYERS": "game",
    "NO_CARDS": "cards",
    "Order": "ruleset",
    "Phase": "phases",
    "PlayerResult": "game",
    "PlayerState": "state",
    "Preset": "ruleset",
    "Problem": "problems",
    "ProblemKey": "problems",
    "Replay": "engine",
    "RuleSet": "ruleset",
    "RuleSetError": "ruleset",
    "SeatingChange": "game",
    "Severity": "problems",
    "Status": "status",
    "WinReason": "state",
    "advance": "engine",
    "build_rules": "ruleset",
    "check_hand": "checks",
    "clean_name": "game",
    "name_key": "game",
    "name_problem": "game",
    "players_problem": "game",
    "preset_rules": "ruleset",
    "replay": "engine",
    "replay_from": "engine",
    "seat_changes": "engine",
    "start": "engine",
    "target_position": "ruleset",
}
"""Each public name and the module of this package that defines it."""


def __getattr__(name: str) -> object:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOMES})


class _Package(ModuleType):
    """This package, whose function `replay` keeps its name once the module `replay` is
    imported: Python sets every submodule it imports as an attribute of its package."""

    def __setattr__(self, name: str, value: object) -> None:
        if name in _HOMES and isinstance(value, ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package

__all__ = [
    "CARD_POINTS",
    "DECK_SIZE",
    "HAND_SIZE",
    "MATTEL_PHASES",
    "MATTEL_RULES",
    "MAX_HANDS",
    "MAX_NAME_LENGTH",
    "MAX_PHASES",
    "MAX_PHASE_CARDS",
    "MAX_PLAYERS",
    "MAX_TITLE_LENGTH",
    "MIN_PLAYERS",
    "NO_CARDS",
    "CardKind",
    "Cards",
    "Entry",
    "Game",
    "GameError",
    "GameState",
    "Group",
    "GroupKind",
    "Hand",
    "HandRecord",
    "Join",
    "Leave",
    "Order",
    "Phase",
    "PlayerResult",
    "PlayerState",
    "Preset",
    "Problem",
    "ProblemKey",
    "Replay",
    "RuleSet",
    "RuleSetError",
    "SeatingChange",
    "Severity",
    "Status",
    "WinReason",
    "advance",
    "build_rules",
    "check_hand",
    "clean_name",
    "name_key",
    "name_problem",
    "players_problem",
    "preset_rules",
    "replay",
    "replay_from",
    "seat_changes",
    "start",
    "target_position",
]
