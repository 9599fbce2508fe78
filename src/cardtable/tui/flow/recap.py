"""What a player missed: the public events since their last turn."""

from __future__ import annotations

from typing import Sequence

from ...core.engine import Event

RECAP_LINES = 14


def recap(events: Sequence[Event], since: int, names: Sequence[str], limit: int = RECAP_LINES) -> list[str]:
    """The public events from index ``since`` on, rendered with names; at most ``limit`` lines
    (the latest, after a line counting the ones left out)."""
    lines = [event.render(names) for event in events[since:] if event.visible(None)]
    if len(lines) > limit:
        left_out = len(lines) - (limit - 1)
        lines = [f"… {left_out} earlier events (see the log)"] + lines[-(limit - 1):]
    return lines
