"""The game registry: one row per game, and everything that lists games derives from it.

A row (:class:`GameRow`) holds a game's description (:class:`GameInfo`: id,
name, summary, menu blurb, player range) and the modules of its engine, its
presenter in the app and its computer players. Each game package defines its
``INFO`` without importing its engine (the package loads ``GAME`` only when it
is first asked for), so the menu, the CLI's help and the seat choices cost
nothing at start. The presenter registry (``tui/presenters``), the bot registry
(``bots``), the CLI's help strings and the seat kinds read this table.

To add a game, add its row to ``ROWS`` (see "How to add a game" in
docs/architecture.md); tests may ``register`` one for a while.
"""

from __future__ import annotations

from importlib import import_module
from importlib.util import find_spec
from typing import TYPE_CHECKING, NamedTuple

from .info import GameInfo
from .one_card import INFO as ONE_CARD
from .one_too_many import INFO as ONE_TOO_MANY
from .shed import INFO as SHED

if TYPE_CHECKING:
    from ..core.engine import AnyGame

#: The computer levels: ``random`` plays any game; the others need the game's
#: strategies (a row's ``bots`` module); ``expert`` only where it measured
#: stronger than ``hard`` (a row's ``expert``).
LEVELS: tuple[str, ...] = ("random", "easy", "normal", "hard", "expert")
#: Who may sit in a seat: a person, or a computer player of a level.
SEAT_KINDS: tuple[str, ...] = ("human", *LEVELS)


class GameRow(NamedTuple):
    """Everything the program needs to know to offer a game."""

    info: GameInfo
    engine: str  # the module whose ``GAME`` is the engine (a game package)
    presenter: str | None = None  # the module whose ``PRESENTER`` draws it in the app (None: no app table)
    bots: str | None = None  # the module of its computer players (STRATEGIES, SEARCH, explain; None: random only)
    expert: bool = False  # whether it offers the expert level (only where it measured stronger than hard)

    @property
    def levels(self) -> tuple[str, ...]:
        """The computer levels this game offers."""
        if self.bots is None:
            return ("random",)
        return LEVELS if self.expert else tuple(level for level in LEVELS if level != "expert")


ROWS: dict[str, GameRow] = {
    row.info.id: row
    for row in (
        # expert: measured stronger than hard in One Too Many and Shed (docs/bots.md, issue 15)
        GameRow(ONE_TOO_MANY, "cardtable.games.one_too_many",
                "cardtable.tui.presenters.one_too_many", "cardtable.bots.one_too_many", expert=True),
        GameRow(ONE_CARD, "cardtable.games.one_card", "cardtable.tui.presenters.one_card", "cardtable.bots.one_card"),
        GameRow(SHED, "cardtable.games.shed", "cardtable.tui.presenters.shed", "cardtable.bots.shed", expert=True),
    )
}  # fmt: skip
#: The games that come with cardtable, in menu order.
GAME_IDS: tuple[str, ...] = tuple(ROWS)
#: Each built-in game's description, known without importing its engine.
GAME_INFO: dict[str, GameInfo] = {game_id: row.info for game_id, row in ROWS.items()}


class UnknownGame(KeyError):
    def __str__(self) -> str:
        return f"unknown game {self.args[0]!r} (choose from {', '.join(ROWS)})"


def register(row: GameRow) -> None:
    """Add (or replace) a game's row: the game is then offered everywhere."""
    ROWS[row.info.id] = row


def unregister(game_id: str) -> None:
    ROWS.pop(game_id, None)


def get_row(game_id: str) -> GameRow:
    try:
        return ROWS[game_id]
    except KeyError:
        raise UnknownGame(game_id) from None


def get_game(game_id: str) -> AnyGame:
    """The engine of ``game_id`` (``one-too-many``, ``one-card``, ``shed``...)."""
    game: AnyGame = import_module(get_row(game_id).engine).GAME
    return game


def game_ids() -> tuple[str, ...]:
    """Every registered game id, the built-in ones first."""
    return tuple(ROWS)


def _present(module: str) -> bool:
    try:
        return find_spec(module) is not None
    except ModuleNotFoundError:
        return False


def available_games() -> list[AnyGame]:
    """Every registered game whose engine is present."""
    return [get_game(row.info.id) for row in ROWS.values() if _present(row.engine)]


def available_game_info() -> list[GameInfo]:
    """The description of every registered game whose engine is present (no engine imported)."""
    return [row.info for row in ROWS.values() if _present(row.engine)]
