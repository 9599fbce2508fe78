"""The footer: the keys that work now, on one line.

Textual's own footer builds a widget per key and rebuilds them all whenever
bindings may have changed, which at the table is after nearly every key press.
This one draws the same information (keys that apply now; keys shown but not
usable now are dimmed) as a single line of text, redrawn only when it
changes. A screen's ``footer_hides(action)`` may leave out keys that answer but
would not act now (the table's Undo with nothing to take back). Clicking a key presses it. Every screen uses this footer (styled
in styles/app.tcss), so the keys look the same everywhere.

When the keys do not fit the width, the app's own keys (quit, rules, the
palette) go first, from the end, then the screen's, from the end; ``? Keys``
always stays, since its screen lists every key.
"""

from __future__ import annotations

from textual import events
from textual.content import Content
from textual.screen import Screen
from textual.style import Style
from textual.widget import Widget

PALETTE_ACTIONS = {"command_palette", "app.command_palette"}
KEYS_ACTIONS = {"keys", "app.keys"}  # the key that lists all the others: never dropped


class KeysFooter(Widget):
    def __init__(self) -> None:
        super().__init__()
        self._shown: tuple = ()

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self.call_after_refresh(self._bindings_changed, self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _signature(self, screen: Screen) -> tuple:
        seen: set[str] = set()
        keys = []
        palette = None
        hides = getattr(screen, "footer_hides", None)  # (keys that answer but would not act now)
        for key, (node, binding, enabled, _tooltip) in screen.active_bindings.items():
            if binding.action in PALETTE_ACTIONS and self.app.ENABLE_COMMAND_PALETTE:  # (last, whatever its key)
                palette = (key, self.app.get_key_display(binding), "palette", enabled, 0)
                continue
            if not binding.show or binding.action in seen or (hides is not None and hides(binding.action)):
                continue
            seen.add(binding.action)
            # What goes first when the line is too narrow: 0 the app's keys, 1 the screen's, 2 never.
            keep = 2 if binding.action in KEYS_ACTIONS else (0 if node is self.app else 1)
            keys.append((key, self.app.get_key_display(binding), binding.description, enabled, keep))
        return tuple(keys) + ((palette,) if palette else ())

    def _fitted(self, width: int) -> list[tuple]:
        """The shown keys that fit in ``width`` cells, in their order."""
        shown = list(self._shown)
        cells = sum(self._cells(item) for item in shown)
        for rank in (0, 1):
            for item in reversed(list(shown)):
                if cells <= width:
                    return shown
                if item[4] == rank:
                    shown.remove(item)
                    cells -= self._cells(item)
        return shown

    @staticmethod
    def _cells(item: tuple) -> int:
        _key, display, label, _enabled, _keep = item
        return Content(f" {display} {label} ").cell_length

    def _bindings_changed(self, screen: Screen) -> None:
        if not self.is_attached or screen is not self.screen:
            return
        signature = self._signature(screen)
        if signature != self._shown:
            self._shown = signature
            self.refresh()

    def render(self) -> Content:
        parts: list[Content | str] = []
        for key, display, label, enabled, _keep in self._fitted(self.size.width):
            key_style = "bold $footer-key-foreground" if enabled else "$footer-foreground 50%"
            text_style = "" if enabled else "$footer-foreground 50%"
            item = Content.assemble((f" {display} ", key_style), (label, text_style), " ")
            parts.append(item.stylize(Style.from_meta({"key": key})) if enabled else item)
        return Content.assemble(*parts)

    def on_click(self, event: events.Click) -> None:
        key = event.style.meta.get("key")
        if key:
            event.stop()
            self.app.simulate_key(key)
