"""Shed's engine step and ``cardtable simulate``'s check, this tree against a base tree, in one process.

``python benchmarks/shed_step_ab.py --base /tmp/shedstep-base [--reps 9] [--steps 30000]``

The base tree's Shed package (``BASE/src/cardtable/games/shed``) is loaded
beside this tree's as ``cardtable.games.shed_base`` (its relative imports reach
this tree's ``cardtable.core``, so only Shed's own modules differ). Each
repetition runs, interleaved: both engines' random-game loops
(``bench_engine.cardtable_loop``'s loop), RLCard UNO's like-for-like loop, and
``cardtable simulate``'s loop with and without the check after every move for
both engines. Prints the medians, each engine's ratio to RLCard, and the
check's ratio, and asserts the two engines play the same games.
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_engine  # noqa: E402


def load_base(base: Path):
    """The base tree's Shed game object, loaded as ``cardtable.games.shed_base``."""
    import cardtable.games  # noqa: F401  (the parent package, this tree's)

    package = base / "src" / "cardtable" / "games" / "shed"
    name = "cardtable.games.shed_base"
    spec = importlib.util.spec_from_file_location(
        name, package / "__init__.py", submodule_search_locations=[str(package)]
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    rules = importlib.import_module(name + ".rules")
    return rules.GAME


def engine_loop(game, players: int):
    return bench_engine.game_loop(game, players)


def simulate_loop(game, players: int, check: bool):
    return bench_engine.game_simulate_loop(game, players, check)


def same_games(a, b, players: int, seeds: list[int]) -> None:
    """The two engines make the same states (printed) and events for the same seeds and moves."""
    for seed in seeds:
        rand = random.Random(seed).random
        sa = a.new(players, a.make_options({}), seed=seed)
        sb = b.new(players, b.make_options({}), seed=seed)
        while not a.is_over(sa):
            assert repr(sa) == repr(sb), f"seed {seed}: states differ"
            p = a.to_act(sa)[0]
            ma, mb = a.legal_moves(sa, p), b.legal_moves(sb, p)
            assert repr(ma) == repr(mb), f"seed {seed}: legal moves differ"
            i = int(rand() * len(ma))
            sa, ea = a.apply(sa, p, ma[i])
            sb, eb = b.apply(sb, p, mb[i])
            assert repr(ea) == repr(eb), f"seed {seed}: events differ"
        assert repr(sa) == repr(sb)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", type=Path, required=True, help="a worktree of the base commit")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--reps", type=int, default=9)
    parser.add_argument("--steps", type=int, default=30_000, help="steps per loop and repetition")
    parser.add_argument("--no-simulate", action="store_true")
    args = parser.parse_args(argv)
    from cardtable.games import get_game

    new, base = get_game("shed"), load_base(args.base)
    assert type(new).__module__ != type(base).__module__
    same_games(base, new, args.players, list(range(1, 41)))
    loops = {
        "base": engine_loop(base, args.players),
        "new": engine_loop(new, args.players),
        "rlcard": bench_engine.rlcard_uno_like_for_like_loop(args.players),
    }
    if not args.no_simulate:
        for label, game in (("base", base), ("new", new)):
            loops[f"sim {label} checked"] = simulate_loop(game, args.players, True)
            loops[f"sim {label} unchecked"] = simulate_loop(game, args.players, False)
    seeds = {}
    for name, loop in loops.items():
        seeds[name], steps = [], 0
        while steps < args.steps:
            seeds[name].append(len(seeds[name]) + 1)
            steps += loop([seeds[name][-1]]).steps
    samples: dict[str, list[float]] = {name: [] for name in loops}
    ratio_samples: dict[str, list[float]] = {"base": [], "new": [], "new/base": []}
    gc.collect()
    gc.freeze()
    for rep in range(args.reps):
        names = list(loops)
        if rep % 2:
            names.reverse()  # (neither engine always runs first)
        for name in names:
            samples[name].append(loops[name](seeds[name]).us_per_step)
        for label in ("base", "new"):
            ratio_samples[label].append(samples[label][-1] / samples["rlcard"][-1])
        ratio_samples["new/base"].append(samples["new"][-1] / samples["base"][-1])
        print(f"repetition {rep + 1}/{args.reps}", file=sys.stderr)
    med = {name: statistics.median(values) for name, values in samples.items()}
    print(f"{args.players} players, {args.reps} interleaved repetitions, medians (us per step)")
    for name in loops:
        print(f"  {name:22} {med[name]:7.3f}  (min {min(samples[name]):.3f}, max {max(samples[name]):.3f})")
    for label in ("base", "new"):
        print(f"  {label} / RLCard like-for-like: {med[label] / med['rlcard']:.3f}x"
              f" (median of per-repetition ratios {statistics.median(ratio_samples[label]):.3f}x)")
    print(f"  new / base step: {med['new'] / med['base']:.3f}"
          f" (median of per-repetition ratios {statistics.median(ratio_samples['new/base']):.3f})")
    if not args.no_simulate:
        for label in ("base", "new"):
            checked, unchecked = med[f"sim {label} checked"], med[f"sim {label} unchecked"]
            print(f"  simulate {label}: checked / unchecked {checked / unchecked:.3f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
