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
from ...session import Session, UndoPlan
from ..presenters.base import Presenter, Reveal, Summary
from ..settings import TuiSettings
from .hints import Hint, make_hint
from .privacy import Privacy
from .recap import recap
from .undo import UndoRequest, consent_question, undone_line


class TableUI(Protocol):
    """What the driver needs from the table screen."""

    def set_viewer(self, seat: int | None) -> None:
        """Redraw everything from ``seat``'s view (``None``: the public view)."""

    def set_status(self, text: str) -> None: ...

    async def curtain(self, seat: int, recap: list[str], title: str | None = None) -> None:
        """Hide the table, say "Pass to <name>" and wait for that player (``title``: over
        ``recap`` instead of "Since your last turn")."""

    async def ask_move(self, seat: int) -> Any:
        """Let the human in ``seat`` (whose view is shown) choose and confirm a move,
        or ask for an undo (an :class:`~.undo.UndoRequest`)."""

    async def consent(self, seat: int, title: str, detail: str) -> bool:
        """Ask the human in ``seat`` (who has the keyboard) to agree to an undo."""

    def tell(self, text: str) -> None:
        """A line for the player about to choose, shown until they move."""

    def undone(self, line: str) -> None:
        """Moves were taken back: redraw the table and the log (which says ``line``)."""

    def refused(self, seat: int, reason: str) -> None: ...

    async def think(self, seat: int, bot: Any, view: Any, events: list) -> Any:
        """A computer's move, computed without freezing the screen."""

    async def show_events(self, events: Sequence[Event]) -> None:
        """Add events to the log (the UI keeps only those its viewer may see)."""

    async def pause(self, seconds: float) -> None:
        """Let a move be seen (skippable)."""

    async def reveal(self, reveal: Reveal) -> None: ...

    async def summary(self, summary: Summary) -> None: ...

    def hold_reveal(self, on: bool) -> None:
        """While on, the table shows the numbers just revealed (until the draws are done)."""


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
        #: play the rest without pauses or interludes (``auto_finish``, once only computers remain)
        self.fast = False

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
        lines = recap(self.session.events, self.seen_until.get(seat, 0), self.names)
        if not lines and seat in self.seen_until:
            return ["Nothing new since your last turn."]
        return lines

    def only_computers_left(self) -> bool:
        """Whether no human has anything left to do in this game (the rest may be auto-finished)."""
        if self.session.is_over:
            return False
        playing = self.presenter.still_playing(self.session.view(None))
        return not any(self.session.seats[seat].is_human for seat in playing)

    def auto_finish(self) -> bool:
        """Play the rest at once, without pauses or interludes (only computers left)."""
        if not self.only_computers_left():
            return False
        self.fast = True
        return True

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
            if isinstance(move, UndoRequest):
                await self.undo(move.plan)
                return
            try:
                events = self.session.apply(seat, move)
            except IllegalMove as exc:
                self.ui.refused(seat, str(exc))
                continue
            break
        self.ui.set_status("")  # the hint or reason was for the move now made
        self.seen_until[seat] = len(self.session.events)
        interlude = await self.after_move(seat, events)
        if interlude:
            # the move set off a reveal (numbers, draws): this player's recap starts with it,
            # so the next curtain tells what followed their move
            self.seen_until[seat] = len(self.session.events) - len(events)
        aftermath = self.presenter.aftermath(events, self.names)
        if (aftermath is not None and self.privacy.shielded and not self.session.is_over
                and seat not in self.session.to_act):
            # what the mover's own move showed (a face-down card), before the curtain falls
            await self.ui.reveal(aftermath)

    # -- undo and hints --------------------------------------------------------------------
    def plan_undo(self, seat: int) -> UndoPlan:
        """What an undo by ``seat`` would take back (UndoRefused says why not, in one line)."""
        return self.session.plan_undo(seat, self.presenter.irreversible)

    def hint(self, seat: int) -> Hint:
        """The hint for ``seat`` (from its own view), counted in the record once per decision."""
        session = self.session
        hint = make_hint(session, seat)
        last = session.hints[-1] if session.hints else None
        if last is None or (last.at, last.player) != (len(session.moves), seat):  # (asked again: counted once)
            session.note_hint(seat)
        return hint

    async def undo(self, plan: UndoPlan) -> None:
        """Take back ``plan``'s moves: each other human whose moves go is asked first, behind
        the curtain when the table is shielded; one refusal and nothing changes."""
        session, seat = self.session, plan.player
        for other in plan.others():
            if not session.seats[other].is_human:
                continue
            title, detail = consent_question(session, plan, other)
            if self.privacy.needs_curtain(other, self.shown):
                self.show(None)
                await self.ui.curtain(other, [detail], title=title)
            if not await self.ui.consent(other, title, detail):
                await self.back_to(seat, f"{self.names[other]} did not agree to the undo: nothing was taken back.")
                return
        session.undo(plan)
        count = len(session.events)
        self.seen_until = {s: min(at, count) for s, at in self.seen_until.items()}
        line = undone_line(session, plan.taken, seat)
        self.ui.undone(line)
        await self.back_to(seat, f"{line}. Your move again.")

    async def back_to(self, seat: int, text: str) -> None:
        """The keyboard back to ``seat`` (behind the curtain if someone else had it), told ``text``."""
        if self.privacy.needs_curtain(seat, self.shown):
            self.show(None)
            await self.ui.curtain(seat, [text], title="The undo")
        self.show(seat)
        self.ui.tell(text)

    async def computer_turn(self, seat: int) -> None:
        from .bots import bot_request

        name = self.names[seat]
        self.ui.set_status("" if self.fast else f"{name} is thinking…")
        bot, view, events = bot_request(self.session, seat)
        move = await self.ui.think(seat, bot, view, events)
        events = self.session.apply(seat, move)  # a bot's illegal move is a bug: let it surface
        shown = [e.render(self.names) for e in events if self.presenter.logged_for(e, None)]
        if not self.fast:
            self.ui.set_status(shown[0] if shown else "")  # the move, in words, while it is in view
        await self.after_move(seat, events)
        if not self.session.is_over and not self.fast:
            pause = self.settings.move_pause
            await self.ui.pause(pause / 3 if self.presenter.is_secret(move) else pause)
        self.ui.set_status("")

    async def after_move(self, seat: int, events: Sequence[Event]) -> bool:
        """Hide the mover's hand if someone else acts next; reveal, log, summarise.
        True if there was an interlude (a reveal or a summary)."""
        public = self.session.view(None)
        reveal = self.presenter.reveal(events, public, self.names)
        if reveal is not None and not self.fast:
            self.ui.hold_reveal(True)  # the table shows the numbers until the draws are done
        if self.shown is not None and self.shown not in self.session.to_act:
            self.show(self.privacy.resting_view())
        else:
            self.ui.set_viewer(self.shown)  # the same view, redrawn after the move
        if reveal is not None and not self.fast:
            await self.ui.reveal(reveal)  # all the numbers at once, before the draws
        await self.ui.show_events(events)
        if reveal is not None and not self.fast:
            self.ui.hold_reveal(False)
        summary = self.presenter.summary(events, public, self.names)
        if summary is not None:
            self.ui.set_status("")  # the hand's last status line does not outlive it
        if summary is not None and not self.fast:
            await self.ui.summary(summary)  # the last one too, before the final ranking
        if (reveal or summary) and self.privacy.shielded and self.shown is not None:
            # everyone watched the interlude: whoever acts next gets the curtain again
            self.show(None)
        return bool(reveal or summary)
