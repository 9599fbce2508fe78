"""Shed's random-game loops for counting instructions under callgrind (noise-free on a loaded machine).

``python benchmarks/shed_instructions.py MODE [--games 20]`` deals the games,
plays them once (a warm-up: the caches of shared moves and events fill, as
in the benchmark's repetitions), then plays them again in MODE:

* ``none``: not again (the baseline to subtract);
* ``engine``: ``bench_engine.cardtable_loop``'s loop (``to_act``, ``legal_moves``, ``apply``);
* ``checked`` / ``unchecked``: ``cardtable simulate``'s loop with or without the check after every move.

Instructions a step: run ``valgrind --tool=callgrind --callgrind-out-file=/dev/null
python benchmarks/shed_instructions.py MODE`` for MODE and for ``none``, and
divide the difference of the "Collected" counts by the steps printed.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys

from cardtable.games import get_game
from cardtable.simulate import play_random_game


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("mode", choices=["none", "engine", "checked", "unchecked"])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args(argv)
    game = get_game("shed")
    opts = game.make_options({})
    seeds = range(1, args.games + 1)
    states = [game.new(args.players, opts, seed=seed) for seed in seeds]
    is_over, to_act, legal_moves, apply = game.is_over, game.to_act, game.legal_moves, game.apply

    def engine() -> int:
        steps = 0
        for seed, state in zip(seeds, states):
            rand = random.Random(seed).random
            while not is_over(state):
                player = to_act(state)[0]
                moves = legal_moves(state, player)
                state, _ = apply(state, player, moves[int(rand() * len(moves))])
                steps += 1
        return steps

    def simulate(check: bool) -> int:
        return sum(play_random_game(game, args.players, opts, seed, check=check)[1] for seed in seeds)

    engine()
    simulate(True)
    gc.collect()
    gc.freeze()  # (as benchmarks/run.py: no loop pays for scanning the imported modules)
    if args.mode == "engine":
        print("steps", engine(), file=sys.stderr)
    elif args.mode != "none":
        print("steps", simulate(args.mode == "checked"), file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
