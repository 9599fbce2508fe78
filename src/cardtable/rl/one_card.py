"""One-Card's observation vector, from a seat's view (``OneCardView``).

A card is counted by its *face* (its place in one deck: ``♣`` 2 to A are 0-12,
then ``♦``, ``♥``, ``♠``, the black Joker 52, the red Joker 53), as the action
codes name it: the game's three decks make a face's count 0 to 3.
"""

from __future__ import annotations

import numpy as np

from ..games.one_card.actions import FACES, TO_FACE
from ..games.one_card.state import State, suit_in_force
from ..games.one_card.tables import ALL_CARDS, ATTACK, ID, POINTS
from ..games.one_card.view import OneCardView
from .layout import Layout, place, relative

#: every card's face, by card id (a numpy array, to count a pile in one call)
FACE_OF = np.arange(len(ALL_CARDS)) % FACES
U8 = np.uint8
CARD_PARTS = 3 * FACES  # hand, discard and top: the first entries of the vector
#: ``bytes.translate`` tables: a card id to its entry in the hand, in the discard pile
IN_HAND = TO_FACE
IN_DISCARD = bytes((face + FACES) % 256 for face in TO_FACE)
SUIT_MARK = [bytes((CARD_PARTS + suit,)) for suit in range(4)]  # the suit in force's entry
#: the flags' entries (facing a Jack, a King's extra play, clockwise), by their values
FLAG_MARKS = {
    (jack, king, clockwise): bytes(CARD_PARTS + 4 + k for k, on in enumerate((jack, king, clockwise)) if on)
    for jack in (False, True)
    for king in (False, True)
    for clockwise in (False, True)
}
ON_TOP = [bytes(((2 * FACES + face) % 256,)) for face in TO_FACE]  # a card id to its entry as the top card
ALL_POINTS = sum(POINTS)  # what every card together costs: no hand's points exceed it
ALL_ATTACKS = sum(ATTACK)  # the most an attack can add up to
COPIES = len(ALL_CARDS) // FACES  # of each face


class OneCardEncoder:
    """The layout of ``players`` seats with ``options``, and the vector of a view."""

    def __init__(self, players: int, options) -> None:
        n, cards = players, len(ALL_CARDS)
        most_hands = n * options.target // 4 + 2  # every hand adds 4 points or more to someone's total
        layout = self.layout = Layout()
        self.hand = layout.part("hand", FACES, COPIES, "the seat's hand: copies of each face")
        self.discard = layout.part("discard", FACES, COPIES, "the discard pile (public): copies of each face")
        self.top = layout.part("top", FACES, 1, "the top card's face (one-hot)")
        self.suit = layout.part("suit", 4, 1, "the suit in force, ♣ ♦ ♥ ♠ (one-hot; none on a Joker)")
        self.flags = layout.part("flags", 3, 1, "facing a Jack, taking a King's extra play, play goes clockwise")
        self.pending = layout.part("pending", 1, ALL_ATTACKS, "the attack total the seat to act must answer")
        self.passes = layout.part("passes", 1, n, "passes in a row")
        self.draw = layout.part("draw_size", 1, cards, "cards in the draw pile")
        self.sizes = layout.part("hand_sizes", n, cards, "cards in each seat's hand (seats from this one on)")
        self.totals = layout.part("totals", n, options.target - 1 + ALL_POINTS, "each seat's total points")
        self.last = layout.part("last_points", n, ALL_POINTS, "each seat's points in the last finished hand")
        self.winner = layout.part("last_winner", n, 1, "who went out in the last finished hand (one-hot)")
        self.dealer = layout.part("dealer", n, 1, "the dealer (one-hot)")
        self.to_act = layout.part("to_act", n, 1, "the seat to act (one-hot)")
        self.hand_no = layout.part("hand_no", 1, most_hands, "the hand being played, 1 for the first")
        self.over = layout.part("over", 1, 1, "the game is over")
        self.players = n
        self.seats = [relative(me, n) for me in range(n)]  # per observer, the seats from it on
        # where ``observe`` stores its values, in its order (then the one-hot parts it adds)
        stores = [*range(self.pending.start, self.draw.stop), *range(self.sizes.start, self.last.stop)]
        self.stores = np.array([*stores, self.hand_no.start, self.over.start], np.intp)
        assert self.hand == slice(0, FACES) and self.top.stop == CARD_PARTS and self.to_act.stop <= 256

    def observe(self, state: State, me: int) -> np.ndarray:
        """``encode(view(state, me))``, read from the state's fields that make that view
        (its hand, the public piles and counts; tests/rl check both agree), without
        building the view's cards: the environments' hot path. The card parts (hand,
        discard, top), the suit, the flags and the seats' one-hots are one count of their
        entries (as bytes: a card id translated to its entry; every entry of these parts
        is below 256, up to 8 players), the numbers one store."""
        n = self.players
        table, hands, pile, discard, turn, mode = state
        marks = hands[me].translate(IN_HAND) + discard.translate(IN_DISCARD) + ON_TOP[discard[-1]]
        suit = suit_in_force(discard, mode)
        if suit is not None:
            marks += SUIT_MARK[suit]
        marks += FLAG_MARKS[mode.jack, mode.king, mode.direction == 1]
        spots = [self.dealer.start + (table.dealer - me) % n]
        if table.last_winner is not None:
            spots.append(self.winner.start + (table.last_winner - me) % n)
        if not table.over:
            spots.append(self.to_act.start + (turn - me) % n)
        marks += bytes(spots)
        out = np.bincount(np.frombuffer(marks, U8), minlength=self.layout.size).astype(np.float32)
        seats = self.seats[me]
        last = table.last_points
        values = [mode.pending, mode.passes, len(pile)]
        values += [len(hands[s]) for s in seats] + [table.totals[s] for s in seats]
        values += [last[s] for s in seats] if last else [0] * n
        values += [table.hand_no, table.over]
        out[self.stores] = values
        return out

    def encode(self, view: OneCardView) -> np.ndarray:
        n, me = self.players, view.player
        out = np.zeros(self.layout.size, np.float32)
        if view.hand:
            out[self.hand] = np.bincount(FACE_OF[[ID[card] for card in view.hand]], minlength=FACES)
        discard = [ID[card] for card in view.discard]
        out[self.discard] = np.bincount(FACE_OF[discard], minlength=FACES)
        out[self.top.start + FACE_OF[discard[-1]]] = 1
        if view.suit is not None:
            out[self.suit.start + view.suit] = 1
        out[self.flags] = (view.jack_pending, view.king_pending, view.direction == 1)
        out[self.pending.start] = view.pending
        out[self.passes.start] = view.passes
        out[self.draw.start] = view.draw_size
        seats = relative(me, n)
        out[self.sizes] = [view.hand_sizes[s] for s in seats]
        out[self.totals] = [view.totals[s] for s in seats]
        if view.last_points:
            out[self.last] = [view.last_points[s] for s in seats]
        if view.last_winner is not None:
            out[self.winner.start + place(me, n, view.last_winner)] = 1
        out[self.dealer.start + place(me, n, view.dealer)] = 1
        for seat in view.to_act:
            out[self.to_act.start + place(me, n, seat)] = 1
        out[self.hand_no.start] = view.hand_no
        out[self.over.start] = view.over
        return out
