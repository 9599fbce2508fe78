"""What a seat observes, from its view only, and the mask of its legal actions.

* ``encoder(game, players, options)``: the game's encoder: its ``layout`` (the
  named parts of the vector and their bounds) and ``encode(view)``, the flat
  ``float32`` vector.
* ``readable(view)``: the same view as a dict of plain values (cards as
  their codes, ``"10H"``; the others' secret choices as ``"chosen"``).
* ``mask(game, codes)``: the ``int8`` mask of the game's action space with the
  listed codes set (a code listed twice, two copies of a card, is one entry).

Both observations are functions of the view alone, so they hide what the view
hides (tests/rl check it the way the conformance suite checks views: dealing
again the cards hidden from a seat changes neither).
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Sequence
from typing import Any

import numpy as np
from pydantic import BaseModel

from ..core.cards import Card
from ..core.engine import Game
from ..core.secret import CHOSEN
from .one_card import OneCardEncoder
from .one_too_many import OneTooManyEncoder
from .shed import ShedEncoder

ENCODERS = {"one-card": OneCardEncoder, "shed": ShedEncoder, "one-too-many": OneTooManyEncoder}


def encoder(game: Game, players: int, options: Any) -> Any:
    """The observation encoder of ``game`` for ``players`` seats and ``options``."""
    try:
        make = ENCODERS[game.id]
    except KeyError:
        raise ValueError(f"no observation encoding is written for {game.id!r} (only {', '.join(ENCODERS)})") from None
    return make(players, game.make_options(options))


def plain(value: Any) -> Any:
    """``value`` in plain values: cards as codes, enums as their values, tuples as lists."""
    if isinstance(value, Card):
        return value.code
    if value is CHOSEN:
        return "chosen"
    if isinstance(value, enum.Enum):
        return value.value if isinstance(value.value, str) else value.name.lower()
    if isinstance(value, tuple | list):
        return [plain(item) for item in value]
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    return value


def readable(view: Any) -> dict[str, Any]:
    """The view as a dict of plain values, field by field."""
    return {field.name: plain(getattr(view, field.name)) for field in dataclasses.fields(view)}


def mask(game: Game, codes: Sequence[int]) -> np.ndarray:
    """The mask of ``game``'s action space with ``codes`` set (an ``int8`` array)."""
    out = bytearray(game.action_count)
    for code in codes:  # (a few codes: a loop of stores beats numpy's fancy indexing)
        out[code] = 1
    return np.frombuffer(out, np.int8)  # (writable: it shares the bytearray)
