"""The arena: computer players against each other (``cardtable arena``).

``cardtable arena GAME --players N --seats LEVEL,LEVEL[,...] --games K
[--seed S] [--jobs J] [--budget SECONDS | --iterations N] [--option KEY=VALUE]
[--json]`` plays K games and prints, per level, the games it played, its win
rate with a 95% Wilson interval, its mean points and place, and its decision
time (median and 95th percentile).

Fairness: game ``i`` deals deal number ``i // N`` and seats the levels rotated
by ``i % N`` places, so every level plays every deal from every seat as often
as the others (exactly, when K is a multiple of N). A level listed in several
seats counts once per seat: its "games" are seat-games.

A win is what the game's ``Outcome.winners()`` says, as on the game-over
screen and in the statistics: a (shared) first place, and in Shed every player
who got rid of all their cards.

Reproducibility: every game's deal and every bot's random choices come from
the seed and the game's index, never from the process that played it, so the
same seed gives the same results whatever ``--jobs`` is. The hard level's
time budget is the one exception: how far it searches depends on the
machine's speed; ``--iterations`` fixes its work, and its play, exactly.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from .bots import DEFAULT_BUDGET, decision_seed, make_bot
from .core.words import plural
from .games import get_game, get_row
from .simulate import game_seed

MOVE_CAP = 100_000


@dataclass
class GameResult:
    """One arena game: the level in each seat and how each seat did."""

    index: int
    levels: tuple[str, ...]
    finished: bool
    places: tuple[int, ...]
    points: tuple[int, ...]
    wins: tuple[bool, ...]
    decision_ms: tuple[tuple[float, ...], ...]  # per seat
    moves: int


@dataclass
class LevelStats:
    games: int = 0
    wins: int = 0
    points: int = 0
    places: int = 0
    decision_ms: list[float] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        lo, hi = wilson(self.wins, self.games)
        return {
            "games": self.games,
            "wins": self.wins,
            "win_rate": round(self.wins / self.games, 4) if self.games else 0.0,
            "ci95": [round(lo, 4), round(hi, 4)],
            "mean_points": round(self.points / self.games, 2) if self.games else 0.0,
            "mean_place": round(self.places / self.games, 3) if self.games else 0.0,
            "decision_ms": {
                "median": round(percentile(self.decision_ms, 50), 3),
                "p95": round(percentile(self.decision_ms, 95), 3),
            },
            "decisions": len(self.decision_ms),
        }


def wilson(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile by linear interpolation (0 for no values)."""
    if not values:
        return 0.0
    data = sorted(values)
    if len(data) == 1:
        return data[0]
    pos = (len(data) - 1) * q / 100
    lo = math.floor(pos)
    hi = min(lo + 1, len(data) - 1)
    return data[lo] + (data[hi] - data[lo]) * (pos - lo)


def seat_levels(seats: Sequence[str], index: int) -> tuple[str, ...]:
    """The level in each seat for game ``index``: the list rotated by ``index`` places."""
    n = len(seats)
    return tuple(seats[(s + index) % n] for s in range(n))


