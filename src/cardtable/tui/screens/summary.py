"""Between rounds or hands: this round's points and the totals."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Button, Static

from ..cardfaces import colour_suits, plain_cards, style_of
from ..presenters.base import Summary
from ..widgets.footer import KeysFooter
from ..widgets.size_notice import SizeNotice
from ..widgets.text_table import text_table
from . import SCREEN_CSS


class SummaryScreen(Screen[None]):
    """``final``: the last round or hand of the game; the final ranking comes next."""

    CSS_PATH = SCREEN_CSS
    BINDINGS = [
        Binding("enter,space", "done", "Next round", priority=True),
        Binding("enter,space", "done_final", "Final ranking", priority=True),
    ]

    def __init__(self, summary: Summary, final: bool = False) -> None:
        super().__init__(classes="interlude-screen")
        self.summary = summary
        self.final = final

    @property
    def button_label(self) -> str:
        return "Final ranking" if self.final else "Next round"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("done", "done_final"):
            return (action == "done_final") == self.final  # the footer says what comes next
        return True

    def compose(self) -> ComposeResult:
        with Vertical(classes="interlude"):
            style = style_of(self.app)
            yield Static(plain_cards(self.summary.title, style), classes="interlude-title", markup=False)
            rows = [[plain_cards(cell, style) for cell in row] for row in self.summary.rows]
            yield Static(text_table(self.summary.headers, rows), classes="interlude-table")
            if self.summary.note:
                yield Static(colour_suits(self.summary.note, style), classes="interlude-note")
            yield Button(self.button_label, id="continue", variant="primary")
        yield KeysFooter()
        yield SizeNotice()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def action_done(self) -> None:
        self.dismiss(None)

    def action_done_final(self) -> None:
        self.dismiss(None)
