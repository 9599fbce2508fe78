"""Computer players. A bot sees exactly what a human in its seat would see:
the seat's view and the public (and its own private) events so far; never the
engine's full state.

``make_bot(game, level, seed)`` gives a :class:`Bot`; ``bot.choose(view,
events)`` returns one legal move for ``view.player``.
"""

from __future__ import annotations

import random
from typing import Any, Protocol, Sequence

from ..core.engine import Event, Game

LEVELS = ("random", "easy", "normal", "hard")


class Bot(Protocol):
    level: str

    def choose(self, view: Any, events: Sequence[Event] = ()) -> Any: ...


class RandomBot:
    """A uniformly random legal move."""

    level = "random"

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.game = game
        self.rng = random.Random(seed)

    def choose(self, view: Any, events: Sequence[Event] = ()) -> Any:
        moves = self.game.legal_moves_from_view(view, self.rng)
        return self.rng.choice(moves)


def make_bot(game: Game, level: str, seed: int = 0, **settings: Any) -> Bot:
    if level not in LEVELS:
        raise ValueError(f"unknown computer level {level!r} (choose from {', '.join(LEVELS)})")
    return RandomBot(game, seed)
