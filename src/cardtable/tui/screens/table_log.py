"""What the table's log and its history (``l``) show: a viewer's events, with the undo notes.

Both read only the table's :class:`~cardtable.table.source.TableSource`: the
events the seat on screen may see (the public ones for the public view), up to
those the log has shown so far, and the "undone" lines in their places.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import TYPE_CHECKING

from ...table.source import TableSource
from ...table.undo import with_notes
from ..cardfaces import CardStyle
from ..presenters.base import Presenter
from .game_over import seed_note

if TYPE_CHECKING:
    from .history import HistoryScreen


def log_lines(source: TableSource, presenter: Presenter, viewer: int | None, shown: int) -> list[str]:
    """The log for ``viewer``: a line naming the game and players, then the first ``shown``
    events that viewer may see, the undo notes among them; the seed once it may be told and
    the log has told every event (a log built again while the last move is told leaves it out)."""
    names = source.names
    intro = f"{source.game.name}: {', '.join(names)}"
    events = [(i, e.render(names)) for i, e in source.events(viewer, 0, shown) if presenter.loggable(e)]
    lines = [intro] + with_notes(events, source.undo_notes(viewer))
    if source.seed_told is not None and shown >= source.event_count:  # (not while the last move is told)
        lines.append(f"Game over. {seed_note(source.seed_told)}")
    return lines


def history_screen(
    source: TableSource, presenter: Presenter, seat: int | None, shown: int, style: CardStyle
) -> HistoryScreen:
    """The whole log so far (the first ``shown`` events) as ``seat`` may see it (None: the public log)."""
    from .history import HistoryScreen

    indexed = [(i, e) for i, e in source.events(seat, 0, shown) if presenter.loggable(e)]
    # each "undone" line after the events shown before its place in the game's events
    notes = [
        (bisect_left(indexed, position, key=lambda pair: pair[0]), line) for position, line in source.undo_notes(seat)
    ]
    seen_by = source.names[seat] if seat is not None else None
    return HistoryScreen([e for _, e in indexed], list(source.names), presenter.heading, seen_by, style, notes)
