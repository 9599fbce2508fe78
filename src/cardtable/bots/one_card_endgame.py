"""An exact search of the searching seat's own choices at the end of a hand,
on one sampled deal (issue 15: "an exact endgame search per sampled deal when
hands are small").

On a sampled state everything is known, the draw pile's order included, and
the other seats play by the rules (a deterministic policy), so the rest of
the hand is a tree whose only branches are the searching seat's own choices.
``best_value`` walks it: at each of the seat's decisions it tries every
distinct move (copies of a card from the three decks play alike) up to
``depth`` decisions deep, and below that plays the rules to the end of the
hand; it returns the best value the seat can reach. With ``depth`` at least
the number of its decisions left in the hand it is exact for that deal: it
finds a forced way out (a King or Jack chain, a 7 naming the suit the next
card needs) where the rules would miss it.

``endgame_settle(settle, playout, value, hand, depth)`` makes of it the
search kit's ``settle`` hook: inside a rollout, when the searching seat is to
move with at most ``hand`` cards, the rest of the rollout is this search and
its value ends the rollout. (So a root move is judged by the best the seat
could do after it on that deal: a clairvoyant judgment, as every
determinized search is.) The hard level's kit (``one_card.SEARCH``) does not
use it: with four players it measured no better than the rules' rollouts
(20.0% against 26.2% over 80 paired arena games, at about twice the time;
docs/bots.md, "One-Card with four players, issue 15");
``benchmarks/one_card_oracle4.py`` runs it as a variant.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Sequence

from ..games.one_card import GAME
from ..games.one_card.moves import Play
from ..games.one_card.tables import RANK, SUIT
from .one_card_playout import card_of

#: the most moves one line may take before it is scored where it stands
MAX_MOVES = 400


def _distinct(moves: Sequence[Any]) -> list:
    seen: set = set()
    out = []
    for m in moves:
        if type(m) is Play:
            card = card_of(m)
            key: Any = (RANK[card], SUIT[card], m.suit)
        else:
            key = type(m).__name__
        if key not in seen:
            seen.add(key)
            out.append(m)
    return out


def best_value(
    state: Any,
    me: int,
    depth: int,
    playout: Callable[[Any, int, list, random.Random], Any],
    value: Callable[[Any, Any, int], float],
    settle: Callable[[Any, int, Any, int], float | None],
) -> float:
    """The best value ``me`` can reach from ``state`` to the end of its hand,
    trying every distinct move at its next ``depth`` decisions (the others, and
    ``me`` below that depth, playing ``playout``)."""
    hand_no = state.table.hand_no
    rng = random.Random(0)  # the rules draw nothing from it; a fixed source keeps lines identical
    for _ in range(MAX_MOVES):
        table = state.table
        if table.over or table.hand_no != hand_no:
            break
        seat = GAME.to_act(state)[0]
        moves = GAME.legal_moves(state, seat)
        if seat == me and depth > 0 and len(moves) > 1:
            best = float("-inf")
            for move in _distinct(moves):
                settled = settle(state, seat, move, me)
                if settled is None:
                    settled = best_value(GAME.perform(state, seat, move)[0], me, depth - 1, playout, value, settle)
                if settled > best:
                    best = settled
            return best
        move = moves[0] if len(moves) == 1 else playout(state, seat, moves, rng)
        settled = settle(state, seat, move, me)
        if settled is not None:
            return settled
        state = GAME.perform(state, seat, move)[0]
    return value(GAME, state, me)


def endgame_settle(
    settle: Callable[[Any, int, Any, int], float | None],
    playout: Callable[[Any, int, list, random.Random], Any],
    value: Callable[[Any, Any, int], float],
    hand: int,
    depth: int,
) -> Callable[[Any, int, Any, int], float | None]:
    """The kit's ``settle`` with the endgame search: ``settle``'s answer where it
    has one; else, when ``me`` is to move holding at most ``hand`` cards, the
    value of ``best_value`` from there (ending the rollout); else None."""

    def hook(state: Any, seat: int, move: Any, me: int) -> float | None:
        settled = settle(state, seat, move, me)
        if settled is not None or seat != me or len(state.hands[me]) > hand:
            return settled
        return best_value(state, me, depth, playout, value, settle)

    return hook
