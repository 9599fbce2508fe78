"""``cardtable serve [--host H] [--port P] [--public-url URL]``: the app in a web browser.

Serves the same app to web browsers with textual-serve (``pip install
'cardtable[web]'``). It listens on 127.0.0.1 unless ``--host`` says otherwise,
makes a random token at every start and prints the one URL that carries it;
requests without it are refused. Each browser tab runs its own app process
(``python -m cardtable.web``) with this user's saves and statistics. Ctrl+C
stops the server and every app.
"""

from __future__ import annotations

import argparse
import sys

INSTALL_HINT = "cardtable serve needs the web extra: pip install 'cardtable[web]'"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1: this machine only)")
    parser.add_argument("--port", type=int, default=8000, help="the port (default 8000; 0 picks a free one)")
    parser.add_argument(
        "--public-url", metavar="URL",
        help="the address browsers reach the server at, when it is behind a proxy (default: the address the browser used)",
    )


def is_loopback(host: str) -> bool:
    """Whether every address ``host`` names is this machine's loopback."""
    import ipaddress
    import socket

    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        pass
    try:
        infos = socket.getaddrinfo(host, None)
    except OSError:
        return False
    return bool(infos) and all(ipaddress.ip_address(info[4][0].split("%")[0]).is_loopback for info in infos)


def browse_host(host: str) -> str:
    """The host to put in the printed URL: a wildcard address becomes this machine's name."""
    import socket

    if host in ("", "0.0.0.0", "::"):
        return socket.gethostname()
    return f"[{host}]" if ":" in host else host


def url_with_token(base: str, token: str) -> str:
    return f"{base.rstrip('/')}/?token={token}"


def run(args: argparse.Namespace) -> int:
    from .common import UsageError

    if not 0 <= args.port <= 65535:
        raise UsageError(f"--port must be between 0 and 65535, got {args.port}")
    if args.public_url and not args.public_url.startswith(("http://", "https://")):
        raise UsageError(f"--public-url must start with http:// or https://, got {args.public_url!r}")
    try:
        import aiohttp  # noqa: F401
        import textual_serve  # noqa: F401
    except ImportError:
        print(f"cardtable: error: {INSTALL_HINT}", file=sys.stderr)
        return 2

    import secrets

    from ..web.server import CardtableServer

    token = secrets.token_urlsafe(18)
    server = CardtableServer(args.host, args.port, token, public_url=args.public_url)

    def listening(port: int) -> None:
        base = args.public_url or f"http://{browse_host(args.host)}:{port}"
        if not is_loopback(args.host):
            print(
                f"warning: listening on {args.host}: anyone who has the URL can play and read this user's saved games",
                file=sys.stderr, flush=True,
            )
        print(f"cardtable is served at {url_with_token(base, token)}", flush=True)
        print("Open that URL in a browser; each tab is its own game. Ctrl+C stops the server.", flush=True)

    try:
        server.run(listening)
    except OSError as exc:
        print(f"cardtable: error: cannot listen on {args.host}:{args.port}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    print("cardtable serve: stopped", flush=True)
    return 0
