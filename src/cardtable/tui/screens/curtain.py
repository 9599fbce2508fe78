"""The hand-off curtain: the whole screen says "Pass to <name>" and waits for
that player. Under it, what happened since their last turn (public events only),
oldest first in a box as tall as the screen allows, scrolled to its end: the newest
events are in sight without a key (↑ ↓ PgUp PgDn scroll back)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Static

from ..cardfaces import CardStyle, colour_suits
from ..widgets.footer import KeysFooter
from ..widgets.size_notice import SizeNotice
from . import SCREEN_CSS, once_built


class CurtainScreen(Screen[None]):
    CSS_PATH = SCREEN_CSS
    BINDINGS = [
        Binding(
            "enter",
            "ready",
            "I have the keyboard",
            priority=True,
            id="curtain.ready",
            tooltip="I have the keyboard: show my cards",
        ),
        Binding("escape", "menu", "Menu", id="curtain.menu", tooltip="Back to the menu (the game is saved)"),
        Binding("up", "scroll_recap(-1)", "Earlier", show=False, id="curtain.up", tooltip="Scroll the recap"),
        Binding("down", "scroll_recap(1)", "Later", show=False, id="curtain.down", tooltip="Scroll the recap"),
        Binding("pageup", "scroll_recap(-10)", show=False, id="curtain.page_up", tooltip="Scroll the recap"),
        Binding("pagedown", "scroll_recap(10)", show=False, id="curtain.page_down", tooltip="Scroll the recap"),
    ]

    #: The rows the curtain keeps for its title, help, button and footer (the recap has the rest).
    AROUND_RECAP = 13

    def __init__(
        self, name: str, recap: list[str], style: CardStyle = CardStyle(), delay: float = 0.0, title: str | None = None
    ) -> None:
        super().__init__(classes="curtain-screen")
        self.player_name = name
        self.recap = recap
        self.recap_title = title  # over the lines instead of "Since your last turn" (an undo's question)
        self.card_style = style
        # keys are ignored for a moment, so a double Enter from the last player lifts nothing
        self.delay = delay
        self.armed = delay <= 0

    def compose(self) -> ComposeResult:
        with Vertical(id="curtain"):
            yield Static(f"Pass to {self.player_name}", id="curtain-title", markup=False)
            yield Static(
                f"Only {self.player_name} should look now. {self.player_name}: press Enter.",
                id="curtain-help",
                markup=False,
            )
            yield Button(Content(f"I am {self.player_name}"), id="ready", variant="primary")
            with VerticalScroll(id="recap"):
                title = self.recap_title or ("Since your last turn" if self.recap else "Nothing has happened yet.")
                yield Static(title, classes="recap-title", markup=False)
                for line in self.recap:
                    yield Static(colour_suits(line, self.card_style), classes="recap-line")
        yield KeysFooter()
        yield SizeNotice()

    @once_built
    def on_mount(self) -> None:
        if not self.armed:
            self.set_timer(self.delay, self._arm)
        self._fit_recap()

    def on_resize(self) -> None:
        self._fit_recap()

    def _fit_recap(self) -> None:
        """The recap box takes the height the screen has left, and shows its newest lines."""
        recap = self.query_one("#recap", VerticalScroll)
        recap.styles.max_height = max(4, self.size.height - self.AROUND_RECAP)
        self.call_after_refresh(recap.scroll_end, animate=False, immediate=True)

    def action_scroll_recap(self, lines: int) -> None:
        self.query_one("#recap", VerticalScroll).scroll_relative(y=lines, animate=False)

    def _arm(self) -> None:
        self.armed = True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_ready()

    def action_menu(self) -> None:
        """Back to the menu (asks first; the game is saved)."""
        leave = getattr(self.app, "leave_table", None)
        if leave is not None:
            leave()

    def action_ready(self) -> None:
        if self.armed:
            self.dismiss(None)
