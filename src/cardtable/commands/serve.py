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
import re
import sys

INSTALL_HINT = "cardtable serve needs the web extra: pip install 'cardtable[web]'"


#: A host name (RFC 1123 labels), when the address is not an IP address.
HOST_NAME = re.compile(
    r"(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?"
)


def listen_address(text: str) -> str:
    """An argparse type: an IP address, or a host name this machine can look up. Empty (which
    would listen on every interface) is refused: 0.0.0.0 says so on purpose."""
    import ipaddress
    import socket

    if not text.strip():
        raise argparse.ArgumentTypeError(
            "an address is needed (127.0.0.1: this machine only; 0.0.0.0: every interface)"
        )
    try:
        ipaddress.ip_address(text)
        return text
    except ValueError:
        pass
    if re.fullmatch(r"[0-9.]+|[0-9A-Fa-f:.%]*:[0-9A-Fa-f:.%]*", text):
        raise argparse.ArgumentTypeError(f"not an IP address: {text[:60]!r}")
    if not HOST_NAME.fullmatch(text):
        raise argparse.ArgumentTypeError(f"not an IP address nor a host name: {text[:60]!r}")
    try:
        socket.getaddrinfo(text, None)
    except (OSError, UnicodeError):
        raise argparse.ArgumentTypeError(f"no such host: {text[:60]!r}") from None
    return text


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from .common import bounded_int

    parser.add_argument(
        "--host",
        type=listen_address,
        default="127.0.0.1",
        help="the address to listen on (default 127.0.0.1: this machine only)",
    )
    parser.add_argument(
        "--port", type=bounded_int(0, 65535), default=8000, help="the port (default 8000; 0 picks a free one)"
    )
    parser.add_argument(
        "--public-url",
        metavar="URL",
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
    return bool(infos) and all(ipaddress.ip_address(str(info[4][0]).split("%")[0]).is_loopback for info in infos)


def browse_host(host: str) -> str:
    """The host to put in the printed URL: a wildcard address becomes this machine's name."""
    import socket

    if host in ("", "0.0.0.0", "::"):
        return socket.gethostname()
    return f"[{host}]" if ":" in host else host


def url_with_token(base: str, token: str) -> str:
    return f"{base.rstrip('/')}/?token={token}"


def run(args: argparse.Namespace) -> int:
    from ..core.osfile import reason
    from .common import UsageError, error_line

    if args.public_url is not None and not args.public_url.startswith(("http://", "https://")):
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
                file=sys.stderr,
                flush=True,
            )
        print(f"cardtable is served at {url_with_token(base, token)}", flush=True)
        print("Open that URL in a browser; each tab is its own game. Ctrl+C stops the server.", flush=True)

    try:
        server.run(listening)
    except OSError as exc:
        error_line(f"cardtable: error: cannot listen on {args.host}:{args.port}: {reason(exc)}")
        return 1
    print("cardtable serve: stopped", flush=True)
    return 0
