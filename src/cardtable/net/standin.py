"""A computer standing in for a player who has gone, and the turn clock, at a hosted table.

``cardtable host --away-after SECONDS`` (off by default): a remote seat that stays
disconnected that long (or never connects) is played by a computer of the host's level
(``--stand-in LEVEL``) until its player joins again with the same address; they take
the seat back from their next decision. ``--turn-time SECONDS`` (off by default): each
seat asked for a decision has that long to answer; at zero the stand-in makes that one
move and the next decision is the player's again. In One Too Many's secret choice every
seat that has not chosen is asked at once and has its clock running.

:class:`Attendance` keeps who is stood in for, the timers and the deadlines; the
:class:`~.hub.TableHub` tells every screen (the ``standins`` and ``clocks`` fields).
The stand-in gets what a computer in that seat gets: the seat's own view and the events
visible to it (:func:`~cardtable.table.seats.seen_by`), never the state. Every move it
makes is marked in the game's record (:class:`~cardtable.core.record.StandInMark`), and
the statistics count the game as played with a stand-in. No Textual here.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ..bots import make_bot
from ..session import Session
from ..table.request import MoveRequest
from ..table.seats import HumanHere, bot_seed, seen_by, think
from ..table.source import SessionSource
from .protocol import Pending, message

#: The answer a pending request gets when the stand-in is to make that move.
STAND_IN: dict[str, Any] = {"type": "stand-in"}
#: The mark after a name, on every screen, while a computer plays for that seat.
MARK = " (stand-in)"


@dataclass(frozen=True)
class StandInRules:
    """What the host chose: the stand-in's level, and the two waits (None: off)."""

    level: str = "normal"
    away_after: float | None = None
    turn_time: float | None = None

    @property
    def on(self) -> bool:
        return self.away_after is not None or self.turn_time is not None


async def stand_in_move(session: Session, seat: int, level: str) -> Any:
    """A ``level`` computer's move for ``seat``, from that seat's view and visible events only."""
    bot = make_bot(session.game, level, seed=bot_seed(session.seed, seat, len(session.moves)))
    view, events = seen_by(session, seat)
    return await asyncio.get_running_loop().run_in_executor(None, think, bot, view, events)


def seconds_text(seconds: float) -> str:
    whole = max(0, int(seconds + 0.999))  # (0:01 until it is out)
    return f"{whole // 60}:{whole % 60:02d}"


def wait_text(seconds: float) -> str:
    """``20 seconds``, ``5 minutes``: a wait the host set, in words."""
    return f"{seconds:g} seconds" if seconds < 120 else f"{seconds / 60:.3g} minutes"


def clock_line(left: Sequence[tuple[int, float]], names: Sequence[str], own: int | None = None) -> str:
    """``Clock: Ann 0:23, you 0:12`` (``left``: per seat, its seconds to go); empty without clocks."""
    if not left:
        return ""
    shown = [f"{'you' if seat == own else names[seat]} {seconds_text(s)}" for seat, s in left]
    return "Clock: " + ", ".join(shown)


class Hub(Protocol):
    """What :class:`Attendance` needs of the :class:`~.hub.TableHub` it serves."""

    session: Session
    pending: dict[int, Pending]

    def present(self, seat: int) -> bool: ...

    def away(self) -> list[int]: ...

    def notice(self, text: str) -> None: ...

    def send_all(self, data: dict[str, Any]) -> None: ...


