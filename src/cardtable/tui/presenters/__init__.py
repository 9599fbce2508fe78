"""One presenter per game: what its table shows and how its moves are chosen."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from ...games import get_row
from .base import Presenter


def get_presenter(game_id: str) -> Presenter[Any]:
    """The presenter named in ``game_id``'s registry row."""
    module = get_row(game_id).presenter
    if module is None:
        raise KeyError(f"{game_id!r} has no presenter")
    return import_module(module).PRESENTER
