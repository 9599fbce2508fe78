"""The game registry: game ids to their engines, imported on first use.

``GAME_INFO`` describes each game (name, summary, one-line blurb, player range)
without importing its engine, for the menu; a test checks that it agrees with
the engines.
"""

from __future__ import annotations

from importlib import import_module
from importlib.util import find_spec
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from ..core.engine import Game

_MODULES = {
    "one-too-many": "cardtable.games.one_too_many",
    "one-card": "cardtable.games.one_card",
    "shed": "cardtable.games.shed",
}
GAME_IDS: tuple[str, ...] = tuple(_MODULES)


class GameInfo(NamedTuple):
    """What the menu shows of a game, known without importing its engine."""

    id: str
    name: str
    summary: str
    blurb: str  # one line for the menu (the summary is longer)
    min_players: int
    max_players: int


#: Each game's description; must match the engine's attributes (tests/test_game_info.py).
GAME_INFO: dict[str, GameInfo] = {
    info.id: info
    for info in (
        GameInfo(
            "one-too-many",
            "One Too Many",
            "Ask in secret for cards to bank, and pass before the Diamonds in the center "
            "make a run longer than the number of players.",
            "Ask in secret for cards; bank them before the Diamonds bust.",
            2,
            6,
        ),
        GameInfo(
            "one-card",
            "One-Card",
            "Shed your cards with three decks: 7s are wild, Jacks skip, Queens reverse, 2s, Aces and Jokers attack.",
            "Match rank or suit; 7s are wild, 2s, Aces and Jokers attack.",
            2,
            8,
        ),
        GameInfo(
            "shed",
            "Shed",
            "Board Game Arena's Palace: shed your hand, then your face-up and blind face-down "
            "cards onto a rising stack; 2 resets, 10 burns, the last player left loses.",
            "Play up, burn with 10s, and don't be the last holding cards.",
            2,
            4,
        ),
    )
}


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


def available_game_info() -> list[GameInfo]:
    """``GAME_INFO`` of every registered game whose engine is present (no engine imported)."""
    infos = []
    for game_id in GAME_IDS:
        try:
            present = find_spec(_MODULES[game_id]) is not None
        except ModuleNotFoundError:
            present = False
        if present:
            infos.append(GAME_INFO[game_id])
    return infos
