"""One-Card's moves: play a card (naming a suit with a 7), draw, or pass.

The same three moves answer every situation: under an attack ``Draw()`` takes
the whole penalty, facing a Jack ``Pass()`` accepts losing the turn, and the
King's extra play is an ordinary ``Play`` or ``Draw`` (``Pass`` on an empty
draw pile).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.cards import Card, Suit


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card`` on the discard pile; ``suit`` is the suit named with a 7 (and only a 7)."""

    card: Card
    suit: Suit | None = None


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw one card (under an attack: draw the whole penalty, or what is left)."""


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass on an empty draw pile, or accept losing the turn to a Jack."""


MOVE_TYPES = (Play, Draw, Pass)


def describe_move(move: Play | Draw | Pass) -> str:
    if type(move) is Play:
        if move.suit is not None:
            return f"play {move.card.face} naming {move.suit.label}"
        return f"play {move.card.face}"
    return "draw" if type(move) is Draw else "pass"
