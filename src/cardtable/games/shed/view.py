"""What one seat may see of a Shed table (``player=None``: a spectator):
the view, building it from a state, and ``determinize`` back to a state."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ...core.cards import Card
from ...core.rng import Rng
from .cards import FULL_DECK, Cards, in_order
from .legality import to_act
from .options import Options
from .state import EXCHANGE, PLAY, Phase, ShedState


@dataclass(frozen=True, slots=True)
class ShedView:
    player: int | None  # the viewer; None for the public view
    players: int
    options: Options
    hand_size: int  # the deal's hand size (hands are refilled up to it)
    phase: Phase
    to_act: tuple[int, ...]  # the seats that must move now
    turn: int | None  # whose turn it is in the play phase
    exchange_done: tuple[bool, ...]  # per seat: finished exchanging
    hand: Cards | None  # the viewer's whole hand, sorted (None in the public view)
    hand_sizes: tuple[int, ...]  # per seat
    known: tuple[Cards, ...]  # per seat: the hand cards everyone knows, sorted
    # per seat, left to right; during the exchange another seat's row is shown
    # as it was dealt (its swaps are private until everyone is done)
    face_up: tuple[Cards, ...]
    dealt_up: tuple[Cards, ...]  # per seat: the face-up row as dealt, during the exchange; () after
    face_down: tuple[int, ...]  # per seat: how many face-down cards (never which)
    stack: Cards  # bottom first: stack[-1] is the top card
    deck_size: int
    burned: Cards  # in the order they burned
    unused_count: int  # cards set aside in the short game
    places: tuple[int, ...]  # per seat: 0 while playing, else the place (1 = first out)
    start_rank: int | None  # the rank the opening play must be, until it is made
    stall: int  # moves in a row without progress; the game stops at options.stall_limit

    @property
    def stalled(self) -> bool:
        """Did the game stop at the stall limit (rather than by the last player left)?"""
        return self.phase is Phase.OVER and self.stall >= self.options.stall_limit

    @property
    def top(self) -> Card | None:
        return self.stack[-1] if self.stack else None

    @property
    def stack_size(self) -> int:
        return len(self.stack)

    @property
    def burned_count(self) -> int:
        return len(self.burned)

    @property
    def out_order(self) -> tuple[int, ...]:
        """The seats that are out, first out first."""
        return tuple(sorted((p for p, place in enumerate(self.places) if place), key=self.places.__getitem__))

    def cards_left(self, seat: int) -> int:
        return self.hand_sizes[seat] + len(self.face_up[seat]) + self.face_down[seat]


def make_view(state: ShedState, player: int | None) -> ShedView:
    n = state.players
    hands, known = state.hands, state.known
    face_up = state.up
    if state.phase == EXCHANGE:
        # The swaps are private until everyone is done: the others see the row as dealt.
        face_up = tuple(row if p == player else state.dealt_up[p] for p, row in enumerate(state.up))
    return ShedView(
        player=player,
        players=n,
        options=state.options,
        hand_size=state.hand_size,
        phase=state.phase,
        to_act=to_act(state),
        turn=state.turn if state.phase == PLAY else None,
        exchange_done=state.done,
        hand=None if player is None else in_order(hands[player] + known[player]),
        hand_sizes=tuple(len(hands[p]) + len(known[p]) for p in range(n)),
        known=tuple(in_order(k) if len(k) > 1 else k for k in known),
        face_up=face_up,
        dealt_up=state.dealt_up,
        face_down=tuple(len(d) for d in state.down),
        stack=state.stack,
        deck_size=len(state.deck),
        burned=state.burned,
        unused_count=len(state.unused),
        places=state.places,
        start_rank=state.start_rank or None,
        stall=state.stall,
    )


def determinize(view: ShedView, rng: random.Random) -> ShedState:
    """A complete state consistent with ``view``: the cards it does not show dealt at random."""
    seen: set[Card] = set(view.stack)
    seen.update(view.burned)
    for rows in (view.known, view.face_up, view.dealt_up):
        for row in rows:
            seen.update(row)
    if view.hand is not None:
        seen.update(view.hand)
    unseen = [c for c in FULL_DECK if c not in seen]
    rng.shuffle(unseen)
    pos = 0

    def take(k: int) -> Cards:
        nonlocal pos
        if k < 0 or pos + k > len(unseen):
            raise ValueError("the view is not consistent: hidden card counts do not add up")
        out = tuple(unseen[pos : pos + k])
        pos += k
        return out

    hands = []
    for p in range(view.players):
        if p == view.player and view.hand is not None:
            known = set(view.known[p])
            hands.append(tuple(c for c in view.hand if c not in known))
        else:
            hands.append(take(view.hand_sizes[p] - len(view.known[p])))
    down = tuple(take(k) for k in view.face_down)
    deck = take(view.deck_size)
    unused = take(view.unused_count)
    if pos != len(unseen):
        raise ValueError("the view is not consistent: cards are unaccounted for")
    return ShedState(
        players=view.players,
        options=view.options,
        hand_size=view.hand_size,
        phase=view.phase,
        turn=-1 if view.turn is None else view.turn,
        done=view.exchange_done,
        hands=tuple(hands),
        known=view.known,
        # during the exchange the others' rows are shown as dealt: a state in
        # which they have not swapped (yet) is consistent with the view
        up=view.face_up,
        dealt_up=view.dealt_up,
        down=down,
        deck=deck,
        unused=unused,
        stack=view.stack,
        burned=view.burned,
        places=view.places,
        start_rank=view.start_rank or 0,
        stall=view.stall,
        rng=Rng(rng.getrandbits(64)),
    )
