"""A text field of a form whose keys take effect in the order they were typed.

Textual's ``Input`` (8.2.8) inserts a typed letter as soon as the key reaches it, but
runs a bound key (Backspace, End, ←) only once the key has gone up to the app and
the app has looked up the bindings: keys that arrive together (a browser's, a fast
typist's, a paste of keys) are then applied out of order. End, five Backspaces and
"Ann" at once gave "nn": the letters went in before the last Backspaces ran
(Textual issue #6605). :class:`FieldInput` runs its own bindings as the key reaches
it, so each key is applied before the next. Keys it does not bind (Tab, Esc, Ctrl+S)
go up as before.

Ctrl+A selects the whole text (Textual binds it to Home, as in a shell).
"""

from __future__ import annotations

from textual import events
from textual.binding import Binding
from textual.widgets import Input


class FieldInput(Input):
    BINDINGS = [Binding("ctrl+a", "select_all", "Select all", show=False, id="field.select_all")]

    async def _on_key(self, event: events.Key) -> None:
        chain = self.screen._modal_binding_chain  # (with the keymap applied; this field comes first)
        if not chain or chain[0][0] is not self:
            return
        for binding in chain[0][1].key_to_bindings.get(event.key, ()):
            if not binding.priority and await self.app.run_action(binding.action, self):
                event.stop()
                event.prevent_default()  # (Input's own handler has nothing left to do)
                self._restart_blink()
                return
