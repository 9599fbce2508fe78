"""Which rank may follow which: the order 3 low .. Ace high, and the special 2, 9 and 10."""

from __future__ import annotations

from ...core.cards import Card, Rank

TWO = 2
NINE = 9
TEN = 10
LOWEST_START = 3  # the opening card is the lowest of rank 3 or above (never a 2)


def rank_plural(rank: int) -> str:
    """``3s``, ``10s``, ``Js`` -> in words: ``3s``, ``10s``, ``Jacks``."""
    r = Rank(rank)
    return f"{r.short}s" if r <= 10 else f"{r.label}s"


def may_follow(rank: int, top: Card | None, nine_plays_lower: bool = True) -> bool:
    """May cards of ``rank`` be played on a stack whose top card is ``top``?"""
    return rank_may_follow(rank, 0 if top is None else top[0], nine_plays_lower)


def rank_may_follow(rank: int, top: int, nine_plays_lower: bool = True) -> bool:
    """May cards of ``rank`` be played on a stack whose top card has rank ``top`` (0: an empty stack)?"""
    if top == 0 or rank == TWO or rank == TEN or top == TWO:
        return True
    if top == NINE and nine_plays_lower:
        return rank <= NINE
    return rank >= top


FOLLOWS = {
    nine: tuple(tuple(rank_may_follow(rank, top, nine) for rank in range(15)) for top in range(15))
    for nine in (False, True)
}
"""``FOLLOWS[nine_plays_lower][top rank][rank]`` is ``rank_may_follow``'s answer (top rank 0: an empty stack)."""


def why_not_follow(rank: int, top: Card, nine_plays_lower: bool = True) -> str:
    """The reason ``rank`` may not follow ``top`` (call only when it may not)."""
    if top[0] == NINE and nine_plays_lower:
        return f"after the 9 ({top.face}) the next play must be a 9 or lower, a 2 or a 10"
    return f"{rank_plural(rank)} are lower than the top card {top.face}"
