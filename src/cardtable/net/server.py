"""The table's WebSocket server (aiohttp, the ``web`` extra).

``GET /table?token=T`` opens a WebSocket for whoever ``T`` names (a seat, or the
spectators); without a valid token the answer is 403 and nothing starts: the token is
checked before the WebSocket is prepared. Each connection gets a writer task draining its
bounded queue (:class:`~.hub.Connection`); one that cannot keep up is cut (its transport
aborted, so a client that never reads cannot hold a send). ``routes`` lets a later part
serve more pages on the same port (browser seats).
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import Callable

from aiohttp import WSMsgType, web

from .hub import Connection, TableHub
from .protocol import MAX_CLIENT_MESSAGE, QUEUE_LIMIT, BadMessage, dumps, message, parse_client
from .tokens import SPECTATOR, TableTokens

TABLE_PATH = "/table"
PLAY_PATH = "/play"  # a seat's page in a browser (``browser.py``), served on the same port
#: Seconds between pings: a client gone without a word (a closed laptop) is noticed.
HEARTBEAT = 10.0
#: The kernel's send buffer per connection (bytes; the default grows to megabytes).
SEND_BUFFER = 64 * 1024


def table_address(host: str, port: int, token: str) -> str:
    """The address a player joins with (a wildcard address is shown as this machine's name)."""
    shown = socket.gethostname() if host in ("", "0.0.0.0", "::") else host
    shown = f"[{shown}]" if ":" in shown else shown
    return f"ws://{shown}:{port}{TABLE_PATH}?token={token}"


class TableServer:
    def __init__(
        self,
        hub: TableHub,
        tokens: TableTokens,
        routes: Callable[[web.Application], None] | None = None,
        queue_limit: int = QUEUE_LIMIT,
    ) -> None:
        self.hub = hub
        self.tokens = tokens
        self.queue_limit = queue_limit
        self.app = web.Application()
        self.app.router.add_get(TABLE_PATH, self.table)
        if routes is not None:
            routes(self.app)
        self.runner: web.AppRunner | None = None
        self.sockets: set[web.WebSocketResponse] = set()

    @staticmethod
    def bind(host: str, port: int) -> socket.socket:
        """The listening socket on ``host``:``port`` (0: a free port), before any event loop
        runs (so the addresses can be printed first). OSError if it cannot listen there."""
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        try:
            infos = socket.getaddrinfo(host, port, family, socket.SOCK_STREAM)
        except socket.gaierror:
            infos = []
        address = infos[0][4][:2] if infos else (host, port)
        sock = socket.create_server(address, family=family)
        sock.setblocking(False)
        return sock

    async def start(self, sock: socket.socket) -> int:
        """Serve on the bound ``sock``; the port."""
        self.runner = web.AppRunner(self.app, access_log=None, handle_signals=False)
        await self.runner.setup()
        await web.SockSite(self.runner, sock).start()
        return sock.getsockname()[1]

    async def stop(self) -> None:
        for ws in list(self.sockets):
            with contextlib.suppress(Exception):
                await asyncio.wait_for(ws.close(), 1.0)
        if self.runner is not None:
            await self.runner.cleanup()
            self.runner = None

    async def table(self, request: web.Request) -> web.StreamResponse:
        holder = self.tokens.holder(request.query.get("token"))
        if holder is None:
            raise web.HTTPForbidden(text="cardtable: this address needs a valid seat token\n")
        viewer = None if holder == SPECTATOR else int(holder)
        ws = web.WebSocketResponse(max_msg_size=MAX_CLIENT_MESSAGE, heartbeat=HEARTBEAT)
        transport = request.transport
        sock = transport.get_extra_info("socket") if transport is not None else None
        if sock is not None:  # (a fixed send buffer: what a client that does not read can hold back is bounded)
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
        await ws.prepare(request)

        def drop() -> None:
            self.hub.drops += 1
            if transport is not None:
                transport.abort()

        conn = Connection(viewer, drop, self.queue_limit)
        writer = asyncio.create_task(self._write(ws, conn))
        self.sockets.add(ws)
        self.hub.join(conn)
        try:
            await self._read(ws, conn)
        finally:
            self.sockets.discard(ws)
            writer.cancel()
            self.hub.leave(conn)
        return ws

    async def _read(self, ws: web.WebSocketResponse, conn: Connection) -> None:
        async for msg in ws:
            if msg.type != WSMsgType.TEXT:
                if msg.type == WSMsgType.BINARY:
                    conn.push(dumps(message("error", reason="messages are JSON text")))
                continue
            try:
                data = parse_client(msg.data)
            except BadMessage as exc:
                conn.push(dumps(message("error", reason=str(exc))))
                continue
            if conn.viewer is None:
                conn.push(dumps(message("error", reason="a spectator watches: it makes no moves")))
                continue
            self.hub.received(conn, data)

    @staticmethod
    async def _write(ws: web.WebSocketResponse, conn: Connection) -> None:
        try:
            while True:
                await ws.send_str(await conn.queue.get())
        except (ConnectionError, RuntimeError):
            conn.drop()
