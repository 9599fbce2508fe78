"""Players for the browser seats' test: a screen (a Chromium page's, or a terminal's that runs
``cardtable join`` in a pty), keys pressed on it, and the hint-led player that plays a seat.

The host runs in this process (:class:`HostThread`), so a test knows whose turn it is (the
hub's open question per seat) and what each seat may see (the host's state); the players
press only keys, and read only the screen.
"""

from __future__ import annotations

import asyncio
import fcntl
import json
import os
import re
import struct
import subprocess
import sys
import termios
import threading
import time

import pyte

from cardtable.net.codec import event_to_json
from cardtable.tui.cardfaces import face

#: A hint whose move is a key, not a card ("... Press d.").
PRESS = re.compile(r"Press (\w)\.")
CARD = re.compile(r'"((?:10|[2-9JQKA])[SHDC](?:#\d+)?|[BR]J(?:#\d+)?)"')


class HostThread:
    """A hosted table in its own thread's event loop, played headless to its end."""

    def __init__(self, make) -> None:
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.done = threading.Event()
        self.error: BaseException | None = None
        self.table = None
        self._make = make
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        assert self.ready.wait(30), "the host did not start"
        if self.error:
            raise self.error

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_until_complete(self._main())

    async def _main(self) -> None:
        try:
            self.table = self._make()
            await self.table.start(0)
        except BaseException as exc:  # (told to the test)
            self.error = exc
            self.ready.set()
            return
        self.ready.set()
        try:
            await self.table.run_headless()
        except BaseException as exc:
            self.error = exc
        finally:
            self.done.set()
            self._closing = asyncio.Event()
            await self._closing.wait()
            await self.table.close()

    def close(self) -> None:
        if self.done.is_set() and hasattr(self, "_closing"):
            self.loop.call_soon_threadsafe(self._closing.set)
        else:
            for task in asyncio.all_tasks(self.loop):
                self.loop.call_soon_threadsafe(task.cancel)
        self.thread.join(30)

    def pending(self, seat: int):
        found = self.table.hub.pending.get(seat)
        return found.id if found is not None else None


def forbidden_labels(session, seat: int) -> set[str]:
    """The faces of the cards hidden from ``seat`` that it cannot have seen anywhere: not in a
    zone it sees (another deck's card of that face), nor in an event it was told."""
    game, state = session.game, session.state
    zones = game.zones(state)
    hidden_names = set(game.hidden_zones(state, seat))
    hidden = {face(c) for name in hidden_names for c in zones[name]}
    seen = {face(c) for name, cards in zones.items() if name not in hidden_names for c in cards}
    by_code = {c.code: face(c) for cards in zones.values() for c in cards}
    told = json.dumps([event_to_json(e) for e in session.events if e.visible(seat)])
    seen |= {by_code[code] for code in CARD.findall(told) if code in by_code}
    return hidden - seen


class PtyScreen:
    """``cardtable join ADDRESS`` in a pseudo-terminal, its screen kept by pyte."""

    def __init__(self, address: str, width: int = 80, height: int = 24) -> None:
        self.screen = pyte.Screen(width, height)
        self.stream = pyte.ByteStream(self.screen)
        self.lock = threading.Lock()
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))
        env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": str(width), "LINES": str(height)}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "cardtable", "join", address],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
        )
        os.close(slave)
        self.master = master
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        while True:
            try:
                data = os.read(self.master, 65536)
            except OSError:
                return
            if not data:
                return
            with self.lock:
                self.stream.feed(data)

    @property
    def text(self) -> str:
        with self.lock:
            return "\n".join(self.screen.display)

    def press(self, key: str) -> None:
        os.write(self.master, {"enter": b"\r", "escape": b"\x1b"}.get(key, key.encode()))

    def wait(self, seconds: float) -> None:
        time.sleep(seconds)

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
        os.close(self.master)


class PageKeys:
    """A Chromium page as a screen for :class:`HintPlayer` (its text from its websocket's frames)."""

    def __init__(self, page, screen) -> None:
        self.page = page
        self.screen = screen

    @property
    def text(self) -> str:
        return self.screen.text

    def press(self, key: str) -> None:
        self.page.keyboard.press({"enter": "Enter", "escape": "Escape"}.get(key, key))

    def wait(self, seconds: float) -> None:
        self.page.wait_for_timeout(seconds * 1000)


class HintPlayer:
    """Plays a seat by its keys: at its turn it asks for the hint (``h``), then makes the hinted
    move (Enter on the marked cards, or the key the hint names) and confirms it; a screen in
    the way (a summary between hands) is passed with Enter. It checks, at every turn, that the
    screen shows no card that this seat cannot know."""

    def __init__(self, name: str, seat: int, screen, host: HostThread) -> None:
        self.name = name
        self.seat = seat
        self.screen = screen
        self.host = host
        self.moves = 0
        self.checked = 0
        self.steps: list[tuple[str, float]] = []  # (the keys pressed, seconds) per turn: printed by the test

    def wait_for(self, test, seconds: float) -> bool:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if test():
                return True
            self.screen.wait(0.03)
        return False

    def check_privacy(self) -> None:
        session = self.host.table.session
        text = self.screen.text
        shown = sorted(label for label in forbidden_labels(session, self.seat) if label in text)
        assert not shown, f"{self.name} sees {shown}, hidden from seat {self.seat}:\n{text}"
        self.checked += 1

    def turn(self) -> bool:
        """Make this seat's move if it has one to make; whether it had."""
        asked = self.host.pending(self.seat)
        if asked is None:
            return False
        self.wait_for(lambda: self.name_on_screen(), 5)
        self.check_privacy()
        started, pressed = time.monotonic(), ["h"]
        self.screen.press("h")
        self.wait_for(lambda: "Hint (" in self.screen.text, 2)
        key = PRESS.search(self.screen.text)
        # the hinted move: Enter on the cards it marked, or the key it names; if the hint's line
        # was cut before "Press x.", Enter again (a picker's choice, a number's question), then
        # each action key
        for candidate in [key.group(1) if key else "enter", "enter", "d", "p", "t", "f"]:
            if self.host.pending(self.seat) != asked or "Enter yes" in self.screen.text:
                break
            before = self.screen.text
            self.screen.press(candidate)
            pressed.append(candidate)
            # (until the screen answers the key: a question to confirm, a picker, or the move made)
            self.wait_for(lambda b=before: self.screen.text != b or self.host.pending(self.seat) != asked, 1.5)
            self.screen.wait(0.1)
        if self.host.pending(self.seat) == asked:
            self.screen.press("enter")  # yes: make it
        if self.wait_for(lambda: self.host.pending(self.seat) != asked, 3):
            self.moves += 1
        self.steps.append((" ".join(pressed), round(time.monotonic() - started, 2)))
        return True  # (else something was in the way, a summary passed with Enter: the next turn() again)

    def name_on_screen(self) -> bool:
        return self.host.table.session.names[self.seat] in self.screen.text
