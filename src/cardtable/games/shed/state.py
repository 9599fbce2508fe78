"""Shed's state: one flat frozen record of tuples, replaced (never mutated) by each move.

A player's hand is kept in two parts: ``hands[p]``, the cards only ``p`` knows
(dealt or drawn), and ``known[p]``, the cards everyone saw go into that hand
(a picked-up stack, a face-down card that failed, a dealt face-up card taken
into the hand in the exchange). Together they are the hand.

The exchange is private: while it lasts, ``up[p]`` and ``hands[p]`` are the
seat's current row and hand (only ``p`` sees them), ``dealt_up[p]`` is the
row as dealt (what everyone else still sees) and ``known`` stays empty. When
the last player is done the rows are revealed, the dealt face-up cards that
left a row become ``known`` in that hand, and ``dealt_up`` is emptied.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from ...core.cards import Card
from ...core.evolve import make_builder, make_evolve
from ...core.rng import Rng
from .options import Options


class Phase(StrEnum):
    EXCHANGE = "exchange"  # each player swaps hand and face-up cards in private
    PLAY = "play"
    OVER = "over"

    # States print (and so digest) the phase as the plain string it was when
    # the first saves were written.
    __repr__ = str.__repr__


EXCHANGE, PLAY, OVER = Phase.EXCHANGE, Phase.PLAY, Phase.OVER

Cards = tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class ShedState:
    players: int
    options: Options
    hand_size: int  # the deal's hand size: hands are refilled up to it
    phase: Phase
    turn: int  # the seat to play (PLAY phase), else -1
    done: tuple[bool, ...]  # per seat: has finished exchanging
    hands: tuple[Cards, ...]  # per seat: hand cards only the owner knows
    known: tuple[Cards, ...]  # per seat: hand cards everyone knows
    up: tuple[Cards, ...]  # per seat: face-up table cards, left to right
    dealt_up: tuple[Cards, ...]  # per seat: the face-up row as dealt, during the exchange; () after
    down: tuple[Cards, ...]  # per seat: face-down table cards, left to right
    deck: Cards  # the draw deck, top first
    unused: Cards  # set aside in the short game, never seen
    stack: Cards  # the play stack, bottom first: stack[-1] is the top card
    burned: Cards  # burned cards, in the order they burned
    places: tuple[int, ...]  # per seat: 0 while playing, else the place (1 = first out)
    start_rank: int  # the rank the first play must be (0 once the first play is made)
    stall: int  # moves in a row without progress (see the stall_limit option)
    rng: Rng

    def hand(self, seat: int) -> Cards:
        """The whole hand of ``seat`` (private part, then known part)."""
        return self.hands[seat] + self.known[seat]

    def hand_count(self, seat: int) -> int:
        return len(self.hands[seat]) + len(self.known[seat])

    def cards_left(self, seat: int) -> int:
        return len(self.hands[seat]) + len(self.known[seat]) + len(self.up[seat]) + len(self.down[seat])

    @property
    def active(self) -> tuple[int, ...]:
        """The seats still playing."""
        return tuple(p for p, place in enumerate(self.places) if place == 0)


#: ``evolve(state, **changes)``, and ``builder(*fields)`` -> ``build(state, *values)``
#: for a move's hot path: the fast builders of ``core.evolve``.
evolve = make_evolve(ShedState)


def builder(*changed: str) -> Callable[..., ShedState]:
    """``build(state, *values)``: ``state`` with the ``changed`` fields replaced by ``values``."""
    return make_builder(ShedState, *changed)
