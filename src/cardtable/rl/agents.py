"""Opponents and outside players.

* ``bot(level, seed=0, **settings)``: one of our computer players (random,
  easy, normal, hard, expert) as an agent of a :mod:`cardtable.rl.pettingzoo`
  env: ``agent.act(env, name)`` gives the code it plays for that agent. It
  sees only the seat's view (and, in an env made with ``events=True``, what
  the seat saw happen: the hard level reads it), as in the app.
* ``PolicyPlayer``: an outside *policy* (a callable from an observation
  vector and an action mask to an action code) as a player the arena seats;
  ``arena(policy, ...)`` runs ``cardtable arena``'s tournament with it in the
  seats named ``"policy"``. A policy's action that is not legal is refused
  with the reason (:class:`IllegalMove`), never replaced.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from ..bots import LEVELS, decision_seed, make_bot
from ..bots.arena import run_arena
from ..core.actions import IllegalMove
from ..core.engine import Game
from .observations import encoder, mask

#: an outside policy: ``policy(observation, action_mask) -> action``
Policy = Callable[[np.ndarray, np.ndarray], int]
POLICY = "policy"  # the seat name the arena gives an outside policy
__all__ = ["POLICY", "BotAgent", "Policy", "PolicyPlayer", "arena", "bot", "random_policy"]


class BotAgent:
    """A computer player of ``level`` choosing for an env's agents."""

    def __init__(self, level: str, seed: int = 0, **settings: Any) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown computer level {level!r} (choose from {', '.join(LEVELS)})")
        self.level, self.seed, self.settings = level, seed, settings
        self.decisions = 0

    def act(self, env: Any, agent: str) -> int:
        """The code this player plays for ``agent`` (the one to act) in ``env``."""
        table = env.unwrapped.table
        seat = env.unwrapped.seat_of[agent]
        if seat not in table.to_act():
            raise ValueError(f"{agent} is not to act now")
        player = make_bot(table.game, self.level, decision_seed(self.seed, self.decisions), **self.settings)
        self.decisions += 1
        move = player.choose(table.view(seat), tuple(table.seen[seat]))
        return table.game.action_of(table.state, seat, move)

    def __repr__(self) -> str:
        return f"<BotAgent {self.level} seed={self.seed}>"


def bot(level: str, seed: int = 0, **settings: Any) -> BotAgent:
    """One of our computer players as an agent: ``bot("hard", seed=1).act(env, agent)``."""
    return BotAgent(level, seed, **settings)


RANDOM = random.Random(0)


def random_policy(observation: np.ndarray, action_mask: np.ndarray) -> int:
    """A policy that plays a random legal action (an example, and a baseline)."""
    return int(RANDOM.choice(np.flatnonzero(action_mask)))


class PolicyPlayer:
    """An outside ``policy`` as the arena's player of a seat: it gets the seat's
    observation and mask (from the view alone) and answers with a code."""

    level = POLICY

    def __init__(self, game: Game, seed: int, policy: Policy, players: int, options: Any = None) -> None:
        self.game, self.seed, self.policy = game, seed, policy
        self.encoder = encoder(game, players, options)

    def choose(self, view: Any, events: Sequence[Any] = ()) -> Any:
        seat = view.player
        state = self.game.determinize(view, random.Random(self.seed))  # the seat's own cards are its own
        codes = self.game.legal_actions(state, seat)
        action = self.policy(self.encoder.encode(view), mask(self.game, codes))
        if isinstance(action, np.integer):
            action = int(action)
        if action not in codes:
            problem = self.game.action_problem(action) or f"{action} is not a legal action now"
            raise IllegalMove(f"the policy chose {action!r}: {problem}")
        return self.game.move_of(state, seat, action)


class Maker:
    """Makes the arena's player of a policy seat (a class, so that it pickles for ``jobs`` > 1)."""

    def __init__(self, policy: Policy, players: int, options: Any) -> None:
        self.policy, self.players, self.options = policy, players, options

    def __call__(self, game: Game, seed: int) -> PolicyPlayer:
        return PolicyPlayer(game, seed, self.policy, self.players, self.options)


def arena(
    policy: Policy,
    game: str = "one-card",
    players: int = 4,
    seats: Sequence[str] | None = None,
    games: int = 20,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    **settings: Any,
) -> dict[str, Any]:
    """``cardtable arena``'s tournament with ``policy`` in the seats named ``"policy"``
    (by default one, against ``hard``); returns its summary (``levels["policy"]``: the
    policy's games, wins with their interval, mean points and place)."""
    seats = list(seats or [POLICY] + ["hard"] * (players - 1))
    makers = {POLICY: Maker(policy, players, options)}
    return run_arena(game, players, seats, games, seed=seed, options=options, settings=settings, makers=makers)
