"""The table at the host: its connections, what each may be sent, and the remote seats.

The hub listens to the :class:`~cardtable.session.Session` (after every move, undo and
hint) and sends each connection only what its receiver may see: a seat its own view and
the events visible to it, a spectator the public view and the public events; the seed
only once the game is over. Every connection has a bounded queue (a client that cannot
keep up is dropped and may rejoin: the table never waits for a slow socket). A
:class:`RemoteSeat` is the :class:`~cardtable.table.seats.SeatPlayer` of a seat played on
another screen: it sends the request, checks the answer with the engine (the client is
never trusted) and asks again, with the reason, until the move is legal.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable
from typing import Any

from ..core.codec import move_from_json, move_to_json
from ..session import Barrier, Session, UndoPlan, UndoRefused
from ..table.request import UndoRequest
from ..table.undo import undo_notes, undone_line
from .codec import encode, event_to_json, outcome_to_json
from .protocol import QUEUE_LIMIT, Pending, dumps, message
from .standin import STAND_IN, Attendance, StandInRules

Viewer = int | None  # a seat, or None for a spectator


class Connection:
    """One WebSocket's side of the hub: who it is, and the messages waiting to go."""

    def __init__(self, viewer: Viewer, drop: Callable[[], None], limit: int = QUEUE_LIMIT) -> None:
        self.viewer = viewer
        self.queue: asyncio.Queue[str] = asyncio.Queue(limit)
        self._drop = drop
        self.dropped = False

    def push(self, text: str) -> None:
        if self.dropped:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.drop()  # (it may rejoin: it gets the whole table again)

    def drop(self) -> None:
        """Cut this connection (it could not keep up, or its socket failed)."""
        if not self.dropped:
            self.dropped = True
            self._drop()


