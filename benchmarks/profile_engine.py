"""Profile one engine's random-game loop: ``python benchmarks/profile_engine.py GAME [--players N] [--steps N]``.

Runs the same loop as the step-cost benchmark under cProfile and prints the
functions by their own time (``--sort cumulative`` for inclusive time). For a
sampling view without cProfile's per-call overhead, run
``py-spy record -o profile.svg -- python benchmarks/profile_engine.py GAME --no-profile``.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_engine  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="a game id, or a peer: " + ", ".join(bench_engine.PEERS))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--steps", type=int, default=50_000)
    parser.add_argument("--sort", default="tottime")
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--no-profile", action="store_true", help="just run the loop (for py-spy)")
    args = parser.parse_args(argv)
    if args.game in bench_engine.PEERS:
        loop = bench_engine.PEERS[args.game][1](args.players)
    else:
        loop = bench_engine.cardtable_loop(args.game, args.players)
    seeds = []
    steps = 0
    while steps < args.steps:
        seeds.append(len(seeds) + 1)
        steps += loop([seeds[-1]]).steps
    if args.no_profile:
        result = loop(seeds)
        print(f"{result.us_per_step:.2f} µs per step over {result.steps} steps")
        return 0
    profiler = cProfile.Profile()
    profiler.enable()
    result = loop(seeds)
    profiler.disable()
    print(f"{result.steps} steps in {result.games} games (timings inflated by cProfile)")
    pstats.Stats(profiler).strip_dirs().sort_stats(args.sort).print_stats(args.top)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
