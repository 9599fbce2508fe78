"""``cardtable arena``: the command of the arena (the tournament itself, playing
the games and measuring them, is ``cardtable.bots.arena``).

``cardtable arena GAME --players N --seats LEVEL,LEVEL[,...] --games K
[--seed S] [--jobs J] [--budget SECONDS | --iterations N] [--option KEY=VALUE]
[--json]`` plays K games and prints, per level, the games it played, its win
rate with a 95% Wilson interval, its mean points and place, and its decision
time (median and 95th percentile).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from ..games import LEVELS
from .common import (
    GAMES,
    GAMES_HELP,
    MAX_GAMES,
    MAX_ITERATIONS,
    MAX_JOBS,
    PLAYERS,
    SEED,
    UsageError,
    bounded_int,
    checked_options,
    game_named,
    seconds,
)

#: The computer levels (the game registry's, which imports no engine) and the
#: hard level's default time budget, as in ``cardtable.bots`` (DEFAULT_BUDGET):
#: copied here so that building the parser imports no bot or engine
#: (tests/test_cli_light.py checks they agree).
ARENA_LEVELS: tuple[str, ...] = LEVELS
ARENA_DEFAULT_BUDGET = 1.0
#: the expert level's work as a multiple of hard's (``cardtable.bots.EXPERT_SCALE``)
ARENA_EXPERT_SCALE = 4
#: the search's decision rules (``cardtable.bots.RULES``)
ARENA_RULES: tuple[str, ...] = ("fixed", "bayes")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``cardtable arena`` (building them imports no bot or engine)."""
    parser.add_argument("game", help=GAMES_HELP)
    parser.add_argument("--players", type=PLAYERS, required=True, help="players per game")
    parser.add_argument(
        "--seats",
        required=True,
        metavar="LEVEL,LEVEL[,...]",
        help=f"the level of each seat ({', '.join(ARENA_LEVELS)}); rotated every game",
    )
    parser.add_argument("--games", type=GAMES, required=True, help=f"how many games to play (at most {MAX_GAMES:,})")
    parser.add_argument("--seed", type=SEED, default=0)
    parser.add_argument(
        "--jobs",
        type=bounded_int(1, MAX_JOBS),
        default=1,
        help=f"processes to spread the games over (at most {MAX_JOBS})",
    )
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument(
        "--budget",
        type=seconds,
        metavar="SECONDS",
        help=f"the hard level's time per decision (default {ARENA_DEFAULT_BUDGET:g})",
    )
    budget.add_argument(
        "--iterations",
        type=bounded_int(1, MAX_ITERATIONS),
        metavar="N",
        help="the hard level's sampled states per decision, instead of a time budget (reproducible)",
    )
    parser.add_argument(
        "--expert-iterations",
        type=bounded_int(1, MAX_ITERATIONS),
        metavar="N",
        help=f"the expert level's sampled states per decision (default {ARENA_EXPERT_SCALE}x --iterations; "
        f"without --iterations, {ARENA_EXPERT_SCALE}x the budget)",
    )
    parser.add_argument(
        "--rule",
        choices=ARENA_RULES,
        help="the search's decision rule, for measuring (default: each game's own)",
    )
    parser.add_argument("--option", action="append", metavar="KEY=VALUE", help="a game option")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from ..bots.arena import run_arena
    from ..core.words import plural
    from ..games import get_row

    game = game_named(args.game)
    opts = checked_options(game, args.players, args.option)
    seats = [s.strip().lower() for s in args.seats.split(",") if s.strip()]
    if len(seats) != args.players:
        raise UsageError(f"--seats lists {plural(len(seats), 'level')} for {plural(args.players, 'player')}")
    levels = get_row(game.id).levels  # the levels the game's registry row offers
    bad = [s for s in seats if s not in levels]
    if bad:
        raise UsageError(f"unknown level {bad[0]!r} in --seats (choose from {', '.join(levels)})")
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    if args.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    settings = search_settings(args, seats)
    options = opts.model_dump(mode="json")

    # progress goes to standard error (standard output stays one JSON object with --json):
    # a bar on a terminal, else a line now and then, so a long run never looks stuck
    console = Console(stderr=True, highlight=False)
    what = f"{game.name}, {plural(args.games, 'game')}: {', '.join(seats)}"
    setting = search_text(seats, settings, summary=False)
    if setting:
        what += f" ({setting})"
    console.print(f"arena: {what}", soft_wrap=True)
    report = ProgressLines(args.games, console)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=console, transient=True, disable=not console.is_terminal) as bar:
        task = bar.add_task("games", total=args.games)

        def advance(n: int) -> None:
            bar.advance(task, n)
            if not console.is_terminal:
                report.advance(n)

        summary = run_arena(game.id, args.players, seats, args.games, args.seed, args.jobs, options, settings, advance)
    if args.json:
        from .json_output import print_json

        print_json("arena", summary)
    else:
        print_table(game.name, summary)
    return 0 if summary["unfinished"] == 0 else 1


