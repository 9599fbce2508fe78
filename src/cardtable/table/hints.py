"""Hints: the move a computer player would make from a player's own view, and why.

The hint's bot gets exactly what a computer in that seat would get (the
seat's view and the events it may see, as :func:`.seats.bot_request` builds
them), so a hint tells nothing the player could not see. It is seeded from
(game seed, seat, moves so far), so the same position gives the same hint.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..bots import decision_seed, make_bot
from ..bots.hints import explain
from ..games import get_row
from ..session import Session
from .seats import seen_by

#: The computer level whose move a hint shows (a game without it: the best it offers below ``hard``).
HINT_LEVEL = "normal"


@dataclass(frozen=True)
class Hint:
    move: Any
    level: str
    reason: str

    def line(self, describe) -> str:
        """One line for the status bar: ``Hint (normal): play 7♥: a 7 goes on anything…``."""
        what = describe(self.move)
        return f"Hint ({self.level}): {what}: {self.reason}."


def hint_level(session: Session, wanted: str = HINT_LEVEL) -> str:
    try:
        levels = get_row(session.game.id).levels
    except KeyError:
        levels = ("random",)
    if wanted in levels:
        return wanted
    return next((level for level in ("normal", "easy") if level in levels), "random")


def make_hint(session: Session, seat: int, level: str = HINT_LEVEL) -> Hint:
    """The move ``level`` would make for ``seat`` now, with a one-line reason (from the view only)."""
    level = hint_level(session, level)
    bot = make_bot(session.game, level, seed=decision_seed(session.seed, seat, len(session.moves), "hint"))
    view, events = seen_by(session, seat)
    move = bot.choose(view, events)
    return Hint(move, level, explain(session.game, view, move))
