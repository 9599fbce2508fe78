"""One-Card's normal rules for the search's playouts, on the engine's card ids.

``playout_normal(state, seat, moves, rng)`` makes exactly the move
``one_card.normal`` makes from the seat's view (a test checks it on many
positions), but reads the hand as card ids from the sampled state and answers
every question about a card with a look-up in the engine's public tables
(``games.one_card.tables``), so a playout step builds no view and no ``Card``.
It is used only inside the search, on states the search sampled itself; the
search's own decisions still start from the seat's view.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from ..core.cards import Rank, Suit
from ..games.one_card.moves import Draw, Pass, Play
from ..games.one_card.tables import ATTACK, GOOD, ID, PLAYS, POINTS, RANK, SUIT

SEVEN, THREE, JACK, QUEEN, KING = Rank.SEVEN, Rank.THREE, Rank.JACK, Rank.QUEEN, Rank.KING

#: the card id of each ready-made play (legal moves are these very objects)
PLAY_ID: dict[int, int] = {id(play): card for card, plays in enumerate(PLAYS) for play in plays}


def card_of(move: Any) -> int:
    card = PLAY_ID.get(id(move))
    return ID[move.card] if card is None else card


def _fallback(moves: Sequence[Any]) -> Any:
    for m in moves:
        if type(m) is Draw:
            return m
    for m in moves:
        if type(m) is Pass:
            return m
    return moves[0]


def _follow(hand: Sequence[int], rank: int, suit: Suit | None) -> int:
    good = GOOD[rank][suit]
    return sum(1 for c in hand if good[c])


def _best_suit(hand: Sequence[int]) -> Suit | None:
    count: dict[Suit, int] = {}
    for c in hand:
        suit = SUIT[c]
        if suit is not None and RANK[c] != SEVEN:
            count[suit] = count.get(suit, 0) + 100 + POINTS[c]
    if not count:
        return None
    return max(count, key=lambda s: (count[s], -s))


def playout_normal(state: Any, seat: int, moves: Sequence[Any], rng: random.Random) -> Any:
    plays = [(m, card_of(m)) for m in moves if type(m) is Play]
    if not plays:
        return _fallback(moves)
    hand = state.hands[seat]
    mode = state.mode
    if mode.jack:
        return max(plays, key=lambda p: _follow(hand, RANK[p[1]], SUIT[p[1]]))[0]
    sizes = [len(h) for h in state.hands]
    n = len(sizes)
    if mode.pending:
        attacks = [p for p in plays if ATTACK[p[1]]]
        if attacks:
            if sizes[(seat + mode.direction) % n] <= 2:
                return max(attacks, key=lambda p: ATTACK[p[1]])[0]
            return min(attacks, key=lambda p: (ATTACK[p[1]], -POINTS[p[1]]))[0]
        for p in plays:
            if RANK[p[1]] == THREE:
                return p[0]
        return _fallback(moves)
    return max(plays, key=Scorer(hand, sizes, seat, mode.direction, state.table.options.queen_skips_with_two).score)[0]


class Scorer:
    """How much the normal rules like a play in a normal turn, on card ids: the one
    scoring of the normal level, for its own decisions and inside playouts."""

    def __init__(self, hand: Sequence[int], sizes: Sequence[int], seat: int, direction: int, queen_skips: bool) -> None:
        n = len(sizes)
        self.hand = hand
        self.sizes = sizes
        self.two = n == 2
        self.next_size = sizes[(seat + direction) % n]
        self.prev_size = sizes[(seat - direction) % n]
        self.threat = min(sizes[s] for s in range(n) if s != seat)
        self.danger = self.threat <= 2
        self.suit = _best_suit(hand)
        self.queen_skips = queen_skips

    @classmethod
    def of_view(cls, view: Any) -> Scorer:
        """The normal rules' scorer for the seat whose view this is (the bot's own decisions)."""
        hand = [ID[c] for c in view.hand]
        return cls(hand, view.hand_sizes, view.player, view.direction, view.options.queen_skips_with_two)

    def score(self, pair: tuple[Any, int]) -> float:
        move, card = pair
        hand = self.hand
        if len(hand) == 1:
            return 1000.0
        rank = RANK[card]
        suit = move.suit if move.suit is not None else SUIT[card]
        good = GOOD[rank][suit]
        follow = -1 if good[card] else 0
        for c in hand:
            if good[c]:
                follow += 1
        points = POINTS[card]
        if self.danger:
            score = points * 1.0 + follow * 2.0
        else:
            score = points * 0.3 + follow * 3.0
        attack = ATTACK[card]
        left = len(hand) - 1
        if rank == SEVEN:
            score -= 5.0 if left <= 1 else 25.0
            if move.suit != self.suit:
                score -= 3.0
        elif rank == THREE:
            score -= 0.0 if self.danger else 15.0
        elif attack:
            if self.next_size <= 2:
                score += 20.0 + attack
            elif not self.danger:
                score -= 10.0
        if rank == JACK:
            score += 8.0 if self.two else (15.0 if self.next_size == self.threat else 3.0)
        elif rank == QUEEN:
            if self.two and self.queen_skips:
                score += 8.0
            elif not self.two and self.next_size == self.threat and self.prev_size > self.threat:
                score += 10.0
        elif rank == KING:
            score += 6.0 if follow and left > 1 else -5.0
        if left == 1:
            other = hand[1]
            same = RANK[other] == rank and SUIT[other] == SUIT[card]
            last = hand[0] if same else other
            if RANK[last] == SEVEN:
                score += 10.0
        return score
