"""What a new game needs: the game, its seats, its options and a seed.

No Textual here: the new-game screen and ``cardtable play`` both build a
:class:`GameSetup`; ``start()`` turns it into a :class:`~cardtable.session.Session`.
The new-game form needs a game's description and its options only
(:func:`options_model`): the engine and the session are imported when a game starts.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from importlib import import_module
from typing import TYPE_CHECKING, Any

from ..games import LEVELS, get_game, get_row

if TYPE_CHECKING:
    from ..core.engine import GameOptions
    from ..session import Seat, Session

#: The choices a seat offers on the new-game screen: (label, seat kind), one
#: per kind in :data:`cardtable.games.SEAT_KINDS` (human, then each computer level).
SEAT_CHOICES: tuple[tuple[str, str], ...] = (
    ("Human", "human"),
    *((f"{level.capitalize()} bot", level) for level in LEVELS),
)


def seat_choices(game_id: str) -> tuple[tuple[str, str], ...]:
    """The choices a seat of ``game_id`` offers: human, then each computer level the
    game offers (its registry row's ``levels``: ``expert`` only where it measured
    stronger than ``hard``)."""
    try:
        levels = get_row(game_id).levels
    except KeyError:
        levels = LEVELS
    return tuple(choice for choice in SEAT_CHOICES if choice[1] == "human" or choice[1] in levels)


#: The kind a computer seat gets when none is named.
DEFAULT_COMPUTER = "normal"


def default_name(seat: int) -> str:
    return f"Player {seat + 1}"


def options_model(game_id: str) -> type[GameOptions]:
    """A game's options (its pydantic model) without importing its engine: a game
    package loads its ``Options`` from its options module alone."""
    package = import_module(get_row(game_id).engine)
    model = getattr(package, "Options", None)
    return model if model is not None else get_game(game_id).Options


@dataclass(frozen=True)
class GameSetup:
    game_id: str
    seats: tuple[Seat, ...]
    options: Any = None  # a mapping or the game's Options
    seed: int | None = None  # None: a fresh random seed at start

    @classmethod
    def from_start(cls, start: Mapping[str, Any]) -> GameSetup:
        """From the ``start`` dict of ``cardtable play`` (game_id, names, kinds, options, seed)."""
        from ..session import Seat

        names = list(start["names"])
        kinds = list(start.get("kinds") or ["human"] * len(names))
        seats = tuple(
            Seat(name, kind) for name, kind in zip(names, kinds, strict=False)
        )  # (a kind past the names: unused)
        return cls(start["game_id"], seats, start.get("options"), start.get("seed"))

    @property
    def game(self):
        return get_game(self.game_id)

    @property
    def humans(self) -> int:
        return sum(seat.is_human for seat in self.seats)

    def resolved_seed(self) -> int:
        return self.seed if self.seed is not None else random.SystemRandom().randrange(1, 10**9)

    def start(self) -> Session:
        """A new session; the seed is fixed here, so a "play again" can pick the next one."""
        from ..session import Session

        return Session.start(self.game_id, self.seats, self.options, self.resolved_seed())

    def again(self, last_seed: int) -> GameSetup:
        """The same seats and options for another game (a seeded game moves on to the next seed)."""
        return replace(self, seed=None if self.seed is None else last_seed + 1)
