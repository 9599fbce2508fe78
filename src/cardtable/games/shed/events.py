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

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Seat:
    seat: int


@dataclass(frozen=True, slots=True)
class Exchanged:
    seat: int
    to_hand: str  # the code of the card taken into the hand
    to_table: str  # the code of the card put face up


@dataclass(frozen=True, slots=True)
class RowShown:
    seat: int
    cards: tuple[str, ...]  # the face-up row, left to right
    to_hand: tuple[str, ...]  # dealt face-up cards taken into the hand


@dataclass(frozen=True, slots=True)
class Start:
    seat: int
    rank: int  # the rank the opening play must be (0: any)


@dataclass(frozen=True, slots=True)
class Played:
    seat: int
    cards: tuple[str, ...]
    source: str  # "hand", "face-up" or "face-down"
    index: int | None = None  # the face-down card's position


@dataclass(frozen=True, slots=True)
class FlipFailed:
    seat: int
    card: str  # the face-down card that could not be played
    cards: tuple[str, ...]  # everything taken into the hand
    count: int


@dataclass(frozen=True, slots=True)
class Stack:
    seat: int
    cards: tuple[str, ...]
    count: int


@dataclass(frozen=True, slots=True)
class Drew:
    seat: int
    count: int
    cards: tuple[str, ...] | None = None  # the drawer's own copy only


@dataclass(frozen=True, slots=True)
class Out:
    seat: int
    place: int


@dataclass(frozen=True, slots=True)
class GameEnd:
    loser: int
    places: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Stalemate:
    places: tuple[int, ...]
    cards_left: tuple[int, ...]  # of the seats still in, in ``seats`` order
    seats: tuple[int, ...]
