"""What a table screen draws from, and where its seats' requests go.

A :class:`TableSource` is the table's one window onto its game: the players'
names, the view of a seat (or the public view), the events a seat may see, its
legal moves and why a move is refused, an undo's plan and a hint. The screen
reads nothing else of the game, and never changes it: a move is submitted by
answering the seat's :class:`~.request.MoveRequest`, which the turn loop then
applies. :class:`SessionSource` is the source of a game played here, over the
:class:`~cardtable.session.Session`; a client of a table server is another
source, fed by messages (views and events in, moves and requests out).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from ..core.engine import Event, Game
from ..session import Barrier, Session, UndoPlan
from .hints import Hint, make_hint
from .undo import undo_notes


class TableSource(Protocol):
    """The game behind a table screen, as the seats on that screen may know it."""

    @property
    def game(self) -> Game:
        """The rules (name, moves in words); every client has the engines."""

    @property
    def names(self) -> Sequence[str]: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def seed_told(self) -> int | None:
        """The game's seed once it may be told (the game over, dealt from a seed), else None."""

    @property
    def event_count(self) -> int:
        """How many events the game has made so far (the positions ``events`` counts in)."""

    def view(self, seat: int | None) -> Any:
        """What ``seat`` may see now (``None``: the public view)."""

    def events(self, seat: int | None, start: int = 0, stop: int | None = None) -> list[tuple[int, Event]]:
        """The events from position ``start`` to ``stop`` that ``seat`` may see, with their positions."""

    def undo_notes(self, seat: int | None) -> list[tuple[int, str]]:
        """``seat``'s log's "undone" lines: (events shown before it, line), in order."""

    def legal_moves(self, seat: int) -> list[Any]: ...

    def why_not(self, seat: int, move: Any) -> str | None:
        """Why ``seat`` may not make ``move`` now (the engine's reason), or None."""

    def plan_undo(self, seat: int) -> UndoPlan:
        """What an undo by ``seat`` would take back (:class:`~cardtable.session.UndoRefused`: why not)."""

    def hint(self, seat: int) -> Hint:
        """A computer player's move for ``seat`` from its own view, with a reason (counted in the record)."""


class SessionSource:
    """The :class:`TableSource` of a game played here: reads the local session.

    ``barrier``: why a move may not be taken back (the presenter's ``irreversible``)."""

    def __init__(self, session: Session, barrier: Barrier | None = None) -> None:
        self.session = session
        self.barrier = barrier

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def names(self) -> list[str]:
        return self.session.names

    @property
    def is_over(self) -> bool:
        return self.session.is_over

    @property
    def seed_told(self) -> int | None:
        # no seed while the game lasts: it would deal the same cards elsewhere, hidden ones included
        session = self.session
        return session.seed if session.is_over and session.deck is None else None

    @property
    def event_count(self) -> int:
        return len(self.session.events)

    def view(self, seat: int | None) -> Any:
        return self.session.view(seat)

    def events(self, seat: int | None, start: int = 0, stop: int | None = None) -> list[tuple[int, Event]]:
        events = self.session.events
        stop = len(events) if stop is None else min(stop, len(events))
        return [(i, events[i]) for i in range(start, stop) if events[i].visible(seat)]

    def undo_notes(self, seat: int | None) -> list[tuple[int, str]]:
        return undo_notes(self.session, seat)

    def legal_moves(self, seat: int) -> list[Any]:
        return self.session.legal_moves(seat)

    def why_not(self, seat: int, move: Any) -> str | None:
        if move is None:
            return "that is not a move of this game"
        return self.session.why_not(seat, move)

    def plan_undo(self, seat: int) -> UndoPlan:
        return self.session.plan_undo(seat, self.barrier)

    def hint(self, seat: int) -> Hint:
        session = self.session
        hint = make_hint(session, seat)
        last = session.hints[-1] if session.hints else None
        if last is None or (last.at, last.player) != (len(session.moves), seat):  # (asked again: counted once)
            session.note_hint(seat)
        return hint
