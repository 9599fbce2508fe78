"""Browser seats: every remote seat of a hosted table (and the spectators) played in a web browser.

Served on the table server's own port, beside ``/table`` (:class:`~.server.TableServer`'s
``routes`` hook), so a table has one port and one set of tokens:

* ``GET /play?token=T``: the page (textual-serve's terminal in the browser, the template of
  ``cardtable serve``) for whoever ``T`` names; any other token, or none, gets 403.
* ``GET /play/ws/T?width=..&height=..``: the page's websocket. It starts one app process
  (:mod:`cardtable.net.seat_tab`: ``cardtable join`` for ``T``'s seat, in a process per tab),
  which joins ``/table`` over this machine's loopback with the same token, so the browser
  shows that seat's own view, exactly as a terminal that joined would. The token is checked
  before the websocket is prepared: a refused browser starts nothing. At most
  :data:`MAX_TABS` tabs per seat (and per table's spectators) run at once.
* ``GET /play/static/FILE``: textual-serve's script, styles and fonts, for a browser whose
  cookie carries a token of this table (the page sets it).

The join address reaches the app process in its environment (:data:`JOIN_ENV`), not on its
command line, which every user of the machine can read.
"""

from __future__ import annotations

import socket
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import aiohttp_jinja2
import jinja2
from aiohttp import web

from ..web.server import TEMPLATES, AppProcess, CardtableServer
from .server import PLAY_PATH, TABLE_PATH
from .tokens import SPECTATOR, TableTokens

#: The environment variable that gives a tab's app process the address it joins.
JOIN_ENV = "CARDTABLE_JOIN_ADDRESS"
#: Browser tabs (app processes) that may run at once: per seat, and for all the spectators.
MAX_TABS = {"seat": 3, SPECTATOR: 12}


def connect_host(host: str) -> str:
    """The address a tab's app process joins the table at: this machine's loopback when the
    table listens on every interface, else the address it listens on."""
    if host in ("", "0.0.0.0"):
        return "127.0.0.1"
    if host == "::":
        return "::1"
    return host


def lan_address() -> str:
    """This machine's address on its network (the one a phone on the same network reaches),
    found without sending anything; its host name if there is none."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.254.254.254", 1))  # (a UDP "connect" only picks the route)
            return str(probe.getsockname()[0])
        except OSError:
            return socket.gethostname()


def browser_address(host: str, port: int, token: str) -> str:
    """The address a browser opens for ``token``'s seat (a wildcard address is shown as this
    machine's address on its network: a phone seldom resolves a computer's name)."""
    shown = lan_address() if host in ("", "0.0.0.0", "::") else host
    shown = f"[{shown}]" if ":" in shown else shown
    return f"http://{shown}:{port}{PLAY_PATH}?token={token}"


def join_address(host: str, port: int, token: str) -> str:
    shown = connect_host(host)
    shown = f"[{shown}]" if ":" in shown else shown
    return f"ws://{shown}:{port}{TABLE_PATH}?token={token}"


def seat_tab_command() -> list[str]:
    """The command of one browser seat's app process: this Python, this cardtable."""
    return [sys.executable, "-m", "cardtable.net.seat_tab"]


class SeatApp(AppProcess):
    """One browser seat's app process: the join client, given its address in the environment."""

    def __init__(self, argv: list[str], address: str, **kwargs: Any) -> None:
        super().__init__(argv, **kwargs)
        self.address = address

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        environment = super()._build_environment(width=width, height=height)
        environment[JOIN_ENV] = self.address
        return environment


class BrowserSeats(CardtableServer):
    """The pages and tabs of a hosted table's browser seats (see the module's text). It runs
    inside the table server's aiohttp application; :meth:`attach` adds its routes there."""

    def __init__(self, tokens: TableTokens, names: list[str], host: str, title: str = "cardtable") -> None:
        super().__init__(host, 0, token="", command=seat_tab_command())
        self.tokens = tokens
        self.names = names
        self.title = title
        self.listen_host = host
        self.tabs: Counter[int | str] = Counter()

    @property
    def cookie_name(self) -> str:
        return f"cardtable_seat_{self.port}"

    def attach(self, app: web.Application) -> None:
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(TEMPLATES))
        app.router.add_get(PLAY_PATH, self.page)
        app.router.add_get(PLAY_PATH + "/ws/{token}", self.tab)
        app.router.add_get(PLAY_PATH + "/static/{filename:.+}", self.static)
        app.on_shutdown.append(self.on_shutdown)

    def _holder(self, token: str | None) -> int | str:
        holder = self.tokens.holder(token)
        if holder is None:
            raise web.HTTPForbidden(text="cardtable: this address needs a valid seat token\n")
        return holder

    # -- the page ---------------------------------------------------------------------------
    async def page(self, request: web.Request) -> web.StreamResponse:
        token = request.query.get("token")
        holder = self._holder(token)
        who = "spectators" if holder == SPECTATOR else self.names[int(holder)]
        scheme = "wss" if request.scheme == "https" else "ws"
        context = {
            "font_size": 16,
            "app_websocket_url": f"{scheme}://{request.host}{PLAY_PATH}/ws/{token}",
            "config": {"static": {"url": f"{PLAY_PATH}/static/"}},
            "application": {"name": f"{self.title}: {who}"},
        }
        response = aiohttp_jinja2.render_template("app_index.html", request, context)
        response.headers["Cache-Control"] = "no-store"
        response.headers["Referrer-Policy"] = "no-referrer"  # (the token stays in this page's address)
        assert token is not None  # (a holder was found for it)
        response.set_cookie(self.cookie_name, token, httponly=True, samesite="Strict", path=PLAY_PATH)
        return response

    async def static(self, request: web.Request) -> web.StreamResponse:
        """textual-serve's files, for a browser that holds a token of this table (only files)."""
        self._holder(request.query.get("token") or request.cookies.get(self.cookie_name))
        root = Path(self.statics_path).resolve()
        wanted = (root / request.match_info["filename"]).resolve()
        if not wanted.is_relative_to(root) or not wanted.is_file():
            raise web.HTTPNotFound(text="cardtable: not found\n")
        return web.FileResponse(wanted)

    # -- one tab ----------------------------------------------------------------------------
    async def tab(self, request: web.Request) -> web.StreamResponse:
        holder = self._holder(request.match_info["token"])
        limit = MAX_TABS[SPECTATOR if holder == SPECTATOR else "seat"]
        if self.tabs[holder] >= limit:
            raise web.HTTPTooManyRequests(text=f"cardtable: {limit} tabs are open for this seat already\n")
        self.tabs[holder] += 1
        try:
            return await self.handle_websocket(request)
        finally:
            self.tabs[holder] -= 1

    def new_app(self, request: web.Request, **kwargs: Any) -> AppProcess:
        address = join_address(self.listen_host, self.port, request.match_info["token"])
        return SeatApp(self.argv, address, **kwargs)

    async def wait_closed(self, timeout: float) -> bool:
        """Wait until no browser tab is open (at most ``timeout`` seconds); whether none is."""
        import asyncio

        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while self.apps and loop.time() < end:
            await asyncio.sleep(0.2)
        return not self.apps
