"""The table: the public table, the viewer's own cards, the move log, the status line.

The screen draws; :class:`~cardtable.tui.flow.driver.GameDriver` decides the
order of play and whose view is shown (``set_viewer``). Every drawing starts
from a view given by the engine: the public view for the table, the viewer's
own view for their cards, and only the events that viewer may see for the log.
"""

from __future__ import annotations

import asyncio
from bisect import bisect_left
from functools import partial
from typing import Any, Sequence

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.worker import WorkerCancelled
from textual.widgets import Static

from ...core.engine import Event, Outcome
from ...session import Session, UndoRefused
from ..cardfaces import CardStyle, colour_suits, plain_cards, style_of
from ..flow.bots import think
from ..flow.driver import GameDriver
from ..flow.undo import UndoRequest, undo_notes, with_notes
from ..presenters.base import ACTION_KEYS, Presenter, PrivateArea, Reveal, Summary, with_keys
from ..settings import TuiSettings
from ..setup import GameSetup
from ..widgets.card_rows import CardRows, CardScroll
from ..widgets.move_log import MoveLog
from ..widgets.footer import KeysFooter
from ..widgets.size_notice import SizeNotice
from .confirm import ConfirmScreen
from .curtain import CurtainScreen
from .game_over import seed_note
from .picker import PickerScreen
from .interlude import RevealScreen, SummaryScreen
from .secret import SecretPromptScreen
from . import SCREEN_CSS


