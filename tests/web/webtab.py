"""Helpers for the ``cardtable serve`` tests: a running server, and a tab.

``start_server`` starts ``python -m cardtable serve --port 0`` (a free loopback port)
in the test's user folders and reads the URL it prints. A :class:`Tab` talks
to the server's websocket as the page's script does (``["stdin", keys]``,
``["resize", ...]``) and feeds what comes back into pyte, a terminal
emulator, so a test reads the screen the browser would draw.
"""

from __future__ import annotations

import os
import re
import select
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import aiohttp  # the test extra installs aiohttp, pyte and textual-serve
import pyte

#: Keys as the browser's terminal sends them.
KEYS = {
    "up": "\x1b[A",
    "down": "\x1b[B",
    "enter": "\r",
    "escape": "\x1b",
    "tab": "\t",
    "ctrl+s": "\x13",
    "ctrl+q": "\x11",
}


def processes() -> dict[int, tuple[int, int, str]]:
    """Every live process: pid -> (parent pid, process group, state)."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        found[int(entry.name)] = (int(fields[1]), int(fields[2]), fields[0])
    return found


def children(pid: int) -> list[int]:
    return [p for p, (ppid, _group, state) in processes().items() if ppid == pid and state != "Z"]


def group_members(group: int) -> list[int]:
    return [p for p, (_ppid, pgid, state) in processes().items() if pgid == group and state != "Z"]


def wait_until(check, timeout: float = 10.0, every: float = 0.05):
    end = time.monotonic() + timeout
    while True:
        value = check()
        if value or time.monotonic() > end:
            return value
        time.sleep(every)


class Served:
    """A running ``cardtable serve``; its output is read all along (a full pipe would stall it)."""

    def __init__(self, process: subprocess.Popen, url: str, first_line: str) -> None:
        self.process = process
        self.url = url  # with the token
        self._out = [first_line]
        self._err: list[str] = []
        self._readers = [
            threading.Thread(target=self._drain, args=(process.stdout, self._out), daemon=True),
            threading.Thread(target=self._drain, args=(process.stderr, self._err), daemon=True),
        ]
        for reader in self._readers:
            reader.start()

    @staticmethod
    def _drain(pipe, into: list[str]) -> None:
        for line in pipe:
            into.append(line)

    @property
    def out(self) -> str:
        return "".join(self._out)

    @property
    def err(self) -> str:
        return "".join(self._err)

    @property
    def base(self) -> str:
        return self.url.split("/?token=")[0]

    @property
    def token(self) -> str:
        return self.url.split("/?token=")[1]

    def ws_url(self, width: int = 100, height: int = 30, token: str | None = None) -> str:
        query = f"width={width}&height={height}" + ("" if token is None else f"&token={token}")
        return f"{self.base.replace('http://', 'ws://')}/ws?{query}"

    def stop(self, timeout: float = 15.0) -> int:
        """Ctrl+C, as in the terminal; the exit status (the output is then complete)."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
        try:
            return self.process.wait(timeout)
        finally:
            for reader in self._readers:
                reader.join(5)

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.stop()


