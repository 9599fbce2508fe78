"""Where One Too Many's cards are (the deck, the center, a pile per seat),
which zones a seat may not see, and the counters the invariant check looks at."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from functools import lru_cache
from operator import attrgetter

from ...core.cards import Card, Suit
from ...core.conservation import held_once, moved, same_cards, seats_moved
from ...core.engine import frozen_cards
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


def cards_conserved(state: OneTooManyState) -> bool:
    """Whether every card of the game is in exactly one place: compared with
    the last state found conserved, only the places that are not the same
    objects (``core.conservation``; a secret choice, most steps, changes none)."""
    global _LAST
    last = _LAST  # (read once: another thread may replace it)
    if last is None or last.cards is not state.cards:
        return _all_conserved(state)
    now: list[Card] = []  # the cards the changed places hold now and not before
    before: list[Card] = []  # ... and held before, not now
    if state.deck is not last.deck:
        moved(state.deck, last.deck, now, before)
    if state.center is not last.center:
        moved(state.center, last.center, now, before)
    if state.piles is not last.piles and not seats_moved(state.piles, last.piles, now, before):
        return _all_conserved(state)
    if same_cards(now, before):
        _LAST = state
        return True
    return False


def _all_conserved(state: OneTooManyState) -> bool:
    """``cards_conserved`` by all the places (a game's first state, or piles for another number of seats)."""
    global _LAST
    if held_once(zone_contents(state), frozen_cards(state.cards)):
        _LAST = state
        return True
    return False


_LAST: OneTooManyState | None = None  # the last state cards_conserved found conserved


def counter_violations(state: OneTooManyState) -> list[str]:
    """What is wrong with the counters. ``cardtable simulate`` checks after
    every move, and most moves are a secret choice, which changes nothing
    but the choices: a state whose other fields all equal those of the last
    state found sound is asked only what reads the choices."""
    global _SOUND
    last = _SOUND  # (read once: another thread may replace it)
    if last is not None and _PUBLIC(state) == _PUBLIC(last):  # (C calls only: the tuples compared by identity first)
        problems: list[str] = []
        if state.phase is not OVER:
            _choice_problems(state, problems)
    else:
        problems = _all_problems(state)
    if not problems:
        _SOUND = state
    return problems


#: every field of a state but its secret choices, as one tuple
_PUBLIC = attrgetter(*(f.name for f in fields(OneTooManyState) if f.name != "secret"))
_SOUND: OneTooManyState | None = None  # the last state counter_violations found nothing wrong with


def _all_problems(state: OneTooManyState) -> list[str]:
    """``counter_violations`` asked of every field (locals, one pass over the piles)."""
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
    _center_problems(state.center, problems)
    _pile_problems(piles, kept, problems)
    for seat in range(n):
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
    _open_turn_problems(state, problems)
    _choice_problems(state, problems)
    return problems


def _center_problems(center: tuple[Card, ...], problems: list[str]) -> None:
    for card in center:
        if card.suit is not _DIAMONDS:
            problems.append("a card other than a Diamond is in the center")
            break
    if list(center) != sorted(center):
        problems.append("the center is not sorted")


def _pile_problems(piles: tuple[tuple[Card, ...], ...], kept: tuple[Card | None, ...], problems: list[str]) -> None:
    for seat, pile in enumerate(piles):
        for card in pile:
            if card.suit is _DIAMONDS:
                problems.append(f"a Diamond is on seat {seat + 1}'s pile")
                break
        keep = kept[seat]
        if keep is not None and (not pile or pile[0] != keep):
            problems.append(f"seat {seat + 1}'s kept card {keep} is not at the bottom of its pile")


def _open_turn_problems(state: OneTooManyState, problems: list[str]) -> None:
    """What is wrong with a turn open (a game not over)."""
    n, turn, in_round, scores = state.players, state.turn, state.in_round, state.scores
    if turn == 1 and max(scores) >= state.options.target and not any(state.round_points):
        problems.append("someone reached the target in an earlier round but the game goes on")
    if longest_run(rank_mask(state.center)) > n:
        problems.append("the center holds a busting run but the round goes on")
    if not state.deck:
        problems.append("a turn is open with an empty deck")
    if True not in in_round:
        problems.append("a turn is open with nobody in the round")


def _choice_problems(state: OneTooManyState, problems: list[str]) -> None:
    """What is wrong with the secret choices of a turn open (the seats in the
    round and those holding a Redo as sets, remembered by their tuples)."""
    phase, in_round = state.phase, state.in_round
    secret = state.secret
    waiting = secret.waiting
    if not waiting or not waiting <= flagged(in_round):
        problems.append("the seats choosing are not all in the round")
    if phase is CHOOSE and waiting != flagged(in_round):
        problems.append("not everyone in the round is choosing a number")
    if phase is REDO:
        if not waiting <= flagged(state.redo):
            problems.append("a seat without a Redo is deciding on one")
        for seat, value in secret.values:
            if not isinstance(value, bool):
                problems.append(f"seat {seat + 1}'s Redo decision is not true or false")
        return
    limit = state.limit
    alone = in_round.count(True) == 1
    for seat, value in secret.values:
        if not 0 <= value <= limit or (value == 1 and alone):
            problems.append(f"seat {seat + 1} chose an illegal number {value}")


@lru_cache(maxsize=1 << 10)  # (two flags a seat, at most 8 seats)
def flagged(flags: tuple[bool, ...]) -> frozenset[int]:
    """The seats flagged in a tuple of flags a seat (in the round, holding a Redo)."""
    return frozenset(seat for seat, on in enumerate(flags) if on)
