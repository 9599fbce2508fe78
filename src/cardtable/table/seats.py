"""How a seat answers the turn loop: a human at this screen, or a computer.

The driver asks a seat's :class:`SeatPlayer` for each decision (``choose``:
a move, or an :class:`~.request.UndoRequest`) and, for a human whose moves an
undo would take back, for consent. :class:`HumanHere` hands the decision to the
table screen as a :class:`~.request.MoveRequest`; :class:`Computer` runs a bot,
seeded from (game seed, seat, moves so far) so a seeded game replays exactly,
in a worker thread. A seat played on another screen is a third kind (a table
server's), with the same two methods.
"""

from __future__ import annotations

import asyncio
from typing import Any, Protocol

from ..bots import decision_seed, make_bot
from ..session import Session
from .request import MoveRequest


class SeatPlayer(Protocol):
    async def choose(self, seat: int, note: str = "") -> Any:
        """``seat``'s next move, or an :class:`~.request.UndoRequest` (``note``: a line for the player)."""

    async def consent(self, seat: int, title: str, detail: str) -> bool:
        """Whether ``seat`` agrees to an undo that takes back their moves."""


class ChoosingScreen(Protocol):
    """What a screen does for the humans at its keyboard."""

    async def choose(self, request: MoveRequest) -> Any:
        """Let ``request.seat`` (whose view is shown) answer ``request``; its answer."""

    async def consent(self, seat: int, title: str, detail: str) -> bool: ...


class HumanHere:
    """A human at this keyboard: the screen collects their answer."""

    def __init__(self, session: Session, screen: ChoosingScreen) -> None:
        self.session = session
        self.screen = screen

    async def choose(self, seat: int, note: str = "") -> Any:
        return await self.screen.choose(MoveRequest(seat, self.session.legal_moves(seat), note))

    async def consent(self, seat: int, title: str, detail: str) -> bool:
        return await self.screen.consent(seat, title, detail)


class Computer:
    """A computer seat: a bot made for each decision from what that seat sees."""

    def __init__(self, session: Session) -> None:
        self.session = session

    async def choose(self, seat: int, note: str = "") -> Any:
        bot, view, events = bot_request(self.session, seat)
        # (a worker thread, so the screen stays live; views and events are immutable)
        return await asyncio.get_running_loop().run_in_executor(None, think, bot, view, events)

    async def consent(self, seat: int, title: str, detail: str) -> bool:
        return True  # (a computer's moves come again exactly: it is never asked)


def bot_seed(game_seed: int, seat: int, moves_so_far: int) -> int:
    """A stable 63-bit seed for one decision of one seat (the arena uses the same)."""
    return decision_seed(game_seed, seat, moves_so_far)


def seen_by(session: Session, seat: int) -> tuple[Any, list]:
    """What ``seat`` sees now: its view and the events visible to it (a computer's or a hint's input)."""
    return session.view(seat), [event for event in session.events if event.visible(seat)]


def bot_request(session: Session, seat: int) -> tuple[Any, Any, list]:
    """What a computer in ``seat`` gets to see now: (bot, its view, the events visible to it).

    Built on the event loop's thread; :func:`think` may then run in a worker thread,
    since views and events are immutable.
    """
    kind = session.seats[seat].kind
    bot = make_bot(session.game, kind, seed=bot_seed(session.seed, seat, len(session.moves)))
    return (bot, *seen_by(session, seat))


def think(bot: Any, view: Any, events: list) -> Any:
    """The bot's move (slow for strong bots: run it in a worker thread)."""
    return bot.choose(view, events)
