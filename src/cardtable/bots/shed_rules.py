"""Shed's normal rules, as plain functions of what a seat sees: the exchange
(``best_exchange``) and a play (``play_rules``). ``bots.shed.normal`` feeds
them from the seat's view; the search's playouts (``bots.shed_playout``) from
a sampled state.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..games.shed.moves import Done, Exchange, Play, PlayFaceDown
from ..games.shed.view import ShedView

TWO, NINE, TEN, ACE = 2, 9, 10, 14


def power(rank: int) -> int:
    """How useful a rank is late in the game, when it must beat whatever is on the stack."""
    if rank == TEN:
        return 20
    if rank == TWO:
        return 19
    return rank


# -- the exchange ---------------------------------------------------------------------
def best_exchange(view: ShedView | None, moves: Sequence[Any]) -> Any:
    """Swap the strongest hand card for the weakest face-up card while that improves the row."""
    swaps = [m for m in moves if type(m) is Exchange]
    if swaps:
        best = max(swaps, key=lambda m: (power(m.hand_card.rank) - power(m.face_up_card.rank), move_key(m)))
        if power(best.hand_card.rank) > power(best.face_up_card.rank):
            return best
    return done_move(moves)


def done_move(moves: Sequence[Any]) -> Any:
    for m in moves:
        if type(m) is Done:
            return m
    return moves[0]


def move_key(move: Any) -> str:
    return repr(move)


# -- play -------------------------------------------------------------------------------
def _plays_by_rank(moves: Sequence[Any]) -> dict[int, Any]:
    """For each playable rank, the play of every copy at once."""
    best: dict[int, Any] = {}
    for m in moves:
        if type(m) is Play:
            rank = m.cards[0].rank
            if rank not in best or len(m.cards) > len(best[rank].cards):
                best[rank] = m
    return best


def burns(stack: Sequence[Any], play: Any) -> bool:
    """Whether ``play`` completes four of a kind on top of ``stack``."""
    rank = play.cards[0].rank
    run = 0
    for card in reversed(stack):
        if card.rank != rank:
            break
        run += 1
    return run + len(play.cards) >= 4


def next_player(me: int, places: Sequence[int]) -> int:
    n = len(places)
    seat = (me + 1) % n
    while places[seat] and seat != me:
        seat = (seat + 1) % n
    return seat


def play_rules(
    moves: Sequence[Any],
    stack: Sequence[Any],
    four_burns: bool,
    me: int,
    places: Sequence[int],
    deck_size: int,
    hand_size: Callable[[int], int],
) -> Any:
    """The normal rules in play, from what a seat sees: the stack, who is still in,
    the deck's size and a seat's hand size (``hand_size(seat)``). The one copy of
    the rules, for the normal level's decisions (``normal``, from the view) and
    for the search's playouts (``bots.shed_playout``, from a sampled state)."""
    first = moves[0]
    if type(first) is PlayFaceDown or (len(moves) <= 2 and any(type(m) is PlayFaceDown for m in moves)):
        return next(m for m in moves if type(m) is PlayFaceDown)
    plays = _plays_by_rank(moves)
    if not plays:
        return next((m for m in moves if type(m) is PlayFaceDown), first)
    size = len(stack)
    # finish four of a kind: the stack burns and we play again
    if size >= 3 and four_burns:
        burning = [p for r, p in plays.items() if r != TWO and r != TEN and burns(stack, p)]
        if burning:
            return min(burning, key=lambda p: p.cards[0].rank)
    plain = sorted(r for r in plays if r != TWO and r != TEN)
    if plain:
        if deck_size == 0:
            # the next player plays blind: make the stack as hard to beat as we can
            opponent = next_player(me, places)
            if opponent != me and hand_size(opponent) == 0:
                return plays[plain[-1]]
        return plays[plain[0]]
    # only 2s and 10s go: a 10 burns a big stack, a 2 resets a small one
    if TEN in plays and (size >= 5 or TWO not in plays):
        return plays[TEN]
    if TWO in plays:
        return plays[TWO]
    return plays[TEN]
