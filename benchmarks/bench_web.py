"""The app in a browser: ``python benchmarks/bench_web.py [--loads N] [--keys N] [--json]``.

Serves the app (``cardtable serve`` on a free loopback port, with temporary
user folders) and drives Debian's headless Chromium through Playwright, as
tests/web/test_serve_browser.py does (the helpers are shared with that test):

* **URL to menu**: from the page's navigation start to the animation frame
  after the websocket message that completes the menu (the whole menu on the
  screen, read by feeding the same messages to a terminal emulator). Each load
  is a new tab, so a new app process: this includes the app's start.
* **Key to screen**: from the browser's ``keydown`` to the animation frame
  after the first screen update that follows it (xterm.js paints the message
  in that frame), at a One-Card table on a human's turn, ← and → alternately
  (the card cursor moves). One key at a time, each after the last one's
  update has arrived and settled.

Times come from the page's own clock (``performance.now()``), recorded by a
script added before the page's. Prints the figures (median, p95); ``--json``
prints one JSON object. Needs the test extra and /usr/bin/chromium.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "web"))

#: Records, in the page, every keydown and every binary websocket message with
#: the animation frame after it.
PAGE_CLOCK = """
window.__bench = {keys: [], frames: []};
document.addEventListener("keydown", () => window.__bench.keys.push(performance.now()), true);
const NativeWebSocket = window.WebSocket;
window.WebSocket = function (...args) {
  const socket = new NativeWebSocket(...args);
  socket.addEventListener("message", (event) => {
    if (typeof event.data === "string") return;
    const frame = {at: performance.now(), painted: null};
    window.__bench.frames.push(frame);
    requestAnimationFrame(() => { frame.painted = performance.now(); });
  });
  return socket;
};
window.WebSocket.prototype = NativeWebSocket.prototype;
Object.assign(window.WebSocket, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
"""

MENU = ("One Too Many", "One-Card", "Shed", "Quit", "^p palette")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def figures(values: list[float]) -> dict:
    return {
        "n": len(values),
        "median": statistics.median(values),
        "p95": percentile(values, 0.95),
        "min": min(values),
        "max": max(values),
    }


class Counted:
    """A PageScreen that remembers after how many frames the menu was complete."""

    def __init__(self, page) -> None:
        from webtab import PageScreen

        self.screen = PageScreen(page)
        self.menu_at: int | None = None
        page.on("websocket", lambda ws: ws.on("framereceived", self._check))

    def _check(self, payload) -> None:
        if self.menu_at is None and isinstance(payload, bytes) and all(t in self.screen.text for t in MENU):
            self.menu_at = len(self.screen.received)


def url_to_menu(browser, url: str) -> float:
    page = browser.new_page(viewport={"width": 1100, "height": 720})
    page.add_init_script(PAGE_CLOCK)
    counted = Counted(page)
    page.goto(url)
    counted.screen.wait_for(*MENU)
    page.wait_for_function("window.__bench.frames.every(f => f.painted !== null)")
    frames = page.evaluate("window.__bench.frames")
    page.close()
    return frames[counted.menu_at - 1]["painted"]


def to_a_table(page, screen) -> None:
    """Menu → One-Card → start (seat 2 a computer) → wait for a human's turn."""
    screen.wait_for(*MENU)
    page.keyboard.press("ArrowDown")
    page.wait_for_timeout(200)
    page.keyboard.press("Enter")
    screen.wait_for("New game: One-Card")
    page.keyboard.press("Control+s")
    end = time.monotonic() + 60
    while time.monotonic() < end:
        screen.wait_for("Hand (")
        text = " ".join(screen.text.split())  # (the hint may wrap)
        if "Player 1 to play" in text and "a bright card" in text and "no card" not in text:
            return
        if "Player 1 to play" in text and ("press d to draw" in text or "press p to" in text):
            page.keyboard.press("d" if "press d to draw" in text else "p")
            screen.wait_for("Enter yes")
            page.keyboard.press("Enter")
            screen.wait_gone("Enter yes")
        page.wait_for_timeout(100)
    raise SystemExit("bench_web: never reached a human's turn with a playable card")


def key_to_screen(browser, url: str, keys: int) -> list[float]:
    from webtab import PageScreen

    page = browser.new_page(viewport={"width": 1100, "height": 720})
    page.add_init_script(PAGE_CLOCK)
    screen = PageScreen(page)
    page.goto(url)
    to_a_table(page, screen)
    page.wait_for_timeout(500)
    latencies = []
    for i in range(keys):
        before = page.evaluate("window.__bench.frames.length")
        page.keyboard.press("ArrowRight" if i % 2 == 0 else "ArrowLeft")
        page.wait_for_function(
            f"window.__bench.frames.length > {before} && window.__bench.frames[{before}].painted !== null"
        )
        page.wait_for_timeout(60)  # let the update's other messages (if any) arrive
        key_at = page.evaluate("window.__bench.keys[window.__bench.keys.length - 1]")
        painted = page.evaluate(f"window.__bench.frames[{before}].painted")
        latencies.append(painted - key_at)
    page.close()
    return latencies


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=7, help="page loads for URL to menu")
    parser.add_argument("--keys", type=int, default=60, help="key presses for key to screen")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)

    from webtab import chromium_missing, launch_chromium, start_server

    missing = chromium_missing()
    if missing:
        print(f"bench_web: {missing}", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    home = tempfile.mkdtemp(prefix="cardtable-bench-web-")
    for variable in ("XDG_STATE_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME"):
        os.environ[variable] = str(Path(home) / variable.lower())
    server = start_server()
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            url_to_menu(browser, server.url)  # warm-up: disk caches, Chromium's first page
            loads = [url_to_menu(browser, server.url) for _ in range(args.loads)]
            keys = key_to_screen(browser, server.url, args.keys)
            browser.close()
    finally:
        server.stop()
        server.kill()
    result = {
        "url_to_menu_ms": figures(loads),
        "key_to_screen_ms": figures(keys),
        "python": sys.version.split()[0],
        "cpus": os.cpu_count(),
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(f"cardtable in headless Chromium (Python {result['python']}, {result['cpus']} CPUs)")
        print("| figure | median | p95 | n |")
        print("|---|--:|--:|--:|")
        for label, key in (("URL to menu", "url_to_menu_ms"), ("key to screen", "key_to_screen_ms")):
            f = result[key]
            print(f"| {label} | {f['median']:.0f} ms | {f['p95']:.0f} ms | {f['n']} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
