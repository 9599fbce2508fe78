"""Where One Too Many's cards are (the deck, the center, a pile per seat),
which zones a seat may not see, and the counters the invariant check looks at."""

from __future__ import annotations

from collections.abc import Mapping

from ...core.cards import Card, Suit
from .runs import longest_run, rank_mask
from .state import CHOOSE, OVER, REDO, OneTooManyState, evolve

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


def zone_contents(state: OneTooManyState) -> tuple[tuple[Card, ...], ...]:
    """The deck, the center and every pile, as the state holds them (the
    invariant check's fast path: no ``zones`` dict with a name per pile)."""
    return (state.deck, state.center, *state.piles)


def counter_violations(state: OneTooManyState) -> list[str]:
    """What is wrong with the counters. The common case, nothing, is made
    cheap (locals, one pass over the piles; checked after every move by
    ``cardtable simulate``)."""
    problems: list[str] = []
    n = state.players
    piles, scores, in_round, redo, kept = state.piles, state.scores, state.in_round, state.redo, state.kept
    passed_on, round_points, turn = state.passed_on, state.round_points, state.turn
    if (
        len(piles) != n
        or len(scores) != n
        or len(in_round) != n
        or len(redo) != n
        or len(kept) != n
        or len(passed_on) != n
        or len(round_points) != n
        or len(state.last_reveal) != n
    ):
        problems.append("a per-seat field does not have one entry per seat")
        return problems
    if state.round < 1 or turn < 1:
        problems.append(f"round {state.round} / turn {turn} out of range")
    if state.first != (state.round - 1) % n:
        problems.append(f"round {state.round} should start at seat {(state.round - 1) % n + 1}")
    center = state.center
    for card in center:
        if card.suit is not _DIAMONDS:
            problems.append("a card other than a Diamond is in the center")
            break
    if list(center) != sorted(center):
        problems.append("the center is not sorted")
    for seat in range(n):
        pile = piles[seat]
        for card in pile:
            if card.suit is _DIAMONDS:
                problems.append(f"a Diamond is on seat {seat + 1}'s pile")
                break
        keep = kept[seat]
        if keep is not None and (not pile or pile[0] != keep):
            problems.append(f"seat {seat + 1}'s kept card {keep} is not at the bottom of its pile")
        if scores[seat] < round_points[seat] or round_points[seat] < 0:
            problems.append(f"seat {seat + 1} scored more this round than in all")
        if passed_on[seat] and in_round[seat]:
            problems.append(f"seat {seat + 1} passed but is still in the round")
        if passed_on[seat] > turn:
            problems.append(f"seat {seat + 1} passed on a later turn than the current one")
    if state.phase is OVER:
        if max(scores) < state.options.target:
            problems.append("the game is over but nobody reached the target")
        return problems
    return _open_turn_problems(state, problems)


def _open_turn_problems(state: OneTooManyState, problems: list[str]) -> list[str]:
    """``counter_violations`` of a game not over: the turn open, the secret choices."""
    n, turn, phase, in_round, scores = state.players, state.turn, state.phase, state.in_round, state.scores
    center, round_points, redo = state.center, state.round_points, state.redo
    if turn == 1 and max(scores) >= state.options.target and not any(round_points):
        problems.append("someone reached the target in an earlier round but the game goes on")
    if longest_run(rank_mask(center)) > n:
        problems.append("the center holds a busting run but the round goes on")
    if not state.deck:
        problems.append("a turn is open with an empty deck")
    if True not in in_round:
        problems.append("a turn is open with nobody in the round")
    secret = state.secret
    waiting = secret.waiting
    if not waiting or any(not in_round[seat] for seat in waiting):
        problems.append("the seats choosing are not all in the round")
    if phase is CHOOSE and waiting != {s for s in range(n) if in_round[s]}:
        problems.append("not everyone in the round is choosing a number")
    if phase is REDO:
        if any(not redo[seat] for seat in waiting):
            problems.append("a seat without a Redo is deciding on one")
        for seat, value in secret.values:
            if not isinstance(value, bool):
                problems.append(f"seat {seat + 1}'s Redo decision is not true or false")
        return problems
    limit = state.limit
    alone = in_round.count(True) == 1
    for seat, value in secret.values:
        if not 0 <= value <= limit or (value == 1 and alone):
            problems.append(f"seat {seat + 1} chose an illegal number {value}")
    return problems
