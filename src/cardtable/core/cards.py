"""Cards, suits, ranks, Jokers and decks.

A card is an immutable named tuple ``Card(rank, suit, deck)``. ``deck`` tells
apart the physical copies when several decks are shuffled together, so every
card in a game is distinct and card conservation can be checked with sets.
Jokers have ``suit=None`` and one of the two Joker ranks, which carry their
colour. Ranks and suits are ``IntEnum`` members, so cards hash and compare as
plain tuples of ints (fast, and independent of Python's hash seed).
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum, IntEnum
from functools import cache
from typing import NamedTuple


class Color(Enum):
    BLACK = "black"
    RED = "red"


class Suit(IntEnum):
    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @property
    def letter(self) -> str:
        return "CDHS"[self]

    @property
    def color(self) -> Color:
        return Color.RED if self in (Suit.DIAMONDS, Suit.HEARTS) else Color.BLACK

    @property
    def label(self) -> str:
        return self.name.capitalize()


class Rank(IntEnum):
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    BLACK_JOKER = 15
    RED_JOKER = 16

    @property
    def short(self) -> str:
        return _RANK_SHORT[self]

    @property
    def label(self) -> str:
        return self.name.replace("_", " ").capitalize()


_RANK_SHORT = {
    **{Rank(v): str(v) for v in range(2, 11)},
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
    Rank.BLACK_JOKER: "BJ",
    Rank.RED_JOKER: "RJ",
}
_SHORT_RANK = {v: k for k, v in _RANK_SHORT.items()}
STANDARD_RANKS = tuple(Rank(v) for v in range(2, 15))


class Card(NamedTuple):
    rank: Rank
    suit: Suit | None = None
    deck: int = 0

    @property
    def color(self) -> Color:
        if self.suit is None:
            return Color.RED if self.rank == Rank.RED_JOKER else Color.BLACK
        return self.suit.color

    @property
    def face(self) -> str:
        """The card as a person reads it: ``10♥``, ``A♠``, ``Joker (red)``."""
        if self.suit is None:
            return "Red Joker" if self.rank == Rank.RED_JOKER else "Black Joker"
        return f"{self.rank.short}{self.suit.symbol}"

    @property
    def code(self) -> str:
        """A stable ASCII code for files: ``10H``, ``AS``, ``RJ``; ``AS#2`` for deck 2."""
        base = self.rank.short if self.suit is None else self.rank.short + self.suit.letter
        return base if self.deck == 0 else f"{base}#{self.deck}"

    def __str__(self) -> str:
        return self.face


def parse_card(code: str) -> Card:
    """Parse a card code as written by :attr:`Card.code`; raise ValueError if malformed."""
    return _parse_card(code.strip().upper())


@cache
def _parse_card(text: str) -> Card:
    base, _, deck_text = text.partition("#")
    try:
        deck = int(deck_text) if deck_text else 0
    except ValueError:
        raise ValueError(f"bad card code {text!r}: deck number must be an integer") from None
    if deck < 0:
        raise ValueError(f"bad card code {text!r}: negative deck number")
    if base in ("BJ", "RJ"):
        return Card(_SHORT_RANK[base], None, deck)
    rank_text, suit_text = base[:-1], base[-1:]
    if rank_text not in _SHORT_RANK or suit_text not in "CDHS" or not suit_text:
        raise ValueError(f"bad card code {text!r}: expected e.g. 10H, AS, QD, BJ, RJ")
    return Card(_SHORT_RANK[rank_text], Suit("CDHS".index(suit_text)), deck)


def standard_deck(deck: int = 0, jokers: bool = False) -> tuple[Card, ...]:
    """One deck in a fixed order: 52 cards, plus a black and a red Joker if asked."""
    cards = [Card(rank, suit, deck) for suit in Suit for rank in STANDARD_RANKS]
    if jokers:
        cards += [Card(Rank.BLACK_JOKER, None, deck), Card(Rank.RED_JOKER, None, deck)]
    return tuple(cards)


def multi_deck(count: int, jokers: bool = False) -> tuple[Card, ...]:
    """Several decks together; each physical card stays distinct by its deck number."""
    return tuple(card for d in range(count) for card in standard_deck(d, jokers))


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join(card.face for card in cards) or "—"
