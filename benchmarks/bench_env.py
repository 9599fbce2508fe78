"""The research environments' step against the peers' environments:
``python benchmarks/bench_env.py [--players 4] [--reps 7] [--steps 5000] [--json]``
(``benchmarks/run.py`` calls it as its ``env`` section).

Every loop is what a reinforcement-learning loop does, a step with the
observation and the action mask of the agent to act built every time, a
random legal action picked from the mask, in one process, interleaved (each
repetition in slices, the loops taking turns), CPU time, medians:

* ours: ``cardtable.rl.pettingzoo.env`` (an AEC env): ``env.last()`` (its
  ``observe``: the float32 vector from the seat's view and the int8 mask),
  a random action among the mask's, ``env.step``;
* RLCard's UNO: ``env.step`` (which builds the next player's observation,
  its ``legal_actions`` the mask); 4 players work (``game_num_players``);
* OpenSpiel's ``crazy_eights`` (C++) through the same Python loop:
  ``observation_tensor`` and ``legal_actions_mask`` of the player to act,
  a random legal action, ``apply_action``; its chance steps (cards drawn)
  are sampled and their time counts.

PettingZoo's ``performance_benchmark`` (five seconds of its own loop per
game, wall time; turns per second) is given for each of our games too.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import re
import statistics
import sys
from collections.abc import Callable
from time import process_time as clock

GAMES = ("one-card", "shed", "one-too-many")
SLICES = 8  # a repetition's games in slices, interleaved loop by loop (the machine's load moves)


def ours(game: str, players: int) -> Callable[[int], tuple[int, float]]:
    import numpy as np

    from cardtable.rl.pettingzoo import env as make

    env = make(game=game, players=players)

    def run(seed: int) -> tuple[int, float]:
        rand = random.Random(seed).random
        env.reset(seed=seed)
        flat = np.flatnonzero
        steps, started = 0, clock()
        for _agent in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            legal = flat(observation["action_mask"])
            env.step(int(legal[int(rand() * len(legal))]))
            steps += 1
        return steps, clock() - started

    return run


def rlcard_uno(players: int) -> Callable[[int], tuple[int, float]]:
    import rlcard

    env = rlcard.make("uno", config={"game_num_players": players, "seed": 0})

    def run(seed: int) -> tuple[int, float]:
        rand = random.Random(seed).random
        env.seed(seed)
        state, _ = env.reset()
        steps, started = 0, clock()
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _ = env.step(legal[int(rand() * len(legal))])
            steps += 1
        return steps, clock() - started

    return run


def openspiel_crazy_eights(players: int) -> Callable[[int], tuple[int, float]]:
    import pyspiel

    game = pyspiel.load_game("crazy_eights", {"players": players})

    def run(seed: int) -> tuple[int, float]:
        rand = random.Random(seed).random
        state = game.new_initial_state()
        steps, started = 0, clock()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rand() * len(outcomes))][0])
                continue
            player = state.current_player()
            state.observation_tensor(player)
            state.legal_actions_mask(player)
            legal = state.legal_actions(player)
            state.apply_action(legal[int(rand() * len(legal))])
            steps += 1
        return steps, clock() - started

    return run


def missing(module: str) -> str | None:
    try:
        __import__(module)
    except ImportError as exc:
        return f"{exc.name} is not installed (pip install -r benchmarks/requirements.txt, and the rl extra)"
    return None


def loops(players: int, say=print) -> tuple[dict[str, Callable], dict[str, str]]:
    found, skipped = {}, {}
    for name, module, make in (
        *((f"cardtable {g}", "pettingzoo", (lambda g=g: ours(g, players))) for g in GAMES),
        ("rlcard uno", "rlcard", lambda: rlcard_uno(players)),
        ("openspiel crazy_eights", "pyspiel", lambda: openspiel_crazy_eights(players)),
    ):
        reason = missing(module)
        if reason:
            skipped[name] = reason
            say(f"{name} skipped: {reason}")
        else:
            found[name] = make()
    return found, skipped


def performance_benchmark(game: str, players: int) -> float:
    """PettingZoo's ``performance_benchmark`` of our env: its turns per second."""
    from pettingzoo.test import performance_benchmark as bench

    from cardtable.rl.pettingzoo import env as make

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        bench(make(game=game, players=players))
    return float(re.search(r"([\d.]+) turns per second", out.getvalue()).group(1))


def measure(players: int = 4, reps: int = 7, steps: int = 5000, pz_benchmark: bool = True, say=print) -> dict:
    """The figures: per loop the median µs per step and steps per second, the ratios."""
    found, skipped = loops(players, say)
    seeds: dict[str, list[int]] = {}
    for name, run in found.items():  # enough games that a repetition makes ``steps`` steps
        seeds[name], made, seed = [], 0, 1
        while made < steps:
            made += run(seed)[0]
            seeds[name].append(seed)
            seed += 1
    samples: dict[str, list[float]] = {name: [] for name in found}
    for rep in range(reps):  # each repetition in slices, the loops taking turns slice by slice
        totals = {name: [0, 0.0] for name in found}
        for part in range(SLICES):
            for name, run in found.items():
                for seed in seeds[name][part::SLICES]:
                    made, seconds = run(seed)
                    totals[name][0] += made
                    totals[name][1] += seconds
        for name, (made, seconds) in totals.items():
            samples[name].append(seconds / made * 1e6)
        say(f"env, repetition {rep + 1}/{reps}")
    figures = {
        name: {"us_per_step": round(statistics.median(s), 2), "steps_per_second": round(1e6 / statistics.median(s))}
        for name, s in samples.items()
    }
    ratios = {}
    for game in GAMES:
        mine = figures.get(f"cardtable {game}")
        for peer in ("rlcard uno", "openspiel crazy_eights"):
            if mine and peer in figures:
                ratios[f"{game} / {peer}"] = round(mine["us_per_step"] / figures[peer]["us_per_step"], 2)
    report = {"players": players, "reps": reps, "loops": figures, "ratios": ratios, "skipped": skipped}
    if pz_benchmark and missing("pettingzoo") is None:
        report["performance_benchmark_turns_per_second"] = {g: round(performance_benchmark(g, players)) for g in GAMES}
    return report


def markdown(report: dict) -> str:
    lines = [f"| environment loop ({report['players']} players) | µs per step | steps per second |", "|---|--:|--:|"]
    lines += [f"| {name} | {f['us_per_step']} | {f['steps_per_second']:,} |" for name, f in report["loops"].items()]
    lines += ["", "| ratio (µs per step) | |", "|---|--:|"]
    lines += [f"| {name} | {ratio}x |" for name, ratio in report["ratios"].items()]
    if "performance_benchmark_turns_per_second" in report:
        lines += ["", "| PettingZoo performance_benchmark | turns per second |", "|---|--:|"]
        lines += [f"| {g} | {t:,} |" for g, t in report["performance_benchmark_turns_per_second"].items()]
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--reps", type=int, default=7)
    parser.add_argument("--steps", type=int, default=5000, help="steps per repetition and loop (default 5000)")
    parser.add_argument("--no-performance-benchmark", action="store_true", help="skip PettingZoo's (5 s a game)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    say = lambda message: print(f"[bench_env] {message}", file=sys.stderr, flush=True)  # noqa: E731
    report = measure(args.players, args.reps, args.steps, not args.no_performance_benchmark, say)
    print(json.dumps(report, indent=2) if args.json else markdown(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
