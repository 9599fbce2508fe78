"""The engines as PettingZoo environments.

* ``env(game="one-card", players=4, options=None, render_mode=None, reward="places",
  max_steps=None)``: an ``AECEnv``, as PettingZoo's classic games are: agents
  ``player_0`` ... take turns; an observation is a dict of ``observation`` (the
  seat's flat ``float32`` vector, from its view only) and ``action_mask``
  (``int8`` over the game's fixed action space); rewards come at the end.
  One Too Many's secret numbers are *turns*: the seats still to choose act
  one after another in seat order, and each sees only that the earlier ones
  have chosen (its view's ``CHOSEN``), never their numbers, so the turns
  reveal nothing the simultaneous choice would not.
* ``parallel_env(...)``: the same game as a ``ParallelEnv``: a step plays the
  actions of every seat to act (One Too Many's secret choosers together; else
  the one seat whose turn it is); the others' actions are ignored (their
  masks are all zero: they have no move now).

An action that is not legal is never replaced by a legal one. By default
(``illegal="raise"``) it raises :class:`~cardtable.core.actions.IllegalMove`
with the reason and the game is unchanged; with ``illegal="refuse"`` the
game is unchanged too, the agent's ``info["illegal"]`` holds the reason, and
the same agent is to act again.

``max_steps`` (``max_cycles`` is the same keyword, PettingZoo's name) truncates
a game after that many steps (AEC: one agent's action; parallel: one step of
all); its rewards are then 0. Shed's own stall rule ends a game that goes
nowhere too.

``events=True`` keeps what each seat could see happen (the game's events, as the
app's log shows them): our computer players read them
(:func:`cardtable.rl.agents.bot`), at some cost per step.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np

from . import missing

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv, ParallelEnv
except ImportError as exc:  # pragma: no cover - the rl extra is missing
    raise missing("pettingzoo") from exc

from .table import Table

ILLEGAL = ("raise", "refuse")
__all__ = ["CardtableEnv", "CardtableParallelEnv", "env", "parallel_env"]


def name_of(game: str) -> str:
    return f"cardtable_{game.replace('-', '_')}_v0"


class Spaces:
    """What both environments share: the table, the agents, the spaces, the seeds."""

    metadata: dict[str, Any]
    render_mode: str | None

    def setup(self, game, players, options, render_mode, reward, max_steps, max_cycles, illegal, events) -> None:
        if illegal not in ILLEGAL:
            raise ValueError(f"unknown illegal={illegal!r} (choose from {', '.join(ILLEGAL)})")
        if render_mode not in (None, "human", "ansi"):
            raise ValueError(f"unknown render_mode {render_mode!r} (choose from human, ansi)")
        limit = max_steps if max_steps is not None else max_cycles
        self.table = Table(game, players, options, seed=0, reward=reward, max_steps=limit, events=events)
        self.metadata = {"render_modes": ["human", "ansi"], "name": name_of(game), "is_parallelizable": True}
        self.render_mode = render_mode
        self.illegal = illegal
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        layout = self.table.encoder.layout
        count = self.table.game.action_count
        observation = spaces.Dict(
            {
                "observation": spaces.Box(layout.low, layout.high, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(count,), dtype=np.int8),
            }
        )
        self.observation_spaces = {agent: observation for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(count) for agent in self.possible_agents}
        self.seeds: random.Random | None = None

    def observation_space(self, agent: str):
        return self.observation_spaces[agent]

    def action_space(self, agent: str):
        return self.action_spaces[agent]

    def next_deal(self, seed: int | None) -> None:
        """Deal a new game: from ``seed``, or the next seed of the last one given."""
        if seed is not None or self.seeds is None:
            self.seeds = random.Random(seed)
        self.table.deal(self.seeds.getrandbits(63))

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat, table = self.seat_of[agent], self.table
        return {"observation": table.observe_state(table.state, seat), "action_mask": table.mask(seat)}

    def readable(self, agent: str | None = None) -> dict[str, Any]:
        """``agent``'s view as a dict of plain values (``None``: the public view)."""
        return self.table.readable(None if agent is None else self.seat_of[agent])

    def play(self, agent: str, action: Any) -> str | None:
        """Play ``agent``'s action; the reason it is refused (``illegal="refuse"``), else ``None``."""
        seat = self.seat_of[agent]
        if self.illegal == "refuse":
            reason = self.table.why_illegal(seat, action)
            if reason is not None:
                return reason
        self.table.step(seat, action)
        return None

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = self.table.render()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


class CardtableEnv(Spaces, AECEnv):
    """A cardtable game as a PettingZoo ``AECEnv`` (see the module's text)."""

    def __init__(self, game="one-card", players=2, options=None, render_mode=None, reward="places",
                 max_steps=None, max_cycles=None, illegal="raise", events=False):  # fmt: skip
        super().__init__()
        self.setup(game, players, options, render_mode, reward, max_steps, max_cycles, illegal, events)

    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        self.next_deal(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.told = False
        self.agent_selection = self.possible_agents[self.table.to_act()[0]]

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        if self.told:  # (the infos are rebuilt only after a step that told something)
            self.infos = {a: {} for a in self.agents}
            self.told = False
        reason = self.play(agent, action)
        if reason is not None:
            self.infos[agent] = {"illegal": reason}
            self.told = True
        table = self.table
        game, state = table.game, table.state
        over = game.is_over(state)
        if over or table.truncated:
            done = self.terminations if over else self.truncations
            for a, reward in zip(self.possible_agents, table.rewards(), strict=True):
                self.rewards[a] = reward
                done[a] = True
            self._accumulate_rewards()
        else:  # (no reward before the end: every agent's stays 0)
            self.agent_selection = self.possible_agents[game.to_act(state)[0]]
        if self.render_mode == "human":
            self.render()


class CardtableParallelEnv(Spaces, ParallelEnv):
    """A cardtable game as a PettingZoo ``ParallelEnv`` (see the module's text)."""

    def __init__(self, game="one-card", players=2, options=None, render_mode=None, reward="places",
                 max_steps=None, max_cycles=None, illegal="raise", events=False):  # fmt: skip
        self.setup(game, players, options, render_mode, reward, max_steps, max_cycles, illegal, events)

    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None):
        self.next_deal(seed)
        self.agents = self.possible_agents[:]
        self.steps = 0
        return {agent: self.observe(agent) for agent in self.agents}, {agent: {} for agent in self.agents}

    def step(self, actions: Mapping[str, Any]):
        table = self.table
        infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        for seat in table.to_act():
            agent = self.possible_agents[seat]
            if agent not in actions:
                raise ValueError(f"{agent} is to act and sent no action")
            if seat in table.to_act():  # (still: a secret choice is made one seat at a time)
                reason = self.play(agent, actions[agent])
                if reason is not None:
                    infos[agent]["illegal"] = reason
        self.steps += 1
        over = table.over
        truncated = not over and table.max_steps is not None and self.steps >= table.max_steps
        rewards = dict(zip(self.possible_agents, table.rewards(), strict=True))
        observations = {agent: self.observe(agent) for agent in self.agents}
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, truncated)
        if over or truncated:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos


def env(**kwargs: Any) -> CardtableEnv:
    """A cardtable game as a PettingZoo ``AECEnv``: ``env(game="one-card", players=4, ...)``."""
    return CardtableEnv(**kwargs)


def parallel_env(**kwargs: Any) -> CardtableParallelEnv:
    """A cardtable game as a PettingZoo ``ParallelEnv``."""
    return CardtableParallelEnv(**kwargs)
