"""Where One Too Many's cards are (the deck, the center, a pile per seat),
which zones a seat may not see, and the counters the invariant check looks at."""

from __future__ import annotations

from typing import Mapping

from ...core.cards import Card, Suit
from .runs import longest_run, rank_mask
from .state import OneTooManyState, Phase, evolve

_DIAMONDS = Suit.DIAMONDS


def zones(state: OneTooManyState) -> dict[str, tuple[Card, ...]]:
    zones = {"deck": state.deck, "center": state.center}
    for seat, pile in enumerate(state.piles):
        zones[f"pile{seat}"] = pile
    return zones


def hidden_zones(state: OneTooManyState, player: int | None) -> tuple[str, ...]:
    return ("deck",)


def with_zones(state: OneTooManyState, zones: Mapping[str, tuple[Card, ...]]) -> OneTooManyState:
    piles = tuple(tuple(zones.get(f"pile{seat}", pile)) for seat, pile in enumerate(state.piles))
    return evolve(
        state,
        deck=tuple(zones.get("deck", state.deck)),
        center=tuple(zones.get("center", state.center)),
        piles=piles,
    )


def counter_violations(state: OneTooManyState) -> list[str]:
    problems: list[str] = []
    n = state.players
    per_seat = (state.piles, state.scores, state.in_round, state.redo, state.kept,
                state.passed_on, state.round_points, state.last_reveal)
    if any(len(field) != n for field in per_seat):
        problems.append("a per-seat field does not have one entry per seat")
        return problems
    if state.round < 1 or state.turn < 1:
        problems.append(f"round {state.round} / turn {state.turn} out of range")
    if state.first != (state.round - 1) % n:
        problems.append(f"round {state.round} should start at seat {(state.round - 1) % n + 1}")
    if any(card.suit is not _DIAMONDS for card in state.center):
        problems.append("a card other than a Diamond is in the center")
    if list(state.center) != sorted(state.center):
        problems.append("the center is not sorted")
    for seat, pile in enumerate(state.piles):
        if any(card.suit is _DIAMONDS for card in pile):
            problems.append(f"a Diamond is on seat {seat + 1}'s pile")
        keep = state.kept[seat]
        if keep is not None and (not pile or pile[0] != keep):
            problems.append(f"seat {seat + 1}'s kept card {keep} is not at the bottom of its pile")
        if state.scores[seat] < state.round_points[seat] or state.round_points[seat] < 0:
            problems.append(f"seat {seat + 1} scored more this round than in all")
        if state.passed_on[seat] and state.in_round[seat]:
            problems.append(f"seat {seat + 1} passed but is still in the round")
        if state.passed_on[seat] > state.turn:
            problems.append(f"seat {seat + 1} passed on a later turn than the current one")
    if state.phase is Phase.OVER:
        if max(state.scores) < state.options.target:
            problems.append("the game is over but nobody reached the target")
        return problems
    if state.turn == 1 and max(state.scores) >= state.options.target and not any(state.round_points):
        problems.append("someone reached the target in an earlier round but the game goes on")
    if longest_run(rank_mask(state.center)) > n:
        problems.append("the center holds a busting run but the round goes on")
    if not state.deck:
        problems.append("a turn is open with an empty deck")
    if not any(state.in_round):
        problems.append("a turn is open with nobody in the round")
    waiting = state.secret.waiting
    if not waiting or any(not state.in_round[seat] for seat in waiting):
        problems.append("the seats choosing are not all in the round")
    if state.phase is Phase.CHOOSE and waiting != {s for s in range(n) if state.in_round[s]}:
        problems.append("not everyone in the round is choosing a number")
    if state.phase is Phase.REDO and any(not state.redo[seat] for seat in waiting):
        problems.append("a seat without a Redo is deciding on one")
    for seat, value in state.secret.values:
        if state.phase is Phase.REDO:
            if not isinstance(value, bool):
                problems.append(f"seat {seat + 1}'s Redo decision is not true or false")
        elif not 0 <= value <= state.limit or (value == 1 and state.alone):
            problems.append(f"seat {seat + 1} chose an illegal number {value}")
    return problems
