"""A game's public table as plain text lines (``cardtable replay``): the same drawing
as the app's table widget, without the colours, so the command line shows cards as
faces (``10♥``, or ``10H`` in ASCII) and one row per player, never Python reprs."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cardfaces import CardStyle, colour_suits
from . import get_presenter


def public_table_lines(game_id: str, view: Any, names: Sequence[str], ascii_cards: bool = False) -> list[str]:
    """The public ``view`` drawn as the app's table draws it, line by line."""
    table = get_presenter(game_id).make_table()
    content = table.draw(view, list(names), CardStyle(ascii=ascii_cards))  # type: ignore[attr-defined]
    return [line.rstrip() for line in content.plain.splitlines()]


def event_text(text: str, ascii_cards: bool = False) -> str:
    """An event line with its card faces as the table draws them (``10H`` in ASCII)."""
    return colour_suits(text, CardStyle(ascii=ascii_cards)).plain
