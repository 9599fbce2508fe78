"""The end of a game of Shed: places, points, the reason for each, and who won."""

from __future__ import annotations

from ...core.engine import Outcome
from ...core.words import plural
from .state import OVER, ShedState
from .transitions import ORDINALS


def outcome(state: ShedState) -> Outcome:
    if state.phase != OVER:
        raise ValueError("the game is not over yet")
    n = state.players
    stalled = state.stall >= state.options.stall_limit
    reasons = []
    for p, place in enumerate(state.places):
        left = state.cards_left(p)
        if stalled and left:
            reasons.append(
                f"held {plural(left, 'card')} when the game stopped "
                f"({state.options.stall_limit} moves without progress): no win, "
                "and fewer cards rank higher"
            )
        elif place == n:
            reasons.append("was the last player left holding cards, and loses")
        else:
            reasons.append(f"went out {ORDINALS[place - 1]} and wins")

    return Outcome(
        places=state.places,
        points=tuple(n - place for place in state.places),
        reasons=tuple(reasons),
        # only those who got rid of all their cards win: everyone but the last
        # after a normal end, only the players out after a stalled one
        won=tuple(state.cards_left(p) == 0 for p in range(n)),
    )
