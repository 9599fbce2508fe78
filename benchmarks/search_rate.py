"""The hard level's search iterations per second in one source tree, for
comparing trees side by side (issue 15: "at least 2x today's in the same run").

    PYTHONPATH=TREE/src python benchmarks/search_rate.py GAME PLAYERS

prints the iterations per second of the tree's shipped hard kit (20 sampled
states per decision, process CPU time) on 6 positions where that tree's
search runs (``bench_bots.searched``: games of the normal rules, the same
seeds in every tree), and the number of positions. It uses only what every
version of the kit has (``SearchBot``, ``SearchKit``), so an old tree runs it
too: run it alternately on the old tree and the new one, a few times each,
and compare medians. The positions are those each tree's kit searches, so
where the two kits search in different places the figures are the same kind
of work, not the very same positions.
"""

from __future__ import annotations

import sys
from pathlib import Path
from time import process_time

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_bots  # noqa: E402
from cardtable.bots import SearchBot, strategies  # noqa: E402
from cardtable.games import get_game  # noqa: E402


def rate(game_id: str, players: int, positions: int = 6, iterations: int = 20) -> tuple[float, int]:
    spots = bench_bots.searched(game_id, players, positions)
    game = get_game(game_id)
    kit = strategies(game).SEARCH
    done, seconds = 0, 0.0
    for spot in spots:
        bot = SearchBot(game, kit, seed=spot.seed, iterations=iterations)
        started = process_time()
        bot.choose(spot.view, spot.events)
        seconds += process_time() - started
        done += bot.report.iterations
    return round(done / seconds, 1), len(spots)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: PYTHONPATH=TREE/src python benchmarks/search_rate.py GAME PLAYERS")
    per_second, count = rate(sys.argv[1], int(sys.argv[2]))
    print(per_second, count)
