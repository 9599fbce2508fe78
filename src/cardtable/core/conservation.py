"""Card conservation checked against the last state found conserved.

``cardtable simulate`` checks every state of a game in turn, and a move
changes few places: the others are the very same tuples as the state before.
A game's ``cards_conserved`` keeps the last state it found conserved and
collects, place by place, only what the places that are not the same objects
hold now and held then (``moved``, ``seats_moved``); together they must hold
the same cards (``same_cards``). Exact: that state held every card once, so
the state now does exactly when the changed places hold what they held.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence, Set
from itertools import chain
from typing import TypeVar

H = TypeVar("H", bound=Hashable)  # a card, or a card's id


def moved(new: Sequence[H], old: Sequence[H], now: list[H], before: list[H]) -> None:
    """Add to ``now`` and ``before`` the cards of a place's ``new`` and ``old``
    versions, less what they share. A place that changed mostly gained cards at
    its end (a stack, a hand, a pile) or lost them at its start (a deck), so
    what the two share is found by one comparison and left out of both sides:
    only the cards that moved are counted and hashed; any other change puts
    both versions whole."""
    n, o = len(new), len(old)
    if n >= o and new[:o] == old:  # cards added at the end
        now += new[o:]
    elif n < o and new == old[o - n :]:  # cards taken from the start
        before += old[: o - n]
    else:
        now += new
        before += old


def seats_moved(rows: Sequence[Sequence[H]], old_rows: Sequence[Sequence[H]], now: list[H], before: list[H]) -> bool:
    """``moved`` for each seat's place of a per-seat field that changed; ``False``
    if the field has not as many seats as before (then all places are compared)."""
    if len(rows) != len(old_rows):
        return False
    for new, old in zip(rows, old_rows, strict=True):
        if new is not old:
            moved(new, old, now, before)
    return True


def same_cards(now: list[H], before: list[H]) -> bool:
    """Whether the cards that came into the changed places are those that left
    them (``before`` holds each card once: it comes from a conserved state)."""
    return now == before or len(now) == len(before) and set(now) == set(before)


def held_once(places: Iterable[Sequence[H]], dealt: Set[H]) -> bool:
    """Whether ``places`` together hold each of ``dealt`` (distinct cards) exactly once:
    as many held as dealt, and the same set. The check from scratch, for a first state."""
    held = list(chain.from_iterable(places))
    return len(held) == len(dealt) and dealt == set(held)
