"""The table server on loopback: ``python benchmarks/bench_net.py [latency|load|faults|all] [--json]``.

Runs real ``cardtable host`` processes (temporary user folders, free ports) and real
WebSocket clients (aiohttp; the client's own ``Link`` where a client must reconnect):

* **latency**: three remote seats play One-Card; for every move, the time from its
  submission by the seat to the moment every other seat has received the ``moved`` message
  and decoded its view and events (what the client draws from; the drawing itself is the
  app's, measured in bench_app.py). Median and p95 over the moves.
* **load**: 8 remote seats and 50 spectators at one One-Card table; and 20 tables in one
  host process, each with a remote seat and two computers. A fixed number of moves (whole
  short games); nothing lost (every spectator saw every move, in order); the host's CPU time
  per move (from /proc).
* **faults**: a client killed at random moments (mid-turn included) and rejoining, at least
  20 times in a game; the host killed (SIGKILL) and resumed with ``--resume``, three times;
  a spectator that never reads. Each outcome counted.

Prints the figures; ``--json`` one JSON object. Timed figures depend on the machine (this
one may be shared): no figure here is asserted anywhere.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import signal
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parents[1]
ADDRESS = re.compile(r"cardtable join (ws://\S+)")
SHORT = ["--option", "target=60", "--option", "hand_size=5"]


def _msg(kind: str, **fields) -> str:
    return json.dumps({"protocol": 1, "type": kind, **fields})


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def start_host(args: list[str], env: dict[str, str], script: list[str] | None = None):
    command = script or [sys.executable, "-m", "cardtable", "host", *args]
    proc = await asyncio.create_subprocess_exec(*command, stdout=asyncio.subprocess.PIPE, env=env)
    lines: list[str] = []
    while True:
        line = (await asyncio.wait_for(proc.stdout.readline(), 120)).decode()
        if not line:
            raise RuntimeError("the host stopped: " + "".join(lines))
        lines.append(line)
        if "spectators:" in line or line.startswith("READY"):
            break
    save = re.search(r"saved as (\S+)\)", lines[0])
    return proc, save.group(1) if save else None, [m.group(1) for m in map(ADDRESS.search, lines) if m]


def user_folders() -> dict[str, str]:
    base = tempfile.mkdtemp(prefix="cardtable-bench-net-")
    return {**os.environ, **{f"XDG_{k}_HOME": os.path.join(base, k) for k in ("STATE", "DATA", "CONFIG")}}


class Client:
    """A raw seat (or spectator): answers requests with a random legal move; timestamps."""

    def __init__(self, address: str, seed: int, decode=None) -> None:
        self.address, self.rng, self.decode = address, random.Random(seed), decode
        self.received: dict[int, float] = {}  # event_count of a moved message -> when received and decoded
        self.moved = 0
        self.outcome = None

    async def run(self, http: aiohttp.ClientSession) -> None:
        async with http.ws_connect(self.address, max_msg_size=16 << 20) as ws:
            async for msg in ws:
                data = json.loads(msg.data)
                kind = data["type"]
                if kind == "moved":
                    if self.decode is not None:
                        self.decode(data)
                    self.received[data["event_count"]] = time.perf_counter()
                    self.moved += 1
                if kind in ("moved", "table") and data["over"]:
                    self.outcome = data["outcome"]
                    return
                if kind == "request":
                    await ws.send_str(_msg("move", id=data["id"], move=self.rng.choice(data["legal"])))


def _decoder(welcome: dict, first: dict):
    """What a client does with a ``moved`` message before drawing: its source reads it."""
    from cardtable.net.client import NetSource

    source = NetSource(welcome, first)
    return source.moved


async def latency(moves_wanted: int = 400) -> dict:
    """Submission to every other seat's decoded view, per move made by a seat."""
    from cardtable.net.client import first_messages

    env = user_folders()
    samples: list[float] = []
    games = 0
    while len(samples) < moves_wanted:
        names = ["--names", "Ann,Bob,Cy", "--seats", "remote,remote,remote", "--seed", str(100 + games)]
        proc, _, addresses = await start_host(["one-card", *names, *SHORT], env)
        clients = []
        for i, address in enumerate(addresses[:3]):
            welcome, first = await first_messages(address)
            clients.append(Client(address, i, _decoder(welcome, first)))
        sends: list[tuple[int, float]] = []  # (seat, when sent) in order
        async with aiohttp.ClientSession() as http:
            await asyncio.gather(*(timed(client, seat, http, sends) for seat, client in enumerate(clients)))
        await proc.wait()
        games += 1
        # the n-th moved message every client received is the n-th move; its sender is known
        counts = sorted(clients[0].received)
        for index, (seat, sent) in enumerate(sends):
            if index >= len(counts):
                break
            key = counts[index]
            others = [c.received.get(key) for i, c in enumerate(clients) if i != seat]
            if all(others):
                samples.append(max(others) - sent)
    return _summary(samples, games)


