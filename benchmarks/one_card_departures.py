"""How the hard level decides in One-Card: ``python benchmarks/one_card_departures.py GAMES``.

Plays GAMES two-player games (seeds 100, 101, ...) of hard (8 sampled states
per decision) against normal and counts, from each decision's ``bot.report``,
the forced decisions, those narrowed to the normal move, those searched (and
extended past 8 states on a close call), and those where the search chose
another move than the normal rules' (docs/bots.md, issue 15).
"""
import collections, sys
from cardtable.games.one_card import GAME
from cardtable.bots import make_bot
c = collections.Counter()
for seed in range(int(sys.argv[1])):
    state = GAME.new(2, seed=100 + seed); seen = [[], []]
    for step in range(3000):
        if GAME.is_over(state): break
        seat = GAME.to_act(state)[0]; view = GAME.view(state, seat)
        if seat == 0:
            bot = make_bot(GAME, "hard", seed=step, iterations=8)
            move = bot.choose(view, tuple(seen[seat])); r = bot.report
            c["decisions"] += 1
            if len(GAME.legal_moves(state, seat)) == 1: c["forced"] += 1
            elif r.iterations == 0: c["narrowed"] += 1
            else:
                c["searched"] += 1; c["iterations"] += r.iterations
                if r.iterations > 8: c["extended"] += 1
                if r.chosen != r.prior: c["departed"] += 1
        else:
            move = make_bot(GAME, "normal", seed=step).choose(view)
        state, events = GAME.apply(state, seat, move)
        for e in events:
            for s in range(2):
                if e.visible(s): seen[s].append(e)
n = c["decisions"]
print({k: v for k, v in c.items()}, {k: f"{100*c[k]/n:.1f}%" for k in ("forced", "narrowed", "searched", "departed", "extended")}, "mean iterations when searched", round(c["iterations"]/max(1,c["searched"]),1))
