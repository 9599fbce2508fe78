"""Card faces as styled text: rank and suit in colour on a paper-coloured chip.

Suits are always told apart by their symbol (or letter, with ASCII cards),
never by colour alone. Colours are CSS variables (see ``themes.theme_variables``),
so faces follow the dark and light themes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from textual.content import Content

from ..core.cards import Card, Rank, Suit

CHIP_WIDTH = 5  # " 10♥ "


@dataclass(frozen=True, slots=True)
class CardStyle:
    ascii: bool = False
    four_colours: bool = False


def face(card: Card, style: CardStyle = CardStyle()) -> str:
    """``10♥``, ``A♠``, ``RJ★`` (``10H``, ``AS``, ``RJ*`` with ASCII cards)."""
    if card.suit is None:
        return ("RJ" if card.rank == Rank.RED_JOKER else "BJ") + ("*" if style.ascii else "★")
    return card.rank.short + (card.suit.letter if style.ascii else card.suit.symbol)


def suit_text(suit: Suit, style: CardStyle = CardStyle()) -> str:
    return suit.letter if style.ascii else suit.symbol


def ink(card_or_suit: Card | Suit | None, style: CardStyle = CardStyle(), on_paper: bool = True) -> str:
    """The colour variable a card (or suit) is printed in."""
    if isinstance(card_or_suit, Card):
        suit = card_or_suit.suit
        if suit is None:
            return "$card-red" if card_or_suit.rank == Rank.RED_JOKER else "$card-ink"
    else:
        suit = card_or_suit
    prefix = "$card-" if on_paper else "$suit-"
    if suit in (Suit.HEARTS, Suit.DIAMONDS):
        if style.four_colours and suit == Suit.DIAMONDS:
            return prefix + "blue"
        return prefix + "red"
    if style.four_colours and suit == Suit.CLUBS:
        return prefix + "green"
    return "$card-ink" if on_paper else ""


def chip(card: Card | None, style: CardStyle = CardStyle(), state: str = "normal") -> Content:
    """One card as a 5-cell chip; ``card=None`` is a face-down back.

    ``state``: ``normal``, ``dim`` (not playable now) or ``cursor`` (reversed).
    """
    if card is None:
        text, colours = " ░░░ " if not style.ascii else " ### ", "$card-back-ink on $card-back"
    else:
        text = f" {face(card, style):>3} "
        if state == "dim":
            colours = "$card-ink-dim on $card-paper-dim"
        else:
            colours = f"{ink(card, style)} on $card-paper"
    if state == "cursor":
        colours += " bold reverse"
    return Content.styled(text, colours)


def suit_label(suit: Suit, style: CardStyle = CardStyle()) -> Content:
    """``♠ Spades`` with the symbol in its colour."""
    return Content.assemble((suit_text(suit, style), ink(suit, style, on_paper=False) or "bold"), f" {suit.label}")


_SUITS_IN_TEXT = re.compile(r"(10|[2-9JQKA])([♣♦♥♠])|\b([RB]J)★")


def colour_suits(text: str, style: CardStyle = CardStyle()) -> Content:
    """Plain text (an event line, a question, a hint) with every card face in it coloured by
    suit, and written as the card style says (``10H`` with ASCII cards)."""
    parts: list[Content | str | tuple[str, str]] = []
    last = 0
    for match in _SUITS_IN_TEXT.finditer(text):
        parts.append(text[last : match.start()])
        if match.group(3):  # a joker
            joker = match.group(3)
            parts.append((joker + ("*" if style.ascii else "★"), "bold $suit-red" if joker == "RJ" else "bold"))
        else:
            suit = Suit("♣♦♥♠".index(match.group(2)))
            colour = ink(suit, style, on_paper=False)
            shown = match.group(1) + (suit.letter if style.ascii else suit.symbol)
            parts.append((shown, f"bold {colour}".strip()))
        last = match.end()
    parts.append(text[last:])
    return Content.assemble(*parts)


def plain_cards(text: str, style: CardStyle = CardStyle()) -> str:
    """``text`` with its card faces written as the card style says (no colours)."""
    return colour_suits(text, style).plain if style.ascii else text


def style_of(app) -> CardStyle:
    """The card style of the app's current settings (for screens over the table)."""
    settings = getattr(app, "settings", None)
    if settings is None:
        return CardStyle()
    return CardStyle(settings.ascii_cards, settings.four_colours)


def inline(cards, style: CardStyle = CardStyle(), empty: str = "—") -> Content:
    """Card faces as compact coloured text on the app's background: ``3♣ 5♥ 10♠``."""
    parts: list[Content | str | tuple[str, str]] = []
    for index, card in enumerate(cards):
        if index:
            parts.append(" ")
        colour = ink(card.suit, style, on_paper=False) if card.suit is not None else (
            "$suit-red" if card.rank == Rank.RED_JOKER else "")
        parts.append((face(card, style), f"bold {colour}".strip()))
    return Content.assemble(*parts) if parts else Content.styled(empty, "$text-muted")