def search_settings(args: argparse.Namespace, seats: list[str]) -> dict[str, Any]:
    """The searching levels' settings the command line asks for (checked: a bad one is a usage error)."""
    settings: dict[str, Any] = {}
    if args.budget is not None:
        if not args.budget > 0:
            raise UsageError("--budget must be a positive number of seconds")
        settings["budget"] = args.budget
    if args.iterations is not None:
        if args.iterations < 1:
            raise UsageError("--iterations must be at least 1")
        settings["iterations"] = args.iterations
    if args.expert_iterations is not None:
        if "expert" not in seats:
            raise UsageError("--expert-iterations needs an expert seat")
        settings["expert_iterations"] = args.expert_iterations
    if args.rule is not None:
        settings["rule"] = args.rule
    return settings


def hard_text(hard: dict[str, Any]) -> str:
    """The hard level's setting in words: its time budget or its fixed work per decision."""
    from ..core.words import plural

    if hard.get("iterations") is not None:
        return f"{plural(hard['iterations'], 'sampled state')} per decision"
    return f"budget {hard.get('budget') or ARENA_DEFAULT_BUDGET:g} s per decision"


def search_text(seats: list[str], settings: dict[str, Any], summary: bool) -> str:
    """The search levels' work in words ("hard: 8 sampled states per decision; expert: 32 ..."),
    from the command's settings or from a summary's ``hard``/``expert`` entries."""
    parts = []
    for level in ("hard", "expert"):
        if level not in seats:
            continue
        if summary:
            own = settings.get(level, {})
        elif level == "hard":
            own = settings
        elif settings.get("expert_iterations") is not None:
            own = {"iterations": settings["expert_iterations"]}
        elif settings.get("iterations") is not None:
            own = {"iterations": settings["iterations"] * ARENA_EXPERT_SCALE}
        else:
            own = {"budget": (settings.get("budget") or ARENA_DEFAULT_BUDGET) * ARENA_EXPERT_SCALE}
        parts.append(f"{level}: {hard_text(own)}")
    if parts and settings.get("rule"):
        parts.append(f"decision rule {settings['rule']}")
    return "; ".join(parts)


class ProgressLines:
    """Progress as plain lines (when standard error is not a terminal): at most one
    every ``every`` seconds, and one at the end."""

    def __init__(self, total: int, console: Any, every: float = 10.0) -> None:
        self.total, self.console, self.every = total, console, every
        self.done = 0
        self.started = self.last = time.perf_counter()

    def advance(self, n: int) -> None:
        self.done += n
        now = time.perf_counter()
        if self.done >= self.total or now - self.last >= self.every:
            self.last = now
            self.console.print(f"arena: {self.done}/{self.total} games played, {now - self.started:.1f} s")


def print_table(name: str, summary: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    from ..core.words import plural

    notes = []
    setting = search_text(summary["seats"], summary, summary=True)
    if setting:
        notes.append(setting)
    notes.append(f"total {summary['seconds']:.1f} s")
    if summary["unfinished"]:
        notes.append(f"{summary['unfinished']} unfinished")
    table = Table(
        title=(
            f"{name}: {plural(summary['games'], 'game')}, {plural(summary['players'], 'player')}, "
            f"seats {','.join(summary['seats'])}, seed {summary['seed']}"
        ),
        caption="; ".join(notes),
    )
    columns = ("level", "games", "wins", "win %", "95% CI", "pts", "place", "ms med", "ms p95")
    for column in columns:
        table.add_column(
            column, justify="left" if column == "level" else "right", min_width=10 if column == "95% CI" else None
        )
    for level, s in summary["levels"].items():
        lo, hi = s["ci95"]
        table.add_row(
            level,
            str(s["games"]),
            str(s["wins"]),
            f"{100 * s['win_rate']:.1f}",
            f"{100 * lo:.1f}–{100 * hi:.1f}",
            f"{s['mean_points']:.1f}",
            f"{s['mean_place']:.2f}",
            f"{s['decision_ms']['median']:.1f}",
            f"{s['decision_ms']['p95']:.1f}",
        )
    Console().print(table)
