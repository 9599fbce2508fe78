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

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Choice:
    seat: int
    count: int | None = None  # the number asked for (private copy only)
    use: bool | None = None  # the Redo decision (private copy only)


@dataclass(frozen=True, slots=True)
class NumbersShown:
    asks: tuple[tuple[int, int], ...]  # (seat, number) of the numbers shown
    round: int
    turn: int
    redo: bool  # the new numbers of those who used a Redo


@dataclass(frozen=True, slots=True)
class RedoDecision:
    seat: int
    use: bool


@dataclass(frozen=True, slots=True)
class Banked:
    seat: int
    points: int
    score: int  # the seat's total after banking
    turn: int


@dataclass(frozen=True, slots=True)
class Shuffle:
    size: int


@dataclass(frozen=True, slots=True)
class Drawn:
    seat: int
    card: str  # the card's code
    to: str  # "center" or "pile"


@dataclass(frozen=True, slots=True)
class Bust:
    run: tuple[str, ...]  # the codes of the run of Diamonds
    length: int


@dataclass(frozen=True, slots=True)
class Greediest:
    seat: int
    asked: int
    kept: str | None  # the code of the card kept, if any


@dataclass(frozen=True, slots=True)
class RoundEnd:
    round: int
    round_points: tuple[int, ...]
    scores: tuple[int, ...]
    passed_on: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RoundStart:
    round: int
    first: int
    deck: int  # cards in the deck


@dataclass(frozen=True, slots=True)
class GameEnd:
    scores: tuple[int, ...]
