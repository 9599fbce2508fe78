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
* ``expert``: the hard level's search with four times the work (``budget``
  default 4.0 s; the arena gives it four times hard's ``iterations``), offered
  only in the games where it measured stronger than hard (the game registry
  row's ``expert``; docs/bots.md, issue 15).

A game's computer players live in the module its registry row names
(``GameRow.bots``, the only registration): ``STRATEGIES`` (the rule-based
levels by name), ``SEARCH`` (the search levels' :class:`SearchKit`, with the
decision rule that measured strongest in that game; ``rule=`` overrides it, for
measuring) and ``explain(view, move)`` (a hint's one-line reason, :mod:`.hints`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from importlib import import_module
from types import ModuleType
from typing import Any, Protocol

from ..core.engine import Event, Game
from ..games import LEVELS, get_row
from .base import BaseBot, RandomBot, RuleBot, Strategy, decision_seed
from .decision import RULES as RULE_TYPES
from .decision import BayesRule, DecisionRule, FixedRule, rule_named
from .search import SearchBot, SearchKit

DEFAULT_BUDGET = 1.0
#: the expert level's work, as a multiple of hard's (its default budget, and its
#: sampled states in the arena when hard's are fixed)
EXPERT_SCALE = 4
EXPERT_BUDGET = DEFAULT_BUDGET * EXPERT_SCALE
#: the names of the search's decision rules (``make_bot``'s ``rule``; :mod:`.decision`)
RULES: tuple[str, ...] = tuple(RULE_TYPES)


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

    ``settings`` are for the search levels (``hard``, ``expert``): ``budget``
    (seconds per decision; default 1 s for hard, 4 s for expert),
    ``iterations`` (sampled states per decision instead of a time budget) and
    ``rule`` (the name of the search's decision rule, :data:`RULES`, calibrated
    as the game's own; default the game's).
    The other levels ignore them.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown computer level {level!r} (choose from {', '.join(LEVELS)})")
    unknown = set(settings) - {"budget", "iterations", "rule"}
    if unknown:
        raise ValueError(f"unknown computer player settings: {', '.join(sorted(unknown))}")
    rule = settings.get("rule")
    if rule is not None and rule not in RULES:
        raise ValueError(f"unknown decision rule {rule!r} (choose from {', '.join(RULES)})")
    if level == "random":
        return RandomBot(game, seed)
    module = strategies(game)
    if level not in get_row(game.id).levels:
        raise ValueError(f"{game.name} offers no {level} computer player")
    if level in ("hard", "expert"):
        kit = module.SEARCH
        if rule is not None and rule != kit.rule.name:
            kit = replace(kit, rule=rule_named(rule, kit.rule))
        budget = settings.get("budget")
        bot = SearchBot(
            game,
            kit,
            seed,
            budget=(DEFAULT_BUDGET if level == "hard" else EXPERT_BUDGET) if budget is None else budget,
            iterations=settings.get("iterations"),
        )
        bot.level = level
        return bot
    return RuleBot(game, level, module.STRATEGIES[level], seed)


__all__ = [
    "DEFAULT_BUDGET",
    "EXPERT_BUDGET",
    "EXPERT_SCALE",
    "RULES",
    "LEVELS",
    "BaseBot",
    "BayesRule",
    "Bot",
    "DecisionRule",
    "FixedRule",
    "RandomBot",
    "RuleBot",
    "SearchBot",
    "SearchKit",
    "Strategy",
    "decision_seed",
    "make_bot",
    "strategies",
]
