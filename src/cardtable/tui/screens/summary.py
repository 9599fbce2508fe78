"""Between rounds or hands: this round's points and the totals."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Button, Static

from ..presenters.base import Summary
from ..widgets.footer import KeysFooter
from ..widgets.size_notice import SizeNotice
from ..widgets.text_table import text_table
from . import SCREEN_CSS


class SummaryScreen(Screen[None]):
    CSS_PATH = SCREEN_CSS
    BINDINGS = [Binding("enter,space", "done", "Next round", priority=True)]

    def __init__(self, summary: Summary) -> None:
        super().__init__(classes="interlude-screen")
        self.summary = summary

    def compose(self) -> ComposeResult:
        with Vertical(classes="interlude"):
            yield Static(self.summary.title, classes="interlude-title", markup=False)
            yield Static(text_table(self.summary.headers, self.summary.rows), classes="interlude-table")
            if self.summary.note:
                yield Static(self.summary.note, classes="interlude-note", markup=False)
            yield Button("Continue", id="continue", variant="primary")
        yield KeysFooter()
        yield SizeNotice()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def action_done(self) -> None:
        self.dismiss(None)
