"""Simultaneous secret choices, shown to everyone at once."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Button, Static

from ..presenters.base import Reveal
from ..widgets.footer import KeysFooter
from ..widgets.size_notice import SizeNotice
from ..widgets.text_table import text_table
from . import SCREEN_CSS


class RevealScreen(Screen[None]):
    CSS_PATH = SCREEN_CSS
    BINDINGS = [Binding("enter,space", "done", "Continue", priority=True)]

    def __init__(self, reveal: Reveal) -> None:
        super().__init__(classes="interlude-screen")
        self.reveal = reveal

    def compose(self) -> ComposeResult:
        with Vertical(classes="interlude"):
            yield Static(self.reveal.title, classes="interlude-title", markup=False)
            yield Static(text_table(("Player", "Chose"), self.reveal.rows, align="ll"), classes="interlude-table")
            if self.reveal.note:
                yield Static(self.reveal.note, classes="interlude-note", markup=False)
            yield Button("Continue", id="continue", variant="primary")
        yield KeysFooter()
        yield SizeNotice()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def action_done(self) -> None:
        self.dismiss(None)
