"""The host's "Join codes" screen: one seat's browser address at a time, as a QR code beside it.

``cardtable host`` with a seat at its keyboard opens it over the table at start (and ``j``
brings it back): a player at the table scans the code with a phone and plays in its browser.
Left and Right (or Tab) go from seat to seat, the spectators' code last; Esc or Enter closes it.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from ..tui.widgets.footer import KeysFooter
from . import qr


class JoinCodesScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    JoinCodesScreen { align: center middle; }
    JoinCodesScreen > Vertical { width: 80; max-width: 100%; height: auto; max-height: 100%; padding: 0 1; background: $panel; }
    JoinCodesScreen #code { width: auto; }
    JoinCodesScreen .line { width: 100%; }
    """
    BINDINGS = [
        Binding("right,tab", "step(1)", "Next seat", id="codes.next"),
        Binding("left,shift+tab", "step(-1)", "Previous", id="codes.previous"),
        Binding("escape,enter,j", "dismiss", "Close", id="codes.close"),
    ]

    def __init__(self, rows: list[tuple[str, str, str]]) -> None:
        """``rows``: (who, browser address, ``cardtable join`` address) per seat, spectators last."""
        super().__init__()
        self.rows = rows
        self.index = 0

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(id="title", classes="line", markup=False)
            yield Static(id="code")
            yield Static(id="address", classes="line", markup=False)
            yield Static(id="join", classes="line", markup=False)
        yield KeysFooter()

    def on_mount(self) -> None:
        self.show()

    def show(self) -> None:
        who, browser, join = self.rows[self.index]
        seat = "to watch" if who == "spectators" else f"for {who}"
        count = f"{self.index + 1}/{len(self.rows)}"
        self.query_one("#title", Static).update(f"Join code {count} {seat}: scan it with a phone's camera")
        self.query_one("#code", Static).update(qr.rich_code(browser))
        self.query_one("#address", Static).update(f"Browser: {browser}")
        self.query_one("#join", Static).update(f"Terminal: cardtable join {join}")

    def action_step(self, by: int) -> None:
        self.index = (self.index + by) % len(self.rows)
        self.show()
