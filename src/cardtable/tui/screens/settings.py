"""Settings: theme, card style, four-colour deck, computer speed, curtain mode.

The theme is previewed as it is chosen. Save (Ctrl+S) writes the settings file
and dismisses with the new :class:`~cardtable.storage.settings.Settings`;
Cancel (Esc) puts the theme back and dismisses with ``None``. If the settings
file was broken, the screen says so: the defaults are shown, and the file is
only replaced when these settings are saved.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Label, Select, Static, Switch

from ...storage.settings import Settings, save_settings, theme_names
from ..settings import CURTAIN_LABELS, SPEED_LABELS
from ..widgets.footer import KeysFooter
from ..widgets.size_notice import SizeNotice
from . import SCREEN_CSS, once_built

CARD_STYLES = [("Unicode suits (10♥ A♠)", "unicode"), ("ASCII only (10H AS)", "ascii")]
SPEED_CHOICES = [(label, speed) for speed, label in SPEED_LABELS.items()]
CURTAIN_CHOICES = [(label, mode) for mode, label in CURTAIN_LABELS.items()]


class SettingsScreen(Screen["Settings | None"]):
    CSS_PATH = SCREEN_CSS
    BINDINGS = [
        Binding("ctrl+s", "save", "Save", priority=True, id="settings.save", tooltip="Save the settings"),
        Binding(
            "escape", "cancel", "Cancel", id="settings.cancel", tooltip="Leave without saving (the theme goes back)"
        ),
    ]

    def __init__(self, settings: Settings | None = None, notice: str | None = None, path=None) -> None:
        super().__init__(classes="settings-screen")
        self.initial = settings or Settings()
        self.notice = notice
        self.path = path
        self._theme_before: str | None = None

    def compose(self) -> ComposeResult:
        s = self.initial
        with VerticalScroll(id="settings"):
            yield Static("Settings", id="settings-title")
            yield Static(Content(self.notice or ""), id="settings-notice")
            with Horizontal(classes="setting"):
                yield Label("Theme")
                yield Select(
                    [(name, name) for name in theme_names()], value=s.theme, allow_blank=False, compact=True, id="theme"
                )
            with Horizontal(classes="setting"):
                yield Label("Cards")
                yield Select(CARD_STYLES, value=s.card_style, allow_blank=False, compact=True, id="card_style")
            with Horizontal(classes="setting"):
                yield Label("Four-colour deck")
                yield Switch(value=s.four_colour, id="four_colour")
            with Horizontal(classes="setting"):
                yield Label("Computer speed")
                yield Select(
                    SPEED_CHOICES, value=s.computer_speed, allow_blank=False, compact=True, id="computer_speed"
                )
            with Horizontal(classes="setting"):
                yield Label("Curtain")
                yield Select(CURTAIN_CHOICES, value=s.curtain, allow_blank=False, compact=True, id="curtain")
            with Horizontal(id="settings-buttons"):
                yield Button("Save (Ctrl+S)", id="save", variant="primary")
                yield Button("Cancel (Esc)", id="cancel")
        yield KeysFooter()
        yield SizeNotice()

    @once_built
    def on_mount(self) -> None:
        self._theme_before = self.app.theme
        self.query_one("#settings-notice").display = bool(self.notice)
        self.query_one("#theme", Select).focus()

    @property
    def chosen(self) -> Settings:
        """The settings as the form shows them now."""
        return Settings(
            theme=self._selected("#theme"),
            card_style=self._selected("#card_style"),
            four_colour=self.query_one("#four_colour", Switch).value,
            computer_speed=self._selected("#computer_speed"),
            curtain=self._selected("#curtain"),
            keymap=self.initial.keymap,  # (not on this screen: the file's, kept)
        )

    def _selected(self, selector: str) -> Any:
        """The value of a select of the form (none may be blank; Settings checks each value)."""
        return self.query_one(selector, Select).value

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "theme" and isinstance(event.value, str):
            self.app.theme = event.value  # a preview; Cancel puts it back

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "save":
            self.action_save()
        else:
            self.action_cancel()

    def action_save(self) -> None:
        settings = self.chosen
        try:
            save_settings(settings, self.path)
        except OSError as exc:
            self.notify(f"Could not save the settings: {exc.strerror or exc}", severity="error", markup=False)
            return
        self.notify("Settings saved.")
        self.dismiss(settings)

    def action_cancel(self) -> None:
        if self._theme_before is not None:
            self.app.theme = self._theme_before
        self.dismiss(None)
