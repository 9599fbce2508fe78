"""The web server behind ``cardtable serve``: textual-serve, with an access token.

textual-serve's ``Server`` serves a page (``/``) whose script opens a websocket
(``/ws``); every websocket gets its own app process, fed the browser's keys and
mouse and sending the screen back. This subclass adds what a server on a
shared network needs:

* **A token.** Every request must carry the token of this server start, as
  ``?token=...`` or in the cookie the first good request sets (the page's own
  websocket carries the cookie). Anything else is refused with 403 before a
  handler runs, so a refused websocket starts no process.
* **Its own app processes.** Each is started directly (no shell) with this
  Python (``python -m cardtable.web``), in its own process group; when its tab
  closes, or the server stops, the app is asked to quit, and the whole group is
  killed if it has not after :data:`QUIT_GRACE` seconds.
* **A websocket address that works from other machines**: unless a public URL
  is given, the page's websocket goes back to the host the browser used.
* **Files only under /static/** (textual-serve's) **and /cardtable/** (ours: the
  favicon, the font of the suits and arrows): a folder there is not found
  (textual-serve would list it), token or not.
* **One line per refused request**: a request the HTTP parser cannot read
  (a bad header, a line too long) is logged on one line, never a traceback
  (:class:`OneLineLog`).
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import aiohttp_jinja2
from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from . import WEB_ENV

log = logging.getLogger("cardtable.web")

#: cardtable's page (textual-serve's, with the keyboard going to the game at once).
TEMPLATES = Path(__file__).parent / "templates"
#: cardtable's own files for the page, at /cardtable/: the favicon, the symbols' font.
STATIC = Path(__file__).parent / "static"
#: The routes that serve files (textual-serve's, and ours).
STATIC_ROUTES = ("static", "cardtable_static")
#: Seconds an app has to quit after its tab closes, before its group is killed.
QUIT_GRACE = 3.0
TOKEN_PARAM = "token"


def app_command() -> list[str]:
    """The command that runs one tab's app: this Python, this cardtable."""
    return [sys.executable, "-m", "cardtable.web"]


def driver_environment() -> dict[str, str]:
    """The app's driver: Textual's web driver with a prompt Esc (``web/driver.py``)."""
    from .driver import DRIVER, ESC_DELAY_MS

    return {"TEXTUAL_DRIVER": DRIVER, "ESCDELAY": str(ESC_DELAY_MS)}


def kill_group(pid: int, sig: int) -> None:
    try:
        os.killpg(pid, sig)
    except (ProcessLookupError, PermissionError):
        pass


class AppProcess(AppService):
    """One tab's app process, started without a shell in its own process group."""

    def __init__(self, argv: list[str], **kwargs: Any) -> None:
        super().__init__(" ".join(argv), **kwargs)
        self.argv = argv
        self._stopped = False

    async def _open_app_process(self, width: int = 80, height: int = 24):
        environment = self._build_environment(width=width, height=height)
        environment[WEB_ENV] = "1"
        environment.update(driver_environment())
        self._process = process = await asyncio.create_subprocess_exec(
            *self.argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=environment,
            start_new_session=True,
        )
        self._stdin = process.stdin
        return process

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    async def stop(self) -> None:
        """Ask the app to quit; kill its process group if it has not in time."""
        if self._stopped:
            return
        self._stopped = True
        process = self._process
        if process is not None:
            if process.returncode is None:
                await self.send_meta({"type": "quit"})
                try:
                    await asyncio.wait_for(process.wait(), QUIT_GRACE)
                except TimeoutError:
                    log.warning("an app process did not quit in %ss; killing it", QUIT_GRACE)
                    kill_group(process.pid, signal.SIGKILL)
                    await process.wait()
            # The app may have left children of its own: end the group.
            kill_group(process.pid, signal.SIGKILL)
        if self._task is not None:
            await self._task
            self._task = None
        await self._download_manager.cancel_app_downloads(app_service_id=self.app_service_id)


