"""Undo at the table: what the driver asks, tells and logs (no Textual).

The mechanics (which moves go, replaying the kept ones, the record's
:class:`~cardtable.core.record.UndoMark`) are the session's
(:meth:`~cardtable.session.Session.plan_undo`, :meth:`~cardtable.session.Session.undo`);
here are the words around them: the consent question put to another human,
and the log's "undone" lines.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..session import Session, UndoPlan


def _moves(count: int) -> str:
    return f"{count} move" + ("" if count == 1 else "s")


def consent_question(session: Session, plan: UndoPlan, seat: int) -> tuple[str, str]:
    """The question for ``seat``, whose moves ``plan`` would take back: (title, detail)."""
    names = session.names
    theirs = sum(1 for player, _ in session.moves[plan.at :] if player == seat)
    asker = names[plan.player]
    return (
        f"{names[seat]}: {asker} asks to undo",
        f"Back to {asker}'s last decision: {_moves(plan.taken)} taken back, {theirs} of them yours. "
        "You would make yours again. Allow it?",
    )


def undone_line(session: Session, taken: int, player: int) -> str:
    return f"Undone: {session.names[player]} took back {_moves(taken)}"


def undo_notes(session: Session, viewer: int | None) -> list[tuple[int, str]]:
    """``viewer``'s log's "undone" lines: (number of events shown before it, line), in order
    (an undo of moves that only some seats saw is told only to them: Shed's swaps).

    An undo is noted after the events of the moves it kept; a later undo that went
    further back moves the earlier notes back with it."""
    if not session.undos:
        return []
    ends = session.event_ends()
    notes: list[tuple[int, str]] = []
    limit = len(session.moves)
    for mark in reversed(session.undos):
        limit = min(limit, mark.at)
        position = ends[limit - 1] if limit else 0
        if mark.player < len(session.seats) and mark.told_to(viewer):
            notes.append((position, undone_line(session, mark.taken, mark.player)))
    notes.reverse()
    return notes


def with_notes(lines: Sequence[tuple[int, str]], notes: Sequence[tuple[int, str]]) -> list[str]:
    """Event lines (each with its index in the session's events) and the undo notes, merged in order."""
    out: list[str] = []
    pending = list(notes)
    for index, line in lines:
        while pending and pending[0][0] <= index:
            out.append(pending.pop(0)[1])
        out.append(line)
    out.extend(line for _, line in pending)
    return out
