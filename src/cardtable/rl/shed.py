"""Shed's observation vector, from a seat's view (``ShedView``).

Cards are counted by rank (2 to Ace: entries 0 to 12): Shed's rules never look
at a suit, and its action codes name ranks too. The top of the stack is given
card by card (its last four ranks, top first), the rest as counts.
"""

from __future__ import annotations

import numpy as np

from ..games.shed.actions import MOST_FACE_DOWN
from ..games.shed.state import Phase
from ..games.shed.view import ShedView
from .layout import Layout, place, relative

RANKS = 13  # 2 to Ace
DECK = 52
PHASES = (Phase.EXCHANGE, Phase.PLAY, Phase.OVER)
TOP = 4  # the stack cards given one by one


class ShedEncoder:
    """The layout of ``players`` seats with ``options``, and the vector of a view."""

    def __init__(self, players: int, options) -> None:
        n = self.players = players
        layout = self.layout = Layout()
        self.hand = layout.part("hand", RANKS, 4, "the seat's hand: cards of each rank, 2 to Ace")
        self.known = layout.part("known", n * RANKS, 4, "per seat (this one first): the hand cards everyone knows")
        self.up = layout.part(
            "face_up", n * RANKS, 4, "per seat: the face-up cards (others' as dealt, in the exchange)"
        )
        self.dealt = layout.part("dealt_up", n * RANKS, 4, "per seat: the face-up row as dealt (in the exchange)")
        self.down = layout.part("face_down", n, MOST_FACE_DOWN, "per seat: face-down cards left")
        self.sizes = layout.part("hand_sizes", n, DECK, "per seat: cards in hand")
        self.top = layout.part(
            "stack_top", TOP * RANKS, 1, "the top four cards of the stack, top first (one-hot ranks)"
        )
        self.stack = layout.part("stack", RANKS, 4, "the stack: cards of each rank")
        self.sizes2 = layout.part("stack_deck", 2, DECK, "cards in the stack, in the draw deck")
        self.burned = layout.part("burned", RANKS, 4, "burned cards of each rank")
        self.unused = layout.part("unused", 1, DECK, "cards set aside (the short game)")
        self.places = layout.part("places", n, n, "per seat: 0 while playing, else the place")
        self.phase = layout.part("phase", len(PHASES), 1, "exchange, play, over (one-hot)")
        self.done = layout.part("exchange_done", n, 1, "per seat: has finished exchanging")
        self.to_act = layout.part("to_act", n, 1, "the seats to act (the turn, or those exchanging)")
        self.start = layout.part("start_rank", RANKS, 1, "the rank the opening play must be (one-hot; none after it)")
        self.stall = layout.part("stall", 1, options.stall_limit, "moves in a row without progress")

        self.seats = {me: relative(me, n) for me in (None, *range(n))}  # per observer, the seats from it on
        # where ``encode`` stores its numbers, in its order (the counts and one-hots are counted)
        self.stores = np.array(
            [*range(self.down.start, self.sizes.stop), *range(self.sizes2.start, self.sizes2.stop), self.unused.start,
             *range(self.places.start, self.places.stop), *range(self.done.start, self.done.stop), self.stall.start],
            np.intp,
        )  # fmt: skip

    def encode(self, view: ShedView) -> np.ndarray:
        """The vector: every card part (counts by rank, one-hots) as one count of the
        entries its cards fall in, then the numbers stored at once."""
        seats = self.seats[view.player]
        at: list[int] = [card[0] - 2 for card in view.hand or ()]  # (the hand's entries are 0-12)
        add = at.extend
        known, up, dealt = self.known.start - 2, self.up.start - 2, self.dealt.start - 2
        for k, seat in enumerate(seats):
            base = k * RANKS
            add([known + base + card[0] for card in view.known[seat]])
            add([up + base + card[0] for card in view.face_up[seat]])
            if view.dealt_up:
                add([dealt + base + card[0] for card in view.dealt_up[seat]])
        stack = view.stack
        top = self.top.start - 2
        add([top + k * RANKS + card[0] for k, card in enumerate(reversed(stack[-TOP:]))])
        add([self.stack.start - 2 + card[0] for card in stack])
        add([self.burned.start - 2 + card[0] for card in view.burned])
        at.append(self.phase.start + PHASES.index(view.phase))
        me, n = view.player, self.players
        add([self.to_act.start + place(me, n, seat) for seat in view.to_act])
        if view.start_rank:
            at.append(self.start.start + view.start_rank - 2)
        out = np.bincount(at, minlength=self.layout.size).astype(np.float32)
        out[self.stores] = [
            *[view.face_down[s] for s in seats], *[view.hand_sizes[s] for s in seats],
            len(stack), view.deck_size, view.unused_count,
            *[view.places[s] for s in seats], *[view.exchange_done[s] for s in seats], view.stall,
        ]  # fmt: skip
        return out
