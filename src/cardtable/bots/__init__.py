"""Computer players. A bot sees exactly what a human in its seat would see:
the seat's view and the public (and its own private) events so far; never the
engine's full state.

``make_bot(game, level, seed, **settings)`` gives a :class:`Bot`;
``bot.choose(view, events)`` returns one legal move for ``view.player``.

Levels (docs/bots.md explains each game's rules):

* ``random``: a uniformly random legal move.
* ``easy``: the game's simpler rules, with deliberate mistakes.
* ``normal``: the game's best rules.
* ``hard``: a determinized Monte Carlo search (:mod:`.search`) with the normal
  rules as its rollout policy and prior; settings ``budget`` (seconds per
  decision, default 1.0) or ``iterations`` (sampled states per decision, for
  exactly reproducible play whatever the machine's speed).
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType
from typing import Any, Protocol, Sequence

from ..core.engine import Event, Game
from ..games import LEVELS, get_row
from .base import BaseBot, RandomBot, RuleBot, Strategy, decision_seed
from .search import SearchBot, SearchKit

DEFAULT_BUDGET = 1.0


class Bot(Protocol):
    level: str

    def choose(self, view: Any, events: Sequence[Event] = ()) -> Any: ...


def strategies(game: Game) -> ModuleType:
    """The module of ``game``'s rule-based strategies and search kit (its registry row's ``bots``)."""
    try:
        module = get_row(game.id).bots
    except KeyError:
        module = None
    if module is None:
        raise ValueError(f"no computer players but random are written for {game.id!r}")
    return import_module(module)


def make_bot(game: Game, level: str, seed: int = 0, **settings: Any) -> Bot:
    """A computer player of ``level`` for ``game``.

    ``settings`` are for ``hard``: ``budget`` (seconds per decision) and
    ``iterations`` (sampled states per decision instead of a time budget).
    The other levels ignore them.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown computer level {level!r} (choose from {', '.join(LEVELS)})")
    unknown = set(settings) - {"budget", "iterations"}
    if unknown:
        raise ValueError(f"unknown computer player settings: {', '.join(sorted(unknown))}")
    if level == "random":
        return RandomBot(game, seed)
    module = strategies(game)
    if level == "hard":
        budget = settings.get("budget")
        return SearchBot(
            game,
            module.SEARCH,
            seed,
            budget=DEFAULT_BUDGET if budget is None else budget,
            iterations=settings.get("iterations"),
        )
    return RuleBot(game, level, module.STRATEGIES[level], seed)


__all__ = [
    "DEFAULT_BUDGET",
    "LEVELS",
    "BaseBot",
    "Bot",
    "RandomBot",
    "RuleBot",
    "SearchBot",
    "SearchKit",
    "Strategy",
    "decision_seed",
    "make_bot",
    "strategies",
]
