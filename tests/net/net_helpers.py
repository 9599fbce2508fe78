"""Real clients for the table server's tests: raw WebSocket seats that play random legal
moves (from the host's own list) and keep every byte they were sent."""

from __future__ import annotations

import asyncio
import json
import random
from dataclasses import dataclass, field
from typing import Any

import aiohttp

from cardtable.net.hosting import HostedTable
from cardtable.net.protocol import dumps, message


def run_async(test):
    import functools

    @functools.wraps(test)
    def wrapper(*args, **kwargs):
        return asyncio.run(asyncio.wait_for(test(*args, **kwargs), 300))

    return wrapper


@dataclass
class Seat:
    """A raw client: what it received (the text as sent, and parsed)."""

    address: str
    rng: random.Random
    texts: list[str] = field(default_factory=list)
    stop_after: int | None = None  # moves to make before closing (None: to the end)
    moves: int = 0
    bad_first: bool = False  # send a move that is not legal before each first try

    @property
    def messages(self) -> list[dict[str, Any]]:
        return [json.loads(t) for t in self.texts]

    async def play(self) -> dict[str, Any] | None:
        """Play until the game is over (its outcome) or ``stop_after`` moves (None)."""
        async with aiohttp.ClientSession() as http:
            async with http.ws_connect(self.address, max_msg_size=16 << 20) as ws:
                async for msg in ws:
                    self.texts.append(msg.data)
                    data = json.loads(msg.data)
                    if data["type"] in ("moved", "table") and data["over"]:
                        return data["outcome"]
                    if data["type"] == "request":
                        if self.stop_after is not None and self.moves >= self.stop_after:
                            return None
                        await ws.send_str(dumps(message("move", id=data["id"], move=self.choose(data))))
                        self.moves += 1
        return None

    def choose(self, request: dict[str, Any]) -> dict[str, Any]:
        return self.rng.choice(request["legal"])


async def hosted(game_id: str, kinds: list[str], seed: int, options=None, **kwargs) -> HostedTable:
    names = [f"P{i}" for i in range(len(kinds))]
    table = HostedTable.new(game_id, names, kinds, options, seed, **kwargs)
    await table.start(0)
    return table


def seat_addresses(table: HostedTable) -> list[str]:
    return [address for _, address in table.addresses()[:-1]]


async def play_all(table: HostedTable, seats: list[Seat]) -> list[Any]:
    """The game played to its end by the headless host and ``seats``; each seat's result."""
    driver = asyncio.ensure_future(table.run_headless())
    results = await asyncio.gather(*(seat.play() for seat in seats))
    await driver
    return list(results)


class LinkBot:
    """A seat over the client's own :class:`~cardtable.net.client.Link` (it reconnects by
    itself): answers each request with a random legal move; notes every message's type."""

    def __init__(self, address: str, rng: random.Random) -> None:
        from cardtable.net.client import Link

        self.rng = rng
        self.inbox: asyncio.Queue = asyncio.Queue()
        self.states: list[str] = []
        self.seen: list[dict[str, Any]] = []
        self.link = Link(address, self.inbox.put_nowait, self.states.append)

    async def play(self) -> dict[str, Any]:
        task = asyncio.ensure_future(self.link.run())
        try:
            while True:
                data = await self.inbox.get()
                self.seen.append(data)
                if data["type"] in ("moved", "table") and data["over"]:
                    return data["outcome"]
                if data["type"] == "request":
                    await self.link.send(message("move", id=data["id"], move=self.rng.choice(data["legal"])))
        finally:
            task.cancel()


async def next_of(ws, kind: str, timeout: float = 10.0) -> dict[str, Any]:
    """The next message of ``kind`` on ``ws`` (the others skipped)."""
    while True:
        data = json.loads((await ws.receive(timeout)).data)
        if data["type"] == kind:
            return data
