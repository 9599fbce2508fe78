"""The new-game screen: players, each seat's name and kind, the game's options, a seed.

Every field is checked as it changes; problems are shown under the field and
the game cannot start until there are none. The form needs the game's
description and its options only: its engine is imported when the game starts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import ValidationError
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Input, Select, Static

from ...core.names import MAX_NAME, check_names
from ..setup import DEFAULT_COMPUTER, GameSetup, default_name, options_model, seat_choices
from ..widgets.field_input import FieldInput
from ..widgets.footer import KeysFooter
from ..widgets.options_form import OptionsForm, show_error
from ..widgets.size_notice import SizeNotice
from . import SCREEN_CSS, once_built, size_classes

if TYPE_CHECKING:
    from ...core.engine import Game
    from ...games.info import GameInfo


def check_seed(text: str) -> str | None:
    text = text.strip()
    if text and not (text.isdigit() and len(text) <= 18):
        return "A seed is a whole number (or leave it empty for a random game)."
    return None


class NewGameScreen(Screen[GameSetup | None]):
    """Dismisses with a :class:`GameSetup`, or ``None`` to go back."""

    CSS_PATH = SCREEN_CSS
    # The players' count first (Textual's own choice would be the scrolling form:
    # focusing it, then the count, restyles the whole form twice).
    AUTO_FOCUS = "#players"

    BINDINGS = [
        Binding("ctrl+s", "start", "Start", id="new_game.start", tooltip="Start the game"),
        Binding("escape", "back", "Back", id="new_game.back", tooltip="Back to the menu"),
    ]

    def __init__(self, game: GameInfo | Game, previous: GameSetup | None = None) -> None:
        """``game``: its description (``games.GAME_INFO``; its engine is not needed) or its engine."""
        super().__init__(classes=f"new-game-screen {size_classes()}")
        self.game = game
        self.options_model = getattr(game, "Options", None) or options_model(game.id)
        self.previous = previous if previous is not None and previous.game_id == game.id else None
        self.seat_choices = seat_choices(game.id)  # the levels this game offers
        self.errors: dict[str, str] = {}
        self._check_pending = False

    @property
    def game_id(self) -> str:
        return self.game.id

    def compose(self) -> ComposeResult:
        game, previous = self.game, self.previous
        count = len(previous.seats) if previous else game.min_players
        with Vertical(id="new-game"):
            yield Static(f"New game: {game.name}", id="new-game-title")
            with VerticalScroll(id="new-game-form"):
                with Horizontal(classes="field-line"):
                    yield Static("Players", classes="field-label")
                    yield Select(
                        [(str(n), n) for n in range(game.min_players, game.max_players + 1)],
                        value=count,
                        allow_blank=False,
                        id="players",
                        compact=True,
                    )
                    yield Static(f"{game.min_players} to {game.max_players}", classes="field-help")
                for seat in range(count):  # more seats are added when the count goes up
                    yield self._seat_line(seat)
                yield Static("Options", classes="section-title")
                values = (
                    dict(previous.options)
                    if previous and isinstance(previous.options, dict)
                    else (previous.options.model_dump() if previous and previous.options is not None else None)
                )
                yield OptionsForm(self.options_model, values, id="options")
                with Horizontal(classes="field-line"):
                    yield Static("Seed", classes="field-label")
                    yield FieldInput(
                        "" if not previous or previous.seed is None else str(previous.seed),
                        placeholder="random",
                        id="seed",
                        restrict=r"\d*",
                        compact=True,
                    )
                    yield Static("the same seed deals the same game", classes="field-help")
                yield Static("", classes="field-error", id="error-seed")
            yield Static("", id="form-problems")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Start (Ctrl+S)", id="start", variant="primary")
                yield Button("Back (Esc)", id="back")
        yield KeysFooter()
        yield SizeNotice()

    def _seat_line(self, seat: int) -> Horizontal:
        previous = self.previous
        known = previous.seats[seat] if previous and seat < len(previous.seats) else None
        kind = known.kind if known else ("human" if seat == 0 else DEFAULT_COMPUTER)
        if kind not in {k for _, k in self.seat_choices}:
            kind = DEFAULT_COMPUTER
        return Horizontal(
            Static(f"{seat + 1}", classes="seat-number"),
            FieldInput(
                known.name if known else default_name(seat), id=f"name-{seat}", max_length=MAX_NAME + 4, compact=True
            ),
            Select(list(self.seat_choices), value=kind, allow_blank=False, id=f"kind-{seat}", compact=True),
            Static("", classes="field-error", id=f"error-name-{seat}"),
            classes="seat-line",
            id=f"seat-{seat}",
        )

    def _seat_lines(self) -> list[Horizontal]:
        return list(self.query(".seat-line").results(Horizontal))

    @once_built
    def on_mount(self) -> None:
        self.validate()

    # -- reading and checking ------------------------------------------------------------
    @property
    def players(self) -> int:
        value = self.query_one("#players", Select).value
        return int(value) if isinstance(value, int) else self.game.min_players

    def names(self) -> list[str]:
        return [self.query_one(f"#name-{s}", Input).value.strip() for s in range(self.players)]

    def kinds(self) -> list[str]:
        return [str(self.query_one(f"#kind-{s}", Select).value) for s in range(self.players)]

    def options(self) -> dict[str, Any]:
        return self.query_one(OptionsForm).values()

    def validate(self) -> bool:
        if not self._seats_built():  # (seats being added: checked once they are)
            return False
        errors: dict[str, str] = {}
        for seat, text in check_names(self.names()).items():
            errors[f"name-{seat}"] = text
        option_errors: dict[str, str] = {}
        try:
            self.options_model.model_validate(self.options())
        except ValidationError as exc:
            for err in exc.errors():
                key = str(err["loc"][0]) if err["loc"] else "options"
                option_errors.setdefault(key, err["msg"])
        seed_error = check_seed(self.query_one("#seed", Input).value)
        if seed_error:
            errors["seed"] = seed_error
        for seat in range(len(self._seat_lines())):
            show_error(self.query_one(f"#error-name-{seat}", Static), errors.get(f"name-{seat}", ""))
        self.query_one(OptionsForm).show_errors(option_errors)
        show_error(self.query_one("#error-seed", Static), errors.get("seed", ""))
        errors.update({f"opt-{k}": v for k, v in option_errors.items()})
        self.errors = errors
        problems = len(errors)
        show_error(
            self.query_one("#form-problems", Static),
            "" if not problems else f"{problems} problem{'s' if problems > 1 else ''} to fix before starting.",
        )
        self.query_one("#start", Button).disabled = bool(problems)
        return not problems

    def _seats_built(self) -> bool:
        return len(self.query(".seat-line Input")) >= self.players

    async def _show_seats(self) -> None:
        lines = self._seat_lines()
        if len(lines) < self.players:  # the new lines go after the last one
            await self.query_one("#new-game-form").mount_all(
                [self._seat_line(seat) for seat in range(len(lines), self.players)], after=lines[-1]
            )
            lines = self._seat_lines()
        for seat, line in enumerate(lines):
            line.display = seat < self.players

    # -- events ---------------------------------------------------------------------------
    @on(Select.Changed, "#players")
    async def players_changed(self) -> None:
        await self._show_seats()
        self.validate()

    @on(Input.Changed)
    @on(Checkbox.Changed)
    @on(Select.Changed)
    def field_changed(self) -> None:
        """Checked once the messages of this change are handled (the fields all send
        one as the form is built: one check for them all)."""
        if self.is_mounted and not self._check_pending:
            self._check_pending = True
            self.call_after_refresh(self._check_soon)

    def _check_soon(self) -> None:
        self._check_pending = False
        self.validate()

    @on(Input.Submitted)
    def input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "start":
            self.action_start()
        else:
            self.action_back()

    def action_start(self) -> None:
        if not self.validate():
            self.notify("Fix the problems shown in red first.", severity="warning")
            return
        from ...session import Seat

        seats = tuple(Seat(name, kind) for name, kind in zip(self.names(), self.kinds(), strict=True))
        seed_text = self.query_one("#seed", Input).value.strip()
        self.dismiss(GameSetup(self.game.id, seats, self.options(), int(seed_text) if seed_text else None))

    def action_back(self) -> None:
        self.dismiss(None)
