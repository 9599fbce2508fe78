"""A human's answer to a :class:`~cardtable.table.request.MoveRequest`, at the table.

One request is pending at a time (``MoveChooser.request``), whatever collects
its answer: the secret prompt (One Too Many's numbers), or the cards at the
table, with a picker when several moves match the cards chosen (a 7's suit)
and the question under the cards before the move is made. Undo and hints act
on that one request: an undo answers it (the prompt, picker or question goes
with it), a hint marks its move in whichever of them is open.
"""

from __future__ import annotations

import asyncio
from functools import partial
from typing import Any, Protocol

from textual.binding import Binding
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from ...session import UndoRefused
from ...table.request import MoveRequest
from ...table.source import TableSource
from ..cardfaces import CardStyle, colour_suits, plain_cards
from ..presenters.base import ACTION_KEYS, Presenter, PrivateArea, with_keys
from ..settings import TuiSettings
from ..widgets.card_rows import CardRows
from .picker import PickerScreen
from .secret import SecretPromptScreen


class ChoosingTable(Protocol):
    """What the chooser uses of the table screen (besides a Textual screen's own methods)."""

    source: TableSource
    presenter: Presenter
    settings: TuiSettings
    card_style: CardStyle
    area: PrivateArea | None
    outcome: Any

    def draw_private(self) -> None: ...

    def set_status(self, text: str) -> None: ...

    # (Textual's, used as they are)
    @property
    def app(self) -> Any: ...

    @property
    def workers(self) -> Any: ...

    def query_one(self, *args: Any, **kwargs: Any) -> Any: ...

    def notify(self, *args: Any, **kwargs: Any) -> Any: ...

    def run_worker(self, *args: Any, **kwargs: Any) -> Any: ...

    def refresh_bindings(self, *args: Any, **kwargs: Any) -> Any: ...


