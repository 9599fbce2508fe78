"""Shed's normal rules as the search's playout policy, on the sampled state itself.

``playout(state, seat, moves, rng)`` makes exactly the move ``shed.normal``
makes from the seat's view (a test checks it on thousands of positions, with
2, 3 and 4 players and the variants), but reads the stack, who is still in,
the deck and the hand sizes straight from the state, so a playout step builds
no view (building one sorts every hand and copies twenty fields), and it
relies on the order of the engine's legal moves (``legality.plays``: by rank,
each rank's plays ending with the play of every copy; face-down cards first
when they are the moves), so it reads each rank's play in one pass without
comparing sizes. Used only inside the search, on states the search sampled
itself, with the moves the engine listed; its decisions still start from the
seat's view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..games.shed.moves import Play
from ..games.shed.state import PLAY
from .shed_rules import TEN, TWO, best_exchange, burns, next_player


def playout(state: Any, seat: int, moves: Sequence[Any], rng: random.Random) -> Any:
    """``shed_rules.play_rules`` (which see) on the engine's moves, in one pass over them."""
    if state.phase is not PLAY:
        return best_exchange(None, moves)  # (the exchange reads only its moves)
    first = moves[0]
    if type(first) is not Play:
        return first  # a face-down card (the first), or no play at all: the pick-up
    last = moves[-1] if type(moves[-1]) is Play else moves[-2]  # (the pick-up is listed last)
    if last.cards[0][0] == first.cards[0][0]:
        return last  # plays of one rank only: every rule below plays all its copies, listed last
    plays: dict[int, Any] = {}  # rank -> the play of every copy (each rank's last play)
    for m in moves:
        if type(m) is Play:
            plays[m.cards[0][0]] = m
    stack = state.stack
    size = len(stack)
    if size >= 3 and state.options.four_of_a_kind_burns:
        burning = [r for r, p in plays.items() if r != TWO and r != TEN and burns(stack, p)]
        if burning:
            return plays[burning[0]]  # (ranks ascending: the lowest)
    low = high = 0
    for r in plays:  # ranks ascending
        if r != TWO and r != TEN:
            high = r
            if not low:
                low = r
    if low:
        if not state.deck:
            opponent = next_player(seat, state.places)
            if opponent != seat and not (state.hands[opponent] or state.known[opponent]):
                return plays[high]
        return plays[low]
    if TEN in plays and (size >= 5 or TWO not in plays):
        return plays[TEN]
    if TWO in plays:
        return plays[TWO]
    return plays[TEN]
