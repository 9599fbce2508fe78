"""Search iterations per second of One-Card's hard level, for the kit variants
named on the command line: ``python benchmarks/one_card_belief_rate.py PLAYERS
KIT...``, KIT one of ``shipped`` (``one_card.SEARCH``), and where the code has
them ``reject`` (rejection sampling of the choice evidence), ``weight``
(importance weighting), ``sir8`` (sampling importance resampling from 8 deals).
As ``bench_bots.iteration_rates`` measures: 20 iterations per decision on
``bench_bots.searched("one-card", PLAYERS, 6)``, process CPU time. Run from a
worktree's root (it imports that worktree's ``benchmarks/bench_bots.py``), so an
older commit's worktree can be measured with this script in the same run
(docs/notes/ocbelief.md)."""
import sys, dataclasses
from time import process_time
sys.path.insert(0, "benchmarks")
import bench_bots as bb
from cardtable.bots import SearchBot
from cardtable.bots import one_card, one_card_evidence as ev
from cardtable.games import get_game

players = int(sys.argv[1])
names = sys.argv[2:]
game = get_game("one-card")
spots = bb.searched("one-card", players, 6)
kits = {"shipped": one_card.SEARCH}
if hasattr(ev, "deal"):
    kits["reject"] = dataclasses.replace(one_card.SEARCH, resample=ev.resample, weight=None)
    kits["weight"] = dataclasses.replace(one_card.SEARCH, resample=ev.deal, weight=ev.weight)
    kits["sir8"] = dataclasses.replace(one_card.SEARCH, resample=ev.resampled(8), weight=None)
out = []
for name in names:
    k = kits[name]
    done, seconds = 0, 0.0
    for spot in spots:
        bot = SearchBot(game, k, seed=spot.seed, iterations=20)
        t = process_time()
        bot.choose(spot.view, spot.events)
        seconds += process_time() - t
        done += bot.report.iterations
    out.append(f"{name}={done / seconds:.1f}")
print(" ".join(out), flush=True)
