"""Shed's normal rules as the search's playout policy, on the sampled state itself.

``playout(state, seat, codes, rng)`` takes the action codes
``Shed.legal_actions`` listed and returns the code of exactly the move
``shed.normal`` makes from the seat's view (a test checks it on thousands of positions, with
2, 3 and 4 players and the variants), but reads the stack, who is still in,
the deck and the hand sizes straight from the state, so a playout step builds
no view (building one sorts every hand and copies twenty fields), and it
relies on the order of the engine's codes (``actions.play_codes``: by rank,
each rank's plays ending with the play of every copy; face-down cards first
when they are the actions, the pick-up last), so it reads each rank's play in
one pass. A play code's rank and count are arithmetic on the code (``actions``
documents the space); the search then steps by ``Shed.step`` (no move objects,
no events). Used only inside the search, on states the search sampled itself,
with the codes the engine listed; its decisions still start from the seat's
view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..games.shed.actions import FACE_DOWN_CODE, ZONE, action_of, move_of
from ..games.shed.state import PLAY
from .shed_rules import TEN, TWO, best_exchange, next_player


def playout(state: Any, seat: int, codes: Sequence[int], rng: random.Random) -> int:
    """``shed_rules.play_rules`` (which see) on the engine's action codes, in one pass over them."""
    if state.phase is not PLAY:  # (the exchange, on its moves: its tie-break reads the suits)
        return action_of(state, seat, best_exchange(None, [move_of(state, seat, c) for c in codes]))
    first = codes[0]
    if first >= FACE_DOWN_CODE:
        return first  # a face-down card (the first), or no play at all: the pick-up
    last = codes[-1] if codes[-1] < FACE_DOWN_CODE else codes[-2]  # (the pick-up is listed last)
    if last // 4 == first // 4:  # (a code // 4 is its zone and rank)
        return last  # plays of one rank only: every rule below plays all its copies, listed last
    plays: dict[int, int] = {}  # rank -> the play of every copy (each rank's last play)
    for code in codes:
        if code < FACE_DOWN_CODE:
            plays[code % ZONE // 4 + 2] = code
    stack = state.stack
    size = len(stack)
    if size >= 3 and state.options.four_of_a_kind_burns:
        burning = [r for r, c in plays.items() if r != TWO and r != TEN and _burns(stack, r, c % 4 + 1)]
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


def _burns(stack: Sequence[Any], rank: int, count: int) -> bool:
    """Whether playing ``count`` cards of ``rank`` completes four of a kind on ``stack``
    (``shed_rules.burns`` on a code's rank and count)."""
    run = 0
    for card in reversed(stack):
        if card[0] != rank:
            break
        run += 1
    return run + count >= 4