class TableHub:
    def __init__(
        self,
        session: Session,
        kinds: list[str],
        barrier: Barrier | None = None,
        on_notice: Callable[[str], None] | None = None,
        rules: StandInRules | None = None,
    ) -> None:
        self.session = session
        self.kinds = list(kinds)
        self.barrier = barrier
        self.on_notice = on_notice
        self.connections: list[Connection] = []
        self.drops = 0  # connections cut for not keeping up
        self.joined: set[int] = set()  # the seats that have joined once (back, when they join again)
        self.pending: dict[int, Pending] = {}  # per seat: its open question
        self.ids = itertools.count(1)
        self.undos_seen = len(session.undos)
        self.epoch = 0  # +1 at every undo: a client's events from before no longer hold
        self.seats: dict[int, RemoteSeat] = {s: RemoteSeat(self, s) for s, k in enumerate(kinds) if k == "remote"}
        #: the stand-in and the turn clock (both off unless the host set them)
        self.attendance = Attendance(self, rules or StandInRules())
        session.listeners.append(self._changed)

    def start(self) -> None:
        """Serving has begun (in the event loop): the away timers run from now, and the seats
        of a secret choice already open are asked."""
        self.attendance.start()
        self.ask_together()

    def close(self) -> None:
        self.attendance.close()
        if self._changed in self.session.listeners:
            self.session.listeners.remove(self._changed)

    # -- who is here ---------------------------------------------------------------------------
    def present(self, seat: int) -> bool:
        return any(c.viewer == seat and not c.dropped for c in self.connections)

    def away(self) -> list[int]:
        return [seat for seat in self.seats if not self.present(seat)]

    def welcome(self, viewer: Viewer) -> dict[str, Any]:
        session = self.session
        return message(
            "welcome",
            game=session.game.id,
            options=encode(session.options),
            names=session.names,
            seat=viewer,
            kinds=self.kinds,
        )

    def join(self, conn: Connection) -> None:
        """A connection opened: the whole table for it, its pending question again, and the
        others told that the player is back."""
        seat = conn.viewer
        back = seat in self.seats and seat in self.joined and not self.present(seat)
        if seat is not None:
            self.joined.add(seat)
        self.connections.append(conn)
        conn.push(dumps(self.welcome(conn.viewer)))
        conn.push(dumps(self.table(conn.viewer, "join")))
        pending = self.pending.get(conn.viewer) if conn.viewer is not None else None
        if pending is not None:
            conn.push(dumps(message(pending.kind, id=pending.id, **pending.fields)))
        if back:
            self.notice(f"{self.session.names[conn.viewer]} is back.")  # type: ignore[index]
        if seat is not None and seat in self.seats:
            self.attendance.came_back(seat)

    def leave(self, conn: Connection) -> None:
        if conn in self.connections:
            self.connections.remove(conn)
        seat = conn.viewer
        if seat is not None and seat in self.seats and not self.present(seat) and not self.session.is_over:
            self.notice(f"{self.session.names[seat]} is away.")
            self.attendance.went_away(seat)

    def notice(self, text: str) -> None:
        self.send_all(message("notice", text=text, away=self.away()))
        if self.on_notice is not None:
            self.on_notice(text)

    def send_all(self, data: dict[str, Any]) -> None:
        text = dumps(data)
        for conn in self.connections:
            conn.push(text)

    # -- what each may see -------------------------------------------------------------------------
    def _common(self, viewer: Viewer) -> dict[str, Any]:
        session = self.session
        over = session.is_over
        told = session.seed if over and session.deck is None else None
        return {
            "epoch": self.epoch,
            "view": encode(session.view(viewer)) if viewer is not None else None,
            "public": encode(session.view(None)),
            "event_count": len(session.events),
            "to_act": list(session.to_act) if not over else [],
            "over": over,
            "seed": told,
            "outcome": outcome_to_json(session.outcome()) if over else None,
            "away": self.away(),
            **self.attendance.public(),
        }

    def _events(self, viewer: Viewer, start: int) -> list[list[Any]]:
        events = self.session.events
        return [[i, event_to_json(events[i])] for i in range(start, len(events)) if events[i].visible(viewer)]

    def table(self, viewer: Viewer, why: str, line: str = "") -> dict[str, Any]:
        notes = [[at, text] for at, text in undo_notes(self.session, viewer)]
        return message("table", why=why, line=line, events=self._events(viewer, 0), notes=notes, **self._common(viewer))

    def _send_each(self, build: Callable[[Viewer], dict[str, Any]]) -> None:
        made: dict[Viewer, str] = {}  # (built once per viewer: fifty spectators share one)
        for conn in list(self.connections):
            if conn.viewer not in made:
                made[conn.viewer] = dumps(build(conn.viewer))
            conn.push(made[conn.viewer])

    def _changed(self, session: Session, player: int, move: Any, events: tuple) -> None:
        if move is not None:
            self.attendance.moved(player)
            start = len(session.events) - len(events)
            by = self._stand_in_made(player)
            self._send_each(
                lambda v: message("moved", mover=player, events=self._events(v, start), **by, **self._common(v))
            )
            self.ask_together()
        elif len(session.undos) != self.undos_seen:  # an undo (else a hint: nothing to tell)
            self.undos_seen = len(session.undos)
            self.attendance.undone()
            self._drop_asked()
            self.epoch += 1
            mark = session.undos[-1]
            line = undone_line(session, mark.taken, mark.player)
            self._send_each(lambda v: self.table(v, "undo", line if mark.told_to(v) else ""))
            self.ask_together(but=mark.player)  # (the undoer is asked by the turn loop, told what went)

    def _drop_asked(self) -> None:
        """Moves were taken back: the requests asked ahead (a secret choice's other seats) no
        longer hold; the screens drop theirs on the ``table`` message, and they are asked again."""
        for seat, pending in list(self.pending.items()):
            if pending.kind == "request":
                del self.pending[seat]

    def _stand_in_made(self, player: int) -> dict[str, Any]:
        """``{"stand_in": true}`` for a move the stand-in made (nothing when both waits are off)."""
        if not self.attendance.rules.on:
            return {}
        marks = self.session.standins
        made = bool(marks) and (marks[-1].at, marks[-1].player) == (len(self.session.moves) - 1, player)
        return {"stand_in": made}

    # -- questions to a seat -----------------------------------------------------------------------
    def ask(self, seat: int, kind: str, **fields: Any) -> Pending:
        pending = Pending(next(self.ids), kind, fields, asyncio.get_running_loop().create_future())
        self.pending[seat] = pending
        self.send_to(seat, message(kind, id=pending.id, **fields))
        if kind == "request":
            self.attendance.asked(seat, pending)
        return pending

    def ask_together(self, but: int | None = None) -> None:
        """With a turn clock, every remote seat of a simultaneous choice is asked at once (each
        with its clock running), not one after the other as the turn loop gets to them."""
        session, attendance = self.session, self.attendance
        if attendance.rules.turn_time is None or session.is_over or len(session.to_act) < 2:
            return
        for seat in session.to_act:
            if seat in self.seats and seat != but and seat not in self.pending and seat not in attendance.standing:
                self.seats[seat].open()

    def send_to(self, seat: int, data: dict[str, Any]) -> None:
        text = dumps(data)
        for conn in self.connections:
            if conn.viewer == seat:
                conn.push(text)

    def received(self, conn: Connection, data: dict[str, Any]) -> None:
        """A checked message (:func:`~.protocol.parse_client`) from ``conn``: the answer to its
        seat's open question; anything else is refused with an ``error``."""
        seat = conn.viewer
        pending = self.pending.get(seat) if seat is not None else None
        kind = data["type"]
        if pending is None or pending.id != data["id"] or pending.answer.done():
            conn.push(dumps(message("error", reason=f"{kind}: nothing is asked of this seat with that id")))
            return
        if (kind == "consent") != (pending.kind == "consent"):
            conn.push(dumps(message("error", reason=f"{kind}: not an answer to this question")))
            return
        if kind == "hint":
            self.note_hint(seat)  # type: ignore[arg-type]
            return
        pending.answer.set_result(data)

    def note_hint(self, seat: int) -> None:
        """The client showed its player a hint (worked out there, from its own view): counted once per decision."""
        session = self.session
        last = session.hints[-1] if session.hints else None
        if last is None or (last.at, last.player) != (len(session.moves), seat):
            session.note_hint(seat)


