"""The flow of a client's table: the host's messages turned into the table screen's calls.

:class:`ClientFlow` is the :class:`~cardtable.tui.flow.driver.TableFlow` of a table screen
at a hosted table: it runs the seat's :class:`~.client.Link`, updates the
:class:`~.client.NetSource`, draws through the screen's ``TableUI`` methods (the view,
the log with its pacing, reveals and summaries, as the driver does for a local game) and
answers each ``request`` with one :class:`~cardtable.table.request.MoveRequest` on the
screen, sending back the move, the undo or the consent. No curtain: the screen is the
player's own. No Textual here.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from ..core.codec import move_to_json
from ..core.engine import Outcome
from ..table.request import MoveRequest, UndoRequest
from .client import Link, NetSource, filled
from .codec import outcome_from_json
from .protocol import message
from .standin import ClockTicker


class ClientFlow:
    fast = False
    shielded = False  # (the player's own screen)

    def __init__(self, source: NetSource, address: str, presenter: Any, settings: Any, ui: Any) -> None:
        self.source = source
        self.presenter = presenter
        self.settings = settings
        self.ui = ui
        self.inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.link = Link(address, self.inbox.put_nowait, self._state)
        self.request: MoveRequest | None = None
        self.request_id: int | None = None
        self.tasks: set[asyncio.Task] = set()
        source.on_hint = lambda request_id: self._spawn(self.link.send(message("hint", id=request_id)))
        self.connection = "connecting"
        show = getattr(ui, "set_clock", None) or (lambda text: None)
        self.ticker = ClockTicker(show, source.clock_line)  # (the turn clock, when the host set one)

    def can_auto_finish(self) -> bool:
        return False

    def auto_finish(self) -> bool:
        return False

    def _spawn(self, coro: Any) -> None:
        task = asyncio.ensure_future(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def _state(self, state: str) -> None:
        was, self.connection = self.connection, state
        if state == "lost" and was != "lost":
            self.ui.set_status("The connection to the host was lost: reconnecting…")
        elif state == "connected" and was == "lost":
            self.ui.set_status("Back at the table.")
        elif state == "refused":
            self.inbox.put_nowait(message("refused_address"))

    def clock(self, data: dict[str, Any]) -> None:
        """Who a computer stands in for (marked beside their names) and the clocks now running."""
        before = list(self.source.standins)
        self.source.read_clock(data)
        if self.source.standins != before:
            self.ui.set_viewer(self.source.seat)  # (the players' names, marked again)
        self.ticker.wake.set()

    async def run(self) -> Outcome:
        link = asyncio.ensure_future(self.link.run())
        self.ui.set_viewer(self.source.seat)
        self.ticker.start()
        try:
            if self.source.over:
                return outcome_from_json(self.source.outcome_json)
            while True:
                outcome = await self.handle(await self.inbox.get())
                if outcome is not None:
                    return outcome
        finally:
            self.ticker.stop()
            link.cancel()
            for task in list(self.tasks):
                task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await link

    async def handle(self, data: dict[str, Any]) -> Outcome | None:
        kind = data["type"]
        if kind == "moved":
            return await self.moved(data)
        if kind == "table":
            self.table(data)
        elif kind == "request":
            self.ask(data)
        elif kind == "refused":
            self.ui.refused(self.source.seat, str(data["reason"]))
        elif kind == "consent":
            self._spawn(self.consent(data))
        elif kind == "clock":
            self.clock(data)
        elif kind in ("notice", "error"):
            self.ui.set_status(str(data.get("text") or data.get("reason")))
        elif kind == "refused_address":
            raise ConnectionError("the host no longer accepts this address")
        return None

    def _drop_request(self) -> None:
        """The table moved on: the question on screen is no longer asked."""
        if self.request is not None and not self.request.done:
            self.request.answer(None)
        self.request, self.request_id, self.source.pending = None, None, None

    def table(self, data: dict[str, Any]) -> None:
        source = self.source
        before, epoch = source.event_count, source.epoch
        source.reset(data)
        self.ticker.wake.set()
        if data["why"] == "undo" or source.epoch != epoch or source.event_count < before:
            self._drop_request()
            self.ui.undone(str(data["line"]) or "Moves were taken back while you were away.")
            return
        self.ui.set_viewer(source.seat)
        missed = [(at, e) for at, e in source.known if at >= before]
        if missed:  # (what happened while this seat was away)
            self._spawn(self.ui.show_events(filled(missed, before, source.event_count), 0.0))

    async def moved(self, data: dict[str, Any]) -> Outcome | None:
        source, ui, presenter = self.source, self.ui, self.presenter
        before = source.event_count
        if data["mover"] == source.seat:
            self._drop_request()
        new = source.moved(data)
        self.ticker.wake.set()
        events = [e for _, e in new]
        public = source.view(None)
        fast = self.settings.speed == "instant"
        reveal = presenter.reveal(events, public, source.names)
        if reveal is not None:
            ui.hold_reveal(True)
        ui.set_viewer(source.seat)
        if reveal is not None and not fast:
            await ui.reveal(reveal)
        await ui.show_events(filled(new, before, source.event_count), 0.0 if fast else self.settings.event_pause)
        if reveal is not None:
            ui.hold_reveal(False)
        if data.get("stand_in") and data["mover"] == source.seat:
            ui.set_status("A computer made that move for you (the stand-in).")
        summary = presenter.summary(events, public, source.names)
        if summary is not None and not fast:
            await ui.summary(summary)
        if source.over:
            return outcome_from_json(source.outcome_json)
        if data["mover"] != source.seat and not fast:
            shown = [e.render(source.names) for e in events if presenter.logged_for(e, source.seat)]
            ui.set_status(shown[0] if shown else "")
            await ui.pause(self.settings.move_pause)
            ui.set_status("")
        return None

    def ask(self, data: dict[str, Any]) -> None:
        if data["id"] == self.request_id and self.request is not None and not self.request.done:
            return  # (asked again after a rejoin: it is on screen already)
        self._drop_request()
        legal = self.source.request(data)
        self.request_id = int(data["id"])
        assert self.source.seat is not None  # (a spectator is never asked for a move)
        self.request = MoveRequest(self.source.seat, legal, str(data.get("note") or ""))
        self._spawn(self.answer(self.request, self.request_id))

    async def answer(self, request: MoveRequest, request_id: int) -> None:
        answer = await self.ui.choose(request)
        if answer is None or self.request is not request:
            return  # (dropped: the table moved on)
        if isinstance(answer, UndoRequest):
            sent = await self.link.send(message("undo", id=request_id))
        else:
            sent = await self.link.send(message("move", id=request_id, move=move_to_json(answer)))
        if not sent:
            self.request = None  # (the host asks again once the connection is back)
        self.source.pending = None

    async def consent(self, data: dict[str, Any]) -> None:
        yes = await self.ui.consent(self.source.seat, str(data["title"]), str(data["detail"]))
        await self.link.send(message("consent", id=int(data["id"]), yes=bool(yes)))