class TableScreen(Screen[None]):
    CSS_PATH = SCREEN_CSS
    BINDINGS = [
        Binding("enter,y", "confirm(True)", "Yes", id="table.yes", tooltip="Yes: make the move chosen"),
        Binding("escape,n", "confirm(False)", "No", id="table.no", tooltip="No: choose again"),
        *(Binding(key, f"act('{action}')", label, id=f"table.{action}", tooltip=f"{label} (shown when it applies)") for action, key, label in ACTION_KEYS),
        Binding("space", "skip", "Skip", id="table.skip", tooltip="Skip a computer's pause"),
        Binding("x", "auto_finish", "Auto-finish", id="table.auto_finish", tooltip="Auto-finish: only computers are left, play the rest at once"),
        Binding("u", "undo", "Undo", id="table.undo", tooltip="Undo: back to your own last decision (the computers' moves since go too; another player's, only with their consent)"),
        Binding("h", "hint", "Hint", id="table.hint", tooltip="Hint: the move the normal computer player would make, marked on your hand, with its reason"),
        Binding("o", "results", "Results", id="table.results", tooltip="After the game: the final ranking again"),
        Binding("l", "history", "History", id="table.history", tooltip="History: the whole log so far, searchable"),
        Binding("escape", "menu", "Menu", id="table.menu", tooltip="Back to the menu (the game is saved: Resume picks it up)"),
    ]

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

    def __init__(self, setup: GameSetup, session: Session, presenter: Presenter, settings: TuiSettings) -> None:
        super().__init__(classes="table-screen")
        self.setup = setup
        self.session = session
        self.presenter = presenter
        self.settings = settings
        self.card_style = CardStyle(settings.ascii_cards, settings.four_colours)
        self.driver = GameDriver(session, presenter, settings, self)
        self.viewer: int | None = None
        self._log_viewer: object = object()  # the viewer the log was last built for
        # how many of session.events the log has gone through: a resumed game's are all shown
        self._logged = len(session.events)
        self._waiting: asyncio.Future | None = None  # a human's move, while they choose
        self._legal: list[Any] = []
        self._skip: asyncio.Event | None = None
        self._area: PrivateArea | None = None
        self._status = ""
        self._confirming: asyncio.Future | None = None
        self._asking: int | None = None  # the seat choosing a move now (at the table or in a prompt)
        self._prompt: SecretPromptScreen | None = None  # its prompt, for a secret choice
        self._note = ""  # a line for the player about to choose (after an undo)
        self._hinted: Any = None  # the move a hint showed this player, while they choose
        self.outcome: Outcome | None = None  # once the game has ended

    @property
    def game_id(self) -> str:
        return self.session.game.id

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
        if release is not None:
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
        session, names = self.session, self.session.names
        public = session.view(None)
        self.query_one("#headline", Static).update(self.presenter.headline(public, names))
        self.query_one("#public-table").show(public, names, self.card_style)  # type: ignore[attr-defined]
        self._draw_private()
        self._sync_log()

    def _draw_private(self) -> None:
        rows = self.query_one(CardRows)
        if self.viewer is None:
            self._area = None
        else:
            legal = self._legal if self._waiting is not None else []
            self._area = self.presenter.private_area(self.session.view(self.viewer), legal, self.card_style)
        rows.area = self._area
        self.query_one("#hand-scroll").display = self._area is not None
        self.refresh_bindings()

    def _sync_log(self) -> None:
        """Rebuild the log for a new viewer: the events shown so far that this viewer may see."""
        if self._log_viewer == self.viewer:
            return
        names = self.session.names
        # no seed while the game lasts: it would deal the same cards elsewhere, hidden ones included
        intro = f"{self.session.game.name}: {', '.join(names)}"
        shown = self.session.events[: self._logged]
        events = [(i, e.render(names)) for i, e in enumerate(shown) if self._loggable(e)]
        lines = [intro] + with_notes(events, undo_notes(self.session))
        if self.session.is_over and self.session.deck is None:
            lines.append(f"Game over. {seed_note(self.session.seed)}")
        self.query_one(MoveLog).set_lines(lines)
        self._log_viewer = self.viewer

    def _loggable(self, event: Event) -> bool:
        return self.presenter.logged_for(event, self.viewer)

    def set_status(self, text: str) -> None:
        if text != self._status:
            self._status = text
            self.query_one("#status", Static).update(colour_suits(text, self.card_style))

    # -- the driver's requests (TableUI) ------------------------------------------------------------
    async def curtain(self, seat: int, recap: list[str], title: str | None = None) -> None:
        self.set_status(f"Waiting for {self.session.names[seat]}…")
        delay = 0.0 if self.settings.speed == "instant" else 0.6
        await self.app.push_screen_wait(CurtainScreen(self.session.names[seat], recap, self.card_style, delay, title))

    async def ask_move(self, seat: int) -> Any:
        legal = self.session.legal_moves(seat)
        view = self.session.view(seat)
        self._asking = seat
        try:
            if self.presenter.uses_prompt:
                prompt = self.presenter.prompt(view, legal, self.session.names)
                if prompt is not None:
                    self.set_status(self._note or prompt.status or f"{self.session.names[seat]} is choosing…")
                    self._prompt = SecretPromptScreen(
                        prompt, partial(self.why_not, seat), self.session.game.describe_move, helper=self
                    )
                    return await self.app.push_screen_wait(self._prompt)
            self._legal = legal
            self._waiting = asyncio.get_running_loop().create_future()
            self._draw_private()
            self.set_status(self._area_hint())
            self.query_one(CardRows).focus()
            try:
                move = await self._waiting
            finally:
                self._waiting = None
                self._legal = []
        finally:
            self._asking = None
            self._prompt = None
            self._note = ""
            self._hinted = None
        self._draw_private()
        return move

    async def consent(self, seat: int, title: str, detail: str) -> bool:
        return bool(await self.app.push_screen_wait(ConfirmScreen(title, yes="Allow", no="Refuse", detail=detail)))

    def _area_hint(self) -> str:
        """What to do now, under the cards (after an undo: what was undone first)."""
        hint = with_keys(self._area.hint, self.action_keys()) if self._area else ""
        return f"{self._note}\n{hint}" if self._note and hint else self._note or hint

    def action_keys(self) -> dict[str, str]:
        """Each action key's key in effect (ACTION_KEYS' key, or the keymap's), as shown."""
        from .keys import effective_keys, key_label

        keymap = self.app._keymap  # Textual's keymap, normalised (set from the settings file)
        return {action: ", ".join(key_label(k) for k in effective_keys(Binding(key, "", id=f"table.{action}"), keymap))
                for action, key, _ in ACTION_KEYS}

    def tell(self, text: str) -> None:
        self._note = text
        self.set_status(text)

    def undone(self, line: str) -> None:
        self._logged = len(self.session.events)
        self._log_viewer = object()  # the log is built again, with the undone line
        self.redraw()
        self.notify(line, title="Undo", markup=False)

    def refused(self, seat: int, reason: str) -> None:
        self.set_status(f"Refused: {reason}")
        self.notify(plain_cards(reason, self.card_style), title="That move is not allowed", severity="warning", markup=False)

    async def think(self, seat: int, bot: Any, view: Any, events: list) -> Any:
        worker = self.run_worker(partial(think, bot, view, events), thread=True, group="bot", exit_on_error=False)
        try:
            await worker.wait()
        except WorkerCancelled:
            raise asyncio.CancelledError from None  # the table is closing
        return worker.result

    async def show_events(self, events: Sequence[Event]) -> None:
        """Log the events not yet shown; draws appear one card at a time."""
        log, names = self.query_one(MoveLog), self.session.names
        pause = 0.0 if self.driver.fast else self.settings.event_pause
        pending = self.session.events[self._logged :]
        card_by_card = pause > 0 and sum(e.kind == "draw" for e in pending) > 1
        for event in pending:
            self._logged += 1
            if self._loggable(event):
                log.add_lines([event.render(names)])
                if card_by_card and event.kind == "draw":
                    await self.pause(pause)

    async def pause(self, seconds: float) -> None:
        if seconds <= 0:
            return
        self._skip = asyncio.Event()
        self.refresh_bindings()
        try:
            await asyncio.wait_for(self._skip.wait(), seconds)
        except asyncio.TimeoutError:
            pass
        finally:
            self._skip = None
            self.refresh_bindings()

    def _needs_a_human(self) -> bool:
        return any(seat.is_human for seat in self.session.seats)

    def hold_reveal(self, on: bool) -> None:
        table = self.query_one("#public-table")
        if getattr(table, "revealing", None) != on:
            table.revealing = on  # type: ignore[attr-defined]
            self.redraw()

    async def reveal(self, reveal: Reveal) -> None:
        if self._needs_a_human():
            await self.app.push_screen_wait(RevealScreen(reveal))
        else:
            await self.pause(self.settings.move_pause)

    async def summary(self, summary: Summary) -> None:
        if self._needs_a_human():
            await self.app.push_screen_wait(SummaryScreen(summary, final=self.session.is_over))
        else:
            await self.pause(self.settings.move_pause * 2)

    def why_not(self, seat: int, move: Any) -> str | None:
        """The engine's reason why ``seat`` may not make ``move`` now (None if it may)."""
        if move is None:
            return "that is not a move of this game"
        return self.session.why_not(seat, move)

    # -- the human's choices --------------------------------------------------------------------------
    def on_card_rows_chosen(self, message: CardRows.Chosen) -> None:
        message.stop()
        if self._waiting is None or self.viewer is None:
            return
        view = self.session.view(self.viewer)
        moves = self.presenter.moves_for(view, self._legal, message.keys)
        if not moves:
            reason = self.why_not(self.viewer, self.presenter.probe(view, message.keys))
            self.set_status(f"Not allowed: {reason}" if reason else "Choose another card.")
            return
        self.decide(moves)

    def on_card_rows_inspected(self, message: CardRows.Inspected) -> None:
        message.stop()
        if self._waiting is None or self.viewer is None or self._area is None:
            return
        item = message.item
        if item is None or item.playable:
            self.set_status(self._area_hint())
            return
        view = self.session.view(self.viewer)
        reason = self.why_not(self.viewer, self.presenter.probe(view, (item.key,)))
        text = f"Not playable: {reason}." if reason else "Not playable now."
        self.set_status("\n".join(line for line in (self._note, text, with_keys(self._area.hint, self.action_keys())) if line))
        if message.why:
            self.notify(plain_cards(text, self.card_style), title="Why not?", markup=False)

    @work(exclusive=True, group="decide")
    async def decide(self, moves: list[Any]) -> None:
        """Pick among several matching moves (a 7's suit), then confirm."""
        if self.viewer is None:
            return
        view = self.session.view(self.viewer)
        move = moves[0]
        if len(moves) > 1:
            picker = PickerScreen(self.presenter.picker(view, moves, self.card_style), first=self._hinted)
            move = await self.app.push_screen_wait(picker)
            if move is None:
                return
        question = self.presenter.confirm_text(view, move, self.session.names)
        if await self.confirm(question):
            if self._waiting is not None and not self._waiting.done():
                self._waiting.set_result(move)

    async def confirm(self, question: str) -> bool:
        """Ask under the cards: Enter (or y) makes the move, Esc (or n) goes back."""
        bar = self.query_one("#confirm", Static)
        bar.update(Content.assemble(
            colour_suits(question, self.card_style).stylize("bold"), "  ",
            Content.from_markup("[@click=screen.confirm(True)][b $accent]Enter[/] yes[/]  "
                                "[@click=screen.confirm(False)][b $accent]Esc[/] no[/]"),
        ))
        bar.display = True
        cards = self.query_one(CardRows)
        cards.locked = True
        self._confirming = asyncio.get_running_loop().create_future()
        self.refresh_bindings()
        try:
            answer = await self._confirming
        finally:
            self._confirming = None  # (on cancellation the screen is closing: leave its widgets be)
        cards.locked = False
        bar.display = False
        self.refresh_bindings()
        return answer

    def action_confirm(self, yes: bool) -> None:
        if self._confirming is not None and not self._confirming.done():
            self._confirming.set_result(yes)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "confirm":
            return self._confirming is not None
        if action == "act":
            action_id = str(parameters[0]) if parameters else ""
            spec = self._area.action(action_id) if self._area is not None else None
            if action_id not in self.presenter.actions or spec is None:
                return False  # not an action of this game, or of this phase
            # shown only when it applies (the keys screen says so)
            return self._waiting is not None and self._confirming is None and spec.move is not None
        if action == "skip":
            return self._skip is not None
        if action == "auto_finish":
            return self.driver.only_computers_left() and not self.driver.fast
        if action == "results":
            return self.outcome is not None and self.app.screen is self
        if action == "menu":
            return self._confirming is None
        return True

    def action_act(self, action_id: str) -> None:
        if self._area is None or self._waiting is None:
            return
        spec = self._area.action(action_id)
        if spec is not None and spec.move is not None:
            self.decide([spec.move])

    def action_skip(self) -> None:
        if self._skip is not None:
            self._skip.set()

    def action_auto_finish(self) -> None:
        if self.driver.auto_finish():
            self.set_status("Playing the rest at once…")
            self.action_skip()
            self.refresh_bindings()

    # -- undo and hints (u, h; the palette calls these too) ---------------------------------------
    def _not_now(self, what: str) -> str | None:
        """Why ``what`` (undo or hint) cannot be done at this moment, or None."""
        if self.outcome is not None or self.session.is_over:
            return "The game is over: nothing can be undone." if what == "undo" else "The game is over: no more hints."
        if self._asking is None:
            if what == "undo":
                return "Undo works on your own turn: wait until it comes (nothing was undone)."
            return "A hint is for your own turn: wait until it comes."
        if self._confirming is not None:
            return f"Answer the question first (Enter or Esc), then ask for the {what}."
        return None

    def _say(self, text: str) -> None:
        """A one-line answer where the player is looking: the prompt, or the status line."""
        if self._prompt is not None and self._prompt.is_mounted:
            self._prompt.say(text)
        else:
            self.set_status(text)

    def action_undo(self) -> None:
        """Back to this player's own previous decision (asks first if another human's moves go)."""
        refusal = self._not_now("undo")
        if refusal is None and self._asking is not None:
            try:
                request = UndoRequest(self.driver.plan_undo(self._asking))
            except UndoRefused as exc:
                refusal = str(exc)
            else:
                if self._prompt is not None:
                    self._prompt.dismiss(request)
                elif self._waiting is not None and not self._waiting.done():
                    self._waiting.set_result(request)
                return
        self._say(refusal or "Nothing to undo now.")

    def action_hint(self) -> None:
        """The move the normal computer player would make from this player's view, marked on the hand."""
        refusal = self._not_now("hint")
        if refusal is not None or self._asking is None:
            self._say(refusal or "No hint now.")
            return
        seat = self._asking
        hint = self.driver.hint(seat)
        self._hinted = hint.move
        line = hint.line(self.session.game.describe_move)
        if self._prompt is not None:
            self._prompt.show_hint(hint.move, line)
            return
        area = self._area
        if area is not None:
            keys = self.presenter.keys_for(self.session.view(seat), area, hint.move)
            self.query_one(CardRows).show_hint(keys)
            spec = next((a for a in area.actions if a.move == hint.move), None)
            key = self.action_keys().get(spec.action) if spec is not None else None
            if not keys and key is not None:
                line = f"{line} Press {key}."
        self.set_status(line)

    def action_results(self) -> None:
        if self.outcome is not None:
            self.post_message(self.GameEnded(self, self.outcome))

    def action_history(self) -> None:
        """The whole log so far, as this table's log shows it; only the public events unless
        the seat on screen stays there while it is open (their turn, alone, or the game over)."""
        from .history import HistoryScreen

        private = self.session.is_over or self._waiting is not None or not self.driver.privacy.shielded
        seat = self.viewer if private else None
        indexed = [(i, e) for i, e in enumerate(self.session.events[: self._logged])
                   if self._loggable(e) and (private or e.visible(None))]
        shown = [e for _, e in indexed]
        # each "undone" line after the events shown before its place in the session's events
        notes = [(bisect_left(indexed, position, key=lambda pair: pair[0]), line)
                 for position, line in undo_notes(self.session)]
        seen_by = self.session.names[seat] if seat is not None else None
        self.app.push_screen(HistoryScreen(shown, self.session.names, self.presenter.heading, seen_by, self.card_style, notes))

    def action_menu(self) -> None:
        self.post_message(self.LeaveRequested(self))