async def timed(client: Client, seat: int, http, sends: list) -> None:
    async with http.ws_connect(client.address, max_msg_size=16 << 20) as ws:
        async for msg in ws:
            data = json.loads(msg.data)
            if data["type"] == "moved":
                client.decode(data)
                client.received[data["event_count"]] = time.perf_counter()
            if data["type"] in ("moved", "table") and data["over"]:
                return
            if data["type"] == "request":
                move = client.rng.choice(data["legal"])
                sends.append((seat, time.perf_counter()))
                await ws.send_str(_msg("move", id=data["id"], move=move))


def _summary(samples: list[float], games: int) -> dict:
    samples = sorted(samples)
    p95 = samples[min(len(samples) - 1, int(0.95 * len(samples)))]
    return {"moves": len(samples), "games": games, "median_ms": 1000 * statistics.median(samples), "p95_ms": 1000 * p95}


async def one_table_load() -> dict:
    """8 remote seats and 50 spectators at one table, one short game."""
    env = user_folders()
    seats = ",".join(["remote"] * 8)
    names = ",".join(f"P{i}" for i in range(8))
    proc, _, addresses = await start_host(["one-card", "--seats", seats, "--names", names, "--seed", "5", *SHORT], env)
    players = [Client(a, i) for i, a in enumerate(addresses[:8])]
    watchers = [Client(addresses[8], 100 + i) for i in range(50)]
    async with aiohttp.ClientSession() as http:
        watching = [asyncio.ensure_future(w.run(http)) for w in watchers]
        await asyncio.sleep(0.5)
        cpu0, t0 = _cpu_seconds(proc.pid), time.perf_counter()
        await asyncio.gather(*(p.run(http) for p in players))
        cpu1, t1 = _cpu_seconds(proc.pid), time.perf_counter()
        await asyncio.gather(*watching)
    await proc.wait()
    moves = max(p.moved for p in players)
    lost = sum(1 for w in watchers if w.moved != moves or w.outcome is None)
    return {
        "seats": 8,
        "spectators": 50,
        "moves": moves,
        "spectators_missing_a_move": lost,
        "host_cpu_ms_per_move": 1000 * (cpu1 - cpu0) / moves,
        "wall_s": t1 - t0,
    }


TABLES_SCRIPT = """
import asyncio, sys
from cardtable.net.hosting import HostedTable, linger_then_close
async def main(count):
    tables = [HostedTable.new("one-card", ["Ann", "Bob", "Cy"], ["remote", "normal", "easy"],
                              {"target": 60, "hand_size": 5}, 10 + i) for i in range(count)]
    for table in tables:
        await table.start(0)
        print("cardtable join", table.addresses()[0][1], flush=True)
    print("READY", flush=True)
    await asyncio.gather(*(table.run_headless() for table in tables))
    await asyncio.gather(*(linger_then_close(table) for table in tables))
asyncio.run(main(int(sys.argv[1])))
"""


async def many_tables_load(count: int = 20) -> dict:
    env = user_folders()
    proc, _, addresses = await start_host([], env, [sys.executable, "-c", TABLES_SCRIPT, str(count)])
    players = [Client(a, i) for i, a in enumerate(addresses)]
    async with aiohttp.ClientSession() as http:
        cpu0, t0 = _cpu_seconds(proc.pid), time.perf_counter()
        await asyncio.gather(*(p.run(http) for p in players))
        cpu1, t1 = _cpu_seconds(proc.pid), time.perf_counter()
    await proc.wait()
    moves = sum(p.moved for p in players)
    finished = sum(p.outcome is not None for p in players)
    return {
        "tables": count,
        "moves": moves,
        "tables_finished": finished,
        "host_cpu_ms_per_move": 1000 * (cpu1 - cpu0) / moves,
        "wall_s": t1 - t0,
    }


# -- faults ----------------------------------------------------------------------------------
async def client_kills(wanted: int = 24) -> dict:
    """One seat's connection cut at random moments (often mid-turn), rejoining each time."""
    env = user_folders()
    proc, _, addresses = await start_host(["one-card", "--seats", "remote,remote,easy", "--seed", "9", *SHORT], env)
    kills = rejoined = mid_turn = pending_again = 0
    steady = Client(addresses[1], 1)
    rng = random.Random(3)
    async with aiohttp.ClientSession() as http:
        other = asyncio.ensure_future(steady.run(http))
        outcome = None
        while outcome is None:
            ws = await http.ws_connect(addresses[0], max_msg_size=16 << 20)
            deadline = time.perf_counter() + rng.uniform(0.0, 0.4)
            asked, last_id = None, locals().get("last_id")
            try:
                while outcome is None:
                    left = deadline - time.perf_counter()
                    if left <= 0 and kills < wanted:
                        break
                    msg = await ws.receive(timeout=max(left, 0.01) if kills < wanted else 30)
                    data = json.loads(msg.data)
                    if data["type"] == "table":
                        rejoined += kills > 0
                    if data["type"] in ("moved", "table") and data["over"]:
                        outcome = data["outcome"]
                    if data["type"] == "request":
                        if asked is None and kills and data.get("id") == last_id:
                            pending_again += 1
                        asked = data
                        if rng.random() < 0.5 or kills >= wanted:
                            await ws.send_str(_msg("move", id=data["id"], move=rng.choice(data["legal"])))
                            asked = None
            except TimeoutError:
                pass
            last_id = asked["id"] if asked else None
            if outcome is None:
                mid_turn += asked is not None
                kills += 1
                await ws.close()
        await other
    await proc.wait()
    return {
        "kills": kills,
        "mid_turn": mid_turn,
        "rejoined": rejoined,
        "request_sent_again": pending_again,
        "game_finished": outcome is not None and steady.outcome == outcome,
    }


