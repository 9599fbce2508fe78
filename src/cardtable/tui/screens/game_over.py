"""The final ranking, with the reason for each place; play again or go back to the menu."""

from __future__ import annotations

import re
from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Static

from ...core.engine import Outcome
from ..cardfaces import colour_suits, style_of
from ..widgets.footer import KeysFooter
from ..widgets.size_notice import SizeNotice
from ..widgets.text_table import text_table
from . import SCREEN_CSS, once_built


def with_names(text: str, names: Sequence[str]) -> str:
    """The engine's reasons say "seat 2"; the table says the player's name."""

    def name(match: re.Match) -> str:
        index = int(match.group(1)) - 1
        return names[index] if 0 <= index < len(names) else match.group(0)

    text = re.sub(r"\b[Ss]eat (\d+)\b", name, text)
    return re.sub(r"\b1 (point|level|card)s\b", r"1 \1", text)  # "with 1 points"


def ranking_rows(outcome: Outcome, names: Sequence[str]) -> list[tuple[str, str, str]]:
    order = sorted(range(len(names)), key=lambda seat: (outcome.places[seat], seat))
    return [(str(outcome.places[seat]), names[seat], str(outcome.points[seat])) for seat in order]


def winners_line(outcome: Outcome, names: Sequence[str]) -> str:
    winners = [names[seat] for seat in outcome.winners()]
    if not winners:
        return "Nobody wins."
    if len(winners) == 1:
        return f"{winners[0]} wins!"
    return f"{', '.join(winners[:-1])} and {winners[-1]} share the win!"


def seed_note(seed: int) -> str:
    """The seed, told once the game is over (never before: it deals the hidden cards too)."""
    return f"Dealt from seed {seed}: the same seed deals this game again."


class GameOverScreen(Screen[str]):
    """Dismisses with "again", "menu" or "table" (the final table and log stay in view;
    the table's ``o`` brings this back)."""

    CSS_PATH = SCREEN_CSS

    BINDINGS = [
        Binding("a", "choose('again')", "Play again", id="game_over.again", tooltip="Play again, same seats"),
        Binding("m,escape", "choose('menu')", "Menu", id="game_over.menu", tooltip="Back to the menu"),
        Binding(
            "t",
            "choose('table')",
            "Table",
            id="game_over.table",
            tooltip="Look at the final table and log (o shows the ranking again)",
        ),
    ]

    def __init__(self, game_name: str, outcome: Outcome, names: Sequence[str], seed: int | None = None) -> None:
        super().__init__(classes="interlude-screen")
        self.game_name = game_name
        self.outcome = outcome
        self.names = list(names)
        self.seed = seed

    def compose(self) -> ComposeResult:
        outcome, names = self.outcome, self.names
        order = sorted(range(len(names)), key=lambda seat: (outcome.places[seat], seat))
        with VerticalScroll(classes="interlude", id="game-over"):
            yield Static(f"{self.game_name}: game over", classes="interlude-title", markup=False)
            yield Static(winners_line(outcome, names), id="winners", markup=False)
            yield Static(
                text_table(
                    ("Place", "Player", "Points"),
                    ranking_rows(outcome, names),
                    align="rlr",
                    highlight=[i for i, seat in enumerate(order) if seat in outcome.winners()],
                ),
                classes="interlude-table",
            )
            if outcome.reasons or self.seed is not None:
                with Vertical(id="reasons"):
                    for seat in order:
                        if outcome.reasons and outcome.reasons[seat]:
                            reason = f"{names[seat]}: {with_names(outcome.reasons[seat], names)}"
                            yield Static(colour_suits(reason, style_of(self.app)), classes="reason")
                    if self.seed is not None:
                        yield Static(seed_note(self.seed), id="seed", classes="reason")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Play again (a)", id="again", variant="primary")
                yield Button("Menu (m)", id="menu")
                yield Button("Table (t)", id="table")
        yield KeysFooter()
        yield SizeNotice()

    @once_built
    def on_mount(self) -> None:
        self.query_one("#again", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id or "menu")

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)