def start_server(*args: str) -> Served:
    process = subprocess.Popen(
        [sys.executable, "-m", "cardtable", "serve", "--port", "0", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    # (its first line, within a minute: a server that never prints fails the test, not the run)
    ready, _, _ = select.select([process.stdout], [], [], 60)
    line = process.stdout.readline() if ready else ""
    match = re.search(r"https?://\S+/\?token=\S+", line)
    if not match:
        process.kill()
        raise AssertionError(f"no URL printed: {line!r} {process.stderr.read()!r}")
    return Served(process, match.group(), line)


class Tab:
    """One browser tab's websocket, with the screen it draws."""

    def __init__(self, ws, width: int, height: int) -> None:
        self.ws = ws
        self.screen = pyte.Screen(width, height)
        self.stream = pyte.ByteStream(self.screen)
        self.closed = False

    @property
    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def pump(self, seconds: float) -> None:
        """Draw whatever arrives for ``seconds``."""
        end = time.monotonic() + seconds
        while not self.closed and (left := end - time.monotonic()) > 0:
            try:
                message = await self.ws.receive(timeout=left)
            except TimeoutError:
                return
            if message.type == aiohttp.WSMsgType.BINARY:
                self.stream.feed(message.data)
            elif message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING):
                self.closed = True

    async def wait_for(self, *texts: str, timeout: float = 20.0) -> str:
        end = time.monotonic() + timeout
        while not all(t in self.text for t in texts):
            if self.closed or time.monotonic() > end:
                raise AssertionError(f"never saw {texts!r}; the screen:\n{self.text}")
            await self.pump(0.1)
        return self.text

    async def wait_gone(self, text: str, timeout: float = 20.0) -> str:
        end = time.monotonic() + timeout
        while text in self.text:
            if self.closed or time.monotonic() > end:
                raise AssertionError(f"{text!r} never went; the screen:\n{self.text}")
            await self.pump(0.1)
        return self.text

    async def press(self, *keys: str) -> None:
        for key in keys:
            await self.ws.send_json(["stdin", KEYS.get(key, key)])

    async def wait_closed(self, timeout: float = 10.0) -> bool:
        end = time.monotonic() + timeout
        while not self.closed and time.monotonic() < end:
            await self.pump(0.1)
        return self.closed


async def open_tab(session, served: Served, width: int = 100, height: int = 30) -> Tab:
    ws = await session.ws_connect(served.ws_url(width, height, token=served.token))
    await ws.send_json(["resize", {"width": width, "height": height}])
    return Tab(ws, width, height)


class PageScreen:
    """What a browser page's terminal shows: the frames its websocket receives, fed
    to a terminal emulator the size the page asked for (its ``resize`` messages).

    (xterm.js draws on a canvas, so the page has no text to read; these are the
    very bytes it draws from.)
    """

    def __init__(self, page) -> None:
        self.page = page
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)
        self.received: list[tuple[float, int]] = []  # (time, bytes) of every frame
        self.socket = None
        page.on("websocket", self._attach)

    def _attach(self, ws) -> None:
        self.socket = ws
        match = re.search(r"width=(\d+)&height=(\d+)", ws.url)
        if match:
            self.screen.resize(int(match.group(2)), int(match.group(1)))
        ws.on("framesent", self._sent)
        ws.on("framereceived", self._received)

    def _sent(self, payload) -> None:
        if isinstance(payload, str) and payload.startswith('["resize"'):
            import json

            size = json.loads(payload)[1]
            self.screen.resize(size["height"], size["width"])

    def _received(self, payload) -> None:
        if isinstance(payload, bytes):
            self.received.append((time.monotonic(), len(payload)))
            self.stream.feed(payload)

    @property
    def text(self) -> str:
        return "\n".join(self.screen.display)

    def wait_for(self, *texts: str, timeout: float = 20.0) -> str:
        end = time.monotonic() + timeout
        while not all(t in self.text for t in texts):
            if time.monotonic() > end:
                raise AssertionError(f"never saw {texts!r}; the screen:\n{self.text}")
            self.page.wait_for_timeout(25)
        return self.text

    def wait_gone(self, text: str, timeout: float = 20.0) -> str:
        end = time.monotonic() + timeout
        while text in self.text:
            if time.monotonic() > end:
                raise AssertionError(f"{text!r} never went; the screen:\n{self.text}")
            self.page.wait_for_timeout(25)
        return self.text

    def find(self, text: str, last: bool = False) -> tuple[int, int]:
        """(column, row) of the first cell of ``text`` on the screen (its first or last time)."""
        found = [(line.index(text), row) for row, line in enumerate(self.screen.display) if text in line]
        if not found:
            raise AssertionError(f"{text!r} is not on the screen:\n{self.text}")
        return found[-1] if last else found[0]

    def click(self, text: str, last: bool = False) -> None:
        """Click the middle of ``text`` where the page draws it."""
        column, row = self.find(text, last)
        box = self.page.locator(".xterm-screen").bounding_box()
        cell_w, cell_h = box["width"] / self.screen.columns, box["height"] / self.screen.lines
        self.page.mouse.click(box["x"] + (column + len(text) / 2) * cell_w, box["y"] + (row + 0.5) * cell_h)


#: Debian's Chromium (Playwright cannot download its own browsers here).
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright is not installed (pip install -e '.[test]')"
    if not os.access(CHROMIUM, os.X_OK):
        return f"no Chromium at {CHROMIUM} (apt-get install chromium; .ci/run does it)"
    return None


def launch_chromium(playwright):
    """A headless Chromium with a fresh profile (Playwright's launch makes a temporary one)."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
