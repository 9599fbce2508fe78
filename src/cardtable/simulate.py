"""Random-play simulation: K games of uniformly random legal moves, with the
invariants checked after every move (``cardtable simulate``)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .core.engine import Game

MOVE_CAP = 200_000


@dataclass
class SimulationSummary:
    game: str
    players: int
    games: int
    seed: int
    options: dict[str, Any]
    completed: int = 0
    invariant_violations: int = 0
    mean_moves: float = 0.0
    max_moves: int = 0
    wins: list[int] = field(default_factory=list)
    seconds: float = 0.0
    first_violation: str | None = None

    def as_json(self) -> dict[str, Any]:
        data = dict(self.__dict__)
        if data["first_violation"] is None:
            del data["first_violation"]
        return data


def game_seed(seed: int, index: int) -> int:
    """The seed of the ``index``-th game of a run (independent of the run's size)."""
    return (seed * 1_000_003 + index) % (1 << 63)


def play_random_game(game: Game, players: int, options: Any, seed: int, check: bool = True):
    """Play one game of random legal actions, on the integer interface (no
    events are made); return (state, moves, violations)."""
    rng = random.Random(seed)
    state = game.new(players, options, seed=seed)
    moves = 0
    violations: list[str] = []
    is_over, to_act, legal_actions, step = game.is_over, game.to_act, game.legal_actions, game.step
    while not is_over(state) and moves < MOVE_CAP:
        player = to_act(state)[0]
        state = step(state, player, rng.choice(legal_actions(state, player)))
        moves += 1
        if check:
            problems = game.invariant_violations(state)
            if problems:
                violations.extend(f"move {moves}: {p}" for p in problems)
                break
    return state, moves, violations


def simulate(
    game: Game,
    players: int,
    games: int,
    seed: int = 0,
    options: Any = None,
    progress: Callable[[], None] | None = None,
) -> SimulationSummary:
    game.check_players(players)
    opts = game.make_options(options)
    summary = SimulationSummary(game.id, players, games, seed, opts.model_dump(mode="json"), wins=[0] * players)
    started = time.perf_counter()
    total_moves = 0
    for index in range(games):
        state, moves, violations = play_random_game(game, players, opts, game_seed(seed, index))
        total_moves += moves
        summary.max_moves = max(summary.max_moves, moves)
        if violations:
            summary.invariant_violations += len(violations)
            summary.first_violation = summary.first_violation or violations[0]
        elif game.is_over(state):
            summary.completed += 1
            for seat in game.outcome(state).winners():
                summary.wins[seat] += 1
        if progress:
            progress()
    summary.mean_moves = round(total_moves / games, 2) if games else 0.0
    summary.seconds = round(time.perf_counter() - started, 3)
    return summary
