"""Engine step cost: cardtable's games and the peers (RLCard UNO, OpenSpiel crazy_eights).

A *step* is one decision of a player: the legal moves of the player to act,
then applying one of them chosen at random. Every loop here times complete
random games from the first decision to the end (dealing is left out for all
engines alike) and divides by the number of player steps. The same seeds are
played in every repetition, so each repetition does the same work. A random
move is ``moves[int(random() * len(moves))]`` in every loop: the cheapest
uniform pick, so the harness adds as little as it can to what it measures.

The clock is the process's CPU time by default (``time.process_time``): on a
shared machine other processes then perturb the figures far less than they
perturb wall time. ``set_clock("wall")`` switches every loop to
``time.perf_counter``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from time import perf_counter, process_time
from typing import Any, Callable

STEP_CAP = 100_000  # per game; no random game comes near it
CLOCKS = {"cpu": process_time, "wall": perf_counter}
clock = process_time


def set_clock(name: str) -> None:
    global clock
    clock = CLOCKS[name]


@dataclass
class LoopResult:
    seconds: float  # time spent in the timed part of the loop
    steps: int  # player decisions made
    games: int  # games played to the end
    extra: dict[str, Any]

    @property
    def us_per_step(self) -> float:
        return self.seconds / self.steps * 1e6 if self.steps else float("nan")


# -- cardtable ----------------------------------------------------------------


def cardtable_loop(game_id: str, players: int, options: dict | None = None) -> Callable[[list[int]], LoopResult]:
    """A loop over complete random games of one cardtable engine, through the
    public contract: ``to_act``, ``legal_moves``, ``apply`` (which checks the move
    again) and ``is_over``."""
    from cardtable.games import get_game

    game = get_game(game_id)
    opts = game.make_options(options or {})

    def run(seeds: list[int]) -> LoopResult:
        seconds = 0.0
        steps = 0
        is_over, to_act, legal_moves, apply = game.is_over, game.to_act, game.legal_moves, game.apply
        for seed in seeds:
            rand = random.Random(seed).random
            state = game.new(players, opts, seed=seed)
            n = 0
            started = clock()
            while not is_over(state) and n < STEP_CAP:
                player = to_act(state)[0]
                moves = legal_moves(state, player)
                state, _ = apply(state, player, moves[int(rand() * len(moves))])
                n += 1
            seconds += clock() - started
            steps += n
        return LoopResult(seconds, steps, len(seeds), {})

    return run


# -- RLCard UNO -----------------------------------------------------------------


def rlcard_uno_loop(players: int) -> Callable[[list[int]], LoopResult]:
    """RLCard's UNO through its raw game object (``rlcard.games.uno.game.UnoGame``):
    ``step`` and ``is_over``, no environment and no observation encoding. The
    legal actions are the ones ``step`` already returns in its raw state dict
    (what RLCard's own environment reads), so RLCard does not compute them twice."""
    import numpy as np
    from rlcard.games.uno.game import UnoGame

    game = UnoGame(num_players=players)

    def run(seeds: list[int]) -> LoopResult:
        seconds = 0.0
        steps = 0
        failed = 0
        for seed in seeds:
            rand = random.Random(seed).random
            game.np_random = np.random.RandomState(seed)  # the dealer and the round take it at init
            state, _ = game.init_game()
            n = 0
            started = clock()
            try:
                while not game.is_over() and n < STEP_CAP:
                    actions = state["legal_actions"]
                    state, _ = game.step(actions[int(rand() * len(actions))])
                    n += 1
            except IndexError:  # RLCard pops from an empty deck in rare games
                failed += 1
            seconds += clock() - started
            steps += n
        return LoopResult(seconds, steps, len(seeds), {"failed_games": failed, "params": {"num_players": players}})

    return run


# -- OpenSpiel crazy_eights -------------------------------------------------------


def openspiel_crazy_eights_loop(players: int) -> Callable[[list[int]], LoopResult]:
    """OpenSpiel's C++ ``crazy_eights`` through ``pyspiel``: per player step
    ``legal_actions()`` and ``apply_action()``; chance steps (the cards drawn
    during play) are sampled uniformly from ``chance_outcomes()`` and their time
    counts, as cardtable's engines draw inside ``apply``. The initial deal (the
    chance steps before the first decision) is left out, like ``new`` is."""
    import pyspiel

    game = pyspiel.load_game("crazy_eights", {"players": players})
    params = dict(game.get_parameters())  # the defaults but for the player count

    def run(seeds: list[int]) -> LoopResult:
        seconds = 0.0
        steps = 0
        chance_steps = 0
        for seed in seeds:
            rand = random.Random(seed).random
            state = game.new_initial_state()
            while state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rand() * len(outcomes))][0])
            n = c = 0
            started = clock()
            while not state.is_terminal() and n < STEP_CAP:
                if state.is_chance_node():  # every outcome is equally likely in crazy_eights
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[int(rand() * len(outcomes))][0])
                    c += 1
                else:
                    actions = state.legal_actions()
                    state.apply_action(actions[int(rand() * len(actions))])
                    n += 1
            seconds += clock() - started
            steps += n
            chance_steps += c
        return LoopResult(seconds, steps, len(seeds), {"chance_steps": chance_steps, "params": params})

    return run


PEERS: dict[str, tuple[str, Callable[[int], Callable[[list[int]], LoopResult]]]] = {
    # name: (module that must be importable, loop factory)
    "rlcard_uno": ("rlcard", rlcard_uno_loop),
    "openspiel_crazy_eights": ("pyspiel", openspiel_crazy_eights_loop),
}


def peer_missing(name: str) -> str | None:
    """Why the peer cannot run here (not installed), or ``None``."""
    import importlib.util

    module = PEERS[name][0]
    if importlib.util.find_spec(module) is None:
        return f"{module} is not installed (pip install -e '.[bench]')"
    return None
