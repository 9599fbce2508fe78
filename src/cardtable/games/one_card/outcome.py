"""The end of a game of One-Card: places by the lowest total, points, the reasons."""

from __future__ import annotations

from ...core.engine import Outcome, places_from_keys
from ...core.words import plural
from .state import State


def outcome(state: State) -> Outcome:
    totals = state[0].totals  # (the table's)
    places = places_from_keys([-t for t in totals])
    best = min(totals)
    reasons = []
    for seat, (place, total) in enumerate(zip(places, totals, strict=True)):
        shared = [f"seat {s + 1}" for s, p in enumerate(places) if p == place and s != seat]
        if place == 1:
            reason = f"lowest total: {plural(total, 'point')}"
        else:
            reason = f"place {place} with {plural(total, 'point')} ({total - best} more than the lowest)"
        if shared:
            reason += f", tied with {' and '.join(shared)}"
        reasons.append(reason)
    return Outcome(places, totals, tuple(reasons))
