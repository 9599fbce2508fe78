"""A greedy search for the hard rules' weights with more players:
``python benchmarks/one_card_tune_many.py [GAMES] [PLAYERS] ['{"danger": 1}'] [ROUNDS] [KNOBS]``.

From the starting weights (JSON, changes from the normal rules'; default the
hard level's for PLAYERS), each round moves every knob of ``Weights`` up and
down alone (the steps below), plays each variant GAMES self-play games
(``one_card_tuning.win_rate``: one player of the rules against normal
players, seed 1) and keeps the best variant if it beats the current weights
by more than one point of win rate; it stops when no variant does, or after
ROUNDS rounds. It prints every variant's figure, then the weights it ended
with, measured again on the next GAMES games (seed 2, not used to choose
them). KNOBS (comma-separated) limits the search to those knobs. docs/bots.md ("One-Card with four players") gives the runs.
"""

from __future__ import annotations

import dataclasses
import json
import sys

from one_card_tuning import win_rate

from cardtable.bots.one_card_playout import NORMAL, hard_weights

STEPS = {
    "danger": (1, 1),
    "points_danger": (0.5, 0.5),
    "follow_danger": (1.0, 1.0),
    "points_calm": (0.3, 0.3),
    "follow_calm": (1.0, 1.0),
    "seven": (10.0, 10.0),
    "seven_last": (5.0, 5.0),
    "three": (10.0, 10.0),
    "three_danger": (10.0, 10.0),
    "attack_next": (10.0, 10.0),
    "attack_calm": (10.0, 10.0),
    "king_follow": (3.0, 3.0),
    "king_alone": (5.0, 5.0),
    "last_seven": (10.0, 10.0),
    "jack_threat": (10.0, 10.0),
    "jack_many": (5.0, 5.0),
    "queen_threat": (10.0, 10.0),
}


def changes(weights) -> dict:
    return {f.name: getattr(weights, f.name) for f in dataclasses.fields(weights) if getattr(weights, f.name) != getattr(NORMAL, f.name)}


def main(games: int, players: int, start, rounds: int, knobs: list[str]) -> None:
    current = start
    best = win_rate(current, games, players)[0]
    print(f"start {changes(current)}: {100 * best:.1f}%", flush=True)
    for _ in range(rounds):
        trials = []
        for name in knobs:
            down, up = STEPS[name]
            value = getattr(current, name)
            for new in (value - down, value + up):
                if name == "danger" and new < 1:
                    continue
                variant = dataclasses.replace(current, **{name: type(value)(new)})
                rate = win_rate(variant, games, players)[0]
                print(f"  {name}={new}: {100 * rate:.1f}%", flush=True)
                trials.append((rate, variant))
        rate, variant = max(trials, key=lambda t: t[0])
        if rate <= best + 0.01:
            break
        best, current = rate, variant
        print(f"kept {changes(current)}: {100 * best:.1f}%", flush=True)
    check = win_rate(current, games, players, seed=2)
    print(f"end {json.dumps(changes(current))}: {100 * best:.1f}% (seed 1), {100 * check[0]:.1f}% "
          f"({100 * check[1]:.1f}-{100 * check[2]:.1f}%) on seed 2")


if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1500
    players = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    spec = sys.argv[3] if len(sys.argv) > 3 else "hard"
    rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 6
    start = hard_weights(players) if spec == "hard" else dataclasses.replace(NORMAL, **json.loads(spec))
    knobs = sys.argv[5].split(",") if len(sys.argv) > 5 else list(STEPS)
    main(games, players, start, rounds, knobs)
