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

from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any, Callable

from ...core.cards import Card
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


def _make_evolve() -> Callable[..., ShedState]:
    """``evolve(state, **changes)``: ``state`` with some fields replaced, by keyword.

    A state is built at every move, and a frozen class refuses plain
    assignment, so ``core.evolve.make_evolve`` sets each of the 19 slots
    through its descriptor's setter (a call each). Here the new state is
    filled as a ``_Draft``, a plain class with the very same slots, by plain
    assignment (a specialised bytecode, no call), and then becomes a
    ``ShedState``: the layouts are the same, so Python allows the change of
    class, and the object is frozen from then on. Building a state: 1.15 ->
    0.62 us (the checks for a kept field are most of what is left; ``builder``
    skips them). Unknown fields are refused as before."""
    names = [f.name for f in fields(ShedState)]
    lines = [f"def evolve(state, *, {', '.join(f'{n}=_KEEP' for n in names)}):", "    new = _new(_Draft)"]
    lines += [f"    new.{n} = state.{n} if {n} is _KEEP else {n}" for n in names]
    evolve = _compile("evolve", lines, {"_KEEP": object()})
    evolve.__doc__ = "``state`` (a ShedState) with some fields replaced, by keyword."
    return evolve


def builder(*changed: str) -> Callable[..., ShedState]:
    """``build(state, *values)``: ``state`` with the ``changed`` fields replaced by
    ``values``, in that order: ``evolve`` for a move's hot path, without a
    test per field (0.62 -> 0.32 us a state)."""
    names = [f.name for f in fields(ShedState)]
    unknown = set(changed) - set(names)
    if unknown:
        raise TypeError(f"ShedState has no field {sorted(unknown)[0]!r}")
    lines = [f"def build(state, {', '.join(changed)}):", "    new = _new(_Draft)"]
    lines += [f"    new.{n} = {n if n in changed else 'state.' + n}" for n in names]
    return _compile("build", lines, {})


def _compile(name: str, lines: list[str], namespace: dict[str, Any]) -> Callable[..., ShedState]:
    lines += ["    new.__class__ = _State", "    return new"]
    namespace.update({"_new": object.__new__, "_Draft": _Draft, "_State": ShedState})
    exec("\n".join(lines), namespace)
    function = namespace[name]
    function.__module__ = __name__
    return function


class _Draft:
    """A state being filled in (see ``_make_evolve``): ShedState's slots, unfrozen."""

    __slots__ = ShedState.__slots__


evolve = _make_evolve()
