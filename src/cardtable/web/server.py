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
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import os
import signal
import sys
from pathlib import Path
from typing import Any, Callable

import aiohttp_jinja2
from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from . import WEB_ENV

log = logging.getLogger("cardtable.web")

#: cardtable's page (textual-serve's, with the keyboard going to the game at once).
TEMPLATES = Path(__file__).parent / "templates"
#: Seconds an app has to quit after its tab closes, before its group is killed.
QUIT_GRACE = 3.0
TOKEN_PARAM = "token"


def app_command() -> list[str]:
    """The command that runs one tab's app: this Python, this cardtable."""
    return [sys.executable, "-m", "cardtable.web"]


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
                except asyncio.TimeoutError:
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
            "cardtable", host=host, port=port, title="cardtable", public_url=public_url, templates_path=TEMPLATES,
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

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.middlewares.append(self.check_token)
        return app

    # -- the page -------------------------------------------------------------------------
    def base_url(self, request: web.Request) -> str:
        """The public URL if one was given, else the address the browser used."""
        return self.given_public_url or f"{request.scheme}://{request.host}"

    @aiohttp_jinja2.template("app_index.html")
    async def handle_index(self, request: web.Request) -> dict[str, Any]:
        self.public_url = self.base_url(request).rstrip("/")
        context = await Server.handle_index.__wrapped__(self, request)  # type: ignore[attr-defined]
        return context

    # -- one tab --------------------------------------------------------------------------
    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """As textual-serve's, with an :class:`AppProcess` that is tracked and always stopped."""
        websocket = web.WebSocketResponse(heartbeat=15)
        width = to_int(request.query.get("width", "80"), 80)
        height = to_int(request.query.get("height", "24"), 24)
        app: AppProcess | None = None
        try:
            await websocket.prepare(request)
            self.sockets.add(websocket)
            app = AppProcess(
                self.argv,
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
        runner = web.AppRunner(await self._make_app(), access_log=None, handle_signals=False, shutdown_timeout=QUIT_GRACE + 2)
        await runner.setup()
        site = web.TCPSite(runner, self.host, self.port)
        try:
            await site.start()
        except BaseException:
            await runner.cleanup()
            raise
        server = site._server  # an asyncio Server once started
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

        logging.basicConfig(level=logging.WARNING, format="cardtable serve: %(message)s")
        asyncio.run(main())
