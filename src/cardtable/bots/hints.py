"""Why a computer player would make a move: one short line for a hint.

``explain(game, view, move)`` asks the game's computer players (the module its
registry row names, :func:`cardtable.bots.strategies`) for their
``explain(view, move)``. It reads only the seat's view (what the player sees)
and the move, so a hint's reason can tell nothing the player could not work out
themselves. A game without one gets a plain line.
"""

from __future__ import annotations

from typing import Any

from ..core.engine import Game

#: the reason of a game whose computer players give none
NO_REASON = "the computer player's choice"


def explain(game: Game, view: Any, move: Any) -> str:
    """A short reason for ``move`` seen from ``view`` (no full stop at the end)."""
    from . import strategies

    try:
        reason = getattr(strategies(game), "explain", None)
    except ValueError:  # no computer players but random
        reason = None
    return reason(view, move) if reason is not None else NO_REASON


def plural(count: int, word: str) -> str:
    """``1 card``, ``2 cards``."""
    return f"{count} {word}" + ("" if count == 1 else "s")


def percent(chance: float) -> str:
    """A chance in words: ``25%``, never a rounded ``0%`` or ``100%`` for what may yet happen."""
    if 0 < chance < 0.01:
        return "under 1%"
    if 0.99 < chance < 1:
        return "over 99%"
    return f"{chance:.0%}"
