"""Helpers for the ``cardtable serve`` tests: a running server, and a tab.

``start_server`` starts ``python -m cardtable serve --port 0`` (a free loopback port)
in the test's user folders and reads the URL it prints. A :class:`Tab` talks
to the server's websocket as the page's script does (``["stdin", keys]``,
``["resize", ...]``) and feeds what comes back into pyte, a terminal
emulator, so a test reads the screen the browser would draw.
"""

from __future__ import annotations

import asyncio
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import aiohttp  # the test extra installs aiohttp, pyte and textual-serve
import pyte

#: Keys as the browser's terminal sends them.
KEYS = {"up": "\x1b[A", "down": "\x1b[B", "enter": "\r", "escape": "\x1b", "tab": "\t", "ctrl+s": "\x13", "ctrl+q": "\x11"}


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
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    line = process.stdout.readline()
    match = re.search(r"http://\S+/\?token=\S+", line)
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
            except asyncio.TimeoutError:
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
