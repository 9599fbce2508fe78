"""How the hard level decides in One-Card: ``python benchmarks/one_card_departures.py GAMES``.

Plays GAMES two-player games (seeds 100, 101, ...) of hard (8 sampled states
per decision) against normal and counts, from each decision's ``bot.report``,
the forced decisions, those narrowed to the normal move, those searched (and
extended past 8 states on a close call), and those where the search chose
another move than the normal rules' (docs/bots.md, issue 15).
"""

from __future__ import annotations

import sys
from collections import Counter

from cardtable.bots import make_bot
from cardtable.games.one_card import GAME

SHARES = ("forced", "narrowed", "searched", "extended", "departed")


def count(games: int, iterations: int = 8) -> Counter:
    c: Counter = Counter()
    for g in range(games):
        state = GAME.new(2, seed=100 + g)
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
                c["decisions"] += 1
                if len(GAME.legal_moves(state, seat)) == 1:
                    c["forced"] += 1
                elif report.iterations == 0:
                    c["narrowed"] += 1
                else:
                    c["searched"] += 1
                    c["iterations"] += report.iterations
                    c["extended"] += report.iterations > iterations
                    c["departed"] += report.chosen != report.prior
            else:
                move = make_bot(GAME, "normal", seed=step).choose(view)
            state, events = GAME.apply(state, seat, move)
            for event in events:
                for s in range(2):
                    if event.visible(s):
                        seen[s].append(event)
    return c


if __name__ == "__main__":
    c = count(int(sys.argv[1]) if len(sys.argv) > 1 else 4)
    n = c["decisions"]
    print(f"{n} hard decisions: " + ", ".join(f"{k} {100 * c[k] / n:.1f}%" for k in SHARES))
    print(f"mean sampled states when searched: {c['iterations'] / max(1, c['searched']):.1f}")
