"""The turn loop of one game at the table.

The driver owns the order of things: whose turn, the curtain, a human's
choice, a computer's thinking, the log, reveals and summaries. It never
decides a rule (the engine does, through the :class:`~cardtable.session.Session`)
and never draws (the :class:`TableUI` does). Which seat's private view is on
screen is decided here, by :class:`~.privacy.Privacy`, and nowhere else.
"""

from __future__ import annotations

from typing import Any, Protocol, Sequence

from ...core.engine import Event, IllegalMove, Outcome
from ...session import Session
from ..presenters.base import Presenter, Reveal, Summary
from ..settings import TuiSettings
from .privacy import Privacy
from .recap import recap


class TableUI(Protocol):
    """What the driver needs from the table screen."""

    def set_viewer(self, seat: int | None) -> None:
        """Redraw everything from ``seat``'s view (``None``: the public view)."""

    def set_status(self, text: str) -> None: ...

    async def curtain(self, seat: int, recap: list[str]) -> None:
        """Hide the table, say "Pass to <name>" and wait for that player."""

    async def ask_move(self, seat: int) -> Any:
        """Let the human in ``seat`` (whose view is shown) choose and confirm a move."""

    def refused(self, seat: int, reason: str) -> None: ...

    def moved(self, seat: int, events: Sequence[Event]) -> None:
        """A move was applied (the app autosaves here)."""

    async def think(self, seat: int, bot: Any, view: Any, events: list) -> Any:
        """A computer's move, computed without freezing the screen."""

    async def show_events(self, events: Sequence[Event]) -> None:
        """Add events to the log (the UI keeps only those its viewer may see)."""

    async def pause(self, seconds: float) -> None:
        """Let a move be seen (skippable)."""

    async def reveal(self, reveal: Reveal) -> None: ...

    async def summary(self, summary: Summary) -> None: ...


class GameDriver:
    def __init__(self, session: Session, presenter: Presenter, settings: TuiSettings, ui: TableUI) -> None:
        self.session = session
        self.presenter = presenter
        self.settings = settings
        self.ui = ui
        self.privacy = Privacy.for_seats(session.seats, settings.curtain)
        self.shown: int | None = None
        # per seat: the index in session.events where their recap starts
        self.seen_until: dict[int, int] = {}

    # -- what is on screen --------------------------------------------------------
    def show(self, seat: int | None) -> None:
        self.shown = seat
        self.ui.set_viewer(seat)

    @property
    def names(self) -> list[str]:
        return self.session.names

    def next_seat(self) -> int:
        """The seat to act next: the one already on screen if it may act, else the first."""
        to_act = self.session.to_act
        return self.shown if self.shown in to_act else to_act[0]  # type: ignore[return-value]

    def recap_for(self, seat: int) -> list[str]:
        return recap(self.session.events, self.seen_until.get(seat, 0), self.names)

    # -- the loop --------------------------------------------------------------------
    async def run(self) -> Outcome:
        self.show(self.privacy.resting_view())
        while not self.session.is_over:
            seat = self.next_seat()
            if self.session.seats[seat].is_human:
                await self.human_turn(seat)
            else:
                await self.computer_turn(seat)
        self.show(self.privacy.resting_view())
        return self.session.outcome()

    async def human_turn(self, seat: int) -> None:
        if self.privacy.needs_curtain(seat, self.shown):
            self.show(None)
            await self.ui.curtain(seat, self.recap_for(seat))
        self.show(seat)
        while True:
            move = await self.ui.ask_move(seat)
            try:
                events = self.session.apply(seat, move)
            except IllegalMove as exc:
                self.ui.refused(seat, str(exc))
                continue
            break
        self.seen_until[seat] = len(self.session.events)
        await self.after_move(seat, events)

    async def computer_turn(self, seat: int) -> None:
        from .bots import bot_request

        name = self.names[seat]
        self.ui.set_status(f"{name} is thinking…")
        bot, view, events = bot_request(self.session, seat)
        move = await self.ui.think(seat, bot, view, events)
        events = self.session.apply(seat, move)  # a bot's illegal move is a bug: let it surface
        shown = [e.render(self.names) for e in events if e.visible(None) and self.presenter.loggable(e)]
        self.ui.set_status(shown[0] if shown else "")  # the move, in words, while it is in view
        await self.after_move(seat, events)
        if not self.session.is_over:
            pause = self.settings.move_pause
            await self.ui.pause(pause / 3 if self.presenter.is_secret(move) else pause)
        self.ui.set_status("")

    async def after_move(self, seat: int, events: Sequence[Event]) -> None:
        """Hide the mover's hand if someone else acts next; reveal, log, summarise."""
        self.ui.moved(seat, events)
        if self.shown is not None and self.shown not in self.session.to_act:
            self.show(self.privacy.resting_view())
        else:
            self.ui.set_viewer(self.shown)  # the same view, redrawn after the move
        public = self.session.view(None)
        reveal = self.presenter.reveal(events, public, self.names)
        if reveal is not None:
            await self.ui.reveal(reveal)  # all the numbers at once, before the draws
        await self.ui.show_events(events)
        summary = self.presenter.summary(events, public, self.names)
        if summary is not None and not self.session.is_over:
            await self.ui.summary(summary)
        if (reveal or summary) and self.privacy.shielded and self.shown is not None:
            # everyone watched the interlude: whoever acts next gets the curtain again
            self.show(None)
