"""What one seat (or a spectator, ``player=None``) sees of a One-Card game."""

from __future__ import annotations

from dataclasses import dataclass

from ...core.cards import Card, Suit
from .options import Options


@dataclass(frozen=True, slots=True)
class OneCardView:
    player: int | None
    options: Options
    hand: tuple[Card, ...]  # the viewer's own hand (empty for a spectator)
    discard: tuple[Card, ...]  # the whole discard pile (public), top card last
    suit: Suit | None  # the suit in force (named with a 7), None on a Joker
    direction: int  # +1 clockwise, -1 counter-clockwise
    pending: int  # the attack total the player to act must answer
    jack_pending: bool  # the player to act must counter a Jack with a Queen or lose the turn
    king_pending: bool  # the player to act is taking a King's extra play
    passes: int  # consecutive passes so far
    draw_size: int
    hand_sizes: tuple[int, ...]
    totals: tuple[int, ...]
    last_points: tuple[int, ...]  # points of the last finished hand; () before the first ends
    last_winner: int | None
    dealer: int
    hand_no: int
    to_act: tuple[int, ...]
    over: bool

    @property
    def top(self) -> Card:
        return self.discard[-1]

    @property
    def players(self) -> int:
        return len(self.hand_sizes)

    @property
    def target(self) -> int:
        return self.options.target
