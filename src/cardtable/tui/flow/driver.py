"""The turn loop of one game at the table.

The driver owns the order of things: whose turn, the curtain, asking a seat
for its decision, the log's pacing, reveals and summaries. It never decides a
rule (the engine does, through the :class:`~cardtable.session.Session`), never
draws (the :class:`TableUI` does) and never chooses a move: each seat's
:class:`~cardtable.table.seats.SeatPlayer` does (a human at this screen
answers a :class:`~cardtable.table.request.MoveRequest`; a computer runs its
bot). Which seat's private view is on screen is decided here, by
:class:`~.privacy.Privacy`, and nowhere else.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Protocol

from ...core.engine import Event, IllegalMove, Outcome
from ...session import Session, UndoPlan
from ...table.request import MoveRequest, UndoRequest
from ...table.seats import Computer, HumanHere, SeatPlayer
from ...table.undo import consent_question, undone_line
from ..presenters.base import Presenter, Reveal, Summary
from ..settings import TuiSettings
from .privacy import Privacy
from .recap import recap, recap_start


class TableUI(Protocol):
    """What the driver needs from the table screen: drawing, and the waits of a shared keyboard."""

    def set_viewer(self, seat: int | None) -> None:
        """Redraw everything from ``seat``'s view (``None``: the public view)."""

    def set_status(self, text: str) -> None: ...

    async def curtain(self, seat: int, recap: list[str], title: str | None = None) -> None:
        """Hide the table, say "Pass to <name>" and wait for that player (``title``: over
        ``recap`` instead of "Since your last turn")."""

    async def choose(self, request: MoveRequest) -> Any:
        """Let the human in ``request.seat`` (whose view is shown) answer ``request``:
        a move, or an :class:`~cardtable.table.request.UndoRequest`."""

    async def consent(self, seat: int, title: str, detail: str) -> bool:
        """Ask the human in ``seat`` (who has the keyboard) to agree to an undo."""

    def undone(self, line: str) -> None:
        """Moves were taken back: redraw the table and the log (which says ``line``)."""

    def refused(self, seat: int, reason: str) -> None: ...

    async def show_events(self, events: Sequence[Event], pause: float) -> None:
        """Log a move's events (those the viewer may see), ``pause`` seconds between two draws."""

    async def pause(self, seconds: float) -> None:
        """Let a move be seen (skippable)."""

    async def reveal(self, reveal: Reveal) -> None:
        """Show simultaneous choices, until a key."""

    async def summary(self, summary: Summary) -> None:
        """Show a round's or hand's summary, until a key."""

    def hold_reveal(self, on: bool) -> None:
        """While on, the table shows the numbers just revealed (until the draws are done)."""


class TableFlow(Protocol):
    """What the table screen needs of whatever runs its game: the driver here (a client
    of a table server: the messages from the host)."""

    #: playing the rest at once (no pauses, no interludes)
    fast: bool

    async def run(self) -> Outcome:
        """Play the game to its end."""

    @property
    def shielded(self) -> bool:
        """Whether players share this screen (what is on it is the public view between turns)."""

    def can_auto_finish(self) -> bool:
        """Whether only computers are left to play, and the rest may be played at once."""

    def auto_finish(self) -> bool:
        """Play the rest at once (False: not now)."""


