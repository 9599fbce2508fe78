"""A yes/no question: confirm a move, or leave a game."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ..widgets.footer import KeysFooter
from ..widgets.size_notice import SizeNotice
from . import SCREEN_CSS, once_built


class ConfirmScreen(ModalScreen[bool]):
    CSS_PATH = SCREEN_CSS
    BINDINGS = [
        Binding("f1", "app.rules", "Rules", id="app.rules", tooltip="The rules of the game"),
        Binding("y", "answer(True)", "Yes", show=False, id="confirm.yes"),
        Binding("escape,n", "answer(False)", "No", id="confirm.no"),
    ]

    def __init__(self, question: str | Content, yes: str = "Yes", no: str = "No", detail: str = "") -> None:
        super().__init__(classes="dialog-screen")
        self.question = question
        self.yes = yes
        self.no = no
        self.detail = detail

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question, classes="dialog-title", markup=False)
            if self.detail:
                yield Static(self.detail, classes="dialog-detail", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button(f"{self.yes} (Enter)", id="yes", variant="primary")
                yield Button(f"{self.no} (Esc)", id="no")
        yield KeysFooter()
        yield SizeNotice()

    @once_built
    def on_mount(self) -> None:
        self.query_one("#yes", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