async def host_kills(times: int = 3) -> dict:
    """The host killed (SIGKILL) during the game and resumed with --resume, ``times`` times."""
    sys.path.insert(0, str(ROOT / "src"))
    from cardtable.net.client import Link

    env = user_folders()
    proc, save_id, addresses = await start_host(["one-card", "--seats", "remote,remote", "--seed", "21", *SHORT], env)
    seen: list[list[dict]] = [[], []]
    inboxes = [asyncio.Queue(), asyncio.Queue()]
    links = [Link(a, q.put_nowait, lambda state: None) for a, q in zip(addresses, inboxes, strict=False)]
    rng = random.Random(5)

    async def seat(i: int):
        task = asyncio.ensure_future(links[i].run())
        try:
            while True:
                data = await inboxes[i].get()
                seen[i].append(data)
                if data["type"] in ("moved", "table") and data["over"]:
                    return data["outcome"]
                if data["type"] == "request":
                    await links[i].send(
                        {"protocol": 1, "type": "move", "id": data["id"], "move": rng.choice(data["legal"])}
                    )
        finally:
            task.cancel()

    playing = [asyncio.ensure_future(seat(i)) for i in range(2)]
    resumed = same_addresses = 0
    lost: list[int] = []
    for _ in range(times):
        target = sum(m["type"] == "moved" for m in seen[0]) + rng.randint(5, 20)
        while sum(m["type"] == "moved" for m in seen[0]) < target and not playing[0].done():
            await asyncio.sleep(0.005)
        if playing[0].done():
            break
        proc.send_signal(signal.SIGKILL)
        await proc.wait()
        known = [m["event_count"] for m in seen[0] if m["type"] in ("moved", "table")]
        before = len(seen[0])
        proc, _, again = await start_host(["--resume", save_id], env)
        resumed += 1
        same_addresses += again == addresses
        while not any(m["type"] == "table" for m in seen[0][before:]):
            await asyncio.sleep(0.01)
        table = next(m for m in seen[0][before:] if m["type"] == "table")
        lost.append(sum(1 for count in known if count > table["event_count"]))
    outcomes = await asyncio.wait_for(asyncio.gather(*playing), 300)
    await proc.wait()
    return {
        "host_kills": resumed,
        "same_addresses": same_addresses,
        "moves_lost_per_kill": lost,
        "game_finished": outcomes[0] is not None and outcomes[0] == outcomes[1],
    }


async def never_reading(stuck_count: int = 3) -> dict:
    env = user_folders()
    proc, _, addresses = await start_host(["one-card", "--seats", "remote,easy,easy", "--seed", "4"], env)
    host_port, _, path = addresses[-1].removeprefix("ws://").partition("/")
    host, _, port = host_port.rpartition(":")
    stuck = []
    for _ in range(stuck_count):
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
        sock.connect((host, int(port)))
        sock.sendall(
            (
                f"GET /{path} HTTP/1.1\r\nHost: {host_port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
            ).encode()
        )
        stuck.append(sock)
    player = Client(addresses[0], 0)
    t0 = time.perf_counter()
    async with aiohttp.ClientSession() as http:
        await asyncio.wait_for(player.run(http), 600)
    wall = time.perf_counter() - t0
    await proc.wait()
    cut = 0
    for sock in stuck:  # a cut connection reads as closed (after what the kernel held)
        sock.settimeout(5)
        try:
            while sock.recv(65536):
                pass
            cut += 1
        except OSError:
            cut += 1
        sock.close()
    return {
        "stuck_spectators": stuck_count,
        "cut": cut,
        "game_finished": player.outcome is not None,
        "moves": player.moved,
        "wall_s": wall,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", nargs="?", default="all", choices=["latency", "load", "faults", "all"])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--moves", type=int, default=400, help="moves measured for the latency")
    args = parser.parse_args(argv)
    report: dict = {"machine": f"{os.cpu_count()} cores, shared with other work: figures are indicative"}

    async def run() -> None:
        if args.what in ("latency", "all"):
            report["latency"] = await latency(args.moves)
        if args.what in ("load", "all"):
            report["one_table"] = await one_table_load()
            report["twenty_tables"] = await many_tables_load(20)
        if args.what in ("faults", "all"):
            report["client_kills"] = await client_kills()
            report["host_kills"] = await host_kills()
            report["never_reading"] = await never_reading()

    asyncio.run(run())
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        for name, figures in report.items():
            print(f"{name}: {figures}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
