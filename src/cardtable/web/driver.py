"""The app's driver in a browser tab: Textual's web driver, with a prompt Esc.

A terminal cannot tell Esc from the start of a key's sequence (Esc [ A is ↑) but by
waiting: Textual waits ``ESCDELAY`` ms (100) for more, then notices the wait is
over only when its input thread next wakes (every 0.1 s): Esc took 115-140 ms to
reach the app, other keys 10-30 ms. In a browser every key's sequence comes whole,
in one websocket message that the server writes to the app in one packet, so
nothing is gained by waiting: the server starts the app with :data:`ESC_DELAY_MS`
and this driver, whose input thread wakes every :data:`INPUT_POLL` seconds.
"""

from __future__ import annotations

from typing import Any

from textual.drivers.web_driver import WebDriver

#: What the server sets ``ESCDELAY`` to for the app (ms).
ESC_DELAY_MS = 5
#: Seconds the input thread waits for input before it checks the Esc wait again.
INPUT_POLL = 0.01
#: ``TEXTUAL_DRIVER`` for the app processes the server starts.
DRIVER = "cardtable.web.driver:BrowserDriver"


class BrowserDriver(WebDriver):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._input_reader.timeout = INPUT_POLL
