"""The step cost of one engine from several source trees, side by side in one run.

``python benchmarks/side_by_side.py [--game one-card] [--tree NAME=PYTHONPATH ...] [--peer rlcard_uno_like_for_like]
[--reps 15] [--steps 10000] [--search]``

Each ``--tree`` (e.g. ``base=/tmp/base/src``, ``new=src``) gets a worker
process with that ``PYTHONPATH`` importing ``cardtable``; each ``--peer`` of
``bench_engine`` gets one too. Every repetition asks each worker in turn for
one pass over the same seeds (the step-cost loop of ``bench_engine``, process
CPU time), so the machine's load falls on all of them alike. Prints each
one's median µs per step with its spread, and the ratios of the medians to the
first peer and to the first tree.

With ``--search`` each tree's worker times the hard level's search instead:
``bench_bots.searched`` positions (8 a game), a fixed 20 iterations a decision
(``SearchBot(iterations=20)``), and prints µs per search iteration (an
iteration: one sampled state, every active candidate played out on it); the
ratio of two trees' medians is the inverse of their iterations per second.
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

SEARCH_WORKER = """
import gc, json, sys
from time import process_time
sys.path.insert(0, {here!r})
import bench_bots
from cardtable.bots import SearchBot, strategies
from cardtable.games import get_game
name, players = {name!r}, {players}
game = get_game(name)
kit = strategies(game).SEARCH
spots = bench_bots.searched(name, players, 8)
gc.collect(); gc.freeze()
print(json.dumps({{"ready": len(spots)}}), flush=True)
for line in sys.stdin:
    done, seconds = 0, 0.0
    for spot in spots:
        bot = SearchBot(game, kit, seed=spot.seed, iterations=20)
        started = process_time()
        bot.choose(spot.view, spot.events)
        seconds += process_time() - started
        done += bot.report.iterations
    print(json.dumps({{"us": seconds / done * 1e6, "steps": done}}), flush=True)
"""

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
    def __init__(
        self, label: str, loop: str, pythonpath: str | None, players: int, steps: int, search: bool = False
    ) -> None:
        env = dict(os.environ)
        if pythonpath is not None:
            env["PYTHONPATH"] = str(Path(pythonpath).resolve())
        template = SEARCH_WORKER if search else WORKER
        code = template.format(here=str(HERE), name=loop, players=players, steps=steps)
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
    parser.add_argument("--search", action="store_true", help="time the hard level's search iterations instead")
    args = parser.parse_args(argv)
    if args.search and args.peer:
        parser.error("--search compares trees only (a peer has no search)")
    workers = []
    for tree in args.tree or [f"current={os.environ.get('PYTHONPATH', '')}"]:
        label, _, path = tree.partition("=")
        workers.append(Worker(label, args.game, path or None, args.players, args.steps, args.search))
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
    unit, count = ("µs/iteration", "iterations") if args.search else ("µs/step", "steps")
    head = ["name", f"{unit} (median)", "min–max", count, f"÷ {first_tree}"] + ([f"÷ {anchor}"] if anchor else [])
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