def plan_json(plan: UndoPlan) -> dict[str, Any]:
    return {"player": plan.player, "at": plan.at, "taken": plan.taken, "movers": list(plan.movers)}


class RemoteSeat:
    """A seat played on another screen (a :class:`~cardtable.table.seats.SeatPlayer`)."""

    #: the driver shows this seat's view nowhere on the host's screen
    elsewhere = True

    def __init__(self, hub: TableHub, seat: int) -> None:
        self.hub = hub
        self.seat = seat

    def _undo(self) -> dict[str, Any]:
        try:
            return {"plan": plan_json(self.hub.session.plan_undo(self.seat, self.hub.barrier))}
        except UndoRefused as exc:
            return {"refused": str(exc)}

    def open(self, note: str = "") -> Pending:
        """Ask this seat for its decision (its legal moves, whether it may undo)."""
        legal = [move_to_json(move) for move in self.hub.session.legal_moves(self.seat)]
        return self.hub.ask(self.seat, "request", legal=legal, note=note, undo=self._undo())

    async def choose(self, seat: int, note: str = "") -> Any:
        hub = self.hub
        while True:
            if seat in hub.attendance.standing:
                return await hub.attendance.play_for(seat)
            pending = hub.pending.get(seat)
            if pending is None or pending.kind != "request":  # (else asked already, with a secret choice's others)
                pending = self.open(note)
            try:
                answer = await pending.answer
            finally:
                hub.pending.pop(seat, None)
            if answer is STAND_IN:
                return await hub.attendance.play_for(seat)
            decided, reason = self.check(answer)
            if reason is None:
                return decided
            hub.send_to(seat, message("refused", id=pending.id, reason=reason))
            note = f"Refused: {reason}"

    def check(self, answer: dict[str, Any]) -> tuple[Any, str | None]:
        """(the move or undo, None), or (None, why it is refused): the engine decides."""
        session = self.hub.session
        if answer["type"] == "undo":
            try:
                return UndoRequest(session.plan_undo(self.seat, self.hub.barrier)), None
            except UndoRefused as exc:
                return None, str(exc)
        try:
            move = move_from_json(answer["move"], session.game.move_types)
        except (ValueError, TypeError) as exc:
            return None, str(exc)[:300]
        reason = session.why_not(self.seat, move)
        return (move, None) if reason is None else (None, reason)

    async def consent(self, seat: int, title: str, detail: str) -> bool:
        pending = self.hub.ask(seat, "consent", title=title, detail=detail)
        try:
            answer = await pending.answer
        finally:
            self.hub.pending.pop(seat, None)
        return bool(answer["yes"])
