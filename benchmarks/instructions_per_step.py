"""Machine instructions per engine step, counted by callgrind: noise-free on a loaded machine.

``python benchmarks/instructions_per_step.py [one-card|rlcard_uno_like_for_like|...] [--games N]
[--warm N] [--pythonpath DIR ...]``

For each ``--pythonpath`` (default: the current ``PYTHONPATH``), runs the
step-cost loop of ``bench_engine`` twice under ``valgrind --tool=callgrind``,
once dealing the games only and once playing them to the end, and prints
``(instructions of the second - of the first) / steps``: the instructions of
the play loop alone (the harness's ``random()`` pick included, as in the timed
loop), whatever Python's start and the imports cost. ``--warm N`` plays N other
games first in both runs, so that the tables an engine builds lazily are built
(the steady state of a long run) and only the steps are counted. Slow (about a minute a
run): callgrind interprets every instruction.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent

CHILD = """
import sys, random
sys.path.insert(0, {here!r})
import bench_engine
name, games, deal_only, warm = {name!r}, {games}, {deal_only}, {warm}
seeds = list(range(1, games + 1))
if name in bench_engine.PEERS:
    loop = bench_engine.PEERS[name][1](4)
else:
    loop = bench_engine.cardtable_loop(name, 4)
loop(list(range(games + 1, games + 1 + warm)))  # (other games first: tables built lazily are built)
if deal_only:
    bench_engine.STEP_CAP = 0
print(loop(seeds).steps)
"""


def count(name: str, games: int, deal_only: bool, pythonpath: str | None, warm: int = 0) -> tuple[int, int]:
    """(instructions, steps) of one run under callgrind."""
    env = {**os.environ, "PYTHONHASHSEED": "0"}  # the same dict layouts in both runs
    if pythonpath is not None:
        env["PYTHONPATH"] = pythonpath
    code = CHILD.format(here=str(HERE), name=name, games=games, deal_only=deal_only, warm=warm)
    with tempfile.TemporaryDirectory() as tmp:
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/out", sys.executable, "-c", code],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
    match = re.search(r"Collected : (\d+)", done.stderr)
    if match is None:
        raise RuntimeError(done.stderr[-2000:])
    return int(match.group(1)), int(done.stdout.split()[-1])


def per_step(name: str, games: int, pythonpath: str | None, warm: int = 0) -> tuple[float, int]:
    dealt, _ = count(name, games, True, pythonpath, warm)
    played, steps = count(name, games, False, pythonpath, warm)
    return (played - dealt) / steps, steps


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("loop", nargs="?", default="one-card", help="a game id or a peer of bench_engine")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument(
        "--warm", type=int, default=0, help="games played first in both runs, so that lazily built tables are built"
    )
    parser.add_argument("--pythonpath", action="append", help="a PYTHONPATH to count under (repeatable)")
    args = parser.parse_args(argv)
    for path in args.pythonpath or [None]:
        instructions, steps = per_step(args.loop, args.games, path, args.warm)
        print(
            f"{args.loop}\t{path or os.environ.get('PYTHONPATH', '')}\t{steps} steps\t{instructions:,.0f} instructions per step"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
