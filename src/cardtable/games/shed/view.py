"""What one seat may see of a Shed table (``player=None``: a spectator)."""

from __future__ import annotations

from dataclasses import dataclass

from ...core.cards import Card
from .options import Options

Cards = tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class ShedView:
    player: int | None  # the viewer; None for the public view
    players: int
    options: Options
    hand_size: int  # the deal's hand size (hands are refilled up to it)
    phase: str  # "exchange", "play" or "over"
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
        return self.phase == "over" and self.stall >= self.options.stall_limit

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
