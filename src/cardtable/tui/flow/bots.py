"""Computer seats: a bot per decision, seeded from the game, so a seeded game replays exactly."""

from __future__ import annotations

from typing import Any

from ...bots import decision_seed, make_bot
from ...session import Session


def bot_seed(game_seed: int, seat: int, moves_so_far: int) -> int:
    """A stable 63-bit seed for one decision of one seat (the arena uses the same)."""
    return decision_seed(game_seed, seat, moves_so_far)


def seen_by(session: Session, seat: int) -> tuple[Any, list]:
    """What ``seat`` sees now: its view and the events visible to it (a computer's or a hint's input)."""
    return session.view(seat), [event for event in session.events if event.visible(seat)]


def bot_request(session: Session, seat: int) -> tuple[Any, Any, list]:
    """What a computer in ``seat`` gets to see now: (bot, its view, the events visible to it).

    Built on the UI thread; :func:`think` may then run in a worker thread, since
    views and events are immutable.
    """
    kind = session.seats[seat].kind
    bot = make_bot(session.game, kind, seed=bot_seed(session.seed, seat, len(session.moves)))
    return (bot, *seen_by(session, seat))


def think(bot: Any, view: Any, events: list) -> Any:
    """The bot's move (slow for strong bots: run it in a worker thread)."""
    return bot.choose(view, events)
