"""The end of a game of Shed: places, points, the reason for each, and who won."""

from __future__ import annotations

from ...core.engine import Outcome
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
                f"held {left} card{'s' if left != 1 else ''} when the game stopped after "
                f"{state.options.stall_limit} moves without progress (fewer cards ranks higher)"
            )
        elif place == n:
            reasons.append("was the last player left holding cards, and loses")
        else:
            reasons.append(f"went out {ORDINALS[place - 1]}")

    worst = max(state.places)
    return Outcome(
        places=state.places,
        points=tuple(n - place for place in state.places),
        reasons=tuple(reasons),
        won=tuple(place < worst or worst == 1 for place in state.places),  # all but the last win
    )
