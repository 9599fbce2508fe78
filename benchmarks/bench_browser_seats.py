"""Browser seats on loopback: ``python benchmarks/bench_browser_seats.py [--moves N] [--json]``.

A real ``cardtable host one-card`` (three remote seats, temporary user folders, a free
port) with a browser tab open for each seat: the page's websocket, as textual-serve's
script opens it, each running its own app process (``cardtable join`` for that seat). The
moves are made by raw clients of the same seats (a seat may have several connections),
each after a pause that lets every tab's screen go quiet; the figure is the time from a
move's submission to the first frame of the new screen at every tab (the bytes the
browser's terminal draws from; its painting is the browser's). Median and p95 over the moves.

Timed figures depend on the machine (this one may be shared): no figure is asserted anywhere.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

import aiohttp

from bench_net import _msg, start_host, user_folders

#: Seconds a seat waits before its move: every tab's screen is quiet by then.
QUIET = 0.4


class TabClock:
    """A browser tab's websocket: when each of its frames arrived."""

    def __init__(self, ws) -> None:
        self.ws = ws
        self.frames: list[float] = []

    async def run(self) -> None:
        async for msg in self.ws:
            if msg.type == aiohttp.WSMsgType.BINARY:
                self.frames.append(time.perf_counter())

    def first_after(self, moment: float) -> float | None:
        return next((t for t in self.frames if t > moment), None)


async def open_tab(http, address: str) -> TabClock:
    base, token = address.split("/play?token=")
    ws = await http.ws_connect(f"{base.replace('http://', 'ws://')}/play/ws/{token}?width=100&height=30")
    await ws.send_json(["resize", {"width": 100, "height": 30}])
    return TabClock(ws)


async def seat_player(http, address: str, seed: int, sends: list[float], stop: asyncio.Event) -> None:
    rng = random.Random(seed)
    async with http.ws_connect(address, max_msg_size=16 << 20) as ws:
        async for msg in ws:
            data = json.loads(msg.data)
            if data["type"] in ("moved", "table") and data["over"] or stop.is_set():
                return
            if data["type"] == "request":
                await asyncio.sleep(QUIET)
                sends.append(time.perf_counter())
                await ws.send_str(_msg("move", id=data["id"], move=rng.choice(data["legal"])))


async def one_game(env: dict[str, str], seed: int, wanted: int, samples: list[float]) -> None:
    args = ["one-card", "--seats", "remote,remote,remote", "--seed", str(seed), "--no-codes"]
    proc, _, joins = await start_host([*args, "--option", "target=60", "--option", "hand_size=5"], env)
    # (the browser addresses are the join addresses' tokens on the same port, at /play)
    pages = [j.replace("ws://", "http://").replace("/table?", "/play?") for j in joins[:3]]
    async with aiohttp.ClientSession() as http:
        tabs = [await open_tab(http, page) for page in pages]
        readers = [asyncio.ensure_future(tab.run()) for tab in tabs]
        await asyncio.sleep(5)  # (every tab's app process started and drew its first screen)
        sends: list[float] = []
        stop = asyncio.Event()
        players = [seat_player(http, join, seed + i, sends, stop) for i, join in enumerate(joins[:3])]

        async def enough() -> None:
            while len(sends) < wanted:
                await asyncio.sleep(0.1)
            stop.set()

        done, pending = await asyncio.wait(
            [asyncio.ensure_future(p) for p in [*players, enough()]], return_when=asyncio.FIRST_COMPLETED
        )
        for task in pending:
            task.cancel()
        await asyncio.sleep(QUIET)
        for sent in sends[:-1]:
            firsts = [tab.first_after(sent) for tab in tabs]
            if all(firsts):
                samples.append(max(firsts) - sent)
        for reader in readers:
            reader.cancel()
        for tab in tabs:
            await tab.ws.close()
    proc.terminate()
    await proc.wait()


async def measure(moves: int, speed: str | None = None) -> dict:
    env = user_folders()
    if speed is not None:  # (the tabs' apps read this user's settings: how long a move stays in view)
        config = Path(env["XDG_CONFIG_HOME"]) / "cardtable"
        config.mkdir(parents=True, exist_ok=True)
        (config / "settings.json").write_text(json.dumps({"computer_speed": speed}))
    samples: list[float] = []
    games = 0
    while len(samples) < moves and games < 20:
        await one_game(env, 500 + games, moves - len(samples) + 1, samples)
        games += 1
    samples.sort()
    p95 = samples[min(len(samples) - 1, int(0.95 * len(samples)))]
    return {
        "moves": len(samples),
        "games": games,
        "tabs": 3,
        "median_ms": round(1000 * statistics.median(samples), 1),
        "p95_ms": round(1000 * p95, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=100, help="moves measured")
    parser.add_argument("--speed", help="the tabs' computer_speed setting (default: the app's default)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    report = {
        "machine": f"{os.cpu_count()} cores, shared with other work: figures are indicative",
        "move_to_every_browser": asyncio.run(measure(args.moves, args.speed)),
    }
    print(json.dumps(report, indent=1) if args.json else f"move to every browser tab's screen: {report}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
