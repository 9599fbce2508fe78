"""What a player missed: the public events since their last turn.

Where a player's recap starts is read from the game's record (their last move), not kept
aside: a resumed game's curtain tells what happened since that player's last turn, as it
would have without the save.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...core.engine import Event
from ...session import Session

RECAP_LINES = 14


def recap(events: Sequence[Event], since: int, names: Sequence[str], limit: int = RECAP_LINES) -> list[str]:
    """The public events from index ``since`` on, rendered with names; at most ``limit`` lines
    (the latest, after a line counting the ones left out)."""
    lines = [event.render(names) for event in events[since:] if event.visible(None)]
    if len(lines) > limit:
        left_out = len(lines) - (limit - 1)
        lines = [f"… {left_out} earlier events (see the log)"] + lines[-(limit - 1) :]
    return lines


def recap_start(session: Session, seat: int, interlude: Callable[[Sequence[Event]], bool]) -> int | None:
    """Where ``seat``'s recap starts in ``session.events``: after their last move, or at that
    move's first event if it set off an ``interlude`` (a reveal, a summary: the player's recap
    then tells what followed their move); None if they have not moved yet."""
    for index in range(len(session.moves) - 1, -1, -1):
        if session.moves[index][0] == seat:
            ends = session.event_ends()
            start = ends[index - 1] if index else session.opening
            return start if interlude(session.events[start : ends[index]]) else ends[index]
    return None