class MoveChooser:
    """The pending request of the table ``table`` and the widgets answering it."""

    def __init__(self, table: ChoosingTable) -> None:
        self.table = table
        self.request: MoveRequest | None = None
        self.at_cards = False  # the request is answered with the cards (not a prompt)
        self.prompt: SecretPromptScreen | None = None
        self.picker: PickerScreen | None = None
        self.confirming: asyncio.Future[bool] | None = None  # the question under the cards

    @property
    def cards_legal(self) -> list[Any]:
        """The moves the cards may make now (none unless a request is answered with them)."""
        return self.request.legal if self.request is not None and self.at_cards else []

    # -- the request ---------------------------------------------------------------------------
    async def choose(self, request: MoveRequest) -> Any:
        """Collect ``request``'s answer (a move, or an undo request) and return it."""
        table = self.table
        self.request = request
        try:
            if not self._open_prompt(request):
                self.at_cards = True
                table.draw_private()
                table.set_status(self.area_hint())
                table.query_one(CardRows).focus()
            answer = await request
        finally:
            self.request = None
            self.at_cards = False
            table.workers.cancel_group(table, "decide")
        # (the screen stays: close what still asks for the answered request)
        self._close(self.prompt)
        self._close(self.picker)
        self.prompt = self.picker = None
        table.draw_private()
        return answer

    def _open_prompt(self, request: MoveRequest) -> bool:
        """A secret choice's prompt over the public table, if this game asks so now."""
        table, source = self.table, self.table.source
        if not table.presenter.uses_prompt:
            return False
        view = source.view(request.seat)
        prompt = table.presenter.prompt(view, request.legal, source.names)
        if prompt is None:
            return False
        table.set_status(request.note or prompt.status or f"{source.names[request.seat]} is choosing…")
        self.prompt = SecretPromptScreen(
            prompt, partial(source.why_not, request.seat), source.game.describe_move, helper=table
        )
        table.app.push_screen(self.prompt, lambda move: move is None or request.answer(move))
        return True

    def _close(self, screen: Screen | None) -> None:
        if screen is not None and self.table.app.screen is screen:
            screen.dismiss(None)

    # -- with the cards ---------------------------------------------------------------------------
    def cards_chosen(self, keys: tuple[str, ...]) -> None:
        table, request = self.table, self.request
        if request is None or not self.at_cards:
            return
        view = table.source.view(request.seat)
        moves = table.presenter.moves_for(view, request.legal, keys)
        if not moves:
            reason = table.source.why_not(request.seat, table.presenter.probe(view, keys))
            table.set_status(f"Not allowed: {reason}" if reason else "Choose another card.")
            return
        self.decide(moves)

    def card_inspected(self, key: str | None, playable: bool, why: bool) -> None:
        table, request, area = self.table, self.request, self.table.area
        if request is None or not self.at_cards or area is None:
            return
        if key is None or playable:
            table.set_status(self.area_hint())
            return
        reason = table.source.why_not(request.seat, table.presenter.probe(table.source.view(request.seat), (key,)))
        text = f"Not playable: {reason}." if reason else "Not playable now."
        note = request.note
        table.set_status("\n".join(line for line in (note, text, with_keys(area.hint, self.action_keys())) if line))
        if why:
            table.notify(plain_cards(text, table.card_style), title="Why not?", markup=False)

    def act(self, action_id: str) -> None:
        area = self.table.area
        if area is None or not self.at_cards:
            return
        spec = area.action(action_id)
        if spec is not None and spec.move is not None:
            self.decide([spec.move])

    def decide(self, moves: list[Any]) -> None:
        self.table.run_worker(self._decide(moves), exclusive=True, group="decide")

    async def _decide(self, moves: list[Any]) -> None:
        """Pick among several matching moves (a 7's suit), then confirm."""
        table, request = self.table, self.request
        if request is None:
            return
        view = table.source.view(request.seat)
        move = moves[0]
        if len(moves) > 1:
            self.picker = PickerScreen(table.presenter.picker(view, moves, table.card_style), first=request.hinted)
            move = await table.app.push_screen_wait(self.picker)
            self.picker = None
            if move is None:
                return
        if await self.confirm(table.presenter.confirm_text(view, move, table.source.names)):
            request.answer(move)

    async def confirm(self, question: str) -> bool:
        """Ask under the cards: Enter (or y) makes the move, Esc (or n) goes back."""
        table = self.table
        bar = table.query_one("#confirm", Static)
        bar.update(
            Content.assemble(
                colour_suits(question, table.card_style).stylize("bold"),
                "  ",
                Content.from_markup(
                    "[@click=screen.confirm(True)][b $accent]Enter[/] yes[/]  "
                    "[@click=screen.confirm(False)][b $accent]Esc[/] no[/]"
                ),
            )
        )
        bar.display = True
        cards = table.query_one(CardRows)
        cards.locked = True
        self.confirming = asyncio.get_running_loop().create_future()
        table.refresh_bindings()
        try:
            answer = await self.confirming
        finally:
            self.confirming = None  # (on cancellation the screen is closing: leave its widgets be)
        cards.locked = False
        bar.display = False
        table.refresh_bindings()
        return answer

    def answer_question(self, yes: bool) -> None:
        if self.confirming is not None and not self.confirming.done():
            self.confirming.set_result(yes)

    # -- what to do now ------------------------------------------------------------------------
    def area_hint(self) -> str:
        """What to do now, under the cards (after an undo: what was undone first)."""
        area = self.table.area
        note = self.request.note if self.request is not None else ""
        hint = with_keys(area.hint, self.action_keys()) if area else ""
        return f"{note}\n{hint}" if note and hint else note or hint

    def action_keys(self) -> dict[str, str]:
        """Each action key's key in effect (ACTION_KEYS' key, or the settings file's keymap's), as shown."""
        from .keys import effective_keys, key_label

        app = self.table.app
        keymap = dict(getattr(app, "settings", self.table.settings).keymap)  # (what the app gave set_keymap)
        return {
            action: ", ".join(key_label(k) for k in effective_keys(Binding(key, "", id=f"table.{action}"), keymap))
            for action, key, _ in ACTION_KEYS
        }

    # -- undo and hints ------------------------------------------------------------------------
    def not_now(self, what: str) -> str | None:
        """Why ``what`` (undo or hint) cannot be done at this moment, or None."""
        if self.table.outcome is not None or self.table.source.is_over:
            return "The game is over: nothing can be undone." if what == "undo" else "The game is over: no more hints."
        if self.request is None:
            if what == "undo":
                return "Undo works on your own turn: wait until it comes (nothing was undone)."
            return "A hint is for your own turn: wait until it comes."
        if self.confirming is not None:
            return f"Answer the question first (Enter or Esc), then ask for the {what}."
        return None

    def can(self, what: str) -> bool:
        """Whether ``what`` (undo or hint) would act now: the footer offers only such keys."""
        request = self.request
        if self.not_now(what) is not None or request is None:
            return False
        if what == "undo":
            try:
                self.table.source.plan_undo(request.seat)
            except UndoRefused:
                return False
        return True

    def say(self, text: str) -> None:
        """A one-line answer where the player is looking: the prompt, or the status line."""
        if self.prompt is not None and self.prompt.is_mounted:
            self.prompt.say(text)
        else:
            self.table.set_status(text)

    def undo(self) -> None:
        """Answer the request with an undo: back to this player's own previous decision."""
        refusal, request = self.not_now("undo"), self.request
        if refusal is None and request is not None:
            try:
                plan = self.table.source.plan_undo(request.seat)
            except UndoRefused as exc:
                refusal = str(exc)
            else:
                request.undo(plan)
                return
        self.say(refusal or "Nothing to undo now.")

    def hint(self) -> None:
        """The move the normal computer player would make from this player's view, marked."""
        table, request = self.table, self.request
        refusal = self.not_now("hint")
        if refusal is not None or request is None:
            self.say(refusal or "No hint now.")
            return
        hint = table.source.hint(request.seat)
        request.hinted = hint.move
        line = hint.line(table.source.game.describe_move)
        if self.prompt is not None:
            self.prompt.show_hint(hint.move, line)
            return
        area = table.area
        if area is not None:
            keys = table.presenter.keys_for(table.source.view(request.seat), area, hint.move)
            table.query_one(CardRows).show_hint(keys)
            spec = next((a for a in area.actions if a.move == hint.move), None)
            key = self.action_keys().get(spec.action) if spec is not None else None
            if not keys and key is not None:
                line = f"{line} Press {key}."
        table.set_status(line)
