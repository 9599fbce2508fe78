"""The table: the public table, the viewer's own cards, the move log, the status line.

The screen draws; it reads its game only through a
:class:`~cardtable.table.source.TableSource` (views, visible events, legal
moves, undo plans and hints) and is run by a
:class:`~cardtable.tui.flow.driver.TableFlow` (here the
:class:`~cardtable.tui.flow.driver.GameDriver`), which calls the drawing and
waiting methods of :class:`~cardtable.tui.flow.driver.TableUI` below and decides
whose view is shown (``set_viewer``). Every drawing starts from a view: the
public view for the table, the viewer's own view for their cards, and only the
events that viewer may see for the log. A human's decision is one
:class:`~cardtable.table.request.MoveRequest`, answered by
:class:`~.table_choice.MoveChooser` (the cards, a picker, a secret prompt).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Any

from textual import work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static

from ...core.engine import Event, Outcome
from ...session import Session
from ...table.request import MoveRequest
from ...table.source import SessionSource, TableSource
from ..cardfaces import CardStyle, colour_suits, plain_cards, style_of
from ..flow.driver import GameDriver, TableFlow, TableUI
from ..presenters.base import Presenter, PrivateArea, Reveal, Summary
from ..settings import TuiSettings
from ..setup import GameSetup
from ..widgets.card_rows import CardRows, CardScroll
from ..widgets.footer import KeysFooter
from ..widgets.move_log import MoveLog
from ..widgets.size_notice import SizeNotice
from . import SCREEN_CSS, once_built
from .confirm import ConfirmScreen
from .curtain import CurtainScreen
from .interlude import RevealScreen, SummaryScreen
from .table_choice import MoveChooser
from .table_keys import TABLE_BINDINGS
from .table_log import history_screen, log_lines

#: How many of the latest public events told the table gets (it marks the last move's among them).
TOLD_EVENTS = 40


class TableScreen(Screen[None]):
    CSS_PATH = SCREEN_CSS
    BINDINGS = [*TABLE_BINDINGS]

    class GameEnded(Message):
        def __init__(self, screen: TableScreen, outcome: Outcome) -> None:
            super().__init__()
            self.table = screen
            self.outcome = outcome

    class LeaveRequested(Message):
        """Esc at the table: back to the menu (the game is saved after every move)."""

        def __init__(self, screen: TableScreen) -> None:
            super().__init__()
            self.table = screen

    def __init__(
        self,
        setup: GameSetup,
        session: Session | None,
        presenter: Presenter,
        settings: TuiSettings,
        *,
        source: TableSource | None = None,
        flow: Callable[[TableUI], TableFlow] | None = None,
    ) -> None:
        """A table of the game ``session`` played here; or, with ``session`` None, of a game
        played elsewhere: its ``source`` and its ``flow`` (made for this screen)."""
        super().__init__(classes="table-screen")
        self.setup = setup
        #: the game played here (for the app: its saves, "play again"); None if played elsewhere
        self.session = session
        if session is not None:
            source = source or SessionSource(session, presenter.irreversible)
            flow = flow or (lambda ui: GameDriver(session, presenter, settings, ui))
        if source is None or flow is None:
            raise ValueError("a table needs a session, or a source and a flow")
        self.source: TableSource = source
        self.presenter = presenter
        self.settings = settings
        self.card_style = CardStyle(settings.ascii_cards, settings.four_colours)
        self.driver: TableFlow = flow(self)
        self.chooser = MoveChooser(self)
        self.viewer: int | None = None
        self._log_viewer: object = object()  # the viewer the log was last built for
        # how many of the game's events the log has gone through: a resumed game's are all shown
        self._logged = source.event_count
        # the public view at a position in the game's events the log had reached: the table
        # steps it through the events the log tells next (see ``public_view``)
        self._told: tuple[Any, int] | None = None
        self._skip: asyncio.Event | None = None
        self.area: PrivateArea | None = None  # the viewer's cards as drawn
        self._status = ""
        self._clock = ""  # a hosted table's turn clock, before the headline (set_clock)
        self.outcome: Outcome | None = None  # once the game has ended

    @property
    def game_id(self) -> str:
        return self.source.game.id

    @property
    def request(self) -> MoveRequest | None:
        """The decision the seat on screen is making now (at the table or in a prompt), if any."""
        return self.chooser.request

    @property
    def confirming(self) -> bool:
        """Whether a move awaits its confirmation under the cards (Enter or Esc)."""
        return self.chooser.confirming is not None

    # -- layout ----------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static("", id="headline", markup=False)
        with Horizontal(id="table-body"):
            with Vertical(id="table-main"):
                yield self.presenter.make_table()
                with CardScroll(id="hand-scroll"):
                    yield CardRows(id="hand")
                yield Static("", id="status", markup=False)
                yield Static("", id="confirm")
            yield MoveLog(id="log")
        yield KeysFooter()
        yield SizeNotice()

    @once_built
    def on_mount(self) -> None:
        self.query_one(MoveLog).card_style = self.card_style
        self.query_one(CardRows).style = self.card_style
        self.query_one(CardRows).focus()
        self.play()

    def on_screen_resume(self) -> None:
        """Back from Settings (or any screen): the card style follows the settings at once."""
        style = style_of(self.app)
        if style != self.card_style and self.is_mounted:
            self.card_style = style
            self.query_one(CardRows).style = style
            log = self.query_one(MoveLog)
            log.card_style = style
            log.set_lines(log.source)
            self.redraw()

    def on_unmount(self) -> None:
        release = getattr(self.app, "release_game", None)  # (the app's saves: another window may open it now)
        if release is not None and self.session is not None:
            release(self.session)

    @work(exclusive=True, group="game")
    async def play(self) -> None:
        outcome = await self.driver.run()
        self.set_status("")
        self._log_viewer = object()  # rebuilt with the seed, now that it may be told
        self._sync_log()
        self.outcome = outcome
        self.refresh_bindings()
        self.post_message(self.GameEnded(self, outcome))

    # -- drawing (TableUI) -----------------------------------------------------------------------
    def set_viewer(self, seat: int | None) -> None:
        self.viewer = seat
        self.redraw()

    def redraw(self) -> None:
        self.draw_public()
        self.draw_private()
        self._sync_log()

    def draw_public(self) -> None:
        """The headline and the public table, as far as the log has told the game."""
        source, names = self.source, self.source.names
        public = self.public_view()
        told = [e for _, e in source.events(None, max(0, self._logged - TOLD_EVENTS), self._logged)]
        headline = self.presenter.headline(public, names)
        self.query_one("#headline", Static).update(f"{self._clock} · {headline}" if self._clock else headline)
        self.query_one("#public-table").show(public, names, self.card_style, told)  # type: ignore[attr-defined]

    def public_view(self) -> Any:
        """The public view as far as the log has told the game: once the log has told every
        event, the view now; while it tells a move's events one by one, the view before the move
        stepped through those told so far (for a presenter that steps its view: One Too Many's
        draws; for the others, the view after the move)."""
        source, count = self.source, self.source.event_count
        if self._logged >= count or self._told is None or self._told[1] > self._logged:
            self._told = (source.view(None), count) if self._logged >= count else None
            return source.view(None)
        view, position = self._told
        for _, event in source.events(None, position, self._logged):
            view = self.presenter.step_view(view, event)
            if view is None:
                return source.view(None)
        return view

    def draw_private(self) -> None:
        """The viewer's own cards (playable ones marked while they choose with them)."""
        rows = self.query_one(CardRows)
        if self.viewer is None:
            self.area = None
        else:
            view = self.source.view(self.viewer)
            self.area = self.presenter.private_area(view, self.chooser.cards_legal, self.card_style)
        rows.area = self.area
        self.query_one("#hand-scroll").display = self.area is not None
        self.refresh_bindings()

    def _sync_log(self) -> None:
        """Rebuild the log for a new viewer: the events shown so far that this viewer may see."""
        if self._log_viewer == self.viewer:
            return
        self.query_one(MoveLog).set_lines(log_lines(self.source, self.presenter, self.viewer, self._logged))
        self._log_viewer = self.viewer

    def set_clock(self, text: str) -> None:
        """A hosted table's turn clock ("Clock: Ann 0:23"), shown before the headline ("": none)."""
        if text != self._clock:
            self._clock = text
            if self.is_mounted and self.query("#headline"):  # (not while the screen is taken down)
                self.draw_public()

    def set_status(self, text: str) -> None:
        if text != self._status:
            self._status = text
            self.query_one("#status", Static).update(colour_suits(text, self.card_style))

    async def show_events(self, events: Sequence[Event], pause: float) -> None:
        """Log a move's events that the viewer may see; draws appear one card at a time."""
        log, names = self.query_one(MoveLog), self.source.names
        card_by_card = pause > 0 and sum(e.kind == "draw" for e in events) > 1
        for event in events:
            self._logged += 1
            if self.presenter.logged_for(event, self.viewer):
                log.add_lines([event.render(names)])
                if card_by_card and event.kind == "draw":
                    self.draw_public()  # the table follows the log, card by card
                    await self.pause(pause)
        self.draw_public()  # the whole move told: the view after it (the next round's, perhaps)

    def hold_reveal(self, on: bool) -> None:
        table = self.query_one("#public-table")
        if getattr(table, "revealing", None) != on:
            table.revealing = on  # type: ignore[attr-defined]
            self.redraw()

    def undone(self, line: str) -> None:
        self._logged = self.source.event_count
        self._log_viewer = object()  # the log is built again, with the undone line
        self.redraw()
        self.notify(line, title="Undo", markup=False)

    def refused(self, seat: int, reason: str) -> None:
        self.set_status(f"Refused: {reason}")
        self.notify(
            plain_cards(reason, self.card_style), title="That move is not allowed", severity="warning", markup=False
        )

    # -- the waits (TableUI) ------------------------------------------------------------------------
    async def curtain(self, seat: int, recap: list[str], title: str | None = None) -> None:
        name = self.source.names[seat]
        self.set_status(f"Waiting for {name}…")
        delay = 0.0 if self.settings.speed == "instant" else 0.6
        await self.app.push_screen_wait(CurtainScreen(name, recap, self.card_style, delay, title))

    async def choose(self, request: MoveRequest) -> Any:
        return await self.chooser.choose(request)

    async def consent(self, seat: int, title: str, detail: str) -> bool:
        allowed: bool = await self.app.push_screen_wait(ConfirmScreen(title, yes="Allow", no="Refuse", detail=detail))
        return bool(allowed)

    async def pause(self, seconds: float) -> None:
        if seconds <= 0:
            return
        self._skip = asyncio.Event()
        self.refresh_bindings()
        try:
            await asyncio.wait_for(self._skip.wait(), seconds)
        except TimeoutError:
            pass
        finally:
            self._skip = None
            self.refresh_bindings()

    async def reveal(self, reveal: Reveal) -> None:
        await self.app.push_screen_wait(RevealScreen(reveal))

    async def summary(self, summary: Summary) -> None:
        await self.app.push_screen_wait(SummaryScreen(summary, final=self.source.is_over))

    # -- keys and clicks ----------------------------------------------------------------------------
    def on_card_rows_chosen(self, message: CardRows.Chosen) -> None:
        message.stop()
        self.chooser.cards_chosen(message.keys)

    def on_card_rows_inspected(self, message: CardRows.Inspected) -> None:
        message.stop()
        item = message.item
        self.chooser.card_inspected(None if item is None else item.key, item is None or item.playable, message.why)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        chooser = self.chooser
        if action == "confirm":
            return self.confirming
        if action == "act":
            action_id = str(parameters[0]) if parameters else ""
            spec = self.area.action(action_id) if self.area is not None else None
            if action_id not in self.presenter.actions or spec is None:
                return False  # not an action of this game, or of this phase
            # shown only when it applies (the keys screen says so)
            return chooser.at_cards and not self.confirming and spec.move is not None
        if action == "skip":
            return self._skip is not None
        if action == "auto_finish":
            return self.driver.can_auto_finish()
        if action in ("undo", "hint"):
            # after the game nothing can be undone or hinted: the keys leave the footer and the palette
            return self.outcome is None and not self.source.is_over
        if action == "results":
            return self.outcome is not None and self.app.screen is self
        if action == "menu":
            return not self.confirming
        return True

    def footer_hides(self, action: str) -> bool:
        """Keys the footer leaves out though they answer (why not, when pressed): Undo with
        nothing to take back, Undo and Hint when it is not this seat's turn (or no seat's here)."""
        return action in ("undo", "hint") and not self.chooser.can(action)

    def action_confirm(self, yes: bool) -> None:
        self.chooser.answer_question(yes)

    def action_act(self, action_id: str) -> None:
        self.chooser.act(action_id)

    def action_skip(self) -> None:
        if self._skip is not None:
            self._skip.set()

    def action_auto_finish(self) -> None:
        if self.driver.auto_finish():
            self.set_status("Playing the rest at once…")
            self.action_skip()
            self.refresh_bindings()

    def action_undo(self) -> None:
        """Back to this player's own previous decision (asks first if another human's moves go)."""
        self.chooser.undo()

    def action_hint(self) -> None:
        """The move the normal computer player would make from this player's view, marked on the hand."""
        self.chooser.hint()

    def action_results(self) -> None:
        if self.outcome is not None:
            self.post_message(self.GameEnded(self, self.outcome))

    def action_history(self) -> None:
        """The whole log so far, as this table's log shows it; only the public events unless
        the seat on screen stays there while it is open (their turn, alone, or the game over)."""
        private = self.source.is_over or self.request is not None or not self.driver.shielded
        seat = self.viewer if private else None
        self.app.push_screen(history_screen(self.source, self.presenter, seat, self._logged, self.card_style))

    def action_menu(self) -> None:
        self.post_message(self.LeaveRequested(self))
