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
BIG_WIDTH, BIG_HEIGHT = 7, 5  # a card drawn as a card (the tables' bigger faces)


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

    ``state``: ``normal``, ``dim`` (not playable now), ``cursor`` (reversed) or ``new`` (the
    last move put it down: marked ``▸``, not by colour alone).
    """
    if card is None:
        text, colours = " ░░░ " if not style.ascii else " ### ", "$card-back-ink on $card-back"
    else:
        text = (
            f"{'>' if style.ascii else '▸'}{face(card, style):>3} " if state == "new" else f" {face(card, style):>3} "
        )
        if state == "dim":
            colours = "$card-ink-dim on $card-paper-dim"
        else:
            colours = f"{ink(card, style)} on $card-paper" + (" bold" if state == "new" else "")
    if state == "cursor":  # reversed: paper on the ink; a black card's ink is slate, not a box as dark as the table
        colours = (colours if card is None else f"{cursor_ink(card, style)} on $card-paper") + " bold reverse"
    return Content.styled(text, colours)


def cursor_ink(card: Card, style: CardStyle = CardStyle()) -> str:
    ink_ = ink(card, style)
    return "$card-cursor" if ink_ == "$card-ink" else ink_


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
        colour = (
            ink(card.suit, style, on_paper=False)
            if card.suit is not None
            else ("$suit-red" if card.rank == Rank.RED_JOKER else "")
        )
        parts.append((face(card, style), f"bold {colour}".strip()))
    return Content.assemble(*parts) if parts else Content.styled(empty, "$text-muted")


# -- bigger faces: a card drawn as a small card, for the tables that have the room ----------------

#: The frames of a big card: (top, side, bottom) as (left, middle, right) characters; heavy for
#: a card the last move put down (told by its shape, not by its colour alone); ASCII.
FRAMES = {
    "normal": ("┌─┐", "│", "└─┘"),
    "new": ("┏━┓", "┃", "┗━┛"),
    "ascii": ("+-+", "|", "+-+"),
    "ascii-new": ("#=#", "#", "#=#"),
}


def big_card(
    card: Card | None, style: CardStyle = CardStyle(), new: bool = False, state: str = "normal"
) -> list[Content]:
    """A card as :data:`BIG_HEIGHT` lines of :data:`BIG_WIDTH` cells: its rank in the corners and
    its suit in the middle, on paper (``None``: a face-down back). ``new``: framed heavy;
    ``state`` as for :func:`chip` (``dim``, ``cursor``: a hand's card)."""
    frame = FRAMES[("ascii-" if style.ascii else "") + "new" if new else ("ascii" if style.ascii else "normal")]
    (top_l, top, top_r), side, (bottom_l, bottom, bottom_r) = tuple(frame[0]), frame[1], tuple(frame[2])
    inner = BIG_WIDTH - 2
    if card is None:
        fill = ("#" if style.ascii else "░") * inner
        middle = [fill] * (BIG_HEIGHT - 2)
        colours = "$card-back-ink on $card-back"
    else:
        if card.suit is None:
            rank, suit = ("RJ" if card.rank == Rank.RED_JOKER else "BJ"), ("*" if style.ascii else "★")
        else:
            rank, suit = card.rank.short, suit_text(card.suit, style)
        middle = [rank.ljust(inner), suit.center(inner), rank.rjust(inner)]
        colours = "$card-ink-dim on $card-paper-dim" if state == "dim" else f"{ink(card, style)} on $card-paper"
    if state == "cursor":
        colours += " reverse"
    edge = "bold $card-new on $card-paper" if new and card is not None else colours
    lines = [Content.styled(top_l + top * inner + top_r, edge)]
    for text in middle:
        lines.append(Content.assemble((side, edge), (text, f"bold {colours}"), (side, edge)))
    lines.append(Content.styled(bottom_l + bottom * inner + bottom_r, edge))
    return lines


def empty_slot(style: CardStyle = CardStyle()) -> list[Content]:
    """Where a card would lie (an empty stack, an empty draw pile): a dashed outline."""
    inner = BIG_WIDTH - 2
    if style.ascii:
        rows = ["." + " " * inner + ".", *([" " * BIG_WIDTH] * (BIG_HEIGHT - 2)), "." + " " * inner + "."]
    else:
        rows = ["╭" + "╌" * inner + "╮", *(["╎" + " " * inner + "╎"] * (BIG_HEIGHT - 2)), "╰" + "╌" * inner + "╯"]
    return [Content.styled(row, "$text-muted") for row in rows]


def fan(cards, style: CardStyle = CardStyle(), new: frozenset[int] = frozenset(), step: int = 4) -> list[Content]:
    """Cards drawn as cards, overlapping: each shows its left ``step`` columns (its rank), the last
    whole; ``new``: the indexes of the cards the last move put down. No cards: no lines."""
    cards = list(cards)
    if not cards:
        return []
    faces = [big_card(card, style, index in new) for index, card in enumerate(cards)]
    rows = []
    for row in range(BIG_HEIGHT):
        parts = [face[row][:step] for face in faces[:-1]] + [faces[-1][row]]
        rows.append(Content.assemble(*parts))
    return rows


def fan_width(count: int, step: int = 4) -> int:
    return 0 if count <= 0 else step * (count - 1) + BIG_WIDTH


def beside(blocks: list[list[Content]], gap: int = 3) -> list[Content]:
    """Blocks of lines side by side, top-aligned, each padded to its widest line."""
    blocks = [block for block in blocks if block]
    if not blocks:
        return []
    height = max(len(block) for block in blocks)
    widths = [max(line.cell_length for line in block) for block in blocks]
    lines = []
    for row in range(height):
        parts: list[Content | str] = []
        for index, (block, width) in enumerate(zip(blocks, widths, strict=True)):
            line = block[row] if row < len(block) else Content("")
            parts.append(line)
            if index < len(blocks) - 1:
                parts.append(" " * (width - line.cell_length + gap))
        lines.append(Content.assemble(*parts).rstrip())
    return lines
