"""The step cost of one engine from several source trees, side by side in one run.

``python benchmarks/side_by_side.py [--game one-card] [--tree NAME=PYTHONPATH ...] [--peer rlcard_uno_like_for_like]
[--reps 15] [--steps 10000]``

Each ``--tree`` (e.g. ``base=/tmp/base/src``, ``new=src``) gets a worker
process with that ``PYTHONPATH`` importing ``cardtable``; each ``--peer`` of
``bench_engine`` gets one too. Every repetition asks each worker in turn for
one pass over the same seeds (the step-cost loop of ``bench_engine``, process
CPU time), so the machine's load falls on all of them alike. Prints each
one's median µs per step with its spread, and the ratios of the medians to the
first peer and to the first tree.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

WORKER = """
import gc, json, sys
sys.path.insert(0, {here!r})
import bench_engine
name, players, steps = {name!r}, {players}, {steps}
if name in bench_engine.PEERS:
    loop = bench_engine.PEERS[name][1](players)
else:
    loop = bench_engine.cardtable_loop(name, players)
    import cardtable.games.one_card.rules as rules
seeds, total = [], 0
while total < steps:
    seeds.append(len(seeds) + 1)
    total += loop([seeds[-1]]).steps
gc.collect(); gc.freeze()
print(json.dumps({{"ready": len(seeds)}}), flush=True)
for line in sys.stdin:
    result = loop(seeds)
    print(json.dumps({{"us": result.us_per_step, "steps": result.steps}}), flush=True)
"""


class Worker:
    def __init__(self, label: str, loop: str, pythonpath: str | None, players: int, steps: int) -> None:
        env = dict(os.environ)
        if pythonpath is not None:
            env["PYTHONPATH"] = str(Path(pythonpath).resolve())
        code = WORKER.format(here=str(HERE), name=loop, players=players, steps=steps)
        self.label = label
        self.proc = subprocess.Popen(
            [sys.executable, "-c", code], env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        self.games = json.loads(self.proc.stdout.readline())["ready"]
        self.samples: list[float] = []
        self.steps = 0

    def rep(self) -> None:
        self.proc.stdin.write("go\n")
        self.proc.stdin.flush()
        answer = json.loads(self.proc.stdout.readline())
        self.samples.append(answer["us"])
        self.steps = answer["steps"]

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="one-card")
    parser.add_argument("--tree", action="append", default=[], help="NAME=PYTHONPATH (repeatable)")
    parser.add_argument("--peer", action="append", default=[], help="a peer loop of bench_engine (repeatable)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--reps", type=int, default=15)
    parser.add_argument("--steps", type=int, default=10_000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    workers = []
    for tree in args.tree or [f"current={os.environ.get('PYTHONPATH', '')}"]:
        label, _, path = tree.partition("=")
        workers.append(Worker(label, args.game, path or None, args.players, args.steps))
    peers = [Worker(peer, peer, None, args.players, args.steps) for peer in args.peer]
    everyone = workers + peers
    try:
        for _ in range(args.reps):
            for worker in everyone:
                worker.rep()
    finally:
        for worker in everyone:
            worker.close()
    medians = {w.label: statistics.median(w.samples) for w in everyone}
    first_tree = workers[0].label
    anchor = peers[0].label if peers else None
    rows = []
    for w in everyone:
        row = {
            "name": w.label,
            "us_per_step": round(medians[w.label], 3),
            "spread": [round(min(w.samples), 3), round(max(w.samples), 3)],
            "steps": w.steps,
            "games": w.games,
            f"vs_{first_tree}": round(medians[w.label] / medians[first_tree], 3),
        }
        if anchor:
            row[f"vs_{anchor}"] = round(medians[w.label] / medians[anchor], 3)
        rows.append(row)
    if args.json:
        print(json.dumps({"reps": args.reps, "players": args.players, "rows": rows}, indent=2))
        return 0
    head = ["name", "µs/step (median)", "min–max", "steps", f"÷ {first_tree}"] + ([f"÷ {anchor}"] if anchor else [])
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for r in rows:
        cells = [
            r["name"],
            f"{r['us_per_step']:.3f}",
            f"{r['spread'][0]:.2f}–{r['spread'][1]:.2f}",
            str(r["steps"]),
            f"{r[f'vs_{first_tree}']:.3f}",
        ] + ([f"{r[f'vs_{anchor}']:.3f}"] if anchor else [])
        print("| " + " | ".join(cells) + " |")
    print(f"\n{args.reps} interleaved repetitions, {args.players} players, process CPU time.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
