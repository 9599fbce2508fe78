"""One seat's pending decision: the one awaitable a table answers.

The turn loop makes a :class:`MoveRequest` (the seat, its legal moves, a line
for the player) and awaits it; whatever collects the answer (the cards at the
table, a secret prompt, a picker for a 7's suit, later a message from another
screen) resolves that one request, with a move or with an :class:`UndoRequest`.
Undo and hints therefore act on the pending request, whatever widget is open.
"""

from __future__ import annotations

import asyncio
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from typing import Any

from ..session import UndoPlan


@dataclass(frozen=True)
class UndoRequest:
    """What a decision gives back instead of a move: take back ``plan``."""

    plan: UndoPlan


class MoveRequest:
    """``seat`` must choose one of ``legal`` (or ask for an undo); await it for the answer.

    ``note`` is a line for the player (what an undo took back), shown until they
    choose; ``hinted`` is the move a hint showed them while they choose. The first
    answer wins: later ones are ignored (``answer`` and ``undo`` say whether theirs
    counted). Made inside a running event loop.
    """

    def __init__(self, seat: int, legal: Sequence[Any], note: str = "") -> None:
        self.seat = seat
        self.legal = list(legal)
        self.note = note
        self.hinted: Any = None
        self._answer: asyncio.Future[Any] = asyncio.get_running_loop().create_future()

    @property
    def done(self) -> bool:
        return self._answer.done()

    def answer(self, move: Any) -> bool:
        """The seat's move (checked by the engine when applied, not here)."""
        if self.done:
            return False
        self._answer.set_result(move)
        return True

    def undo(self, plan: UndoPlan) -> bool:
        """Instead of a move: take back ``plan`` (made by the source's ``plan_undo``)."""
        return self.answer(UndoRequest(plan))

    def __await__(self) -> Generator[Any, None, Any]:
        return self._answer.__await__()

    def __repr__(self) -> str:
        return f"MoveRequest(seat={self.seat}, {len(self.legal)} legal, done={self.done})"
