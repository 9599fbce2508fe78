"""What every computer player shares: a seeded random source per decision and
the legal moves worked out from the view alone.

A bot never receives the engine's state. It gets the seat's view (and the
events that seat could see), lists its legal moves with
``game.legal_moves_from_view`` (which samples a complete state with
``determinize`` and the bot's own random source), and decides.

Determinism: decision number ``k`` of a bot made with seed ``s`` draws from
``random.Random(f"{s}:{k}")``, so the same seed and the same views give the
same moves on any machine and in any process. The TUI makes a fresh bot per
decision with a seed derived from (game seed, seat, moves so far); the arena
does the same.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from ..core.engine import Event, Game, SeatView

#: A rule-based strategy: ``(view, legal moves, rng) -> one of the moves``.
Strategy = Callable[[Any, Sequence[Any], random.Random], Any]


def decision_seed(*parts: object) -> int:
    """A 63-bit seed derived from ``parts`` (ints and strings), stable everywhere."""
    return random.Random(":".join(map(str, parts))).getrandbits(63)


def seat_of(view: SeatView) -> int:
    """The seat whose view this is: a computer player plays a seat's view, never the public one."""
    seat = view.player
    if seat is None:
        raise ValueError("a computer player needs a seat's view, not the public view")
    return seat


class BaseBot:
    """A computer player for one game and one level."""

    level = "base"

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.game = game
        self.seed = seed
        self.decisions = 0

    def _rng(self) -> random.Random:
        rng = random.Random(f"{self.seed}:{self.decisions}")
        self.decisions += 1
        return rng

    def legal_moves(self, view: SeatView, rng: random.Random) -> list[Any]:
        """The seat's legal moves from its view, in a fixed order (by their text)."""
        moves = self.game.legal_moves_from_view(view, rng)
        if not moves:
            raise ValueError(f"seat {view.player} has no move to make in this view")
        moves.sort(key=repr)
        return moves

    def choose(self, view: SeatView, events: Sequence[Event] = ()) -> Any:
        rng = self._rng()
        moves = self.legal_moves(view, rng)
        if len(moves) == 1:
            return moves[0]
        return self.decide(view, moves, rng, events)

    def decide(self, view: SeatView, moves: list[Any], rng: random.Random, events: Sequence[Event]) -> Any:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game.id} {self.level} seed={self.seed}>"


class RandomBot(BaseBot):
    """A uniformly random legal move."""

    level = "random"

    def decide(self, view, moves, rng, events):
        return rng.choice(moves)


class RuleBot(BaseBot):
    """A rule-based player: one of a game's written strategies (``easy``, ``normal``)."""

    def __init__(self, game: Game, level: str, strategy: Strategy, seed: int = 0) -> None:
        super().__init__(game, seed)
        self.level = level
        self.strategy = strategy

    def decide(self, view, moves, rng, events):
        return self.strategy(view, moves, rng)
