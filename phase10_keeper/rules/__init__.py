"""The game of Phase 10 as the score keeper needs it: pure Python, no I/O, no Qt.

Nothing is imported until a name is asked for: a command that only lists the library
needs the game's status and nothing else, and building the rest costs more than that.
The imports for the type checker below are the one list of the package's public names
(`NAME as NAME` says a name is imported to be exported); a name asked for is looked up
in the package's modules in the order of `_MODULES`, each loaded only when reached.
"""

from importlib import import_module
from types import BuiltinFunctionType, FunctionType, ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from phase10_keeper.rules.cards import HAND_SIZE as HAND_SIZE
    from phase10_keeper.rules.cards import MASTERS_TIN_DECK as MASTERS_TIN_DECK
    from phase10_keeper.rules.cards import MAX_CARD_VALUE as MAX_CARD_VALUE
    from phase10_keeper.rules.cards import MAX_DECK_COUNT as MAX_DECK_COUNT
    from phase10_keeper.rules.cards import NO_CARDS as NO_CARDS
    from phase10_keeper.rules.cards import OFFICIAL_VALUES as OFFICIAL_VALUES
    from phase10_keeper.rules.cards import STANDARD_DECK as STANDARD_DECK
    from phase10_keeper.rules.cards import CardKind as CardKind
    from phase10_keeper.rules.cards import Cards as Cards
    from phase10_keeper.rules.cards import CardValues as CardValues
    from phase10_keeper.rules.cards import Deck as Deck
    from phase10_keeper.rules.checks import check_hand as check_hand
    from phase10_keeper.rules.engine import Replay as Replay
    from phase10_keeper.rules.engine import advance as advance
    from phase10_keeper.rules.engine import replay as replay
    from phase10_keeper.rules.engine import replay_from as replay_from
    from phase10_keeper.rules.engine import seat_changes as seat_changes
    from phase10_keeper.rules.engine import start as start
    from phase10_keeper.rules.game import MAX_NAME_LENGTH as MAX_NAME_LENGTH
    from phase10_keeper.rules.game import MAX_PLAYERS as MAX_PLAYERS
    from phase10_keeper.rules.game import MAX_TITLE_LENGTH as MAX_TITLE_LENGTH
    from phase10_keeper.rules.game import MIN_PLAYERS as MIN_PLAYERS
    from phase10_keeper.rules.game import Game as Game
    from phase10_keeper.rules.game import Hand as Hand
    from phase10_keeper.rules.game import Join as Join
    from phase10_keeper.rules.game import Leave as Leave
    from phase10_keeper.rules.game import PlayerResult as PlayerResult
    from phase10_keeper.rules.game import SeatingChange as SeatingChange
    from phase10_keeper.rules.game import name_problem as name_problem
    from phase10_keeper.rules.game import players_problem as players_problem
    from phase10_keeper.rules.groups import GroupKind as GroupKind
    from phase10_keeper.rules.names import clean_name as clean_name
    from phase10_keeper.rules.names import name_key as name_key
    from phase10_keeper.rules.phases import MATTEL_PHASES as MATTEL_PHASES
    from phase10_keeper.rules.phases import MAX_PHASE_CARDS as MAX_PHASE_CARDS
    from phase10_keeper.rules.phases import Group as Group
    from phase10_keeper.rules.phases import Phase as Phase
    from phase10_keeper.rules.problems import GameError as GameError
    from phase10_keeper.rules.problems import Problem as Problem
    from phase10_keeper.rules.problems import ProblemKey as ProblemKey
    from phase10_keeper.rules.problems import Severity as Severity
    from phase10_keeper.rules.ruleset import MATTEL_RULES as MATTEL_RULES
    from phase10_keeper.rules.ruleset import MAX_HANDS as MAX_HANDS
    from phase10_keeper.rules.ruleset import MAX_PHASES as MAX_PHASES
    from phase10_keeper.rules.ruleset import Order as Order
    from phase10_keeper.rules.ruleset import Preset as Preset
    from phase10_keeper.rules.ruleset import RuleSet as RuleSet
    from phase10_keeper.rules.ruleset import RuleSetError as RuleSetError
    from phase10_keeper.rules.ruleset import build_rules as build_rules
    from phase10_keeper.rules.ruleset import preset_rules as preset_rules
    from phase10_keeper.rules.ruleset import target_position as target_position
    from phase10_keeper.rules.state import Entry as Entry
    from phase10_keeper.rules.state import GameState as GameState
    from phase10_keeper.rules.state import HandRecord as HandRecord
    from phase10_keeper.rules.state import PlayerState as PlayerState
    from phase10_keeper.rules.state import WinReason as WinReason
    from phase10_keeper.rules.status import Status as Status


_MODULES = (
    "status",
    "names",
    "cards",
    "groups",
    "problems",
    "phases",
    "ruleset",
    "game",
    "state",
    "checks",
    "engine",
)
"""The modules that define the public names, the cheapest first and each after the ones
it imports: the status (all a listing needs) loads alone, as do the names (all the
statistics of kept records need), and any other name loads little more than its own
module does."""


def _ours(value: object) -> bool:
    """Whether a module's global is the package's own, not a module, class or function it
    imported from elsewhere (`NamedTuple`, `cache`)."""
    if isinstance(value, ModuleType):
        return False
    if isinstance(value, type | FunctionType | BuiltinFunctionType):
        return value.__module__.startswith(f"{__name__}.")
    return True


def __getattr__(name: str) -> object:
    if not name.startswith("_"):
        for home in _MODULES:
            value = vars(import_module(f"{__name__}.{home}")).get(name, _MISSING)
            if value is not _MISSING and _ours(value):
                globals()[name] = value
                return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_MISSING = object()
