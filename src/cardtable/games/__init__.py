"""The game registry: game ids to their engines, imported on first use."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..core.engine import Game

_MODULES = {
    "one-too-many": "cardtable.games.one_too_many",
    "one-card": "cardtable.games.one_card",
    "shed": "cardtable.games.shed",
}
GAME_IDS: tuple[str, ...] = tuple(_MODULES)


class UnknownGame(KeyError):
    def __str__(self) -> str:
        return f"unknown game {self.args[0]!r} (choose from {', '.join(GAME_IDS)})"


def get_game(game_id: str) -> "Game":
    """The engine of ``game_id``: ``one-too-many``, ``one-card`` or ``shed``."""
    try:
        module = _MODULES[game_id]
    except KeyError:
        raise UnknownGame(game_id) from None
    return import_module(module).GAME


def available_games() -> list["Game"]:
    """Every registered game whose engine is present."""
    games = []
    for game_id in GAME_IDS:
        try:
            games.append(get_game(game_id))
        except ModuleNotFoundError:
            continue
    return games
