"""Runs of Diamond values in the center.

Values run 2..10, J, Q, K, A; the Ace also counts low (A-2-3), but a run never
wraps (K-A-2 is not a run). A set of values is a 13-bit mask (bit ``rank - 2``);
the longest run of a mask is computed once and cached.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from ...core.cards import Card, Rank

_ACE_BIT = 1 << (Rank.ACE - 2)


def rank_bit(card: Card) -> int:
    return 1 << (card.rank - 2)


def rank_mask(cards: Iterable[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << (card.rank - 2)
    return mask


@cache
def longest_run(mask: int) -> int:
    """The length of the longest run of consecutive values in ``mask``."""
    # bit 0 = Ace low, bit k = rank k + 1 (2..A), so a run is a block of set bits
    line = (mask << 1) | (1 if mask & _ACE_BIT else 0)
    length = 0
    while line:
        line &= line << 1
        length += 1
    return length


def longest_run_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """The cards of the longest run among ``cards`` (the highest such run), low to high."""
    by_rank = {card.rank: card for card in cards}
    # positions 0..13: Ace low, 2..K, Ace high
    present = [False] * 14
    for rank in by_rank:
        present[rank - 1] = True
        if rank == Rank.ACE:
            present[0] = True
    best: tuple[int, int] = (0, 0)  # (length, end position)
    length = 0
    for pos in range(14):
        length = length + 1 if present[pos] else 0
        if length and length >= best[0]:
            best = (length, pos)
    size, end = best
    return tuple(by_rank[Rank.ACE if pos in (0, 13) else Rank(pos + 1)] for pos in range(end - size + 1, end + 1))