class GameDriver:
    def __init__(
        self,
        session: Session,
        presenter: Presenter,
        settings: TuiSettings,
        ui: TableUI,
        players: Sequence[SeatPlayer] | None = None,
    ) -> None:
        self.session = session
        self.presenter = presenter
        self.settings = settings
        self.ui = ui
        #: how each seat answers (default: the humans at this screen, the others computers)
        self.players: list[SeatPlayer] = list(players or default_players(session, ui))
        # the curtain is for the humans at this keyboard: a seat played elsewhere is not one
        here = [seat if self.here(i) else replace(seat, kind="elsewhere") for i, seat in enumerate(session.seats)]
        self.privacy = Privacy.for_seats(here, settings.curtain)
        self.shown: int | None = None
        # per seat: a line for their next decision (what an undo took back)
        self.notes: dict[int, str] = {}
        #: play the rest without pauses or interludes (``auto_finish``, once only computers remain)
        self.fast = False

    # -- what is on screen --------------------------------------------------------
    def here(self, seat: int) -> bool:
        """Whether ``seat`` is played at this screen (not a remote seat of a table server's:
        its view is never shown here)."""
        return not getattr(self.players[seat], "elsewhere", False)

    def show(self, seat: int | None) -> None:
        self.shown = seat
        self.ui.set_viewer(seat)

    @property
    def names(self) -> list[str]:
        return self.session.names

    @property
    def shielded(self) -> bool:
        return self.privacy.shielded

    def next_seat(self) -> int:
        """The seat to act next: the one already on screen if it may act, else the first."""
        to_act = self.session.to_act
        return self.shown if self.shown in to_act else to_act[0]

    def recap_for(self, seat: int) -> list[str]:
        """What ``seat`` missed since their last turn (the whole game's public events before it)."""
        since = recap_start(self.session, seat, self.had_interlude)
        lines = recap(self.session.events, since or 0, self.names)
        if not lines and since is not None:
            return ["Nothing new since your last turn."]
        return lines

    def had_interlude(self, events: Sequence[Event]) -> bool:
        """Whether a move's ``events`` set off an interlude (a reveal or a summary)."""
        public, names = self.session.view(None), self.names
        return self.presenter.reveal(events, public, names) is not None or (
            self.presenter.summary(events, public, names) is not None
        )

    def only_computers_left(self) -> bool:
        """Whether no human has anything left to do in this game (the rest may be auto-finished)."""
        if self.session.is_over:
            return False
        playing = self.presenter.still_playing(self.session.view(None))
        return not any(self.session.seats[seat].is_human for seat in playing)

    def can_auto_finish(self) -> bool:
        return self.only_computers_left() and not self.fast

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
        if not self.here(seat):
            await self.remote_turn(seat)
            return
        if self.privacy.needs_curtain(seat, self.shown):
            self.show(None)
            await self.ui.curtain(seat, self.recap_for(seat))
        self.show(seat)
        while True:
            answer = await self.players[seat].choose(seat, self.notes.pop(seat, ""))
            if isinstance(answer, UndoRequest):
                await self.undo(answer.plan)
                return
            try:
                events = self.session.apply(seat, answer)
            except IllegalMove as exc:
                self.ui.refused(seat, str(exc))
                continue
            break
        self.ui.set_status("")  # the hint or reason was for the move now made
        await self.after_move(seat, events)
        aftermath = self.presenter.aftermath(events, self.names)
        if (
            aftermath is not None
            and self.privacy.shielded
            and not self.session.is_over
            and seat not in self.session.to_act
        ):
            # what the mover's own move showed (a face-down card), before the curtain falls
            await self.ui.reveal(aftermath)

    async def remote_turn(self, seat: int) -> None:
        """A seat played on another screen: asked there (the seat player checks the move), this
        screen showing what it shows between turns."""
        if self.shown is not None and self.shown not in self.session.to_act:
            self.show(self.privacy.resting_view())
        self.ui.set_status(f"{self.names[seat]} is choosing on their own screen…")
        answer = await self.players[seat].choose(seat, self.notes.pop(seat, ""))
        if isinstance(answer, UndoRequest):
            await self.undo(answer.plan)
            return
        events = self.session.apply(seat, answer)  # (checked by the seat player; an illegal one is a bug)
        self.ui.set_status("")
        await self.after_move(seat, events)

    # -- undo --------------------------------------------------------------------------------
    async def undo(self, plan: UndoPlan) -> None:
        """Take back ``plan``'s moves: each other human whose moves go is asked first, behind
        the curtain when the table is shielded; one refusal and nothing changes."""
        session, seat = self.session, plan.player
        for other in plan.others():
            if not session.seats[other].is_human:
                continue
            title, detail = consent_question(session, plan, other)
            if self.here(other) and self.privacy.needs_curtain(other, self.shown):
                self.show(None)
                await self.ui.curtain(other, [detail], title=title)
            if not await self.players[other].consent(other, title, detail):
                await self.back_to(seat, f"{self.names[other]} did not agree to the undo: nothing was taken back.")
                return
        session.undo(plan)
        line = undone_line(session, plan.taken, seat)
        self.ui.undone(line)
        await self.back_to(seat, f"{line}. Your move again.")

    async def back_to(self, seat: int, text: str) -> None:
        """The keyboard back to ``seat`` (behind the curtain if someone else had it), told ``text``
        (shown until their next decision)."""
        if not self.here(seat):
            self.notes[seat] = text  # (told on their own screen, with their next request)
            return
        if self.privacy.needs_curtain(seat, self.shown):
            self.show(None)
            await self.ui.curtain(seat, [text], title="The undo")
        self.show(seat)
        self.notes[seat] = text
        self.ui.set_status(text)

    async def computer_turn(self, seat: int) -> None:
        name = self.names[seat]
        self.ui.set_status("" if self.fast else f"{name} is thinking…")
        move = await self.players[seat].choose(seat)
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
            await self.interlude(reveal, self.ui.reveal, 1)  # all the numbers at once, before the draws
        await self.ui.show_events(events, 0.0 if self.fast else self.settings.event_pause)
        if reveal is not None and not self.fast:
            self.ui.hold_reveal(False)
        summary = self.presenter.summary(events, public, self.names)
        if summary is not None:
            self.ui.set_status("")  # the hand's last status line does not outlive it
        if summary is not None and not self.fast:
            await self.interlude(summary, self.ui.summary, 2)  # the last one too, before the final ranking
        if (reveal or summary) and self.privacy.shielded and self.shown is not None:
            # everyone watched the interlude: whoever acts next gets the curtain again
            self.show(None)
        return bool(reveal or summary)

    async def interlude(self, what: Any, show: Any, pauses: int) -> None:
        """A reveal or a summary: on its own screen until a key, when a human plays; else a
        pause of ``pauses`` moves' length, to be seen."""
        if self.privacy.humans:
            await show(what)
        else:
            await self.ui.pause(self.settings.move_pause * pauses)


def default_players(session: Session, ui: TableUI) -> list[SeatPlayer]:
    """The humans at this screen, the others computers."""
    here, computer = HumanHere(session, ui), Computer(session)
    return [here if seat.is_human else computer for seat in session.seats]
