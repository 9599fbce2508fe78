"""Shed's moves: frozen dataclasses, encoded to JSON by ``cardtable.core.codec``."""

from __future__ import annotations

from dataclasses import dataclass

from ...core.cards import Card
from .cards import cards_text


@dataclass(frozen=True, slots=True)
class Exchange:
    """Exchange phase: swap one of your hand cards with one of your own face-up cards."""

    hand_card: Card
    face_up_card: Card


@dataclass(frozen=True, slots=True)
class Done:
    """Exchange phase: you have finished exchanging."""


@dataclass(frozen=True, slots=True)
class Play:
    """Play one or more cards of one rank, all from the hand or all from the face-up cards.

    The cards are kept in the usual order (by rank, then suit), so the order
    they are named in does not matter: ``Play((K♠, K♥)) == Play((K♥, K♠))``.
    """

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        cards = self.cards
        if type(cards) is not tuple or len(cards) > 1:
            try:
                object.__setattr__(self, "cards", tuple(sorted(cards)))
            except TypeError:  # not cards: left as given, refused by the rules
                object.__setattr__(self, "cards", tuple(cards))


@dataclass(frozen=True, slots=True)
class PlayFaceDown:
    """Turn over the face-down card at ``index`` (0 = leftmost remaining) and play it, blind."""

    index: int


@dataclass(frozen=True, slots=True)
class PickUp:
    """Take the whole stack into your hand; your turn ends."""


MOVE_TYPES: tuple[type, ...] = (Exchange, Done, Play, PlayFaceDown, PickUp)
Move = Exchange | Done | Play | PlayFaceDown | PickUp


def describe_move(move: Move) -> str:
    """A short text for menus and logs."""
    if isinstance(move, Play):
        return f"play {cards_text(move.cards)}"
    if isinstance(move, PlayFaceDown):
        return f"turn over face-down card {move.index + 1}"
    if isinstance(move, PickUp):
        return "pick up the stack"
    if isinstance(move, Exchange):
        return f"take {move.face_up_card.face} into hand, put {move.hand_card.face} face up"
    if isinstance(move, Done):
        return "finish exchanging"
    return str(move)
