"""Are the hard level's departures from its prior good? Judged from the real hands:
``python benchmarks/one_card_oracle.py GAMES ITERATIONS ROLLOUTS``.

Plays GAMES two-player games (seeds 300, 301, ...) of hard (ITERATIONS sampled
states per decision) against normal. At every decision where the search chose
another move than its prior, both moves are judged from the engine's real
state, which the bot never sees: ROLLOUTS pairs of playouts to the end of the
hand, the hands as they are and only the draw pile shuffled again, the hard
rules playing for the searching seat and the normal rules for the other, the
end scored by the search's own value. It prints each departure's mean gain
(with its standard error) by kind (under an attack, facing a Jack, near the
end of a hand, elsewhere) and the means per kind: a measurement of the
search's decisions with the belief error taken away (docs/bots.md, issue 15).
"""

from __future__ import annotations

import dataclasses
import random
import statistics
import sys

from cardtable.bots import make_bot
from cardtable.bots.one_card import hand_over, value
from cardtable.bots.one_card_playout import playout_hard, playout_normal
from cardtable.games.one_card import GAME


def rollout(start, state, me: int, rng: random.Random) -> float:
    for _ in range(1500):
        if GAME.is_over(state) or hand_over(start, state):
            break
        seat = GAME.to_act(state)[0]
        moves = GAME.legal_moves(state, seat)
        policy = playout_hard if seat == me else playout_normal
        move = moves[0] if len(moves) == 1 else policy(state, seat, moves, rng)
        state, _ = GAME.perform(state, seat, move)
    return value(GAME, state, me)


def judge(state, me: int, a, b, rollouts: int, rng: random.Random) -> tuple[float, float]:
    """Mean and standard error of (value after ``a``) - (value after ``b``) from ``state``."""
    diffs = []
    for _ in range(rollouts):
        pile = list(state.pile)
        rng.shuffle(pile)
        start = dataclasses.replace(state, pile=tuple(pile))
        stream = rng.getrandbits(64)
        va = rollout(start, GAME.perform(start, me, a)[0], me, random.Random(stream))
        vb = rollout(start, GAME.perform(start, me, b)[0], me, random.Random(stream))
        diffs.append(va - vb)
    return statistics.mean(diffs), statistics.stdev(diffs) / len(diffs) ** 0.5


def kind(state) -> str:
    if state.mode.pending:
        return "attack"
    if state.mode.jack:
        return "jack"
    return "end" if min(len(h) for h in state.hands) <= 3 else "elsewhere"


def main(games: int, iterations: int, rollouts: int) -> None:
    rng = random.Random(5)
    gains: dict[str, list[float]] = {}
    for g in range(games):
        state = GAME.new(2, seed=300 + g)
        seen: list[list] = [[], []]
        for step in range(3000):
            if GAME.is_over(state):
                break
            seat = GAME.to_act(state)[0]
            view = GAME.view(state, seat)
            if seat == 0:
                bot = make_bot(GAME, "hard", seed=step, iterations=iterations)
                move = bot.choose(view, tuple(seen[seat]))
                report = bot.report
                if report.iterations and report.chosen != report.prior:
                    gain, se = judge(state, 0, report.chosen, report.prior, rollouts, rng)
                    k = kind(state)
                    gains.setdefault(k, []).append(gain)
                    prior, chosen = GAME.describe_move(report.prior), GAME.describe_move(report.chosen)
                    print(f"game {g} {k:9s} {prior:26s} -> {chosen:26s} gain {gain:+.3f} ± {se:.3f}", flush=True)
            else:
                move = make_bot(GAME, "normal", seed=step).choose(view)
            state, events = GAME.apply(state, seat, move)
            for event in events:
                for s in range(2):
                    if event.visible(s):
                        seen[s].append(event)
    for k, v in gains.items():
        print(f"{k}: {len(v)} departures, mean gain {statistics.mean(v):+.4f}, {sum(x > 0 for x in v)} positive")


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:4]]
    main(*(args + [3, 8, 150][len(args):]))
