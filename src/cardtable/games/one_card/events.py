"""The events of One-Card's moves.

Text names seats as ``{p0}``, ``{p1}``...; ``data`` carries the facts for a log
or a recap. A play's data always holds ``card`` (its code) and ``effect``
(``""``, ``"seven"``, ``"attack"``, ``"cancel"``, ``"jack"``, ``"reverse"``,
``"king"`` or ``"out"``), plus ``suit`` for a 7, ``pending`` (the attack total
after the play) for an attack or a 3 that removes one, and ``next`` (the seat
to act) for an attack or a Jack.

Cards are given by id (see ``tables``). Events are immutable, so each one
is built the first time it happens and then reused from a table keyed by
the seat and the facts it tells: a move costs a look-up instead of
formatting text.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...core.cards import Suit
from ...core.engine import Event
from .tables import CODE, FACE, Lazy

# -- the typed records of the events' data (``event.payload(HandEnd)``) ------------


@dataclass(frozen=True, slots=True)
class Dealt:
    """``deal``: a hand is dealt."""

    hand: int
    dealer: int
    leader: int
    cards: int  # cards dealt to each player


@dataclass(frozen=True, slots=True)
class UpCard:
    """``upcard`` (the up-card) and ``upcard_joker`` (a Joker turned up and put back)."""

    card: str


@dataclass(frozen=True, slots=True)
class Played:
    """``play``: a card played, and what it did."""

    card: str
    effect: str  # "", "seven", "attack", "cancel", "jack", "reverse", "king" or "out"
    suit: str | None = None  # the suit named with a 7 (its name)
    pending: int | None = None  # the attack total after an attack or a cancelling 3
    next: int | None = None  # the seat to act after an attack or a Jack


@dataclass(frozen=True, slots=True)
class Drawing:
    """``draw`` (public): how many cards were drawn, and for which attack (0: none)."""

    count: int
    penalty: int


@dataclass(frozen=True, slots=True)
class DrawnCards:
    """``drawn`` (the drawer's own): the cards drawn."""

    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Passed:
    """``pass``: consecutive passes so far."""

    passes: int


@dataclass(frozen=True, slots=True)
class HandEnd:
    """``hand_end``: who went out (``None``: blocked), the points, and the cards each
    player was left with (shown, as at a real table, to count them)."""

    hand: int
    winner: int | None
    blocked: bool
    points: tuple[int, ...]
    totals: tuple[int, ...]
    hands: tuple[tuple[str, ...], ...] = ()  # per seat, the codes of the cards left


@dataclass(frozen=True, slots=True)
class GameEnd:
    """``game_end``: the seats with the lowest total, and the totals."""

    winners: tuple[int, ...]
    totals: tuple[int, ...]


# -- the events ----------------------------------------------------------------------

SEAT = tuple(f"{{p{i}}}" for i in range(8))  # how event texts name seat i
ONLY = tuple(frozenset({i}) for i in range(8))  # visible_to for seat i's private events


def _per_seat(make: Callable[[int, Any], Event]) -> tuple[Lazy[Any, Event], ...]:
    """Per seat, a lazy table of the events ``make(seat, key)``."""
    return tuple(Lazy[Any, Event](lambda key, seat=seat: make(seat, key)) for seat in range(8))


def _plain(seat: int, card: int) -> Event:
    return Event("play", f"{SEAT[seat]} plays {FACE[card]}.", None, (("card", CODE[card]), ("effect", "")))


def _king(seat: int, card: int) -> Event:
    text = f"{SEAT[seat]} plays {FACE[card]} and plays again."
    return Event("play", text, None, (("card", CODE[card]), ("effect", "king")))


def _out(seat: int, card: int) -> Event:
    text = f"{SEAT[seat]} plays {FACE[card]}, their last card, and goes out."
    return Event("play", text, None, (("card", CODE[card]), ("effect", "out")))


def _seven(seat: int, key: tuple[int, Suit]) -> Event:
    card, suit = key
    text = f"{SEAT[seat]} plays {FACE[card]} and names {suit.label}."
    return Event("play", text, None, (("card", CODE[card]), ("effect", "seven"), ("suit", suit.name)))


def _drawn(seat: int, card: int) -> Event:
    return Event("drawn", f"{SEAT[seat]} draws {FACE[card]}.", ONLY[seat], (("cards", (CODE[card],)),))


PLAIN = _per_seat(_plain)  # PLAIN[seat][card]
KING = _per_seat(_king)
OUT = _per_seat(_out)
SEVEN = _per_seat(_seven)  # SEVEN[seat][card, named suit]
DRAWN = _per_seat(_drawn)
DRAW_ONE = tuple(
    Event("draw", f"{SEAT[seat]} draws a card.", None, (("count", 1), ("penalty", 0))) for seat in range(8)
)
SKIP = tuple(Event("skip", f"{SEAT[seat]} loses the turn to the Jack.") for seat in range(8))
PASSES = tuple(
    tuple(Event("pass", f"{SEAT[seat]} passes.", None, (("passes", count),)) for count in range(9)) for seat in range(8)
)
BLOCKED = Event("blocked", "Every player passed in a row: the hand is blocked.")


def _attack(seat: int, key: tuple[int, int, int]) -> Event:
    card, total, nxt = key
    text = f"{SEAT[seat]} plays {FACE[card]}: {SEAT[nxt]} must answer an attack of {total}."
    return Event("play", text, None, (("card", CODE[card]), ("effect", "attack"), ("pending", total), ("next", nxt)))


def _cancel(seat: int, key: tuple[int, int]) -> Event:
    card, removed = key
    text = f"{SEAT[seat]} plays {FACE[card]} and removes the attack of {removed}."
    return Event("play", text, None, (("card", CODE[card]), ("effect", "cancel"), ("pending", 0)))


def _jack(seat: int, key: tuple[int, int]) -> Event:
    card, nxt = key
    text = f"{SEAT[seat]} plays {FACE[card]}: {SEAT[nxt]} loses the turn unless they counter."
    return Event("play", text, None, (("card", CODE[card]), ("effect", "jack"), ("next", nxt)))


def _reverse(seat: int, key: tuple[int, bool, bool]) -> Event:
    card, countered, again = key
    text = f"{SEAT[seat]} plays {FACE[card]}"
    if countered:
        text += " to counter the Jack"
    text += " and plays again." if again else " and reverses the play."
    return Event("play", text, None, (("card", CODE[card]), ("effect", "reverse")))


ATTACK = _per_seat(_attack)  # ATTACK[seat][card, attack total, next seat]
CANCEL = _per_seat(_cancel)  # CANCEL[seat][card, total removed]
JACK = _per_seat(_jack)  # JACK[seat][card, next seat]
REVERSE = _per_seat(_reverse)  # REVERSE[seat][card, countering a Jack, plays again]


def _penalty(key: tuple[int, int, int]) -> Event:
    seat, count, total = key
    if count == 0:
        text = f"{SEAT[seat]} has nothing to draw for the attack of {total}: the draw pile is empty."
    else:
        text = f"{SEAT[seat]} draws {count} card{'s' if count != 1 else ''} for the attack of {total}"
        text += " (all the draw pile had)." if count < total else "."
    return Event("draw", text, None, (("count", count), ("penalty", total)))


PENALTY: Lazy[tuple[int, int, int], Event] = Lazy(_penalty)  # PENALTY[seat, cards drawn, attack total]


def drawn(seat: int, cards: bytes) -> Event:
    """The private event showing the drawer the cards drawn (their ids)."""
    if len(cards) == 1:
        return DRAWN[seat][cards[0]]
    text = f"{SEAT[seat]} draws {' '.join(FACE[c] for c in cards)}."
    return Event("drawn", text, ONLY[seat], (("cards", tuple(CODE[c] for c in cards)),))
