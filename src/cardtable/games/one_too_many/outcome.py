"""Final places and the reasons for them.

Most points wins. Between equal scores the last round decides: a player who
passed ranks above one who did not, and of two who passed the earlier pass
ranks higher (same turn: still tied). Of two who did not pass, the one who
scored more in the last round ranks higher. Players still tied share.
"""

from __future__ import annotations

from ...core.engine import Outcome, places_from_keys
from ...core.words import plural
from .state import OneTooManyState

_ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}


def ordinal(n: int) -> str:
    return _ORDINALS.get(n, f"{n}th")


def rank_key(state: OneTooManyState, seat: int) -> tuple[int, int, int]:
    """A larger key ranks higher."""
    turn = state.passed_on[seat]
    if turn:
        return (state.scores[seat], 1, -turn)
    return (state.scores[seat], 0, state.round_points[seat])


def _last_round(state: OneTooManyState, seat: int) -> str:
    turn = state.passed_on[seat]
    if turn:
        return f"seat {seat + 1} passed on turn {turn}"
    return f"seat {seat + 1} did not pass and scored {state.round_points[seat]}"


def _names(seats: list[int]) -> str:
    names = [f"seat {s + 1}" for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def reason(state: OneTooManyState, seat: int, places: tuple[int, ...], keys: list[tuple[int, int, int]]) -> str:
    score = state.scores[seat]
    place = places[seat]
    head = f"{ordinal(place)} with {plural(score, 'point')}"
    tied = [s for s in range(state.players) if s != seat and state.scores[s] == score]
    if not tied:
        return head + "."
    same = [s for s in tied if keys[s] == keys[seat]]
    group = sorted([seat, *tied])
    facts = ", ".join(_last_round(state, s) for s in group)
    rules = []
    passers = [s for s in group if state.passed_on[s]]
    if len(passers) > 1:
        rules.append("an earlier pass ranks higher")
    if passers and len(passers) < len(group):
        rules.append("not passing ranks below passing")
    if len(group) - len(passers) > 1:
        rules.append("more points in the last round ranks higher among those who did not pass")
    text = f"{head}, tied on points with {_names(tied)}; the last round decides: {facts}"
    if rules:
        text += "; " + (rules[0] if len(rules) == 1 else ", ".join(rules[:-1]) + " and " + rules[-1])
    if same:
        text += f"; still tied with {_names(same)}, so the place is shared"
    return text + "."


def outcome(state: OneTooManyState) -> Outcome:
    keys = [rank_key(state, seat) for seat in range(state.players)]
    places = places_from_keys(keys)
    reasons = tuple(reason(state, seat, places, keys) for seat in range(state.players))
    return Outcome(places=places, points=state.scores, reasons=reasons)
