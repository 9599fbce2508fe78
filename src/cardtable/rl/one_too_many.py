"""One Too Many's observation vector, from a seat's view (``OneTooManyView``).

Everything is face up but the deck's order and the numbers chosen in secret:
the vector holds the seat's own choice and, of the others, only whether they
have chosen (the view's ``CHOSEN``).
"""

from __future__ import annotations

import numpy as np

from ..core.secret import CHOSEN
from ..games.one_too_many.state import Phase
from ..games.one_too_many.view import OneTooManyView
from .layout import Layout, place, relative

RANKS = 13  # the Diamonds 2 to Ace
DECK = 52
PHASES = (Phase.CHOOSE, Phase.REDO, Phase.RECHOOSE, Phase.OVER)


class OneTooManyEncoder:
    """The layout of ``players`` seats with ``options``, and the vector of a view."""

    def __init__(self, players: int, options) -> None:
        n = self.players = players
        turns = DECK * (n + 1) + n + 1  # a pass puts its pile back in the deck: at most n of them a round
        layout = self.layout = Layout()
        self.center = layout.part("center", RANKS, 1, "the Diamonds in the center, 2 to Ace")
        self.run = layout.part(
            "longest_run", 1, RANKS, "the longest run in the center (the round busts at players + 1)"
        )
        self.piles = layout.part("piles", n, DECK, "per seat (this one first): cards in the pile")
        self.kept = layout.part("kept", n, 1, "per seat: holds a card kept from a bust")
        self.scores = layout.part("scores", n, options.target - 1 + DECK, "per seat: banked points")
        self.round_points = layout.part("round_points", n, DECK, "per seat: points banked this round")
        self.in_round = layout.part("in_round", n, 1, "per seat: still in the round")
        self.redo = layout.part("redo", n, 1, "per seat: holds an unused Redo")
        self.passed = layout.part("passed_on", n, turns, "per seat: the turn of this round it passed on (0: not)")
        self.chosen = layout.part("chosen", n, 1, "per seat: has made this phase's secret choice")
        self.number = layout.part("own_number", 1, DECK + 1, "the seat's own secret number + 1 (0: none chosen)")
        self.use = layout.part("own_redo", 1, 2, "the seat's own Redo answer: 0 none, 1 keep, 2 use")
        self.reveal = layout.part("last_reveal", n, DECK + 1, "per seat: the number last shown + 1 (0: none)")
        self.phase = layout.part("phase", len(PHASES), 1, "choose, redo, choose again, over (one-hot)")
        self.turn = layout.part("turn", 1, turns, "the turn within the round, 1 for the first")
        self.limit = layout.part("limit", 1, DECK, "the most cards one may ask for this turn")
        self.deck = layout.part("deck_size", 1, DECK, "cards in the deck")
        self.first = layout.part("first", n, 1, "the round's first seat (one-hot)")
        self.to_act = layout.part("to_act", n, 1, "the seats still to choose")

        self.seats = {me: relative(me, n) for me in (None, *range(n))}  # per observer, the seats from it on
        #: where ``encode`` stores its numbers, in its order (the one-hots are counted)
        self.stores = np.array(
            [self.run.start, *range(self.piles.start, self.passed.stop), self.number.start, self.use.start,
             *range(self.reveal.start, self.reveal.stop), *range(self.turn.start, self.deck.stop)],
            np.intp,
        )  # fmt: skip

    def encode(self, view: OneTooManyView) -> np.ndarray:
        """The vector: the one-hot parts as one count of their entries, then the numbers
        stored at once."""
        n, me = self.players, view.player
        seats = self.seats[me]
        at = [self.center.start + card[0] - 2 for card in view.center]
        at.append(self.phase.start + PHASES.index(view.phase))
        at.append(self.first.start + place(me, n, view.first))
        at += [self.to_act.start + place(me, n, seat) for seat in view.to_act]
        number = use = 0
        for seat, value in view.choices:
            at.append(self.chosen.start + place(me, n, seat))
            if seat == me and value is not CHOSEN:
                if type(value) is bool:
                    use = 1 + value
                else:
                    number = int(value) + 1  # type: ignore[call-overload]
        out = np.bincount(at, minlength=self.layout.size).astype(np.float32)
        shown, kept = view.last_reveal, view.kept
        out[self.stores] = [
            view.longest_run,
            *[len(view.piles[s]) for s in seats], *[kept[s] is not None for s in seats],
            *[view.scores[s] for s in seats], *[view.round_points[s] for s in seats],
            *[view.in_round[s] for s in seats], *[view.redo[s] for s in seats], *[view.passed_on[s] for s in seats],
            number, use,
            *[0 if (shown_number := shown[s]) is None else shown_number + 1 for s in seats],
            view.turn, view.limit, view.deck_size,
        ]  # fmt: skip
        return out
