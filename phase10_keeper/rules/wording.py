"""Plain English sentences about how a game stands, shared by the command line and the
printed sheet (the app says the same things through Qt's translations)."""

from collections.abc import Sequence

from phase10_keeper.rules.replay import GameState, WinReason
from phase10_keeper.rules.ruleset import Order, RuleSet


def listed_names(names: Sequence[str]) -> str:
    """ "Ana", "Ana and Bo", "Ana, Bo and Cy" """
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + f" and {names[-1]}"


def goal(rules: RuleSet) -> str:
    """What ends the game: "phase 10", or "10 phases" where players choose."""
    if rules.order is Order.CHOOSE:
        return f"{rules.target} phases"
    return f"phase {rules.target_phase.label}"


def win_reason(state: GameState) -> str:
    """Why the winner of a finished game won."""
    rules = state.rules
    winner = state.winner or ""
    total = state.player(winner).total if winner else 0
    made = "made" if rules.order is Order.CHOOSE else "completed"
    if state.win_reason is WinReason.ONLY_COMPLETER:
        return f"the only player to have {made} {goal(rules)}"
    if state.win_reason is WinReason.LOWEST_TOTAL_OF_COMPLETERS:
        return f"the lowest total, {total}, of those who {made} {goal(rules)}"
    if state.win_reason is WinReason.LOWEST_TOTAL_AFTER_FIXED_HANDS:
        return f"the lowest total, {total}, after {rules.hands} hands"
    if state.win_reason is WinReason.LAST_AT_TABLE:
        return "the only player left at the table"
    others = [name for name in state.tiebreak_players if name != winner]
    return (
        f"went out first in the tie-break replay hand, after a tie at {state.tied_total} "
        f"with {listed_names(others)}"
    )


def tie_sentence(state: GameState) -> str:
    """Who tied, on what, and what they play now."""
    phase = state.replay_phase()
    replayed = f"phase {phase.label}" if phase is not None else "a phase"
    return (
        f"Tie at {state.tied_total} between {listed_names(state.tiebreak_players)}: they "
        f"replay {replayed}, and whoever goes out first wins. {state.dealer} deals."
    )
