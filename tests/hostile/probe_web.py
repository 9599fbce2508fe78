"""The web server, probed from outside (see probing.py): a real ``cardtable serve``.

* With a valid token, every folder under ``/static/`` (however its path is written) is
  not found, never listed; its files are served.
* Each malformed request, without a token, is refused with at most one line on the
  server's terminal, never a traceback.
"""

from __future__ import annotations

import http.client
import socket
import sys
import time
import urllib.parse
from pathlib import Path

from probing import ROOT, Tally, escaped, user_dirs


def malformed_requests() -> list[tuple[str, bytes]]:
    """(label, bytes): requests aiohttp's parser refuses, or that carry no good token."""
    head = b"GET / HTTP/1.1\r\nHost: x\r\n"
    cases = [(f"header byte {b:#04x}", head + b"X-A: a" + bytes([b]) + b"b\r\n\r\n") for b in [*range(0, 9), 11, 12]]
    cases += [(f"header byte {b:#04x}", head + b"X-A: a" + bytes([b]) + b"b\r\n\r\n") for b in [*range(14, 32), 127]]
    cases += [(f"Content-Length {v!r}", head + b"Content-Length: " + v + b"\r\n\r\n") for v in (b"abc", b"-1", b"1 2")]
    cases += [("Content-Length of 30 digits", head + b"Content-Length: " + b"9" * 30 + b"\r\n\r\n")]
    cases += [("a bad chunk", b"POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n")]
    cases += [("a URL of 9,000 bytes", b"GET /?" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n")]
    cases += [("a header of 9,000 bytes", head + b"X-A: " + b"a" * 9000 + b"\r\n\r\n")]
    cases += [("a cookie of 9,000 bytes", head + b"Cookie: " + b"a=b; " * 1800 + b"\r\n\r\n")]
    cases += [("a method with a NUL", b"G\x00T / HTTP/1.1\r\nHost: x\r\n\r\n"), ("HTTP/9.9", b"GET / HTTP/9.9\r\n\r\n")]
    cases += [
        ("no version", b"GET /\r\n\r\n"),
        ("garbage", b"GARBAGE\r\n\r\n"),
        ("a TLS hello", b"\x16\x03\x01\x02\x00"),
    ]
    cases += [
        ("a URL byte 0xff", b"GET /\xff HTTP/1.1\r\nHost: x\r\n\r\n"),
        ("a cookie of 0xff", head + b"Cookie: \xff\r\n\r\n"),
    ]
    cases += [("a token of %zz", b"GET /?token=%zz HTTP/1.1\r\nHost: x\r\n\r\n"), ("a bare line", b"\r\n\r\n")]
    cases += [("a websocket without token", head + b"Upgrade: websocket\r\nConnection: Upgrade\r\n\r\n")]
    return cases


def static_paths(static: Path) -> list[tuple[str, str, bool]]:
    """(label, path, is a file): every folder under the static route, written several ways,
    and a file of each folder."""
    folders = [static, *sorted(p for p in static.rglob("*") if p.is_dir())]
    found = []
    for folder in folders:
        rel = folder.relative_to(static).as_posix()
        rel = "" if rel == "." else rel
        forms = {f"/static/{rel}/", f"/static/{rel}", f"/static/{rel}/.", f"/static/./{rel}/", f"/static//{rel}/"}
        forms |= {"/static/" + urllib.parse.quote(rel + "/", safe="")}
        found += [(f"folder {form}", form, False) for form in sorted(forms)]
        first = next((p for p in sorted(folder.iterdir()) if p.is_file()), None)
        if first is not None:
            found.append((f"file {first.name}", "/static/" + first.relative_to(static).as_posix(), True))
    return found


def probe_web(quick: bool = False) -> Tally:
    import textual_serve

    sys.path.insert(0, str(ROOT / "tests" / "web"))
    from webtab import start_server

    tally = Tally("the web server")
    with user_dirs():
        served = start_server()
        try:
            host, port = served.base.removeprefix("http://").split(":")
            static = Path(textual_serve.__file__).parent / "static"
            for label, path, is_file in static_paths(static):
                try:
                    problem = _static_problem(host, int(port), path, served.token, is_file)
                except BaseException as exc:  # noqa: BLE001 - a probe counts whatever escapes
                    problem = escaped(exc)
                tally.add(label, problem)
            for label, data in malformed_requests()[:: 3 if quick else 1]:
                try:
                    problem = _malformed_problem(served, host, int(port), data)
                except BaseException as exc:  # noqa: BLE001
                    problem = escaped(exc)
                tally.add(label, problem)
        finally:
            served.stop()
    return tally


def _static_problem(host: str, port: int, path: str, token: str, is_file: bool) -> str | None:
    connection = http.client.HTTPConnection(host, port, timeout=10)
    connection.request("GET", f"{path}?token={token}")
    response = connection.getresponse()
    body = response.read()
    connection.close()
    if is_file:
        return None if response.status == 200 and body else f"a file: status {response.status}"
    if response.status not in (403, 404):
        return f"status {response.status}: {body[:120]!r}"
    if b"Index of" in body or b"<a href" in body:
        return "a folder is listed"
    return None


def _malformed_problem(served, host: str, port: int, data: bytes) -> str | None:
    before = len(served.err.splitlines())
    answer = b""
    with socket.create_connection((host, port), timeout=5) as sock:
        sock.sendall(data)
        try:
            while b"\r\n\r\n" not in answer and (chunk := sock.recv(65536)):  # (the answer's head is enough)
                answer += chunk
        except (TimeoutError, ConnectionError):
            pass
    if answer and not answer.startswith(b"HTTP/"):  # (nothing at all: the server waits for a request)
        return f"not an HTTP answer: {answer[:80]!r}"
    end = time.monotonic() + 1.0
    lines = served.err.splitlines()[before:]
    while time.monotonic() < end and not lines:  # (the log line, if any, follows the answer)
        time.sleep(0.05)
        lines = served.err.splitlines()[before:]
    if len(lines) > 1 or any("Traceback" in line or not line.startswith("cardtable serve: ") for line in lines):
        return f"{len(lines)} lines on the server's terminal: {lines[:3]!r}"
    return None
