"""The arena's tournament: computer players against each other, measured
(the command, ``cardtable arena``, is ``cardtable.commands.arena``).

``cardtable arena GAME --players N --seats LEVEL,LEVEL[,...] --games K
[--seed S] [--jobs J] [--budget SECONDS | --iterations N] [--expert-iterations N]
[--rule RULE] [--option KEY=VALUE] [--json]`` plays K games and prints, per level, the games it played, its win
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

The expert level gets :data:`~cardtable.bots.EXPERT_SCALE` times hard's work:
four times its budget, or four times its ``--iterations`` (unless
``--expert-iterations`` says otherwise; :func:`level_settings`). For every
search level the summary gives the sampled states of its searched decisions
(``samples``: how many were searched and their mean), so two decision rules
can be compared at equal work.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from ..games import get_game
from ..simulate import game_seed
from . import DEFAULT_BUDGET, EXPERT_BUDGET, EXPERT_SCALE, decision_seed, make_bot

MOVE_CAP = 100_000
#: what makes the player of a seat that is not a computer level: ``maker(game, seed)``
Maker = Callable[[Any, int], Any]


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
    samples: tuple[tuple[int, ...], ...] = ()  # per seat: the sampled states of each searched decision


@dataclass
class LevelStats:
    games: int = 0
    wins: int = 0
    points: int = 0
    places: int = 0
    firsts: int = 0  # games in (a shared) first place: in Shed, going out first
    decision_ms: list[float] = field(default_factory=list)
    samples: list[int] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        lo, hi = wilson(self.wins, self.games)
        extra = {}
        if self.samples:
            extra["samples"] = {
                "searched": len(self.samples),
                "mean": round(sum(self.samples) / len(self.samples), 2),
                "per_decision": round(sum(self.samples) / len(self.decision_ms), 3),
            }
        return {
            "games": self.games,
            "wins": self.wins,
            "win_rate": round(self.wins / self.games, 4) if self.games else 0.0,
            "ci95": [round(lo, 4), round(hi, 4)],
            "mean_points": round(self.points / self.games, 2) if self.games else 0.0,
            "mean_place": round(self.places / self.games, 3) if self.games else 0.0,
            # first places (shared ones count), with their 95% interval: the same as the
            # win rate in a game whose only winner is the first place; in Shed, where
            # everyone but the last wins, the share of games the level went out first
            "firsts": self.firsts,
            "first_rate": round(self.firsts / self.games, 4) if self.games else 0.0,
            "first_ci95": [round(x, 4) for x in wilson(self.firsts, self.games)],
            "decision_ms": {
                "median": round(percentile(self.decision_ms, 50), 3),
                "p95": round(percentile(self.decision_ms, 95), 3),
            },
            "decisions": len(self.decision_ms),
        } | extra


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


def level_settings(level: str, settings: dict[str, Any]) -> dict[str, Any]:
    """The settings ``level``'s bots get from the arena's: expert gets
    ``EXPERT_SCALE`` times hard's budget or sampled states (``expert_iterations``
    if given); ``rule`` (the decision rule) goes to both search levels."""
    if level == "hard":
        return {k: v for k, v in settings.items() if k in ("budget", "iterations", "rule")}
    if level != "expert":
        return {}
    out = {"rule": settings["rule"]} if settings.get("rule") is not None else {}
    if settings.get("expert_iterations") is not None:
        out["iterations"] = settings["expert_iterations"]
    elif settings.get("iterations") is not None:
        out["iterations"] = settings["iterations"] * EXPERT_SCALE
    elif settings.get("budget") is not None:
        out["budget"] = settings["budget"] * EXPERT_SCALE
    return out


def search_setting(level: str, settings: dict[str, Any]) -> dict[str, Any]:
    """A search level's work per decision, for the summary: ``{"iterations": N}`` or ``{"budget": S}``."""
    own = level_settings(level, settings)
    if own.get("iterations") is not None:
        return {"iterations": own["iterations"]}
    default = DEFAULT_BUDGET if level == "hard" else EXPERT_BUDGET
    return {"budget": own.get("budget") or default}


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
    makers: Mapping[str, Maker] | None = None,
) -> GameResult:
    """Play arena game ``index`` of a run with ``seed``; everything follows from these.
    A seat whose name is in ``makers`` is played by what its maker makes (``maker(game,
    seed)``: anything with a bot's ``choose(view, events)``, e.g. an outside policy)."""
    game = get_game(game_id)
    levels = seat_levels(seats, index)
    deal = game_seed(seed, index // players)
    state, opening = game.start(players, options, seed=deal)
    # the events each seat could see, from the deal's on (the players read them: the arena asks for them)
    seen: list[list[Any]] = [[event for event in opening if event.visible(s)] for s in range(players)]
    times: list[list[float]] = [[] for _ in range(players)]
    samples: list[list[int]] = [[] for _ in range(players)]
    own = {level: level_settings(level, settings) for level in set(levels)}
    moves = 0
    while not game.is_over(state) and moves < MOVE_CAP:
        seat = game.to_act(state)[0]
        maker = (makers or {}).get(levels[seat])
        decision = decision_seed(seed, index, seat, moves)
        bot = maker(game, decision) if maker else make_bot(game, levels[seat], decision, **own[levels[seat]])
        view = game.view(state, seat)
        tick = time.perf_counter()
        move = bot.choose(view, tuple(seen[seat]))
        times[seat].append((time.perf_counter() - tick) * 1000)
        report = getattr(bot, "report", None)
        if report is not None and report.iterations:
            samples[seat].append(report.iterations)
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
    return GameResult(
        index, levels, finished, places, points, wins, tuple(map(tuple, times)), moves, tuple(map(tuple, samples))
    )


def _play_batch(args: tuple) -> list[GameResult]:
    game_id, players, options, seats, seed, indices, settings, makers = args
    return [play_game(game_id, players, options, seats, seed, i, settings, makers) for i in indices]


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
    makers: Mapping[str, Maker] | None = None,
) -> dict[str, Any]:
    """Play ``games`` games and return the summary (the ``--json`` object); ``makers``:
    the players of seats that are not computer levels (see :func:`play_game`; with
    ``jobs`` > 1 they must pickle)."""
    options = dict(options or {})
    settings = dict(settings or {})
    started = time.perf_counter()
    results: list[GameResult] = []
    if jobs <= 1:
        for index in range(games):
            results.append(play_game(game_id, players, options, seats, seed, index, settings, makers))
            if progress:
                progress(1)
    else:
        batch = max(1, min(8, games // (jobs * 4) or 1))
        chunks = [list(range(i, min(i + batch, games))) for i in range(0, games, batch)]
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [
                pool.submit(_play_batch, (game_id, players, options, tuple(seats), seed, chunk, settings, makers))
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
            if result.samples:
                s.samples.extend(result.samples[seat])
            if not result.finished:
                continue
            s.games += 1
            s.wins += result.wins[seat]
            s.points += result.points[seat]
            s.places += result.places[seat]
            s.firsts += result.places[seat] == 1
    hard = search_setting("hard", settings)
    extra = {"expert": search_setting("expert", settings)} if "expert" in seats else {}
    if settings.get("rule") is not None:
        extra["rule"] = settings["rule"]
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
    } | extra
