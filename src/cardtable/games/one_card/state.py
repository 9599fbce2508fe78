"""One-Card's state: a ``Table`` record that changes only between hands
(updated with ``evolve_table``), and the ``OneCardState`` of the hand in play
(a named tuple rebuilt at every move, so it stays small and flat).

Cards are held as ids, their index in ``tables.ALL_CARDS`` (see ``tables``);
``zones``, views and events give them as :class:`Card` objects.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ...core.cards import Card, Suit
from ...core.evolve import make_evolve
from ...core.rng import Rng
from .options import Options
from .tables import ALL_CARDS, SUIT, Lazy, cards_of


@dataclass(frozen=True, slots=True)
class Table:
    """What lasts across the hands of a game."""

    players: int
    options: Options
    cards: tuple[int, ...]  # every card of the game, each once
    rng: Rng  # used between hands only: the shuffle and the up-card's Jokers
    dealer: int
    hand_no: int  # 1 for the first hand
    totals: tuple[int, ...]
    last_points: tuple[int, ...]  # each seat's points in the last finished hand; () before
    last_winner: int | None  # who went out in the last finished hand (None: blocked, or none yet)
    over: bool


evolve_table = make_evolve(Table)


@dataclass(frozen=True, slots=True)
class Mode:
    """The part of a hand's flow that changes only with a power card, a 7 or
    a pass. Most moves keep it, and the common values are shared (``PLAIN``,
    ``NAMED``). (A slotted class: its fields are read several times a move,
    and a slot reads in half the time of a named tuple's field; it prints
    as the named tuple it was, so digests are unchanged.)"""

    direction: int = 1  # +1 clockwise (to higher seats), -1 after an odd number of Queens
    pending: int = 0  # the attack total the player to act must answer
    jack: bool = False  # the player to act must counter a Jack or lose the turn
    king: bool = False  # the player to act is taking a King's extra play
    passes: int = 0  # consecutive passes (a full round blocks the hand)
    named: Suit | None = None  # the suit named with the 7 on top (None: the top card's own suit)


# The common modes, built once and shared, by direction:
PLAIN = {d: Mode(d) for d in (1, -1)}  # nothing pending
# after a 7, by the named suit:
NAMED: dict[int, dict[Suit | None, Mode]] = {d: {suit: Mode(d, named=suit) for suit in Suit} for d in (1, -1)}
JACKED = {d: Mode(d, jack=True) for d in (1, -1)}  # facing a Jack
KINGED = {d: Mode(d, king=True) for d in (1, -1)}  # a King's extra play
ATTACKED: dict[int, Lazy[int, Mode]] = {
    d: Lazy(lambda total, d=d: Mode(d, total)) for d in (1, -1)
}  # facing an attack, by its total


class OneCardState(NamedTuple):
    """The hand in play.

    ``pile`` is the draw pile, top card first; ``discard`` the discard pile,
    top card last. ``turn`` is the seat to act; ``mode`` the direction, what
    that seat must answer, and the suit named with a 7.

    A named tuple: a step unpacks it at the top of the function
    (``table, hands, pile, discard, turn, mode = state``) and builds the next
    one with a single ``tuple.__new__`` (:func:`new_state`), about a tenth of
    a step's instructions less than a slotted class set field by field; off
    the hot path the fields are read by name.

    Every zone (each hand and both piles) holds its card ids as ``bytes``
    (ids are below 256): the discard pile grows by a card at every play and
    the draw pile loses one at every draw, and copying bytes copies no
    references, a third of the cost of copying a tuple of 70 ids (the mean
    discard pile); a play takes its card out of the hand with one
    ``bytes.replace``. Indexing and iterating give ids as a tuple would; a
    state prints its zones as tuples, as it did before, so digests (and so
    saves) are unchanged.
    """

    table: Table
    hands: tuple[bytes, ...]
    pile: bytes
    discard: bytes
    turn: int
    mode: Mode

    def __repr__(self) -> str:
        return (
            f"OneCardState(table={self.table!r}, hands={tuple(map(tuple, self.hands))!r}, pile={tuple(self.pile)!r}, "
            f"discard={tuple(self.discard)!r}, turn={self.turn!r}, mode={self.mode!r})"
        )

    @property
    def top(self) -> Card:
        """The top card of the discard pile."""
        return ALL_CARDS[self.discard[-1]]

    @property
    def suit(self) -> Suit | None:
        """The suit in force: the one named with the 7 on top, else the top
        card's suit (``None`` on a Joker)."""
        named = self.mode.named
        return SUIT[self.discard[-1]] if named is None else named

    def hand(self, seat: int) -> tuple[Card, ...]:
        """``seat``'s hand as cards."""
        return cards_of(self.hands[seat])

    @property
    def players(self) -> int:
        return self.table.players

    @property
    def options(self) -> Options:
        return self.table.options

    @property
    def direction(self) -> int:
        return self.mode.direction

    @property
    def pending(self) -> int:
        return self.mode.pending

    @property
    def jack(self) -> bool:
        return self.mode.jack

    @property
    def king(self) -> bool:
        return self.mode.king

    @property
    def passes(self) -> int:
        return self.mode.passes


def new_state(
    table: Table, hands: tuple[bytes, ...], pile: bytes, discard: bytes, turn: int, mode: Mode
) -> OneCardState:
    """A state from its fields (the hot path calls ``tuple.__new__`` itself: ``BUILD``)."""
    return BUILD(OneCardState, (table, hands, pile, discard, turn, mode))


#: ``BUILD(OneCardState, (table, hands, pile, discard, turn, mode))``: a state in one C call
BUILD = tuple.__new__
