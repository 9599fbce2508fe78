"""Several legal moves match what was chosen: pick one (a 7's suit, a card to swap)."""

from __future__ import annotations

from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..cardfaces import colour_suits, style_of
from ..presenters.base import Picker
from ..widgets.footer import KeysFooter
from ..widgets.size_notice import SizeNotice
from . import SCREEN_CSS, once_built


class PickerScreen(ModalScreen[Any]):
    """Dismisses with the chosen move, or ``None`` when cancelled."""

    CSS_PATH = SCREEN_CSS

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="picker.cancel", tooltip="Close the list without choosing"),
        Binding("f1", "app.rules", "Rules", id="app.rules", tooltip="The rules of the game"),
    ]

    def __init__(self, picker: Picker, first: Any = None) -> None:
        """``first``: the move highlighted at the start (a hint's), else the first choice."""
        super().__init__(classes="dialog-screen")
        self.picker = picker
        self.first = next((i for i, choice in enumerate(picker.choices) if choice.move == first), 0)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(colour_suits(self.picker.title, style_of(self.app)), classes="dialog-title")
            yield OptionList(
                *(Option(choice.label, id=str(i)) for i, choice in enumerate(self.picker.choices)),
                id="choices",
            )
            keys = [c.key for c in self.picker.choices if c.key]
            if keys:
                yield Static(f"Arrows and Enter, or press {', '.join(keys)}.", classes="dialog-detail")
        yield KeysFooter()
        yield SizeNotice()

    @once_built
    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        options.highlighted = self.first
        options.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.picker.choices[int(event.option.id or 0)].move)

    def on_key(self, event: events.Key) -> None:
        for choice in self.picker.choices:
            if choice.key and event.character and event.character.lower() == choice.key.lower():
                event.stop()
                self.dismiss(choice.move)
                return

    def action_cancel(self) -> None:
        self.dismiss(None)
