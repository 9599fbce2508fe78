"""The data of Shed's events, as typed records.

An event's ``data`` holds plain values (cards as codes); ``event.payload(Played)``
reads it as the record of its kind. The kinds, and the record of each:

* ``exchange`` (the exchanger's own): :class:`Exchanged`; ``ready``: :class:`Seat`;
  ``reveal``: :class:`RowShown`; ``start``: :class:`Start`
* ``play``: :class:`Played`; ``flip_fail``: :class:`FlipFailed`;
  ``pickup`` and ``burn``: :class:`Stack`; ``draw``: :class:`Drew`
  (the drawer's own copy names the cards); ``again``: :class:`Seat`
* ``out``: :class:`Out`; ``game_end``: :class:`GameEnd`; ``stalemate``: :class:`Stalemate`
"""

from __future__ import annotations

from typing import NamedTuple


class Seat(NamedTuple):
    seat: int


class Exchanged(NamedTuple):
    seat: int
    to_hand: str  # the code of the card taken into the hand
    to_table: str  # the code of the card put face up


class RowShown(NamedTuple):
    seat: int
    cards: tuple[str, ...]  # the face-up row, left to right
    to_hand: tuple[str, ...]  # dealt face-up cards taken into the hand


class Start(NamedTuple):
    seat: int
    rank: int  # the rank the opening play must be (0: any)


class Played(NamedTuple):
    seat: int
    cards: tuple[str, ...]
    source: str  # "hand", "face-up" or "face-down"
    index: int | None = None  # the face-down card's position


class FlipFailed(NamedTuple):
    seat: int
    card: str  # the face-down card that could not be played
    cards: tuple[str, ...]  # everything taken into the hand
    count: int


class Stack(NamedTuple):
    seat: int
    cards: tuple[str, ...]
    count: int


class Drew(NamedTuple):
    seat: int
    count: int
    cards: tuple[str, ...] | None = None  # the drawer's own copy only


class Out(NamedTuple):
    seat: int
    place: int


class GameEnd(NamedTuple):
    loser: int
    places: tuple[int, ...]


class Stalemate(NamedTuple):
    places: tuple[int, ...]
    cards_left: tuple[int, ...]  # of the seats still in, in ``seats`` order
    seats: tuple[int, ...]
