"""The cardtable Textual app (a first minimal screen; the table issue builds it out)."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Footer, Header, Static


class CardtableApp(App):
    TITLE = "cardtable"
    BINDINGS = [("ctrl+q", "quit", "Quit")]

    def __init__(self, start: dict | None = None) -> None:
        super().__init__()
        self.start = start

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("Welcome to cardtable: One Too Many, One-Card and Shed.", id="welcome")
        yield Footer()
