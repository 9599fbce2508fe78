"""The search levels' decision time at their default budgets (issue 15): hard
(1 s) and expert (4 s) on the same positions where the search runs (positions
of games played by the normal rules, ``bench_bots.searched``), wall time per
decision, median and maximum, with each game's own decision rule and the
other one (``rule``). A decision the game narrows to one move is made at once,
so over a whole game the median is lower than here.

    python benchmarks/expert_time.py [POSITIONS]

Expert is measured in every game, offered there or not (the registry row is
overridden for the run)."""

from __future__ import annotations

import statistics
import sys
from time import perf_counter

import bench_bots as bb


def main(count: int = 4) -> None:
    from cardtable import games
    from cardtable.bots import make_bot
    from cardtable.games import available_games, get_row

    for game in available_games():
        games.ROWS[game.id] = get_row(game.id)._replace(expert=True)
        spots = bb.searched(game.id, 2, count)
        for level in ("hard", "expert"):
            for rule in ("fixed", "bayes"):
                times, samples = [], []
                for spot in spots:
                    bot = make_bot(game, level, seed=spot.seed, rule=rule)
                    started = perf_counter()
                    bot.choose(spot.view, spot.events)
                    times.append(perf_counter() - started)
                    samples.append(bot.report.iterations)
                print(
                    f"{game.id:13} {level:6} {rule:5} median {statistics.median(times):.2f} s, "
                    f"max {max(times):.2f} s, states {statistics.median(samples):.0f} (median of {len(spots)})",
                    flush=True,
                )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 4)