def play_game(
    game_id: str,
    players: int,
    options: dict[str, Any],
    seats: Sequence[str],
    seed: int,
    index: int,
    settings: dict[str, Any],
) -> GameResult:
    """Play arena game ``index`` of a run with ``seed``; everything follows from these."""
    game = get_game(game_id)
    levels = seat_levels(seats, index)
    deal = game_seed(seed, index // players)
    state = game.new(players, options, seed=deal)
    seen: list[list[Any]] = [[] for _ in range(players)]  # the events each seat could see
    times: list[list[float]] = [[] for _ in range(players)]
    moves = 0
    while not game.is_over(state) and moves < MOVE_CAP:
        seat = game.to_act(state)[0]
        bot = make_bot(game, levels[seat], decision_seed(seed, index, seat, moves), **settings)
        view = game.view(state, seat)
        tick = time.perf_counter()
        move = bot.choose(view, tuple(seen[seat]))
        times[seat].append((time.perf_counter() - tick) * 1000)
        state, events = game.apply(state, seat, move)
        for event in events:
            for s in range(players):
                if event.visible(s):
                    seen[s].append(event)
        moves += 1
    finished = game.is_over(state)
    if finished:
        outcome = game.outcome(state)
        places, points = tuple(outcome.places), tuple(outcome.points)
        winners = outcome.winners()  # the one definition of who won
        wins = tuple(seat in winners for seat in range(players))
    else:
        places, points, wins = (players,) * players, (0,) * players, (False,) * players
    return GameResult(index, levels, finished, places, points, wins, tuple(map(tuple, times)), moves)


def _play_batch(args: tuple) -> list[GameResult]:
    game_id, players, options, seats, seed, indices, settings = args
    return [play_game(game_id, players, options, seats, seed, i, settings) for i in indices]


def run_arena(
    game_id: str,
    players: int,
    seats: Sequence[str],
    games: int,
    seed: int = 0,
    jobs: int = 1,
    options: dict[str, Any] | None = None,
    settings: dict[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Play ``games`` games and return the summary (the ``--json`` object)."""
    options = dict(options or {})
    settings = dict(settings or {})
    started = time.perf_counter()
    results: list[GameResult] = []
    if jobs <= 1:
        for index in range(games):
            results.append(play_game(game_id, players, options, seats, seed, index, settings))
            if progress:
                progress(1)
    else:
        batch = max(1, min(8, games // (jobs * 4) or 1))
        chunks = [list(range(i, min(i + batch, games))) for i in range(0, games, batch)]
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [
                pool.submit(_play_batch, (game_id, players, options, tuple(seats), seed, chunk, settings))
                for chunk in chunks
            ]
            for future in as_completed(futures):
                done = future.result()
                results.extend(done)
                if progress:
                    progress(len(done))
        results.sort(key=lambda r: r.index)
    return summarize(game_id, players, seats, games, seed, options, settings, results, time.perf_counter() - started)


def summarize(game_id, players, seats, games, seed, options, settings, results, seconds) -> dict[str, Any]:
    stats: dict[str, LevelStats] = {}
    for level in seats:
        stats.setdefault(level, LevelStats())
    for result in results:
        for seat, level in enumerate(result.levels):
            s = stats[level]
            s.decision_ms.extend(result.decision_ms[seat])
            if not result.finished:
                continue
            s.games += 1
            s.wins += result.wins[seat]
            s.points += result.points[seat]
            s.places += result.places[seat]
    hard = {"budget": settings.get("budget") or DEFAULT_BUDGET} if settings.get("iterations") is None else {
        "iterations": settings["iterations"]
    }
    return {
        "game": game_id,
        "players": players,
        "games": games,
        "seed": seed,
        "seats": list(seats),
        "options": options,
        "hard": hard,
        "unfinished": sum(not r.finished for r in results),
        "mean_moves": round(sum(r.moves for r in results) / len(results), 1) if results else 0.0,
        "seconds": round(seconds, 2),
        "levels": {level: s.as_json() for level, s in stats.items()},
    }


# -- the command ---------------------------------------------------------------
def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``cardtable arena`` (defined in ``cardtable.cli``, which
    builds its parser without importing this module)."""
    from .cli import add_arena_arguments

    add_arena_arguments(parser)


def run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from .cli import UsageError, _checked_options, _game

    game = _game(args.game)
    opts = _checked_options(game, args.players, args.option)
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
    settings: dict[str, Any] = {}
    if args.budget is not None:
        if not args.budget > 0:
            raise UsageError("--budget must be a positive number of seconds")
        settings["budget"] = args.budget
    if args.iterations is not None:
        if args.iterations < 1:
            raise UsageError("--iterations must be at least 1")
        settings["iterations"] = args.iterations
    options = opts.model_dump(mode="json")

    # progress goes to standard error (standard output stays one JSON object with --json):
    # a bar on a terminal, else a line now and then, so a long run never looks stuck
    console = Console(stderr=True, highlight=False)
    what = f"{game.name}, {plural(args.games, 'game')}: {', '.join(seats)}"
    if "hard" in seats:
        what += f" (hard: {hard_text(settings)})"
    console.print(f"arena: {what}", soft_wrap=True)
    report = ProgressLines(args.games, console)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=console, transient=True, disable=not console.is_terminal) as bar:
        task = bar.add_task("games", total=args.games)

        def advance(n: int) -> None:
            bar.advance(task, n)
            if not console.is_terminal:
                report.advance(n)

        summary = run_arena(
            game.id, args.players, seats, args.games, args.seed, args.jobs, options, settings, advance
        )
    if args.json:
        print(json.dumps(summary))
    else:
        print_table(game.name, summary)
    return 0 if summary["unfinished"] == 0 else 1


def hard_text(hard: dict[str, Any]) -> str:
    """The hard level's setting in words: its time budget or its fixed work per decision."""
    if hard.get("iterations") is not None:
        return f"{plural(hard['iterations'], 'sampled state')} per decision"
    return f"budget {hard.get('budget') or DEFAULT_BUDGET:g} s per decision"


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

    notes = []
    if "hard" in summary["seats"]:
        notes.append(f"hard: {hard_text(summary['hard'])}")
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
