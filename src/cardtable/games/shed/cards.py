"""Shed's deck, and its cards in the usual order, as text and as codes."""

from __future__ import annotations

from collections.abc import Iterable

from ...core.cards import Card, standard_deck

Cards = tuple[Card, ...]

FULL_DECK: Cards = standard_deck()
FULL_DECK_SET = frozenset(FULL_DECK)
_FACE = {c: c.face for c in FULL_DECK}
_CODE = {c: c.code for c in FULL_DECK}
_ORDER = {c: i for i, c in enumerate(sorted(FULL_DECK))}
order_key = _ORDER.__getitem__


def in_order(cards: Iterable[Card]) -> Cards:
    """Cards in the usual order (by rank, then suit), as a tuple."""
    return tuple(sorted(cards, key=order_key))


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join([_FACE[c] for c in cards]) or "—"


def codes(cards: Iterable[Card]) -> tuple[str, ...]:
    return tuple([_CODE[c] for c in cards])


def without(cards: Cards, remove: Cards) -> Cards:
    """``cards`` less the ``remove``d ones, in order."""
    if not cards:
        return cards
    if len(remove) == 1:  # the usual play: a slice around the card, no set (a third of the cost)
        card = remove[0]
        if card not in cards:
            return cards
        i = cards.index(card)
        return cards[:i] + cards[i + 1 :]
    gone = set(remove)
    return tuple([c for c in cards if c not in gone])
