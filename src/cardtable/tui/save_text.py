"""How a saved game is worded in a listing: the app's Resume screen and the
``cardtable resume`` and ``cardtable export`` tables read these (no Textual here).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..session import Seat
    from ..storage.saves import SaveInfo


def players_text(seats: Sequence[Seat]) -> str:
    """``Ann, Bob (easy)``: the seats in order, computers with their level."""
    return ", ".join(s.name if s.is_human else f"{s.name} ({s.kind})" for s in seats)


def turn_text(info: SaveInfo) -> str:
    """Who is to act, by name, or ``game over``."""
    if info.over:
        return "game over"
    return ", ".join(info.seats[p].name for p in info.to_act)


def describe_time(when: datetime, now: datetime | None = None) -> str:
    """``just now``, ``12 min ago``, ``today 14:02``, ``yesterday 09:15``, ``Mon 18:40``, ``2025-03-01 14:02``."""
    now = (now or datetime.now(UTC)).astimezone()
    local = when.astimezone()
    seconds = (now - local).total_seconds()
    if -60 < seconds < 60:
        return "just now"
    if 0 < seconds < 3600:
        return f"{int(seconds // 60)} min ago"
    clock = local.strftime("%H:%M")
    if local.date() == now.date():
        return f"today {clock}"
    if local.date() == (now - timedelta(days=1)).date():
        return f"yesterday {clock}"
    if 0 < seconds < 6 * 86400:
        return f"{local.strftime('%a')} {clock}"
    return local.strftime("%Y-%m-%d %H:%M")
