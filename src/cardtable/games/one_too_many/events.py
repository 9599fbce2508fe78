"""The data of One Too Many's events, as typed records.

An event's ``data`` holds plain values (cards as codes); ``event.payload(NumbersShown)``
reads it as the record of its kind. The kinds, and the record of each:

* ``choose`` / ``redo_choice``: :class:`Choice` (a secret number or Redo
  decision; the value only in the chooser's private copy)
* ``reveal``: :class:`NumbersShown`; ``redo``: :class:`RedoDecision`
* ``pass`` / ``bank``: :class:`Banked`; ``shuffle``: :class:`Shuffle`
* ``draw``: :class:`Drawn`; ``bust``: :class:`Bust`; ``greediest``: :class:`Greediest`
* ``round_end``: :class:`RoundEnd`; ``round_start``: :class:`RoundStart`;
  ``game_end``: :class:`GameEnd`; ``deck_empty`` carries no data
"""

from __future__ import annotations

from typing import NamedTuple


class Choice(NamedTuple):
    seat: int
    count: int | None = None  # the number asked for (private copy only)
    use: bool | None = None  # the Redo decision (private copy only)


class NumbersShown(NamedTuple):
    asks: tuple[tuple[int, int], ...]  # (seat, number) of the numbers shown
    round: int
    turn: int
    redo: bool  # the new numbers of those who used a Redo


class RedoDecision(NamedTuple):
    seat: int
    use: bool


class Banked(NamedTuple):
    seat: int
    points: int
    score: int  # the seat's total after banking
    turn: int


class Shuffle(NamedTuple):
    size: int


class Drawn(NamedTuple):
    seat: int
    card: str  # the card's code
    to: str  # "center" or "pile"


class Bust(NamedTuple):
    run: tuple[str, ...]  # the codes of the run of Diamonds
    length: int


class Greediest(NamedTuple):
    seat: int
    asked: int
    kept: str | None  # the code of the card kept, if any


class RoundEnd(NamedTuple):
    round: int
    round_points: tuple[int, ...]
    scores: tuple[int, ...]
    passed_on: tuple[int, ...]


class RoundStart(NamedTuple):
    round: int
    first: int
    deck: int  # cards in the deck


class GameEnd(NamedTuple):
    scores: tuple[int, ...]