class CardtableServer(Server):
    """textual-serve's server with a token, app processes and address fixes."""

    def __init__(
        self,
        host: str,
        port: int,
        token: str,
        public_url: str | None = None,
        command: list[str] | None = None,
    ) -> None:
        super().__init__(
            "cardtable",
            host=host,
            port=port,
            title="cardtable",
            public_url=public_url,
            templates_path=TEMPLATES,
        )
        self.argv = command or app_command()
        self.token = token
        self.given_public_url = public_url
        self.apps: set[AppProcess] = set()
        self.sockets: set[web.WebSocketResponse] = set()
        self.cookie = f"cardtable_token_{port}"

    # -- the token ------------------------------------------------------------------------
    def _good(self, presented: str | None) -> bool:
        return presented is not None and hmac.compare_digest(presented.encode(), self.token.encode())

    @web.middleware
    async def check_token(self, request: web.Request, handler: Callable) -> web.StreamResponse:
        from_query = request.query.get(TOKEN_PARAM)
        if not (self._good(from_query) or self._good(request.cookies.get(self.cookie))):
            raise web.HTTPForbidden(text="cardtable: this address needs the token that `cardtable serve` printed\n")
        response = await handler(request)
        if self._good(from_query) and not isinstance(response, web.WebSocketResponse):
            response.set_cookie(self.cookie, self.token, httponly=True, samesite="Strict")
        return response

    @web.middleware
    async def files_only(self, request: web.Request, handler: Callable) -> web.StreamResponse:
        """Under the static route, a folder is not found (only files are served)."""
        resource = request.match_info.route.resource
        if resource is not None and resource.name in STATIC_ROUTES:
            folder = Path(resource.get_info()["directory"])
            wanted = folder / request.match_info.get("filename", "")
            if not request.match_info.get("filename", "").strip("/") or wanted.is_dir():
                raise web.HTTPNotFound(text="cardtable: not found\n")
        return await handler(request)

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.middlewares.extend((self.check_token, self.files_only))  # (the token first: refused before anything)
        app.router.add_static("/cardtable/", STATIC, name="cardtable_static")
        app.router.add_get("/favicon.ico", self.handle_favicon)
        return app

    async def handle_favicon(self, request: web.Request) -> web.FileResponse:
        """The tab's icon (browsers ask for it at this address; the page names it too)."""
        return web.FileResponse(STATIC / "favicon.ico", headers={"Content-Type": "image/x-icon"})

    # -- the page -------------------------------------------------------------------------
    def base_url(self, request: web.Request) -> str:
        """The public URL if one was given, else the address the browser used."""
        return self.given_public_url or f"{request.scheme}://{request.host}"

    @aiohttp_jinja2.template("app_index.html")
    async def handle_index(self, request: web.Request) -> dict[str, Any]:
        self.public_url = self.base_url(request).rstrip("/")
        context = await Server.handle_index.__wrapped__(self, request)  # type: ignore[attr-defined]
        ours = request.app.router["cardtable_static"].url_for(filename="/")
        context["cardtable_static"] = f"{self.public_url}{str(ours).rstrip('/')}/"
        return context

    # -- one tab --------------------------------------------------------------------------
    def new_app(self, request: web.Request, **kwargs: Any) -> AppProcess:
        """The app process for the tab of ``request`` (a subclass may run another command)."""
        return AppProcess(self.argv, **kwargs)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """As textual-serve's, with an :class:`AppProcess` that is tracked and always stopped."""
        websocket = web.WebSocketResponse(heartbeat=15)
        width = to_int(request.query.get("width", "80"), 80)
        height = to_int(request.query.get("height", "24"), 24)
        app: AppProcess | None = None
        try:
            await websocket.prepare(request)
            self.sockets.add(websocket)
            app = self.new_app(
                request,
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=websocket.close,
                download_manager=self.download_manager,
                debug=self.debug,
            )
            self.apps.add(app)
            await app.start(width, height)
            await self._process_messages(websocket, app)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception as error:  # a broken message: end this tab, keep serving
            log.warning("websocket ended: %s", error)
        finally:
            self.sockets.discard(websocket)
            if app is not None:
                await app.stop()
                self.apps.discard(app)
        return websocket

    async def on_startup(self, app: web.Application) -> None:
        """(textual-serve prints a banner here; ``cardtable serve`` prints its own lines.)"""

    async def on_shutdown(self, app: web.Application) -> None:
        """Close every tab's websocket and stop every app process."""
        for websocket in list(self.sockets):
            await websocket.close(code=1001, message=b"server stopped")
        await asyncio.gather(*(a.stop() for a in list(self.apps)), return_exceptions=True)

    # -- running --------------------------------------------------------------------------
    async def start(self) -> tuple[web.AppRunner, int]:
        """Listen; return the runner and the port (the real one when ``port`` is 0)."""
        runner = web.AppRunner(
            await self._make_app(), access_log=None, handle_signals=False, shutdown_timeout=QUIT_GRACE + 2
        )
        await runner.setup()
        site = web.TCPSite(runner, self.host, self.port)
        try:
            await site.start()
        except BaseException:
            await runner.cleanup()
            raise
        server = cast(asyncio.Server | None, site._server)  # an asyncio Server once started
        port = server.sockets[0].getsockname()[1] if server is not None and server.sockets else self.port
        return runner, port

    def run(self, on_listening: Callable[[int], None]) -> None:
        """Serve until Ctrl+C (SIGINT) or SIGTERM, then stop every app and return."""

        async def main() -> None:
            runner, port = await self.start()
            self.cookie = f"cardtable_token_{port}"
            stop = asyncio.Event()
            loop = asyncio.get_running_loop()
            for sig in (signal.SIGINT, signal.SIGTERM):
                loop.add_signal_handler(sig, stop.set)
            on_listening(port)
            try:
                await stop.wait()
            finally:
                await runner.cleanup()

        handler = logging.StreamHandler()
        handler.setFormatter(OneLineLog())
        logging.basicConfig(level=logging.WARNING, handlers=[handler])
        asyncio.run(main())


class OneLineLog(logging.Formatter):
    """``cardtable serve: <message>[: <the exception, in a line>]``: never a traceback, one line
    per record (a malformed request, refused by aiohttp's parser, is one line), at most 300 characters."""

    def format(self, record: logging.LogRecord) -> str:
        from ..core.names import visible

        text = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            text += f": {type(error).__name__}: {' '.join(str(error).split())}"
        line = visible(" ".join(text.split()))
        return f"cardtable serve: {line if len(line) <= 300 else line[:299] + '…'}"