class Attendance:
    """Who is away too long (the stand-in plays for them), and each asked seat's clock."""

    def __init__(self, hub: Hub, rules: StandInRules) -> None:
        self.hub = hub
        self.rules = rules
        self.standing: set[int] = set()  # the seats a computer plays for until their player is back
        self.deadlines: dict[int, float] = {}  # per seat: when its decision's clock runs out (time.monotonic)
        self._away: dict[int, asyncio.TimerHandle] = {}
        self._clock: dict[int, asyncio.TimerHandle] = {}
        self.started = False
        self.on_change: list[Callable[[], None]] = []  # (the host's screen redraws its marks and clocks)

    @property
    def _name(self) -> Callable[[int], str]:
        return lambda seat: self.hub.session.names[seat]

    def start(self) -> None:
        """Serving has begun: a seat nobody has joined yet is away from now on."""
        if self.started:
            return
        self.started = True
        for seat in self.hub.away():
            self.went_away(seat)

    def close(self) -> None:
        for timer in [*self._away.values(), *self._clock.values()]:
            timer.cancel()
        self._away.clear()
        self._clock.clear()

    # -- away and back ---------------------------------------------------------------------
    def went_away(self, seat: int) -> None:
        after = self.rules.away_after
        if after is None or not self.started or seat in self.standing or self.hub.session.is_over:
            return
        if seat in self._away:
            self._away.pop(seat).cancel()
        self._away[seat] = asyncio.get_running_loop().call_later(after, self._too_long, seat)

    def came_back(self, seat: int) -> None:
        if seat in self._away:
            self._away.pop(seat).cancel()
        if seat in self.standing:
            self.standing.discard(seat)
            self.hub.notice(f"{self._name(seat)} is back and plays again from their next turn.")
            self.changed()

    def _too_long(self, seat: int) -> None:
        self._away.pop(seat, None)
        hub = self.hub
        if hub.present(seat) or hub.session.is_over or seat in self.standing:
            return
        self.standing.add(seat)
        after = wait_text(self.rules.away_after or 0)
        hub.notice(
            f"{self._name(seat)} has been away {after}: a {self.rules.level} computer plays for them until they are back."
        )
        pending = hub.pending.get(seat)
        if pending is not None and pending.kind == "request" and not pending.answer.done():
            pending.answer.set_result(STAND_IN)
        self.changed()

    async def play_for(self, seat: int) -> Any:
        """The stand-in's move for ``seat``, marked in the record (the driver applies it at once)."""
        session = self.hub.session
        move = await stand_in_move(session, seat, self.rules.level)
        session.note_standin(seat)
        return move

    # -- the clock -------------------------------------------------------------------------
    def asked(self, seat: int, pending: Pending) -> None:
        """``seat`` was asked for a decision: its clock runs (on from where it was, if asked again)."""
        if self.rules.turn_time is None:
            return
        loop = asyncio.get_running_loop()
        deadline = self.deadlines.setdefault(seat, time.monotonic() + self.rules.turn_time)
        if seat in self._clock:
            self._clock.pop(seat).cancel()
        self._clock[seat] = loop.call_later(max(0.0, deadline - time.monotonic()), self._time_up, seat, pending)
        pending.answer.add_done_callback(lambda _: self._answered(seat, pending))
        self.changed()

    def _answered(self, seat: int, pending: Pending) -> None:
        current = self.hub.pending.get(seat)
        if seat in self._clock and (current is None or current is pending):
            self._clock.pop(seat).cancel()
        self.changed()

    def _time_up(self, seat: int, pending: Pending) -> None:
        self._clock.pop(seat, None)
        if self.hub.pending.get(seat) is pending and not pending.answer.done():
            self.hub.notice(f"{self._name(seat)}'s time ran out: a {self.rules.level} computer makes this move.")
            pending.answer.set_result(STAND_IN)

    def moved(self, seat: int) -> None:
        """A move of ``seat``'s was applied: its next decision gets a new clock."""
        self.deadlines.pop(seat, None)

    def undone(self) -> None:
        self.deadlines.clear()
        for timer in self._clock.values():
            timer.cancel()
        self._clock.clear()

    def left(self) -> list[tuple[int, float]]:
        """Per seat waited for now (asked, not yet answered): its seconds to go."""
        if self.rules.turn_time is None:
            return []
        now = time.monotonic()
        waiting = [
            seat
            for seat, pending in self.hub.pending.items()
            if pending.kind == "request" and not pending.answer.done() and seat in self.deadlines
        ]
        return [(seat, max(0.0, self.deadlines[seat] - now)) for seat in sorted(waiting)]

    # -- told to every screen --------------------------------------------------------------
    def public(self) -> dict[str, Any]:
        """The fields every message of the table carries (none when both waits are off)."""
        if not self.rules.on:
            return {}
        return {"standins": sorted(self.standing), "clocks": [[seat, round(s, 2)] for seat, s in self.left()]}

    def changed(self) -> None:
        if self.rules.on:
            self.hub.send_all(self.public_message())
        for listener in self.on_change:
            listener()

    def public_message(self) -> dict[str, Any]:
        return message("clock", **self.public())


def marked(names: Sequence[str], standins: Sequence[int]) -> list[str]:
    """The names as the screens show them: a seat a computer plays for is marked."""
    return [name + MARK if seat in standins else name for seat, name in enumerate(names)]


class ClockedHere(HumanHere):
    """A human at the host's keyboard at a table with a turn clock: at zero the stand-in
    makes that move for them (the request on screen is withdrawn)."""

    def __init__(self, session: Session, screen: Any, attendance: Attendance) -> None:
        super().__init__(session, screen)
        self.attendance = attendance

    async def choose(self, seat: int, note: str = "") -> Any:
        attendance = self.attendance
        request = MoveRequest(seat, self.session.legal_moves(seat), note)
        pending = Pending(0, "request", {}, asyncio.get_running_loop().create_future())
        attendance.hub.pending[seat] = pending  # (the clock's: nothing is sent for this seat)
        pending.answer.add_done_callback(lambda _: request.answer(None))  # (time up: off the screen)
        attendance.asked(seat, pending)
        try:
            answer = await self.screen.choose(request)
        finally:
            if not pending.answer.done():
                pending.answer.set_result(None)
            attendance.hub.pending.pop(seat, None)
        if answer is None and pending.answer.result() is STAND_IN:
            return await attendance.play_for(seat)
        return answer


class ClockTicker:
    """Redraws a clock line a few times a second while a clock runs (``show``: the screen's)."""

    def __init__(self, show: Callable[[str], None], line: Callable[[], str]) -> None:
        self.show = show
        self.line = line
        self.wake = asyncio.Event()
        self.task: asyncio.Task | None = None

    def start(self) -> None:
        if self.task is None:
            self.task = asyncio.ensure_future(self._run())

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            self.task = None

    async def _run(self) -> None:
        shown = None
        while True:
            text = self.line()
            if text != shown:
                self.show(text)
                shown = text
            self.wake.clear()
            if text:
                await asyncio.sleep(0.25)
            else:
                await self.wake.wait()


class MarkedSource(SessionSource):
    """The host's :class:`~cardtable.table.source.SessionSource`, the stood-in seats marked by name."""

    def __init__(self, session: Session, barrier: Any, attendance: Attendance) -> None:
        super().__init__(session, barrier)
        self.attendance = attendance

    @property
    def names(self) -> list[str]:
        return marked(self.session.names, sorted(self.attendance.standing))

    def clock_line(self) -> str:
        return clock_line(self.attendance.left(), self.session.names)
