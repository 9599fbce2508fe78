"""Interludes between moves: a title, perhaps a table and a note, one button to go on.

One screen, :class:`InterludeScreen`; what it shows comes from :meth:`~InterludeScreen.content`.
:class:`RevealScreen` shows simultaneous secret choices to everyone at once;
:class:`SummaryScreen` a round's or hand's points and the totals between rounds.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Static

from ..cardfaces import CardStyle, colour_suits, plain_cards, style_of
from ..presenters.base import Reveal, Summary
from ..widgets.footer import KeysFooter
from ..widgets.size_notice import SizeNotice
from ..widgets.text_table import text_table
from . import SCREEN_CSS

#: The buttons an interlude may end with; Enter and Space press it, and the footer names it.
BUTTON_LABELS = ("Continue", "Next round", "Next hand", "Final ranking")


class InterludeScreen(Screen[None]):
    CSS_PATH = SCREEN_CSS
    BINDINGS = [
        Binding(
            "enter,space",
            f"done({label!r})",
            label,
            priority=True,
            id="interlude.continue",
            tooltip="Go on (the button: Continue, Next round or hand, Final ranking)",
        )
        for label in BUTTON_LABELS
    ]

    #: The label of this interlude's button (one of :data:`BUTTON_LABELS`).
    button_label = "Continue"

    def __init__(self) -> None:
        super().__init__(classes="interlude-screen")

    def content(self, style: CardStyle) -> tuple[Content, Content | None, Content | None]:
        """The title, the table (or None) and the note (or None)."""
        raise NotImplementedError

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "done":
            return parameters == (self.button_label,)  # the footer says what comes next
        return True

    def compose(self) -> ComposeResult:
        title, table, note = self.content(style_of(self.app))
        with Vertical(classes="interlude"):
            yield Static(title, classes="interlude-title")
            if table is not None:
                yield Static(table, classes="interlude-table")
            if note is not None:
                yield Static(note, classes="interlude-note")
            yield Button(self.button_label, id="continue", variant="primary")
        yield KeysFooter()
        yield SizeNotice()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def action_done(self, label: str) -> None:
        self.dismiss(None)


def _figure(cell: str) -> bool:
    return cell.lstrip("-").isdigit() or cell in ("", "–", "—")


class RevealScreen(InterludeScreen):
    """Simultaneous secret choices, shown to everyone at once."""

    def __init__(self, reveal: Reveal) -> None:
        super().__init__()
        self.reveal = reveal
        if reveal.over_table:  # (the table shows through, above the box: see dialogs.tcss)
            self.add_class("-over-table")

    def content(self, style: CardStyle) -> tuple[Content, Content | None, Content | None]:
        rows = [[plain_cards(cell, style) for cell in row] for row in self.reveal.rows]
        table = text_table(("Player", "Chose"), rows, align="ll") if rows else None
        note = colour_suits(self.reveal.note, style) if self.reveal.note else None
        return colour_suits(self.reveal.title, style), table, note


class SummaryScreen(InterludeScreen):
    """Between rounds or hands. ``final``: the last of the game; the final ranking comes next."""

    def __init__(self, summary: Summary, final: bool = False) -> None:
        super().__init__()
        self.summary = summary
        self.final = final

    @property
    def button_label(self) -> str:  # type: ignore[override]
        return "Final ranking" if self.final else self.summary.next

    def content(self, style: CardStyle) -> tuple[Content, Content | None, Content | None]:
        # (card faces in their suits' colours; a figure stays a plain cell, aligned right)
        rows = [[plain_cards(cell, style) if _figure(cell) else colour_suits(cell, style) for cell in row]
                for row in self.summary.rows]  # fmt: skip
        note = colour_suits(self.summary.note, style) if self.summary.note else None
        return Content(plain_cards(self.summary.title, style)), text_table(self.summary.headers, rows), note
