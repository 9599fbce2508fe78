"""The search levels' decision time at their default budgets (issue 15): hard
(1 s) and expert (4 s) on the same positions where the search runs (positions
of games played by the normal rules, ``bench_bots.searched``), wall time per
decision, median, 95th percentile and maximum, with each game's own decision
rule and the other one (``rule``). A decision the game narrows to one move is
made at once, so over a whole game the median is lower than here.

    python benchmarks/expert_time.py [POSITIONS [GAME ...]] [--players N]

``GAME`` limits the run to those games (default: every game); ``--players``
sets the number of players of the games the positions come from (default 2).

Expert is measured in every game, offered there or not (the registry row is
overridden for the run)."""

from __future__ import annotations

import statistics
import sys
from time import perf_counter

import bench_bots as bb


def p95(times: list[float]) -> float:
    """The 95th percentile (the largest value with fewer than 20 figures)."""
    if len(times) < 20:
        return max(times)
    return statistics.quantiles(times, n=20, method="inclusive")[-1]


def main(count: int = 4, only: tuple[str, ...] = (), players: int = 2) -> None:
    from cardtable import games
    from cardtable.bots import make_bot
    from cardtable.games import available_games, get_row

    for game in available_games():
        if only and game.id not in only:
            continue
        games.ROWS[game.id] = get_row(game.id)._replace(expert=True)
        spots = bb.searched(game.id, players, count)
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
                    f"p95 {p95(times):.2f} s, max {max(times):.2f} s, states {statistics.median(samples):.0f} (median of {len(spots)})",
                    flush=True,
                )


if __name__ == "__main__":
    args = sys.argv[1:]
    players = 2
    if "--players" in args:
        at = args.index("--players")
        players = int(args[at + 1])
        del args[at : at + 2]
    main(int(args[0]) if args else 4, tuple(args[1:]), players)
